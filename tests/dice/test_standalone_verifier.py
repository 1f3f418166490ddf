"""The README's standard-library verifier reproduces the service's draws."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from support.api import Api

README = Path(__file__).resolve().parents[2] / "README.md"


def _verifier(tmp_path: Path) -> Path:
    text = README.read_text()
    match = re.search(r"<!-- verifier -->\n```python\n(.*?)```", text, re.S)
    assert match, "the README must print the verifier after <!-- verifier -->"
    code = match.group(1)
    assert len(code.strip().splitlines()) <= 25, "the verifier should stay about 20 lines"
    path = tmp_path / "verify.py"
    path.write_text(code)
    return path


def _run(verifier: Path, record: dict) -> subprocess.CompletedProcess:
    # -I: isolated mode, so nothing but the standard library can be imported.
    return subprocess.run([sys.executable, "-I", str(verifier)], input=json.dumps(record), capture_output=True, text=True, timeout=30)


def test_verifier_matches_a_stateless_roll_and_catches_a_forged_face(memory_api: Api, tmp_path: Path) -> None:
    verifier = _verifier(tmp_path)
    record = memory_api.post("/v1/dice/roll", {"expression": "10d6! + 3d20kh1 + 2d1000", "clientSeed": "mine"}).json()["audit"]
    ok = _run(verifier, record)
    assert ok.returncode == 0 and ok.stdout.strip() == f"ok: {len(record['draws'])} draws match"
    record["draws"][2]["face"] = record["draws"][2]["face"] % 6 + 1
    forged = _run(verifier, record)
    assert forged.returncode != 0 and "draw 2" in forged.stderr


def test_verifier_checks_session_rolls_once_the_seed_is_revealed(memory_api: Api, tmp_path: Path) -> None:
    verifier = _verifier(tmp_path)
    created = memory_api.create_session("dice", client_seed="table")
    sid, gm = created["session"]["id"], memory_api.tokens["gm"]
    records = [memory_api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "3d6"}, token=gm).json()["audit"] for _ in range(3)]
    seed = memory_api.post(f"/v1/sessions/{sid}/close", token=gm).json()["seeds"][0]["seed"]
    for record in records:
        assert _run(verifier, {**record, "seed": seed}).returncode == 0
    wrong = _run(verifier, {**records[0], "seed": "not-the-seed"})
    assert wrong.returncode != 0 and "commitment" in wrong.stderr
