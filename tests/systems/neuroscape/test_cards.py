"""Cards as data: the schema refuses cards whose fields do not fit their type; the starter pool is our own."""

from __future__ import annotations

import pathlib

import pytest
from pydantic import ValidationError

from service.systems.neuroscape.rules.cards import commits_ram, is_persistent
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.rules.starter import STARTER_DECKS, STARTER_POOL

RULES_TEXT = pathlib.Path("/work/shared/rules/neuroscape-tcg.txt")


def card(**fields) -> NeuroscapeCard:
    return NeuroscapeCard.model_validate({"id": "x", "name": "X", **fields})


def test_a_character_needs_attack_and_defense():
    with pytest.raises(ValidationError, match="attack and defense"):
        card(type="character", cost=1, attack=2)
    assert card(type="character", cost=1, attack=2, defense=1).attack == 2


def test_a_program_needs_a_subtype_and_nothing_else_has_one():
    with pytest.raises(ValidationError, match="subtype"):
        card(type="program", cost=1)
    with pytest.raises(ValidationError, match="subtype"):
        card(type="character", attack=1, defense=1, subtype="exe")


def test_cyberware_needs_a_gear_slot_and_level():
    with pytest.raises(ValidationError, match="gear slot and a level"):
        card(type="cyberware", cost=1, slot="head")
    assert card(type="cyberware", slot="head", level=2).level == 2


def test_only_ram_is_special_and_only_mainframes_add_health():
    with pytest.raises(ValidationError, match="only RAM"):
        card(type="character", attack=1, defense=1, special=True)
    with pytest.raises(ValidationError, match="only mainframes"):
        card(type="character", attack=1, defense=1, bioframeBonus=2)


def test_unknown_fields_are_refused():
    with pytest.raises(ValidationError):
        card(type="ram", flavour="none")


def test_persistent_cards_and_committed_ram():
    assert is_persistent(STARTER_POOL["gutter-courier"]) and commits_ram(STARTER_POOL["gutter-courier"], cyberware_commits=False)
    assert is_persistent(STARTER_POOL["firewall-hymn"]) and not commits_ram(STARTER_POOL["firewall-hymn"], cyberware_commits=False)
    assert commits_ram(STARTER_POOL["census-daemon"], cyberware_commits=False)
    assert not is_persistent(STARTER_POOL["brightburn-exe"])
    assert not commits_ram(STARTER_POOL["piston-grip"], cyberware_commits=False)
    assert commits_ram(STARTER_POOL["piston-grip"], cyberware_commits=True)


def test_starter_pool_covers_every_card_type_and_both_decks():
    types = {c.type for c in STARTER_POOL.values()}
    subtypes = {c.subtype for c in STARTER_POOL.values() if c.subtype}
    assert types == {"mainframe", "character", "cyberware", "program", "ram"}
    assert subtypes == {"exe", "protocol", "virus", "trojan", "script", "drug", "environment"}
    used = {e.card for d in STARTER_DECKS.values() for e in d.main + d.ram}
    assert used <= set(STARTER_POOL)


def test_starter_cards_use_no_name_or_sentence_of_the_rules_text():
    text = RULES_TEXT.read_text() if RULES_TEXT.exists() else ""
    if not text:
        pytest.skip("rules text not available here")
    lowered = text.lower()
    for c in STARTER_POOL.values():
        if c.type == "ram":
            continue  # "RAM" is the game's own word for the resource
        assert c.name.lower() not in lowered, c.name
        for sentence in c.text.split(". "):
            assert len(sentence) < 25 or sentence.lower() not in lowered, sentence
