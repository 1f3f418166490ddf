"""Deck building: 40-60 main cards, 4 copies, 4 legendary, exactly 25 RAM with at most 4 special."""

from __future__ import annotations

import pytest

from service.systems.neuroscape.rules.deck_building import violations
from service.systems.neuroscape.wire.cards import NeuroscapeDeckList
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.rules.starter import STARTER_DECKS, STARTER_POOL

RULES = NeuroscapeRules()


def deck(main: dict[str, int], ram: dict[str, int] | None = None, mainframe: str = "halcyon-lattice") -> NeuroscapeDeckList:
    ram = {"core-ram": 25} if ram is None else ram
    return NeuroscapeDeckList.model_validate(
        {"mainframe": mainframe, "main": [{"card": c, "count": n} for c, n in main.items()],
         "ram": [{"card": c, "count": n} for c, n in ram.items()]}
    )


LEGAL_40 = {"gutter-courier": 4, "static-moth": 4, "chrome-ferryman": 4, "lantern-saint": 4, "ash-tram-ghost": 4,
            "rust-oracle": 4, "velvet-breaker": 4, "sable-circuit": 4, "firewall-hymn": 4, "sleepworm": 4}


def rules_broken(d: NeuroscapeDeckList, rules: NeuroscapeRules = RULES) -> list[str]:
    return [v.rule for v in violations(d, STARTER_POOL, rules)]


@pytest.mark.parametrize("name", sorted(STARTER_DECKS))
def test_starter_decks_are_legal(name):
    assert violations(STARTER_DECKS[name], STARTER_POOL, RULES) == []


def test_a_forty_card_deck_with_twenty_five_ram_is_legal():
    assert rules_broken(deck(LEGAL_40)) == []


def test_main_deck_needs_forty_to_sixty_cards():
    assert rules_broken(deck({**LEGAL_40, "sleepworm": 3})) == ["main-deck-size"]
    sixty_one = {**LEGAL_40, "quiet-hydra": 1, "marrow-duchess": 3, "glasswire-optics": 4, "piston-grip": 4,
                 "tremor-spurs": 4, "brightburn-exe": 4, "blue-static": 1}
    assert sum(sixty_one.values()) == 61
    assert rules_broken(deck(sixty_one)) == ["main-deck-size"]
    assert rules_broken(deck({**sixty_one, "tremor-spurs": 3})) == []


def test_at_most_four_copies_counted_across_entries():
    d = NeuroscapeDeckList.model_validate(
        {"mainframe": "halcyon-lattice",
         "main": [{"card": c, "count": n} for c, n in LEGAL_40.items()] + [{"card": "gutter-courier", "count": 1}],
         "ram": [{"card": "core-ram", "count": 25}]}
    )
    assert rules_broken(d) == ["max-copies"]


def test_at_most_four_legendary_cards_in_all():
    four = {**LEGAL_40, "sleepworm": 0, "quiet-hydra": 2, "marrow-duchess": 2}
    four = {c: n for c, n in four.items() if n}
    assert rules_broken(deck(four)) == []
    five = {**four, "firewall-hymn": 3, "crown-of-wires": 1}
    assert rules_broken(deck(five)) == ["max-legendary"]


def test_ram_deck_is_exactly_twenty_five_with_at_most_four_special():
    assert rules_broken(deck(LEGAL_40, {"core-ram": 24})) == ["ram-deck-size"]
    assert rules_broken(deck(LEGAL_40, {"core-ram": 21, "ghost-cache": 4})) == []
    assert rules_broken(deck(LEGAL_40, {"core-ram": 20, "ghost-cache": 3, "overclock-shard": 2})) == ["max-special-ram"]


def test_ram_and_mainframes_stay_out_of_the_main_deck():
    broken = rules_broken(deck({**LEGAL_40, "sleepworm": 2, "core-ram": 1, "obsidian-relay": 1}))
    assert broken == ["ram-in-main-deck", "mainframe-in-main-deck"]  # in card-id order


def test_only_ram_in_the_ram_deck_and_a_real_mainframe():
    broken = rules_broken(deck(LEGAL_40, {"core-ram": 24, "gutter-courier": 1}, mainframe="gutter-courier"))
    assert broken == ["mainframe-type", "non-ram-in-ram-deck"]


def test_every_violation_is_listed_at_once():
    d = deck({"gutter-courier": 9, "no-such-card": 1, "quiet-hydra": 3, "marrow-duchess": 3},
             {"core-ram": 10, "ghost-cache": 5}, mainframe="nowhere")
    assert rules_broken(d) == [
        "unknown-card", "main-deck-size", "max-copies", "unknown-card", "max-legendary", "ram-deck-size", "max-special-ram",
    ]


def test_limits_come_from_the_rules():
    relaxed = NeuroscapeRules(main_deck_min=10, max_copies=9, ram_deck_size=10)
    assert rules_broken(deck({"gutter-courier": 9, "static-moth": 1}, {"core-ram": 10}), relaxed) == []
