"""The combat tracker: initiative order, rounds, whose turn it is, and the action economy.

The tracker is an `NcbCombatView`, kept in the session as it is shown: the round, whose turn it
is, the order and the current turn's economy, and whose reactions are spent. On its turn a
combatant has one action, one
bonus action, its movement and (until it spends it) one reaction; the reaction comes back
at the start of its own next turn. Ties in initiative go to the higher bonus, then the
higher Dexterity, then whoever was listed first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from service.frozen import quick_init
from service.systems.ncb.rules.d20 import RollMode, roll_d20
from service.systems.ncb.wire.combat import NcbCombatView, NcbEconomy, NcbOrderSlot
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.errors import (
    ACTION_USED,
    BONUS_ACTION_USED,
    MOVEMENT_EXHAUSTED,
    NOT_IN_COMBAT,
    NOT_YOUR_TURN,
    REACTION_USED,
    refuse,
)

Slot = Literal["action", "bonus-action", "reaction"]
_ECONOMY_FIELD = {"action": "action", "bonus-action": "bonus_action"}
_USED_CODE = {"action": ACTION_USED, "bonus-action": BONUS_ACTION_USED}
_SPOKEN = {"action": "an action", "bonus-action": "a bonus action"}


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    id: str
    bonus: int  # Dexterity modifier + initiative bonuses, exhaustion already taken off
    dexterity: int = 10
    mode: RollMode = "normal"


@quick_init
@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    id: str
    faces: tuple[int, ...]
    natural: int
    mode: RollMode
    bonus: int
    total: int
    dexterity: int


def roll_initiative(stream: DiceStream, entries: list[InitiativeEntry]) -> list[InitiativeRoll]:
    """d20 + initiative bonus for each entry, rolled in the order given, returned ranked."""
    rolls = []
    for e in entries:
        faces, natural = roll_d20(stream, e.mode)
        rolls.append(InitiativeRoll(e.id, faces, natural, e.mode, e.bonus, initiative_total(e, natural), e.dexterity))
    return ranked(rolls)


def initiative_total(entry: InitiativeEntry, natural: int) -> int:
    """An entry's initiative from the die that counts: what the roll records and the odds read per natural."""
    return natural + entry.bonus


def ranked(rolls: list[InitiativeRoll]) -> list[InitiativeRoll]:
    # A stable sort: full ties keep the order they were listed in.
    return sorted(rolls, key=roll_rank)


def roll_rank(roll: InitiativeRoll) -> tuple[int, int, int]:
    """Where a roll ranks in the order, first first: higher total, then higher bonus, then higher Dexterity."""
    return -roll.total, -roll.bonus, -roll.dexterity


def _slot(roll: InitiativeRoll) -> NcbOrderSlot:
    return NcbOrderSlot(id=roll.id, initiative=roll.total, bonus=roll.bonus, dexterity=roll.dexterity)


def _rank(slot: NcbOrderSlot) -> tuple[int, int, int]:
    return -slot.initiative, -slot.bonus, -slot.dexterity


def fresh_economy(speed: int) -> NcbEconomy:
    return NcbEconomy(action=False, bonus_action=False, movement=speed, movement_used=0, death_save=False)


def begin(rolls: list[InitiativeRoll]) -> NcbCombatView:
    order = [_slot(r) for r in rolls]
    return NcbCombatView(
        round=1, turn=0, current=order[0].id, order=order, economy=fresh_economy(0), reactions_used=[]
    )


def start_turn(combat: NcbCombatView, speed: int) -> NcbCombatView:
    """The current combatant's turn begins: a fresh economy and its reaction back."""
    reactions = [i for i in combat.reactions_used if i != combat.current]
    return combat.model_copy(update={"economy": fresh_economy(speed), "reactions_used": reactions})


def ids(combat: NcbCombatView) -> list[str]:
    return [slot.id for slot in combat.order]


def join(combat: NcbCombatView, roll: InitiativeRoll) -> NcbCombatView:
    """A newcomer takes its place by initiative; the turn stays with whoever has it."""
    others = sorted(combat.order, key=_rank)
    at = ahead_of(others, roll)
    slots = [*others[:at], _slot(roll), *others[at:]]
    return combat.model_copy(update={"order": slots, "turn": [s.id for s in slots].index(combat.current)})


def ahead_of(order: list[NcbOrderSlot], roll: InitiativeRoll) -> int:
    """How many of `order` stand ahead of a newcomer with this roll once it joins: those ranked ahead of it
    and those level with it (the order is a stable sort, so a newcomer stands behind its equals)."""
    rank = roll_rank(roll)
    return sum(1 for slot in order if _rank(slot) <= rank)


def leave(combat: NcbCombatView, who: str) -> NcbCombatView | None:
    """Drop a combatant from the order; None when nobody is left. Its turn passes on if it had it."""
    order = [s for s in combat.order if s.id != who]
    if not order:
        return None
    if combat.current == who:
        turn = combat.turn % len(order)
        update = {"order": order, "turn": turn, "current": order[turn].id, "economy": fresh_economy(0)}
        return combat.model_copy(update=update)
    return combat.model_copy(update={"order": order, "turn": [s.id for s in order].index(combat.current)})


def advance(combat: NcbCombatView, takes_turns: Callable[[str], bool]) -> tuple[NcbCombatView | None, bool]:
    """Pass the turn to the next combatant that still takes turns; (None, _) if none does.

    Returns the new tracker (economy not yet refreshed: see `start_turn`) and whether a new
    round began.
    """
    order = combat.order
    turn, new_round = combat.turn, False
    for _ in range(len(order)):
        turn += 1
        if turn >= len(order):
            turn, new_round = 0, True
        if takes_turns(order[turn].id):
            round_ = combat.round + (1 if new_round else 0)
            return combat.model_copy(update={"turn": turn, "current": order[turn].id, "round": round_}), new_round
    return None, new_round


def require_member(combat: NcbCombatView, who: str) -> None:
    if who not in ids(combat):
        raise refuse(NOT_IN_COMBAT, f"{who} has no place in the initiative order of this combat")


def require_turn(combat: NcbCombatView, who: str, what: str) -> None:
    require_member(combat, who)
    if combat.current != who:
        raise refuse(
            NOT_YOUR_TURN,
            f"{what} only on {who}'s own turn; it is {combat.current}'s turn",
            current=combat.current,
        )


def spend(combat: NcbCombatView, who: str, slot: Slot) -> NcbCombatView:
    """Spend one action, bonus action or reaction; spending one twice is refused."""
    if slot == "reaction":
        require_member(combat, who)
        if who in combat.reactions_used:
            raise refuse(REACTION_USED, f"{who} already used its reaction; it returns at the start of its next turn")
        return combat.model_copy(update={"reactions_used": [*combat.reactions_used, who]})
    require_turn(combat, who, f"{_SPOKEN[slot]} is taken")
    spent = combat.economy.action if slot == "action" else combat.economy.bonus_action
    if spent:
        raise refuse(_USED_CODE[slot], f"{who} already used its {slot.replace('-', ' ')} this turn")
    economy = combat.economy.model_copy(update={_ECONOMY_FIELD[slot]: True})
    return combat.model_copy(update={"economy": economy})


def move(combat: NcbCombatView, who: str, feet: int) -> NcbCombatView:
    require_turn(combat, who, "movement happens")
    economy = combat.economy
    left = economy.movement - economy.movement_used
    if feet > left:
        raise refuse(MOVEMENT_EXHAUSTED, f"{who} has {left} ft of movement left this turn, not {feet}", left=left)
    used = economy.model_copy(update={"movement_used": economy.movement_used + feet})
    return combat.model_copy(update={"economy": used})


def dash(combat: NcbCombatView, speed: int) -> NcbCombatView:
    """Dashing adds the combatant's speed to this turn's movement."""
    economy = combat.economy
    return combat.model_copy(update={"economy": economy.model_copy(update={"movement": economy.movement + speed})})


def death_save_rolled(combat: NcbCombatView) -> NcbCombatView:
    """The current turn's death save is spent."""
    return combat.model_copy(update={"economy": combat.economy.model_copy(update={"death_save": True})})
