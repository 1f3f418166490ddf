"""Issue 14's one shape: every game has the same files, shows only its system, and is declared on it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from service.registry import System
from service.systems import REGISTRY

SYSTEMS = Path(__file__).resolve().parents[2] / "service" / "systems"


GAMES = ("neurosystem", "ncb", "eclipse", "desert", "neuroscape")
LAYOUT = ("__init__.py", "options.py", "setup.py", "state.py", "errors.py", "view.py", "rules/__init__.py", "moves/__init__.py", "wire/__init__.py")


def test_every_game_has_the_one_layout() -> None:
    missing = {game: [part for part in LAYOUT if not (SYSTEMS / game / part).exists()] for game in GAMES}
    assert {game: parts for game, parts in missing.items() if parts} == {}


def test_a_games_package_shows_its_system_and_nothing_else() -> None:
    for game in GAMES:
        tree = ast.parse((SYSTEMS / game / "__init__.py").read_text())
        assigned = {target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets if isinstance(target, ast.Name)}
        defined = [node for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)]
        assert assigned == {"SYSTEM", "__all__"} and not defined, game
        package = importlib.import_module(f"service.systems.{game}")
        assert package.__all__ == ["SYSTEM"] and isinstance(package.SYSTEM, System), game
        assert REGISTRY.systems[game] is package.SYSTEM

