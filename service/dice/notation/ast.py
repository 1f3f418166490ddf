"""Formula nodes: small immutable values that print themselves back normalized.

`str(node)` is the canonical formula: lowercase, modifiers glued to their dice,
single spaces around binary operators, e.g. ` 4D6 KH3+2` -> `4d6kh3 + 2`.
Chains of `+ -` and of `*` are flat (`Sum`, `Product`) rather than nested binary
nodes, so a long `1+1+1+...` stays one level deep for every recursive walk.

A dice term remembers the dialect it was written in (`default`, or Foundry VTT's `foundry`)
and prints its modifiers in that dialect, so a formula reads back the way its author writes:
`4d6r1` is a recursive reroll in ours and a single one in Foundry's (`4d6ro1` / `4d6r1`).

Some nodes exist only in Foundry's dialect, the way Foundry v12/v13 defines them: Fate dice and
coins (`MappedDice`), a cap on rerolls and explosions (`r2=1`), counting even or odd results,
subtracting failures (`sf`) and the margin of success (`ms`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ComparisonOp = Literal["=", "<", ">", "<=", ">="]
Dialect = Literal["default", "foundry"]
_UNBOUNDED = 1 << 62  # beyond any die result (results are capped by maxNumber)


@dataclass(frozen=True, slots=True)
class Condition:
    """A test on one die's result; every condition is an interval `low <= result <= high`."""

    op: ComparisonOp
    value: int
    # The interval, derived once: the roller tests `low <= result <= high` per die.
    low: int = field(init=False, repr=False, compare=False)
    high: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        v = self.value
        low, high = {
            "=": (v, v),
            "<": (-_UNBOUNDED, v - 1),
            ">": (v + 1, _UNBOUNDED),
            "<=": (-_UNBOUNDED, v),
            ">=": (v, _UNBOUNDED),
        }[self.op]
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)

    def __str__(self) -> str:
        # reroll/explode print "=" bare (`r1`, `!6`), the way people type it.
        return str(self.value) if self.op == "=" else f"{self.op}{self.value}"


@dataclass(frozen=True, slots=True)
class Clamp:
    """`minN` / `maxN`: each die lands at least / at most N."""

    kind: Literal["min", "max"]
    value: int

    def __str__(self) -> str:
        return f"{self.kind}{self.value}"


def _capped(limit: int | None, condition: Condition) -> str:
    """Foundry's `N<cond>` with a cap of N (`2=1`), which always spells its operator; else the condition."""
    return str(condition) if limit is None else f"{limit}{condition.op}{condition.value}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """`r<cond>` rerolls while the condition holds; `ro<cond>` rerolls once.

    `limit` (Foundry's `r2=1`, only in its dialect) stops after that many rerolls of the term.
    """

    condition: Condition
    once: bool = False
    limit: int | None = None

    def __str__(self) -> str:
        return f"{'ro' if self.once else 'r'}{_capped(self.limit, self.condition)}"


@dataclass(frozen=True, slots=True)
class Explode:
    """`!` adds a die for each die on its top face; `!<cond>` on the condition instead.

    The added dice explode in turn; `once` (Foundry's `xo`) explodes only the dice rolled first.
    `limit` (Foundry's `x2=6`, only in its dialect) stops after that many explosions of the term.
    """

    condition: Condition | None = None
    once: bool = False
    limit: int | None = None

    def __str__(self) -> str:
        return "!" if self.condition is None else f"!{self.condition}"


@dataclass(frozen=True, slots=True)
class Keep:
    """`khN` `klN` keep, `dhN` `dlN` drop, the N highest / lowest active dice."""

    kind: Literal["kh", "kl", "dh", "dl"]
    count: int = 1

    def __str__(self) -> str:
        return f"{self.kind}{self.count}"


@dataclass(frozen=True, slots=True)
class CountSuccesses:
    """`>=8` written on a dice term: its value is the number of dice meeting it.

    `failures` (Foundry's `cf`) counts the same way but calls the dice that meet it failures.
    """

    condition: Condition
    failures: bool = False

    def __str__(self) -> str:
        # always with its operator: a bare `6` would glue onto the die size.
        return f"{self.condition.op}{self.condition.value}"


@dataclass(frozen=True, slots=True)
class CountParity:
    """Foundry's `even` / `odd`: the term's value is the number of active dice with an even / odd result."""

    kind: Literal["even", "odd"]

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class SubtractFailures:
    """Foundry's `sf<cond>`: a die meeting the condition is a failure and counts as minus its result.

    Bare `sf` takes failures to be 1s, the lowest face (Foundry's documented default).
    """

    condition: Condition

    def __str__(self) -> str:
        return f"sf{self.condition.op}{self.condition.value}"


@dataclass(frozen=True, slots=True)
class Margin:
    """Foundry's `ms<cond>N`: the term's value becomes its total minus N (`ms>N`, `ms>=N`, `ms=N`, `msN`),
    or N minus its total (`ms<N`, `ms<=N`)."""

    op: ComparisonOp | None
    value: int

    @property
    def failure(self) -> bool:
        """True when the margin is counted from below (`<`, `<=`): N minus the total."""
        return self.op in ("<", "<=")

    def __str__(self) -> str:
        return f"ms{self.op or ''}{self.value}"


Modifier = Clamp | Reroll | Explode | Keep | CountSuccesses | CountParity | SubtractFailures | Margin

# The order modifiers take effect (and print), whatever order they were written in.
STAGES: dict[type, int] = {
    Clamp: 0,
    Reroll: 1,
    Explode: 2,
    Keep: 3,
    CountSuccesses: 4,
    CountParity: 4,
    SubtractFailures: 4,
    Margin: 5,
}
# Modifiers that decide what a die counts for: at most one per term.
COUNTS = (CountSuccesses, CountParity, SubtractFailures)


def foundry_text(modifier: Modifier, sides: int, last: bool) -> str:
    """A modifier as Foundry VTT writes it (`rr1`, `r1`, `x`, `xo`, `cs>=8`, `cf=1`, `kh3`, `min2`).

    A bare `x` is spelled with its face (`x6`) when more modifiers follow: Foundry splits a
    term's modifiers at letters, so `xcs>=8` would lose the comparison.
    """
    if isinstance(modifier, Reroll):
        return f"{'r' if modifier.once else 'rr'}{_capped(modifier.limit, modifier.condition)}"
    if isinstance(modifier, Explode):
        word = "xo" if modifier.once else "x"
        if modifier.limit is not None:
            return f"{word}{_capped(modifier.limit, modifier.condition or Condition('=', sides))}"
        if modifier.condition is not None:
            return f"{word}{modifier.condition}"
        return word if last else f"{word}{sides}"
    if isinstance(modifier, CountSuccesses):
        return f"{'cf' if modifier.failures else 'cs'}{modifier.condition.op}{modifier.condition.value}"
    return str(modifier)


@dataclass(frozen=True, slots=True)
class Number:
    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice:
    """`NdM` plus its modifiers, kept in `STAGES` order (stable within a stage)."""

    count: int
    sides: int
    modifiers: tuple[Modifier, ...] = ()
    dialect: Dialect = "default"
    # Derived once so every roll of a cached node reuses it; not part of equality.
    text: str = field(init=False, repr=False, compare=False)
    modifier_texts: tuple[str, ...] = field(init=False, repr=False, compare=False)
    # min/max compose into one interval (each bound moves both ends); None when unclamped.
    clamp: tuple[int, int] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        clamp = None
        for m in self.modifiers:
            if isinstance(m, Clamp):
                bound = max if m.kind == "min" else min
                low, high = clamp or (-_UNBOUNDED, _UNBOUNDED)
                clamp = (bound(low, m.value), bound(high, m.value))
        object.__setattr__(self, "clamp", clamp)
        texts = tuple(str(m) for m in self.modifiers)
        if self.dialect == "foundry":
            end = len(self.modifiers) - 1
            texts = tuple(foundry_text(m, self.sides, i == end) for i, m in enumerate(self.modifiers))
        elif any(isinstance(m, CountSuccesses) for m in self.modifiers):
            # A bare `!` before a comparison would read back as an explosion
            # condition (`10d10!>=8`), so spell out the top face it means.
            texts = tuple(
                f"!{self.sides}" if isinstance(m, Explode) and m.condition is None else t
                for m, t in zip(self.modifiers, texts, strict=True)
            )
        object.__setattr__(self, "modifier_texts", texts)
        object.__setattr__(self, "text", f"{self.count}d{self.sides}{''.join(texts)}")

    @property
    def reachable(self) -> tuple[int, int]:
        """The lowest and highest result a die of this term can show, after clamping."""
        if self.clamp is None:
            return 1, self.sides
        low, high = self.clamp
        return min(max(1, low), high), min(max(self.sides, low), high)

    def __str__(self) -> str:
        return self.text


# Foundry's dice whose faces are not 1..N: a Fate die shows -1, 0 or +1; a coin 0 (tails) or 1 (heads).
MAPPED_SIDES: dict[str, int] = {"fate": 3, "coin": 2}
MAPPED_LETTERS: dict[str, str] = {"fate": "f", "coin": "c"}


@dataclass(frozen=True, slots=True)
class MappedDice(Dice):
    """Foundry's `NdF` (Fate / FUDGE) and `Ndc` (coins), in its dialect only.

    A die is drawn as a d3 (Fate) or d2 (coin) from the stream and its result is that face minus 2
    or minus 1, so the audit record's draws recompute it. `sides` is 3 or 2, as Foundry's `faces`.
    Fate dice take keep and drop; a coin takes `c0` / `c1` (call tails / heads: count the coins that
    show it), which is a `CountSuccesses` on the result.
    """

    kind: Literal["fate", "coin"] = "fate"

    def __post_init__(self) -> None:
        object.__setattr__(self, "clamp", None)
        texts = tuple(
            f"c{m.condition.value}" if isinstance(m, CountSuccesses) else foundry_text(m, self.sides, True)
            for m in self.modifiers
        )
        object.__setattr__(self, "modifier_texts", texts)
        object.__setattr__(self, "text", f"{self.count}d{MAPPED_LETTERS[self.kind]}{''.join(texts)}")

    @property
    def offset(self) -> int:
        """What is added to a drawn face to give the die's result."""
        return -2 if self.kind == "fate" else -1


@dataclass(frozen=True, slots=True)
class Negate:
    operand: Node

    def __str__(self) -> str:
        return f"-{self.operand}"


@dataclass(frozen=True, slots=True)
class Group:
    """Parentheses as written, so the normalized formula keeps them."""

    inner: Node

    def __str__(self) -> str:
        return f"({self.inner})"


@dataclass(frozen=True, slots=True)
class Sum:
    """`first (+|-) rest...`, evaluated left to right."""

    first: Node
    rest: tuple[tuple[Literal["+", "-"], Node], ...]

    def __str__(self) -> str:
        return str(self.first) + "".join(f" {op} {node}" for op, node in self.rest)


@dataclass(frozen=True, slots=True)
class Product:
    first: Node
    rest: tuple[Node, ...]

    def __str__(self) -> str:
        return str(self.first) + "".join(f" * {node}" for node in self.rest)


Node = Number | Dice | Negate | Group | Sum | Product
