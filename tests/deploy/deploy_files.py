"""Reading the files of deploy/ for the tests: YAML documents, Dockerfile instructions, settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def yaml_documents(path: Path) -> list[dict]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def service_settings() -> set[str]:
    """Every NA_ variable that service/config.py reads."""
    return set(re.findall(r'"(NA_[A-Z_]+)"', (ROOT / "service" / "config.py").read_text()))


def dockerfile_instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):  # a comment inside a continued instruction
            continue
        pending += " " + stripped.removesuffix("\\").strip() if pending else stripped.removesuffix("\\").strip()
        if not stripped.endswith("\\"):
            keyword, _, arguments = pending.partition(" ")
            instructions.append((keyword.upper(), arguments.strip()))
            pending = ""
    return instructions


def exec_form(arguments: str) -> list[str] | None:
    """The JSON array of an exec-form ENTRYPOINT/CMD, or None for shell form."""
    try:
        value = json.loads(arguments)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, list) and all(isinstance(v, str) for v in value) else None


_NGINX_TOKEN = re.compile(r"""#[^\n]*|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|[{};]|[^\s{};'"#]+""")


def nginx_directives(path: Path) -> dict[tuple[str, ...], list[list[str]]]:
    """Each block's simple directives (`[name, *arguments]`), keyed by the path of blocks around it.

    `("http", "upstream arbiter")` holds the directives of `http { upstream arbiter { ... } }`;
    quoted arguments keep their quotes. Enough of nginx's syntax for checking our own file.
    """
    blocks: dict[tuple[str, ...], list[list[str]]] = {(): []}
    where: list[str] = []
    words: list[str] = []
    for token in _NGINX_TOKEN.findall(path.read_text()):
        if token.startswith("#"):
            continue
        if token == "{":
            where.append(" ".join(words))
            blocks.setdefault(tuple(where), [])
            words = []
        elif token == "}":
            where.pop()
        elif token == ";":
            blocks[tuple(where)].append(words)
            words = []
        else:
            words.append(token)
    assert not where and not words, "unbalanced braces or a directive without ';'"
    return blocks


def nginx_seconds(value: str) -> float:
    """An nginx time (`10s`, `500ms`, `1h`, `5`) in seconds."""
    number, unit = re.fullmatch(r"(\d+)(ms|s|m|h|d)?", value).groups()
    return int(number) * {"ms": 0.001, "s": 1, None: 1, "m": 60, "h": 3600, "d": 86400}[unit]


def nginx_bytes(value: str) -> int:
    """An nginx size (`8k`, `1m`, `512`) in bytes."""
    number, unit = re.fullmatch(r"(\d+)([kKmMgG])?", value).groups()
    return int(number) * {None: 1, "k": 1024, "m": 1024**2, "g": 1024**3}[unit.lower() if unit else None]
