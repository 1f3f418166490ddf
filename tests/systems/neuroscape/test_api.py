"""Neuroscape over the API: whole matches over REST and over GraphQL with a token per seat,
hands that no other seat can read by any path, and bad input refused with the rule named and
the match left as it was."""

from __future__ import annotations

import orjson
import pytest

from service.dice.stream import Stream, commitment
from service.registry import Actor
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.autoplay import ACTION_MODELS
from service.systems.neuroscape.setup import NeuroscapeSetup
from service.systems.neuroscape.setup import initial_state
from service.systems.neuroscape.view import view
from support.api import Api
from tests.systems.neuroscape.matchplay import Table, play_to_the_end

TWO_PLAYERS = [{"name": "ana"}, {"name": "bo"}]
STARTERS = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]}
GRIDRUNNERS_ONLY = {"lantern-saint", "velvet-breaker", "marrow-duchess", "glasswire-optics", "piston-grip",
                    "brightburn-exe", "sidestep-script", "leech-halo"}


def new_table(api: Api, setup: dict, *, seats: list[dict] | None = None, graphql: bool = False, client_seed: str = "") -> Table:
    created = api.create_session("neuroscape", seats or TWO_PLAYERS, setup=setup, client_seed=client_seed)
    names = {seat["id"]: seat["name"] for seat in created["seats"]}
    return Table(api, created["session"]["id"], names, graphql=graphql)


def start(table: Table) -> tuple[str, str]:
    """Both opening hands kept, the roll-off played, its winner going first: (first, second)."""
    for seat in ("seat-1", "seat-2"):
        table.act(seat, "draw", {"main": table.view(seat)["state"]["rules"]["openingHand"]})
        table.act(seat, "mulligan", {"bottom": []})
    rolled = table.act("seat-1", "roll-off")
    first = next(e["seat"] for e in rolled["result"]["events"] if e["kind"] == "roll-off-won")
    table.act(first, "choose-first", {"goFirst": True})
    return first, "seat-2" if first == "seat-1" else "seat-1"


# -- whole matches ---------------------------------------------------------------------


def _check_finished(final: dict, table: Table) -> str:
    state = final["state"]
    winner = state["outcome"]["winner"]
    assert state["flow"]["stage"] == "over" and winner in ("seat-1", "seat-2")
    loser = next(p for p in state["players"] if p["seat"] != winner)
    assert loser["eliminated"] in ("bioframe", "mainframe", "empty-main-deck")
    assert "revealed" not in state  # over, not closed: hands and decks stay with their owners
    status, refused = table.send(winner, "pass", {})
    assert status == 409 and refused["code"] == "neuroscape/match-over"
    return winner


def test_a_whole_match_over_rest_then_every_draw_verifies_and_the_log_replays(api: Api):
    table = new_table(api, STARTERS, client_seed="rest-match")
    final = play_to_the_end(table, ["seat-1", "seat-2"])
    _check_finished(final, table)
    hidden = {e["seq"] for e in table.log("seat-2") if e["audit"] and not e["audit"]["draws"]}  # seat-1's secret draws
    own = {e["seq"]: e["audit"]["draws"] for e in table.log("seat-1") if e["seq"] in hidden and e["audit"]["draws"]}

    closed = api.post(f"/v1/sessions/{table.session}/close", token=table.token("seat-2"))
    assert closed.status_code == 200, closed.text
    seed = closed.json()["seeds"][0]["seed"]
    assert commitment(seed) == final["seeds"][0]["seedCommitment"]
    # The close reveals every seat's hands and decks in the state, and every hidden draw in the log.
    state = table.view("seat-2")["state"]
    assert set(state["revealed"]) == {"seat-1", "seat-2"}
    checked, secret = 0, 0
    for entry in table.log("seat-2"):
        audit = entry["audit"]
        if audit is None:
            continue
        if entry["seq"] in hidden:
            assert audit["draws"] and audit["draws"] == own.get(entry["seq"], audit["draws"]), entry["action"]
            secret += 1
        verdict = api.post("/v1/verify", {"record": audit, "seed": seed}).json()
        assert verdict["match"], (entry["action"], verdict)
        checked += verdict["checked"]
    assert checked > 0 and secret >= 4  # both opening hands and mulligans at least
    _replay_reproduces(table, seed, final)


def _replay_reproduces(table: Table, seed: str, final: dict) -> None:
    """Each seat's own log entries are whole: together they replay the match to the same state."""
    own = {e["seq"]: e for seat in ("seat-1", "seat-2") for e in table.log(seat)
           if e["seat"] == seat and e["action"].startswith("neuroscape/")}
    state = initial_state(NeuroscapeSetup.model_validate(STARTERS))
    for seq in sorted(own):
        entry = own[seq]
        name = entry["action"].removeprefix("neuroscape/")
        audit = entry["audit"] or {"scope": "no-dice", "nonce": 0, "clientSeed": ""}
        stream = Stream(seed=seed, scope=audit["scope"], nonce=audit["nonce"], client_seed=audit["clientSeed"])
        state, result = act(state, name, ACTION_MODELS[name].model_validate(entry["input"]), stream, entry["seat"])
        assert result == entry["result"], entry["action"]
        assert bool(stream.draws) == bool(entry["audit"])
    assert view(state, Actor("seat-1", "ana", "player")) == final["state"]


def test_a_whole_match_over_graphql(api: Api):
    table = new_table(api, STARTERS, graphql=True)
    final = play_to_the_end(table, ["seat-1", "seat-2"])
    winner = _check_finished(final, table)
    entries = table.log(winner)
    assert entries[0]["action"] == "neuroscape/draw" and entries[-1]["result"]["flow"]["winner"] == winner


# -- hidden information ----------------------------------------------------------------


def _everything_seat_2_can_read(table: Table) -> str:
    api, sid, token = table.api, table.session, table.token("seat-2")
    reads = [
        api.get(f"/v1/sessions/{sid}", token=token).json(),
        api.get(f"/v1/sessions/{sid}/log", token=token).json(),
        api.gql_data("query S($id: ID!) { session(sessionId: $id) { state } }", {"id": sid}, token=token),
        api.gql_data("query L($id: ID!) { sessionLog(sessionId: $id) { entries { input result audit { draws { sides face } } } } }",
                     {"id": sid}, token=token),
    ]
    reads += [answer for seat, answer in table.answers if seat == "seat-2"]
    return orjson.dumps(reads).decode()


def test_no_read_path_shows_another_seats_hand(api: Api):
    seats = [*TWO_PLAYERS, {"name": "gm", "role": "gm"}, {"name": "eve", "role": "spectator"}]
    table = new_table(api, STARTERS, seats=seats)
    table.act("seat-2", "draw", {"main": 5})
    opening = table.act("seat-1", "draw", {"main": 5})["result"]["private"]["drawn"]
    table.act("seat-2", "mulligan", {"bottom": []})
    assert len(opening) == 5 and all(isinstance(card, str) for card in opening)

    # Seat-2 reads everything it may; probing with errors may not help either.
    for action, body in (("deploy", {"card": "lantern-saint"}), ("mulligan", {"bottom": ["lantern-saint"]}),
                         ("roll-off", {}), ("attack", {"attacks": []})):
        status, problem = table.send("seat-2", action, body)
        assert status in (409, 422)
        table.answers.append(("seat-2", {k: v for k, v in problem.items() if k != "detail"} | {
            "detail": problem["detail"].replace("lantern-saint", "<named by seat-2>")}))
    seen = _everything_seat_2_can_read(table)
    hidden = GRIDRUNNERS_ONLY  # seat-1 plays the only deck with these: seat-2 may not see any of them yet
    assert not [card for card in hidden if card in seen], "a card of seat-1's hand or deck leaked to seat-2"
    assert '"draws":[]' in seen.replace(" ", "")  # seat-1's draw entry is there, with its dice removed

    # The GM and the spectator read the public match only.
    for name in ("gm", "eve"):
        view = api.get(f"/v1/sessions/{table.session}", token=api.tokens[name]).json()
        log = api.get(f"/v1/sessions/{table.session}/log", token=api.tokens[name]).json()
        assert "you" not in view["state"] and not [c for c in hidden if c in orjson.dumps([view, log]).decode()]

    # Seat-1 itself sees its hand and its own draw's dice.
    mine = table.view("seat-1")["state"]
    assert sorted(mine["you"]["hand"]) == sorted(opening)
    own_entry = table.log("seat-1")[1]
    assert own_entry["result"]["private"]["drawn"] == opening and len(own_entry["audit"]["draws"]) == 5

    # Once the GM closes the match and the seeds are revealed, Server-Sent Events (read to the end)
    # show seat-2 the whole entry, so every draw can be checked. (Hiding on a live stream is
    # covered by the subscription test below.)
    assert api.post(f"/v1/sessions/{table.session}/close", token=api.tokens["gm"]).status_code == 200
    events = api.get(f"/v1/sessions/{table.session}/events", token=table.token("seat-2"), headers={"Last-Event-ID": "0"})
    assert events.status_code == 200 and "neuroscape/draw" in events.text
    frames = [orjson.loads(line[6:]) for line in events.text.splitlines() if line.startswith("data: ")]
    assert [f["seq"] for f in frames][:2] == [1, 2] and len(frames[0]["audit"]["draws"]) == 5
    assert sorted(frames[0]["result"]["private"]["drawn"]) == sorted(opening)


def test_a_graphql_subscription_shows_another_seats_draw_without_its_cards(memory_api: Api):
    api = memory_api
    table = new_table(api, STARTERS)
    with api.client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"authorization": f"Bearer {table.token('seat-2')}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        query = "subscription S($id: ID!) { sessionEvents(sessionId: $id) { seq seat action input result audit { draws { face } } } }"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": {"id": table.session}}})
        drawn = table.act("seat-1", "draw", {"main": 5})["result"]["private"]["drawn"]
        event = ws.receive_json()["payload"]["data"]["sessionEvents"]
        ws.send_json({"id": "1", "type": "complete"})
    assert event["seat"] == "seat-1" and event["action"] == "neuroscape/draw"
    assert event["result"]["private"] is None and event["audit"]["draws"] == []
    assert len(drawn) == 5 and not [card for card in set(drawn) & GRIDRUNNERS_ONLY if card in orjson.dumps(event).decode()]


def test_a_face_down_trojan_stays_face_down_for_its_target(api: Api):
    cards = [{"id": "test-trojan", "name": "Test Trojan", "type": "program", "subtype": "trojan", "cost": 9}]
    deck = {"mainframe": "halcyon-lattice", "main": [{"card": "test-trojan", "count": 10}], "ram": [{"card": "core-ram", "count": 10}]}
    setup = {"cards": cards, "rules": {"mainDeckMin": 10, "ramDeckSize": 10, "maxCopies": 10, "trojanCost": 0, "swiftChecks": "settle"},
             "players": [{"deck": deck}, {"deck": deck}]}
    table = new_table(api, setup)
    first, second = start(table)
    table.act(first, "draw", {"main": 1})
    placed = table.act(first, "deploy", {"card": "test-trojan"})
    assert placed["result"]["private"]["card"] == "test-trojan"
    slot = next(p for p in table.view(second)["state"]["players"] if p["seat"] == second)["slots"]["top"]
    assert slot["faceDown"] and "card" not in slot
    entry = table.log(second)[-1]
    assert entry["action"] == "neuroscape/deploy" and "card" not in entry["input"] and entry["result"]["private"] is None


# -- bad input -------------------------------------------------------------------------

TEST_CARDS = [
    {"id": "test-beacon", "name": "Test Beacon", "type": "program", "subtype": "protocol", "cost": 0},
    {"id": "test-drone", "name": "Test Drone", "type": "character", "cost": 0, "attack": 1, "defense": 1},
    {"id": "test-brute", "name": "Test Brute", "type": "character", "cost": 1, "attack": 3, "defense": 3},
]


def one_card_match(api: Api, card: str, *, graphql: bool = False) -> Table:
    deck = {"mainframe": "halcyon-lattice", "main": [{"card": card, "count": 10}], "ram": [{"card": "core-ram", "count": 10}]}
    setup = {"cards": TEST_CARDS, "rules": {"mainDeckMin": 10, "ramDeckSize": 10, "maxCopies": 10, "swiftChecks": "settle"},
             "players": [{"deck": deck}, {"deck": deck}]}
    return new_table(api, setup, graphql=graphql)


def refused_unchanged(table: Table, seat: str, action: str, body: dict, code: str, status: int) -> dict:
    before = table.view(seat)
    got, problem = table.send(seat, action, body)
    after = table.view(seat)
    assert (got, problem["code"]) == (status, code), problem
    assert (after["version"], after["state"]) == (before["version"], before["state"])
    return problem


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_acting_out_of_turn_is_refused_and_changes_nothing(api: Api, graphql: bool):
    table = one_card_match(api, "test-drone", graphql=graphql)
    first, second = start(table)
    problem = refused_unchanged(table, second, "draw", {"main": 2}, "neuroscape/out-of-turn", 409)
    assert first in problem["detail"] and "maintenance/draw" in problem["detail"]


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_a_second_mulligan_is_refused_as_used_and_changes_nothing(api: Api, graphql: bool):
    table = new_table(api, STARTERS, graphql=graphql)
    hand = table.act("seat-1", "draw", {"main": 5})["result"]["private"]["drawn"]
    table.act("seat-1", "mulligan", {"bottom": hand[:1]})
    problem = refused_unchanged(table, "seat-1", "mulligan", {"bottom": []}, "neuroscape/mulligan-used", 409)
    assert "once per game" in problem["detail"]
    kept = table.act("seat-2", "draw", {"main": 5})["result"]["private"]["drawn"]
    table.act("seat-2", "mulligan", {"bottom": []})  # keeping the hand is the decision too
    refused_unchanged(table, "seat-2", "mulligan", {"bottom": kept[:1]}, "neuroscape/mulligan-used", 409)


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_deploying_without_enough_ram_is_refused_and_changes_nothing(api: Api, graphql: bool):
    table = one_card_match(api, "test-brute", graphql=graphql)
    first, _ = start(table)
    table.act(first, "draw", {"main": 1})
    problem = refused_unchanged(table, first, "deploy", {"card": "test-brute"}, "neuroscape/not-enough-ram", 409)
    assert "costs 1 RAM" in problem["detail"]


def test_a_fourth_slot_card_is_refused_and_changes_nothing(api: Api):
    table = one_card_match(api, "test-beacon")
    first, _ = start(table)
    table.act(first, "draw", {"main": 1})
    for _ in range(3):
        table.act(first, "deploy", {"card": "test-beacon"})
    refused_unchanged(table, first, "deploy", {"card": "test-beacon"}, "neuroscape/mainframe-full", 409)


def test_blocking_with_another_players_character_is_refused_and_changes_nothing(api: Api):
    table = one_card_match(api, "test-drone")
    first, second = start(table)
    table.act(first, "draw", {"main": 1})
    mine = table.act(first, "deploy", {"card": "test-drone"})["result"]["events"][0]["instance"]
    table.act(first, "pass")  # primary deploy
    table.act(first, "attack", {"attacks": []})
    table.act(first, "pass")  # secondary deploy: the turn passes
    table.act(second, "draw", {"main": 2})
    theirs = table.act(second, "deploy", {"card": "test-drone"})["result"]["events"][0]["instance"]
    table.act(second, "pass")
    table.act(second, "attack", {"attacks": [{"attacker": theirs}]})
    problem = refused_unchanged(table, first, "block", {"blocks": [{"blocker": theirs, "attacker": theirs}]},
                                "neuroscape/not-your-card", 422)
    assert second in problem["detail"]
    table.act(first, "block", {"blocks": [{"blocker": mine, "attacker": theirs}]})


def test_an_illegal_deck_lists_every_violation_in_one_422(api: Api):
    bad = {"mainframe": "core-ram", "main": [{"card": "gutter-courier", "count": 7}, {"card": "no-such-card", "count": 1}],
           "ram": [{"card": "ghost-cache", "count": 5}]}
    body = {"system": "neuroscape", "seats": TWO_PLAYERS, "setup": {"players": [{"deck": bad}, {"starterDeck": "gridrunners"}]}}
    response = api.post("/v1/sessions", body)
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "neuroscape/illegal-deck"
    assert [(v["seat"], v["rule"]) for v in problem["violations"]] == [
        ("seat-1", "mainframe-type"), ("seat-1", "main-deck-size"), ("seat-1", "max-copies"),
        ("seat-1", "unknown-card"), ("seat-1", "ram-deck-size"), ("seat-1", "max-special-ram")]
    error = api.gql_error("mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id } } }",
                          {"input": body})
    assert error["extensions"]["code"] == "neuroscape/illegal-deck" and len(error["extensions"]["violations"]) == 6


def test_a_malformed_setup_or_action_is_a_422(api: Api):
    response = api.post("/v1/sessions", {"system": "neuroscape", "seats": TWO_PLAYERS, "setup": {"players": [{}]}})
    assert response.status_code == 422 and response.json()["code"] == "validation-failed"
    table = new_table(api, STARTERS)
    for body in ({"main": 99}, {"main": 5, "extra": 1}, {"main": "five"}):
        status, problem = table.send("seat-1", "draw", body)
        assert status == 422 and problem["code"] == "validation-failed"
    status, problem = table.send("seat-1", "deploy", {"card": "x" * 500})
    assert status == 422


def test_gm_and_spectator_seats_do_not_act(api: Api):
    table = new_table(api, STARTERS, seats=[*TWO_PLAYERS, {"name": "gm", "role": "gm"}, {"name": "eve", "role": "spectator"}])
    table.names.update({"seat-3": "gm", "seat-4": "eve"})
    status, problem = table.send("seat-3", "draw", {"main": 5})
    assert (status, problem["code"]) == (403, "neuroscape/not-a-player")
    status, problem = table.send("seat-4", "draw", {"main": 5})
    assert status == 403


# -- stateless helpers -----------------------------------------------------------------


def test_validate_deck_and_card_pool_over_rest_and_graphql(api: Api):
    assert api.post("/v1/neuroscape/card-pool", {"type": "all"}).status_code == 405  # a read: GET
    pool = api.get("/v1/neuroscape/card-pool", params={"type": "all"}).json()["result"]
    assert {d["name"] for d in pool["starterDecks"]} == {"gridrunners", "bastion-choir", "razor-tide", "quiet-lattice", "chrome-psalm"}
    deck = next(d["deck"] for d in pool["starterDecks"] if d["name"] == "gridrunners")
    legal = api.post("/v1/neuroscape/validate-deck", {"deck": deck}).json()["result"]
    assert legal == {"legal": True, "mainDeckSize": 40, "ramDeckSize": 25, "violations": []}
    seeded = api.post("/v1/neuroscape/validate-deck", {"deck": deck, "seed": "fixed"})  # nothing is drawn: no seed
    assert (seeded.status_code, seeded.json()["code"]) == (422, "validation-failed")
    short = {**deck, "ram": [{"card": "core-ram", "count": 3}]}
    query = """mutation V($input: NeuroscapeValidateDeckInput!) {
      neuroscapeValidateDeck(input: $input) { result { legal ramDeckSize violations { rule message } } } }"""
    result = api.gql_data(query, {"input": {"deck": short}})["neuroscapeValidateDeck"]["result"]
    assert result["legal"] is False and [v["rule"] for v in result["violations"]] == ["ram-deck-size"]
    cards = api.gql_data("query P { neuroscapeCardPool(type: mainframe) { result { cards { id name bioframeBonus } } } }")
    mainframes = {"halcyon-lattice", "obsidian-relay", "cinder-spire", "hush-array", "reliquary-core"}
    assert {c["id"] for c in cards["neuroscapeCardPool"]["result"]["cards"]} == mainframes


def test_check_setup_lists_violations_without_creating_a_match(api: Api):
    setup = {"players": [{"starterDeck": "gridrunners"}, {"deck": {"mainframe": "obsidian-relay", "main": [], "ram": []}}]}
    result = api.post("/v1/neuroscape/check-setup", setup).json()["result"]
    assert result["legal"] is False and result["seats"] == ["seat-1", "seat-2"]
    assert [(v["seat"], v["rule"]) for v in result["violations"]] == [("seat-2", "main-deck-size"), ("seat-2", "ram-deck-size")]
    query = """mutation C($input: NeuroscapeCheckSetupInput!) { neuroscapeCheckSetup(input: $input) { result { legal seats } } }"""
    assert api.gql_data(query, {"input": STARTERS})["neuroscapeCheckSetup"]["result"] == {"legal": True, "seats": ["seat-1", "seat-2"]}
