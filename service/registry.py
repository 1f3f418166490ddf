"""One declaration per mechanic, and per game system.

A game module declares each mechanic once: its names, its input and output models and
its pure handlers. The REST routes, the OpenAPI document and the GraphQL mutations are
all derived from these declarations by `service.api`; nothing here knows about HTTP.

- `resolve(params, stream) -> output` is the stateless form: every number is in `params`.
- `apply(state, params, stream, actor) -> (new_state, output)` is the session form: the
  game state is a JSON-ready dict owned by the system, and the handler returns a new one.
  The log keeps every input field (unsent ones as their defaults) and replay validates
  that again, so a handler must never ask which fields were sent (`model_fields_set`).
"""

from __future__ import annotations

from collections.abc import Callable
import inspect
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from service.dice.stream import Stream


@dataclass(frozen=True, slots=True)
class Actor:
    """Who acts in a session: the seat id, its display name and role (`gm`, `player`, `spectator`)."""

    seat: str
    name: str
    role: str


# The output is a model, or (on a hot path such as the dice roll) the dict it would dump to.
Resolve = Callable[[Any, Stream], "BaseModel | dict"]
Apply = Callable[[dict, Any, Stream, Actor], "tuple[dict, BaseModel | dict]"]


@dataclass(frozen=True, slots=True)
class Mechanic:
    system: str
    name: str  # kebab-case, unique within the system
    summary: str
    input: type[BaseModel]
    output: type[BaseModel]
    resolve: Resolve | None = None
    apply: Apply | None = None
    session_input: type[BaseModel] | None = None  # defaults to `input`
    session_output: type[BaseModel] | None = None  # defaults to `output`
    any_system: bool = False  # usable in a session of any system (dice rolls)
    description: str = ""

    def __post_init__(self) -> None:
        assert self.resolve or self.apply, f"{self.system}/{self.name} needs resolve or apply"
        assert self.name == self.name.lower() and " " not in self.name, "mechanic names are kebab-case"

    @property
    def key(self) -> str:
        return f"{self.system}/{self.name}"


@dataclass(frozen=True, slots=True)
class System:
    """A game system: how its sessions start, and what each seat may see of them."""

    id: str
    title: str
    # May also take `seats` (a list of Actor, in seat order) to check a setup against the table.
    initial_state: Callable[..., dict] = lambda setup: {}
    setup: type[BaseModel] | None = None  # validated `setup` body of session creation
    # `(state, actor)`; may also take `closed: bool`, as view_entry may.
    view: Callable[..., dict] = lambda state, actor: state
    # May also take `closed: bool` (the session's seeds are revealed) to show its secrets once the game is over.
    view_entry: Callable[..., dict] = lambda entry, actor: entry
    # True when some draws are hidden from some seats (view_entry withholds them): a seed rotation
    # then reveals the old seed only at the close, never while the game is on.
    secret_draws: bool = False

    def start(self, setup: Any, seats: list[Actor]) -> dict:
        """The first state of a session: `initial_state(setup)`, given the seats when it asks for them."""
        if "seats" in inspect.signature(self.initial_state).parameters:
            return self.initial_state(setup, seats=seats)
        return self.initial_state(setup)


@dataclass(slots=True)
class Registry:
    systems: dict[str, System] = field(default_factory=dict)
    mechanics: dict[str, Mechanic] = field(default_factory=dict)

    def add_system(self, system: System) -> System:
        assert system.id not in self.systems, f"system {system.id} declared twice"
        self.systems[system.id] = system
        return system

    def add(self, mechanic: Mechanic) -> Mechanic:
        assert mechanic.key not in self.mechanics, f"mechanic {mechanic.key} declared twice"
        self.mechanics[mechanic.key] = mechanic
        return mechanic


REGISTRY = Registry()
