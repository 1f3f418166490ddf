"""A small game declared the one way every system is: typed state, an error table, one mechanic of each kind."""

from __future__ import annotations

from pydantic import Field

from service.dice.stream import Stream
from service.errors import Code, refusal
from service.model import Model
from service.registry import Actor, system

TOO_MUCH = "toy/too-much"
ERRORS = {TOO_MUCH: Code(409, "The pile would pass its cap", "A pile holds at most `cap` counters.")}


class ToyState(Model):
    cap: int
    total: int = 0
    flips: tuple[int, ...] = ()  # kept as a tuple: stored JSON gives a list back


class ToySetup(Model):
    cap: int = Field(10, ge=1)


def start(setup: ToySetup | None) -> ToyState:
    return ToyState(cap=(setup or ToySetup()).cap)


def view(state: ToyState, actor: Actor | None) -> dict:
    return {"total": state.total, "flips": list(state.flips), "seenBy": actor.seat if actor else None}


TOY = system("toy", "A toy pile of counters", state=ToyState, setup=ToySetup, start=start, view=view, errors=ERRORS)


class Flip(Model):
    sides: int = Field(6, ge=2, le=100)


class Flipped(Model):
    face: int


def flip(params: Flip, stream: Stream) -> Flipped:
    return Flipped(face=stream.roll(params.sides))


def flip_in_session(state: ToyState, params: Flip, stream: Stream, actor: Actor) -> tuple[ToyState, Flipped]:
    flipped = flip(params, stream)
    return state.model_copy(update={"flips": (*state.flips, flipped.face)}), flipped


class Add(Model):
    amount: int = Field(ge=0, le=1000)
    total: int = 0
    cap: int = 10


class Sum(Model):
    total: int


def add(params: Add) -> Sum:
    if params.total + params.amount > params.cap:
        raise refusal(ERRORS, TOO_MUCH, f"{params.total} + {params.amount} is over the cap of {params.cap}")
    return Sum(total=params.total + params.amount)


def add_in_session(state: ToyState, params: Add, actor: Actor) -> tuple[ToyState, Sum]:
    summed = add(params.model_copy(update={"total": state.total, "cap": state.cap}))
    return state.model_copy(update={"total": summed.total}), summed


class TallyQuery(Model):
    times: int = Field(1, ge=1, le=5)


class Tally(Model):
    total: int
    flips: int


def tally(params: TallyQuery) -> Tally:
    return Tally(total=0, flips=0)


def tally_in_session(state: ToyState, params: TallyQuery, actor: Actor) -> Tally:
    return Tally(total=state.total * params.times, flips=len(state.flips))


TOY.mechanic("flip", "Flip a die", stateless=flip, session=flip_in_session)
TOY.mechanic("add", "Add counters to the pile", stateless=add, session=add_in_session, errors=(TOO_MUCH,))
TOY.mechanic("tally", "Count the pile", stateless=tally, session=tally_in_session, read=True)


class PeekQuery(Model):
    counter: int = Field(ge=0)  # required: a GraphQL argument that must be given


def peek_in_session(state: ToyState, params: PeekQuery, actor: Actor) -> Tally:
    return Tally(total=state.total, flips=state.flips.count(params.counter))


TOY.mechanic("peek", "Count the flips that showed one face", session=peek_in_session, read=True)
