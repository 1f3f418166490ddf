"""Random sessions of every system replay in another process, with another string-hash seed, to the
same final states: nothing they hold depends on the process that played them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson

from support.replaying import play_and_replay

from . import desert, eclipse, ncb, neuroscape, neurosystem

SYSTEMS = {"neurosystem": neurosystem, "ncb": ncb, "eclipse": eclipse, "desert": desert, "neuroscape": neuroscape}
PER_SYSTEM, STEPS = 4, 60
ROOT = Path(__file__).resolve().parents[2]


async def test_sessions_replay_in_another_process() -> None:
    played = []
    for system, module in SYSTEMS.items():
        for n in range(PER_SYSTEM):
            seed = f"elsewhere-{system}-{n}"
            session = await play_and_replay(system, module.SEATS, module.setup_for(seed), module.chooser_for(seed), seed=seed, steps=STEPS)
            played.append(session)
    hash_seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    child = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("elsewhere.py"))],
        input=orjson.dumps([{"final": p.final, "entries": p.entries} for p in played]),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=True,
    )
    answers = orjson.loads(child.stdout)
    assert len(answers) == len(played)
    for session, answer in zip(played, answers, strict=True):
        final = session.final
        assert "mismatch" not in answer, f"{final['system']} session: {answer.get('mismatch')}"
        assert answer["state"] == final["state"], f"a {final['system']} session replays to another state elsewhere"
        assert (answer["epoch"], answer["nonce"], answer["closed"]) == (final["epoch"], final["nonce"], True)
