"""The Foundry module's own tests (`node --test` in integrations/foundry), run when Node is here.

CI installs Debian's `nodejs` (`.ci/run`), so there a missing `node` fails instead of skipping.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

MODULE = pathlib.Path(__file__).resolve().parents[2] / "integrations" / "foundry"


def test_node_tests_of_the_foundry_module_pass() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing: .ci/run installs Debian's nodejs")
        pytest.skip("node is not installed")
    run = subprocess.run([node, "--test", "--test-reporter=tap"], cwd=MODULE, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
