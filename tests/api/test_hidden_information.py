"""Hidden information, read adversarially: while a game is open, every other seat, a spectator and
a caller without a token read the session by every path — REST session and log (every page),
GraphQL session and log, Server-Sent Events (live, and from a Last-Event-ID), GraphQL
subscriptions (live, and catching up), the error bodies of refused actions — and none of the
bytes holds a secret of another seat.

Neuroscape: each card of the match exists once (each player has a pool of its own, one copy of
each card), so a card id or name of a seat's hand, main deck, RAM deck or face-down slot is a
secret of that seat until the card is played face-up. The secrets are taken after every action
from each player's own view, and every log entry is checked against the secrets that held once
it was written. Dice: rolls hidden by visibility (`gm`, `blind`, `self`) carry markers that only
the seats allowed to see them may meet.

Other systems have no secrets to a seat: NeuroSystem and NCB show the state whole (their
`view` is the default), and Eclipse Phase and desert say so in their views (every roll open;
the player screen and consequence cards are the table's).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter

import anyio
import orjson
import pytest

from service.api import events
from service.dice.stream import Stream
from service.systems.neuroscape.rules.autoplay import RandomPlayer
from service.systems.neuroscape.rules.deck_building import main_pile
from service.systems.neuroscape.rules.piles import take_random
from service.systems.neuroscape.rules.starter import STARTER_DECKS
from support.api import Api
from tests.systems.neuroscape.matchplay import gql_action

PLAYERS = ("ana", "bo", "cy")
SEATS = [{"name": "gm", "role": "gm"}, *({"name": n} for n in PLAYERS), {"name": "eve", "role": "spectator"}]
KINDS = {"char": 8, "trojan": 5, "virus": 2, "proto": 2, "ware": 3}
CARD = re.compile(rb"(ana|bo|cy)[- ](char|trojan|virus|proto|ware|ram)[- ]([0-9]{2})", re.IGNORECASE)
NOWHERE = "zz-nowhere-00"

ENTRY = """seq version at seat action visibility hidden input result
  audit { algorithm scope epoch nonce clientSeed seedCommitment seed draws { sides face } }"""
SESSION_Q = """query S($id: ID!) { session(sessionId: $id) { id system version epoch nonce clientSeed closed createdAt
  updatedAt seats { id name role } seeds { epoch seedCommitment seed } viewer { id name role } state } }"""
LOG_Q = """query L($id: ID!, $cursor: String) {
  sessionLog(sessionId: $id, cursor: $cursor, limit: 7) { entries { %s } nextCursor } }""" % ENTRY
SUBSCRIBE_Q = "subscription E($id: ID!, $after: Int) { sessionEvents(sessionId: $id, after: $after) { %s } }" % ENTRY


# -- the match: a pool of its own for each player --------------------------------------


def _pool_and_deck(owner: str) -> tuple[list[dict], dict]:
    title = owner.title()
    cards = [{"id": f"{owner}-frame", "name": f"{title} Frame", "type": "mainframe"}]
    for kind, count in (*KINDS.items(), ("ram", 12)):
        for n in range(1, count + 1):
            card = {"id": f"{owner}-{kind}-{n:02d}", "name": f"{title} {kind.title()} {n:02d}"}
            card |= {
                "char": {"type": "character", "cost": 1 + n % 3, "attack": 1 + n % 3, "defense": 2 + n % 2,
                         "gear": [{"slot": "head", "level": 2}]},
                "trojan": {"type": "program", "subtype": "trojan", "cost": 3},
                "virus": {"type": "program", "subtype": "virus", "cost": 1},
                "proto": {"type": "program", "subtype": "protocol", "cost": 1},
                "ware": {"type": "cyberware", "slot": "head", "level": 1, "cost": 0, "attackBonus": 1},
                "ram": {"type": "ram"},
            }[kind]
            cards.append(card)
    deck = {
        "mainframe": f"{owner}-frame",
        "main": [{"card": c["id"], "count": 1} for c in cards if c["type"] not in ("mainframe", "ram")],
        "ram": [{"card": c["id"], "count": 1} for c in cards if c["type"] == "ram"],
    }
    return cards, deck


def _setup() -> dict:
    built = [_pool_and_deck(owner) for owner in PLAYERS]
    return {
        "cards": [card for cards, _ in built for card in cards],
        "includeStarterPool": False,
        "rules": {"mainDeckMin": 20, "ramDeckSize": 12, "maxCopies": 1, "trojanCost": 0},
        "players": [{"deck": deck} for _, deck in built],
    }


def _ids(blob: bytes) -> set[str]:
    """Every pool card id (or card name, read as its id) in some bytes."""
    return {f"{o.decode().lower()}-{k.decode().lower()}-{n.decode()}" for o, k, n in CARD.findall(blob)}


def _secrets(own_view: dict) -> set[str]:
    """A player's secret cards, from its own view: its deck list less what lies face-up in play."""
    state = own_view["state"]
    listed = {e["card"] for e in state["you"]["deckList"]["main"] + state["you"]["deckList"]["ram"]}
    public = [{**p, "slots": {k: v for k, v in p["slots"].items() if not (v and v["faceDown"])}} for p in state["players"]]
    return listed - _ids(orjson.dumps([public, state["environment"], state["battle"]]))


# -- reading through every path ---------------------------------------------------------


def _headers(token: str | None, extra: dict | None = None) -> list[tuple[bytes, bytes]]:
    headers = {"host": "testserver", **({"authorization": f"Bearer {token}"} if token else {}), **(extra or {})}
    return [(k.lower().encode(), v.encode()) for k, v in headers.items()]


class EventStream:
    """`GET /v1/sessions/{id}/events` held open on the app's own loop while the test goes on."""

    def __init__(self, api: Api, sid: str, token: str | None, last_event_id: str | None = None) -> None:
        self.chunks: list[bytes] = []
        self.status = 0
        self._stop = False
        extra = {"last-event-id": last_event_id} if last_event_id is not None else None
        path = f"/v1/sessions/{sid}/events"
        self._scope = {
            "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1", "method": "GET",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": _headers(token, extra), "client": ("testclient", 50000), "server": ("testserver", 80),
        }
        self._app = api.client.app
        self._done = api.client.portal.start_task_soon(self._run)

    async def _run(self) -> None:
        asked = False

        async def receive() -> dict:
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            while not self._stop:
                await asyncio.sleep(0.005)
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            if message["type"] == "http.response.start":
                self.status = message["status"]
            elif message["type"] == "http.response.body":
                self.chunks.append(message.get("body", b""))

        await self._app(self._scope, receive, send)

    @property
    def raw(self) -> bytes:
        return b"".join(self.chunks)

    def frames(self) -> list[dict]:
        return [orjson.loads(line[6:]) for line in self.raw.split(b"\n") if line.startswith(b"data: ")]

    def wait(self, count: int, timeout: float = 10.0) -> EventStream:
        """Wait until `count` frames (or, with 0, the first bytes) have arrived, or the response ended."""
        deadline = time.monotonic() + timeout
        while not self._done.done() and (len(self.frames()) < count or not self.chunks) and time.monotonic() < deadline:
            time.sleep(0.005)
        return self

    def close(self) -> bytes:
        self._stop = True
        self._done.result(timeout=10)
        return self.raw


class Subscription:
    """A graphql-transport-ws subscription to `sessionEvents`, opened at once and read later."""

    def __init__(self, api: Api, sid: str, token: str | None, after: int | None = None) -> None:
        self._ws = api.client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]).__enter__()
        self._ws.send_json({"type": "connection_init", "payload": {"authorization": f"Bearer {token}"} if token else {}})
        assert self._ws.receive_json()["type"] == "connection_ack"
        self._closed = False
        self._ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": SUBSCRIBE_Q, "variables": {"id": sid, "after": after}}})

    def read(self, count: int, timeout: float = 10.0) -> list[bytes]:
        """`count` messages (fewer if an error ends the subscription or none comes in time); then it is closed."""
        messages: list[bytes] = []
        while len(messages) < count and not self._closed:
            message = self._ws.portal.call(self._next, timeout)
            if message is None:
                break
            messages.append(message["text"].encode())
            if orjson.loads(messages[-1])["type"] != "next":
                break
        if not self._closed:
            self._closed = True
            self._ws.send_json({"id": "1", "type": "complete"})
            self._ws.__exit__(None, None, None)
        return messages

    async def _next(self, timeout: float) -> dict | None:
        with anyio.move_on_after(timeout):
            return await self._ws._send_rx.receive()
        return None


@pytest.fixture
def live(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many followers of each session are live: subscribed, with where "new" starts fixed.

    `follow` says so with a first heartbeat; an event stream sends it on, a GraphQL subscription
    drops it (and sends no signal of its own). So `follow` is wrapped, unchanged, to count them.
    A follower opened without `after` misses an action committed before it is live."""
    counts: Counter[str] = Counter()
    follow = events.follow

    async def counted(sessions, session_id, token, **options):
        stream = follow(sessions, session_id, token, **options)
        first = True
        try:
            async for item in stream:
                if first and item is None:
                    counts[session_id] += 1
                first = False
                yield item
        finally:
            await stream.aclose()

    monkeypatch.setattr(events, "follow", counted)
    return counts


def _until_live(live: Counter[str], sid: str, count: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while live[sid] < count:
        assert time.monotonic() < deadline, f"{live[sid]} of {count} followers live after {timeout} s"
        time.sleep(0.005)


def _pages(fetch) -> list[bytes]:
    cursor, pages = None, []
    for _ in range(100):
        raw, cursor = fetch(cursor)
        pages.append(raw)
        if cursor is None:
            return pages
    raise AssertionError("the log never ended")


def _read_everything(api: Api, sid: str, token: str | None, log_length: int) -> dict[str, list[bytes]]:
    """Everything one caller can read of a session, by path; each log entry as bytes of its own."""
    rest_session = api.get(f"/v1/sessions/{sid}", token=token).content
    gql_session = orjson.dumps(api.gql(SESSION_Q, {"id": sid}, token=token))

    def rest_log(cursor):
        response = api.get(f"/v1/sessions/{sid}/log", token=token, params={"limit": 6, **({"cursor": cursor} if cursor else {})})
        return response.content, response.json().get("nextCursor") if response.status_code == 200 else None

    def gql_log(cursor):
        answer = api.gql(LOG_Q, {"id": sid, "cursor": cursor}, token=token)
        return orjson.dumps(answer), (answer.get("data") or {}).get("sessionLog", {}).get("nextCursor")

    resumed = EventStream(api, sid, token, last_event_id="0").wait(log_length - 1).close()
    caught_up = Subscription(api, sid, token, after=-1).read(log_length)
    return {
        "rest session": [rest_session],
        "graphql session": [gql_session],
        "rest log": _pages(rest_log),
        "graphql log": _pages(gql_log),
        "sse from Last-Event-ID 0": [resumed],
        "subscription from the start": caught_up,
    }


def _entries(blob: bytes) -> list[dict]:
    """The log entries held in a read (a page, an SSE body, a subscription message)."""
    if blob.startswith(b"id: ") or b"\ndata: " in blob or blob.startswith(b": "):
        return [orjson.loads(line[6:]) for line in blob.split(b"\n") if line.startswith(b"data: ")]
    data = orjson.loads(blob)
    if isinstance(data, dict) and data.get("type") == "next":
        event = ((data.get("payload") or {}).get("data") or {}).get("sessionEvents")
        return [event] if event else []
    data = data.get("data", data) if isinstance(data, dict) else data
    page = (data or {}).get("sessionLog", data) if isinstance(data, dict) else None
    return list(page.get("entries") or []) if isinstance(page, dict) else []


# -- Neuroscape -------------------------------------------------------------------------


class Match:
    """A match between random players over REST, with every seat's secrets after every entry."""

    def __init__(self, api: Api) -> None:
        self.api = api
        created = api.create_session("neuroscape", SEATS, setup=_setup(), client_seed="hidden-information")
        self.sid = created["session"]["id"]
        self.seat = {s["name"]: s["id"] for s in created["seats"]}
        self.name = {seat: name for name, seat in self.seat.items()}
        self.players = {name: RandomPlayer(f"hidden:{name}") for name in PLAYERS}
        self.secrets_after: dict[int, dict[str, set[str]]] = {}  # seq -> player -> its secrets once seq was written
        self.refusals = 0
        self.seq = -1
        self.now: dict[str, set[str]] = {}  # each player's secrets now

    def view(self, who: str | None) -> dict:
        response = self.api.get(f"/v1/sessions/{self.sid}", token=self.api.tokens.get(who or ""))
        assert response.status_code == 200, response.text
        return response.json()

    def secrets(self) -> tuple[dict[str, set[str]], dict[str, dict]]:
        views = {name: self.view(name) for name in PLAYERS}
        return {name: _secrets(views[name]) for name in PLAYERS}, views

    def step(self) -> None:
        secrets, views = self.secrets()
        self.secrets_after[self.seq] = self.now = secrets
        for who in ("gm", "eve", *PLAYERS):  # every view, read now, against the other seats' secrets now
            seen = orjson.dumps(views.get(who) or self.view(who))
            assert not _ids(seen) & others(secrets, who), (who, sorted(_ids(seen) & others(secrets, who)))
        state = views[PLAYERS[0]]["state"]
        actor = self.name[state["flow"]["awaiting"][0]]
        menu = views[actor]["state"]["you"]["legalActions"]
        self._probe(actor, menu, secrets, views)
        action, params = self.players[actor].choose_from(menu)
        body = params.model_dump(mode="json", by_alias=True, exclude_none=True)
        response = self.api.post(f"/v1/sessions/{self.sid}/neuroscape/{action}", body, token=self.api.tokens[actor])
        assert response.status_code == 200, (actor, action, body, response.text)
        assert not _ids(response.content) & others(secrets, actor), (actor, action, response.text)
        self.seq = response.json()["seq"]

    def _refused(self, who: str | None, action: str, body: dict, named: str, *, graphql: bool = False) -> str:
        """Send an action that must be refused; its body, with the card it named replaced by `<card>`."""
        token = self.api.tokens.get(who or "")
        if graphql:
            answer = self.api.gql(gql_action(self.api, action), {"id": self.sid, "input": body}, token=token)
            assert answer.get("errors"), answer
            raw = orjson.dumps(answer)
        else:
            response = self.api.post(f"/v1/sessions/{self.sid}/neuroscape/{action}", body, token=token)
            assert response.status_code >= 400, response.text
            raw = response.content
        leaked = (_ids(raw) - {named}) & others(self.now, who)
        assert not leaked, (who, action, body, raw)
        self.refusals += 1
        return raw.decode().replace(named, "<card>")

    def _probe(self, actor: str, menu: list[dict], secrets: dict[str, set[str]], views: dict[str, dict]) -> None:
        """Refused actions that name other seats' secrets: out of turn, by non-players, and guessed cards."""
        if self.seq > 40 and self.seq % 9:
            return  # probing every action early on, then every ninth, keeps the run short
        victim = next(n for n in PLAYERS if n != actor)
        hand = sorted(set(views[victim]["state"]["you"]["hand"]))
        guess = hand[0] if hand else sorted(secrets[victim])[0]
        deck_card = sorted(secrets[victim] - set(hand))[0]
        for who in (*(n for n in PLAYERS if n != actor), "gm", "eve", None):
            self._refused(who, "deploy", {"card": guess}, guess, graphql=self.seq % 2 == 0)
        kinds = {entry["action"] for entry in menu}
        for action, body in (("deploy", lambda c: {"card": c}), ("mulligan", lambda c: {"bottom": [c]})):
            if action in kinds:  # a guessed card reads the same whether it is in a hand, a deck, or nowhere
                answers = {c: self._refused(actor, action, body(c), c) for c in (guess, deck_card, NOWHERE)}
                assert answers[guess] == answers[deck_card] == answers[NOWHERE], answers
        slots = [s for p in views[actor]["state"]["players"] for s in p["slots"].values() if s and s["faceDown"]]
        face_down = [s["id"] for s in slots if s["owner"] != self.seat[actor]]
        for instance in face_down[:1]:
            for action, body in (("attack", {"attacks": [{"attacker": instance}]}), ("force-quit", {"cards": [instance]}),
                                 ("block", {"blocks": [{"blocker": instance, "attacker": instance}]})):
                self._refused(actor, action, body, instance)


def others(secrets: dict[str, set[str]], who: str | None) -> set[str]:
    return set().union(*(cards for name, cards in secrets.items() if name != who))


def _check_entry(entry: dict, who: str | None, match: Match, path: str) -> None:
    """`who` (a player's name, or None for any other reader) sees no other seat's secret in the entry."""
    seq = entry["seq"]
    forbidden = others(match.secrets_after[seq], who)
    leaked = _ids(orjson.dumps(entry)) & forbidden
    assert not leaked, (path, who, seq, entry["action"], sorted(leaked))
    if entry["seat"] != match.seat.get(who or "") and entry["action"] in ("neuroscape/draw", "neuroscape/mulligan"):
        assert (entry["result"] or {}).get("private") is None and (entry["audit"] or {}).get("draws", []) == [], (path, who, entry)


def _open_and_interesting(match: Match, views: dict[str, dict]) -> bool:
    """Still open, with cards in two hands or more and a trojan face-down (the session seed varies with its id,
    so the match does too: in 200 simulated matches this held from the 51st to the 54th action)."""
    state = views["ana"]["state"]
    return state["outcome"] is None and sum(p["handSize"] > 0 for p in state["players"]) >= 2 and any(
        s and s["faceDown"] for p in state["players"] for s in p["slots"].values())


def test_no_path_shows_a_seat_anothers_cards_while_the_match_is_open(api: Api, live: Counter[str]) -> None:
    match = Match(api)
    sid = match.sid
    viewers = ("gm", *PLAYERS, "eve")
    live_sse = {who: EventStream(api, sid, api.tokens[who]).wait(0) for who in viewers}
    live_subscriptions = {who: Subscription(api, sid, api.tokens[who]) for who in viewers}
    _until_live(live, sid, 2 * len(viewers))  # every stream and subscription, before the first action
    try:
        for count in range(150):  # several turns of random play, then on until the match is worth reading
            match.step()
            final, views = match.secrets()
            if count >= 50 and _open_and_interesting(match, views):
                break
        match.secrets_after[match.seq] = final
        log_length = match.seq + 1
        reads: dict[str | None, dict[str, list[bytes]]] = {}
        for who in viewers:
            reads[who] = {"sse live": [live_sse[who].wait(log_length).close()], "subscription live": live_subscriptions[who].read(log_length)}
    finally:
        for stream in live_sse.values():
            stream.close()
        for subscription in live_subscriptions.values():
            subscription.read(0)

    # Not vacuous: the match is open, hands hold cards, a trojan lies face-down, and each player finds
    # its own secrets in its own view (the scan would see them).
    assert _open_and_interesting(match, views)
    for name in PLAYERS:
        assert set(views[name]["state"]["you"]["hand"]) <= final[name] <= _ids(orjson.dumps(views[name]))

    for who in viewers:
        reads[who] |= _read_everything(api, sid, api.tokens[who], log_length)
    reads[None] = _read_everything(api, sid, None, log_length)
    reads["forged"] = _read_everything(api, sid, "nat_forged", log_length)
    reads["forged"]["sse live"] = [EventStream(api, sid, "nat_forged").wait(0).close()]

    for who, paths in reads.items():
        name = who if who in PLAYERS else None
        for path, blobs in paths.items():
            entries = [entry for blob in blobs for entry in _entries(blob)]
            if who in viewers and "session" not in path:
                expected = log_length - 1 if "Last-Event-ID" in path else log_length
                assert len(entries) == expected, (who, path, len(entries))
            for entry in entries:
                _check_entry(entry, name, match, path)
            if not entries:  # a state read, or a refusal: against the secrets of now
                leaked = _ids(b"".join(blobs)) & others(final, name)
                assert not leaked, (who, path, sorted(leaked))
    assert match.refusals > 50


def _concede(match: Match, name: str) -> dict:
    response = match.api.post(f"/v1/sessions/{match.sid}/neuroscape/concede", {}, token=match.api.tokens[name])
    assert response.status_code == 200, response.text
    match.seq = response.json()["seq"]
    match.secrets_after[match.seq], _ = match.secrets()
    return response.json()


def test_a_match_ended_by_concession_shows_no_seat_anothers_cards_until_the_close(api: Api) -> None:
    """The match is over once two of the three players concede; until the session closes, every other seat
    reads of the winner's and the losers' hands, decks and draws only what it read during play."""
    match = Match(api)
    for _ in range(30):
        match.step()
    match.secrets_after[match.seq], _ = match.secrets()
    _concede(match, "ana")
    over = _concede(match, "bo")["result"]["flow"]
    assert (over["stage"], over["winner"]) == ("over", match.seat["cy"])
    final, views = match.secrets()
    log_length = match.seq + 1
    # Not vacuous: every player still holds secrets, and its own view shows them (the scan would see them).
    for name in PLAYERS:
        assert final[name] and final[name] <= _ids(orjson.dumps(views[name])), name
    assert sum(p["handSize"] > 0 for p in views["cy"]["state"]["players"]) >= 2

    viewers = ("gm", *PLAYERS, "eve")
    reads = {who: _read_everything(api, match.sid, api.tokens[who], log_length) for who in viewers}
    reads[None] = _read_everything(api, match.sid, None, log_length)
    for who, paths in reads.items():
        name = who if who in PLAYERS else None
        for path, blobs in paths.items():
            entries = [entry for blob in blobs for entry in _entries(blob)]
            for entry in entries:
                _check_entry(entry, name, match, path)
            if not entries:  # a state read
                leaked = _ids(b"".join(blobs)) & others(final, name)
                assert not leaked, (who, path, sorted(leaked))
                assert b'"revealed"' not in b"".join(blobs), (who, path)

    # The close reveals the seeds, and with them every hand, deck and draw to every seat.
    assert api.post(f"/v1/sessions/{match.sid}/close", token=api.tokens["gm"]).status_code == 200
    for who in ("eve", "cy"):
        state = api.get(f"/v1/sessions/{match.sid}", token=api.tokens[who]).json()["state"]
        shown = orjson.dumps(state)
        assert set().union(*final.values()) <= _ids(shown), who
        assert set(state["revealed"]) == set(match.seat[n] for n in PLAYERS)
        gql_state = api.gql_data(SESSION_Q, {"id": match.sid}, token=api.tokens[who])["session"]["state"]
        assert gql_state == state
    entries = api.get(f"/v1/sessions/{match.sid}/log", token=api.tokens["eve"], params={"limit": 100}).json()["entries"]
    draws = [e for e in entries if e["action"] in ("neuroscape/draw", "neuroscape/mulligan") and e["audit"]]
    assert draws and all(e["audit"]["draws"] and e["result"]["private"] for e in draws)


# -- dice rolls hidden by visibility ---------------------------------------------------

DICE_SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "bo"}, {"name": "eve", "role": "spectator"}]
MARKERS = {"public": "94857", "gm": "91827", "blind": "92837", "self": "93847"}  # ana rolls 1d6+<marker>0
SEES = {"public": {"gm", "ana", "bo", "eve"}, "gm": {"gm", "ana"}, "blind": {"gm"}, "self": {"ana"}}


def _markers(blob: bytes) -> set[str]:
    """Visibilities whose roll shows in some bytes: its expression's number, or its total."""
    return {v for v, m in MARKERS.items() if re.search(rb"(?<![\w-])" + m.encode() + rb"[0-9](?![\w])", blob)}


def test_no_path_shows_a_seat_a_roll_hidden_from_it(api: Api, live: Counter[str]) -> None:
    sid = api.create_session("dice", DICE_SEATS)["session"]["id"]
    viewers = ("gm", "ana", "bo", "eve")
    live_sse = {who: EventStream(api, sid, api.tokens[who]).wait(0) for who in viewers}
    live_subscriptions = {who: Subscription(api, sid, api.tokens[who]) for who in viewers}
    _until_live(live, sid, 2 * len(viewers))  # every stream and subscription, before the first roll
    refusals: dict[str | None, list[bytes]] = {who: [] for who in (*viewers, None)}
    try:
        for visibility in ("public", "gm", "blind", "self", "public"):
            body = {"expression": f"1d6+{MARKERS[visibility]}0", "visibility": visibility}
            answer = api.post(f"/v1/sessions/{sid}/dice/roll", body, token=api.tokens["ana"])
            assert answer.status_code == 200, answer.text
            assert _markers(answer.content) == ({visibility} if "ana" in SEES[visibility] else set())  # a blind roll is blind to its roller
            for who in ("bo", "eve", None):  # refused, replayed and probing calls of the other seats
                token = api.tokens.get(who or "")
                refusals[who] += [
                    api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6+", "visibility": "public"}, token=token).content,
                    api.post(f"/v1/sessions/{sid}/dice/roll", body, token=token, headers={"If-Match": '"1"'}).content,
                    api.post(f"/v1/sessions/{sid}/close", token=token).content,
                    api.post(f"/v1/sessions/{sid}/rotate-seed", token=token).content,
                    api.post(f"/v1/sessions/{sid}/neuroscape/draw", {"main": 5}, token=token).content,
                ]
        log_length = 5
        reads: dict[str | None, dict[str, list[bytes]]] = {
            who: {"sse live": [live_sse[who].wait(log_length).close()], "subscription live": live_subscriptions[who].read(log_length)}
            for who in viewers
        }
    finally:
        for stream in live_sse.values():
            stream.close()
        for subscription in live_subscriptions.values():
            subscription.read(0)
    for who in viewers:
        reads[who] |= _read_everything(api, sid, api.tokens[who], log_length)
        reads[who]["refused and probing calls"] = refusals.get(who, [])
    reads[None] = _read_everything(api, sid, None, log_length) | {"refused calls": refusals[None]}

    for who, paths in reads.items():
        allowed = {v for v, seats in SEES.items() if who in seats}
        for path, blobs in paths.items():
            entries = [entry for blob in blobs for entry in _entries(blob)]
            for entry in entries:
                visibility = entry["visibility"]
                shown = _markers(orjson.dumps(entry))
                if visibility in allowed:
                    assert shown == {visibility} and not entry["hidden"], (who, path, entry)
                else:
                    assert not shown and entry["hidden"] and entry["input"] is entry["result"] is entry["audit"] is None, (who, path, entry)
            if who is not None and "session" not in path and "calls" not in path:
                assert len(entries) == log_length - ("Last-Event-ID" in path), (who, path, len(entries))
            assert not _markers(b"".join(blobs)) - allowed, (who, path, _markers(b"".join(blobs)) - allowed)
    everything = b"".join(b for who in viewers for blobs in reads[who].values() for b in blobs)
    assert _markers(everything) == set(MARKERS)  # the scan finds each roll where it may be seen


def test_reseeding_an_open_match_keeps_its_seed_until_the_close(api: Api) -> None:
    """A seed rotation must not reveal the seed of a live match: knowing an opponent's deck list (a
    starter deck is public), a seat could recompute the opponent's hidden draws from their audits.
    The seed comes with the close, and then every draw checks out."""
    setup = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]}
    sid = api.create_session("neuroscape", [{"name": "ana"}, {"name": "bo"}], setup=setup)["session"]["id"]
    hand = api.post(f"/v1/sessions/{sid}/neuroscape/draw", {"main": 5}, token=api.tokens["ana"]).json()["result"]["private"]["drawn"]
    rotated = api.post(f"/v1/sessions/{sid}/rotate-seed", token=api.tokens["bo"])  # no GM: a player may rotate
    assert rotated.status_code == 200, rotated.text
    assert rotated.json()["revealed"]["seed"] is None
    assert api.get(f"/v1/sessions/{sid}", token=api.tokens["bo"]).json()["seeds"][0]["seed"] is None
    audit = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["bo"]).json()["entries"][0]["audit"]
    assert audit["draws"] == [] and audit["seed"] is None  # neither the dice nor the seed reach bo
    closed = api.post(f"/v1/sessions/{sid}/close", token=api.tokens["ana"]).json()
    seed = closed["seeds"][0]["seed"]
    stream = Stream(seed=seed, scope=audit["scope"], nonce=audit["nonce"], client_seed=audit["clientSeed"])
    pile = main_pile(STARTER_DECKS["gridrunners"])
    assert sorted(take_random(pile, stream) for _ in range(5)) == sorted(hand)  # verifiable after the close


def test_a_rotation_keeps_the_seed_of_an_epoch_with_a_hidden_roll_until_the_close(api: Api) -> None:
    sid = api.create_session("dice", DICE_SEATS)["session"]["id"]
    gm, ana = api.tokens["gm"], api.tokens["ana"]
    api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20"}, token=ana)
    public_only = api.post(f"/v1/sessions/{sid}/rotate-seed", token=gm).json()["revealed"]
    assert public_only["epoch"] == 0 and public_only["seed"]  # nothing hidden: revealed at once
    api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20", "visibility": "blind"}, token=ana)
    hidden = api.post(f"/v1/sessions/{sid}/rotate-seed", token=gm).json()["revealed"]
    assert hidden["epoch"] == 1 and hidden["seed"] is None  # ana could recompute her blind roll from it
    seeds = api.post(f"/v1/sessions/{sid}/close", token=gm).json()["seeds"]
    assert [s["epoch"] for s in seeds] == [0, 1, 2] and all(s["seed"] for s in seeds)


# -- a look at the top of another seat's deck ------------------------------------------


def _look_setup() -> dict:
    """The match's pools, with ana's main deck cut to five cards: her opening hand holds them all, a
    swift script among them that looks at a chosen opponent's top three and lets her reorder them."""
    setup = _setup()
    sift = {"id": "ana-sift", "name": "Ana Sift", "type": "program", "subtype": "script", "cost": 0,
            "abilities": [{"name": "Sift", "kind": "activated", "swift": True, "target": "opponent",
                           "effects": [{"kind": "look-at-top", "count": 3, "on": "target", "then": "reorder"}]}]}
    setup["cards"].append(sift)
    ana = setup["players"][0]["deck"]
    ana["main"] = [{"card": "ana-sift", "count": 1}, *({"card": f"ana-char-0{n}", "count": 1} for n in range(1, 5))]
    setup["rules"] |= {"mainDeckMin": 5, "swiftChecks": "always"}
    return setup


def test_a_look_at_the_top_of_a_deck_shows_the_cards_to_the_looker_alone_on_every_path(api: Api) -> None:
    created = api.create_session("neuroscape", SEATS, setup=_look_setup(), client_seed="look-at-top")
    sid = created["session"]["id"]
    seat = {s["name"]: s["id"] for s in created["seats"]}
    name = {v: k for k, v in seat.items()}

    def act(who: str, action: str, body: dict | None = None) -> dict:
        response = api.post(f"/v1/sessions/{sid}/neuroscape/{action}", body or {}, token=api.tokens[who])
        assert response.status_code == 200, (who, action, response.text)
        return response.json()

    def state(who: str | None) -> dict:
        return api.get(f"/v1/sessions/{sid}", token=api.tokens.get(who or "")).json()["state"]

    for who in PLAYERS:
        act(who, "draw", {"main": 5})
        act(who, "mulligan", {"bottom": []})
    won = next(e["seat"] for e in act("ana", "roll-off")["result"]["events"] if e["kind"] == "roll-off-won")
    act(name[won], "choose-first", {"goFirst": won != seat["ana"]})  # ana never goes first: her deck is in her hand
    first = state("ana")["flow"]["active"]
    act(name[first], "draw", {"main": 1})
    assert state("ana")["flow"]["substage"] == "swift-check" and seat["ana"] in state("ana")["flow"]["awaiting"]
    act("ana", "play-script", {"card": "ana-sift", "target": seat["bo"]})
    while (now := state("ana"))["choice"] is None:  # the others pass: the order resolves
        act(name[now["flow"]["awaiting"][0]], "pass")
    top = state("ana")["you"]["knownTops"][seat["bo"]]
    assert len(top) == 3 and set(top) <= _ids(orjson.dumps(top)) and state("ana")["choice"]["kind"] == "arrange-top"
    assert state("bo")["you"]["deckTop"] == [] and state("bo")["you"]["knownTops"] == {}  # not even its owner

    # Refused arrangements name no card and change nothing: not the version, not the state, not the log.
    before = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    log_length = len(api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"], params={"limit": 100}).json()["entries"])
    refused = [
        api.post(f"/v1/sessions/{sid}/neuroscape/arrange-top", {"deck": seat["bo"], "order": [0, 0, 1]}, token=api.tokens["ana"]),
        api.post(f"/v1/sessions/{sid}/neuroscape/arrange-top", {"deck": seat["cy"], "order": [0, 1, 2]}, token=api.tokens["ana"]),
        api.post(f"/v1/sessions/{sid}/neuroscape/arrange-top", {"deck": seat["bo"], "order": [2, 1, 0]}, token=api.tokens["bo"]),
        api.post(f"/v1/sessions/{sid}/neuroscape/pass", {}, token=api.tokens["ana"]),
    ]
    assert [r.status_code for r in refused] == [422, 422, 409, 409]
    assert [r.json()["code"] for r in refused] == ["neuroscape/bad-arrangement", "neuroscape/not-looked-at",
                                                  "neuroscape/out-of-turn", "neuroscape/wrong-stage"]
    gql_refused = api.gql(gql_action(api, "arrange-top"), {"id": sid, "input": {"deck": seat["bo"], "order": [1]}}, token=api.tokens["ana"])
    assert gql_refused.get("errors")
    after = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    assert after["version"] == before["version"] and after["state"] == before["state"]
    assert len(api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"], params={"limit": 100}).json()["entries"]) == log_length
    for blob in [r.content for r in refused] + [orjson.dumps(gql_refused)]:
        assert not _ids(blob) & set(top), blob

    act("ana", "arrange-top", {"deck": seat["bo"], "order": [2, 0, 1]})
    assert state("ana")["you"]["knownTops"][seat["bo"]] == [top[2], top[0], top[1]]
    log_length = len(api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"], params={"limit": 100}).json()["entries"])
    for who in ("gm", "bo", "cy", "eve", None, "ana"):
        for path, blobs in _read_everything(api, sid, api.tokens.get(who or ""), log_length).items():
            entries = [entry for blob in blobs for entry in _entries(blob)]
            if who == "ana":
                assert entries or set(top) <= _ids(b"".join(blobs)), path  # not vacuous: the looker's own view shows them
                continue
            if entries or who != "bo":  # bo's own state holds its deck list (every card id), so it is read as data below
                assert not _ids(orjson.dumps(entries) if entries else b"".join(blobs)) & set(top), (who, path)
            looks = [e for e in entries if any(ev["kind"] == "looked-at-top" for ev in (e["result"] or {}).get("events", []))]
            assert all(e["audit"]["draws"] == [] for e in looks), (who, path)  # the dice that picked the cards stay hidden
            arranged = [e for e in entries if e["action"] == "neuroscape/arrange-top"]
            assert all("order" not in (e["input"] or {}) for e in arranged), (who, path)
        if who == "bo":
            gql_state = api.gql_data(SESSION_Q, {"id": sid}, token=api.tokens["bo"])["session"]["state"]
            assert gql_state["you"]["deckTop"] == [] and gql_state["you"]["knownTops"] == {}

    # The close reveals the seed: every draw verifies, the look's included.
    closed = api.post(f"/v1/sessions/{sid}/close", token=api.tokens["gm"])
    assert closed.status_code == 200, closed.text
    seed = closed.json()["seeds"][0]["seed"]
    entries = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["eve"], params={"limit": 100}).json()["entries"]
    looks = [e for e in entries if any(ev["kind"] == "looked-at-top" for ev in (e["result"] or {}).get("events", []))]
    assert len(looks) == 1 and looks[0]["audit"]["draws"]
    for entry in entries:
        if entry["audit"]:
            verdict = api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
            assert verdict["match"], (entry["action"], verdict)


# -- a face-down trojan, until it is activated -----------------------------------------

TROJAN_SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "bo"}, {"name": "eve", "role": "spectator"}]


def _trojan_setup() -> dict:
    """Ana's deck is ten trojans (each "2 damage to each opponent's mainframe", swift, free), bo's ten characters."""
    ignite = {"name": "Ignite", "kind": "activated", "swift": True,
              "effects": [{"kind": "damage", "amount": 2, "to": "mainframe", "on": "opponents"}]}
    cards = [{"id": f"{o}-frame", "name": f"{o.title()} Frame", "type": "mainframe"} for o in ("ana", "bo")]
    cards += [{"id": f"ana-trojan-{n:02d}", "name": f"Ana Trojan {n:02d}", "type": "program", "subtype": "trojan", "cost": 3,
               "abilities": [ignite]} for n in range(1, 11)]
    cards += [{"id": f"bo-char-{n:02d}", "name": f"Bo Char {n:02d}", "type": "character", "cost": 0, "attack": 1, "defense": 2}
              for n in range(1, 11)]
    cards += [{"id": f"{o}-ram-{n:02d}", "name": f"{o.title()} Ram {n:02d}", "type": "ram"} for o in ("ana", "bo") for n in range(1, 11)]

    def deck(owner: str, kind: str) -> dict:
        return {"mainframe": f"{owner}-frame", "main": [{"card": f"{owner}-{kind}-{n:02d}", "count": 1} for n in range(1, 11)],
                "ram": [{"card": f"{owner}-ram-{n:02d}", "count": 1} for n in range(1, 11)]}

    return {"cards": cards, "includeStarterPool": False,
            "rules": {"mainDeckMin": 10, "ramDeckSize": 10, "maxCopies": 1, "trojanCost": 0},
            "players": [{"deck": deck("ana", "trojan")}, {"deck": deck("bo", "char")}]}


def test_a_face_down_trojan_is_hidden_on_every_path_until_it_is_activated(api: Api) -> None:
    created = api.create_session("neuroscape", TROJAN_SEATS, setup=_trojan_setup(), client_seed="trojan")
    sid = created["session"]["id"]
    seat = {s["name"]: s["id"] for s in created["seats"]}
    name = {v: k for k, v in seat.items()}
    length = 0

    def send(who: str, action: str, body: dict | None = None) -> dict:
        nonlocal length
        response = api.post(f"/v1/sessions/{sid}/neuroscape/{action}", body or {}, token=api.tokens[who])
        assert response.status_code == 200, (who, action, response.text)
        length = response.json()["seq"] + 1
        return response.json()

    def state(who: str) -> dict:
        return api.get(f"/v1/sessions/{sid}", token=api.tokens[who]).json()["state"]

    for who in ("ana", "bo"):
        send(who, "draw", {"main": 5})
        send(who, "mulligan", {"bottom": []})
    rolled = send("ana", "roll-off")
    send(name[next(e["seat"] for e in rolled["result"]["events"] if e["kind"] == "roll-off-won")], "choose-first", {"goFirst": True})
    trojan: dict | None = None
    for _ in range(80):  # ana places a trojan on her turn; play on until bo's turn offers her its activation
        flow = state("ana")["flow"]
        who = name[flow["awaiting"][0]]
        menu = state(who)["you"]["legalActions"]
        kinds = {entry["action"]: entry for entry in menu}
        if who == "ana" and trojan is not None and "activate-trojan" in kinds:
            break
        if flow["substage"] == "draw":
            send(who, "draw", {"main": kinds["draw"]["maxMain"], "ram": kinds["draw"]["total"] - kinds["draw"]["maxMain"]})
        elif who == "ana" and trojan is None and "deploy" in kinds:
            placed = send("ana", "deploy", {"card": kinds["deploy"]["card"]})
            trojan = placed["result"]["private"]
        elif flow["substage"] == "attack":
            send(who, "attack", {"attacks": []})
        else:
            send(who, "pass")
    assert trojan is not None and state("ana")["flow"]["active"] == seat["bo"]
    secret = {trojan["card"]}
    activation = kinds["activate-trojan"]
    assert activation["instance"] == trojan["instance"]

    # Before: no read of any other seat names it, nor does bo's menu, nor a refusal bo hears about it.
    for who in ("bo", "gm", "eve", None):
        token = api.tokens.get(who or "")
        for path, blobs in _read_everything(api, sid, token, length).items():
            assert not _ids(b"".join(blobs)) & secret, (who, path)
    slot = next(s for p in state("bo")["players"] for s in p["slots"].values() if s and s["id"] == trojan["instance"])
    assert slot == {"id": trojan["instance"], "owner": seat["ana"], "faceDown": True, "playedTurn": slot["playedTurn"]}
    assert not _ids(orjson.dumps(state("bo")["you"]["legalActions"])) & secret
    for graphql in (False, True):
        body = {"instance": trojan["instance"]}
        if graphql:
            raw = orjson.dumps(api.gql(gql_action(api, "activate-trojan"), {"id": sid, "input": body}, token=api.tokens["bo"]))
        else:
            raw = api.post(f"/v1/sessions/{sid}/neuroscape/activate-trojan", body, token=api.tokens["bo"]).content
        assert b"neuroscape/out-of-turn" in raw and not _ids(raw) & secret, raw
    assert _ids(orjson.dumps(state("ana"))) >= secret  # its owner sees it (the scan would find it)

    # Activated on bo's turn: revealed to everyone, it resolves once bo passes, then lies in ana's recycle bin.
    health = next(p for p in state("bo")["players"] if p["seat"] == seat["bo"])["mainframeHealth"]
    answer = send("ana", "activate-trojan", {"instance": trojan["instance"], "ability": 0})
    assert {"kind": "trojan-revealed", "seat": seat["ana"], "card": trojan["card"], "instance": trojan["instance"]}.items() <= next(
        e for e in answer["result"]["events"] if e["kind"] == "trojan-revealed").items()
    assert _ids(api.get(f"/v1/sessions/{sid}", token=api.tokens["eve"]).content) >= secret
    send("bo", "pass")
    after = state("bo")
    assert next(p for p in after["players"] if p["seat"] == seat["bo"])["mainframeHealth"] == health - 2
    assert trojan["card"] in next(p for p in after["players"] if p["seat"] == seat["ana"])["recycleBin"]
