"""Names for the closed sets of values (`Literal[...]`) of the wire models, shared by OpenAPI and GraphQL.

A set of values is one enum wherever it appears: `components/schemas/{Name}` in OpenAPI and
`enum {Name}` in the SDL, so generated clients get one class per set instead of one per field.
A set's name is the module-level alias it is declared as (`Role = Literal[...]`), prefixed with
the game's name when the alias is a game's; a set without an alias is named after the field
that holds it (`DesertTimeOfDay`), or after its model and field when that name is taken.
In GraphQL a set is an enum when every value is a GraphQL name, spelled exactly as on REST (`gm`,
`blind`); a set with values GraphQL cannot spell (`walk-in`, `@`, `2d6`) stays a `String` whose
description lists the values, so a body is the same JSON over REST and GraphQL variables. Sets of
integers stay integers in GraphQL (an enum value there is a name, not a number).
"""

from __future__ import annotations

import re
import sys
import types
import typing
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from pydantic import BaseModel

Values = tuple[Any, ...]  # the set, in the order first declared


def key(values: Iterable[Any]) -> frozenset[tuple[type, Any]]:
    return frozenset((type(v), v) for v in values)


def pascal(text: str) -> str:
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text).replace("-", " ").replace("_", " ").split()
    return "".join(w[:1].upper() + w[1:] for w in words)


def _system_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["service", "systems"] else None


def game_of(model: type) -> str | None:
    """The game a model belongs to: the first class of its MRO declared under `service.systems.{game}`."""
    for cls in model.__mro__:
        game = _system_of(cls.__module__)
        if game is not None:
            return game
    return None


def with_game(name: str, game: str | None) -> str:
    """`Character` of eclipse is published as `EclipseCharacter`: type names are global in both contracts."""
    prefix = pascal(game) if game and game != "dice" else ""
    return name if name.startswith(prefix) else prefix + name


def model_name(model: type) -> str:
    """The published name of a model (its component and GraphQL type name)."""
    return with_game(model.__name__, game_of(model))


@dataclass
class Enums:
    """Every closed set found in the models given, and its name."""

    names: dict[frozenset[tuple[type, Any]], str] = field(default_factory=dict)
    values: dict[str, Values] = field(default_factory=dict)
    models: frozenset[str] = frozenset()  # the published names of every model seen
    model_names: dict[tuple[str, str], str] = field(default_factory=dict)  # (module, qualname) -> published name
    unions: dict[frozenset[str], str] = field(default_factory=dict)  # a tagged union's members' published names -> its name

    def name(self, values: Iterable[Any]) -> str | None:
        return self.names.get(key(values))

    def model(self, model: type) -> str:
        return self.model_names.get((model.__module__, model.__qualname__)) or model_name(model)


def _literal_values(hint: Any) -> Values | None:
    args = typing.get_args(hint)
    if typing.get_origin(hint) is Literal and len(args) > 1 and all(type(a) in (str, int) for a in args):
        if len({type(a) for a in args}) == 1:
            return args
    return None


def union_alias(members: tuple[Any, ...]) -> str | None:
    """The name a tagged union is declared under (`NeuroscapeEffect = Annotated[Union[...], ...]`) in its members' module."""
    if not members or not all(isinstance(m, type) for m in members):
        return None
    module = sys.modules[members[0].__module__]
    for attr, value in vars(module).items():
        if typing.get_origin(value) is typing.Annotated and set(typing.get_args(typing.get_args(value)[0])) == set(members):
            return attr
    return None


def _walk(hint: Any, visit_model: Any, found: list[Values], unions: dict[str, tuple[type, ...]] | None = None) -> None:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner, *meta = typing.get_args(hint)
        if unions is not None and any(isinstance(getattr(m, "discriminator", None), str) for m in meta):
            alias = union_alias(typing.get_args(inner))
            if alias is not None:
                unions[alias] = typing.get_args(inner)
        _walk(inner, visit_model, found, unions)
    elif origin is Literal:
        values = _literal_values(hint)
        if values is not None:
            found.append(values)
    elif origin in (Union, types.UnionType, list, tuple, dict, set, frozenset) or origin is not None and hasattr(origin, "__mro__") and issubclass(origin, (list, tuple, dict)):
        for arg in typing.get_args(hint):
            if arg is not Ellipsis:
                _walk(arg, visit_model, found, unions)
    elif isinstance(hint, type) and issubclass(hint, BaseModel):
        visit_model(hint)


def _aliases() -> dict[frozenset[tuple[type, Any]], set[tuple[str, str | None]]]:
    """Module-level `Name = Literal[...]` aliases of the service, by value set: (name, game)."""
    out: dict[frozenset[tuple[type, Any]], set[tuple[str, str | None]]] = defaultdict(set)
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("service.") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if attr[:1].isupper() and not attr.isupper():
                values = _literal_values(value)
                if values is not None:
                    out[key(values)].add((attr, _system_of(module_name)))
    return out


def collect(models: Iterable[type[BaseModel]], taken: set[str]) -> Enums:
    """Find every closed set reachable from `models` and name each; `taken` holds the models' names."""
    sites: dict[frozenset[tuple[type, Any]], list[tuple[type[BaseModel], str]]] = defaultdict(list)
    first: dict[frozenset[tuple[type, Any]], Values] = {}
    seen: set[type] = set()
    unions: dict[str, tuple[type, ...]] = {}  # alias -> members

    def visit(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.add(model)
        for name, info in model.model_fields.items():
            found: list[Values] = []
            # A tagged union held directly keeps its discriminator on the field, not in the annotation.
            hint = typing.Annotated[info.annotation, info] if isinstance(info.discriminator, str) else info.annotation
            _walk(hint, visit, found, unions)
            for values in found:
                k = key(values)
                first.setdefault(k, values)
                sites[k].append((model, info.alias or name))

    for model in models:
        visit(model)
    aliases = _aliases()
    names = _model_names(seen, unions)
    enums = Enums(models=frozenset(names.values()), model_names=names)
    for alias, members in unions.items():
        published = frozenset(names[(m.__module__, m.__qualname__)] for m in members)
        enums.unions[published] = with_game(alias, game_of(members[0]))
    used = set(taken) | enums.models
    # Sets with more sites pick first, then by their first values: the names do not depend on dict order.
    for k in sorted(sites, key=lambda k: (-len(sites[k]), sorted(map(str, first[k])))):
        name = _choose(first[k], sites[k], aliases.get(k, set()), used)
        used.add(name)
        enums.names[k] = name
        enums.values[name] = first[k]
    return enums


def _model_names(models: Iterable[type], unions: Collection[str]) -> dict[tuple[str, str], str]:
    """Published model names; where a game's state model and wire model (or tagged union) share one
    (`DesertCharacter`), the state's is `{Game}State{Name}` (`DesertStateCharacter`). A name still shared is refused where it
    would be published twice (GraphQL's type factory asserts it; tests/api/test_generated_names.py for OpenAPI)."""
    by_name: dict[str, list[type]] = defaultdict(list)
    for model in models:
        by_name[model_name(model)].append(model)
    out = {}
    for name, group in by_name.items():
        for model in group:
            game = game_of(model)
            shared = len(group) > 1 or name in unions
            stored = shared and game is not None and ".wire." not in model.__module__ + "."
            published = pascal(game) + "State" + name[len(pascal(game)):] if stored and game else name
            out[(model.__module__, model.__qualname__)] = published
    return out


def _choose(values: Values, sites: list[tuple[type[BaseModel], str]], aliases: set[tuple[str, str | None]], used: set[str]) -> str:
    games = {game_of(model) for model, _ in sites} | {game for _, game in aliases}
    game = next(iter(games)) if len(games) == 1 else None
    fields = Counter(pascal(f) for _, f in sites)

    def prefixed(name: str) -> str:
        return with_game(name, game)

    candidates = []
    if aliases:
        # The alias that reads like the fields holding the set (`severity` -> Severity), then alphabetical.
        ranked = sorted(aliases, key=lambda a: (-sum(n for f, n in fields.items() if f.endswith(a[0])), a[0]))
        candidates += [prefixed(a) for a, _ in ranked]
    common = fields.most_common(1)[0][0]
    candidates.append(prefixed(common))
    model, field_name = sorted(sites, key=lambda s: (model_name(s[0]), s[1]))[0]
    candidates.append(model_name(model) + pascal(field_name))  # before the state/wire split: only a fallback
    for candidate in candidates:
        if candidate not in used:
            return candidate
    for n in range(2, 100):
        if f"{candidates[-1]}{n}" not in used:
            return f"{candidates[-1]}{n}"
    raise AssertionError(f"no name for the enum {values}")


def graphql_name(value: str) -> str:
    """The GraphQL spelling a value would need: every other character than a letter, digit or `_` written
    `_` (`walk-in` -> `walk_in`), a leading digit prefixed by `_`. A set is a GraphQL enum only when this
    changes none of its values."""
    name = re.sub(r"[^0-9A-Za-z_]", "_", value)
    if not name or name[0].isdigit() or name in ("true", "false", "null"):
        name = "_" + name
    return name


def of_operations(operations: Iterable[Any]) -> Enums:
    """The enums of every model the operations take and answer (the same names in both contracts)."""
    from service.sessions.models import LogEntry

    models: list[type[BaseModel]] = [LogEntry]
    for op in operations:
        models += [m for m in (op.input, op.output, op.published_input, op.published_output) if m is not None]
    return collect(models, set())
