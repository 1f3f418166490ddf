"""Negative states a character carries, damage categories among them.

Damage categories are negative states a character holds at most once each: suffering one
already held gives the next worse one not yet held. Other negative states (radiation
sickness, deep cold…) are added and cured by the Narrator, once each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import damage
from service.systems.neurosystem.wire.table import NeurosystemCharacter


MAX_OTHER_STATES = 40  # besides the 7 damage categories, so a character carries at most 47


def normalized(states: Sequence[str]) -> list[str]:
    """States as stored: damage categories by their canonical names, each state once."""
    out: list[str] = []
    seen: set[str] = set()
    for state in states:
        name = damage.state_key(state) if damage.severity(state) is not None else " ".join(state.split())
        key = damage.state_key(name)
        if key in seen:
            raise errors.refuse(errors.DUPLICATE_STATE, f"negative state {state!r} is listed twice")
        seen.add(key)
        out.append(name)
    _bounded(out)
    return out


def _bounded(states: Sequence[str]) -> None:
    if sum(1 for state in states if damage.severity(state) is None) > MAX_OTHER_STATES:
        raise errors.refuse(
            errors.TABLE_FULL, f"a character carries at most {MAX_OTHER_STATES} negative states besides damage",
        )


def holds(states: Sequence[str], state: str) -> bool:
    key = damage.state_key(state)
    return any(damage.state_key(held) == key for held in states)


def gain_damage(states: Sequence[str], level: int, *, mechanical: bool) -> tuple[list[str], str | None]:
    """(states afterwards, category gained): the one hit or the next worse one not yet held."""
    gained = damage.suffered(damage.held_levels(states), level)
    if gained is None:
        return list(states), None
    name = damage.label(gained, mechanical=mechanical)
    assert name is not None  # gained is at least 1
    return [*states, name], name


def is_dying(states: Sequence[str]) -> bool:
    held = damage.held_levels(states)
    return damage.DYING in held and not held & {damage.DEAD, damage.DESTROYED}


def is_dead(states: Sequence[str]) -> bool:
    """Dead, shut down or destroyed: the story of this character is over."""
    return bool(damage.held_levels(states) & {damage.DEAD, damage.DESTROYED})


def require_alive(who: NeurosystemCharacter) -> None:
    """Dead, shut down or destroyed characters make no more checks."""
    if is_dead(who.negative_states):
        raise errors.refuse(errors.CHARACTER_DEAD, f"{who.id} is dead or destroyed and makes no more checks")


def dying_is_mechanical(states: Sequence[str]) -> bool:
    return any(damage.severity(s) == damage.DYING and damage.is_mechanical(s) for s in states)


def take_damage(who: NeurosystemCharacter, level: int, *, mechanical: bool) -> tuple[NeurosystemCharacter, str | None]:
    """Damage lands on a character; one who starts dying starts counting dying scenes afresh."""
    was_dying = is_dying(who.negative_states)
    states, gained = gain_damage(who.negative_states, level, mechanical=mechanical)
    update: dict[str, Any] = {"negative_states": states}
    if not was_dying and damage.severity(gained or "") == damage.DYING:
        update |= {"scenes_dying": 0, "death_span": 0, "death_measured_scene": None}
    return who.model_copy(update=update), gained


def add_state(who: NeurosystemCharacter, state: str) -> NeurosystemCharacter:
    if damage.severity(state) is not None:
        raise errors.refuse(
            errors.DAMAGE_NEEDS_DAMAGE_RULES,
            f"{state!r} is a damage category: use take-damage (or defend), which applies the holding rule",
        )
    if holds(who.negative_states, state):
        raise errors.refuse(errors.STATE_ALREADY_HELD, f"{who.id} already carries {state!r}")
    after = [*who.negative_states, " ".join(state.split())]
    _bounded(after)
    return who.model_copy(update={"negative_states": after})


def remove_state(who: NeurosystemCharacter, state: str) -> NeurosystemCharacter:
    """Cure a negative state; curing dying clears the Death Measure count."""
    if not holds(who.negative_states, state):
        raise errors.refuse(errors.STATE_NOT_HELD, f"{who.id} does not carry {state!r}")
    key = damage.state_key(state)
    update: dict[str, Any] = {"negative_states": [s for s in who.negative_states if damage.state_key(s) != key]}
    if damage.severity(state) == damage.DYING:
        update |= {"scenes_dying": 0, "death_span": 0, "death_measured_scene": None}
    return who.model_copy(update=update)
