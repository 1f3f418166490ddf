"""d e s e r t over HTTP: REST and GraphQL, stateless and in a session, on both stores."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from service.dice.stream import Stream
from service.sessions.seeds import session_scope, session_seed
from support.api import SECRET, Api

from .examples import SETUP, WIEK

SEATS = [{"name": "ana"}, {"name": "ben"}]

# GraphQL selections of each session mechanic's result, enough for the assertions below.
SELECT = {
    "hold-character": "seat character released",
    "add-character": "heldBy character { id name hacker }",
    "add-building": "kind id control identity screens { requiredStatements }",
    "add-district": "kind id control identity screens { requiredStatements }",
    "approach": "face number approach automaticToken details { approach brand }",
    "move": "character locationKey securityLog cameFrom { building section } to { building section district } "
    "screen { requiredStatements } encounter { kind face happened }",
    "player-screen": "character locationKey control identity missingStatements volunteered "
    "screen { requiredStatements categories { category blue red free } }",
    "make-statement": "securityLog entry { id kind category text featuring } screen { requiredStatements }",
    "bypass": "entry { id kind category } screen { categories { category blue red } }",
    "hack-security-log": "entry { id text originalText editedBy struck } screen { categories { category blue red } }",
    "building-reaction": "bag drawIndex drawn controlBefore controlAfter securityLog draws: drawsHere "
    "reaction { token side step number face text pending }",
    "choose-reaction": "reaction { side step number text pending }",
    "personal-reaction": "bag { label } control controlledType controlledCount automaticTokens drew drawIndex "
    "drawn { label } identityChange { before after applied }",
    "encounter": "kind face happened locationKey day now",
    "keep-memory-log": "id owner access featuring consents entries { id text }",
    "consent-memory-log": "id access consents",
    "set-memory-log-access": "id access audience consents",
    "add-consequence": "id character text when settled day",
    "settle-consequence": "id settled",
    "advance-time": "day timeOfDay",
}


class Table:
    """One session, driven over REST or GraphQL with the same calls."""

    def __init__(self, api: Api, created: dict, protocol: str) -> None:
        self.api, self.protocol = api, protocol
        self.id = created["session"]["id"]
        self.client_seed = created["session"]["clientSeed"]
        self.tokens = {seat["name"]: seat["token"] for seat in created["seats"]}

    def do(self, name: str, body: dict, seat: str = "ana") -> dict:
        if self.protocol == "rest":
            response = self.api.post(f"/v1/sessions/{self.id}/desert/{name}", body, token=self.tokens[seat])
            assert response.status_code == 200, response.text
            return response.json()["result"]
        answer = self.api.mechanic("desert", name, body, f"version result {{ {SELECT[name]} }}", session=self.id, token=self.tokens[seat])
        return answer["result"]

    def look(self, name: str, params: dict, seat: str = "ana") -> dict:
        """A read in the session: a GET (a GraphQL query) that logs nothing and bumps no version."""
        before = self.read()["version"]
        if self.protocol == "rest":
            response = self.api.get(f"/v1/sessions/{self.id}/desert/{name}", params=params, token=self.tokens[seat])
            assert response.status_code == 200, response.text
            answer = response.json()
        else:
            field = "desert" + "".join(part.title() for part in name.split("-")) + "InSession"
            query = f"query Q($id: ID!, $character: String) {{ {field}(sessionId: $id, character: $character) {{ version result {{ {SELECT[name]} }} }} }}"
            answer = self.api.gql_data(query, {"id": self.id, **params}, token=self.tokens[seat])[field]
        assert answer["version"] == before == self.read()["version"]
        return answer["result"]

    def refused(self, name: str, body: dict, seat: str = "ana") -> tuple[int, str]:
        """Send a request the rules refuse; the session must come back unchanged."""
        before = self.read()
        if self.protocol == "rest":
            response = self.api.post(f"/v1/sessions/{self.id}/desert/{name}", body, token=self.tokens[seat])
            assert response.headers["content-type"] == "application/problem+json"
            answer = response.status_code, response.json()["code"]
        else:
            error = self.api.mechanic_error("desert", name, body, "version", session=self.id, token=self.tokens[seat])
            answer = error["extensions"]["status"], error["extensions"]["code"]
        after = self.read()
        assert (after["version"], after["state"]) == (before["version"], before["state"])
        return answer

    def read(self) -> dict:
        response = self.api.get(f"/v1/sessions/{self.id}", token=self.tokens["ana"])
        assert response.status_code == 200, response.text
        return response.json()

    def first_faces(self, count: int) -> list[int]:
        """The first d6 of each of the next `count` random actions, as the service will roll them."""
        return [
            Stream(seed=session_seed(SECRET, self.id, 0), scope=session_scope(self.id, 0), nonce=n, client_seed=self.client_seed).roll(6)
            for n in range(count)
        ]

    def close_and_verify(self) -> int:
        closed = self.api.post(f"/v1/sessions/{self.id}/close", token=self.tokens["ben"])
        assert closed.status_code == 200, closed.text
        seed = closed.json()["seeds"][0]["seed"]
        entries = self.api.get(f"/v1/sessions/{self.id}/log", token=self.tokens["ana"], params={"limit": 200}).json()["entries"]
        checked = 0
        for entry in entries:
            if entry["audit"]:
                verdict = self.api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
                assert verdict["match"] and verdict["checked"] == len(entry["audit"]["draws"]), verdict
                checked += 1
        return checked


def table_where(api: Api, protocol: str, wanted: Callable[[list[int]], bool], count: int, **setup) -> Table:
    """A new session whose first `count` random actions will roll what `wanted` asks for.

    The session seed derives from the service secret (known to the tests) and the session
    id, so the test can foresee the dice and replay the text's example exactly.
    """
    for attempt in range(500):
        created = api.create_session("desert", SEATS, setup={**SETUP, **setup}, client_seed=f"table-{attempt}")
        table = Table(api, created, protocol)
        if wanted(table.first_faces(count)):
            return table
    raise AssertionError("no session with the wanted dice in 500 tries")


def any_table(api: Api, protocol: str = "rest", **setup) -> Table:
    return Table(api, api.create_session("desert", SEATS, setup={**SETUP, **setup}), protocol)


def _selected(full, shape):
    """The part of a REST answer that a GraphQL selection of the same shape asked for."""
    if isinstance(shape, dict):
        return {key: _selected(full[key], value) for key, value in shape.items()}
    if isinstance(shape, list):
        return [_selected(item, part) for item, part in zip(full, shape, strict=True)]
    return full


def _tokens(*labels: str) -> list[dict]:
    return [{"label": label} for label in labels]


FIRST_PERSONAL = _tokens("intimate", "intimate", "CZ", "CZ", "authoritative", "authoritative")
SECOND_PERSONAL = _tokens("intimate", "intimate", "CZ", "CZ", "CZ", "authoritative")


# -- the worked example -------------------------------------------------------------------------


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_worked_example_replays_in_a_session(api: Api, protocol: str) -> None:
    # Dice: the garden bag's blue (face 1), then 'intimate' (face 1 or 2) and 'CZ' (3 to 5).
    t = table_where(api, protocol, lambda f: f[0] == 1 and f[1] in (1, 2) and f[2] in (3, 4, 5), 3)
    t.do("hold-character", {"character": "sam"})
    t.do("move", {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    screen = t.look("player-screen", {})
    assert screen["screen"]["requiredStatements"] == ["tracking"] and screen["control"] == 1
    t.do("make-statement", {"category": "tracking", "text": "I stay put"})
    t.do("make-statement", {"category": "video", "text": "I make a show of my loitering"})
    drawn = t.do("building-reaction", {"character": "sam", "onBlue": "positive"}, seat="ben")
    assert drawn["bag"] == ["blue", "blank", "blank", "blank", "orange", "blank"]
    assert (drawn["drawIndex"], drawn["drawn"], drawn["controlBefore"], drawn["controlAfter"]) == (0, "blue", 1, 2)
    assert drawn["reaction"]["text"] == "display" and drawn["reaction"]["number"] == 1

    # At control 2 a personal draw must hold two 'intimate' tokens.
    one_short = _tokens("intimate", "CZ", "CZ", "CZ", "authoritative", "authoritative")
    assert t.refused("personal-reaction", {"character": "sam", "tokens": one_short, "withPerson": "timur"}, seat="ben") == (422, "desert/control-tokens-missing")
    first = t.do("personal-reaction", {"character": "sam", "tokens": FIRST_PERSONAL, "withPerson": "timur"}, seat="ben")
    assert (first["control"], first["controlledType"], first["controlledCount"]) == (2, "intimate", 2)
    assert first["drawn"]["label"] == "intimate" and first["automaticTokens"] == ["CZ"]
    second = t.do("personal-reaction", {"tokens": SECOND_PERSONAL, "withPerson": "timur"})
    assert second["drawn"]["label"] == "CZ"
    assert second["identityChange"] == {"before": "intimate", "after": "CZ", "applied": True}

    # Two Tracking checkboxes in the cellar still put a single blue token in the bag.
    t.do("move", {"to": {"building": "wiek", "section": 3}, "rollEncounter": False})
    t.do("make-statement", {"category": "tracking", "text": "down the cellar steps"})
    cellar = t.do("building-reaction", {"onBlue": "negative"})
    assert cellar["bag"] == ["blue", "blank", "blank", "blank", "blank", "blank"]

    state = t.read()["state"]
    assert state["buildings"]["wiek"]["identity"] == "CZ"
    assert state["characters"]["sam"]["location"] == {"building": "wiek", "section": 3}
    assert t.close_and_verify() == 4


def test_worked_example_stateless_with_a_seed(api: Api) -> None:
    body = {"checkboxes": ["tracking"], "volunteered": ["video"], "control": 1, "onBlue": "positive", "seed": "garden-5"}
    answer = api.post("/v1/desert/building-reaction", body).json()
    result = answer["result"]
    assert result["bag"] == ["blue", "blank", "blank", "blank", "orange", "blank"]
    assert (result["drawn"], result["controlBefore"], result["controlAfter"]) == ("blue", 1, 2)
    assert answer["audit"]["draws"] == [{"sides": 6, "face": 1}]
    cellar = api.post("/v1/desert/player-screen", {"checkboxes": ["tracking", "tracking"]}).json()["result"]
    assert cellar["categories"][0]["blue"] == 2
    cellar_draw = api.post("/v1/desert/building-reaction", {"checkboxes": ["tracking", "tracking"], "control": 2, "seed": "c"}).json()
    assert cellar_draw["result"]["bag"].count("blue") == 1
    personal = {"tokens": SECOND_PERSONAL, "control": 2, "controlledType": "intimate", "approach": {"approach": "sponsorbaby", "brand": "CZ"}}
    cz = api.post("/v1/desert/personal-reaction", {**personal, "seed": "timur-1"}).json()["result"]
    assert cz["drawIndex"] == 2 and cz["drawn"]["label"] == "CZ"
    assert cz["identityChange"] == {"before": "intimate", "after": "CZ", "applied": False}


# -- every stateless mechanic, REST and GraphQL ----------------------------------------------------

STATELESS = {
    "player-screen": ({"districtType": 2, "bypassed": ["access"]}, "requiredStatements categories { category blue red free }"),
    "building-reaction": (
        {"districtType": 3, "bypassed": ["network"], "volunteered": ["audio"], "control": 3, "onBlue": "negative", "reactions": WIEK["reactions"]},
        "bag drawIndex drawn controlBefore controlAfter reaction { token side step number face text pending }",
    ),
    "personal-reaction": (
        {"tokens": FIRST_PERSONAL, "control": 2, "controlledType": "intimate", "approach": {"approach": "sponsorbaby", "brand": "CZ"}},
        "bag { label kind } drew drawIndex drawn { label } controlledCount automaticTokens identityChange { before after }",
    ),
    "approach": ({"pick": "roll"}, "face number approach whatYouDo automaticToken"),
    "encounter": ({"table": WIEK["encounters"], "timeOfDay": "evening"}, "kind face happened encounter timeOfDay timeFits"),
    "keep-memory-log": (
        {"owner": "sam", "access": "public", "featuring": ["timur"], "consents": ["timur"]},
        "access audience featuring consents",
    ),
}


DETERMINISTIC = {"player-screen", "keep-memory-log"}  # they draw nothing: no seed, no audit record


@pytest.mark.parametrize("name", sorted(STATELESS.keys() - DETERMINISTIC))
def test_stateless_mechanic_gives_the_same_answer_over_rest_and_graphql(api: Api, name: str) -> None:
    body, selection = STATELESS[name]
    rest = api.post(f"/v1/desert/{name}", {**body, "seed": "same"})
    assert rest.status_code == 200, rest.text
    data = api.mechanic("desert", name, {**body, "seed": "same"}, f"result {{ {selection} }} audit {{ seed draws {{ sides face }} }}")
    assert _selected(rest.json()["result"], data["result"]) == data["result"]
    audit = rest.json()["audit"]
    assert data["audit"] == ({"seed": "same", "draws": audit["draws"]} if audit else None)


@pytest.mark.parametrize("name", sorted(DETERMINISTIC))
def test_a_deterministic_mechanic_takes_no_seed_and_answers_alike_over_rest_and_graphql(api: Api, name: str) -> None:
    body, selection = STATELESS[name]
    rest = api.post(f"/v1/desert/{name}", body)
    assert rest.status_code == 200 and rest.json().keys() == {"result"}, rest.text
    seeded = api.post(f"/v1/desert/{name}", {**body, "seed": "same"})
    assert seeded.status_code == 422 and seeded.json()["code"] == "validation-failed"
    field = "desert" + "".join(part.title() for part in name.split("-"))
    kind = "query" if name == "player-screen" else "mutation"  # the screen only looks: a GraphQL query
    document = f"{kind} M($input: {api.input_type(field)}) {{ {field}(input: $input) {{ result {{ {selection} }} }} }}"
    data = api.gql_data(document, {"input": body})[field]
    assert _selected(rest.json()["result"], data["result"]) == data["result"]


def test_stateless_draws_recompute_from_their_audit_record(api: Api) -> None:
    for name in ("building-reaction", "personal-reaction", "approach", "encounter"):
        answer = api.post(f"/v1/desert/{name}", STATELESS[name][0]).json()
        verdict = api.post("/v1/verify", {"record": answer["audit"]}).json()
        assert verdict["match"] and verdict["checked"] >= 1, (name, verdict)


def test_control_six_personal_draw_rolls_nothing(api: Api) -> None:
    answer = api.post("/v1/desert/personal-reaction", {"tokens": [], "control": 6, "controlledType": "violent"}).json()
    assert answer["result"]["drew"] is False and answer["result"]["drawn"]["label"] == "violent"
    assert answer["audit"] is None


# -- every session mechanic, REST and GraphQL ------------------------------------------------------


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_a_whole_evening_at_the_table(api: Api, protocol: str) -> None:
    t = table_where(api, protocol, lambda f: f[0] == 1, 1)  # the garden draw comes up blue
    district = {"id": "harbour", "type": 4, "control": 3, "identity": "busy", "reactions": WIEK["reactions"]}
    added = t.do("add-district", {"district": district})
    assert added["screens"][0]["requiredStatements"] == ["tracking", "access", "network", "audio"]
    added = t.do("add-building", {"building": {**WIEK, "id": "tower"}}, seat="ben")
    assert added["kind"] == "building" and len(added["screens"]) == 3
    assert t.do("add-character", {"character": {"id": "lou", "name": "Lou"}})["heldBy"] is None
    assert t.do("hold-character", {"character": "sam"})["character"] == "sam"
    assert t.do("hold-character", {"character": "marin"}, seat="ben")["released"] is None
    chosen = t.do("approach", {"pick": "sponsorbaby", "brand": "CZ"})
    assert chosen["face"] is None and chosen["details"]["brand"] == "CZ"

    moved = t.do("move", {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    assert moved["securityLog"] == "log-1" and moved["encounter"] is None
    assert t.look("player-screen", {})["missingStatements"] == ["tracking"]
    said = t.do("make-statement", {"category": "tracking", "text": "I stay put with Timur", "featuring": ["timur"]})
    assert said["entry"]["id"] == "entry-1" and said["screen"]["requiredStatements"] == ["tracking"]
    hacked = t.do("hack-security-log", {"hacker": "marin", "securityLog": "log-1", "entry": "entry-1", "action": "rewrite", "text": "I stay put"}, seat="ben")
    assert hacked["entry"]["originalText"] == "I stay put with Timur" and hacked["entry"]["editedBy"] == "marin"

    drawn = t.do("building-reaction", {"character": "sam"}, seat="ben")  # nonce 0: blue, the side left open
    assert drawn["drawn"] == "blue" and drawn["reaction"]["pending"]
    settled = t.do("choose-reaction", {"character": "sam", "side": "negative"}, seat="ben")
    wanted = {"side": "negative", "step": 1, "number": 4, "text": "tag", "pending": False}
    assert {key: settled["reaction"][key] for key in wanted} == wanted
    rolled = t.do("encounter", {})  # nonce 1
    assert rolled["kind"] == "building" and rolled["locationKey"] == "building:wiek:1" and rolled["now"] == "evening"
    personal = t.do("personal-reaction", {"tokens": FIRST_PERSONAL})  # nonce 2
    assert personal["drew"] and personal["controlledCount"] == 2

    t.do("move", {"to": {"building": "wiek", "section": 3}, "rollEncounter": False})
    bypassed = t.do("bypass", {"category": "tracking", "how": "I wear the gait scrambler"})
    assert [c["red"] for c in bypassed["screen"]["categories"]][:1] == [1]
    t.do("make-statement", {"category": "tracking", "text": "down"})
    assert t.do("building-reaction", {"onBlue": "positive"})["bag"][0] == "blue"  # nonce 3

    memory = t.do("keep-memory-log", {"securityLog": "log-1"})
    assert memory["featuring"] == ["timur"] and memory["access"] == "private"
    assert t.do("consent-memory-log", {"memoryLog": "memory-1", "character": "timur"}, seat="ben")["consents"] == ["timur"]
    assert t.do("set-memory-log-access", {"memoryLog": "memory-1", "access": "public"})["access"] == "public"
    card = t.do("add-consequence", {"character": "sam", "text": "CZ wants the lips back", "when": "next week"}, seat="ben")
    assert card["id"] == "consequence-1" and card["settled"] is False
    assert t.do("settle-consequence", {"consequence": "consequence-1"})["settled"] is True
    assert t.do("advance-time", {}) == {"day": 1, "timeOfDay": "past-midnight"}
    assert t.do("approach", {"pick": "roll"}, seat="ben")["face"] in range(1, 7)  # nonce 4: marin rolls one

    state = t.read()["state"]
    assert state["held"] == {"seat-1": "sam", "seat-2": "marin"}
    assert state["memoryLogs"]["memory-1"]["access"] == "public"
    assert state["characters"]["marin"]["approach"]["approach"] in {"sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"}
    assert t.close_and_verify() == 5


def test_session_log_carries_the_bag_the_token_and_the_reaction(api: Api) -> None:
    t = table_where(api, "rest", lambda f: f[0] == 1, 1)
    t.do("hold-character", {"character": "sam"})
    t.do("move", {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    t.do("make-statement", {"category": "tracking", "text": "I stay put"})
    t.do("building-reaction", {"onBlue": "positive"})
    entry = api.get(f"/v1/sessions/{t.id}/log", token=t.tokens["ben"]).json()["entries"][-1]
    assert entry["action"] == "desert/building-reaction"
    assert entry["result"]["bag"] == ["blue", "blank", "blank", "blank", "blank", "blank"]
    assert entry["result"]["drawn"] == "blue" and entry["result"]["reaction"]["text"] == "display"
    assert entry["audit"]["draws"] == [{"sides": 6, "face": 1}]


def test_a_retried_draw_replays_its_answer_and_spends_no_dice(api: Api) -> None:
    t = any_table(api)
    t.do("hold-character", {"character": "sam"})
    t.do("move", {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    t.do("make-statement", {"category": "tracking", "text": "I stay put"})
    path = f"/v1/sessions/{t.id}/desert/building-reaction"
    first = api.post(path, {"onBlue": "positive"}, token=t.tokens["ana"], headers={"Idempotency-Key": "draw-1"})
    again = api.post(path, {"onBlue": "positive"}, token=t.tokens["ana"], headers={"Idempotency-Key": "draw-1"})
    assert first.json() == again.json() and t.read()["nonce"] == 1


def test_spectators_cannot_draw(api: Api) -> None:
    created = api.create_session("desert", [*SEATS, {"name": "eve", "role": "spectator"}], setup=SETUP)
    t = Table(api, created, "rest")
    response = api.post(f"/v1/sessions/{t.id}/desert/hold-character", {"character": "sam"}, token=t.tokens["eve"])
    assert response.status_code == 403


# -- bad input: a clear 4xx, the session unchanged -------------------------------------------------


def _garden_with_memory_log(api: Api, protocol: str) -> Table:
    t = any_table(api, protocol)
    t.do("hold-character", {"character": "sam"})
    t.do("move", {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    t.do("make-statement", {"category": "tracking", "text": "beside Timur", "featuring": ["timur"]})
    t.do("building-reaction", {"onBlue": "positive"})
    t.do("keep-memory-log", {"securityLog": "log-1"})
    t.do("move", {"to": {"building": "wiek", "section": 2}, "rollEncounter": False})
    return t


BAD = {
    "seventh token": ("personal-reaction", {"tokens": FIRST_PERSONAL + _tokens("angry")}, 422, "desert/bag-not-six-tokens"),
    "five tokens": ("personal-reaction", {"tokens": FIRST_PERSONAL[:5]}, 422, "desert/bag-not-six-tokens"),
    "control 7": ("add-district", {"district": {"id": "x", "type": 2, "control": 7, "identity": "y", "reactions": WIEK["reactions"]}}, 422, "desert/control-out-of-range"),
    "district type 0": ("add-district", {"district": {"id": "x", "type": 0, "control": 1, "identity": "y", "reactions": WIEK["reactions"]}}, 422, "desert/district-type-out-of-range"),
    "category that does not exist": (
        "add-building",
        {"building": {**WIEK, "id": "x", "sections": [{"number": 1, "checkboxes": ["tracking", "smell"]}]}},
        422,
        "desert/unknown-category",
    ),
    "statement in no category": ("make-statement", {"category": "smell", "text": "roses"}, 422, "desert/unknown-category"),
    "moving before the reaction": ("move", {"to": {"district": "old-town"}}, 409, "desert/reaction-required-before-moving"),
    "publishing without consent": ("set-memory-log-access", {"memoryLog": "memory-1", "access": "public"}, 409, "desert/consent-missing"),
    "limited without audience": ("set-memory-log-access", {"memoryLog": "memory-1", "access": "limited"}, 422, "desert/audience-missing"),
    "unknown character": ("add-consequence", {"character": "nobody", "text": "x", "when": "y"}, 404, "desert/unknown-character"),
    "drawing without the statement": ("building-reaction", {}, 409, "desert/statement-missing"),
    "bypassing nothing": ("bypass", {"category": "network", "how": "x"}, 409, "desert/nothing-to-bypass"),
    "holding a held character": ("hold-character", {"character": "sam"}, 409, "desert/character-already-held"),
    "a district and a building": ("move", {"to": {"district": "old-town", "building": "wiek", "section": 1}}, 422, "desert/location-shape"),
    "a building already at the table": ("add-building", {"building": WIEK}, 422, "desert/duplicate-id"),
    "rewriting without the text": (
        "hack-security-log",
        {"hacker": "marin", "securityLog": "log-1", "entry": "entry-1", "action": "rewrite"},
        422,
        "desert/cannot-edit-entry",
    ),
    "two sections numbered 1": (
        "add-building",
        {"building": {**WIEK, "id": "x", "sections": [{"number": 1}, {"number": 1, "checkboxes": ["audio"]}]}},
        422,
        "desert/duplicate-id",
    ),
}


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_bad_input_is_refused_with_the_rule_and_changes_nothing(api: Api, protocol: str) -> None:
    t = _garden_with_memory_log(api, protocol)
    for case, (name, body, status, code) in BAD.items():
        assert t.refused(name, body) == (status, code), case


def test_a_missing_seat_token_is_a_401_whatever_the_body(api: Api) -> None:
    t = any_table(api)
    for name, body in (("move", {"to": {}}), ("add-building", {"building": {**WIEK, "sections": [{"number": 1}, {"number": 1}]}})):
        response = api.post(f"/v1/sessions/{t.id}/desert/{name}", body)
        assert response.status_code == 401, response.text


def test_setup_with_control_seven_or_an_unknown_category_is_refused(api: Api) -> None:
    for building, code in (({**WIEK, "control": 7}, "desert/control-out-of-range"), ({**WIEK, "sections": [{"number": 1, "checkboxes": ["smell"]}]}, "desert/unknown-category")):
        response = api.post("/v1/sessions", {"system": "desert", "seats": SEATS, "setup": {**SETUP, "buildings": [building]}})
        assert response.status_code == 422 and response.json()["code"] == code


def test_stateless_bad_input_names_the_rule(api: Api) -> None:
    cases = [
        ("personal-reaction", {"tokens": FIRST_PERSONAL + _tokens("angry"), "control": 2, "controlledType": "intimate"}, "desert/bag-not-six-tokens"),
        ("building-reaction", {"districtType": 2, "control": 7}, "desert/control-out-of-range"),
        ("player-screen", {"checkboxes": ["tracking", "smell"]}, "desert/unknown-category"),
        ("building-reaction", {"districtType": 2, "control": 1, "volunteered": ["tracking"]}, "desert/not-a-free-category"),
        ("player-screen", {"districtType": 1, "bypassed": ["access"]}, "desert/nothing-to-bypass"),
        ("keep-memory-log", {"owner": "sam", "access": "public", "featuring": ["timur"]}, "desert/consent-missing"),
    ]
    for name, body, code in cases:
        response = api.post(f"/v1/desert/{name}", body)
        assert response.status_code == 422 and response.json()["code"] == code, (name, response.text)
    error = api.mechanic_error(
        "desert",
        "personal-reaction",
        {"tokens": FIRST_PERSONAL + _tokens("angry"), "control": 2, "controlledType": "intimate"},
        "result { drew }",
    )
    assert error["extensions"]["code"] == "desert/bag-not-six-tokens" and error["extensions"]["status"] == 422
