"""The dice notation's exact odds: numbers worked by hand, and the real roller agreeing with them."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from support.odds import assert_agrees, sampled

from service.dice.notation import LimitExceeded, Limits, NotationError, roll
from service.dice.notation.exact import Budget, OddsLimits, Weights
from service.dice.notation.limits import DEFAULT_LIMITS
from service.dice.notation.odds import _weights, expression_odds
from service.dice.notation.parser import compile_formula
from service.dice.notation.pool_odds import _ranked
from service.dice.notation.term_odds import forget_shapes
from service.dice.odds import Distribution, OddsTooCostly
from service.systems.dice.mechanics import fulfill, fulfill_odds
from service.systems.dice.models import DiceFulfillInput


def total(expression: str, **kwargs: object) -> Distribution:
    return expression_odds(expression, **kwargs)["total"]  # type: ignore[arg-type]


def test_three_d6_meets_eleven_exactly_half_the_time() -> None:
    assert total("3d6").at_least(11) == Fraction(1, 2)


def test_the_higher_of_two_d20_meets_eleven_three_times_in_four() -> None:
    assert total("2d20kh1").at_least(11) == Fraction(3, 4)
    assert total("d20adv").chances == total("2d20kh1").chances  # advantage is 2d20kh1


def test_four_d6_keep_three_has_the_mean_15869_over_1296() -> None:
    assert total("4d6kh3").mean() == Fraction(15869, 1296)
    assert total("4d6dl1").chances == total("4d6kh3").chances


def test_disadvantage_is_the_lower_die() -> None:
    # P(min of two d20 >= 11) = (10/20)^2
    assert total("d20dis").at_least(11) == Fraction(1, 4)
    assert total("2d20kl1+5").at_least(16) == Fraction(1, 4)


def test_arithmetic_combines_independent_terms() -> None:
    d = total("2d6*1d4-3")
    assert d.probability(12 * 4 - 3) == Fraction(1, 36) * Fraction(1, 4)  # 12 on 2d6 and 4 on the d4
    assert d.probability(8 - 3) == Fraction(1 + 3 + 5, 36 * 4)  # 8 is 2x4, 4x2 or 8x1
    assert d.mean() == 7 * Fraction(5, 2) - 3
    assert total("-(1d4)").probability(-4) == Fraction(1, 4)


def _spent(expression: str) -> int:
    budget = Budget()
    _weights(compile_formula(expression, DEFAULT_LIMITS, "default")[0], DEFAULT_LIMITS, budget)
    return budget.spent


@pytest.mark.parametrize(
    ("expression", "dice", "shift", "steps"),
    [("1d20+5", "1d20", 5, 1), ("5+1d20", "1d20", 5, 1), ("2d6-3", "2d6", -3, 1), ("2d20kh1+0", "2d20kh1", 0, 1), ("4d6kh3+2-2+7", "4d6kh3", 7, 3)],
)
def test_adding_a_constant_moves_every_value_and_charges_the_work_it_stands_for(expression: str, dice: str, shift: int, steps: int) -> None:
    plain, moved = total(dice), total(expression)
    assert dict(moved.chances) == {value + shift: p for value, p in plain.chances}
    # Each step is charged as the convolution it stands for: the running values times the constant's one.
    assert _spent(expression) == _spent(dice) + steps * len(plain.outcomes)


def test_a_die_of_one_face_is_a_constant_too() -> None:
    assert dict(total("1d1+1d6").chances) == {value: Fraction(1, 6) for value in range(2, 8)}
    assert _spent("1d1+1d6") == _spent("1d1") + _spent("1d6") + 6


def test_taking_dice_from_a_constant_is_still_convolved() -> None:
    d = total("3-1d4")
    assert dict(d.chances) == {-1: Fraction(1, 4), 0: Fraction(1, 4), 1: Fraction(1, 4), 2: Fraction(1, 4)}


def test_success_counting_is_binomial() -> None:
    d = total("10d10>=8")  # each die succeeds 3 times in 10
    assert d.probability(0) == Fraction(7, 10) ** 10
    assert d.mean() == 3


def test_reroll_until_missing_leaves_the_other_faces_even() -> None:
    d = total("1d6r1")
    assert d.chances == tuple((face, Fraction(1, 5)) for face in range(2, 7))
    # the term refuses past maxRerolls (100): 101 ones in a row
    assert expression_odds("1d6r1")["answered"].probability("refused") == Fraction(1, 6**101)


def test_reroll_once_keeps_the_new_face() -> None:
    assert total("1d6ro1").probability(1) == Fraction(1, 36)
    assert total("1d6ro1").probability(2) == Fraction(1, 6) + Fraction(1, 36)


def test_an_exploding_die_adds_the_next_draw_and_stops_at_the_cap() -> None:
    d = total("1d6!")
    assert d.probability(7) == Fraction(1, 36) / (1 - Fraction(1, 6**101))
    assert d.probability(6) == 0 and d.probability(12) == 0
    answered = expression_odds("1d2!")["answered"]
    assert answered.probability("refused") == Fraction(1, 2**101)  # the 101st explosion is refused


def test_clamps_apply_before_the_explosion() -> None:
    assert total("2d6min3").probability(6) == Fraction(3, 6) ** 2  # both dice show 1, 2 or 3
    assert total("1d6max4!").chances == ((1, Fraction(1, 6)), (2, Fraction(1, 6)), (3, Fraction(1, 6)), (4, Fraction(1, 2)))


# One expression per modifier (and some together), each checked against the real roller.
AGREEING = [
    "3d6", "1d20+5", "2d20kh1", "d20dis", "4d6kh3", "4d6dh1", "5d10kl2", "6d6kh3dl1", "3d6r1", "4d6ro<3",
    "3d6!", "2d10!>=9", "10d10>=8", "6d10!10>=8", "8d6kh4>=5", "3d8min2max7", "2d6*1d4-3",
    "(1d4+1)*2", "2d4!kh1", "3d6!kl1", "4d6!kh3", "5d10!kh2", "6d6!kh3>=5", "d6r<3!",
]


@pytest.mark.parametrize("expression", AGREEING)
def test_the_real_roller_agrees_with_the_exact_odds(expression: str) -> None:
    counts = sampled(lambda stream: roll(expression, stream).total, runs=3000)
    assert_agrees(total(expression), counts)


@pytest.mark.parametrize("expression", ["4d6xo", "3d4xokh2", "4d6r1", "6d10cs>=8", "5d6cf<=2", "4d6rr1kh3"])
def test_the_real_roller_agrees_in_foundry_dialect(expression: str) -> None:
    counts = sampled(lambda stream: roll(expression, stream, dialect="foundry").total, runs=3000)
    assert_agrees(total(expression, dialect="foundry"), counts)


def test_the_roll_errors_are_the_odds_errors() -> None:
    with pytest.raises(NotationError):
        expression_odds("3d")
    with pytest.raises(LimitExceeded, match="maxDice"):
        expression_odds("1001d6")
    with pytest.raises(LimitExceeded, match="maxSides"):
        expression_odds("1d6", Limits(max_sides=4))


@pytest.mark.parametrize(
    ("expression", "limit"),
    [
        ("999d6!", "maxDice"),  # an explosion chain could pass the roll's dice budget
        ("d100*d100*d10", "maxOutcomes"),
        ("200d100", "maxWork"),
        ("4d6!dl1", "maxWork"),
        ("20d1000kh10", "maxKeepFaces"),
        ("4d6r1r2", "maxRerollStages"),
    ],
)
def test_too_costly_names_the_limit(expression: str, limit: str) -> None:
    with pytest.raises(OddsTooCostly) as refused:
        expression_odds(expression)
    assert refused.value.limit == limit


def test_the_limits_are_configurable() -> None:
    with pytest.raises(OddsTooCostly, match="maxOutcomes"):
        expression_odds("10d6", odds_limits=OddsLimits(max_outcomes=50))
    assert total("10d6", odds_limits=OddsLimits(max_outcomes=51)).mean() == 35


def test_a_value_past_max_value_is_refused_as_the_roller_refuses_it() -> None:
    limits = Limits(max_value=10, max_number=10, max_sides=10)
    odds = expression_odds("2d6", limits)
    assert odds["answered"].probability("refused") == Fraction(3, 36)  # 11 and 12
    with pytest.raises(LimitExceeded):
        roll("2d6", _Faces(6, 6), limits)


class _Faces:
    """A stream that shows the faces given, in order."""

    def __init__(self, *faces: int) -> None:
        self._faces = iter(faces)

    def roll(self, sides: int) -> int:
        return next(self._faces)


def test_the_fulfil_odds_agree_with_its_draws() -> None:
    terms = [{"denomination": "d8", "count": 2}, {"denomination": "d6", "count": 1}, {"denomination": "df", "count": 1}, {"denomination": "dc", "count": 1}]
    params = DiceFulfillInput.model_validate({"terms": terms})
    odds = fulfill_odds(params)
    assert [outcome for outcome, _ in odds.distributions[2].chances] == [-1, 0, 1]  # Fate: -1, 0, +1
    assert [outcome for outcome, _ in odds.distributions[3].chances] == [0, 1]  # a coin
    for term, distribution in enumerate(odds.distributions):
        counts = sampled(lambda stream, term=term: fulfill(params, stream).faces[term][-1], runs=2000)
        assert_agrees(distribution, counts)


@pytest.mark.parametrize(("count", "sides", "lo", "hi"), [(4, 6, 1, 4), (5, 10, 0, 2), (6, 6, 1, 4), (3, 20, 2, 3), (7, 4, 2, 6)])
def test_walking_the_ranks_gives_what_icepool_gives(count: int, sides: int, lo: int, hi: int) -> None:
    die = Weights(dict.fromkeys(range(1, sides + 1), 1), sides)
    for value, counted in ((lambda v: v, None), (lambda v: 1 if v >= sides - 1 else 0, lambda v: v >= sides - 1)):
        ours = _ranked((die, count), lo, hi, value)
        kept = icepool.Pool([icepool.d(sides)] * count)[lo:hi]
        theirs = kept.sum() if counted is None else kept.keep_outcomes(counted).size()
        assert {v: Fraction(w, ours.total) for v, w in ours.counts.items()} == {
            int(v): Fraction(q, theirs.denominator()) for v, q in theirs.items()
        }


@pytest.mark.parametrize("expression", ["4d6kh3 + 2", "2d20kl1 - 1d4", "3d6! + 3d6!", "1d100 * 2", "8d6 + 4d6kh3"])
def test_a_term_of_a_shape_seen_before_gives_what_working_it_afresh_gives(expression: str) -> None:
    forget_shapes()
    fresh = expression_odds(expression)
    again = expression_odds(expression)  # every term found by its shape
    assert again == fresh
    forget_shapes()
    assert expression_odds(expression) == fresh


def test_a_term_remembered_by_shape_still_charges_its_work() -> None:
    # 3d6! costs some 8 000 pairs: remembered, it must still be refused under a smaller budget.
    forget_shapes()
    expression_odds("3d6!")
    with pytest.raises(OddsTooCostly) as found:
        expression_odds("3d6!", odds_limits=OddsLimits(max_work=5000))
    forget_shapes()
    with pytest.raises(OddsTooCostly) as fresh:
        expression_odds("3d6!", odds_limits=OddsLimits(max_work=5000))
    assert str(found.value) == str(fresh.value)
    expression_odds("3d6! + 3d6!")
    with pytest.raises(OddsTooCostly) as twice:  # the second term passes a budget the first fits
        expression_odds("3d6! + 3d6!", odds_limits=OddsLimits(max_work=12000))
    forget_shapes()
    with pytest.raises(OddsTooCostly) as afresh:
        expression_odds("3d6! + 3d6!", odds_limits=OddsLimits(max_work=12000))
    assert str(twice.value) == str(afresh.value)


def test_counted_chances_are_the_counts_over_their_sum() -> None:
    made = Distribution.counted("total", {3: 2, 1: 1, 2: 1})
    assert made == Distribution.of("total", {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 2)})
    named = Distribution.counted("outcome", {"miss": 3, "hit": 1})
    assert named.chances == (("miss", Fraction(3, 4)), ("hit", Fraction(1, 4)))
    with pytest.raises(AssertionError):
        Distribution.counted("total", {1: 1, "two": 1})
    with pytest.raises(AssertionError):
        Distribution.counted("total", {1: 2, 2: -1})
