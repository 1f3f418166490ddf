"""The published JSON Schema says the setup's cross-field rules: a body that matches it is accepted.

Exactly one of `starterDeck` and `deck` per player, and the fields a card has by its type, are in
the OpenAPI document (`oneOf`, `if`/`then`), so a contract-tested client never builds a setup the
service then refuses for a rule the schema kept quiet about.
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from service.api.app import create_app
from service.contracts import OPENAPI
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.setup import NeuroscapePlayerSetup
from support.api import make_settings

DOCUMENT = json.loads(OPENAPI.read_text())
DECK = {"mainframe": "halcyon-lattice", "main": [{"card": "lantern-saint", "count": 4}], "ram": [{"card": "core-ram", "count": 25}]}


def _schema_accepts(component: str, value: dict) -> bool:
    schema = {"$ref": f"#/components/schemas/{component}", "components": DOCUMENT["components"]}
    return Draft202012Validator(schema).is_valid(value)


def _model_accepts(model, value: dict) -> bool:
    try:
        model.model_validate(value)
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize(
    ("player", "valid"),
    [
        ({"starterDeck": "gridrunners"}, True),
        ({"deck": DECK, "seat": "seat-2"}, True),
        ({"starterDeck": None, "deck": DECK}, True),
        ({"starterDeck": "gridrunners", "deck": None}, True),
        ({"starterDeck": "gridrunners", "deck": DECK}, False),
        ({}, False),
        ({"seat": "seat-1"}, False),
        ({"starterDeck": None, "deck": None}, False),
    ],
)
def test_exactly_one_of_starter_deck_or_deck_is_in_the_schema(player: dict, valid: bool) -> None:
    assert _schema_accepts("NeuroscapePlayerSetup", player) is valid
    assert _model_accepts(NeuroscapePlayerSetup, player) is valid
    schema = DOCUMENT["components"]["schemas"]["NeuroscapePlayerSetup"]
    assert schema["if"] and schema["else"]  # the exactly-one rule, as if/then/else (generators read `oneOf` as a union of models)


@pytest.mark.parametrize(
    ("card", "valid"),
    [
        ({"type": "program", "subtype": "virus"}, True),
        ({"type": "character", "attack": 0, "defense": 1, "gear": [{"slot": "head", "level": 2}]}, True),
        ({"type": "cyberware", "slot": "legs", "level": 3, "malicious": True}, True),
        ({"type": "ram", "special": True}, True),
        ({"type": "mainframe", "bioframeBonus": 3}, True),
        ({"type": "program"}, False),
        ({"type": "program", "subtype": None}, False),
        ({"type": "ram", "subtype": "exe"}, False),
        ({"type": "character", "attack": 2}, False),
        ({"type": "program", "subtype": "exe", "defense": 2}, False),
        ({"type": "cyberware", "slot": "legs"}, False),
        ({"type": "character", "attack": 1, "defense": 1, "level": 2}, False),
        ({"type": "program", "subtype": "exe", "malicious": True}, False),
        ({"type": "character", "attack": 1, "defense": 1, "special": True}, False),
        ({"type": "cyberware", "slot": "head", "level": 1, "gear": [{"slot": "head", "level": 1}]}, False),
        ({"type": "character", "attack": 1, "defense": 1, "mainframeBonus": 2}, False),
    ],
)
def test_the_fields_a_card_has_by_its_type_are_in_the_schema(card: dict, valid: bool) -> None:
    card = {"id": "test-card", "name": "Test Card", **card}
    assert _schema_accepts("NeuroscapeCard", card) is valid
    assert _model_accepts(NeuroscapeCard, card) is valid


def test_the_one_card_rule_the_schema_cannot_say_is_on_its_field() -> None:
    twice = {"id": "twin", "name": "Twin", "type": "character", "attack": 1, "defense": 1,
             "gear": [{"slot": "head", "level": 1}, {"slot": "head", "level": 2}]}  # fmt: skip
    assert _schema_accepts("NeuroscapeCard", twice) and not _model_accepts(NeuroscapeCard, twice)
    assert "at most once" in DOCUMENT["components"]["schemas"]["NeuroscapeCard"]["properties"]["gear"]["description"]


# Rules JSON Schema cannot say (they compare two fields' values), each stated on its fields instead.
UNSAYABLE = (
    "mainDeckMin must not exceed mainDeckMax",
    "a character has each gear slot once",
    "an ability the engine cannot resolve",
    "is written from the effects",
)
_schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(make_settings("memory")))
SETUP_OPERATIONS = [_schema[path]["POST"] for path in ("/v1/neuroscape/check-setup", "/v1/neuroscape/validate-deck")]


def test_the_rules_the_schema_cannot_say_are_on_their_fields() -> None:
    rules = DOCUMENT["components"]["schemas"]["NeuroscapeRules"]["properties"]
    assert "at most `mainDeckMax`" in rules["mainDeckMin"]["description"]
    assert "at least `mainDeckMin`" in rules["mainDeckMax"]["description"]
    card = DOCUMENT["components"]["schemas"]["NeuroscapeCard"]["properties"]
    assert "an ability the engine cannot resolve" in card["abilities"]["description"]
    ability = DOCUMENT["components"]["schemas"]["NeuroscapeAbility"]["properties"]
    assert "a text given must read the same" in ability["text"]["description"]


@pytest.mark.parametrize("operation", SETUP_OPERATIONS, ids=lambda op: op.path)
def test_a_setup_that_matches_the_schema_breaks_no_cross_field_rule(operation) -> None:
    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
    @given(case=operation.as_strategy())
    def check(case) -> None:
        response = case.call()
        assert response.status_code < 500, response.text
        problem = response.json() if response.status_code == 422 else {}
        broken = [e for e in problem.get("errors") or [] if "Value error" in e.get("msg", "")]
        assert not [e for e in broken if not any(rule in e["msg"] for rule in UNSAYABLE)], broken

    check()
