"""Building reaction odds against the draw itself, and the screen against its slots built one by one.

Over district types, sections, bypasses, volunteered categories, control values, earlier blues and the
table's side, the odds equal a walk of the draw (`resolve_building_reaction`) through every face of
its dice: the colour drawn, the reaction that follows and the control value after it.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from service.dice.memo import set_enabled
from service.dice.walk import marginal, walk
from service.errors import RuleViolation
from service.systems.desert.moves import reactions
from service.systems.desert.rules.categories import CATEGORIES, REQUIREMENTS
from service.systems.desert.rules.reaction_odds import reaction_label
from service.systems.desert.rules.screen import player_screen, section_blues
from service.systems.desert.wire.reactions import DesertBuildingReactionInput
from service.systems.desert.wire.screen import DesertScreen, DesertScreenSlot

SETS = {"positive": ["display", "welcome", "open up"], "negative": ["tag", "call", "disable"]}


def _cases() -> list[dict[str, object]]:
    rng = random.Random(41)
    out: list[dict[str, object]] = []
    for n in range(160):
        body: dict[str, object] = {"control": rng.randint(0, 6), "bluesBefore": rng.randint(0, 4)}
        if n % 2:
            kind = rng.randint(1, 6)
            body["districtType"] = kind
            watched = list(CATEGORIES[:kind])
        else:
            watched = [rng.choice(CATEGORIES) for _ in range(rng.randint(0, 5))]
            body["checkboxes"] = watched
        free = [c for c in CATEGORIES if c not in watched]
        bypassed = rng.sample(sorted(set(watched)), min(len(set(watched)), rng.randint(0, 2)))
        volunteered = rng.sample(free, min(len(free), rng.randint(0, 3)))
        if n % 10 == 0:  # now and then a category that is not free, or one bypassed more often than watched
            volunteered.append(rng.choice(CATEGORIES))
            bypassed.append(rng.choice(CATEGORIES))
        body["bypassed"], body["volunteered"] = bypassed, volunteered
        side = rng.choice((None, "positive", "negative"))
        if side is not None:
            body["onBlue"] = side
        if rng.random() < 0.5:
            body["reactions"] = SETS
        out.append(body)
    return out


@pytest.mark.parametrize("body", _cases())
def test_building_odds_equal_a_walk_of_the_draw(body: dict[str, object]) -> None:
    params = DesertBuildingReactionInput.model_validate(body)
    try:
        walked = walk(lambda stream: (lambda d: (d.drawn, reaction_label(d.reaction), d.control_after))(reactions.resolve_building_reaction(params, stream)))
    except RuleViolation:
        with pytest.raises(RuleViolation):
            reactions.building_reaction_odds(params)
        return
    set_enabled(False)
    try:
        odds = reactions.building_reaction_odds(params)
    finally:
        set_enabled(True)
    for position, name in enumerate(("drawn", "reaction", "controlAfter")):
        assert {k: p for k, p in odds[name].chances if p} == marginal(walked, lambda outcome, at=position: outcome[at])
        assert sum(p for _, p in odds[name].chances) == Fraction(1)


@pytest.mark.parametrize("bypassed", [[], ["tracking"], ["tracking", "access"], ["network", "network"]])
def test_the_screen_equals_its_slots_built_one_by_one(bypassed: list[str]) -> None:
    for checked in ([], ["tracking"], ["tracking", "tracking", "access", "network"], list(CATEGORIES)):
        blues, red = section_blues(checked), section_blues(bypassed)
        if any(red.get(c, 0) > blues.get(c, 0) for c in CATEGORIES):
            with pytest.raises(RuleViolation):
                player_screen("section", blues, red)
            continue
        slots = [
            DesertScreenSlot(
                category=c,
                requirement=f"say {REQUIREMENTS[c]}",
                blue=blues.get(c, 0) - red.get(c, 0),
                red=red.get(c, 0),
                free=blues.get(c, 0) == 0,
                statement_required=blues.get(c, 0) - red.get(c, 0) > 0,
            )
            for c in CATEGORIES
        ]
        expected = DesertScreen(source="section", categories=slots, required_statements=[s.category for s in slots if s.statement_required])
        assert player_screen("section", blues, red) == expected
