"""The battle stage: psychosis, attackers, blockers and their order, and damage.

An attack is `{attacker, target, blockers, psychotic}`: the attacking character, the seat
whose bioframe it goes for, the defending characters in the order the attacker deals damage
to them, and whether psychosis made it attack its own controller. Damage comes in two
simultaneous waves, blitz characters first; an attacker deals each blocker in turn just enough
to destroy it, and what is left over (all of it, when unblocked) overruns to the bioframe.
"""

from __future__ import annotations

from collections import defaultdict

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.zones import attack_of, card_of, defense_of, leave_play, psychosis_level
from service.systems.neuroscape.state import (
    Attack,
    Character,
    Event,
    NeuroscapeState,
    find_character,
    opponents,
    player,
    update_player,
    with_attacks,
    with_character,
)


def _attackers(state: NeuroscapeState) -> set[str]:
    return {attack.attacker for attack in state.battle.attacks}


def _blocking(state: NeuroscapeState) -> set[str]:
    return {b for attack in state.battle.attacks for b in attack.blockers}


def possible_attackers(state: NeuroscapeState, seat: str) -> list[str]:
    attacking = _attackers(state)
    return [c.id for c in player(state, seat).characters if not c.running and c.id not in attacking]


def possible_blockers(state: NeuroscapeState, seat: str) -> list[str]:
    may_run = state.rules.running_characters_may_block
    busy = _attackers(state) | _blocking(state)
    return [c.id for c in player(state, seat).characters if (may_run or not c.running) and c.id not in busy]


def defenders(state: NeuroscapeState) -> list[str]:
    """Seats under attack that have a character able to block, in turn order."""
    targets = {attack.target for attack in state.battle.attacks}
    return [seat for seat in state.order if seat in targets and possible_blockers(state, seat)]


def unordered(state: NeuroscapeState) -> list[Attack]:
    """Attacks with several blockers: their attacker's player orders them."""
    return [attack for attack in state.battle.attacks if len(attack.blockers) > 1]


def _with_attack(state: NeuroscapeState, attack: Attack) -> NeuroscapeState:
    """The battle's attack by the same attacker replaced by `attack`."""
    return with_attacks(state, tuple(attack if a.attacker == attack.attacker else a for a in state.battle.attacks))


def _attacking(state: NeuroscapeState, seat: str, character: Character, attack: Attack) -> NeuroscapeState:
    state = with_character(state, seat, character.model_copy(update={"running": True}))
    return with_attacks(state, (*state.battle.attacks, attack))


# -- psychosis -------------------------------------------------------------------------


PSYCHOSIS_DIE = 20


def snaps(face: int, level: int) -> bool:
    """A psychosis check's d20 at or below the character's psychotic level: it attacks its own controller."""
    return face <= level


def psychosis_check(state: NeuroscapeState, seat: str, stream: Stream, events: list[Event]) -> NeuroscapeState:
    """Each psychotic, not running character of the active player rolls a d20; at or below its
    psychotic level it attacks its own controller (who may block it)."""
    for character in player(state, seat).characters:
        level = psychosis_level(character, state)
        if character.running or level <= 0:
            continue
        face = stream.roll(PSYCHOSIS_DIE)
        snapped = snaps(face, level)
        events.append({"kind": "psychosis", "seat": seat, "instance": character.id, "amount": level, "faces": [face]})
        if snapped:
            state = _attacking(state, seat, character, Attack(attacker=character.id, target=seat, blockers=(), psychotic=True))
            events.append({"kind": "attacks", "seat": seat, "instance": character.id, "target": seat, "reason": "psychosis"})
    return state


# -- declarations ----------------------------------------------------------------------


def _own_character(state: NeuroscapeState, seat: str, instance_id: str, role: str) -> Character:
    found = find_character(state, instance_id)
    if found is None:
        raise E.refuse(E.UNKNOWN_CARD, f"no character {instance_id!r} is in play")
    controller, character = found
    if controller != seat:
        raise E.refuse(E.NOT_YOUR_CARD, f"{instance_id} is {controller}'s character; you {role} with characters you control")
    return character


def declare_attacks(
    state: NeuroscapeState, seat: str, attacks: list[tuple[str, str | None]], events: list[Event]
) -> NeuroscapeState:
    seen: set[str] = set()
    for attacker_id, target in attacks:
        character = _own_character(state, seat, attacker_id, "attack")
        if attacker_id in seen or attacker_id in _attackers(state):
            raise E.refuse(E.NAMED_TWICE, f"{attacker_id} is named as an attacker twice")
        if character.running:
            raise E.refuse(E.RUNNING, f"{attacker_id} is running and cannot attack until it refreshes")
        others = opponents(state, seat)
        if target is None:
            if len(others) != 1:
                raise E.refuse(E.WRONG_TARGET, f"name a target for {attacker_id}: one of {', '.join(others)}")
            target = others[0]
        elif target not in others:
            raise E.refuse(E.WRONG_TARGET, f"{attacker_id} can attack a living opponent: one of {', '.join(others)}")
        seen.add(attacker_id)
        state = _attacking(state, seat, character, Attack(attacker=attacker_id, target=target, blockers=(), psychotic=False))
        events.append({"kind": "attacks", "seat": seat, "instance": attacker_id, "target": target})
    return state


def declare_blocks(state: NeuroscapeState, seat: str, blocks: list[tuple[str, str]], events: list[Event]) -> NeuroscapeState:
    may_run = state.rules.running_characters_may_block
    used = _blocking(state) | _attackers(state)
    for blocker_id, attacker_id in blocks:
        character = _own_character(state, seat, blocker_id, "block")
        if blocker_id in used:
            raise E.refuse(E.ALREADY_BLOCKING, f"{blocker_id} already attacks or blocks; a character blocks one attacker")
        if character.running and not may_run:
            raise E.refuse(E.RUNNING, f"{blocker_id} is running; running characters do not block")
        attack = next((a for a in state.battle.attacks if a.target == seat and a.attacker == attacker_id), None)
        if attack is None:
            raise E.refuse(E.NOT_ATTACKING, f"{attacker_id} is not attacking you in this battle")
        used.add(blocker_id)
        state = _with_attack(state, attack.model_copy(update={"blockers": (*attack.blockers, blocker_id)}))
        events.append({"kind": "blocks", "seat": seat, "instance": blocker_id, "target": attacker_id})
    return state


def order_blockers(state: NeuroscapeState, orders: list[tuple[str, list[str]]]) -> NeuroscapeState:
    several = {a.attacker for a in unordered(state)}
    for attacker_id, blockers in orders:
        attack = next((a for a in state.battle.attacks if a.attacker == attacker_id), None)
        if attack is None or attacker_id not in several:
            raise E.refuse(E.NOT_ATTACKING, f"{attacker_id} is not an attacker with several blockers")
        if sorted(blockers) != sorted(attack.blockers):
            raise E.refuse(E.BAD_ORDER, f"order exactly the blockers of {attacker_id}: {', '.join(attack.blockers)}")
        state = _with_attack(state, attack.model_copy(update={"blockers": tuple(blockers)}))
    return state


# -- damage ----------------------------------------------------------------------------


def resolve_damage(state: NeuroscapeState, events: list[Event]) -> NeuroscapeState:
    for blitz in (True, False):
        state = _strike(state, blitz, events)
    return state


def _is_blitz(state: NeuroscapeState, character: Character) -> bool:
    return "blitz" in card_of(state, character.card).keywords


def _strike(state: NeuroscapeState, blitz: bool, events: list[Event]) -> NeuroscapeState:
    """One simultaneous wave: everything is computed from the state before any of it lands."""
    hits: dict[str, int] = defaultdict(int)
    to_bioframe: list[tuple[str, str, int]] = []
    for attack in state.battle.attacks:
        found = find_character(state, attack.attacker)
        if found is None:
            continue
        _, attacker = found
        blockers = [f[1] for b in attack.blockers if (f := find_character(state, b)) is not None]
        if _is_blitz(state, attacker) == blitz:
            left = attack_of(attacker, card_of(state, attacker.card), state)
            for blocker in blockers:
                lethal = max(0, defense_of(blocker, card_of(state, blocker.card), state) - blocker.damage - hits[blocker.id])
                dealt = min(left, lethal)
                hits[blocker.id] += dealt
                left -= dealt
            if left > 0:
                to_bioframe.append((attack.target, attacker.id, left))
        for blocker in blockers:
            if _is_blitz(state, blocker) == blitz:
                hits[attacker.id] += attack_of(blocker, card_of(state, blocker.card), state)
    for instance_id, amount in hits.items():
        found = find_character(state, instance_id)
        if found is None or amount <= 0:
            continue
        controller, character = found
        state = with_character(state, controller, character.model_copy(update={"damage": character.damage + amount}))
        events.append({"kind": "damage", "seat": controller, "instance": instance_id, "amount": amount})
    for seat, attacker_id, amount in to_bioframe:
        state = update_player(state, seat, bioframe=player(state, seat).bioframe - amount)
        events.append({"kind": "bioframe-damage", "seat": seat, "instance": attacker_id, "amount": amount})
    for instance_id in list(hits):
        found = find_character(state, instance_id)
        if found is None:
            continue
        controller, character = found
        if character.damage >= defense_of(character, card_of(state, character.card), state):
            state, _ = leave_play(state, instance_id)
            events.append({"kind": "destroyed", "seat": controller, "instance": instance_id, "card": character.card})
    return state
