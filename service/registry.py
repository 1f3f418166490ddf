"""One declaration per game system, and per mechanic on it.

A game declares its system once (`system("ncb", title=…, state=NcbState, setup=NcbSetup,
options=NcbRules, errors=CODES, view=…)`) and each mechanic on that object with
`SYSTEM.mechanic(name, summary, stateless=…, session=…)`. The REST routes, the OpenAPI document
and the GraphQL fields are all derived from these declarations by `service.api`; nothing here
knows about HTTP. `service.systems.build_registry()` gathers the systems into a `Registry`.

What a mechanic is comes from its handlers' signatures (see `service.declare`):

- stateless, `(params, stream) -> Output`: a **random** form, which takes `seed` and
  `clientSeed` and answers an audit record; `(params) -> Output`: a **deterministic** one,
  which takes neither;
- in a session, `(state, params, stream, actor) -> tuple[State, Output]` (or without
  `stream`) writes: it is logged and bumps the version; `read=True` with
  `(state, params, actor) -> Output` is a **read**: `GET` (a GraphQL query), no log entry,
  no new version. A stateless form of a read is a `GET` too when its input is flat.

Inside the registry every form is kept in one uniform shape over the stored JSON state
(`resolve(params, stream)`, `apply(state, params, stream, actor)`, `query(state, params, actor)`),
so sessions and replay never care which game or which signature a handler has.
The log keeps every input field (unsent ones as their defaults) and replay validates
that again, so a handler must never ask which fields were sent (`model_fields_set`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from service.dice.stream import Stream
from service.errors import CATALOG, Code

if TYPE_CHECKING:
    from service.declare import Handler
    from service.dice.odds import Odds


@dataclass(frozen=True, slots=True)
class Actor:
    """Who acts in a session: the seat id, its display name and role (`gm`, `player`, `spectator`)."""

    seat: str
    name: str
    role: str


# The output is a model, or (on a hot path such as the dice roll) the dict it would dump to.
Resolve = Callable[[Any, Stream], "BaseModel | dict[str, Any]"]
Apply = Callable[[dict[str, Any], Any, Stream, Actor], "tuple[dict[str, Any], BaseModel | dict[str, Any]]"]
Query = Callable[[dict[str, Any], Any, Actor], "BaseModel | dict[str, Any]"]
OddsFor = Callable[[Any], "Odds"]
SessionOddsFor = Callable[[dict[str, Any], Any, Actor], "Odds"]


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
    random: bool = True  # the stateless form draws: it takes `seed`/`clientSeed` and answers an audit record
    session_random: bool = False  # the session write draws from the session's stream
    read: bool = False  # reads only: GET, and in a session no log entry and no new version
    query: Query | None = None  # the session form of a read
    errors: tuple[str, ...] | None = None  # the codes it may refuse with; None: every code of its system
    # Exact odds before the roll (`service.dice.odds`): `odds(params) -> Odds` for the stateless
    # form, `session_odds(state, params, actor) -> Odds` against a session as the seat sees it.
    odds: OddsFor | None = None
    session_odds: SessionOddsFor | None = None

    def __post_init__(self) -> None:
        assert self.resolve or self.apply or self.query, f"{self.system}/{self.name} needs a form"
        assert self.name == self.name.lower() and " " not in self.name, "mechanic names are kebab-case"
        assert not (self.read and self.apply), f"{self.key}: a read has no session write"

    @property
    def key(self) -> str:
        return f"{self.system}/{self.name}"

    @property
    def in_session(self) -> bool:
        return self.apply is not None or self.query is not None


@dataclass(slots=True)
class System:
    """A game system: how its sessions start, what each seat may see of them, and its mechanics."""

    id: str
    title: str
    # `(setup)` or `(setup, seats=[Actor, …])` → the first state, as stored (JSON-ready).
    initial_state: Callable[..., dict[str, Any]] = lambda setup: {}
    setup: type[BaseModel] | None = None  # validated `setup` body of session creation
    # `(state, actor)`; may also take `closed: bool`, as view_entry may.
    view: Callable[..., dict[str, Any]] = lambda state, actor: state
    # May also take `closed: bool` (the session's seeds are revealed) to show its secrets once the game is over.
    view_entry: Callable[..., dict[str, Any]] = lambda entry, actor: entry
    # True when some draws are hidden from some seats (view_entry withholds them): a seed rotation
    # then reveals the old seed only at the close, never while the game is on.
    secret_draws: bool = False
    state: type[BaseModel] | None = None  # the typed session state handlers take and return
    options: type[BaseModel] | None = None  # the table's rules options (documentation and setup)
    errors: Mapping[str, Code] = field(default_factory=dict)  # every code the game refuses with
    mechanics: dict[str, Mechanic] = field(default_factory=dict)  # by name, in declaration order
    # Builds, once per process, the tables its odds read from the first request on (`Registry.prepare`).
    prepare: Callable[[], object] | None = None

    def start(self, setup: Any, seats: list[Actor]) -> dict[str, Any]:
        """The first state of a session: `initial_state(setup)`, given the seats when it asks for them."""
        if "seats" in inspect.signature(self.initial_state).parameters:
            return self.initial_state(setup, seats=seats)
        return self.initial_state(setup)

    def mechanic(
        self,
        name: str,
        summary: str,
        description: str = "",
        *,
        stateless: Handler | None = None,
        session: Handler | None = None,
        read: bool = False,
        any_system: bool = False,
        errors: tuple[str, ...] | None = None,
        output: type[BaseModel] | None = None,
        odds: Handler | None = None,
        session_odds: Handler | None = None,
    ) -> Mechanic:
        """Declare a mechanic; its input and output models come from the handlers' annotations.

        `output` names the output model when a hot handler returns the dict it dumps to.
        `odds` is `(params) -> Odds` over the stateless input; `session_odds` is
        `(state, params, actor) -> Odds` over the session state and the session input.
        """
        from service.declare import declare

        mechanic = declare(
            self,
            name,
            summary,
            description,
            stateless=stateless,
            session=session,
            read=read,
            any_system=any_system,
            errors=errors,
            output=output,
            odds=odds,
            session_odds=session_odds,
        )
        return self.add(mechanic)

    def add(self, mechanic: Mechanic) -> Mechanic:
        assert mechanic.system == self.id, f"{mechanic.key} declared on {self.id}"
        assert mechanic.name not in self.mechanics, f"mechanic {mechanic.key} declared twice"
        unknown = [code for code in mechanic.errors or () if code not in self.errors and code not in CATALOG]
        assert not unknown, f"{mechanic.key} names codes its system does not have: {unknown}"
        self.mechanics[mechanic.name] = mechanic
        return mechanic


def system(
    id: str,
    title: str,
    *,
    start: Handler | None = None,
    view: Callable[..., dict[str, Any]] | None = None,
    **parts: Any,
) -> System:
    """A game system, to declare mechanics on (`SYSTEM.mechanic(…)`) and give to `Registry.of`.

    `start(setup)` or `start(setup, seats=…)` makes the first state and `view(state, actor)` (which
    may take `closed`) shows it to a seat; both may be written over the typed `state` model.
    """
    from service.declare import stored_start, stored_view

    declared = System(id=id, title=title, **parts)
    if start is not None:
        declared.initial_state = stored_start(declared, start)
    if view is not None:
        declared.view = stored_view(declared, view)
    return declared


@dataclass(slots=True)
class Registry:
    systems: dict[str, System] = field(default_factory=dict)
    mechanics: dict[str, Mechanic] = field(default_factory=dict)

    @classmethod
    def of(cls, *systems: System) -> Registry:
        """The registry of these systems and their mechanics, in the order given."""
        registry = cls()
        for declared in systems:
            registry.add_system(declared)
            for mechanic in declared.mechanics.values():
                registry.add(mechanic)
        return registry

    def prepare(self) -> None:
        """Build what each system's odds keep from startup on (`System.prepare`); the app does it when made."""
        for declared in self.systems.values():
            if declared.prepare is not None:
                declared.prepare()

    def add_system(self, system: System) -> System:
        assert system.id not in self.systems, f"system {system.id} declared twice"
        self.systems[system.id] = system
        return system

    def add(self, mechanic: Mechanic) -> Mechanic:
        assert mechanic.key not in self.mechanics, f"mechanic {mechanic.key} declared twice"
        self.mechanics[mechanic.key] = mechanic
        return mechanic

    def problems(self) -> dict[str, Code]:
        """Every problem code: the platform's and each system's, with its status and title."""
        codes = {code: Code(status, title) for code, (status, title) in CATALOG.items()}
        for declared in self.systems.values():
            for code, entry in declared.errors.items():
                assert code not in codes or codes[code] == entry, f"{code} has two meanings"
                codes[code] = entry
        return codes

    def refusals(self, mechanic: Mechanic) -> dict[str, Code]:
        """The game codes a mechanic may refuse with (its own list, or its system's whole table)."""
        table = self.systems[mechanic.system].errors
        if mechanic.errors is None:
            return dict(table)
        return {code: table[code] for code in mechanic.errors if code in table}

