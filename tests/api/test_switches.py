"""The speed switches: parsed strictly, and on or off, the same answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.config import ConfigError, Settings

SWITCHES = {
    "NA_GRAPHQL_PLANS": "graphql_plans",
    "NA_GRAPHQL_DIRECT_ARGUMENTS": "graphql_direct_arguments",
    "NA_ROUTE_INDEX": "route_index",
    "NA_REDIS_OWN_CONNECTIONS": "redis_own_connections",
    "NA_PLAIN_ENDPOINTS": "plain_endpoints",
}


@pytest.mark.parametrize("variable", SWITCHES)
def test_each_switch_is_on_by_default_and_reads_on_and_off(variable: str) -> None:
    name = SWITCHES[variable]
    assert getattr(Settings.from_env({}), name) is True
    assert getattr(Settings.from_env({variable: ""}), name) is True
    for off in ("off", "OFF", "false", "0", " off "):
        assert getattr(Settings.from_env({variable: off}), name) is False, off
    for on in ("on", "True", "1"):
        assert getattr(Settings.from_env({variable: on}), name) is True, on


@pytest.mark.parametrize("variable", SWITCHES)
@pytest.mark.parametrize("value", ["no", "yes", "2", "enabled", "o n"])
def test_any_other_value_refuses_to_start(variable: str, value: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        Settings.from_env({variable: value})


def test_the_readme_documents_each_switch_with_its_default() -> None:
    table = (Path(__file__).resolve().parents[2] / "README.md").read_text().split("## Configuration", 1)[1]
    for variable in SWITCHES:
        assert f"| `{variable}` | `on` |" in table, variable
