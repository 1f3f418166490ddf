"""A Python client generated from the checked-in OpenAPI document drives a session of every system.

`openapi-python-client` generates the package from `openapi/openapi.json` (no warnings allowed);
the test then imports it and plays through it against the service in-process: create a session
(its typed setup), act (a dice roll, which every session takes), read it back as the system's typed
view, read the log, a conditional write with a stale `If-Match` (412) and a retry with the same
`Idempotency-Key` (the first answer again, no new draw). Generated names must read well: no
`…Type0`, no `…Item` that is not a published component, no two enum classes of one set of values.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

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


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_a_session_of_every_system_through_the_generated_client(client_package: ModuleType, system: str) -> None:
    models = importlib.import_module(f"{PACKAGE}.models")
    sessions = importlib.import_module(f"{PACKAGE}.api.sessions")
    create = importlib.import_module(f"{PACKAGE}.api.sessions.create_session")
    read = importlib.import_module(f"{PACKAGE}.api.sessions.session")
    log = importlib.import_module(f"{PACKAGE}.api.sessions.session_log")
    roll = importlib.import_module(f"{PACKAGE}.api.dice.dice_roll_in_session")
    assert sessions is not None
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
    version = answer.session.version
    rolled = roll.sync_detailed(
        session_id, client=player, body=models.DiceSessionRollInput(expression="2d6+1"), if_match=f'"{version}"', idempotency_key="first"
    )
    assert rolled.status_code == 200, rolled.content
    first = rolled.parsed
    assert isinstance(first, models.DiceRollSessionResponse) and first.version == version + 1
    assert 3 <= first.result.total <= 13

    again = roll.sync_detailed(session_id, client=player, body=models.DiceSessionRollInput(expression="2d6+1"), idempotency_key="first")
    assert again.status_code == 200 and again.parsed.seq == first.seq and again.parsed.result.total == first.result.total

    stale = roll.sync_detailed(session_id, client=player, body=models.DiceSessionRollInput(expression="1d4"), if_match=f'"{version}"')
    assert stale.status_code == 412
    assert isinstance(stale.parsed, models.ProblemDetails) and stale.parsed.code == "version-conflict"

    view = read.sync_detailed(session_id, client=player)
    assert view.status_code == 200
    assert isinstance(view.parsed, getattr(models, f"{stem}SessionView")) and view.parsed.version == version + 1
    state_type = type(view.parsed.state).__name__
    assert state_type != "dict" and "Type" not in state_type, state_type  # the system's typed state, not a free-form map

    page = log.sync_detailed(session_id, client=player)
    assert page.status_code == 200
    entries = page.parsed.entries
    assert [e.action for e in entries] == ["dice/roll"] and entries[0].seq == first.seq

