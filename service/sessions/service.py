"""Session lifecycle and the one write path: load → pure transition → compare-and-set.

Concurrent writers to one session are queued on a per-process lock, so a replica never
races itself; a compare-and-set lost to another replica is retried on fresh state
(unless the client pinned a version). Contention is thus resolved here, not by the client.
A write without an Idempotency-Key starts from this replica's last commit to the session
when it has one (`Recent`), saving the read; the compare-and-set tells when that is stale.
Writers queued on a busy session are prepared by the one holding it and sent behind its
commit, each still answered only once its own commit is (chained writes, `_hand_on`).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import hashlib
import time
from collections.abc import Callable
from typing import Any, NamedTuple, TypeGuard, cast

import orjson
from pydantic import ValidationError

from service.dice.audit import record_dict
from service.dice.entropy import new_id, new_token
from service.dice.notation import DEFAULT_LIMITS, Limits
from service.dice.stream import Stream, commitment
from service.errors import Problem
from service.registry import Actor, Registry
from service.sessions.doc import EpochSeed, Seat, SessionDoc
from service.sessions.clock import Clock, Stamps
from service.sessions.locks import SessionQueues
from service.sessions.recent import Kept, Recent
from service.sessions.seeds import session_scope, session_seed
from service.sessions.store import Commit, Loaded, Store
from service.sessions.tokens import VerifiedTokens, token_hash
from service.sessions.visibility import for_viewer

# (doc, actor, stream) -> (new doc, result dict). It must not change `doc` or anything in it.
Transition = Callable[[SessionDoc, Actor, Stream], "tuple[SessionDoc, dict[str, Any] | None]"]

_RETRY_DEADLINE_S = 10.0
# What one holder prepares for the writes queued behind it (`_hand_on`), at most: a number of writes,
# and a time, so a long queue of heavy actions (a card game's) does not hold up the replica's other
# requests for long in one turn of its event loop; the next holder goes on in the next turn.
_CHAIN_MAX = 64
_CHAIN_BUDGET_S = 0.002
_EPOCHS_KEPT = 4096
# Sessions whose last shared read here decoded a commit another replica made (`Sessions.seen`): fewer than
# the commits kept (`Recent`, 4,096), as a replica serves most reads of the sessions it writes.
SEEN_SESSIONS = 1024

_now = Clock()  # now, as the document and the log keep it: `2026-12-01T17:45:00.123Z`


def _of_commit(kept: Kept | None, loaded: Loaded) -> TypeGuard[Kept]:
    """Whether `kept` is the document of the commit stored now (its version and stamp)."""
    return kept is not None and kept.version == loaded.version and kept.stamp == loaded.stamp


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


# What the write path needs from the request, fixed before the first try: session id, token, action,
# transition, params, expected version, the seat-scoped idempotency key (or None), the request's
# fingerprint (when it has a key), whether a closed session takes it, the roles that may act.
_Write = tuple[str, "str | None", str, Transition, "dict[str, Any] | None", "int | None", "str | None", str, bool, "tuple[str, ...]"]


def _outcome_read(task: asyncio.Task[bool]) -> None:
    if not task.cancelled():
        task.exception()


class _Handed(NamedTuple):
    """A queued write its holder prepared and sent for it (chained writes)."""

    answer: dict[str, Any]
    sending: asyncio.Task[bool]  # the commit on its way
    kept: Kept  # the state it makes


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
        chained: bool = False,
    ) -> None:
        self.store = store
        # Writers waiting on a session build on a commit still on its way (`act`). Only for a store
        # that sends commits as they are issued (`ordered_commits`: pipelined Redis, a cluster on
        # its own connections): elsewhere a chained commit would still be safe, but would often
        # overtake the one it builds on and be retried; and the memory store's commits never wait.
        self.chained = chained
        self.registry = registry
        self.limits = limits  # the roll budget every stream made here carries, stateless calls' too
        # An epoch's seed is an HMAC of the secret, and every write needs its epoch's: each is
        # derived once here (the most recently used few thousand are kept).
        self._seeds = functools.lru_cache(maxsize=4096)(functools.partial(session_seed, secret))
        self._ttl_ms = ttl_seconds * 1000
        # One writer at a time per session in this process. A waiter cancelled just as it was handed
        # its prepared write drops the commit, unless already sent (then it lands, unanswered).
        self._queues = SessionQueues(abandon=self._abandoned)
        self._epochs: dict[tuple[str, int], tuple[str, str, str]] = {}
        self._stamps = Stamps()
        self.recent = Recent()  # the last commit to each session this replica wrote
        # The document the last shared read of each session decoded here, where another replica made the
        # commit: the next shared read of that same commit (version and stamp) answers it again.
        self.seen = Recent(SEEN_SESSIONS)
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
        # Kept as a commit of this replica's (version 1, no stamp yet, an empty log), so the session's first
        # write or shared read starts from it instead of decoding what was just encoded.
        self.recent.keep(session_id, Kept(1, doc, 0, "", {}))
        return doc, issued

    async def read(self, session_id: str, token: str | None, *, shared: bool = False) -> tuple[SessionDoc, Actor]:
        """The session as stored now, and the seat `token` holds in it.

        `shared`: when this replica made the stored commit (its version and stamp), answer the document
        it kept from that commit instead of decoding the stored one again; the caller must only read
        it (the next write starts from it). The state in it is then also the one the commit's typed
        state was kept for (`service.declare`), so a reader of the typed state skips its validation.
        When another replica made it, the document decoded for the first shared read of that commit
        here answers the next ones (`seen`), and its typed state is kept for them the same way.
        """
        loaded = await self.store.load(session_id)
        if loaded is None:
            raise Problem("session-not-found", f"session {session_id!r} does not exist or has expired")
        if not shared:
            doc = SessionDoc.from_json(loaded.doc)
            return doc, _authorize(doc, token, verified=self.verified)[0]
        kept = self.recent.get(session_id)
        if not _of_commit(kept, loaded):
            kept = self.seen.get(session_id)
            if not _of_commit(kept, loaded):
                kept = Kept(loaded.version, SessionDoc.from_json(loaded.doc), loaded.log_length, loaded.stamp, {})
                self.seen.keep(session_id, kept)
        return kept.doc, _authorize(kept.doc, token, verified=self.verified)[0]

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
        """Apply one action atomically and return its answer (replayed for a repeated key).

        One coroutine frame from here to the store's compare-and-set: the session's queue is
        taken without an await when nobody holds it, and each try (`_prepare`) is a plain call.
        Without an Idempotency-Key a try starts from this replica's last commit to the session,
        when it has one. A refusal is never given on that alone: the try is made again on a fresh read.
        """
        idem = f"{token_hash(token or '')[:16]}:{idempotency_key}" if idempotency_key else None
        print_ = fingerprint({"action": action, "params": params}) if idem else ""
        write = (session_id, token, action, transition, params, expected_version, idem, print_, allow_closed, roles)
        queues = self._queues
        handed = None if queues.try_enter(session_id) else await queues.enter(session_id, write)
        held = handed is None
        reread = False  # the next try starts from a read of the store, not from a kept commit
        try:
            deadline = time.monotonic() + _RETRY_DEADLINE_S
            delay = 0.001
            while True:
                fresh = False  # this try starts from a read of the store
                if handed is not None:  # the writer ahead prepared this one, and its commit is on the way
                    answer, sending, made = cast(_Handed, handed)
                    handed = None
                    committed = await self._answered(session_id, sending)
                else:
                    if not held:  # a chained commit was lost: queue again for a fresh try (not chained, if it must read)
                        handed = await queues.enter(session_id, None if reread else write)
                        held = handed is None
                        if handed is not None:
                            continue
                    kept = None if idem or reread else self.recent.get(session_id)
                    prepared = None
                    if kept is not None:
                        try:
                            prepared = self._prepare(write, kept.version, kept.doc, kept.log_length, None, kept.stamp, kept.actors)
                        except Problem:  # a refusal (or a version conflict) seen on the kept state: check it on a fresh one
                            self.recent.drop(session_id)
                    if prepared is None:
                        loaded = await self.store.load(session_id, idem)
                        if loaded is None:
                            raise Problem("session-not-found", f"session {session_id!r} does not exist or has expired")
                        doc = SessionDoc.from_json(loaded.doc)
                        prepared = self._prepare(write, loaded.version, doc, loaded.log_length, loaded.idempotent, loaded.stamp, {})
                        fresh = True
                    answer, commit, kept = prepared
                    if commit is None:
                        return answer  # the answer stored for this Idempotency-Key
                    assert kept is not None  # a commit comes with what to keep
                    made = kept
                    if self.chained and queues.waited(session_id):
                        sending = self._send(commit)
                        self._hand_on(session_id, made, sending)
                        held = False
                        committed = await self._answered(session_id, sending)
                    elif await self.store.commit(commit):
                        self.recent.keep(session_id, made)
                        committed = True
                    else:
                        committed = False
                if committed:
                    if made.drawn:
                        self.on_draws(made.doc["system"], made.drawn)
                    return answer
                self.recent.drop(session_id)
                if expected_version is not None:
                    if fresh:
                        raise Problem("version-conflict", f"session {session_id} moved past version {expected_version}")
                    # Built on a kept or chained state, which may be one that never landed (a chain lost
                    # to another replica): whether the session moved past the version is for a read to say.
                    reread = True
                    continue
                self.retries += 1
                if time.monotonic() > deadline:
                    raise Problem("contention", "the session stayed too busy to commit; retry")
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.05)
        finally:
            if held:
                queues.leave(session_id)

    # Chained writes (NA_CHAINED_WRITES). A writer that holds a session others wait for sends its
    # commit without waiting for the answer, then prepares the waiters' writes itself, each on the
    # state the one before makes, and sends their commits behind its own: the store gets them in
    # one batch, in order (pipelined Redis: one socket write), instead of one round trip each with
    # the session held throughout. Each waiter is handed its answer and its commit and waits for
    # that commit's answer alone; nothing is answered before its own commit is. The compare-and-set
    # checks version and stamp, so a commit built on one that did not land cannot land either:
    # when one fails, those chained behind it fail too, and each writer tries again on a fresh read.
    # One chain is in flight per session: the next holder starts once the last one's commits are
    # answered, so its batch can never overtake them on another connection (which made 5-20% of a
    # busy session's commits fail and retry, and its p99 five times longer, while every chain raced
    # the last).
    # Gain (bench/switches.py --switches no-chaining, pinned, 64 connections on one session, one
    # Redis, 2026-12-04): 2.17-2.24x the requests per second, 128-163 against 270-342 µs of CPU per
    # request; one chain in flight against chains racing: 1.10x, p99 22 against 105 ms.

    def _send(self, commit: Commit) -> asyncio.Task[bool]:
        """The commit on its way: tasks made in order run in order, so the store gets commits in order."""
        return asyncio.get_running_loop().create_task(self.store.commit(commit))

    def _hand_on(self, session_id: str, kept: Kept, last: asyncio.Task[bool]) -> None:
        """Prepare the queued writes that can start from `kept` and hand each its outcome, keep the last
        state for the next holder to start from, then hand the session to the next waiter, if any, once
        the chain's last commit is answered. Called by the holder, once its own commit (`last` until one is
        chained behind it; it makes `kept`) is sent; it no longer holds the session after.

        One chain in flight per session: the next holder's commits go out after this chain's have
        landed, so they can never overtake them (batches on separate connections may be served in
        any order), and a busy session sends one longer chain per round trip instead of one that
        races the last. Other sessions' writes are not held up."""
        queues = self._queues
        until = time.perf_counter() + _CHAIN_BUDGET_S
        for _ in range(_CHAIN_MAX):
            waiting, write = queues.peek(session_id)
            if not waiting or write is None or write[6] is not None:  # a write with an Idempotency-Key reads the store itself
                break
            try:
                answer, commit, after = self._prepare(write, kept.version, kept.doc, kept.log_length, None, kept.stamp, kept.actors)
            except Exception:  # a refusal (or any failure) is for its writer to meet on its own turn, on a fresh read if need be
                break
            assert commit is not None and after is not None
            last = self._send(commit)
            queues.hand(session_id, _Handed(answer, last, after))
            kept = after
            if time.perf_counter() > until:
                break
        self.recent.keep(session_id, kept)
        last.add_done_callback(lambda _: queues.leave(session_id))  # the chain's last commit answered

    def _abandoned(self, session_id: str, handed: _Handed) -> None:
        """A chained write whose waiter went away before it ran: its commit is dropped if not yet sent,
        and the state it would make, kept for the next try if it was the last of its chain, is forgotten
        (the next write reads the store rather than fail a compare-and-set on a version that may never land)."""
        handed.sending.cancel()
        handed.sending.add_done_callback(_outcome_read)  # a commit that failed unanswered is not reported as never retrieved
        self.recent.drop(session_id)

    async def _answered(self, session_id: str, sending: asyncio.Task[bool]) -> bool:
        """Whether a chained commit landed. Unanswered (the store failed, or the request was
        cancelled): the state it makes is not built upon, and the failure goes to the caller."""
        try:
            return await sending
        except BaseException:
            sending.cancel()
            self.recent.drop(session_id)
            raise

    def _prepare(
        self,
        write: _Write,
        version: int,
        doc: SessionDoc,
        log_length: int,
        idempotent: bytes | None,
        stamp: str,
        actors: dict[str, tuple[Actor, str]],
    ) -> tuple[dict[str, Any], Commit | None, Kept | None]:
        """One try on one state of the session: the answer, the commit to make and what to keep after it.

        No commit when the answer is one stored for the request's Idempotency-Key.
        """
        session_id, token, action, transition, params, expected_version, idem, print_, allow_closed, roles = write
        seen = actors.get(token) if token else None
        if seen is None:
            actor, hashed = _authorize(doc, token, verified=self.verified)
            actors = {**actors, cast(str, token): (actor, hashed)}
        else:
            actor, hashed = seen
            self.verified.add(hashed)  # the token is a real seat's, whatever its role may do
        if actor.role not in roles:
            raise Problem("forbidden", f"a {actor.role} seat may not do this (needs {' or '.join(roles)})")
        if idempotent is not None:
            earlier = orjson.loads(idempotent)
            if earlier["fingerprint"] != print_:
                raise Problem("idempotency-key-reused", "this Idempotency-Key was already used for another request")
            return cast("dict[str, Any]", earlier["answer"]), None, None  # the answer as it was stored, JSON
        if expected_version is not None and expected_version != version:
            raise Problem("version-conflict", f"session is at version {version}, not {expected_version}", currentVersion=version)
        if doc["closed"] and not allow_closed:
            raise Problem("session-closed", "the session is closed; its seeds are revealed")
        epoch, nonce, system = doc["epoch"], doc["nonce"], doc["system"]
        seed, scope, seed_commitment = self._epoch(session_id, epoch)
        stream = Stream(seed=seed, scope=scope, nonce=nonce, client_seed=doc["clientSeed"], limits=self.limits)
        changed, result = transition(doc, actor, stream)
        draws = stream.draws
        audit = record_dict(stream, reveal=False, epoch=epoch, seed_commitment=seed_commitment) if draws else None
        new_version = version + 1
        now = _now()
        new_doc = SessionDoc.of(changed).committed(version=new_version, updated_at=now, nonce=nonce + 1 if audit else nonce)
        visibility = params.get("visibility", "public") if params else "public"
        if audit and visibility != "public" and epoch not in (sealed := doc.sealed or ()):
            new_doc = new_doc.evolve(sealed=(*sealed, epoch))  # a hidden roll: this seed waits for the close
        entry = {
            "seq": log_length,
            "version": new_version,
            "at": now,
            "seat": actor.seat,
            "action": action,
            "visibility": visibility,
            "input": params,
            "result": result,
            "audit": audit,
        }
        # The actor's own answer obeys the same rules as every other read (a blind roll stays blind).
        shown = self.entry_view(system, entry, actor, closed=new_doc["closed"])
        answer = {"sessionId": session_id, "version": new_version, "seq": log_length, "result": shown["result"], "audit": shown["audit"]}
        entry_bytes = orjson.dumps(entry)
        doc_bytes = orjson.dumps(new_doc)
        new_stamp = self._stamps()
        commit = Commit(
            session_id,
            version,
            new_version,
            doc_bytes,
            self._ttl_ms,
            entry_bytes,
            entry_bytes,
            idem,
            orjson.dumps({"fingerprint": print_, "answer": answer}) if idem else None,
            stamp,
            new_stamp,
        )
        if new_doc["seats"] is not doc["seats"]:  # a transition that gave the seats anew: check tokens anew
            actors = {}
        return answer, commit, Kept(new_version, new_doc, log_length + 1, new_stamp, actors, len(draws))

    # -- seeds ---------------------------------------------------------------------------

    def _seed(self, session_id: str, epoch: int) -> str:
        seed: str = self._seeds(session_id, epoch)
        return seed

    def _epoch(self, session_id: str, epoch: int) -> tuple[str, str, str]:
        """The epoch's seed, stream scope and seed commitment: derived on its first write here, kept
        for the next (an HMAC, a SHA-256 and a format a write; the most recent few thousand kept)."""
        key = (session_id, epoch)
        found = self._epochs.get(key)
        if found is None:
            seed = self._seed(session_id, epoch)
            found = self._epochs[key] = (seed, session_scope(session_id, epoch), commitment(seed))
            if len(self._epochs) > _EPOCHS_KEPT:
                del self._epochs[next(iter(self._epochs))]  # the oldest derived
        return found

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
) -> tuple[Actor, str]:
    """The seat's actor and the token's hash."""
    if not token:
        raise Problem("unauthorized", "send this session's seat token as 'Authorization: Bearer <token>'")
    hashed = token_hash(token)
    seat = doc.seat_with(hashed)
    if seat is None:
        raise Problem("forbidden", "this token belongs to no seat of this session")
    if verified is not None:
        verified.add(seat.token_hash)  # the token is a real seat's, whatever its role may do
    if roles is not None and seat.role not in roles:
        raise Problem("forbidden", f"a {seat.role} seat may not do this (needs {' or '.join(roles)})")
    return Actor(seat=seat.id, name=seat.name, role=seat.role), hashed


@functools.cache
def _takes_closed(view_entry: Callable[..., Any]) -> bool:
    return "closed" in inspect.signature(view_entry).parameters


def _require_table_authority(doc: SessionDoc, actor: Actor) -> None:
    """Closing or rotating is the GM's call; a table without a GM lets any player do it."""
    if actor.role != "gm" and (doc.has_gm or actor.role != "player"):
        raise Problem("forbidden", "only the GM (or, at a table without one, a player) may do this")


def _errors(exc: ValidationError, prefix: str) -> list[dict[str, Any]]:
    return [{"loc": ["body", prefix, *e["loc"]], "msg": e["msg"]} for e in exc.errors(include_url=False)]
