"""A Python client generated from the checked-in OpenAPI document drives a session of every system.

`openapi-python-client` generates the package from `openapi/openapi.json` (no warnings allowed);
the test then imports it and plays through it against the service in-process: create a session
(its typed setup), make a move of the game itself (an NCB d20 test, an Eclipse Phase test, a
NeuroSystem Flat Check, a desert personal-reaction draw, a Neuroscape opening draw, a dice roll)
with its typed body and check its typed answer against the rules' numbers, read the session back
as the system's typed view, read the log, repeat the move with a stale `If-Match` (412) and retry
it with the same `Idempotency-Key` (the first answer again, no new draw). Generated names must read well: no
`…Type0`, no `…Item` that is not a published component, no two enum classes of one set of values.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
import typing
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from service.api.examples import SESSIONS
from service.config import Settings
from service.contracts import OPENAPI

BIN = Path(sys.executable).parent
GENERATOR = BIN / "openapi-python-client"
PACKAGE = "neon_arbiter_client"

pytestmark = pytest.mark.skipif(not GENERATOR.exists(), reason="openapi-python-client is not installed (pip install -e '.[test]')")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("client")
    config = root / "config.json"
    config.write_text(json.dumps({"package_name_override": PACKAGE, "project_name_override": PACKAGE}))
    run = subprocess.run(
        [str(GENERATOR), "generate", "--path", str(OPENAPI), "--meta", "none", "--output-path", str(root / PACKAGE), "--config", str(config)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": f"{BIN}:/usr/bin:/bin"},  # its formatter (ruff) comes from the same environment
    )
    return root, run.stdout + run.stderr + f"\nexit {run.returncode}"


@pytest.fixture(scope="module")
def client_package(generated: tuple[Path, str]) -> ModuleType:
    root, _ = generated
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_generator_reads_the_document_without_a_warning(generated: tuple[Path, str]) -> None:
    root, output = generated
    assert output.rstrip().endswith("exit 0"), output
    assert "warning" not in output.lower() and "unable" not in output.lower(), output
    assert (root / PACKAGE / "api" / "sessions" / "create_session.py").exists()


def _classes(root: Path) -> dict[str, str]:
    """Every generated model class, with the source of its body."""
    out = {}
    for path in (root / PACKAGE / "models").glob("*.py"):
        for match in re.finditer(r"^class (\w+)\b.*?:\n((?:(?:    .*)?\n)*)", path.read_text(), re.M):
            out[match.group(1)] = match.group(2)
    return out


def test_generated_names_are_readable(generated: tuple[Path, str]) -> None:
    root, _ = generated
    classes = _classes(root)
    components = set(json.loads(OPENAPI.read_text())["components"]["schemas"])
    assert len(classes) > 300  # the whole document was read
    assert [name for name in classes if re.search(r"Type\d+", name)] == []
    assert [name for name in classes if name.endswith("Item") and name not in components] == []
    enums = {}
    for name, body in classes.items():
        values = re.findall(r"^    \w+ = (.+)$", body, re.M)
        if re.search(r"^    def __str__", body, re.M) and values:
            enums[name] = frozenset(values)
    assert len(enums) > 100
    repeated = {values: n for values, n in Counter(enums.values()).items() if n > 1}
    assert repeated == {}, [name for name, values in enums.items() if values in repeated]
    # Titles read as words: `clientSeed` is "Client seed", not "Clientseed".
    assert '"Clientseed"' not in OPENAPI.read_text() and '"Client seed"' in OPENAPI.read_text()


@dataclass(frozen=True)
class Move:
    """One move of a game, certain to be accepted, made through the generated client: `call` names the
    function (`ncb.ncb_d20_test_in_session`), `body` builds its typed body from the models, `check`
    asserts on the typed answer's `result`; `prep` are calls made first, their bodies read by their
    own typed models (`from_dict`), and `action` is what the log records."""

    call: str
    body: Callable[[ModuleType], Any]
    check: Callable[[ModuleType, Any], None]
    action: str
    prep: tuple[tuple[str, dict[str, Any]], ...] = ()


def _dice(models: ModuleType, result: Any) -> None:
    assert isinstance(result, models.DiceRollResult) and 3 <= result.total <= 13  # 2d6+1


def _ncb(models: ModuleType, result: Any) -> None:
    roll = result.roll
    assert isinstance(result, models.NcbD20TestResult) and isinstance(roll, models.NcbD20Roll)
    # V: Dexterity 16 (+3) and proficient at level 5 (+3); a natural 20 succeeds, a 1 fails, else the total must beat the DV.
    assert (roll.modifier, roll.dv, roll.total) == (6, 15, roll.natural + 6) and roll.faces == [roll.natural]
    assert roll.success == (roll.natural == 20 or (roll.natural != 1 and roll.total > 15))


def _eclipse(models: ModuleType, result: Any) -> None:
    test = result.test
    assert isinstance(result, models.EclipseSessionTestResult) and result.subject == "Guns"
    # Guns 55, +10 for the specialization; at or under the target succeeds.
    assert (test.base, test.target) == (55, 65) and 0 <= test.roll <= 99 and test.success == (test.roll <= 65)


def _neurosystem(models: ModuleType, result: Any) -> None:
    (die,) = result.check.dice
    assert isinstance(result, models.NeurosystemCheckResult) and result.check.kind == "flat"
    # Rei's Cool is a d8; a Flat Check takes no bonus and succeeds on 5 or more.
    assert (die.rating, result.total, result.bonus_total) == ("d8", die.face, 0) and 1 <= die.face <= 8
    assert result.outcome == ("success" if die.face >= 5 else "failure")


def _desert(models: ModuleType, result: Any) -> None:
    assert isinstance(result, models.DesertPersonalDrawAtTable) and result.character == "sam"
    assert sorted(t.label for t in result.bag) == sorted(_BAG) and result.control == 3 and result.controlled_type == "busy"
    assert result.drawn.label in _BAG and result.location_key == "district:harbour"


def _neuroscape(models: ModuleType, result: Any) -> None:
    assert isinstance(result, models.NeuroscapeActionResult) and result.flow.substage == "opening-hand"
    (drew,) = result.events
    assert (drew.kind, drew.seat, drew.amount) == ("drew", "seat-1", 5)
    assert len(result.private.drawn) == 5  # the opening hand, seen by its owner only


_BAG = ["busy", "busy", "busy", "CZ", "CZ", "authoritative"]  # control 3 asks for three of the district's `busy`
_HARBOUR = {
    "id": "harbour",
    "type": 4,
    "control": 3,
    "identity": "busy",
    "reactions": {"positive": ["display", "welcome", "open up"], "negative": ["tag", "call", "disable"]},
}
MOVES: dict[str, Move] = {
    "dice": Move("dice.dice_roll_in_session", lambda m: m.DiceSessionRollInput(expression="2d6+1"), _dice, "dice/roll"),
    "ncb": Move(
        "ncb.ncb_d20_test_in_session",
        lambda m: m.NcbD20TestAction(combatant="v", ability=m.NcbAbility.DEXTERITY, proficient=True, dv=15),
        _ncb,
        "ncb/d20-test",
    ),
    "eclipse": Move(
        "eclipse.eclipse_test_in_session",
        lambda m: m.EclipseTestInSession(character="ana", skill="Guns", specialization=True),
        _eclipse,
        "eclipse/test",
    ),
    "neurosystem": Move(
        "neurosystem.neurosystem_flat_check_in_session",
        lambda m: m.NeurosystemFlatCheckAction(character="rei", category=m.NeurosystemStatCategory.STYLE),
        _neurosystem,
        "neurosystem/flat-check",
    ),
    "desert": Move(
        "desert.desert_personal_reaction_in_session",
        lambda m: m.DesertPersonalReactionAtTableInput(tokens=[m.DesertToken(label=label) for label in _BAG]),
        _desert,
        "desert/personal-reaction",
        prep=(
            ("desert.desert_add_district_in_session", {"district": _HARBOUR}),
            ("desert.desert_add_character_in_session", {"character": {"id": "sam", "name": "Sam"}}),
            ("desert.desert_hold_character_in_session", {"character": "sam"}),
            ("desert.desert_move_in_session", {"to": {"district": "harbour"}, "rollEncounter": False}),
        ),
    ),
    "neuroscape": Move("neuroscape.neuroscape_draw_in_session", lambda m: m.NeuroscapeDrawAction(main=5), _neuroscape, "neuroscape/draw"),
}


def _call(path: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.api.{path}")


def _action(path: str) -> str:
    """What the log records for a call: `desert.desert_add_district_in_session` -> `desert/add-district`."""
    system, name = path.split(".")
    return f"{system}/{name.removeprefix(system + '_').removesuffix('_in_session').replace('_', '-')}"


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_a_session_of_every_system_through_the_generated_client(client_package: ModuleType, system: str) -> None:
    models = importlib.import_module(f"{PACKAGE}.models")
    create = _call("sessions.create_session")
    read = _call("sessions.session")
    log = _call("sessions.session_log")
    move = MOVES[system]
    act = _call(move.call)
    stem = "".join(part.title() for part in system.split("-"))
    app = create_app(Settings(store="memory"))

    anonymous = client_package.Client(base_url="http://test").set_httpx_client(TestClient(app, base_url="http://test"))
    body = getattr(models, f"{stem}CreateSession").from_dict(SESSIONS[system])
    created = create.sync_detailed(client=anonymous, body=body)
    assert created.status_code == 201, created.content
    answer = created.parsed
    assert isinstance(answer, models.SessionCreated)
    assert isinstance(answer.session, getattr(models, f"{stem}SessionView")), type(answer.session)
    session_id = answer.session.id
    seat = next(s for s in answer.seats if s.role.value == "player")

    def as_seat(token: str) -> object:
        http = TestClient(app, base_url="http://test", headers={"Authorization": f"Bearer {token}"})
        return client_package.AuthenticatedClient(base_url="http://test", token=token).set_httpx_client(http)

    player = as_seat(seat.token)
    for path, prep_body in move.prep:  # what the move needs first, each body read by its own typed model
        prepare = _call(path)
        typed = typing.get_type_hints(prepare.sync_detailed)["body"].from_dict(prep_body)
        assert prepare.sync_detailed(session_id, client=player, body=typed).status_code == 200
    version = answer.session.version + len(move.prep)

    made = act.sync_detailed(session_id, client=player, body=move.body(models), if_match=f'"{version}"', idempotency_key="first")
    assert made.status_code == 200, made.content
    first = made.parsed
    assert type(first).__name__.endswith("SessionResponse") and first.version == version + 1, type(first)
    move.check(models, first.result)  # the game's own answer, typed

    again = act.sync_detailed(session_id, client=player, body=move.body(models), idempotency_key="first")
    assert again.status_code == 200 and again.parsed.seq == first.seq
    assert again.parsed.result.to_dict() == first.result.to_dict()  # the first answer again: no new draw

    stale = act.sync_detailed(session_id, client=player, body=move.body(models), if_match=f'"{version}"')
    assert stale.status_code == 412
    assert isinstance(stale.parsed, models.ProblemDetails) and stale.parsed.code == "version-conflict"

    view = read.sync_detailed(session_id, client=player)
    assert view.status_code == 200
    assert isinstance(view.parsed, getattr(models, f"{stem}SessionView")) and view.parsed.version == version + 1
    state_type = type(view.parsed.state).__name__
    assert state_type != "dict" and "Type" not in state_type, state_type  # the system's typed state, not a free-form map

    page = log.sync_detailed(session_id, client=player)
    assert page.status_code == 200 and page.headers["etag"].startswith('"log-')
    entries = page.parsed.entries
    assert [e.action for e in entries] == [_action(path) for path, _ in move.prep] + [move.action]
    assert entries[-1].seq == first.seq
