"""The game systems, gathered into the registry the app serves.

Each game package declares its system object (`SYSTEM`, made by `service.registry.system`) and
its mechanics on it; importing a package declares, it registers nothing anywhere else.
`build_registry()` is the one place the systems are put together, in the order the catalog,
the OpenAPI document and the GraphQL schema list them.
"""

from __future__ import annotations

from importlib import import_module

from service.registry import Registry, System

ORDER = ("desert", "dice", "eclipse", "ncb", "neuroscape", "neurosystem")


def _declared(name: str) -> System:
    declared = import_module(f"service.systems.{name}").SYSTEM
    assert isinstance(declared, System), f"service.systems.{name}.SYSTEM is not a system"
    return declared


def build_registry() -> Registry:
    """Every system and mechanic, in `ORDER`."""
    return Registry.of(*(_declared(name) for name in ORDER))


REGISTRY = build_registry()
