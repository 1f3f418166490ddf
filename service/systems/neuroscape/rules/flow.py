"""The turn machine: stages and substages as a fixed list of steps, advanced like a queue.

`state.flow` says where the match is (`step`, `stage`, `substage`), whose turn it is
(`active`, `turn`) and who must act (`awaiting`). After every action `advance` runs, as
boardgame.io's flow does: check the end of the game, then whether the current step is done
(nobody is awaited), and if so enter the next step. Entering a step either waits for someone
(a decision) or does its work at once and moves on (an automatic step); the last step of a
turn hands the turn on (to an extra turn first, if one is owed). Triggered abilities a step
sets off (card-effect, end of turn) wait in the queue of `triggers` and resolve before the next
step; a choice (`choices`) stops the machine until it is made. A loop guard turns a machine
that never settles into a loud bug.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from service.dice.stream import Stream
from service.systems.neuroscape.rules.battle import defenders, possible_attackers, psychosis_check, resolve_damage, unordered
from service.systems.neuroscape.rules.piles import deck_size
from service.systems.neuroscape.rules.ram import refresh, stability_check
from service.systems.neuroscape.rules.triggers import card_effect, end_of_turn, run_queue
from service.systems.neuroscape.rules.winning import check_game_end, eliminate
from service.systems.neuroscape.rules.zones import owned_persistent
from service.systems.neuroscape.state import (
    Event,
    NeuroscapeState,
    living,
    opponents,
    player,
    update_player,
    with_attacks,
    with_flow,
)

State = NeuroscapeState
Enter = Callable[[State, Stream, list[Event]], State]


@dataclass(frozen=True, slots=True)
class Step:
    stage: str
    substage: str
    enter: Enter
    actions: frozenset[str] = frozenset()  # what the awaited seats may do here (besides conceding)
    decisive: bool = False  # entering it can change health, eliminate or move cards: check the game's end after


def _await(state: State, seats: list[str]) -> State:
    awaiting = tuple(seats)
    choice = state.choice
    if choice is not None:  # the choice comes first: the step waits for these seats after it
        return state.model_copy(update={"choice": choice.model_copy(update={"resume": awaiting})})
    return state if awaiting == state.flow.awaiting else with_flow(state, awaiting=awaiting)


def stand_down(state: State, seat: str) -> State:
    """The seat has made its decision: the match no longer waits for it."""
    return with_flow(state, awaiting=tuple(s for s in state.flow.awaiting if s != seat))


def _active(state: State) -> str:
    active = state.flow.active
    assert active is not None, "a turn's step runs with an active player"
    return active


# -- setup -----------------------------------------------------------------------------


def _opening_hands(state: State, stream: Stream, events: list[Event]) -> State:
    return _await(state, [s for s in living(state) if not player(state, s).mulliganed])


def _roll_off(state: State, stream: Stream, events: list[Event]) -> State:
    return _await(state, living(state))


def _choose_first(state: State, stream: Stream, events: list[Event]) -> State:
    assert state.roll_off is not None
    return _await(state, [state.roll_off.winner])


# -- maintenance -----------------------------------------------------------------------


def _card_effect(state: State, stream: Stream, events: list[Event]) -> State:
    # The active player's card-effect triggers are queued; `advance` resolves them before moving on.
    return _await(card_effect(state, _active(state)), [])


def _stability(state: State, stream: Stream, events: list[Event]) -> State:
    state = stability_check(state, _active(state), stream, events, state.rules.crash_on_or_below)
    return _await(state, [])


def _force_quit(state: State, stream: Stream, events: list[Event]) -> State:
    seat = _active(state)
    return _await(state, [seat] if owned_persistent(state, seat) else [])


def _draw(state: State, stream: Stream, events: list[Event]) -> State:
    seat = _active(state)
    if deck_size(player(state, seat).deck) == 0:
        return eliminate(state, seat, "empty-main-deck", events)
    return _await(state, [seat])


def _refresh(state: State, stream: Stream, events: list[Event]) -> State:
    seat = _active(state)
    p = refresh(player(state, seat))
    state = update_player(state, seat, ram=p.ram, characters=tuple(c.model_copy(update={"running": False}) for c in p.characters))
    if state.used_abilities:  # the seat's characters may activate again
        mine = {c.id for c in p.characters}
        state = state.model_copy(update={"used_abilities": tuple(i for i in state.used_abilities if i not in mine)})
    return _await(state, [])


def _swift_check(state: State, stream: Stream, events: list[Event]) -> State:
    # Never ask "who could act": that depends on hands and would reveal them.
    always = state.rules.swift_checks == "always"
    return _await(state, opponents(state, _active(state)) if always else [])


# -- primary, battle, secondary --------------------------------------------------------


def _deploy(state: State, stream: Stream, events: list[Event]) -> State:
    return _await(state, [_active(state)])


def _psychosis(state: State, stream: Stream, events: list[Event]) -> State:
    state = psychosis_check(state, _active(state), stream, events)
    return _await(state, [])


def _attack(state: State, stream: Stream, events: list[Event]) -> State:
    seat = _active(state)
    return _await(state, [seat] if possible_attackers(state, seat) else [])


def _battle_swift_check(state: State, stream: Stream, events: list[Event]) -> State:
    # The swift checks around blocks and damage only matter in a battle that has attackers.
    if state.battle.attacks:
        return _swift_check(state, stream, events)
    return _await(state, [])


def _block(state: State, stream: Stream, events: list[Event]) -> State:
    return _await(state, defenders(state))


def _order_blockers(state: State, stream: Stream, events: list[Event]) -> State:
    return _await(state, [_active(state)] if unordered(state) else [])


def _damage(state: State, stream: Stream, events: list[Event]) -> State:
    if state.battle.attacks:
        state = resolve_damage(state, events)
    return _await(state, [])


# -- final -----------------------------------------------------------------------------


def _remove_damage(state: State, stream: Stream, events: list[Event]) -> State:
    players = {
        seat: p.model_copy(update={"characters": tuple(c.model_copy(update={"damage": 0}) for c in p.characters)})
        for seat, p in state.players.items()
    }
    return _await(state.model_copy(update={"players": players}), [])


def _expire(state: State, stream: Stream, events: list[Event]) -> State:
    # End-of-turn triggers are queued and resolve before the pass-turn step expires this turn's effects.
    return _await(end_of_turn(state), [])


def _expire_effects(state: State) -> State:
    effects = tuple(effect for effect in state.effects if effect.until != "end-of-turn" and _lasts(state, effect.target))
    return with_attacks(state.model_copy(update={"effects": effects}), ())


def _lasts(state: State, instance_id: str | None) -> bool:
    return instance_id is not None and any(c.id == instance_id for p in state.players.values() for c in p.characters)


def next_seat(state: State, seat: str) -> str:
    """The next living player after `seat` in turn order (`seat` itself may be out)."""
    order = state.order
    start = order.index(seat)
    for offset in range(1, len(order) + 1):
        candidate = order[(start + offset) % len(order)]
        if player(state, candidate).eliminated is None:
            return candidate
    return seat


def _pass_turn(state: State, stream: Stream, events: list[Event]) -> State:
    """This turn's effects expire; the next turn is an extra turn owed (first granted first), else the
    next player's after whoever had the regular turn the extra turns came after.

    A seat eliminated before its extra turn loses it (and those it was owed after it); the turn then
    passes as if it had never been granted.
    """
    state = _expire_effects(state)
    regular = state.regular_turn or _active(state)
    owed = [seat for seat in state.extra_turns if player(state, seat).eliminated is None]
    if owed:
        state = state.model_copy(update={"extra_turns": tuple(owed[1:]), "regular_turn": regular})
        events.append({"kind": "extra-turn-taken", "seat": owed[0]})
        return start_turn(state, owed[0], state.flow.turn + 1, events)
    if state.extra_turns or state.regular_turn is not None:
        state = state.model_copy(update={"extra_turns": (), "regular_turn": None})
    return start_turn(state, next_seat(state, regular), state.flow.turn + 1, events)


def start_turn(state: State, seat: str, turn: int, events: list[Event]) -> State:
    """Make `seat` active for turn `turn`; the next advance enters its maintenance stage."""
    events.append({"kind": "turn-started", "seat": seat, "amount": turn})
    return with_flow(state, active=seat, turn=turn, step=FIRST_TURN_STEP - 1, awaiting=())


_SWIFT = frozenset({"activate", "play-script", "activate-trojan", "play-drug"})
_DEPLOY = frozenset({"deploy", "pass"}) | _SWIFT
_PASS = frozenset({"pass"}) | _SWIFT

STEPS: tuple[Step, ...] = (
    Step("setup", "opening-hand", _opening_hands, frozenset({"draw", "mulligan"})),
    Step("setup", "roll-off", _roll_off, frozenset({"roll-off"})),
    Step("setup", "choose-first", _choose_first, frozenset({"choose-first"})),
    Step("maintenance", "card-effect", _card_effect),
    Step("maintenance", "stability-check", _stability, decisive=True),
    Step("maintenance", "force-quit", _force_quit, frozenset({"force-quit", "pass"})),
    Step("maintenance", "draw", _draw, frozenset({"draw"}), decisive=True),
    Step("maintenance", "refresh", _refresh),
    Step("maintenance", "swift-check", _swift_check, _PASS),
    Step("primary", "deploy", _deploy, _DEPLOY),
    Step("primary", "swift-check", _swift_check, _PASS),
    Step("battle", "psychosis-check", _psychosis),
    Step("battle", "attack", _attack, frozenset({"attack", "pass"})),
    Step("battle", "swift-check", _battle_swift_check, _PASS),
    Step("battle", "block", _block, frozenset({"block", "pass"})),
    Step("battle", "order-blockers", _order_blockers, frozenset({"order-blockers", "pass"})),
    Step("battle", "swift-check", _battle_swift_check, _PASS),
    Step("battle", "damage", _damage, decisive=True),
    Step("battle", "swift-check", _battle_swift_check, _PASS),
    Step("secondary", "deploy", _deploy, _DEPLOY),
    Step("secondary", "swift-check", _swift_check, _PASS),
    Step("final", "remove-damage", _remove_damage),
    Step("final", "expire-effects", _expire, decisive=True),
    Step("final", "pass-turn", _pass_turn),
)
FIRST_TURN_STEP = next(i for i, step in enumerate(STEPS) if step.stage == "maintenance")
FINAL_STEP = next(i for i, step in enumerate(STEPS) if step.stage == "final")
_GUARD = 4 * len(STEPS)


def abandon_choice(state: State, stream: Stream, events: list[Event]) -> State:
    """The seat the match waited for is out: its choice is dropped (the cards stay as they are, its
    triggers leave the queue with it) and the work it held up goes on."""
    from service.systems.neuroscape.rules.choices import settle

    return settle(state, stream, events)


def current_step(state: State) -> Step | None:
    flow = state.flow
    return None if flow.stage == "over" else STEPS[flow.step]


def advance(state: State, stream: Stream, events: list[Event]) -> State:
    """Run automatic steps until the match waits for someone or is over.

    The end of the game is checked first (the action may have decided it), then after every
    step that can change health or move cards; a step that only sets who is awaited cannot.
    """
    check = True
    for _ in range(_GUARD):
        if check:
            state, over = check_game_end(state, events)
            if over:
                return state.model_copy(update={"choice": None, "triggers": ()}) if state.choice or state.triggers else state
        if state.choice is not None:
            if player(state, state.choice.seat).eliminated is None:
                return state  # nothing else happens until the choice is made
            state = abandon_choice(state, stream, events)
            check = True
            continue
        if state.triggers:
            state = run_queue(state, stream, events)
            check = True
            continue
        flow = state.flow
        active = flow.active
        if active is not None and player(state, active).eliminated is not None and flow.step < FINAL_STEP:
            # The active player is out: the rest of its turn is skipped and the turn passes on.
            state = with_flow(state, step=FINAL_STEP - 1, awaiting=())
        if state.flow.substage == "choose-first" and active is None and not state.flow.awaiting:
            # The roll-off winner left before choosing: the choice passes to the next player.
            assert state.roll_off is not None
            winner = next_seat(state, state.roll_off.winner)
            state = _await(state.model_copy(update={"roll_off": state.roll_off.model_copy(update={"winner": winner})}), [winner])
        if state.flow.awaiting:
            return state
        step = STEPS[state.flow.step + 1]
        state = with_flow(state, step=state.flow.step + 1, stage=step.stage, substage=step.substage)
        state = step.enter(state, stream, events)
        check = step.decisive
    raise RuntimeError("the turn machine did not settle; this is a bug")
