"""Session odds of Neuroscape actions: what the next dice of this action hold, for the asking seat.

Whether an action is allowed, and where it takes the turn machine, is found by running the real
action once on a probe stream (its dice count down from their highest face; nothing is kept). Its events
then name the first random step the action reaches, and the odds are those of that step, computed
from the state as it stood when the step's dice were decided:

- `roll-off`: the winner among the living players;
- `draw` and `mulligan`: the cards the seat draws from its own deck, from what it may know of it;
- any other action (`pass`, `choose-first`, `deploy`, `attack`…): the stability check (each card at
  risk crashing) or the psychosis check (each psychotic character attacking its controller) it
  reaches, by the turn machine moving on or by an effect it sets off; or that it rolls no dice.

Only that first step is covered: a step whose dice would come after it (what a crash sets off)
depends on how its dice fell. A first step of another kind (a random discard, a draw from another
seat's deck, a look at a deck's top) is refused as `neuroscape/odds-not-covered`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.dice.odds import Odds, rolls_nothing
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.actions import act_for
from service.systems.neuroscape.rules.odds import draw_odds, psychosis_odds, ram_draw_odds, roll_off_odds, stability_odds
from service.systems.neuroscape.rules.piles import put_bottom
from service.systems.neuroscape.state import Event, NeuroscapeState, player
from service.systems.neuroscape.wire.actions import NeuroscapeActionBase
from service.systems.neuroscape.wire.opening import (
    NeuroscapeChooseFirstAction,
    NeuroscapeDrawAction,
    NeuroscapeMulliganAction,
    NeuroscapeRollOffAction,
)
from service.systems.neuroscape.wire.passing import NeuroscapePassAction

_DICE_EVENTS = frozenset({"roll-off", "crashed", "survived", "psychosis", "drew", "discarded", "looked-at-top", "ram-played"})


class _Probe(Stream):
    """A stream whose dice count down from their highest face (20, 19, …), so that a roll-off's first
    round settles: enough to follow where an action goes, never to decide what it gives."""

    rolled = 0

    def __post_init__(self) -> None:
        pass  # its dice are not drawn from the seed: no key or prefix to encode

    def roll(self, sides: int) -> int:
        self.rolled += 1
        return sides - (self.rolled - 1) % sides


def _probe(state: NeuroscapeState, action: str, params: NeuroscapeActionBase, actor: Actor) -> list[Event]:
    """The events of the action, refused exactly as the action itself would be."""
    _, result = act_for(state, action, params, _Probe(seed="odds-probe", scope="odds", nonce=0), actor)
    events: list[Event] = result["events"]
    return events


def _first_step(events: Sequence[Event]) -> list[Event]:
    """The events of the first random step: its first dice event and those of the same kind after it."""
    first = next((i for i, event in enumerate(events) if _rolled_for(event)), None)
    if first is None:
        return []
    kinds = {"crashed", "survived"} if events[first]["kind"] in ("crashed", "survived") else {events[first]["kind"]}
    step = []
    for event in events[first:]:
        if event.get("kind") in kinds:
            step.append(event)
        elif _rolled_for(event):
            break
    return step


def _rolled_for(event: Event) -> bool:
    """Whether dice picked what this event tells (a draw of no cards rolls none)."""
    return event.get("kind") in _DICE_EVENTS and not (event.get("kind") == "drew" and not event.get("amount"))


def _not_covered(kind: str) -> Exception:
    return E.refuse(E.ODDS_NOT_COVERED, f"the first dice this action rolls are for {kind!r}, which the odds do not cover")


def no_dice() -> Odds:
    """The answer of an action that rolls no dice: the same for every one (`rolls_nothing`)."""
    return rolls_nothing()


def step_odds(state: NeuroscapeState, action: str, params: NeuroscapeActionBase, actor: Actor) -> Odds:
    """The odds of the first random step this action reaches (see the module's docstring)."""
    step = _first_step(_probe(state, action, params, actor))
    if not step:
        return no_dice()
    kind = step[0]["kind"]
    if kind in ("crashed", "survived"):
        return stability_odds([event["instance"] for event in step], state.rules.crash_on_or_below)
    if kind == "psychosis":
        return psychosis_odds([(event["instance"], int(event["amount"])) for event in step])
    if kind == "roll-off":
        return roll_off_odds([event["seat"] for event in step if event["amount"] == 1])
    raise _not_covered(kind)


def odds_of(action: str) -> Callable[[NeuroscapeState, NeuroscapeActionBase, Actor], Odds]:
    """The session odds of one action: those of the first random step it reaches."""

    def odds(state: NeuroscapeState, params: NeuroscapeActionBase, actor: Actor) -> Odds:
        return step_odds(state, action, params, actor)

    odds.__name__ = odds.__qualname__ = f"{action.replace('-', '_')}_odds"
    return odds


def roll_off_odds_at_table(state: NeuroscapeState, params: NeuroscapeRollOffAction, actor: Actor) -> Odds:
    return step_odds(state, "roll-off", params, actor)


def pass_odds(state: NeuroscapeState, params: NeuroscapePassAction, actor: Actor) -> Odds:
    return step_odds(state, "pass", params, actor)


def choose_first_odds(state: NeuroscapeState, params: NeuroscapeChooseFirstAction, actor: Actor) -> Odds:
    return step_odds(state, "choose-first", params, actor)


def draw_odds_at_table(state: NeuroscapeState, params: NeuroscapeDrawAction, actor: Actor) -> Odds:
    """The main-deck cards the seat is about to draw, then the RAM cards it plays from its RAM deck."""
    _probe(state, "draw", params, actor)
    seat = player(state, actor.seat)
    main = draw_odds(seat.deck, actor.seat, params.main)
    if not params.ram:
        return main
    ram = ram_draw_odds(seat.ram_deck, params.ram)
    return Odds.of(main.distributions, ram) if params.main else Odds.of(ram)


def mulligan_odds(state: NeuroscapeState, params: NeuroscapeMulliganAction, actor: Actor) -> Odds:
    """The cards drawn for those put under the deck (which come back only once the rest is drawn)."""
    _probe(state, "mulligan", params, actor)
    deck = put_bottom(player(state, actor.seat).deck, list(params.bottom))
    return draw_odds(deck, actor.seat, len(params.bottom))
