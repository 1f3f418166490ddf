"""deploy/Dockerfile: lint-clean, multi-stage on a pinned slim base, non-root, a healthcheck that works."""

from __future__ import annotations

import fnmatch
import http.server
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from deploy_files import DEPLOY, ROOT, dockerfile_instructions, exec_form

DOCKERFILE = DEPLOY / "Dockerfile"


def _hadolint(hadolint: str, path: Path) -> subprocess.CompletedProcess[str]:
    # Every finding fails (threshold `style`), and no inline `# hadolint ignore=` counts.
    return subprocess.run(
        [hadolint, "--no-color", "--failure-threshold", "style", "--disable-ignore-pragma", str(path)],
        capture_output=True, text=True, timeout=60, cwd=DEPLOY,
    )


def test_hadolint_finds_nothing_to_report(require_tool) -> None:
    result = _hadolint(require_tool("hadolint"), DOCKERFILE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_hadolint_does_report_a_careless_dockerfile(require_tool, tmp_path: Path) -> None:
    # The lint above passing means something only if the linter bites.
    careless = tmp_path / "Dockerfile"
    careless.write_text("FROM python:latest\nRUN apt-get update && apt-get install -y curl\nCMD python -m service\n")
    result = _hadolint(require_tool("hadolint"), careless)
    assert result.returncode != 0
    assert {"DL3007", "DL3008", "DL3025"} <= set(re.findall(r"DL\d{4}", result.stdout))


def test_image_is_built_in_a_builder_stage_and_runs_from_a_pinned_slim_base() -> None:
    bases = [args for keyword, args in dockerfile_instructions(DOCKERFILE) if keyword == "FROM"]
    assert len(bases) >= 2, "multi-stage: a builder, then the runtime image"
    assert bases[0].endswith(" AS builder")
    final = bases[-1].split()[0]
    assert re.fullmatch(r"python:3\.\d+\.\d+-slim-[a-z]+(@sha256:[0-9a-f]{64})?", final), final
    copies = [args for keyword, args in dockerfile_instructions(DOCKERFILE) if keyword == "COPY"]
    assert any(args.startswith("--from=builder ") for args in copies), "the final stage takes the built venv only"


def test_image_runs_as_a_numeric_non_root_user() -> None:
    instructions = dockerfile_instructions(DOCKERFILE)
    final_stage = instructions[max(i for i, (keyword, _) in enumerate(instructions) if keyword == "FROM"):]
    users = [args for keyword, args in final_stage if keyword == "USER"]
    assert users, "the final stage sets a USER"
    uid = users[-1].split(":")[0]
    assert uid.isdigit() and int(uid) >= 1000, "numeric, so Kubernetes can verify runAsNonRoot"
    entry = next(i for i, (keyword, _) in enumerate(final_stage) if keyword == "ENTRYPOINT")
    assert final_stage.index(("USER", users[-1])) < entry


def test_entrypoint_is_exec_form_python_m_service_listening_on_all_interfaces() -> None:
    instructions = dict(dockerfile_instructions(DOCKERFILE)[::-1])  # the last of each wins
    assert exec_form(instructions["ENTRYPOINT"]) == ["python", "-m", "service"]
    assert instructions["STOPSIGNAL"] == "SIGTERM"
    env = " ".join(args for keyword, args in dockerfile_instructions(DOCKERFILE) if keyword == "ENV")
    assert "NA_HOST=0.0.0.0" in env and "NA_PORT=8000" in env
    assert instructions["EXPOSE"] == "8000"


def test_what_the_build_copies_is_in_the_context() -> None:
    ignore = [line.strip() for line in (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines() if line.strip() and not line.startswith("#")]

    def ignored(path: str) -> bool:
        verdict = False
        for pattern in ignore:
            negated = pattern.startswith("!")
            pattern = pattern.removeprefix("!").rstrip("/")
            if pattern == "**" or fnmatch.fnmatch(path, pattern) or path.startswith(pattern + "/"):
                verdict = not negated
        return verdict

    for keyword, args in dockerfile_instructions(DOCKERFILE):
        if keyword == "COPY" and not args.startswith("--from="):
            for source in args.split()[:-1]:
                assert (ROOT / source).exists(), source
                assert not ignored(source), f"{source} is excluded from the build context"
    assert ignored(".venv") and ignored(".git") and ignored("tests")


# -- the HEALTHCHECK command, run for real against a stand-in server ----------------------


def _healthcheck_command() -> list[str]:
    arguments = next(args for keyword, args in dockerfile_instructions(DOCKERFILE) if keyword == "HEALTHCHECK")
    command = exec_form(arguments[arguments.index("CMD ") + 4:])
    assert command is not None, "exec form: no shell in the check"
    assert command[:2] == ["python", "-c"] and "/healthz" in command[2]
    return [sys.executable, *command[1:]]


class _Health(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def health_server() -> Iterator[http.server.ThreadingHTTPServer]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _run_check(port: int) -> int:
    env = {**os.environ, "NA_PORT": str(port)}
    return subprocess.run(_healthcheck_command(), env=env, capture_output=True, timeout=30).returncode


def test_healthcheck_passes_while_healthz_answers_200(health_server) -> None:
    assert _run_check(health_server.server_address[1]) == 0


def test_healthcheck_fails_when_healthz_fails_or_nothing_listens(health_server) -> None:
    port = health_server.server_address[1]
    _Health.status = 503
    try:
        assert _run_check(port) != 0
    finally:
        _Health.status = 200
    health_server.shutdown()
    health_server.server_close()
    assert _run_check(port) != 0
