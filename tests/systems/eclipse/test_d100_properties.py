"""Properties of judging a reading, over every reading and a wide range of targets."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.systems.eclipse.rules.d100 import flip_flop, judge


@given(st.integers(0, 99), st.integers(-100, 300), st.booleans(), st.booleans())
def test_judging_follows_the_rules(roll: int, target: int, defaulting: bool, replaces: bool) -> None:
    r = judge(roll, target, defaulting=defaulting, critical_replaces_superior=replaces)
    assert r.success == (roll == 0 or (roll != 99 and roll <= target))
    assert r.critical == (roll % 11 == 0 and not (defaulting and r.success))
    assert 0 <= r.superior <= 2
    # The measured superior results are always reported; the critical only changes what counts.
    assert r.superior == (sum(roll >= t for t in (33, 66)) if r.success else sum(roll < t for t in (33, 66)))
    assert r.effective + r.replaced == r.superior
    if r.critical and replaces:
        assert (r.effective, r.counts_as) == (0, "critical")
    else:
        assert r.replaced == 0


@given(st.integers(0, 99))
def test_flip_flop_twice_is_the_same_reading(roll: int) -> None:
    assert flip_flop(flip_flop(roll)) == roll
