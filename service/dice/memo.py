"""Remembered odds: a pure rule walked once per distinct input, then answered from a table.

An odds function walks the very rule the roll runs (`service.dice.walk`), which costs a run of
that rule per path: 100 runs for a d100 test, 400 for a d20 with advantage. The rule is a pure
function of its bound inputs, so the table it gives can be kept and reused by any later request
with the same inputs (the same target, DV, mode, table options), however it was worded.

`fingerprint` turns a rule (a function, its closure, a `partial`, a bound method) and the values
it was given into a hashable key by content, read at the moment of the call: two rules with the
same code and equal inputs get the same key. A value it cannot read by content (an open file, a
plain object) gives `None`, and the caller then computes without remembering. `Memo` keeps the
most recently used `MAX_ENTRIES` tables, so memory stays bounded whatever the inputs.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import operator
import types
import typing
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import fields, is_dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Generic, ParamSpec, TypeVar

import orjson
from pydantic import BaseModel

MAX_ENTRIES = 1024  # a d100 test's table is some 30 kB: tens of MB at most

_K = TypeVar("_K")
_V = TypeVar("_V")
_R = TypeVar("_R")
_P = ParamSpec("_P")

_ATOMS = frozenset({int, bool, float, bytes, Fraction, Decimal})
_PLAIN = (int, str, bytes, float, bool, type(None), Fraction, Decimal, enum.Enum, type, types.BuiltinFunctionType)


class Walked(dict[_K, _V], Generic[_K, _V]):
    """A walk's chances, carrying the key of the rule and inputs it came from (None: not remembered)."""

    key: Hashable | None = None
    ways: tuple[dict[_K, int], int] | None = None  # the same chances as whole numbers over one total, when known
    derived: Any = None  # tables read off these chances once and kept with them (a table kept for good)


def fingerprint(value: Any) -> Hashable | None:
    """A hashable key for `value` by content, or None when some part of it cannot be read so."""
    try:
        return Key(_fingerprint(value, 0))
    except _Unreadable:
        return None


class Key:
    """A fingerprint, its hash worked out once: a key is looked up and stored, and nested in the keys of
    tables derived from what it keys, so hashing the whole nested content each time would cost more
    than the lookup. Equal keys are equal content."""

    __slots__ = ("content", "_hash")

    def __init__(self, content: Hashable) -> None:
        self.content = content
        self._hash = hash(content)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Key) and self._hash == other._hash and self.content == other.content)

    def __repr__(self) -> str:
        return f"Key({self.content!r})"


class _Unreadable(Exception):
    """Raised inside `_fingerprint` for a value it cannot key by content."""


def _fingerprint(value: Any, depth: int) -> Hashable:
    kind = type(value)
    if value is None:
        return None
    if kind is str:
        return str(value)
    if kind in _ATOMS:  # the type kept beside the value: True == 1, but they are different inputs
        return (kind, value)
    if depth > 12:
        raise _Unreadable
    down = depth + 1
    if kind is tuple or kind is list:
        return (kind, tuple([_fingerprint(item, down) for item in value]))
    read_fields = _DATACLASS_FIELDS.get(kind)
    if read_fields is not None:
        return (kind, tuple([_fingerprint(item, down) for item in read_fields(value)]))
    if isinstance(value, BaseModel):
        whole = _json_key(value)
        if whole is not None:
            return whole
        # Its fields live in __dict__, in declaration order.
        return (kind, tuple([_fingerprint(item, down) for item in value.__dict__.values()]), _fingerprint(value.__pydantic_extra__, down))
    if kind is dict:
        return (kind, tuple([(_fingerprint(k, down), _fingerprint(v, down)) for k, v in value.items()]))
    if isinstance(value, Walked):
        if value.key is None:
            raise _Unreadable
        return ("walked", value.key)
    if is_dataclass(value) and not isinstance(value, type):
        read_fields = _DATACLASS_FIELDS[kind] = _field_reader(tuple(f.name for f in fields(value)))
        return (kind, tuple([_fingerprint(item, down) for item in read_fields(value)]))
    if isinstance(value, _PLAIN):
        return (kind, value)
    if isinstance(value, (tuple, list)):
        return (kind, tuple([_fingerprint(item, down) for item in value]))
    if isinstance(value, (set, frozenset)):
        return (kind, frozenset([_fingerprint(item, down) for item in value]))
    if isinstance(value, dict):
        return (kind, tuple([(_fingerprint(k, down), _fingerprint(v, down)) for k, v in value.items()]))
    if isinstance(value, functools.partial):
        return ("partial", _fingerprint(value.func, down), _fingerprint(value.args, down), _fingerprint(value.keywords, down))
    if isinstance(value, types.MethodType):
        return ("method", _fingerprint(value.__func__, down), _fingerprint(value.__self__, down))
    if isinstance(value, types.FunctionType):
        try:
            cells = tuple([_fingerprint(cell.cell_contents, down) for cell in value.__closure__ or ()])
        except ValueError:  # a cell not yet filled
            raise _Unreadable from None
        defaults = _fingerprint(value.__defaults__, down), _fingerprint(value.__kwdefaults__, down)
        return ("function", value.__code__, cells, defaults)
    raise _Unreadable


# Each dataclass met, and what reads its fields' values in declaration order (`fields()` walks the class's
# fields each time it is called: a third of a dataclass's fingerprint).
_DATACLASS_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _field_reader(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) == 1:
        (name,) = names
        return lambda value: (getattr(value, name),)
    return operator.attrgetter(*names) if names else lambda value: ()


_WHOLE: dict[type, bool] = {}


def _json_is_whole(model: type[BaseModel]) -> bool:
    """Whether a model's JSON says everything it holds: no field left out of it, no serializer of its own,
    no extra fields, and no field that may hold one of several models (their JSON could look alike).
    Then that JSON is its key, read in one call; otherwise it is keyed field by field."""
    known = _WHOLE.get(model)
    if known is None:
        _WHOLE[model] = True  # a model that contains itself: judged by its other fields
        decorators = model.__pydantic_decorators__
        whole = (
            not decorators.field_serializers
            and not decorators.model_serializers
            and model.model_config.get("extra") != "allow"
            and not model.__private_attributes__
            and all(not f.exclude and _annotation_is_whole(f.annotation) for f in model.model_fields.values())
        )
        _WHOLE[model] = known = whole
    return known


def _annotation_is_whole(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _json_is_whole(annotation)
    args = typing.get_args(annotation)
    models = sum(1 for a in args if isinstance(a, type) and issubclass(a, BaseModel))
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and models > 1:
        return False
    return all(_annotation_is_whole(a) for a in args)


_MISSING: Any = object()


class Memo:
    """The most recently used `size` results by key (least recently used dropped first)."""

    def __init__(self, size: int = MAX_ENTRIES) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, Any] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, compute: Callable[[], _R]) -> _R:
        found: _R = self._entries.get(key, _MISSING)
        if found is _MISSING:
            self.misses += 1
            found = compute()  # an exception (a cost limit) is not remembered: it is raised again next time
            self._entries[key] = found
            if len(self._entries) > self.size:
                self._entries.popitem(last=False)
            return found
        self.hits += 1
        self._entries.move_to_end(key)
        return found

    def clear(self) -> None:
        self._entries.clear()
        self.hits = self.misses = 0

    def drop(self, which: Callable[[Hashable], bool]) -> None:
        """Forget the entries whose key `which` picks."""
        for key in [key for key in self._entries if which(key)]:
            del self._entries[key]

    def __len__(self) -> int:
        return len(self._entries)


TABLES = Memo()  # every remembered walk and derived table of the service; `TABLES.clear()` forgets them all
_enabled = True


def set_enabled(on: bool) -> None:
    """Turn remembering off (every call computes, as the slow path) or back on: for tests and the bench."""
    global _enabled
    _enabled = on


def enabled() -> bool:
    return _enabled


_SHAPE_CACHES: list[Callable[[], None]] = []


def shape_cache(forget: Callable[[], None]) -> Callable[[], None]:
    """Name a cache kept by the shape of an input (`4d6kh3` whatever surrounds it), which stays on when
    remembering is off: `forget_shapes()` empties it, for the bench's first-of-its-shape figure and tests."""
    _SHAPE_CACHES.append(forget)
    return forget


def forget_shapes() -> None:
    for forget in _SHAPE_CACHES:
        forget()


def remember(key_of: Callable[[], Hashable | None], compute: Callable[[], _R]) -> _R:
    """`compute()`, remembered under the key `key_of()` builds (None: these inputs cannot be keyed, so
    computed afresh). With remembering off nothing is looked up and the key is not even built. An odds
    function that can name its inputs as plain values keys itself so, cheaper than a fingerprint."""
    if not _enabled:
        return compute()
    key = key_of()
    if key is None:
        return compute()
    return TABLES.get(key, compute)


def memoized(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Remember a pure function's answers by the content of its arguments (the answer must not be mutated)."""
    module, name = fn.__module__, fn.__qualname__

    @functools.wraps(fn)
    def remembered(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not _enabled:
            return fn(*args, **kwargs)

        def key_of() -> Hashable | None:
            key = fingerprint((args, kwargs))
            return None if key is None else (module, name, key)

        return remember(key_of, lambda: fn(*args, **kwargs))

    return remembered


def content_key(model: BaseModel) -> Hashable | None:
    """A model's key by content: its type and its JSON, in one call (`_json_key`), else its fingerprint
    (None: it cannot be read by content). The fingerprint's `Key` around a whole model's JSON would cost
    an answer asked again 1.3 µs more."""
    return _json_key(model) or fingerprint(model)


def _json_key(model: BaseModel) -> tuple[type, bytes] | None:
    """A model's type and JSON, where that JSON says everything it holds (`_json_is_whole`)."""
    kind = type(model)
    return (kind, model.__pydantic_serializer__.to_json(model)) if _json_is_whole(kind) else None


def computed_alone(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """`fn`, run with remembering off while it runs (nothing under it is looked up, keyed or kept), then
    as it was. For a function whose caller keys what it answers by everything it reads (a mechanic's odds,
    by its request: `service.api.odds.AnswerCache`): the rules beneath keying their own inputs again
    would cost a first request 2 to 30 µs (a fingerprint of a rule and its inputs), and pay off only for
    another request with other words and the same inner inputs. The service computes odds on one
    thread; a call from another meanwhile would only compute what it could have found."""

    @functools.wraps(fn)
    def computed(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        global _enabled
        was, _enabled = _enabled, False
        try:
            return fn(*args, **kwargs)
        finally:
            _enabled = was

    return computed


def over_state(name: str, state: dict[str, Any], others: Any, compute: Callable[[], _R]) -> _R:
    """Remember an answer over a session's stored JSON state and other inputs (the seat, the params).

    The state is keyed by a 128-bit BLAKE2 digest of its JSON, written by orjson in one call: the
    same state (until the next write changes it) answers from the table without being decoded again.
    """
    if not _enabled:
        return compute()
    key = fingerprint(others)
    if key is None:
        return compute()
    try:
        digest = _digest(state)
    except TypeError:  # not plain JSON
        return compute()
    return TABLES.get(("over-state", name, digest, key), compute)


class ByIdentity(dict[int, tuple[Any, _V]], Generic[_V]):
    """Values kept for the most recent `size` objects by their identity, each checked to be that very
    object (a kept reference stops its id from being reused meanwhile); the oldest goes first."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def find(self, thing: object) -> _V | None:
        found = self.get(id(thing))
        return found[1] if found is not None and found[0] is thing else None

    def keep(self, thing: object, value: _V) -> None:
        self[id(thing)] = (thing, value)
        if len(self) > self.size:
            del self[next(iter(self))]


# The digest of each state recently keyed. A session's kept commit hands the same state object to
# every read until the next write, and a stored state is never changed in place (a write makes a new
# one), so a seat asking odds again, or other odds of the same state, does not write and hash it
# again: 7 µs for an NCB table's 3.6 KB, more for a card match.
_DIGESTS_KEPT = 128
_DIGESTS: ByIdentity[bytes] = ByIdentity(_DIGESTS_KEPT)


def forget() -> None:
    """Forget every remembered table and state digest (not the shape caches, `forget_shapes`): what the
    next request finds, had it come first. For tests and the bench."""
    TABLES.clear()
    _DIGESTS.clear()


def forget_states() -> None:
    """Forget the answers remembered over stored states and the states' digests, keeping the tables keyed
    by their own inputs: what the same odds meet once a write has changed the state. For the bench."""
    TABLES.drop(lambda key: isinstance(key, tuple) and key[:1] == ("over-state",))
    _DIGESTS.clear()


def _digest(state: dict[str, Any]) -> bytes:
    digest = _DIGESTS.find(state)
    if digest is None:
        digest = hashlib.blake2b(orjson.dumps(state), digest_size=16).digest()
        _DIGESTS.keep(state, digest)
    return digest
