"""Effects as data: a closed vocabulary, checked when a card is made, with its text written from the data."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

import json

from service.contracts import OPENAPI, SCHEMA
from service.systems.neuroscape.rules.starter import STARTER_POOL
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.wire.effects import EFFECT_KINDS


def character(*abilities: dict) -> dict:
    return {"id": "test-runner", "name": "Test Runner", "type": "character", "attack": 2, "defense": 2, "abilities": list(abilities)}


def boost(**extra) -> dict:
    return {"name": "Boost", "kind": "activated", "cost": 1, "effects": [{"kind": "modify-stats", "attack": 2, "on": "self"}], **extra}


def refused(card: dict) -> str:
    with pytest.raises(ValidationError) as caught:
        NeuroscapeCard.model_validate(card)
    return str(caught.value)


def test_every_effect_kind_the_issue_names_is_in_the_vocabulary():
    assert set(EFFECT_KINDS) == {
        "modify-stats", "damage", "heal", "draw", "discard", "look-at-top", "change-ram", "commit-ram", "release-ram",
        "stability-check", "extra-turn", "destroy", "return-to-hand", "run", "refresh", "counter", "invert-sign", "win-if",
    }


def test_an_unknown_effect_kind_is_refused_at_its_field():
    message = refused(character({"name": "X", "kind": "activated", "effects": [{"kind": "summon-dragon"}]}))
    assert "abilities.0.effects.0" in message and "summon-dragon" in message


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        ({"name": "X", "kind": "triggered", "effects": [{"kind": "draw"}]}, "abilities[0].trigger"),
        ({"name": "X", "kind": "activated", "trigger": "attacks", "effects": [{"kind": "draw"}]}, "abilities[0].trigger"),
        ({"name": "X", "kind": "triggered", "trigger": "attacks", "target": "character", "effects": [{"kind": "destroy"}]},
         "abilities[0].target"),
        ({"name": "X", "kind": "passive", "effects": [{"kind": "draw"}]}, "abilities[0].effects[0].kind"),
        ({"name": "X", "kind": "passive", "cost": 2, "effects": [{"kind": "modify-stats", "attack": 1, "on": "self",
                                                                  "duration": "while-in-play"}]}, "abilities[0].cost"),
        ({"name": "X", "kind": "activated", "effects": [{"kind": "destroy"}]}, "abilities[0].effects[0].on"),
        ({"name": "X", "kind": "activated", "target": "player", "effects": [{"kind": "counter"}]}, "abilities[0].effects[0].on"),
        ({"name": "X", "kind": "activated", "target": "character", "effects": [{"kind": "draw", "on": "you"}]},
         "abilities[0].target"),
        ({"name": "X", "kind": "activated", "effects": [{"kind": "damage", "amount": 2, "to": "bioframe", "on": "self"}]},
         "abilities[0].effects[0].on"),
    ],
)
def test_an_ability_the_engine_cannot_resolve_is_refused_naming_card_and_field(ability: dict, field: str):
    message = refused(character(ability))
    assert "card 'test-runner'" in message and "an ability the engine cannot resolve" in message and field in message


def test_self_and_running_are_for_characters_only():
    program = {"id": "test-exe", "name": "T", "type": "program", "subtype": "exe",
               "abilities": [boost(runs=True)]}
    message = refused(program)
    assert "abilities[0].runs" in message and "abilities[0].effects[0].on" in message


def test_text_is_written_from_the_effects_and_a_different_text_is_refused():
    card = NeuroscapeCard.model_validate(character(boost(swift=True)))
    assert card.abilities[0].text == "1 RAM (swift): this character gets +2/+0 until end of turn."
    assert NeuroscapeCard.model_validate(character(boost(swift=True, text=card.abilities[0].text))) == card
    message = refused(character(boost(text="Draw ten cards.")))
    assert "abilities[0].text" in message and "omit it" in message


def test_costs_triggers_and_targets_read_in_the_text():
    card = NeuroscapeCard.model_validate(character(
        {"name": "A", "kind": "activated", "cost": 2, "runs": True, "discards": 1, "paysHealth": 3, "target": "opponent",
         "effects": [{"kind": "change-ram", "amount": -2, "on": "target"}]},
        {"name": "B", "kind": "triggered", "trigger": "destroyed",
         "effects": [{"kind": "damage", "amount": 2, "to": "bioframe", "on": "opponents"}]},
    ))
    assert [a.text for a in card.abilities] == [
        "2 RAM, run this, discard a card, pay 3 bioframe health: target opponent loses 2 available RAM.",
        "When this is destroyed, deal 2 damage to each opponent's bioframe.",
    ]


def test_every_starter_ability_carries_effects_and_the_text_from_them():
    abilities = [a for card in STARTER_POOL.values() for a in card.abilities]
    assert abilities and all(a.effects and a.text for a in abilities)
    assert STARTER_POOL["ghost-cache"].abilities[0].text == "When this enters play, draw a card."


def test_the_vocabulary_is_published_in_openapi_as_a_union_on_kind_and_in_the_sdl_in_words():
    schemas = json.loads(OPENAPI.read_text())["components"]["schemas"]
    items = schemas["NeuroscapeAbility"]["properties"]["effects"]["items"]
    assert items == {"$ref": "#/components/schemas/NeuroscapeEffect"}  # one named component, referenced
    effects = schemas["NeuroscapeEffect"]
    assert set(effects["discriminator"]["mapping"]) == set(EFFECT_KINDS)
    sdl = SCHEMA.read_text()
    assert all(f"`{kind}`" in sdl for kind in EFFECT_KINDS)
