"""A two-character table and the helpers that run session rules on it without HTTP."""

from __future__ import annotations

import copy
import inspect

import pytest

from service.errors import RuleViolation
from service.registry import Actor
from service.systems.eclipse.setup import EclipseSetup, first_state
from support.dice import ScriptedStream

from .sheets import ANA, GUARD

GM = Actor("seat-1", "gm", "gm")
ANA_SEAT = Actor("seat-2", "ana", "player")


def table(**rules) -> dict:
    return first_state(EclipseSetup.model_validate({"rules": rules, "characters": [ANA, GUARD]}))


def call(fn, state: dict, params, stream: ScriptedStream, actor: Actor):
    """A session rule, given the stream only if it draws (its signature says so)."""
    if "stream" in inspect.signature(fn).parameters:
        return fn(state, params, stream, actor)
    return fn(state, params, actor)


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
