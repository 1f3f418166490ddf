"""Text -> `Node`: a hand-written scanner and a recursive-descent parser.

    expr    := product (("+" | "-") product)*
    product := unary ("*" unary)*
    unary   := "-" unary | primary
    primary := "(" expr ")" | dice | NUMBER
    dice    := [NUMBER] "d" (NUMBER | "%") modifier*

Case-insensitive; whitespace may sit between any two tokens. Positions in errors
are 0-based character offsets into the text as given.

Foundry VTT's dialect (`dialect="foundry"`) reads the same grammar with Foundry's (v12, v13)
modifier words added: `x` / `xo` explode (recursively / once), `r` rerolls once and `rr`
recursively, either capped with a count before the condition (`r2=1`: at most two rerolls of
1s; `x1>=5`: at most one explosion), `cs` / `cf` count successes / failures (`cs` alone: the top
face; `cf` alone: a 1), `k` / `d` keep the highest / drop the lowest (`kh` / `dl`), `even` /
`odd` count even / odd results, `sf` subtracts failures (alone: 1s), `ms` takes the margin of
success. It also reads Fate dice (`4dF`) and coins (`2dc`, called with `c1` heads / `c0` tails).
Foundry's `df` modifier (deduct failures) is refused by name. The default dialect is unchanged:
there `r` rerolls recursively and those words are errors.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, TypeVar, cast

from service.dice.notation.ast import (
    COUNTS,
    MAPPED_SIDES,
    STAGES,
    Clamp,
    ComparisonOp,
    Condition,
    CountParity,
    CountSuccesses,
    Dialect,
    Dice,
    Explode,
    Group,
    Keep,
    MappedDice,
    Margin,
    Modifier,
    Negate,
    Node,
    Number,
    Product,
    Reroll,
    SubtractFailures,
    Sum,
    foundry_text,
)
from service.dice.notation.errors import LimitExceeded, NotationError
from service.dice.notation.limits import DEFAULT_LIMITS, Limits
from service.dice.notation.tree import expression_tree

# (kind, value, position, raw text); kind is the keyword/symbol itself, or "num" / "end".
Token = tuple[str, int, int, str]
# A token's kind is plain text; where the parser has checked it, a cast names what it now is.
_KeepKind = Literal["kh", "kl", "dh", "dl"]
_ClampKind = Literal["min", "max"]
_ParityKind = Literal["even", "odd"]
_MappedKind = Literal["fate", "coin"]
_MAPPED: dict[str, _MappedKind] = {"df": "fate", "dc": "coin"}
_SumOp = Literal["+", "-"]
_Default = TypeVar("_Default", Condition, None)

# Longest first where one is a prefix of another ("ro" before "r", "dh" before "d").
_KEYWORDS = ("adv", "dis", "min", "max", "kh", "kl", "dh", "dl", "ro", "r", "d")
# `df` / `dc` before `d`: they name Fate dice and coins (`4df`), or, after a die, Foundry's `df` modifier.
_FOUNDRY_KEYWORDS = (
    "adv", "dis", "min", "max", "kh", "kl", "dh", "dl", "df", "dc", "xo", "x", "rr", "ro", "r",
    "cs", "cf", "c", "ms", "sf", "even", "odd", "k", "d",
)  # fmt: skip
_WORDS: dict[Dialect, tuple[str, ...]] = {"default": _KEYWORDS, "foundry": _FOUNDRY_KEYWORDS}
_SYMBOLS = frozenset("+-*()%!")
_SPACE = frozenset(" \t\r\n")
_DIGITS = frozenset("0123456789")
_COMPARISONS = frozenset(("=", "<", ">", "<=", ">="))


def _tokenize(text: str, limits: Limits, dialect: Dialect = "default") -> list[Token]:
    if not text.isascii():
        at = next(i for i, c in enumerate(text) if not c.isascii())
        raise NotationError(f"unexpected character {text[at]!r}", at)
    text = text.lower()  # ASCII only, so offsets survive lowercasing
    keywords = _WORDS[dialect]
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
            for word in keywords:
                if text.startswith(word, i):
                    tokens.append((word, 0, i, word))
                    i += len(word)
                    break
            else:
                hint = " (Foundry's modifiers need the foundry dialect)" if dialect == "default" and c in "xcefkmos" else ""
                raise NotationError(f"unexpected character {c!r}{hint}", i)
    tokens.append(("end", 0, n, ""))
    return tokens


def _describe(token: Token) -> str:
    return "the end of the formula" if token[0] == "end" else repr(token[3])


class _Parser:
    __slots__ = ("_tokens", "_at", "_depth", "_limits", "_dialect")

    def __init__(self, tokens: list[Token], limits: Limits, dialect: Dialect = "default") -> None:
        self._tokens = tokens
        self._at = 0
        self._depth = 0
        self._limits = limits
        self._dialect = dialect

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
        if kind == "num" and self._tokens[self._at + 1][0] not in ("d", "df", "dc"):
            return Number(self._take()[1])
        if kind in ("num", "d", "df", "dc"):
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
        mapped = _MAPPED.get(self._take()[0])  # "d", or Foundry's Fate die / coin
        sides_token = self._peek()
        if mapped is not None:
            sides = MAPPED_SIDES[mapped]
        elif sides_token[0] == "%":
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
            foundry = self._dialect == "foundry"
            if kind in ("kh", "kl", "dh", "dl") or (foundry and kind in ("k", "d")):
                self._take()
                keep = self._take()[1] if self._peek()[0] == "num" else 1
                # Foundry's bare `k` keeps the highest, its bare `d` drops the lowest.
                word = {"k": "kh", "d": "dl"}.get(kind, kind)
                modifiers.append((Keep(cast(_KeepKind, word), keep), token[2]))
            elif kind in ("r", "ro", "rr"):
                self._take()
                limit = self._limit() if foundry else None
                # Foundry's bare `r` rerolls 1s; ours always names its condition.
                condition = self._optional_condition(kind, Condition("=", 1)) if foundry else self._condition(kind)
                modifiers.append((Reroll(condition, kind == "ro" or (kind == "r" and foundry), limit), token[2]))
            elif kind in ("!", "x", "xo"):
                self._take()
                limit = self._limit() if kind != "!" else None  # with a cap, a condition always follows
                modifiers.append((Explode(self._optional_condition(kind, None), kind == "xo", limit), token[2]))
            elif kind in ("cs", "cf", "cmp") and mapped is not None:
                raise NotationError(f"{token[3]!r} is not available here: {_MAPPED_MODIFIERS[mapped][1]}", token[2])
            elif kind in ("cs", "cf"):
                self._take()
                # Foundry's defaults: a success is the top face, a failure a 1.
                condition = self._optional_condition(kind, Condition("=", sides if kind == "cs" else 1))
                modifiers.append((CountSuccesses(condition, kind == "cf"), token[2]))
            elif kind in ("even", "odd"):
                self._take()
                modifiers.append((CountParity(cast(_ParityKind, kind)), token[2]))
            elif kind == "sf":
                self._take()
                modifiers.append((SubtractFailures(self._optional_condition(kind, Condition("=", 1))), token[2]))
            elif kind == "ms":
                self._take()
                op = cast(ComparisonOp, self._take()[3]) if self._peek()[0] == "cmp" else None
                modifiers.append((Margin(op, self._number(f"ms{op or ''}")), token[2]))
            elif kind == "c":
                self._take()
                call = self._number("c")
                if mapped != "coin":
                    raise NotationError("'c' (calling a coin) applies to coins only, like '2dcc1'", token[2])
                if call not in (0, 1):
                    raise NotationError("a coin is called 'c1' (heads) or 'c0' (tails)", token[2])
                modifiers.append((CountSuccesses(Condition("=", call)), token[2]))
            elif kind == "df":
                raise NotationError("Foundry's 'df' modifier (deduct failures) is not supported", token[2])
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
        if mapped is not None:
            return _mapped(count, mapped, ordered)
        dice = Dice(count, sides, tuple(m for m, _ in ordered), self._dialect)
        _check_modifiers(dice, ordered)
        return dice

    def _limit(self) -> int | None:
        """Foundry's cap before a condition (`r2=1`, `x1>=5`): a number followed by a comparison."""
        if self._peek()[0] == "num" and self._tokens[self._at + 1][0] == "cmp":
            return self._take()[1]
        return None

    def _optional_condition(self, after: str, default: _Default) -> Condition | _Default:
        return self._condition(after) if self._peek()[0] in ("num", "cmp") else default

    def _condition(self, after: str) -> Condition:
        token = self._peek()
        if token[0] == "num":
            return Condition("=", self._take()[1])
        if token[0] == "cmp":
            self._take()
            return Condition(cast(ComparisonOp, token[3]), self._number(token[3]))
        raise self._fail(f"a condition (like '1' or '<3') after {after!r}")


_MAPPED_MODIFIERS: dict[str, tuple[type, str]] = {
    "fate": (Keep, "Fate dice take only keep and drop ('kh', 'kl', 'dh', 'dl', 'k', 'd')"),
    "coin": (CountSuccesses, "coins take only a call ('c1' heads, 'c0' tails)"),
}


def _mapped(count: int, kind: _MappedKind, modifiers: list[tuple[Modifier, int]]) -> MappedDice:
    allowed, rule = _MAPPED_MODIFIERS[kind]
    for modifier, at in modifiers:
        if type(modifier) is not allowed:
            raise NotationError(f"'{foundry_text(modifier, MAPPED_SIDES[kind], True)}' is not available here: {rule}", at)
    if kind == "coin" and len(modifiers) > 1:
        raise NotationError("a coin is called once", modifiers[1][1])
    return MappedDice(count, MAPPED_SIDES[kind], tuple(m for m, _ in modifiers), "foundry", kind)


def _check_modifiers(dice: Dice, modifiers: list[tuple[Modifier, int]]) -> None:
    """Reject modifiers that are ambiguous or could never finish (each with its position)."""
    low, high = dice.reachable
    seen: set[type] = set()
    for modifier, at in modifiers:
        kind = type(modifier)
        if kind in (Explode, CountSuccesses, Margin) and kind in seen:
            what = {Explode: "explosion", CountSuccesses: "success comparison", Margin: "margin of success"}[kind]
            raise NotationError(f"only one {what} per dice term", at)
        if kind in COUNTS and any(other in seen for other in COUNTS):
            text = foundry_text(modifier, dice.sides, True) if dice.dialect == "foundry" else str(modifier)
            raise NotationError(f"'{text}' cannot join another count on the same dice (one of cs, cf, even, odd, sf)", at)
        seen.add(kind)
        endless: Condition | None = None
        if isinstance(modifier, Reroll) and not modifier.once and modifier.limit is None:
            endless = modifier.condition
        elif isinstance(modifier, Explode) and not modifier.once and modifier.limit is None:
            endless = modifier.condition or Condition("=", dice.sides)
        if endless is not None and endless.low <= low and high <= endless.high:
            raise NotationError(
                f"'{modifier}' matches every result this d{dice.sides} can show, so it would never end", at
            )


# What one parse gives the roller: the node, its normalized formula and its expression tree.
Compiled = tuple[Node, str, tuple[dict[str, Any], ...]]


@lru_cache(maxsize=1024)
def _compile(text: str, limits: Limits, dialect: Dialect = "default") -> Compiled:
    # Nodes are immutable, so one parse (and its printed formula and tree) serves every roll of the text.
    node = _Parser(_tokenize(text, limits, dialect), limits, dialect).parse()
    return node, str(node), expression_tree(node)


@lru_cache(maxsize=1024)
def _compile_default(text: str) -> Compiled:
    return _compile.__wrapped__(text, DEFAULT_LIMITS)


def compile_formula(text: str, limits: Limits = DEFAULT_LIMITS, dialect: Dialect = "default") -> Compiled:
    """`parse` plus the normalized formula and the expression tree, all cached: the roller's entry point."""
    # Checked before the cache so an over-long text is never hashed or stored.
    if len(text) > limits.max_length:
        raise LimitExceeded("maxLength", limits.max_length, len(text))
    if limits is DEFAULT_LIMITS and dialect == "default":  # skips hashing the Limits on the common path
        return _compile_default(text)
    return _compile(text, limits, dialect)


def parse_with_formula(text: str, limits: Limits = DEFAULT_LIMITS, dialect: Dialect = "default") -> tuple[Node, str]:
    """`parse` plus the normalized formula."""
    node, formula, _ = compile_formula(text, limits, dialect)
    return node, formula


def parse(text: str, limits: Limits = DEFAULT_LIMITS, dialect: Dialect = "default") -> Node:
    """`parse(" 4D6 KH3+2")` -> `Sum(Dice(4, 6, (Keep('kh', 3),)), (('+', Number(2)),))`."""
    return compile_formula(text, limits, dialect)[0]
