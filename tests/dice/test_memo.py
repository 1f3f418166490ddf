"""Remembered odds: the same answer as walking afresh, exactly, and never another input's answer."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from service.api.examples import STATELESS, odds_body
from service.api.odds import AnswerCache
from service.dice import memo
from service.dice.notation import DEFAULT_LIMITS
from service.dice.odds import Odds, OddsTooCostly
from service.dice.stream import Stream
from service.dice.walk import walk
from service.systems import REGISTRY


ANSWERS = AnswerCache()  # the service's answer cache, one of its own for these tests


@pytest.fixture(autouse=True)
def fresh_tables() -> Iterator[None]:
    memo.TABLES.clear()
    ANSWERS.clear()
    yield
    memo.set_enabled(True)


def _slow(mechanic_key: str, body: dict[str, Any]) -> Odds:
    mechanic = REGISTRY.mechanics[mechanic_key]
    assert mechanic.odds is not None
    memo.set_enabled(False)
    try:
        return mechanic.odds(mechanic.input.model_validate(body))
    finally:
        memo.set_enabled(True)


def _fast(mechanic_key: str, body: dict[str, Any]) -> dict[str, Any]:
    """The answer as the API gives it: kept by the request and the roll budget."""
    mechanic = REGISTRY.mechanics[mechanic_key]
    assert mechanic.odds is not None
    return ANSWERS.answer(mechanic.odds, mechanic_key, DEFAULT_LIMITS, mechanic.input.model_validate(body))


def _published() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for mechanic in REGISTRY.mechanics.values():
        operation = mechanic.system + "".join(part.capitalize() for part in mechanic.name.split("-"))
        if mechanic.odds is not None and operation in STATELESS:
            out.append((mechanic.key, odds_body(operation)))  # the example without its seeds, as the odds take it
    return out


@pytest.mark.parametrize(("key", "body"), _published(), ids=[key for key, _ in _published()])
def test_every_published_example_answers_the_same_remembered_as_walked_afresh(key: str, body: dict[str, Any]) -> None:
    slow = _slow(key, body).wire()
    assert _fast(key, body) == slow  # computed, then remembered
    assert len(memo.TABLES) == 0  # by the request alone, in the API's cache: nothing beneath it keyed or kept
    mechanic = REGISTRY.mechanics[key]
    calls: list[Any] = []

    def counted(params: Any) -> Odds:
        calls.append(params)
        return _slow(key, body)

    assert ANSWERS.answer(counted, key, DEFAULT_LIMITS, mechanic.input.model_validate(body)) == slow
    assert calls == []  # answered from the cache
    assert memo.enabled()


D20 = [
    {"modifier": modifier, "dv": dv, "advantage": adv, "disadvantage": dis}
    for modifier, dv, (adv, dis) in itertools.product((-2, 0, 4, 9), (5, 14, 21), ((False, False), (True, False), (False, True)))
]


def test_d20_tests_across_modifiers_dvs_and_modes_match_the_fresh_walk() -> None:
    fast = [_fast("ncb/d20-test", body) for body in D20]
    again = [_fast("ncb/d20-test", body) for body in reversed(D20)]
    walked = [_slow("ncb/d20-test", body) for body in D20]
    slow = [odds.wire() for odds in walked]
    assert fast == slow
    assert list(reversed(again)) == slow
    assert len({o["outcome"].chances for o in walked}) > 10  # the spread gives different answers, each kept apart


ECLIPSE = [
    {"target": target, "aptitude": "ref", "defaulting": defaulting, "poolSpends": spends}
    for target, defaulting, spends in itertools.product(
        (0, 1, 33, 55, 66, 98, 99, 140), (False, True), ([], [{"pool": "vigor", "use": "flip-flop"}])
    )
]


def test_eclipse_tests_and_opposed_tests_across_targets_match_the_fresh_walk() -> None:
    for body in ECLIPSE:
        assert _fast("eclipse/test", body) == _slow("eclipse/test", body).wire()
    for a, b in [(ECLIPSE[0], ECLIPSE[5]), (ECLIPSE[5], ECLIPSE[0]), (ECLIPSE[9], ECLIPSE[9]), (ECLIPSE[3], ECLIPSE[12])]:
        body = {"a": a, "b": b}
        assert _fast("eclipse/opposed-test", body) == _slow("eclipse/opposed-test", body).wire()
        assert _fast("eclipse/opposed-test", body) == _slow("eclipse/opposed-test", body).wire()


def test_target_55_and_56_are_different_tables() -> None:
    # 55 succeeds on readings 00–55: 56 of 100; 56 on 00–56: 57 of 100 (99 always fails either way).
    def succeeded(answer: dict[str, Any]) -> Fraction:
        outcome = next(d for d in answer["distributions"] if d["name"] == "outcome")
        return sum((Fraction(o["exact"]) for o in outcome["outcomes"] if o["outcome"] in ("success", "critical-success")), Fraction(0))

    assert succeeded(_fast("eclipse/test", {"target": 55})) == Fraction(56, 100)
    assert succeeded(_fast("eclipse/test", {"target": 56})) == Fraction(57, 100)


def test_a_walk_answered_from_memory_is_a_fresh_copy() -> None:
    def d6(stream: Stream) -> int:
        return stream.roll(6)

    first = walk(d6)
    first[7] = Fraction(1)  # a caller that changes its copy changes nobody else's
    assert walk(d6) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert memo.TABLES.hits == 1


def test_a_face_table_named_by_its_caller_is_kept_under_that_name_only_while_remembering_is_on() -> None:
    from service.dice.walk import faces

    read: list[int] = []

    def parity(face: int) -> str:
        read.append(face)
        return "even" if face % 2 == 0 else "odd"

    key = memo.Key(("test parity", 6))
    memo.set_enabled(False)
    try:
        assert faces(parity, 6, key=key) == {"even": Fraction(1, 2), "odd": Fraction(1, 2)}
    finally:
        memo.set_enabled(True)
    assert len(memo.TABLES) == 0 and len(read) == 6  # off: walked, nothing kept
    assert faces(parity, 6, key=key).key is key
    assert faces(parity, 6, key=key) == {"even": Fraction(1, 2), "odd": Fraction(1, 2)}
    assert len(read) == 12 and memo.TABLES.hits == 1  # on: walked once more, then found under its name


def test_a_rule_is_keyed_by_what_it_was_given_at_the_call() -> None:
    bonus = [1]

    def plus(stream: Stream) -> int:
        return stream.roll(4) + sum(bonus)

    assert set(walk(plus)) == {2, 3, 4, 5}
    bonus.append(10)  # the same closure, other contents: another table
    assert set(walk(plus)) == {12, 13, 14, 15}


def test_true_and_1_are_different_inputs() -> None:
    assert memo.fingerprint(True) != memo.fingerprint(1)
    assert memo.fingerprint((1, "a", [2.0])) == memo.fingerprint((1, "a", [2.0]))
    assert memo.fingerprint(Fraction(1, 2)) != memo.fingerprint(0.5)


def test_a_value_not_readable_by_content_is_walked_every_time() -> None:
    class Opaque:
        sides = 6

    thing = Opaque()
    assert memo.fingerprint(thing) is None
    assert walk(lambda stream: stream.roll(thing.sides)) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert walk(lambda stream: stream.roll(thing.sides)) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert len(memo.TABLES) == 0 and memo.TABLES.hits == 0


def test_a_cost_limit_is_raised_again_not_remembered() -> None:
    def many(stream: Stream) -> int:
        return sum(stream.roll(10) for _ in range(5))

    for _ in range(2):
        with pytest.raises(OddsTooCostly):
            walk(many, max_paths=1000)
    assert len(memo.TABLES) == 0


def test_the_tables_keep_only_the_most_recently_used() -> None:
    tables = memo.Memo(size=2)
    assert tables.get("a", lambda: 1) == 1
    assert tables.get("b", lambda: 2) == 2
    assert tables.get("a", lambda: -1) == 1  # a is now the most recent
    assert tables.get("c", lambda: 3) == 3  # b, the least recent, goes
    assert len(tables) == 2
    assert tables.get("b", lambda: 20) == 20


def _ncb_table(dexterity: int) -> dict[str, Any]:
    from systems.ncb.sheets import V

    from service.declare import dump_state
    from service.systems.ncb.setup import NcbSetup, first_state
    from service.systems.ncb.state import NcbState

    sheet = {**V, "abilities": {**V["abilities"], "dexterity": dexterity}}
    return dump_state(NcbState, first_state(NcbSetup.model_validate({"combatants": [sheet]})))


def test_session_odds_over_the_same_stored_state_answer_as_a_fresh_walk_and_follow_a_changed_state() -> None:
    from service.registry import Actor
    from service.systems.ncb.wire.checks import NcbD20TestAction

    session_odds = REGISTRY.mechanics["ncb/d20-test"].session_odds
    assert session_odds is not None
    gm = Actor("seat-1", "gm", "gm")
    for dexterity in (8, 16):
        state = _ncb_table(dexterity)
        for dv, ability in itertools.product((10, 15, 20), ("dexterity", "intelligence")):
            action = NcbD20TestAction(combatant="v", ability=ability, proficient=True, dv=dv)
            memo.set_enabled(False)
            slow = session_odds(state, action, gm)
            memo.set_enabled(True)
            assert session_odds(state, action, gm) == slow
            assert session_odds(state, action, gm) == slow
    # Dexterity 8 (-1) against 16 (+3), both proficient (+3) against DV 15: success from a natural 14
    # (14..19: 6/20), then from a natural 10 (10..19: 10/20). The second state is not answered from the first.
    action = NcbD20TestAction(combatant="v", ability="dexterity", proficient=True, dv=15)
    low, high = (session_odds(_ncb_table(d), action, gm)["outcome"].probability("success") for d in (8, 16))
    assert (low, high) == (Fraction(6, 20), Fraction(10, 20))


def test_remember_keys_plain_values_and_builds_no_key_when_remembering_is_off() -> None:
    memo.TABLES.clear()
    built: list[str] = []
    computed: list[int] = []

    def key_of(name: str) -> object:
        built.append(name)
        return None if name == "unkeyable" else ("test remember", name)

    def compute(value: int) -> int:
        computed.append(value)
        return value

    assert memo.remember(lambda: key_of("a"), lambda: compute(1)) == 1
    assert memo.remember(lambda: key_of("a"), lambda: compute(2)) == 1  # remembered under its key
    assert memo.remember(lambda: key_of("unkeyable"), lambda: compute(3)) == 3
    assert memo.remember(lambda: key_of("unkeyable"), lambda: compute(4)) == 4  # no key: computed afresh
    memo.set_enabled(False)
    try:
        assert memo.remember(lambda: key_of("a"), lambda: compute(5)) == 5
    finally:
        memo.set_enabled(True)
    assert computed == [1, 3, 4, 5]
    assert built == ["a", "a", "unkeyable", "unkeyable"]  # none built while off


def test_a_function_of_one_whole_model_is_keyed_by_its_type_and_json() -> None:
    from pydantic import BaseModel, ConfigDict

    class Shot(BaseModel):
        dv: int
        mode: str = "normal"

    class Other(BaseModel):  # the same JSON, another input
        dv: int
        mode: str = "normal"

    class Loose(BaseModel):  # extra fields allowed: its JSON is keyed field by field
        model_config = ConfigDict(extra="allow")
        dv: int

    calls: list[Any] = []

    @memo.memoized
    def odds(params: BaseModel) -> tuple[str, int]:
        calls.append(params)
        return type(params).__name__, params.dv

    assert odds(Shot(dv=14)) == odds(Shot(dv=14, mode="normal")) == ("Shot", 14)
    assert odds(Other(dv=14)) == ("Other", 14)  # not the Shot's answer
    assert odds(Shot(dv=15)) == ("Shot", 15)
    assert odds(Loose(dv=14)) == odds(Loose(dv=14)) == ("Loose", 14)
    assert odds(Loose(dv=14, note="x")) == ("Loose", 14)  # an extra field is part of the input
    assert [type(c).__name__ for c in calls] == ["Shot", "Other", "Shot", "Loose", "Loose"]
    memo.set_enabled(False)
    try:
        assert odds(Shot(dv=14)) == ("Shot", 14)  # remembering off: computed
    finally:
        memo.set_enabled(True)
    assert len(calls) == 6


def test_a_function_computed_alone_runs_with_remembering_off_beneath_it_then_as_it_was() -> None:
    inner_calls: list[int] = []

    @memo.memoized
    def inner(dv: int) -> int:
        inner_calls.append(dv)
        return dv * 2

    seen: list[bool] = []

    def outer(dv: int) -> int:
        if dv < 0:
            raise ValueError("no negative DV")
        seen.append(memo.enabled())
        return inner(dv) + inner(dv)

    alone = memo.computed_alone(outer)
    assert alone(3) == 12 and alone(3) == 12
    assert inner_calls == [3, 3, 3, 3] and seen == [False, False]  # nothing beneath it remembered
    assert len(memo.TABLES) == 0 and memo.enabled()
    assert inner(3) == 6 and inner(3) == 6 and inner_calls == [3, 3, 3, 3, 3]  # on its own it remembers
    with pytest.raises(ValueError):
        alone(-1)
    assert memo.enabled()  # back on after a failure
    memo.set_enabled(False)
    assert alone(4) == 16 and not memo.enabled()  # and left off when it was off


def test_forgetting_states_keeps_the_tables_keyed_by_their_own_inputs() -> None:
    computed: list[str] = []

    def walked(name: str, value: int) -> int:
        computed.append(name)
        return value

    def inner() -> int:
        return memo.remember(lambda: ("test inner", 1), lambda: walked("inner", 1))

    def over(state: dict[str, Any]) -> int:
        return memo.over_state("test", state, ("seat",), lambda: walked("over", 1) + inner())

    state = {"round": 1}
    assert over(state) == 2 and over(state) == 2
    assert computed == ["over", "inner"]
    memo.forget_states()  # as once a write has changed the state
    assert over(state) == 2
    assert computed == ["over", "inner", "over"]  # answered again over the state; the table beneath kept
    memo.forget()
    assert over(state) == 2
    assert computed == ["over", "inner", "over", "over", "inner"]


def test_a_dataclass_is_keyed_by_its_fields_each_time() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Aim:
        bonus: int
        mode: str = "normal"

    @dataclass(frozen=True)
    class One:
        only: int

    @dataclass(frozen=True)
    class Empty:
        pass

    assert memo.fingerprint(Aim(3)) == memo.fingerprint(Aim(3, "normal"))  # read once, then by the kept reader
    assert memo.fingerprint(Aim(3)) != memo.fingerprint(Aim(4))
    assert memo.fingerprint(Aim(3, "advantage")) != memo.fingerprint(Aim(3))
    assert memo.fingerprint(One(1)) != memo.fingerprint(One(True))
    assert memo.fingerprint(One(1)) == memo.fingerprint(One(1))
    assert memo.fingerprint(Empty()) == memo.fingerprint(Empty()) != memo.fingerprint(One(1))


def test_a_stored_states_digest_is_taken_once_per_state_object_and_kept_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[object] = []
    dumps = memo.orjson.dumps
    monkeypatch.setattr(memo.orjson, "dumps", lambda value, *more: written.append(value) or dumps(value, *more))
    state = {"hp": 10, "log": [1, 2]}
    assert memo.over_state("test", state, ("a",), lambda: 1) == 1
    assert memo.over_state("test", state, ("b",), lambda: 2) == 2  # other inputs: computed, the digest kept
    assert memo.over_state("test", state, ("a",), lambda: -1) == 1  # remembered
    assert len(written) == 1
    twin = {"hp": 10, "log": [1, 2]}  # the same content in another object: hashed, the same answer
    assert memo.over_state("test", twin, ("a",), lambda: -1) == 1 and len(written) == 2
    assert memo.over_state("test", {"hp": 9, "log": [1, 2]}, ("a",), lambda: 3) == 3  # another state
    states = [{"n": n} for n in range(memo._DIGESTS_KEPT + 10)]
    for n, each in enumerate(states):
        assert memo.over_state("test", each, (), lambda n=n: n) == n
    assert len(memo._DIGESTS) == memo._DIGESTS_KEPT
    assert memo.over_state("test", states[0], (), lambda: -1) == 0  # digest forgotten, taken again: the same key
