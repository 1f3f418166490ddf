"""What a JSON body must be beyond parsing: sent as JSON, each key once, every integer within 64 bits.

JSON parsers forgive what our contract does not. `{"a": 1, "a": 2}` keeps the last `a` without a
word (orjson and pydantic alike), and an integer past 64 bits becomes a float (orjson) or a Python
int that no store, log or response can serialize (pydantic), which surfaced as a 500. Both are
refused here as `validation-failed`, naming where.

The REST path is hot, so the exact check (the standard library's parser, with a hook per object)
runs only when a cheap signal says it may find something:
- in orjson's parse, an int outside the signed 64-bit range or a float of 2**63 or more in size
  (orjson reads an integer wider than 64 bits as a float); a body left unparsed (below) is looked
  at for a run of 19 digits instead, the shortest integer that can leave the range;
- fewer strings in orjson's parse than the text's quotes count. A `"` outside a string opens or
  closes one, and one inside a string is always escaped, so the quotes number twice the text's
  strings plus the escaped ones. The parse holds the text's strings less those a repeated key
  dropped (the first key at least), so twice the parsed strings equal to the quotes proves that no
  key was repeated. (Colons would not do: a GraphQL query always has some inside its string.)
A body with fewer than two colons holds at most one key (every key is followed by one) and skips
even that parse: the common dice roll. `CHEAP_SIGNALS = False` runs the exact check on every body
(tests/api/test_bodies.py runs its generated bodies both ways).
Measured with timeit (CPU time, best of 30, shared 2-core machine at rest): the check costs 0.6 us
on the bench's dice roll `{"expression": "4d6kh3+2"}`, 1.7 us with a seed and client seed (pydantic's
validation of either body: 1.7 us) and 2.0 us on a GraphQL roll; the exact check on every body would
cost 5.7, 7.2 and 10.1 us. Reading wide integers off the parse rather than the text took the last two
to 1.0 and 1.4 us (best of 5 rounds of 200,000), and a served GraphQL roll 0.4-2.5 us lower.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from service.errors import Problem

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
CHEAP_SIGNALS = True
# Every digit to "0", everything else to " ": a run of 19 digits is then a plain substring search,
# which is many times faster than a regular expression that must try each position.
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_NINETEEN_ZEROS = b"0" * 19


def _long_digits(raw: bytes) -> bool:
    return _NINETEEN_ZEROS in raw.translate(_DIGITS_AS_ZEROS)


def is_json_media_type(content_type: str | None) -> bool:
    """`application/json` (any parameters) or a `+json` type; no header at all is taken as JSON."""
    if content_type is None or content_type == "application/json":
        return True
    media = content_type.partition(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


def require_json(content_type: str | None) -> None:
    if content_type is not None and not is_json_media_type(content_type):  # no header is JSON
        raise Problem(
            "unsupported-media-type",
            f"the body is sent as {content_type.partition(';')[0].strip()!r}; send it as 'Content-Type: application/json'",
        )


def check_json(raw: bytes, *, where: str = "body") -> None:
    """Refuse repeated keys and integers past 64 bits in `raw`; malformed JSON is left to the validator."""
    if CHEAP_SIGNALS:
        if raw.count(b":") < 2:
            if not _long_digits(raw):
                return
        else:
            try:
                parsed = orjson.loads(raw)
            except orjson.JSONDecodeError:  # malformed, or a number orjson cannot hold (a 5,000-digit one)
                if not _long_digits(raw):
                    return
            else:
                if _settled(parsed, raw):
                    return
    _check_exactly(raw, where)


def loads_checked(raw: bytes, *, where: str = "body") -> Any:
    """orjson's parse of `raw` (a `malformed-json` problem if it is not JSON), checked as `check_json` does."""
    try:
        parsed = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise Problem("malformed-json", f"the body is not valid JSON: {exc}") from None
    if not CHEAP_SIGNALS or not _settled(parsed, raw):
        _check_exactly(raw, where)
    return parsed


def _settled(parsed: Any, raw: bytes) -> bool:
    """Whether orjson's parse of `raw` proves that no key repeats and no integer is past 64 bits."""
    strings = _narrow_strings(parsed)
    return strings is not None and 2 * strings == raw.count(b'"')


def integral_floats_as_ints(raw: bytes) -> bytes | None:
    """`raw` with every number written with a zero fraction (`3.0`, `1e2`) as an integer, or None if it has none.

    JSON Schema counts `3.0` as an integer, so a client generated from our schema may send it; the
    models are strict and refuse it. The REST layer calls this only after such a refusal, so the
    common body pays nothing.
    """
    try:
        tree = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    changed = False

    def whole(value: Any) -> Any:
        nonlocal changed
        kind = type(value)
        if kind is float and value.is_integer() and INT64_MIN <= value <= INT64_MAX:
            changed = True
            return int(value)
        if kind is dict:
            return {k: whole(v) for k, v in value.items()}
        if kind is list:
            return [whole(v) for v in value]
        return value

    tree = whole(tree)
    return orjson.dumps(tree) if changed else None


def check_value(value: Any, loc: list[str]) -> None:
    """The same rule for a value already in Python (a GraphQL literal): every int within 64 bits."""
    stack = [(value, loc)]
    while stack:
        item, at = stack.pop()
        kind = type(item)
        if kind is int and not INT64_MIN <= item <= INT64_MAX:
            raise _wide(at)
        if kind is dict:
            stack.extend((v, [*at, str(k)]) for k, v in reversed(item.items()))
        elif kind is list or kind is tuple:
            stack.extend((v, [*at, str(i)]) for i, v in reversed(list(enumerate(item))))


def _narrow_strings(value: Any) -> int | None:
    """Keys and string values at any depth; None when a number may have been an integer past 64 bits.

    orjson reads an integer literal up to 2**64 - 1 as an int and anything wider as a float, and a
    float can never fall below 2**63 in size from an integer literal that is past the signed range
    (2**63 itself is a float exactly). So an int outside the range, or a float of that size or more,
    is the only trace a wide literal leaves; a float written so (`1e19`) sends the body to the exact
    check too, which finds nothing. Scalars are never pushed: most bodies are one flat object."""
    kind = type(value)
    if kind is not dict and kind is not list:
        return 1 if kind is str else None if _wide_number(value, kind) else 0
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            count += len(item)
            item = item.values()
        for v in item:
            kind = type(v)
            if kind is str:
                count += 1
            elif kind is dict or kind is list:
                stack.append(v)
            elif (kind is int or kind is float) and _wide_number(v, kind):
                return None
    return count


def _wide_number(value: Any, kind: type) -> bool:
    if kind is int:
        return not INT64_MIN <= value <= INT64_MAX
    return kind is float and not -_TWO_63 < value < _TWO_63


_TWO_63 = float(2**63)


class _Object(list):
    """One JSON object's (key, value) pairs in document order, repeats kept."""

    __slots__ = ()


class _Wide(str):
    """An integer literal past 64 bits, kept as its text (never converted: it may have 10**5 digits)."""

    __slots__ = ()


def _parse_int(text: str) -> int | _Wide:
    if len(text) > 20:  # "-9223372036854775808" is the longest in range
        return _Wide(text)
    value = int(text)
    return value if INT64_MIN <= value <= INT64_MAX else _Wide(text)


def _check_exactly(raw: bytes, where: str) -> None:
    try:
        tree = json.loads(raw, object_pairs_hook=_Object, parse_int=_parse_int)
    except (ValueError, RecursionError):
        return  # not JSON after all: the validator reports it
    stack: list[tuple[Any, list[str]]] = [(tree, [where])]
    while stack:  # depth first, children pushed in reverse: the first problem in the text is reported
        item, at = stack.pop()
        kind = type(item)
        if kind is _Object:
            seen: set[str] = set()
            for key, _ in item:
                if key in seen:
                    raise Problem(
                        "validation-failed",
                        f"{'.'.join(at)}: the key {key!r} appears more than once",
                        errors=[{"loc": [*at, key], "msg": "duplicate key", "type": "duplicate_key"}],
                    )
                seen.add(key)
            stack.extend((v, [*at, k]) for k, v in reversed(item))
        elif kind is list:
            stack.extend((v, [*at, str(i)]) for i, v in reversed(list(enumerate(item))))
        elif kind is _Wide:
            raise _wide(at)


def _wide(at: list[str]) -> Problem:
    return Problem(
        "validation-failed",
        f"{'.'.join(at)}: integer outside the 64-bit range ({INT64_MIN} to {INT64_MAX})",
        errors=[{"loc": at, "msg": "integer outside the 64-bit range", "type": "int_out_of_range"}],
    )
