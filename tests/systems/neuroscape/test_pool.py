"""The built-in pool: at least 60 original cards which together use the whole vocabulary of the
rules (every effect kind, cost, trigger, program subtype, gear slot and level...), every
ability's text written from its data. Each check is computed from the data, so a kind that no
card uses any more fails here."""

from __future__ import annotations

import itertools
import typing

import pytest

from service.systems.neuroscape.rules import starter
from service.systems.neuroscape.rules.starter import STARTER_DECKS, STARTER_POOL
from service.systems.neuroscape.wire.card_text import ability_text
from service.systems.neuroscape.wire.cards import GearSlotName, NeuroscapeCard, ProgramSubtype
from service.systems.neuroscape.wire.effects import EFFECT_KINDS, LookAtTop, Trigger

CARDS = list(STARTER_POOL.values())
ABILITIES = [(card, ability) for card in CARDS for ability in card.abilities]
EFFECTS = [effect for _, ability in ABILITIES for effect in ability.effects]
# The first pool's cards: tests and stored match states name them, so they keep their ids.
FIRST_POOL = {
    "halcyon-lattice", "obsidian-relay", "gutter-courier", "static-moth", "chrome-ferryman", "lantern-saint",
    "ash-tram-ghost", "rust-oracle", "velvet-breaker", "sable-circuit", "quiet-hydra", "marrow-duchess",
    "glasswire-optics", "piston-grip", "tremor-spurs", "leech-halo", "firewall-hymn", "census-daemon", "crown-of-wires",
    "sleepworm", "paper-lantern", "brightburn-exe", "sidestep-script", "blue-static", "rainlit-arcade", "mirror-glitch",
    "null-route", "recall-loop", "core-ram", "overclock-shard", "ghost-cache",
}


def of_type(kind: str) -> list[NeuroscapeCard]:
    return [card for card in CARDS if card.type == kind]


def test_the_pool_holds_at_least_sixty_cards_with_unique_ids_and_names_and_keeps_the_first_ones():
    assert len(CARDS) >= 60
    assert len(starter._CARDS) == len(STARTER_POOL)  # no id given twice (a dict would drop one silently)
    assert len({card.name for card in CARDS}) == len(CARDS)
    assert FIRST_POOL <= set(STARTER_POOL)


def test_every_effect_kind_is_used():
    used = {effect.kind for effect in EFFECTS}
    assert used == set(EFFECT_KINDS), f"unused: {sorted(set(EFFECT_KINDS) - used)}"


@pytest.mark.parametrize("field", ["on", "then"])
def test_looking_at_the_top_of_a_deck_is_used_every_way(field):
    used = {getattr(effect, field) for effect in EFFECTS if effect.kind == "look-at-top"}
    assert used == set(typing.get_args(LookAtTop.model_fields[field].annotation))


def test_every_cost_kind_is_paid_somewhere():
    activated = [ability for _, ability in ABILITIES if ability.kind == "activated"]
    assert any(a.cost for a in activated), "RAM"
    assert any(a.runs for a in activated), "running the character"
    assert any(a.discards for a in activated), "discarding"
    assert any(a.pays_health for a in activated), "paying health"


def test_every_trigger_fires_something():
    used = {ability.trigger for _, ability in ABILITIES if ability.kind == "triggered"}
    assert used == set(typing.get_args(Trigger))


def test_activated_swift_and_not_swift_passives_and_a_duel():
    on_characters = [a for card, a in ABILITIES if card.type == "character"]
    assert {a.swift for a in on_characters if a.kind == "activated"} == {True, False}
    assert any(a.kind == "passive" for _, a in ABILITIES)
    assert any(a.duel for a in on_characters)


def test_every_program_subtype_is_in_the_pool():
    assert {card.subtype for card in of_type("program")} == set(typing.get_args(ProgramSubtype))


def test_cyberware_of_every_slot_at_every_level_malicious_and_tethers():
    made = {(card.slot, card.level) for card in of_type("cyberware")}
    assert made == set(itertools.product(typing.get_args(GearSlotName), (1, 2, 3)))
    assert any(card.malicious for card in of_type("cyberware"))
    assert any(card.tether for card in of_type("cyberware"))


def fits(cyberware: NeuroscapeCard, character: NeuroscapeCard) -> bool:
    return any(g.slot == cyberware.slot and g.level >= (cyberware.level or 0) for g in character.gear)


def test_every_cyberware_fits_some_character_of_the_pool():
    for cyberware in of_type("cyberware"):
        assert any(fits(cyberware, character) for character in of_type("character")), cyberware.id


def most_psychosis(character: NeuroscapeCard, cyberware: list[NeuroscapeCard]) -> int:
    """The most psychosis the character can carry: the worst fitting piece in each of its slots."""
    return sum(max((c.psychosis for c in cyberware if fits(c, character) and c.slot == g.slot), default=0)
               for g in character.gear)


def test_cyberware_can_make_a_character_psychotic():
    # The rules text: total psychosis above the character's base defense makes it psychotic.
    cyberware = of_type("cyberware")
    psychotic = [c.id for c in of_type("character") if most_psychosis(c, cyberware) > (c.defense or 0)]
    assert len(psychotic) >= 3, psychotic


def test_legendary_cards_mainframes_and_special_and_basic_ram():
    assert len([card for card in CARDS if card.legendary]) >= 3
    assert len({card.type for card in CARDS if card.legendary}) >= 2  # characters and programs
    assert len(of_type("mainframe")) >= 3
    assert {card.special for card in of_type("ram")} == {True, False}


def test_every_ability_text_is_written_from_its_data():
    for card, ability in ABILITIES:
        assert ability.text == ability_text(ability, card.type), card.id


def test_no_ability_text_is_written_by_hand_in_the_card_data():
    for raw in starter._CARDS:
        assert all("text" not in ability for ability in raw.get("abilities", [])), raw["id"]


def test_every_card_carries_flavour_text():
    assert all(card.text for card in CARDS)


def test_every_card_is_played_by_a_built_in_deck():
    used = {e.card for deck in STARTER_DECKS.values() for e in deck.main + deck.ram}
    used |= {deck.mainframe for deck in STARTER_DECKS.values()}
    assert used == set(STARTER_POOL)
