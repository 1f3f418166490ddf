"""The house rules a newcomer relies on: rules below adapters, and docs that count what is there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from service.systems import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "service" / "systems"
# What a pure rule never imports: the adapters, the store, the web and GraphQL frameworks, Redis.
FORBIDDEN = ("service.api", "service.sessions", "starlette", "strawberry", "redis", "uvicorn")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_game_module_imports_an_adapter_the_store_or_a_framework() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(name for name in _imports(path) if name.startswith(FORBIDDEN))
        for path in sorted(SYSTEMS.rglob("*.py"))
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_no_game_imports_another_game() -> None:
    games = sorted(path.name for path in SYSTEMS.iterdir() if (path / "__init__.py").exists())
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name
            for name in _imports(path)
            for other in games
            if other != game and (name == f"service.systems.{other}" or name.startswith(f"service.systems.{other}."))
        )
        for game in games
        for path in sorted((SYSTEMS / game).rglob("*.py"))
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_dice_layer_imports_nothing_above_it() -> None:
    above = ("service.systems", *FORBIDDEN)
    for path in sorted((ROOT / "service" / "dice").rglob("*.py")):
        assert not [name for name in _imports(path) if name.startswith(above)], path


def _readme_counts() -> dict[str, tuple[int, int, int]]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## The five games", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z]+)` — [^|]+\| (\d+) / (\d+) / (\d+) \|", section, flags=re.M)
    return {system: (int(both), int(session), int(stateless)) for system, both, session, stateless in rows}


def test_the_readmes_mechanic_counts_are_the_registrys() -> None:
    counted: dict[str, list[int]] = {}
    for mech in REGISTRY.mechanics.values():
        both, session, stateless = counted.setdefault(mech.system, [0, 0, 0])
        forms = (mech.resolve is not None, mech.in_session)  # a session read is a session form too
        index = 0 if all(forms) else 1 if forms[1] else 2
        counted[mech.system][index] += 1
    games = {system: tuple(counts) for system, counts in counted.items() if system != "dice"}
    assert _readme_counts() == games
