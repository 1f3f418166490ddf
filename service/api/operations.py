"""Every operation of the API, declared once, served by both the REST and GraphQL adapters.

Platform operations (sessions, verify, catalog) are written here; one stateless and/or
one session operation is derived from each registered mechanic. An operation's `run`
returns the wire form (camelCase, JSON-ready); the adapters only translate.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
import dataclasses
from dataclasses import dataclass
import hashlib
import sys
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, RootModel, create_model

from service.dice.audit import AuditRecord, record_dict
from service.dice.entropy import fresh_seed
from service.dice.stream import Stream
from service.dice.verify import VerifyRequest, VerifyResult, verify
from service.errors import STATELESS_REFUSAL, Code, Problem
from service.model import Model
from service.registry import Actor, Mechanic, Registry
from service.sessions import models as sm
from service.sessions.doc import SessionDoc
from service.sessions.idempotency import recall, remember, stateless_key
from service.sessions.service import LogRead, Sessions, Transition
from service.sessions.store import Store


@dataclass(slots=True)
class Call:
    """What an adapter learned from the request, plus the services an operation needs."""

    sessions: Sessions
    store: Store
    idempotency_ttl_ms: int
    session_id: str | None = None
    token: str | None = None
    expected_version: int | None = None
    idempotency_key: str | None = None
    client: str = ""  # whose a stateless Idempotency-Key is (`Clients.idempotency_scope`), when one is sent

    @property
    def session(self) -> str:
        """The session a session operation acts on (its path and its GraphQL field require the id)."""
        assert self.session_id is not None, "only session operations read the session"
        return self.session_id


@dataclass(slots=True)
class Reply:
    body: dict[str, Any]
    version: int | None = None  # becomes the ETag
    location: str | None = None  # a created resource's path: the Location header
    tag: str | None = None  # a read's own ETag when it is not the session version (the log's)


Run = Callable[[Call, Any], Awaitable[Reply]]


@dataclass(frozen=True, slots=True)
class Operation:
    field: str  # the GraphQL field name; also the OpenAPI operationId
    kind: Literal["query", "mutation"]
    method: Literal["GET", "POST"]
    path: str
    summary: str
    tag: str
    input: type[BaseModel] | None
    output: type[BaseModel]
    run: Run
    session: bool = False  # `{sessionId}` in the path, bearer token expected
    versioned: bool = False  # honours If-Match / expectedVersion
    revalidated: bool = False  # a read with an ETag (the session version, or its `Reply.tag`): If-None-Match answers 304
    own_tag: bool = False  # the read's ETag is its `Reply.tag` (a digest of the page shown), not the session version
    status: int = 200
    errors: tuple[int, ...] = (422,)
    description: str = ""
    codes: dict[str, Code] = dataclasses.field(default_factory=dict)  # the game's refusal codes it may answer with
    # What OpenAPI publishes when it says more than the model checked at run time (a setup typed per system).
    published_input: Any = None
    published_output: Any = None
    graphql_only: bool = False  # a typed twin of a REST operation, served by GraphQL only
    picture: Callable[[dict[str, Any]], str] | None = None  # the answer drawn as SVG, for `Accept: image/svg+xml`
    computes_only: bool = False  # a POST that writes nothing and draws nothing: no Idempotency-Key to honour


def _pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in text.replace("-", " ").replace("_", " ").split())


def _camel(text: str) -> str:
    pascal = _pascal(text)
    return pascal[:1].lower() + pascal[1:]


# -- derived from mechanics ---------------------------------------------------------------

_SEED = {
    "seed": (str | None, Field(None, min_length=1, max_length=200, description="Reproducible seed; omit for a fresh one.")),
    "client_seed": (str, Field("", max_length=200, description="Your own entropy, mixed into every draw.")),
}


def _flat(model: type[BaseModel]) -> bool:
    """Every field a scalar, or a scalar or null: the input fits in a query string."""
    properties = model.model_json_schema().get("properties", {})
    return all(_scalar(prop) for prop in properties.values())


def _scalar(prop: dict[str, Any]) -> bool:
    options = prop.get("anyOf", [prop])
    return all(option.get("type") in ("string", "integer", "number", "boolean", "null") for option in options)


def _from_query(model: type[BaseModel], name: str) -> type[BaseModel]:
    """The model read from a query string, where every value arrives as text."""
    return type(name, (model,), {"model_config": {**model.model_config, "strict": False}, "__module__": model.__module__})


def _stateless(mech: Mechanic, codes: dict[str, Code]) -> Operation:
    stem = _pascal(mech.system) + _pascal(mech.name)
    get = mech.read and _flat(mech.input)
    if get:
        request = _from_query(mech.input, f"{stem}Request")
    else:
        request = create_model(f"{stem}Request", __base__=mech.input, **(_SEED if mech.random else {}))  # type: ignore[call-overload]  # fields made at run time
    audited = {"audit": (AuditRecord | None, None)} if mech.random else {}
    response = create_model(f"{stem}Response", __base__=Model, result=(mech.output, ...), **audited)  # type: ignore[call-overload]
    resolve = mech.resolve
    assert resolve is not None, f"{mech.key} has no stateless form"
    random = mech.random

    async def run(call: Call, params: Any) -> Reply:
        key = stateless_key(mech.key, call.client, call.idempotency_key) if call.idempotency_key else None
        if key:
            earlier = await recall(call.store, key, params.model_dump(mode="json"))
            if earlier is not None:
                return Reply(earlier)
        seed = (params.seed or fresh_seed()) if random else _NO_DRAWS
        stream = Stream(seed=seed, scope="stateless", nonce=0, client_seed=params.client_seed if random else "", limits=call.sessions.limits)
        try:
            result = resolve(params, stream)
        except Problem as refusal:  # the whole situation is in the request: a rule refusing it is the request's fault
            if 400 <= refusal.status < 500:
                refusal.status = STATELESS_REFUSAL
            raise
        assert random or not stream.draws, f"{mech.key} is declared deterministic but drew"
        call.sessions.on_draws(mech.system, len(stream.draws))
        body: dict[str, Any] = {"result": _wire(result)}
        if random:
            body["audit"] = record_dict(stream, reveal=True) if stream.draws else None
        if key:
            body = await remember(call.store, key, params.model_dump(mode="json"), body, call.idempotency_ttl_ms)
        return Reply(body)

    return Operation(
        field=_camel(mech.system) + _pascal(mech.name),
        kind="query" if mech.read else "mutation",
        method="GET" if get else "POST",
        path=f"/v1/{mech.system}/{mech.name}",
        summary=mech.summary,
        description=mech.description,
        tag=mech.system,
        input=request,
        output=response,
        run=run,
        # The request is invalid, or a rule refuses the situation it describes; with an Idempotency-Key
        # a POST reads and writes the store (503 when it does not answer).
        errors=(422, 503) if not get else (422,),
        codes={code: Code(STATELESS_REFUSAL, entry.title, entry.why) for code, entry in codes.items()},
    )


_NO_DRAWS = "deterministic"  # the seed of a stream no deterministic mechanic ever draws from


def _wire(result: Any) -> dict:
    """Handlers return a model, or (on hot paths) a dict already in wire form."""
    return result if isinstance(result, dict) else result.model_dump(mode="json", by_alias=True)


def _in_session(mech: Mechanic, codes: dict[str, Code]) -> Operation:
    stem = _pascal(mech.system) + _pascal(mech.name)
    session_input = mech.session_input or mech.input
    output = mech.session_output or mech.output
    result: Any = output | None  # a type made at run time
    response = create_model(f"{stem}SessionResponse", __base__=sm.ActionAnswer, result=(result, ...))
    apply = mech.apply
    assert apply is not None, f"{mech.key} has no session form"

    def transition_for(params: Any) -> Transition:
        def transition(doc: SessionDoc, actor: Actor, stream: Stream) -> tuple[SessionDoc, dict]:
            _same_system(mech, doc.system)
            state, result = apply(doc.state, params, stream, actor)
            return doc.with_state(state), _wire(result)

        return transition

    async def run(call: Call, params: Any) -> Reply:
        answer = await call.sessions.act(
            call.session,
            call.token,
            mech.key,
            transition_for(params),
            params=params.model_dump(mode="json", by_alias=True),
            expected_version=call.expected_version,
            idempotency_key=call.idempotency_key,
        )
        return Reply(answer, version=answer["version"])

    return Operation(
        field=_camel(mech.system) + _pascal(mech.name) + "InSession",
        kind="mutation",
        method="POST",
        path=f"/v1/sessions/{{sessionId}}/{mech.system}/{mech.name}",
        summary=f"{mech.summary} (in a session)",
        description=mech.description,
        tag=mech.system,
        input=session_input,
        output=response,
        run=run,
        session=True,
        versioned=True,
        errors=(401, 403, 404, 409, 412, 422, 503),
        codes=codes,
    )


def _same_system(mech: Mechanic, system: str) -> None:
    if system != mech.system and not mech.any_system:
        raise Problem("wrong-system", f"{mech.key} cannot act in a {system} session")


class SessionRead(Model):
    """What a read in a session answers: the version it read, and the mechanic's result."""

    session_id: str
    version: int


def _read_in_session(mech: Mechanic, codes: dict[str, Code]) -> Operation:
    """A read against a session: `GET`, no log entry, no new version."""
    stem = _pascal(mech.system) + _pascal(mech.name)
    session_input = mech.session_input or mech.input
    assert _flat(session_input), f"{mech.key}: a read in a session takes its input as query parameters"
    response = create_model(f"{stem}SessionRead", __base__=SessionRead, result=(mech.session_output or mech.output, ...))
    query = mech.query
    assert query is not None, f"{mech.key} has no session read"

    async def run(call: Call, params: Any) -> Reply:
        doc, actor = await call.sessions.read(call.session, call.token)
        _same_system(mech, doc.system)
        result = query(doc.state, params, actor)
        return Reply({"sessionId": doc.id, "version": doc.version, "result": _wire(result)}, version=doc.version)

    return Operation(
        field=_camel(mech.system) + _pascal(mech.name) + "InSession",
        kind="query",
        method="GET",
        path=f"/v1/sessions/{{sessionId}}/{mech.system}/{mech.name}",
        summary=f"{mech.summary} (in a session)",
        description=mech.description,
        tag=mech.system,
        input=_from_query(session_input, f"{stem}SessionQuery"),
        output=response,
        run=run,
        session=True,
        revalidated=True,
        errors=(401, 403, 404, 409, 422, 503),
        codes=codes,
    )


# -- platform -----------------------------------------------------------------------------


class MechanicInfo(Model):
    key: str
    system: str
    name: str
    summary: str
    rest: list[str]
    graphql: list[str]
    odds: bool = Field(description="The stateless form answers its exact odds (`POST /v1/{system}/{mechanic}/odds`).")
    session_odds: bool = Field(description="The session form answers its exact odds (`POST /v1/sessions/{sessionId}/{system}/{mechanic}/odds`).")


class Catalog(Model):
    systems: list[str]
    mechanics: list[MechanicInfo]


# `CreateSession` without its free-form `setup`: the body of a system that takes none.
_CreateSessionBase: type[BaseModel] = create_model(  # type: ignore[call-overload]  # fields made at run time
    "CreateSessionBase", __base__=Model, **{n: (f.annotation, f) for n, f in sm.CreateSession.model_fields.items() if n != "setup"}
)


@dataclass(frozen=True, slots=True)
class _Typed:
    """One system's typed session shapes: its `createSession` body, its session view and the creation answer."""

    system: str
    create: type[BaseModel]
    view: type[BaseModel]
    created: type[BaseModel]


def _view_model(registry: Registry, system_id: str) -> Any:
    """What a seat sees of a session's `state`: the model `{Game}View` of the game's `view` module when
    it declares one (the view differs from the state), else the state model, else a free-form object."""
    module = sys.modules.get(f"service.systems.{system_id}.view")
    declared = getattr(module, f"{_pascal(system_id)}View", None)
    if isinstance(declared, type) and issubclass(declared, BaseModel):
        return declared
    return registry.systems[system_id].state or dict[str, Any]


def _typed(registry: Registry) -> list[_Typed]:
    out = []
    for system_id in sorted(registry.systems):
        system = registry.systems[system_id]
        stem = _pascal(system_id)
        tag: Any = Literal[system_id]  # a type made at run time
        fields: dict[str, Any] = {"system": (tag, ...)}
        base: type[BaseModel] = _CreateSessionBase  # a system that takes no setup: the published body has none
        if system.setup is not None:
            base = sm.CreateSession
            fields["setup"] = (system.setup | None, Field(None, description=f"The table's setup; omitted, every default of {system.title}."))
        create: type[BaseModel] = create_model(f"{stem}CreateSession", __base__=base, __doc__=f"A {system.title} session.", **fields)
        view = create_model(
            f"{stem}SessionView", __base__=sm.SessionView, __doc__=f"A {system.title} session as your seat sees it.",
            system=(tag, ...), state=(_view_model(registry, system_id), ...),
        )
        created = create_model(f"{stem}SessionCreated", __base__=sm.SessionCreated, session=(view, ...))
        out.append(_Typed(system_id, create, view, created))
    return out


def _union(name: str, models: list[type[BaseModel]], doc: str) -> type[BaseModel]:
    """One of `models`, told apart by `system` (a discriminated union: `oneOf` with a `discriminator`)."""
    members: Any = Union[tuple(models)]  # noqa: UP007 - a union made at run time
    root: Any = RootModel[Annotated[members, Field(discriminator="system")]]
    return type(name, (root,), {"__doc__": doc, "__module__": sm.__name__})


def _typed_operations(typed: list[_Typed], create: Run, read: Run) -> list[Operation]:
    """Per system, `create{Game}Session` and `{game}Session`: GraphQL's typed twins of createSession and session."""
    ops = []
    for shapes in typed:
        stem, camel, system_id = _pascal(shapes.system), _camel(shapes.system), shapes.system

        async def read_typed(call: Call, params: None, system_id: str = system_id) -> Reply:
            reply = await read(call, params)
            if reply.body["system"] != system_id:
                raise Problem("wrong-system", f"session {call.session} is a {reply.body['system']} session, not {system_id}")
            return reply

        ops.append(Operation(
            f"create{stem}Session", "mutation", "POST", "/v1/sessions", f"Create a {shapes.system} session, its setup typed",
            "sessions", shapes.create, shapes.created, create, status=201, errors=(409, 422, 503), graphql_only=True,
        ))
        ops.append(Operation(
            f"{camel}Session", "query", "GET", "/v1/sessions/{sessionId}", f"Read a {shapes.system} session as your seat sees it, its state typed",
            "sessions", None, shapes.view, read_typed, session=True, errors=(401, 403, 404, 409, 503), graphql_only=True,
        ))
    return ops


def log_tag(session_id: str, start: int, limit: int, page: LogRead) -> str:
    """The ETag of a log page: a digest of what makes the page this seat is shown (the seat, the page
    asked for, how many entries it holds, whether more follow, whether the close has revealed them all).
    It changes when the page does and only then, and is made of nothing the seat does not see."""
    shown = f"{session_id}\n{page.actor.seat}\n{start}\n{limit}\n{len(page.entries)}\n{page.after}\n{page.closed}"
    return "log-" + hashlib.blake2b(shown.encode(), digest_size=12).hexdigest()


def _platform(registry: Registry, mechanic_ops: dict[str, list[Operation]]) -> list[Operation]:
    async def create(call: Call, params: Any) -> Reply:
        setup = getattr(params, "setup", None)
        if isinstance(setup, BaseModel):  # a typed setup (GraphQL's create{Game}Session): checked again as JSON
            setup = setup.model_dump(mode="json", by_alias=True)
        doc, issued = await call.sessions.create(
            params.system, [s.model_dump() for s in params.seats], params.client_seed, setup
        )
        view = call.sessions.view(doc, None)
        return Reply({"session": view, "seats": issued}, version=doc.version, location=f"/v1/sessions/{doc.id}")

    async def read(call: Call, params: None) -> Reply:
        doc, actor = await call.sessions.read(call.session, call.token)
        return Reply(call.sessions.view(doc, actor), version=doc.version)

    async def log(call: Call, params: sm.LogQuery) -> Reply:
        start = int(params.cursor or 0)
        page = await call.sessions.log(call.session, call.token, start, params.limit)
        body = {"entries": page.entries, "nextCursor": str(page.after) if page.after >= 0 else None}
        return Reply(body, tag=log_tag(call.session, start, params.limit, page))

    def seat_changer(name: str, transition_name: str) -> Run:
        async def run(call: Call, params: None) -> Reply:
            sessions = call.sessions
            transition = getattr(sessions, transition_name)
            answer = await sessions.act(
                call.session,
                call.token,
                f"session/{name}",
                transition,
                expected_version=call.expected_version,
                idempotency_key=call.idempotency_key,
            )
            return Reply(answer["result"], version=answer["version"])

        return run

    async def run_verify(call: Call, params: VerifyRequest) -> Reply:
        return Reply(verify(params).model_dump(mode="json", by_alias=True))

    listing = {
        "systems": sorted(registry.systems),
        "mechanics": [
            {
                "key": mech.key,
                "system": mech.system,
                "name": mech.name,
                "summary": mech.summary,
                "rest": [f"{op.method} {op.path}" for op in mechanic_ops[mech.key]],
                "graphql": [op.field for op in mechanic_ops[mech.key]],
                "odds": mech.odds is not None,
                "sessionOdds": mech.session_odds is not None,
            }
            for mech in registry.mechanics.values()
        ],
    }

    async def catalog(call: Call, params: None) -> Reply:
        return Reply(listing)

    class CloseResult(Model):
        closed: bool
        seeds: list[sm.EpochSeed]

    session_errors = (401, 403, 404, 409, 412, 422, 503)
    typed = _typed(registry)
    create_body = _union("CreateSession", [t.create for t in typed], "A new session: `system` says which game, and `setup` is that game's.")
    view_any = _union("SessionView", [t.view for t in typed], "A session as your seat sees it; `state` is the game's, told apart by `system`.")
    created_any = create_model("SessionCreated", __base__=sm.SessionCreated, __doc__=sm.SessionCreated.__doc__, session=(view_any, ...))
    return [
        Operation("mechanics", "query", "GET", "/v1/mechanics", "List every mechanic and its REST and GraphQL forms", "catalog", None, Catalog, catalog),
        Operation("verify", "query", "POST", "/v1/verify", "Recompute the draws of an audit record", "dice", VerifyRequest, VerifyResult, run_verify),
        Operation("createSession", "mutation", "POST", "/v1/sessions", "Create a shared session; returns each seat's token once", "sessions", sm.CreateSession, sm.SessionCreated, create, status=201, errors=(409, 422, 503), published_input=create_body, published_output=created_any),
        Operation("session", "query", "GET", "/v1/sessions/{sessionId}", "Read a session as your seat sees it", "sessions", None, sm.SessionView, read, session=True, revalidated=True, errors=(401, 403, 404, 503), published_output=view_any),
        Operation("sessionLog", "query", "GET", "/v1/sessions/{sessionId}/log", "Read a session's action log, oldest first, by cursor", "sessions", sm.LogQuery, sm.LogPage, log, session=True, revalidated=True, own_tag=True, errors=(401, 403, 404, 422, 503)),
        Operation("closeSession", "mutation", "POST", "/v1/sessions/{sessionId}/close", "Close a session and reveal its seeds", "sessions", None, CloseResult, seat_changer("close", "close_transition"), session=True, versioned=True, errors=session_errors),
        Operation("rotateSessionSeed", "mutation", "POST", "/v1/sessions/{sessionId}/rotate-seed", "Start a new seed epoch and reveal the old seed", "sessions", None, sm.SeedRotation, seat_changer("rotate-seed", "rotate_transition"), session=True, versioned=True, errors=session_errors),
        *_typed_operations(typed, create, read),
    ]


def _mechanic_operations(mech: Mechanic, codes: dict[str, Code]) -> list[Operation]:
    ops = []
    if mech.resolve is not None:
        ops.append(_stateless(mech, codes))
    if mech.apply is not None:
        ops.append(_in_session(mech, codes))
    if mech.query is not None:
        ops.append(_read_in_session(mech, codes))
    from service.api.odds import odds_operations  # odds operations are built from these ones' parts

    return ops + odds_operations(mech, codes)


def build_operations(registry: Registry) -> list[Operation]:
    mechanic_ops = {mech.key: _mechanic_operations(mech, registry.refusals(mech)) for mech in registry.mechanics.values()}
    ops = _platform(registry, mechanic_ops)
    for forms in mechanic_ops.values():
        ops.extend(forms)
    fields = [op.field for op in ops]
    assert len(fields) == len(set(fields)), "two operations share a GraphQL name"
    return ops
