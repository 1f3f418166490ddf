"""Reading a handler's signature: its input and output models, and what kind of form it is.

A game writes handlers over its own typed state and models; `declare` turns them into the
registry's uniform forms over the stored JSON state. The signatures it reads:

    stateless   (params: In, stream: Stream) -> Out          random: seed, clientSeed, audit
                (params: In) -> Out                          deterministic
    session     (state: S, params: In, stream: Stream, actor: Actor) -> tuple[S, Out]
                (state: S, params: In, actor: Actor) -> tuple[S, Out]       draws nothing
    session read (read=True)
                (state: S, params: In, actor: Actor) -> Out
    odds        (params: In) -> Odds                          the stateless input, no seed
    session odds (state: S, params: In, actor: Actor) -> Odds

`S` is the system's `state` model (loaded from the stored JSON before the call and dumped
after it) or `dict` for a system that keeps its state as plain JSON.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from service.dice.memo import ByIdentity, computed_alone, over_state
from service.dice.stream import Stream

if TYPE_CHECKING:
    from service.registry import Actor, Apply, Mechanic, Query, Resolve, System

Handler = Callable[..., Any]


class _Signature:
    """A handler's parameters by name, with their resolved annotations."""

    def __init__(self, handler: Handler) -> None:
        hints = typing.get_type_hints(handler)
        self.names = list(inspect.signature(handler).parameters)
        self.types = [hints.get(name) for name in self.names]
        self.returns = hints.get("return")
        self.where = f"{handler.__module__}.{handler.__qualname__}"

    @property
    def draws(self) -> bool:
        return Stream in self.types

    def model(self, position: int) -> type[BaseModel]:
        annotation = self.types[position] if position < len(self.types) else None
        assert isinstance(annotation, type) and issubclass(annotation, BaseModel), (
            f"{self.where}: parameter {position + 1} must be annotated with a model"
        )
        return annotation


def _model(annotation: Any, where: str) -> type[BaseModel]:
    assert isinstance(annotation, type) and issubclass(annotation, BaseModel), f"{where}: annotate the output model"
    return annotation


def _output(returns: Any, where: str, given: type[BaseModel] | None) -> type[BaseModel]:
    if given is not None:
        return given
    return _model(returns, where)


# -- the stored state -------------------------------------------------------------------


def load_state(model: type[BaseModel] | None, stored: dict[str, Any]) -> Any:
    """The typed state from its stored JSON (trusted: lists fill tuples, as the JSON had them)."""
    return stored if model is None else model.model_validate(stored, strict=False)


# The typed state each recent write returned, by the stored JSON it was dumped to. The session
# keeps that very JSON object with its last commit and hands it to the next write, which then
# takes the typed state as it was instead of validating the JSON again (for a Neuroscape match,
# the larger part of a write's own cost). Keyed by identity, and checked to be that object.
_TYPED: ByIdentity[Any] = ByIdentity(256)


def _typed(model: type[BaseModel], stored: dict[str, Any], *, keep: bool = False) -> Any:
    """The typed state kept for that very JSON, or validated from it (and kept, with `keep`)."""
    found = _TYPED.find(stored)
    if found is None:
        found = load_state(model, stored)
        if keep:
            _TYPED.keep(stored, found)
    return found


def _typed_or_loaded(model: type[BaseModel] | None, stored: dict[str, Any]) -> Any:
    """The typed state of a reader: kept from the write that stored it, when this is that very JSON, or
    from the reader before (a shared read hands the same JSON to every reader of one commit)."""
    return stored if model is None else _typed(model, stored, keep=True)


def _keep_typed(stored: dict[str, Any], typed: Any) -> None:
    _TYPED.keep(stored, typed)


def dump_state(model: type[BaseModel] | None, state: Any) -> dict[str, Any]:
    if model is None:
        return typing.cast("dict[str, Any]", state)  # a handler over the stored JSON state returns it as JSON
    assert isinstance(state, model), f"a handler returned {type(state).__name__}, not {model.__name__}"
    return state.model_dump(mode="json", by_alias=True)


def _state_model(system: System, sig: _Signature) -> type[BaseModel] | None:
    annotation = sig.types[0] if sig.types else None
    if annotation is dict or typing.get_origin(annotation) is dict:
        return None
    assert system.state is not None and annotation is system.state, (
        f"{sig.where}: the first parameter is the state, `{system.state.__name__ if system.state else 'dict'}`"
    )
    return system.state


def stored_view(system: System, view: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """A view written over the typed state, as one over the stored state (identity for `dict`)."""
    sig = _Signature(view)
    model = _state_model(system, sig)
    if model is None:
        return view
    takes_closed = "closed" in sig.names

    def over_stored(state: dict[str, Any], actor: Actor | None, closed: bool = False) -> dict[str, Any]:
        typed = load_state(model, state)
        return view(typed, actor, closed=closed) if takes_closed else view(typed, actor)

    return over_stored


def stored_start(system: System, start: Handler) -> Callable[..., dict[str, Any]]:
    """A first state made typed, dumped as it is stored, the typed state kept for that very JSON."""
    model = system.state
    if model is None:
        return start
    takes_seats = "seats" in inspect.signature(start).parameters

    def first(setup: Any, seats: list[Actor] | None = None) -> dict[str, Any]:
        state = start(setup, seats=seats or []) if takes_seats else start(setup)
        stored = dump_state(model, state)
        _keep_typed(stored, state)  # as a write keeps its state: the session's first read skips validating it
        return stored

    if takes_seats:
        return first
    return lambda setup: first(setup)


# -- the forms --------------------------------------------------------------------------


def _stateless(handler: Handler, sig: _Signature) -> Resolve:
    if sig.draws:
        return handler
    return lambda params, stream: handler(params)


def _write(model: type[BaseModel] | None, handler: Handler, sig: _Signature) -> Apply:
    draws = sig.draws

    def apply(state: dict[str, Any], params: Any, stream: Stream, actor: Actor) -> tuple[dict[str, Any], Any]:
        if model is None:
            return handler(state, params, stream, actor) if draws else handler(state, params, actor)  # type: ignore[no-any-return]
        typed = _typed(model, state)
        new, result = handler(typed, params, stream, actor) if draws else handler(typed, params, actor)
        stored = dump_state(model, new)
        _keep_typed(stored, new)
        return stored, result

    return apply


def _read(model: type[BaseModel] | None, handler: Handler) -> Query:
    def query(state: dict[str, Any], params: Any, actor: Actor) -> Any:
        return handler(load_state(model, state), params, actor)

    return query


def _odds_over_stored(system: System, handler: Handler) -> Callable[[dict[str, Any], Any, Actor], Any]:
    model = _state_model(system, _Signature(handler))

    name = f"{handler.__module__}.{getattr(handler, '__qualname__', None) or repr(handler)}"

    def odds(state: dict[str, Any], params: Any, actor: Actor) -> Any:
        # Pure in the stored state, the input and the seat: the same three answer from the remembered odds.
        return over_state(name, state, (params, actor), lambda: handler(_typed_or_loaded(model, state), params, actor))

    return odds


def declare(
    system: System,
    name: str,
    summary: str,
    description: str,
    *,
    stateless: Handler | None,
    session: Handler | None,
    read: bool,
    any_system: bool,
    errors: tuple[str, ...] | None,
    output: type[BaseModel] | None,
    odds: Handler | None = None,
    session_odds: Handler | None = None,
) -> Mechanic:
    from service.registry import Mechanic

    assert stateless or session, f"{system.id}/{name} needs a stateless or a session handler"
    assert odds is None or stateless is not None, f"{system.id}/{name}: stateless odds need a stateless form"
    assert session_odds is None or session is not None, f"{system.id}/{name}: session odds need a session form"
    fields: dict[str, Any] = {}
    if odds is not None:
        # Pure in its input: the API remembers its answer by the whole request and the roll budget
        # (`service.api.odds.AnswerCache`), so what the odds call beneath is not remembered again.
        fields["odds"] = computed_alone(odds)
    if session_odds is not None:
        fields["session_odds"] = _odds_over_stored(system, session_odds)
    if stateless is not None:
        sig = _Signature(stateless)
        fields.update(
            input=sig.model(0),
            output=_output(sig.returns, sig.where, output),
            resolve=_stateless(stateless, sig),
            random=sig.draws,
        )
    if session is not None:
        sig = _Signature(session)
        model = _state_model(system, sig)
        session_input = sig.model(1)
        if read:
            assert not sig.draws, f"{sig.where}: a read draws nothing"
            session_output = _output(sig.returns, sig.where, output)
            fields["query"] = _read(model, session)
        else:
            returned = typing.get_args(sig.returns) if typing.get_origin(sig.returns) is tuple else ()
            assert len(returned) == 2, f"{sig.where}: a session write returns tuple[state, output]"
            session_output = _output(returned[1], sig.where, output)
            fields["apply"] = _write(model, session, sig)
            fields["session_random"] = sig.draws
        fields.setdefault("input", session_input)
        fields.setdefault("output", session_output)
        fields.update(session_input=session_input, session_output=session_output)
    return Mechanic(
        system=system.id,
        name=name,
        summary=summary,
        description=description,
        read=read,
        any_system=any_system,
        errors=errors,
        **fields,
    )
