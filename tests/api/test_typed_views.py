"""What a seat reads of a session, at every point of its life, is what the published contract describes.

A session of every system is played, with a spectator added to its table: once with the examples'
own session calls (in the table they are published for), and once with a few moves of the game
that are certain to be accepted (in its `createSession` example). Every seat's read (the GM's, each player's, the
spectator's) is checked mid-game, after a seed rotation and after the close (every seed revealed):
against the OpenAPI document's own component (`{Game}SessionView`, every `$ref` resolved, so an
extra key or a wrong type fails), and over GraphQL, where the typed `{game}Session` query with
every field selected must answer without errors.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from graphql import GraphQLObjectType, GraphQLUnionType, build_schema, get_named_type
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.api.examples import IN_SESSION, MAY_BE_REFUSED, SESSIONS, session_table
from service.contracts import OPENAPI, SCHEMA
from support.api import Api

DOCUMENT = json.loads(OPENAPI.read_text())
_URI = "urn:neon-arbiter:openapi"
_REGISTRY = Registry().with_resource(_URI, Resource.from_contents(DOCUMENT, default_specification=DRAFT202012))
SDL = build_schema(SCHEMA.read_text())

# A second character with all three stats, so that an STK check can be made, Luck spent and the check pushed.
VEX = {
    "id": "vex",
    "name": "Vex",
    "controller": "Bo",
    "resolveMax": 2,
    "stats": [
        {"category": "style", "name": "Quick", "rating": "d8"},
        {"category": "training", "name": "Guns", "rating": "d6"},
        {"category": "knowledge", "name": "Streets", "rating": "d10"},
    ],
}

# A few moves per system that are certain to be accepted, as (seat name, path under the session, body).
# `None` as the seat is the seat the match awaits (the roll-off's winner chooses who goes first).
PLAYS: dict[str, list[tuple[str | None, str, dict[str, Any]]]] = {
    "ncb": [
        ("Ana", "ncb/d20-test", {"combatant": "v", "ability": "dexterity", "proficient": True, "dv": 15}),
        ("Kay", "ncb/start-combat", {"participants": ["v"]}),  # v alone: the attack is on v's turn, however initiative falls
        ("Ana", "ncb/attack", {"attacker": "v", "target": "goon", "weaponName": "Unity"}),
        ("Kay", "ncb/damage", {"target": "v", "amount": 5, "kind": "environmental"}),
    ],
    "eclipse": [
        ("Ana", "eclipse/test", {"character": "ana", "skill": "Guns", "specialization": True}),
        ("Kay", "eclipse/initiative", {}),
        ("Kay", "eclipse/advance-time", {"days": 1, "hours": 2}),
    ],
    "neurosystem": [
        ("Kay", "neurosystem/add-character", VEX),
        ("Bo", "neurosystem/stk-check", {"character": "vex", "dn": 12}),
        ("Bo", "neurosystem/spend-luck", {"check": "check-1", "points": 1}),
        ("Bo", "neurosystem/push", {"check": "check-1", "dice": ["training"]}),
        ("Ana", "neurosystem/flat-check", {"character": "rei", "category": "style"}),
        ("Kay", "neurosystem/take-damage", {"character": "rei", "category": "wounded"}),
    ],
    "neuroscape": [
        ("Ana", "neuroscape/draw", {"main": 5}),
        ("Bo", "neuroscape/draw", {"main": 5}),
        ("Ana", "neuroscape/mulligan", {"bottom": []}),
        ("Bo", "neuroscape/mulligan", {"bottom": []}),
        ("Ana", "neuroscape/roll-off", {}),
        (None, "neuroscape/choose-first", {"goFirst": True}),
        (None, "neuroscape/draw", {"main": 1}),
    ],
}
# One more move after the seed rotation, so that the view also holds draws of the second epoch.
AFTER_ROTATION: dict[str, tuple[str | None, str, dict[str, Any]]] = {
    "dice": ("Bo", "dice/roll", {"expression": "3d6", "visibility": "gm"}),
    "ncb": ("Ana", "ncb/d20-test", {"combatant": "v", "ability": "intelligence", "dv": 10}),
    "eclipse": ("Ana", "eclipse/test", {"character": "ana", "skill": "Fray"}),
    "neurosystem": ("Ana", "neurosystem/flat-check", {"character": "rei", "category": "training"}),
    "desert": ("Kay", "desert/advance-time", {}),
    "neuroscape": (None, "neuroscape/pass", {}),
}


def _published_calls(system: str) -> list[tuple[str | None, str, dict[str, Any]]]:
    """The system's published session examples as (seat, path, body), in their order."""
    paths = {op["operationId"]: path for path, methods in DOCUMENT["paths"].items() for op in methods.values()}
    prefix = "/v1/sessions/{sessionId}/"
    # `*` there is the seat the match awaits, as `None` is here. A call the dice may have refused
    # (MAY_BE_REFUSED; tests/api/test_examples.py checks both outcomes) is left out: these views need every call logged.
    return [
        (None if seat == "*" else seat, paths[operation].removeprefix(prefix), body)
        for seat, operation, body in IN_SESSION[system]
        if operation not in MAY_BE_REFUSED
    ]


class Table:
    """A session made from its system's createSession example (and a spectator), its seats by name, and the seat awaited."""

    def __init__(self, api: Api, system: str, body: dict[str, Any]) -> None:
        watcher = {"name": "Zed", "role": "spectator"}  # a spectator reads the public view
        created = api.post("/v1/sessions", {**body, "seats": [*body["seats"], watcher]})
        assert created.status_code == 201, created.text
        self.api, self.system = api, system
        self.id = created.json()["session"]["id"]
        self.seats = {seat["name"]: seat for seat in created.json()["seats"]}
        self.awaited: str | None = None

    def token(self, name: str | None) -> str:
        if name is None:
            name = next(n for n, seat in self.seats.items() if seat["id"] == self.awaited)
        return self.seats[name]["token"]

    def play(self, seat: str | None, path: str, body: dict[str, Any]) -> None:
        answer = self.api.post(f"/v1/sessions/{self.id}/{path}", body, token=self.token(seat))
        assert answer.status_code == 200, f"{path}: {answer.text}"
        flow = (answer.json().get("result") or {}).get("flow")
        if isinstance(flow, dict) and flow.get("awaiting"):
            self.awaited = flow["awaiting"][0]

    @property
    def authority(self) -> str:
        """Who may rotate and close: the GM, or a player at a table without one."""
        return next((n for n, s in self.seats.items() if s["role"] == "gm"), next(iter(self.seats)))


def _check_rest(table: Table, moment: str) -> list[dict[str, Any]]:
    """Every seat's REST read, validated against the published component; the reads are returned."""
    component = f"{table.system[:1].upper()}{table.system[1:]}SessionView"
    validator = Draft202012Validator({"$ref": f"{_URI}#/components/schemas/{component}"}, registry=_REGISTRY)
    union = Draft202012Validator({"$ref": f"{_URI}#/components/schemas/SessionView"}, registry=_REGISTRY)
    reads = []
    for name, seat in table.seats.items():
        read = table.api.get(f"/v1/sessions/{table.id}", token=seat["token"])
        assert read.status_code == 200, read.text
        body = read.json()
        problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(body)]
        assert problems == [], f"{table.system} {moment}, read by {name}: {problems[:5]}"
        assert union.is_valid(body)
        reads.append(body)
    return reads


def _selection(kind: Any, depth: int = 0, aliased: dict[str, str] | None = None) -> str:
    """Every field of a GraphQL output type, nested types expanded, union members by fragment. A field
    name that two members give two types is aliased by member (`NeuroscapeDamage_on: on`)."""
    kind = get_named_type(kind)
    assert depth < 12, f"{kind.name} nests too deep to select"
    if isinstance(kind, GraphQLUnionType):
        types: dict[str, set[str]] = {}
        for member in kind.types:
            for name, field in member.fields.items():
                types.setdefault(name, set()).add(str(field.type))
        clashing = {name for name, kinds in types.items() if len(kinds) > 1}
        members = (f"... on {m.name} {{ {_selection(m, depth + 1, {n: m.name for n in clashing})} }}" for m in kind.types)
        return "__typename " + " ".join(members)
    if not isinstance(kind, GraphQLObjectType):
        return ""
    parts = []
    for name, field in kind.fields.items():
        inner = get_named_type(field.type)
        alias = f"{aliased[name]}_{name}: {name}" if aliased and name in aliased else name
        nested = isinstance(inner, GraphQLObjectType | GraphQLUnionType)
        parts.append(f"{alias} {{ {_selection(inner, depth + 1)} }}" if nested else alias)
    return " ".join(parts)


def _check_graphql(table: Table, rest_reads: list[dict[str, Any]], moment: str) -> None:
    """The typed `{game}Session` query, every field selected, answers each seat without errors and as REST does."""
    field_name = f"{table.system}Session"
    query = f"query R($id: ID!) {{ {field_name}(sessionId: $id) {{ {_selection(SDL.query_type.fields[field_name].type)} }} }}"
    for (name, seat), rest in zip(table.seats.items(), rest_reads, strict=True):
        answer = table.api.gql(query, {"id": table.id}, token=seat["token"])
        assert "errors" not in answer, f"{table.system} {moment}, read by {name}: {answer['errors'][:3]}"
        typed = answer["data"][field_name]
        assert (typed["id"], typed["version"], typed["closed"]) == (rest["id"], rest["version"], rest["closed"])
        assert [s["seed"] for s in typed["seeds"]] == [s["seed"] for s in rest["seeds"]]


def _check(table: Table, moment: str) -> list[dict[str, Any]]:
    reads = _check_rest(table, moment)
    _check_graphql(table, reads, moment)
    return reads


# Each system's published session calls, in the table they are published for; and the plays above, in its createSession example.
CASES = [(system, "examples") for system in sorted(IN_SESSION)] + [(system, "plays") for system in sorted(PLAYS)]


@pytest.mark.parametrize(("system", "moves"), CASES, ids=[f"{system}-{moves}" for system, moves in CASES])
def test_a_seats_view_matches_the_contract_mid_game_after_a_rotation_and_after_the_close(memory_api: Api, system: str, moves: str) -> None:
    table = Table(memory_api, system, session_table(system) if moves == "examples" else SESSIONS[system])
    plays = _published_calls(system) if moves == "examples" else PLAYS[system]
    assert plays, f"{system} has no moves to play"
    for seat, path, body in plays:
        table.play(seat, path, body)
    mid = _check(table, "mid-game")
    assert all(read["version"] == len(plays) + 1 and not read["closed"] for read in mid)

    rotated = memory_api.post(f"/v1/sessions/{table.id}/rotate-seed", token=table.token(table.authority))
    assert rotated.status_code == 200, rotated.text
    if (system, moves) != ("neuroscape", "examples"):  # the published match is played to its end: nothing is left to do
        table.play(*AFTER_ROTATION[system])
    after_rotation = _check(table, "after a seed rotation")
    assert all([s["epoch"] for s in read["seeds"]] == [0, 1] for read in after_rotation)

    closed = memory_api.post(f"/v1/sessions/{table.id}/close", token=table.token(table.authority))
    assert closed.status_code == 200, closed.text
    revealed = _check(table, "after the close")
    roles = {seat["role"] for seat in table.seats.values()}
    assert roles >= {"player", "spectator"} and (system == "neuroscape" or "gm" in roles)  # read by the GM, a player and a spectator
    for read in revealed:
        assert read["closed"] is True and all(seed["seed"] for seed in read["seeds"])  # every seed revealed


def test_the_cards_a_neuroscape_view_names_and_its_revealed_secrets_are_typed() -> None:
    schemas = DOCUMENT["components"]["schemas"]
    assert schemas["NeuroscapeView"]["properties"]["cards"]["additionalProperties"] == {"$ref": "#/components/schemas/NeuroscapeCard"}
    revealed = schemas["NeuroscapeRevealedView"]["properties"]
    assert revealed["deck"] == {"$ref": "#/components/schemas/NeuroscapeDeck"}
    # The dice of secret draws are no longer kept in the state: each action's log entry holds its audit.
    assert "drawAudits" not in revealed and "NeuroscapeDrawAuditView" not in schemas
