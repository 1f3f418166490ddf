from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def require_tool() -> Callable[[str], str]:
    """The path of a command-line tool; skipped when it is missing, but a failure on CI.

    The tools come with the test extras (`pip install -e '.[test]'`), next to this Python.
    """

    def find(name: str) -> str:
        found = shutil.which(name, path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
        if found:
            return found
        reason = f"{name} not found: install the test extras (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must run the deploy checks", pytrace=False)
        pytest.skip(reason)

    return find
