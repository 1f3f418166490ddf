"""The match's state: one typed model, stored as the JSON it dumps to (camelCase, as the wire).

Every part is frozen and every sequence a tuple: a rule never changes a state, it returns a new
one built with `model_copy(update=...)` (the `with_…` helpers below), so a refusal raised half-way
leaves the match exactly as it was. Parts no action changes (`rules`, `pool`, `deckLists`) are
shared between a state and the next.

A card gets an instance id (`c17`) when it enters play, never before: `new_id` hands them out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Literal, Self

from pydantic import Field, model_validator

from service.model import Model as _Model
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.wire.cards import GearSlotName, NeuroscapeAbility

# One happening of an action (`kind`, `seat`, `card`, ...), as the wire shows it.
Event = dict[str, Any]

SlotName = Literal["top", "left", "right"]
SLOT_NAMES: tuple[SlotName, ...] = ("top", "left", "right")
RamStatus = Literal["available", "spent", "committed"]



_new = object.__new__
_set = object.__setattr__  # a frozen model's own setattr refuses: its parts are set as pydantic sets them


class Model(_Model):
    """The state's parts: frozen models whose shallow copy with changes (`model_copy(update=...)`, how
    every rule makes the next state) is made directly, as pydantic makes it for a model with no extra
    and no private attributes: the fields' dict copied and updated, the changed names added to the
    fields set. An action makes dozens of such copies."""

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        if deep or self.__pydantic_extra__ is not None or self.__pydantic_private__ is not None:
            return super().model_copy(update=update, deep=deep)
        copied = _new(type(self))
        fields = self.__dict__.copy()
        names = self.__pydantic_fields_set__.copy()
        if update:
            fields.update(update)
            names.update(update)
        _set(copied, "__dict__", fields)
        _set(copied, "__pydantic_extra__", None)
        _set(copied, "__pydantic_fields_set__", names)
        _set(copied, "__pydantic_private__", None)
        return copied


# -- cards in play -------------------------------------------------------------------------


class Ram(Model):
    """A RAM card on its mainframe: `available`, `spent` (run this turn) or `committed` to the card `for` names."""

    id: str
    card: str
    owner: str
    status: RamStatus
    for_: str | None = Field(alias="for")


class Gear(Model):
    """Cyberware attached to a character; `commits` is the RAM it keeps committed."""

    id: str
    card: str
    owner: str
    commits: int
    tether_to: str | None = None  # a tether: the other character it joins, while both are in play


class Character(Model):
    id: str
    card: str
    owner: str
    running: bool
    damage: int
    gear: dict[GearSlotName, Gear]
    entered_turn: int
    commits: int
    # Tethers that also take up a gear slot of this character; each is kept (and counted) once, in
    # the `gear` of the other character it joins (whose `tetherTo` names this one).
    tethers: dict[GearSlotName, Gear] = {}


class SlotCard(Model):
    """A protocol, virus or trojan in a mainframe slot (a trojan face-down)."""

    id: str
    card: str
    owner: str
    face_down: bool
    played_turn: int
    commits: int


class Environment(Model):
    id: str
    card: str
    owner: str
    commits: int


InPlay = Gear | Character | SlotCard | Environment  # what leaves play to a recycle bin

# -- players -------------------------------------------------------------------------------


class Deck(Model):
    """A main deck: cards its owner has looked at on `top` (in order), an unordered pile (card id ->
    copies), and the ordered cards put under it."""

    pile: dict[str, int]
    bottom: tuple[str, ...]
    top: tuple[str, ...] = ()
    known: dict[str, int] = Field(default_factory=dict)  # seat -> how many of `top` (from the top) it has looked at


class Mainframe(Model):
    card: str


class DeckEntry(Model):
    card: str
    count: int


class DeckList(Model):
    """The deck list a player sat down with, as checked when the match was made (only its owner sees it)."""

    mainframe: str
    main: tuple[DeckEntry, ...]
    ram: tuple[DeckEntry, ...]


class Player(Model):
    mainframe: Mainframe
    bioframe: int
    mainframe_health: int
    slots: dict[SlotName, SlotCard | None]
    characters: tuple[Character, ...]
    ram: tuple[Ram, ...]
    hand: tuple[str, ...]
    deck: Deck
    ram_deck: dict[str, int]
    recycle_bin: tuple[str, ...]
    opening_drawn: bool
    mulliganed: bool
    eliminated: str | None


# -- the table -----------------------------------------------------------------------------


class Attack(Model):
    """An attacker, the seat it goes for, its blockers in damage order, and whether psychosis sent it."""

    attacker: str
    target: str
    blockers: tuple[str, ...]
    psychotic: bool


class Battle(Model):
    attacks: tuple[Attack, ...] = ()


class Effect(Model):
    """A lasting ATK/DEF change on the character `target`: `end-of-turn` ones expire in the final stage,
    `while-in-play` ones last while their `source` is in play."""

    kind: str
    source: str | None = None
    until: str | None = None
    target: str | None = None
    attack: int = 0
    defense: int = 0


class OrderItem(Model):
    """A swift action waiting on the order of operations: who played it, from which card and
    instance (`source`, none for a script), which of the card's abilities, its chosen target, and
    whether its signs were swapped."""

    id: str
    seat: str
    card: str
    source: str | None
    ability: int
    target: str | None
    inverted: bool = False


class Operations(Model):
    """The order of operations: `items` bottom to top; `priority` may respond or pass; `passes` in a
    row so far; `resume` is whom the match waited for before the order opened."""

    items: tuple[OrderItem, ...]
    priority: str
    passes: int
    resume: tuple[str, ...]
    next: int
    resolving: bool = False  # resolving top down (popped as they resolve); paused while a choice waits
    countered: tuple[str, ...] = ()  # items a resolved counter took off the order


class PendingTrigger(Model):
    """A triggered ability set off and waiting to resolve: its id (`t3`), its controller, the card and
    instance carrying it, what set it off, which of the card's abilities, and the batch it was set off
    in (triggers of one batch went off at once); `ordered` once nobody needs to order it any more."""

    id: str
    seat: str
    card: str
    instance: str | None
    trigger: str
    ability: int
    batch: int
    ordered: bool


class Continuation(Model):
    """The rest of an ability that stopped for a choice: its effects from `start` on resolve after it."""

    seat: str
    ability: NeuroscapeAbility
    start: int
    source: str | None
    target: str | None
    inverted: bool


class LookedAt(Model):
    """A deck whose top `count` cards the looker puts back in an order it chooses."""

    deck: str
    count: int


class Choice(Model):
    """A decision the match waits for before anything else happens: `arrange-top` (the looker puts the
    top cards of `decks` back in an order it names) or `order-triggers` (a seat orders its `triggers`,
    set off at once). `resume` is whom the match waited for before; `rest` what the ability that asked
    still has to do."""

    kind: Literal["arrange-top", "order-triggers"]
    seat: str
    decks: tuple[LookedAt, ...] = ()
    triggers: tuple[str, ...] = ()
    resume: tuple[str, ...] = ()
    rest: Continuation | None = None


class RollOff(Model):
    rounds: tuple[dict[str, int], ...]  # each round's d20 by seat; ties roll again
    winner: str


class Outcome(Model):
    winner: str | None
    reason: str


class Flow(Model):
    """Where the match is (`step` of the turn machine), whose turn it is, and whom it waits for."""

    stage: str
    substage: str
    step: int
    turn: int
    active: str | None
    awaiting: tuple[str, ...]


class PoolSpec(Model):
    """The match's card pool: the starter pool (`key` None), or submitted cards (their JSON and its digest)."""

    key: str | None
    cards: tuple[dict[str, Any], ...] | None
    include_starter: bool


class NeuroscapeState(Model):
    rules: NeuroscapeRules
    pool: PoolSpec
    order: tuple[str, ...]
    players: dict[str, Player]
    deck_lists: dict[str, DeckList]
    environment: Environment | None
    battle: Battle
    effects: tuple[Effect, ...]
    roll_off: RollOff | None
    outcome: Outcome | None
    next_instance: int
    flow: Flow
    operations: Operations | None = None
    used_abilities: tuple[str, ...] = ()  # characters whose activated ability was used since their refresh
    choice: Choice | None = None  # a decision the match waits for before anything else happens
    triggers: tuple[PendingTrigger, ...] = ()  # triggered abilities set off and not yet resolved, in order
    triggers_set_off: int = 0  # hands out trigger ids (`t1`, `t2`...)
    extra_turns: tuple[str, ...] = ()  # seats owed a turn after the current one, first first
    regular_turn: str | None = None  # whose regular turn the extra turns came after (the rotation goes on from it)

    @model_validator(mode="before")
    @classmethod
    def _without_draw_audits(cls, stored: Any) -> Any:
        """A state stored before the dice of secret draws were left to the log kept them as
        `drawAudits`: the log entries of those draws hold the same dice, so they are dropped."""
        if isinstance(stored, dict) and "drawAudits" in stored:
            return {k: v for k, v in stored.items() if k != "drawAudits"}
        return stored


# -- lookups -------------------------------------------------------------------------------


def player(state: NeuroscapeState, seat: str) -> Player:
    return state.players[seat]


def living(state: NeuroscapeState) -> list[str]:
    """Players still in the match, in turn order."""
    return [seat for seat in state.order if state.players[seat].eliminated is None]


def opponents(state: NeuroscapeState, seat: str) -> list[str]:
    return [other for other in living(state) if other != seat]


def characters(state: NeuroscapeState) -> Iterator[tuple[str, Character]]:
    """(controller, character) for every character in play."""
    for seat, p in state.players.items():
        for character in p.characters:
            yield seat, character


def find_character(state: NeuroscapeState, instance_id: str) -> tuple[str, Character] | None:
    for seat, character in characters(state):
        if character.id == instance_id:
            return seat, character
    return None


def slot_cards(state: NeuroscapeState) -> Iterator[tuple[str, SlotName, SlotCard]]:
    """(mainframe's seat, slot name, card) for every filled slot."""
    for seat, p in state.players.items():
        for name in SLOT_NAMES:
            entry = p.slots[name]
            if entry is not None:
                yield seat, name, entry


# -- updates -------------------------------------------------------------------------------


def with_player(state: NeuroscapeState, seat: str, p: Player) -> NeuroscapeState:
    return state.model_copy(update={"players": {**state.players, seat: p}})


def update_player(state: NeuroscapeState, seat: str, **changes: Any) -> NeuroscapeState:
    return with_player(state, seat, state.players[seat].model_copy(update=changes))


def with_flow(state: NeuroscapeState, **changes: Any) -> NeuroscapeState:
    return state.model_copy(update={"flow": state.flow.model_copy(update=changes)})


def with_character(state: NeuroscapeState, seat: str, character: Character) -> NeuroscapeState:
    """The controller's character of the same id replaced by `character`."""
    p = state.players[seat]
    kept = tuple(character if c.id == character.id else c for c in p.characters)
    return with_player(state, seat, p.model_copy(update={"characters": kept}))


def with_attacks(state: NeuroscapeState, attacks: tuple[Attack, ...]) -> NeuroscapeState:
    return state.model_copy(update={"battle": state.battle.model_copy(update={"attacks": attacks})})


def new_id(state: NeuroscapeState) -> tuple[NeuroscapeState, str]:
    """The next instance id, and the state that has handed it out."""
    number = state.next_instance
    return state.model_copy(update={"next_instance": number + 1}), f"c{number}"
