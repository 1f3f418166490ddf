"""Properties of the notation engine over generated text and generated formulas."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from service.dice.notation import DEFAULT_LIMITS, DiceError, LimitExceeded, Limits, RollResult, parse, roll
from service.dice.notation.ast import Dice, Group, Negate, Node, Number, Product, Sum
from service.dice.stream import Stream

_NOTATION_CHARS = "0123456789dDkKhHlLrRoO!<>=+-*()% minaxvsMINADVS\t"


def _stream(nonce: int) -> Stream:
    return Stream(seed="fixed-seed", scope="test", nonce=nonce)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=60), st.text(alphabet=_NOTATION_CHARS, max_size=60)))
def test_any_text_either_rolls_or_raises_a_dice_error(text: str) -> None:
    try:
        result = roll(text, _stream(0))
    except DiceError:
        return
    assert result.text.endswith(f"= {result.total}")


@st.composite
def _dice_terms(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 8))
    sides = draw(st.integers(2, 20))
    modifiers = []
    # Only combinations that always finish well inside the default limits.
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["min", "max"]))
        low = 1 if kind == "min" else 2
        modifiers.append(f"{kind}{draw(st.integers(low, sides - 1 if kind == 'min' else sides))}")
    if draw(st.booleans()):
        modifiers.append(draw(st.sampled_from(["r1", "ro1", "r<2", "ro<3", "ro>=2"])))
    if draw(st.booleans()):
        modifiers.append(draw(st.sampled_from(["!", f"!{sides}", f"!>{sides - 1}"])))
    if draw(st.booleans()):
        modifiers.append(draw(st.sampled_from(["kh", "kl", "dh", "dl"])) + draw(st.sampled_from(["", "1", "2", "5"])))
    written = "".join(draw(st.permutations(modifiers)))
    if draw(st.booleans()):
        # Up front: after a bare "!" a comparison would be read as the explosion's condition.
        comparison = draw(st.sampled_from(["=", "<", ">", "<=", ">="])) + str(draw(st.integers(1, sides)))
        written = comparison + written
    if count == 1 and draw(st.booleans()):
        return f"d{sides}{written}{draw(st.sampled_from(['adv', 'dis']))}"
    return f"{count}d{sides}{written}"


_leaves = st.one_of(st.integers(0, 50).map(str), _dice_terms())
_formulas = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" + ", "-", " * "]), inner).map("".join),
        inner.map(lambda f: f"({f})"),
        inner.map(lambda f: f"-{f}"),
    ),
    max_leaves=6,
)


# Wide enough that no generated formula reaches it: the reference totals, unbounded.
_UNBOUNDED = Limits(max_value=10**60)


def _reference(node: Node, terms: Iterator[int], seen: list[int] | None = None) -> int:
    """Recompute a total from the tree, taking each dice term's value in order.

    `seen` collects every value on the way: each node's value and each running sum and product.
    """
    seen = [] if seen is None else seen
    if isinstance(node, Number):
        value = node.value
    elif isinstance(node, Dice):
        value = next(terms)
    elif isinstance(node, Negate):
        value = -_reference(node.operand, terms, seen)
    elif isinstance(node, Group):
        value = _reference(node.inner, terms, seen)
    elif isinstance(node, Sum):
        value = _reference(node.first, terms, seen)
        for op, operand in node.rest:
            other = _reference(operand, terms, seen)
            value = value + other if op == "+" else value - other
            seen.append(value)
    else:
        assert isinstance(node, Product)
        value = _reference(node.first, terms, seen)
        for operand in node.rest:
            value *= _reference(operand, terms, seen)
            seen.append(value)
    seen.append(value)
    return value


def _check_terms(result: RollResult) -> None:
    for term in result.dice:
        assert len(term.results) >= term.number
        for die in term.results:
            assert die.active != die.discarded
            assert not die.rerolled or die.discarded
            assert (die.success is None) == (term.successes is None)
            assert not die.success or die.active
        if term.successes is None:
            assert term.total == sum(die.result for die in term.results if die.active)
        else:
            assert term.total == term.successes == sum(1 for die in term.results if die.success)


@settings(max_examples=300, deadline=None)
@given(formula=_formulas, nonce=st.integers(0, 2**32))
def test_generated_formulas_total_their_active_dice(formula: str, nonce: int) -> None:
    stream = _stream(nonce)
    result = roll(formula, stream, _UNBOUNDED)  # a product of six leaves may pass maxValue: see below
    _check_terms(result)
    node = parse(formula)
    assert result.total == _reference(node, iter(term.total for term in result.dice))
    assert len(stream.draws) == sum(len(term.results) for term in result.dice)
    assert result.text.endswith(f" = {result.total}")
    assert str(parse(result.formula)) == result.formula


# Big literals and long chains, so that a good share of the formulas pass maxValue somewhere.
_wide_leaves = st.one_of(st.integers(10**4, 10**9).map(str), st.integers(0, 50).map(str), _dice_terms())


@st.composite
def _wide_formulas(draw: st.DrawFn) -> str:
    leaves = draw(st.lists(_wide_leaves, min_size=1, max_size=6))
    text = leaves[0]
    for leaf in leaves[1:]:
        op = draw(st.sampled_from([" * ", " + ", "-"]))
        text = draw(st.sampled_from([f"{text}{op}{leaf}", f"({text}){op}{leaf}", f"-({text}){op}{leaf}"]))
    return text


@settings(max_examples=300, deadline=None)
@given(formula=_wide_formulas(), nonce=st.integers(0, 2**32))
def test_any_formula_either_rolls_with_every_value_within_max_value_or_is_refused(formula: str, nonce: int) -> None:
    unbounded = roll(formula, _stream(nonce), _UNBOUNDED)
    seen: list[int] = []
    _reference(parse(formula), iter(term.total for term in unbounded.dice), seen)
    bound = DEFAULT_LIMITS.max_value
    try:
        result = roll(formula, _stream(nonce))
    except LimitExceeded as exc:
        assert exc.limit == "maxValue" and exc.maximum == bound
        assert abs(exc.value) > bound and exc.value in seen  # the first value past the bound, as computed
        assert all(abs(v) <= bound for v in seen[: seen.index(exc.value)])
        return
    assert all(abs(v) <= bound for v in seen)
    assert result == unbounded
