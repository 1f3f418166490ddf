"""Text -> `Node`: a hand-written scanner and a recursive-descent parser.

    expr    := product (("+" | "-") product)*
    product := unary ("*" unary)*
    unary   := "-" unary | primary
    primary := "(" expr ")" | dice | NUMBER
    dice    := [NUMBER] "d" (NUMBER | "%") modifier*

Case-insensitive; whitespace may sit between any two tokens. Positions in errors
are 0-based character offsets into the text as given.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, cast

from service.dice.notation.ast import (
    STAGES,
    Clamp,
    ComparisonOp,
    Condition,
    CountSuccesses,
    Dice,
    Explode,
    Group,
    Keep,
    Modifier,
    Negate,
    Node,
    Number,
    Product,
    Reroll,
    Sum,
)
from service.dice.notation.errors import LimitExceeded, NotationError
from service.dice.notation.limits import DEFAULT_LIMITS, Limits

# (kind, value, position, raw text); kind is the keyword/symbol itself, or "num" / "end".
Token = tuple[str, int, int, str]
# A token's kind is plain text; where the parser has checked it, a cast names what it now is.
_KeepKind = Literal["kh", "kl", "dh", "dl"]
_ClampKind = Literal["min", "max"]
_SumOp = Literal["+", "-"]

# Longest first where one is a prefix of another ("ro" before "r", "dh" before "d").
_KEYWORDS = ("adv", "dis", "min", "max", "kh", "kl", "dh", "dl", "ro", "r", "d")
_SYMBOLS = frozenset("+-*()%!")
_SPACE = frozenset(" \t\r\n")
_DIGITS = frozenset("0123456789")
_COMPARISONS = frozenset(("=", "<", ">", "<=", ">="))


def _tokenize(text: str, limits: Limits) -> list[Token]:
    if not text.isascii():
        at = next(i for i, c in enumerate(text) if not c.isascii())
        raise NotationError(f"unexpected character {text[at]!r}", at)
    text = text.lower()  # ASCII only, so offsets survive lowercasing
    max_digits = len(str(limits.max_number))
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in _SPACE:
            i += 1
        elif c in _DIGITS:
            j = i + 1
            while j < n and text[j] in _DIGITS:
                j += 1
            # Count significant digits before int(): a 10**5-digit literal must not be converted.
            if len(text[i:j].lstrip("0")) > max_digits:
                raise LimitExceeded("maxNumber", limits.max_number, None)
            value = int(text[i:j])
            if value > limits.max_number:
                raise LimitExceeded("maxNumber", limits.max_number, value)
            tokens.append(("num", value, i, text[i:j]))
            i = j
        elif c in _SYMBOLS:
            tokens.append((c, 0, i, c))
            i += 1
        elif c in "<>=":
            op = text[i : i + 2] if text[i : i + 2] in _COMPARISONS else c
            tokens.append(("cmp", 0, i, op))
            i += len(op)
        else:
            for word in _KEYWORDS:
                if text.startswith(word, i):
                    tokens.append((word, 0, i, word))
                    i += len(word)
                    break
            else:
                raise NotationError(f"unexpected character {c!r}", i)
    tokens.append(("end", 0, n, ""))
    return tokens


def _describe(token: Token) -> str:
    return "the end of the formula" if token[0] == "end" else repr(token[3])


class _Parser:
    __slots__ = ("_tokens", "_at", "_depth", "_limits")

    def __init__(self, tokens: list[Token], limits: Limits) -> None:
        self._tokens = tokens
        self._at = 0
        self._depth = 0
        self._limits = limits

    def _peek(self) -> Token:
        return self._tokens[self._at]

    def _take(self) -> Token:
        token = self._tokens[self._at]
        self._at += 1
        return token

    def _fail(self, expected: str) -> NotationError:
        token = self._peek()
        return NotationError(f"expected {expected} but found {_describe(token)}", token[2])

    def _enter(self) -> None:
        self._depth += 1
        if self._depth > self._limits.max_depth:
            raise LimitExceeded("maxDepth", self._limits.max_depth, self._depth)

    def parse(self) -> Node:
        node = self._sum()
        if self._peek()[0] != "end":
            raise self._fail("an operator or the end of the formula")
        return node

    def _sum(self) -> Node:
        first = self._product()
        rest: list[tuple[_SumOp, Node]] = []
        while self._peek()[0] in ("+", "-"):
            op = cast(_SumOp, self._take()[0])
            rest.append((op, self._product()))
        return Sum(first, tuple(rest)) if rest else first

    def _product(self) -> Node:
        first = self._unary()
        rest: list[Node] = []
        while self._peek()[0] == "*":
            self._take()
            rest.append(self._unary())
        return Product(first, tuple(rest)) if rest else first

    def _unary(self) -> Node:
        if self._peek()[0] != "-":
            return self._primary()
        self._take()
        self._enter()
        node = Negate(self._unary())
        self._depth -= 1
        return node

    def _primary(self) -> Node:
        kind = self._peek()[0]
        if kind == "(":
            self._take()
            self._enter()
            inner = self._sum()
            if self._peek()[0] != ")":
                raise self._fail("')'")
            self._take()
            self._depth -= 1
            return Group(inner)
        if kind == "num" and self._tokens[self._at + 1][0] != "d":
            return Number(self._take()[1])
        if kind in ("num", "d"):
            return self._dice()
        raise self._fail("a number, a die or '('")

    def _number(self, after: str) -> int:
        if self._peek()[0] != "num":
            raise self._fail(f"a number after {after!r}")
        return self._take()[1]

    def _dice(self) -> Dice:
        start = self._peek()
        count = self._take()[1] if start[0] == "num" else 1
        if count < 1:
            raise NotationError("a dice term needs at least 1 die", start[2])
        self._take()  # "d"
        sides_token = self._peek()
        if sides_token[0] == "%":
            self._take()
            sides = 100
        else:
            sides = self._number("d")
            if sides < 1:
                raise NotationError("a die needs at least 1 side", sides_token[2])
            if sides > self._limits.max_sides:
                raise LimitExceeded("maxSides", self._limits.max_sides, sides)
        modifiers: list[tuple[Modifier, int]] = []
        advantage: Token | None = None
        while True:
            token = self._peek()
            kind = token[0]
            if kind in ("kh", "kl", "dh", "dl"):
                self._take()
                keep = self._take()[1] if self._peek()[0] == "num" else 1
                modifiers.append((Keep(cast(_KeepKind, kind), keep), token[2]))
            elif kind in ("r", "ro"):
                self._take()
                modifiers.append((Reroll(self._condition(kind), kind == "ro"), token[2]))
            elif kind == "!":
                self._take()
                at = self._peek()[0]
                condition = self._condition("!") if at in ("num", "cmp") else None
                modifiers.append((Explode(condition), token[2]))
            elif kind in ("min", "max"):
                self._take()
                modifiers.append((Clamp(cast(_ClampKind, kind), self._number(kind)), token[2]))
            elif kind == "cmp":
                self._take()
                op = cast(ComparisonOp, token[3])
                modifiers.append((CountSuccesses(Condition(op, self._number(op))), token[2]))
            elif kind in ("adv", "dis"):
                if advantage is not None:
                    raise NotationError(f"{kind!r} cannot follow {advantage[3]!r} on the same dice", token[2])
                if count != 1:
                    raise NotationError(f"{kind!r} needs exactly one die (like 'd20{kind}'), not {count}", token[2])
                self._take()
                advantage = token
                modifiers.append((Keep("kh" if kind == "adv" else "kl", 1), token[2]))
            else:
                break
        if advantage is not None:
            count = 2  # d20adv is 2d20kh1: roll two, keep one
        ordered = sorted(modifiers, key=lambda pair: STAGES[type(pair[0])])
        dice = Dice(count, sides, tuple(m for m, _ in ordered))
        _check_modifiers(dice, ordered)
        return dice

    def _condition(self, after: str) -> Condition:
        token = self._peek()
        if token[0] == "num":
            return Condition("=", self._take()[1])
        if token[0] == "cmp":
            self._take()
            return Condition(cast(ComparisonOp, token[3]), self._number(token[3]))
        raise self._fail(f"a condition (like '1' or '<3') after {after!r}")


def _check_modifiers(dice: Dice, modifiers: list[tuple[Modifier, int]]) -> None:
    """Reject modifiers that are ambiguous or could never finish (each with its position)."""
    low, high = dice.reachable
    seen: set[type] = set()
    for modifier, at in modifiers:
        kind = type(modifier)
        if kind in (Explode, CountSuccesses) and kind in seen:
            what = "explosion" if kind is Explode else "success comparison"
            raise NotationError(f"only one {what} per dice term", at)
        seen.add(kind)
        endless: Condition | None = None
        if isinstance(modifier, Reroll) and not modifier.once:
            endless = modifier.condition
        elif isinstance(modifier, Explode):
            endless = modifier.condition or Condition("=", dice.sides)
        if endless is not None and endless.low <= low and high <= endless.high:
            raise NotationError(
                f"'{modifier}' matches every result this d{dice.sides} can show, so it would never end", at
            )


@lru_cache(maxsize=1024)
def _compile(text: str, limits: Limits) -> tuple[Node, str]:
    # Nodes are immutable, so one parse (and its printed formula) serves every roll of the text.
    node = _Parser(_tokenize(text, limits), limits).parse()
    return node, str(node)


@lru_cache(maxsize=1024)
def _compile_default(text: str) -> tuple[Node, str]:
    return _compile.__wrapped__(text, DEFAULT_LIMITS)


def parse_with_formula(text: str, limits: Limits = DEFAULT_LIMITS) -> tuple[Node, str]:
    """`parse` plus the normalized formula, both cached: the roller's entry point."""
    # Checked before the cache so an over-long text is never hashed or stored.
    if len(text) > limits.max_length:
        raise LimitExceeded("maxLength", limits.max_length, len(text))
    if limits is DEFAULT_LIMITS:  # skips hashing the Limits on the common path
        return _compile_default(text)
    return _compile(text, limits)


def parse(text: str, limits: Limits = DEFAULT_LIMITS) -> Node:
    """`parse(" 4D6 KH3+2")` -> `Sum(Dice(4, 6, (Keep('kh', 3),)), (('+', Number(2)),))`."""
    return parse_with_formula(text, limits)[0]
