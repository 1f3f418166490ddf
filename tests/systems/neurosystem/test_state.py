"""The session state is one typed table: the registry loads it and stores it as the same JSON as ever."""

from __future__ import annotations

import typing

import pytest

from service.declare import dump_state, load_state
from service.errors import RuleViolation
from service.systems import REGISTRY
from service.systems.neurosystem import SYSTEM, errors
from service.systems.neurosystem.state import NeurosystemTable

# A table as sessions have stored it: every field, camelCase, an open check with a Luck die.
STORED = {
    "scene": 1, "luck": 1, "rules": {"resolveLimit": "one-per-check", "protectionMatch": "either-includes"},
    "characters": [{
        "id": "vex", "name": "Vex", "controller": "ana", "body": "organic",
        "stats": [{"category": "style", "name": "Cool", "rating": "d8"}, {"category": "training", "name": "Guns", "rating": "d6"},
                  {"category": "knowledge", "name": "Streets", "rating": "d10"}],
        "resolve": 2, "resolveMax": 2, "negativeStates": ["wounded"], "apathy": 0, "dissonance": 0, "cyberspace": None,
        "scenesDying": 0, "deathSpan": 0, "deathMeasuredScene": None, "protection": [{"name": "vest", "rating": 1, "against": ["kinetic"]}],
    }],
    "ncs": [{"id": "goon", "name": "Goon", "mechanical": False, "stats": [{"name": "Guard", "value": 12}], "standardDamage": "wounded",
             "protection": [], "damage": None}],
    "openChecks": [{"id": "check-1", "character": "vex", "check": {
        "kind": "stk", "dn": None, "bonuses": [], "negativeStates": 1,
        "dice": [{"id": "style", "stat": "style", "name": "Cool", "rating": "d8", "face": 3, "rerolledFrom": None},
                 {"id": "training", "stat": "training", "name": "Guns", "rating": "d6", "face": 3, "rerolledFrom": None},
                 {"id": "knowledge", "stat": "knowledge", "name": "Streets", "rating": "d10", "face": 9, "rerolledFrom": None},
                 {"id": "luck-1", "stat": "luck", "name": None, "rating": "d8", "face": 1, "rerolledFrom": None}],
        "pushed": False, "pushedThrough": False,
    }}],
    "checksMade": 1,
}  # fmt: skip


def test_a_stored_table_loads_typed_and_stores_as_the_same_json() -> None:
    table = load_state(NeurosystemTable, STORED)
    assert isinstance(table, NeurosystemTable) and table.character("vex").resolve_max == 2
    assert table.open_check("check-1").check.dice[-1].id == "luck-1"
    assert dump_state(NeurosystemTable, table) == STORED


def test_every_session_handler_takes_and_returns_the_table() -> None:
    assert SYSTEM.state is NeurosystemTable
    for mechanic in (m for m in REGISTRY.mechanics.values() if m.system == "neurosystem"):
        assert mechanic.apply is not None and mechanic.query is None, mechanic.name
    from service.systems.neurosystem.moves import character, checks, combat, measures, table

    handlers = [f for module in (checks, combat, measures, character, table) for n, f in vars(module).items() if n.startswith("apply_")]
    assert len(handlers) == 24
    for handler in handlers:
        hints = typing.get_type_hints(handler)
        first = next(iter(hints.values()))
        assert first is NeurosystemTable and typing.get_args(hints["return"])[0] is NeurosystemTable, handler.__name__


def test_updates_make_a_new_table_and_leave_the_old_one_as_it_was() -> None:
    table = load_state(NeurosystemTable, STORED)
    vex = table.character("vex")
    tired = table.with_character(vex.model_copy(update={"resolve": 0})).without_check("check-1")
    assert (tired.character("vex").resolve, tired.open_checks) == (0, [])
    assert table.character("vex").resolve == 2 and len(table.open_checks) == 1
    assert dump_state(NeurosystemTable, table) == STORED


@pytest.mark.parametrize(
    ("look", "code"),
    [
        (lambda t: t.character("kit"), errors.UNKNOWN_CHARACTER),
        (lambda t: t.nc("kit"), errors.UNKNOWN_NC),
        (lambda t: t.open_check("check-9"), errors.UNKNOWN_CHECK),
        (lambda t: t.without_check("check-1").open_check("check-1"), errors.CHECK_ALREADY_APPLIED),
    ],
)
def test_lookups_refuse_with_the_tables_codes(look, code: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        look(load_state(NeurosystemTable, STORED))
    assert (caught.value.code, caught.value.status) == (code, errors.CODES[code].status)
