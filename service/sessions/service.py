"""Session lifecycle and the one write path: load → pure transition → compare-and-set.

Concurrent writers to one session are queued on a per-process lock, so a replica never
races itself; a compare-and-set lost to another replica is retried on fresh state
(unless the client pinned a version). Contention is thus resolved here, not by the client.
A write without an Idempotency-Key starts from this replica's last commit to the session
when it has one (`Recent`), saving the read; the compare-and-set tells when that is stale.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import hashlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar, cast

import orjson
from pydantic import ValidationError

from service.dice.audit import record_dict
from service.dice.entropy import new_id, new_token
from service.dice.notation import DEFAULT_LIMITS, Limits
from service.dice.stream import Stream, commitment
from service.errors import Problem
from service.registry import Actor, Registry
from service.sessions.doc import EpochSeed, Seat, SessionDoc
from service.sessions.recent import Recent
from service.sessions.seeds import session_scope, session_seed
from service.sessions.store import Commit, Loaded, Store
from service.sessions.tokens import VerifiedTokens, token_hash
from service.sessions.visibility import for_viewer

# (doc, actor, stream) -> (new doc, result dict). It must not change `doc` or anything in it.
Transition = Callable[[SessionDoc, Actor, Stream], "tuple[SessionDoc, dict[str, Any] | None]"]

_RETRY_DEADLINE_S = 10.0

_T = TypeVar("_T")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def fingerprint(payload: Any) -> str:
    return hashlib.sha256(orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)).hexdigest()


class LogRead(NamedTuple):
    """A page of the log as one seat is shown it. The log only grows and an entry never changes once
    written, so what the page shows follows from the seat, where it starts, how many entries it holds,
    whether more follow and whether the close has revealed every entry."""

    entries: list[dict[str, Any]]
    actor: Actor
    after: int  # where the next page starts, or -1 when this is the last
    closed: bool


@dataclass(frozen=True, slots=True)
class Write:
    """One action to commit: what the write path needs from the request, fixed before the first try."""

    session_id: str
    token: str | None
    action: str
    transition: Transition
    params: dict[str, Any] | None
    expected_version: int | None
    idem: str | None  # the seat-scoped idempotency key, or None
    print_: str  # the request's fingerprint, when it has a key
    allow_closed: bool
    roles: tuple[str, ...]


class _Locks:
    """Per-session asyncio locks, dropped when nobody holds or waits for them."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    async def __call__(self, key: str, work: Callable[[], Awaitable[_T]]) -> _T:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                return await work()
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


class Sessions:
    def __init__(
        self,
        store: Store,
        registry: Registry,
        *,
        secret: str,
        ttl_seconds: int,
        on_draws: Callable[[str, int], None] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.store = store
        self.registry = registry
        self.limits = limits  # the roll budget every stream made here carries, stateless calls' too
        # An epoch's seed is an HMAC of the secret, and every write needs its epoch's: each is
        # derived once here (the most recently used few thousand are kept).
        self._seeds = functools.lru_cache(maxsize=4096)(functools.partial(session_seed, secret))
        self._ttl_ms = ttl_seconds * 1000
        self._locks = _Locks()
        self.recent = Recent()  # the last commit to each session this replica wrote
        self.verified = VerifiedTokens()  # tokens seen to match a seat (read by the rate limiter)
        self.retries = 0  # compare-and-set retries (a metric)
        # (system, dice drawn) for each committed random action and stateless roll (a metric)
        self.on_draws: Callable[[str, int], None] = on_draws or (lambda system, draws: None)

    # -- creation and reads -------------------------------------------------------------

    async def create(
        self, system_id: str, seats: list[dict[str, str]], client_seed: str, setup: Any
    ) -> tuple[SessionDoc, list[dict[str, str]]]:
        system = self.registry.systems.get(system_id)
        if system is None:
            known = ", ".join(sorted(self.registry.systems))
            raise Problem("validation-failed", f"unknown system {system_id!r}; known: {known}")
        if system.setup is not None:
            try:
                setup = system.setup.model_validate_json(orjson.dumps(setup or {}))
            except ValidationError as exc:
                errors = _errors(exc, "setup")
                detail = f"{'.'.join(map(str, errors[0]['loc']))}: {errors[0]['msg']}"
                raise Problem("validation-failed", f"invalid setup: {detail}", errors=errors) from None
        elif setup:
            raise Problem("validation-failed", f"a {system_id} session takes no setup", errors=[{"loc": ["body", "setup"], "msg": "not accepted"}])
        seat_ids = [f"seat-{index}" for index in range(1, len(seats) + 1)]
        state = system.start(setup, [Actor(seat=sid, name=s["name"], role=s["role"]) for sid, s in zip(seat_ids, seats)])
        setup_wire = setup.model_dump(mode="json", by_alias=True) if system.setup is not None else None
        session_id = new_id()
        issued, stored = [], []
        for seat_id, seat in zip(seat_ids, seats):
            token = new_token()
            issued.append({"id": seat_id, "name": seat["name"], "role": seat["role"], "token": token})
            stored.append(Seat(seat_id, seat["name"], seat["role"], token_hash(token)))
        doc = SessionDoc.new(
            id=session_id,
            system=system_id,
            client_seed=client_seed,
            now=_now(),
            seats=tuple(stored),
            seeds=(EpochSeed(0, commitment(self._seed(session_id, 0)), None),),
            setup=setup_wire,
            state=state,
        )
        if not await self.store.create(session_id, doc.to_json(), self._ttl_ms):
            raise Problem("contention", "session id collision; retry")
        return doc, issued

    async def read(self, session_id: str, token: str | None) -> tuple[SessionDoc, Actor]:
        loaded = await self.store.load(session_id)
        if loaded is None:
            raise Problem("session-not-found", f"session {session_id!r} does not exist or has expired")
        doc = SessionDoc.from_json(loaded.doc)
        return doc, _authorize(doc, token, verified=self.verified)

    async def log(self, session_id: str, token: str | None, start: int, limit: int) -> LogRead:
        doc, actor = await self.read(session_id, token)
        raw = await self.store.log(session_id, start, limit + 1)
        entries = [orjson.loads(item) for item in raw]
        more = len(entries) > limit
        shown = [self.entry_view(doc.system, e, actor, closed=doc.closed) for e in entries[:limit]]
        return LogRead(shown, actor, start + limit if more else -1, doc.closed)

    def entry_view(self, system_id: str, entry: dict[str, Any], actor: Actor | None, *, closed: bool) -> dict[str, Any]:
        """A log entry or event as one seat may see it: roll visibility first, then the game's own view."""
        view_entry = self.registry.systems[system_id].view_entry
        shown = for_viewer(entry, actor, closed=closed)
        if _takes_closed(view_entry):  # systems with secrets show them whole once the seeds are revealed
            return view_entry(shown, actor, closed=closed)
        return view_entry(shown, actor)

    def view(self, doc: SessionDoc, actor: Actor | None) -> dict[str, Any]:
        """The session as one seat sees it: no token hashes, no setup, and the game's own view of its state."""
        system = self.registry.systems[doc.system]
        seats = [{"id": s.id, "name": s.name, "role": s.role} for s in doc.seats]
        viewer = next((s for s in seats if actor and s["id"] == actor.seat), None)
        if _takes_closed(system.view):  # a game's secrets stay hidden until its seeds are revealed, however it ends
            state = system.view(doc.state, actor, closed=doc.closed)
        else:
            state = system.view(doc.state, actor)
        return {
            "id": doc.id,
            "system": doc.system,
            "version": doc.version,
            "epoch": doc.epoch,
            "nonce": doc.nonce,
            "clientSeed": doc.client_seed,
            "closed": doc.closed,
            "createdAt": doc.created_at,
            "updatedAt": doc.updated_at,
            "seeds": [seed.to_dict() for seed in doc.seeds],
            "seats": seats,
            "viewer": viewer,
            "state": state,
        }

    # -- the write path -----------------------------------------------------------------

    async def act(
        self,
        session_id: str,
        token: str | None,
        action: str,
        transition: Transition,
        *,
        params: dict[str, Any] | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        allow_closed: bool = False,
        roles: tuple[str, ...] = ("gm", "player"),
    ) -> dict[str, Any]:
        """Apply one action atomically and return its answer (replayed for a repeated key)."""
        idem = f"{token_hash(token or '')[:16]}:{idempotency_key}" if idempotency_key else None
        print_ = fingerprint({"action": action, "params": params}) if idem else ""
        write = Write(session_id, token, action, transition, params, expected_version, idem, print_, allow_closed, roles)

        async def attempt_until_committed() -> dict[str, Any]:
            deadline = time.monotonic() + _RETRY_DEADLINE_S
            delay = 0.001
            while True:
                answer = await self._attempt(write)
                if answer is not None:
                    return answer
                if expected_version is not None:
                    raise Problem("version-conflict", f"session {session_id} moved past version {expected_version}")
                self.retries += 1
                if time.monotonic() > deadline:
                    raise Problem("contention", "the session stayed too busy to commit; retry")
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.05)

        return await self._locks(session_id, attempt_until_committed)

    async def _attempt(self, write: Write) -> dict[str, Any] | None:
        """One try: None when the compare-and-set lost (retry), else the answer.

        Without an Idempotency-Key the try starts from this replica's last commit to the session,
        when it has one. A refusal is never given on that alone: the try is made again on a fresh read.
        """
        session_id = write.session_id
        recent = None if write.idem else self.recent.get(session_id)
        if recent is not None:
            try:
                return await self._attempt_on(recent, write)
            except Problem:  # a refusal (or a version conflict) seen on the kept state: check it on a fresh one
                self.recent.drop(session_id)
        loaded = await self.store.load(session_id, write.idem)
        if loaded is None:
            raise Problem("session-not-found", f"session {session_id!r} does not exist or has expired")
        return await self._attempt_on(loaded, write)

    async def _attempt_on(self, loaded: Loaded, write: Write) -> dict[str, Any] | None:
        session_id, params, expected_version, idem, print_ = (
            write.session_id, write.params, write.expected_version, write.idem, write.print_
        )
        doc = SessionDoc.from_json(loaded.doc)
        actor = _authorize(doc, write.token, roles=write.roles, verified=self.verified)
        if loaded.idempotent is not None:
            earlier = orjson.loads(loaded.idempotent)
            if earlier["fingerprint"] != print_:
                raise Problem("idempotency-key-reused", "this Idempotency-Key was already used for another request")
            return cast("dict[str, Any]", earlier["answer"])  # the answer as it was stored, JSON
        if expected_version is not None and expected_version != loaded.version:
            raise Problem(
                "version-conflict",
                f"session is at version {loaded.version}, not {expected_version}",
                currentVersion=loaded.version,
            )
        if doc.closed and not write.allow_closed:
            raise Problem("session-closed", "the session is closed; its seeds are revealed")
        epoch, nonce, system = doc.epoch, doc.nonce, doc.system
        stream = Stream(
            seed=self._seeds(session_id, epoch),
            scope=session_scope(session_id, epoch),
            nonce=nonce,
            client_seed=doc.client_seed,
            limits=self.limits,
        )
        changed, result = write.transition(doc, actor, stream)
        audit = record_dict(stream, reveal=False, epoch=epoch) if stream.draws else None
        version = loaded.version + 1
        now = _now()
        new_doc = SessionDoc.of(changed).committed(version=version, updated_at=now, nonce=nonce + (1 if audit else 0))
        if audit and (params or {}).get("visibility", "public") != "public" and epoch not in (sealed := doc.sealed or ()):
            new_doc = new_doc.evolve(sealed=(*sealed, epoch))  # a hidden roll: this seed waits for the close
        seq = loaded.log_length
        entry = {
            "seq": seq,
            "version": version,
            "at": now,
            "seat": actor.seat,
            "action": write.action,
            "visibility": (params or {}).get("visibility", "public"),
            "input": params,
            "result": result,
            "audit": audit,
        }
        # The actor's own answer obeys the same rules as every other read (a blind roll stays blind).
        shown = self.entry_view(system, entry, actor, closed=new_doc.closed)
        answer = {"sessionId": session_id, "version": version, "seq": seq, "result": shown["result"], "audit": shown["audit"]}
        entry_bytes = orjson.dumps(entry)
        doc_bytes = new_doc.to_json()
        stamp = new_id()
        ok = await self.store.commit(
            Commit(
                session_id=session_id,
                expected_version=loaded.version,
                version=version,
                doc=doc_bytes,
                ttl_ms=self._ttl_ms,
                log_entry=entry_bytes,
                event=entry_bytes,
                idempotency_key=idem,
                idempotent_answer=orjson.dumps({"fingerprint": print_, "answer": answer}) if idem else None,
                expected_stamp=loaded.stamp,
                stamp=stamp,
            )
        )
        if not ok:
            self.recent.drop(session_id)
            return None
        self.recent.keep(session_id, Loaded(version, doc_bytes, seq + 1, None, stamp))
        if stream.draws:
            self.on_draws(system, len(stream.draws))
        return answer

    # -- seeds ---------------------------------------------------------------------------

    def _seed(self, session_id: str, epoch: int) -> str:
        seed: str = self._seeds(session_id, epoch)
        return seed

    def close_transition(self, doc: SessionDoc, actor: Actor, stream: Stream) -> tuple[SessionDoc, dict[str, Any]]:
        _require_table_authority(doc, actor)
        seeds = tuple(s._replace(seed=self._seed(doc.id, s.epoch)) for s in doc.seeds)
        return doc.evolve(closed=True, seeds=seeds), {"closed": True, "seeds": [s.to_dict() for s in seeds]}

    def rotate_transition(self, doc: SessionDoc, actor: Actor, stream: Stream) -> tuple[SessionDoc, dict[str, Any]]:
        _require_table_authority(doc, actor)
        old = doc.epoch
        new = old + 1
        # A seed is revealed only when nothing drawn under it is hidden from any seat; otherwise
        # revealing it would let a seat recompute what it may not see. Such seeds wait for the close.
        # A session written before `sealed` was kept cannot tell: its seed waits too.
        sealed = self.registry.systems[doc.system].secret_draws or old in (doc.sealed if doc.sealed is not None else (old,))
        seed = None if sealed else self._seed(doc.id, old)
        revealed = EpochSeed(old, commitment(self._seed(doc.id, old)), seed)
        fresh = EpochSeed(new, commitment(self._seed(doc.id, new)), None)
        seeds = (*(revealed if s.epoch == old else s for s in doc.seeds), fresh)
        result = {"epoch": new, "seedCommitment": fresh.seed_commitment, "revealed": revealed.to_dict()}
        return doc.evolve(epoch=new, seeds=seeds, sealed=()), result  # the new epoch starts clean


def _authorize(
    doc: SessionDoc, token: str | None, *, roles: tuple[str, ...] | None = None, verified: VerifiedTokens | None = None
) -> Actor:
    if not token:
        raise Problem("unauthorized", "send this session's seat token as 'Authorization: Bearer <token>'")
    seat = doc.seat_with(token_hash(token))
    if seat is None:
        raise Problem("forbidden", "this token belongs to no seat of this session")
    if verified is not None:
        verified.add(seat.token_hash)  # the token is a real seat's, whatever its role may do
    if roles is not None and seat.role not in roles:
        raise Problem("forbidden", f"a {seat.role} seat may not do this (needs {' or '.join(roles)})")
    return Actor(seat=seat.id, name=seat.name, role=seat.role)


@functools.cache
def _takes_closed(view_entry: Callable[..., Any]) -> bool:
    return "closed" in inspect.signature(view_entry).parameters


def _require_table_authority(doc: SessionDoc, actor: Actor) -> None:
    """Closing or rotating is the GM's call; a table without a GM lets any player do it."""
    if actor.role != "gm" and (doc.has_gm or actor.role != "player"):
        raise Problem("forbidden", "only the GM (or, at a table without one, a player) may do this")


def _errors(exc: ValidationError, prefix: str) -> list[dict[str, Any]]:
    return [{"loc": ["body", prefix, *e["loc"]], "msg": e["msg"]} for e in exc.errors(include_url=False)]
