"""A two-character table and the helpers that run session rules on it without HTTP.

The table is kept as the session stores it (JSON), and each rule runs on the typed state loaded
from it, as the registry runs it: a test may read and set the stored fields directly.
"""

from __future__ import annotations

import copy
import inspect

import pytest

from service.errors import RuleViolation
from service.declare import dump_state, load_state
from service.registry import Actor
from service.systems.eclipse.setup import EclipseSetup, first_state
from service.systems.eclipse.state import EclipseState
from support.dice import ScriptedStream

from .sheets import ANA, GUARD

GM = Actor("seat-1", "gm", "gm")
ANA_SEAT = Actor("seat-2", "ana", "player")


def stored(setup: EclipseSetup) -> dict:
    """The first state of a session with this setup, as the session stores it."""
    return dump_state(EclipseState, first_state(setup))


def table(**rules) -> dict:
    return stored(EclipseSetup.model_validate({"rules": rules, "characters": [ANA, GUARD]}))


def typed(state: dict) -> EclipseState:
    return load_state(EclipseState, state)


def call(fn, state: dict, params, stream: ScriptedStream, actor: Actor):
    """A session rule on the typed state, given the stream only if it draws (its signature says so)."""
    if "stream" in inspect.signature(fn).parameters:
        new, out = fn(typed(state), params, stream, actor)
    else:
        new, out = fn(typed(state), params, actor)
    return dump_state(EclipseState, new), out


def act(fn, state: dict, model, body: dict, *faces: int, actor: Actor = GM):
    """Run one session rule with scripted dice; the given state must come back untouched."""
    before = copy.deepcopy(state)
    stream = ScriptedStream(*faces)
    new, out = call(fn, state, model.model_validate(body), stream, actor)
    assert state == before, "the given state is never changed"
    assert stream.exhausted
    return new, out


def refused(fn, state: dict, model, body: dict, actor: Actor = GM) -> RuleViolation:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as caught:
        call(fn, state, model.model_validate(body), ScriptedStream(*[50] * 10), actor)
    assert state == before
    return caught.value
