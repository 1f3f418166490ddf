"""`written` gives a result model's wire form straight from the rules' records, byte for byte what
building the model and dumping it gives, and leaves to the model whatever it cannot write exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import orjson
import pytest
from pydantic import Field, ValidationError, field_validator

from support.dice import ScriptedStream

from service.declare import load_state
from service.dice.stream import Stream
from service.model import Model
from service import written as module
from service.systems.ncb.moves.fights import _session_swing, _swing, attack, attack_fields, attack_in_session
from service.systems.ncb.moves.programs import run_program
from service.plain import as_dict
from service.written import written
from service.systems.ncb.rules.attacks import strike
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.fights import NcbAttackAction, NcbAttackParams, NcbAttackResult
from service.systems.ncb.wire.programs import NcbRunProgramParams

from .test_table import GM, in_combat, table

ATTACKER = {"dexterity": 16, "strength": 14, "level": 5}
UNITY = {"name": "Unity", "damageDice": "2d6", "techBonus": 1, "tags": ["armor-penetration"]}
TARGET = {"armorClass": 13, "armor": "heavy", "hp": 30, "maxHp": 30}
ATTACKS = {
    "the published example": {},
    "advantage against a light target": {"advantage": True, "target": {**TARGET, "armor": "light", "hp": 9, "maxHp": 12}},
    "an NC, an Overkill blade": {
        "weapon": {"name": "Mantis blades", "damageDice": "1d8", "style": "melee", "overkill": True},
        "target": {**TARGET, "kind": "nc", "hp": 6, "maxHp": 20},
    },
    "max plus roll on a critical, Last Breath taken": {
        "rules": {"criticalDice": "max-plus-roll"},
        "target": {**TARGET, "armor": "light", "hp": 4, "maxHp": 30, "useLastBreath": True},
    },
}


def _params(change: dict[str, Any]) -> NcbAttackParams:
    body = {"attacker": ATTACKER, "weapon": UNITY, "target": TARGET, **change}
    return NcbAttackParams.model_validate(body)


def _model_way(params: NcbAttackParams, seed: str) -> bytes:
    swing, target = _swing(params)
    rolled = strike(Stream(seed=seed, scope="test", nonce=0), swing)
    _, fields = attack_fields(rolled, swing.weapon, target, params.rules, use_last_breath=params.target.use_last_breath)
    return orjson.dumps(NcbAttackResult(**as_dict(fields)).model_dump(mode="json", by_alias=True))


@pytest.mark.parametrize("case", list(ATTACKS))
def test_an_attack_written_from_its_records_encodes_as_the_model_does(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", False)  # the writer alone, as in production

    def model_way(fields: Any) -> Any:
        raise AssertionError("written the model's way")

    monkeypatch.setattr(module, "as_dict", model_way)  # every answer below is the writer's own
    params = _params(ATTACKS[case])
    seen: set[tuple[bool, bool, str | None]] = set()
    for n in range(300):
        seed = f"written-{n}"
        got = attack(params, Stream(seed=seed, scope="test", nonce=0))
        assert orjson.dumps(got) == _model_way(params, seed), seed
        outcome = got["outcome"]
        seen.add((got["hit"], got["critical"], outcome and outcome["result"]))
    # Misses, hits and critical hits all went through the writer, with the damage roll and its outcome.
    assert {(hit, critical) for hit, critical, _ in seen} == {(False, False), (True, False), (True, True)}


def test_an_attack_in_a_session_is_written_with_its_attacker_target_and_economy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", False)
    state = load_state(NcbState, in_combat(table(), 10, 5, 3))
    action = NcbAttackAction.model_validate({"attacker": "v", "target": "goon", "weaponName": "Unity"})
    results = {}
    for name, faces in {"miss": (2,), "hit": (15, 4, 4), "critical": (20, 6, 5, 4, 3)}.items():
        swing, _, _, vitals = _session_swing(state, action)
        rolled = strike(ScriptedStream(*faces), swing)
        _, fields = attack_fields(rolled, swing.weapon, vitals, state.rules, use_last_breath=False)
        slow = NcbAttackResult(attacker="v", target="goon", economy="action", **as_dict(fields)).model_dump(mode="json", by_alias=True)
        with monkeypatch.context() as patched:
            patched.setattr(module, "as_dict", lambda fields: pytest.fail("written the model's way"))
            _, results[name] = attack_in_session(state, action, ScriptedStream(*faces), GM)
        assert orjson.dumps(results[name]) == orjson.dumps(slow), name
    assert [results[n]["hit"] for n in results] == [False, True, True] and results["critical"]["critical"]
    assert results["hit"]["economy"] == "action" and results["hit"]["attacker"] == "v" and results["hit"]["target"] == "goon"
    assert results["hit"]["damage"]["roll"]["foundry"] is None  # the roll's own fields, and the model's default


PROGRAMS = {
    "a save that halves": {"name": "Short circuit", "save": "dexterity", "damageDice": "2d6"},
    "no save": {"name": "Synapse burnout", "tier": 1, "ramCost": 2, "damageDice": "3d6"},
    "no damage": {"name": "Blind", "save": "constitution"},
}


@pytest.mark.parametrize("case", list(PROGRAMS))
def test_a_program_written_from_its_records_encodes_as_the_model_does(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", True)  # the model's way beside the writer's, compared in `written`
    params = NcbRunProgramParams.model_validate({
        "caster": {"level": 3, "programAbilityScore": 16, "ram": 6, "programSlots": [{"tier": 1, "total": 2, "used": 0}]},
        "program": PROGRAMS[case], "saveModifier": 2, "target": {"hp": 12, "maxHp": 30},
    })
    answers = [run_program(params, Stream(seed=f"program-{n}", scope="test", nonce=0)) for n in range(200)]
    monkeypatch.setattr(module, "CHECK", False)
    monkeypatch.setattr(module, "as_dict", lambda fields: pytest.fail("written the model's way"))
    again = [run_program(params, Stream(seed=f"program-{n}", scope="test", nonce=0)) for n in range(200)]
    assert [orjson.dumps(a) for a in again] == [orjson.dumps(a) for a in answers]  # the writer alone, the same bytes
    saved = {a["saved"] for a in answers}
    assert saved == ({None} if "save" not in PROGRAMS[case] else {True, False})
    assert (answers[0]["damageRoll"] is None) == ("damageDice" not in PROGRAMS[case])


class _Checked(Model):
    value: int

    @field_validator("value")
    @classmethod
    def _small(cls, value: int) -> int:
        if value > 9:
            raise ValueError("at most 9")
        return value


class _Loose(Model):
    extra: dict[str, Any]


class _Plain(Model):
    name: str
    kind: Literal["a", "b"] = "a"
    scores: list[int] = Field(default_factory=list)


def test_what_the_writer_cannot_follow_takes_the_models_own_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", False)
    with pytest.raises(ValidationError):  # a validator: the model runs it
        written(_Checked, {"value": 12})
    assert written(_Loose, {"extra": {"a": (1, 2)}}) == {"extra": {"a": [1, 2]}}  # a dict field: dumped by the model
    with pytest.raises(ValidationError):  # a field the model does not have
        written(_Plain, {"name": "x", "colour": "red"})
    with pytest.raises(ValidationError):  # a required field missing
        written(_Plain, {"kind": "b"})
    first = written(_Plain, {"name": "x"})
    assert first == {"name": "x", "kind": "a", "scores": []}
    assert written(_Plain, {"name": "y"})["scores"] is not first["scores"]  # a default list is each answer's own


def test_the_check_catches_a_writer_that_disagrees_with_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", True)
    assert written(_Plain, {"name": "x", "scores": (3, 4)}) == {"name": "x", "kind": "a", "scores": [3, 4]}
    monkeypatch.setitem(module._WRITERS, _Plain, lambda fields: {"name": fields["name"], "kind": "b", "scores": []})
    with pytest.raises(AssertionError, match="_Plain written as"):
        written(_Plain, {"name": "x"})


class _Inner(Model):
    label: str
    size: int | None = None


class _Outer(Model):
    name: str
    inner: list[_Inner]
    best: _Inner | None = None
    kind: Literal["a", "b"] = "a"


@dataclass(frozen=True, slots=True)
class _InnerRecord:  # every field of `_Inner`, in another order
    size: int | None
    label: str


@dataclass(frozen=True, slots=True)
class _OuterRecord:  # every field of `_Outer`
    kind: str
    best: _InnerRecord | None
    inner: tuple[_InnerRecord, ...]
    name: str


@dataclass(frozen=True, slots=True)
class _Named:  # one field of `_Inner`: the other takes its default
    label: str


def test_a_record_with_every_field_of_its_model_is_written_as_the_model_writes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", False)
    monkeypatch.setattr(module, "as_dict", lambda fields: pytest.fail("written the model's way"))
    record = _OuterRecord("b", _InnerRecord(None, "top"), (_InnerRecord(3, "x"), _InnerRecord(None, "y")), "n")
    got = written(_Outer, {"name": "n", "inner": record.inner, "best": record.best, "kind": "b"})
    whole = module._writer(_Outer)
    assert whole is not None and orjson.dumps(whole(record)) == orjson.dumps(got)
    model = _Outer(name="n", inner=[_Inner(label="x", size=3), _Inner(label="y")], best=_Inner(label="top"), kind="b")
    assert orjson.dumps(got) == orjson.dumps(model.model_dump(mode="json", by_alias=True))  # keys in the model's order
    inner = module._writer(_Inner)
    assert inner is not None and list(inner(_InnerRecord(4, "z"))) == ["label", "size"]
    assert whole(_OuterRecord("a", None, (), "m")) == {"name": "m", "inner": [], "best": None, "kind": "a"}
    assert written(_Inner, {"label": "q"}) == inner(_Named("q")) == {"label": "q", "size": None}


def test_a_record_with_a_field_its_model_lacks_takes_the_models_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", False)

    @dataclass(frozen=True, slots=True)
    class Wider:
        label: str
        size: int | None
        colour: str

    with pytest.raises(ValidationError):
        written(_Outer, {"name": "n", "inner": [Wider("x", 1, "red")]})
