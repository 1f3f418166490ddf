"""The body rules as pure functions: JSON media types, each key once, integers within 64 bits."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api import bodies
from service.api.bodies import INT64_MAX, INT64_MIN, check_json, check_value, integral_floats_as_ints, is_json_media_type, loads_checked
from service.errors import Problem


def _refusal(raw: bytes) -> dict:
    with pytest.raises(Problem) as caught:
        check_json(raw)
    assert caught.value.code == "validation-failed" and caught.value.status == 422
    return caught.value.extra["errors"][0]


@pytest.mark.parametrize(
    ("content_type", "is_json"),
    [
        (None, True),
        ("application/json", True),
        ("application/json; charset=utf-8", True),
        ("APPLICATION/JSON", True),
        ("application/problem+json", True),
        ("text/plain", False),
        ("text/plain; charset=utf-8", False),
        ("application/x-www-form-urlencoded", False),
        ("multipart/form-data; boundary=x", False),
        ("text/json", False),
        ("application/jsonp", False),
        ("", False),
    ],
)
def test_json_media_types(content_type: str | None, is_json: bool) -> None:
    assert is_json_media_type(content_type) is is_json


@pytest.mark.parametrize(
    ("raw", "loc"),
    [
        (b'{"a": 1, "a": 1}', ["body", "a"]),
        (b'{"a": 1, "b": {"c": 1, "c": 2}}', ["body", "b", "c"]),
        (b'{"a": [{"x": 1}, {"y": 1, "y": 2}]}', ["body", "a", "1", "y"]),
        (b'[{"k": 1}, {"k": 2, "k": 3}]', ["body", "1", "k"]),
        (b'{"a": 1, "\\u0061": 2}', ["body", "a"]),  # one key, written two ways
        (b'{"s": "x\\":y", "s": "z"}', ["body", "s"]),  # an escaped quote and a colon in a value
    ],
)
def test_a_repeated_key_is_refused_wherever_it_is(raw: bytes, loc: list[str]) -> None:
    error = _refusal(raw)
    assert error["loc"] == loc and error["type"] == "duplicate_key"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": "x:y:z", "b": "http://host:80/"}',
        b'{"a": "\\"a\\": 1, \\"a\\": 2", "b": 1}',
        b'{"a": {"b": 1}, "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}]}',  # the same key in different objects
        b'{"seed": "12345678901234567890123", "clientSeed": "99999999999999999999"}',
        b'{"n": 1e300, "m": -12345678901234567890.5}',  # floats, however long
    ],
)
def test_what_only_looks_like_a_repeat_or_a_wide_integer_passes(raw: bytes) -> None:
    check_json(raw)
    assert loads_checked(raw) == json.loads(raw)


@pytest.mark.parametrize(
    ("raw", "loc"),
    [
        (b'{"x": -80974138036023730688153878528}', ["body", "x"]),
        (b'{"a": {"b": [1, 2, 9223372036854775808]}}', ["body", "a", "b", "2"]),
        (b'{"a": 1, "b": -9223372036854775809}', ["body", "b"]),
        (b"18446744073709551616", ["body"]),
    ],
)
def test_an_integer_past_64_bits_is_refused_wherever_it_is(raw: bytes, loc: list[str]) -> None:
    error = _refusal(raw)
    assert error["loc"] == loc and error["type"] == "int_out_of_range"


@pytest.mark.parametrize(
    ("raw", "loc"),
    [
        (b'{"a": 1, "b": 18446744073709551615}', ["body", "b"]),  # orjson reads it as an int past the signed range
        (b'{"a": 1, "b": 18446744073709551616}', ["body", "b"]),  # and this as a float
        (b'{"a": 1, "b": [-9223372036854775809]}', ["body", "b", "0"]),  # a float exactly -2**63
        (b"[1, 99999999999999999999]", ["body", "1"]),
        (b"99999999999999999999", ["body"]),
    ],
)
def test_both_readers_refuse_an_integer_past_64_bits_their_parse_shows(raw: bytes, loc: list[str]) -> None:
    for read in (check_json, loads_checked):
        with pytest.raises(Problem) as caught:
            read(raw)
        error = caught.value.extra["errors"][0]
        assert (error["loc"], error["type"]) == (loc, "int_out_of_range"), read


def test_a_float_of_64_bit_size_is_checked_exactly_and_passes() -> None:
    for raw in (b'{"a": 1, "b": 1e19}', b'{"a": 1, "b": -9.3e18}', b'{"a": 1, "b": 9223372036854775807}'):
        check_json(raw)
        assert loads_checked(raw) == json.loads(raw)


def test_the_64_bit_edges_pass() -> None:
    check_json(json.dumps({"max": INT64_MAX, "min": INT64_MIN, "z": [0, -0]}).encode())
    check_value({"max": INT64_MAX, "min": INT64_MIN}, ["input"])


def test_a_hundred_thousand_digits_are_refused_without_converting_them() -> None:
    # Converting them would hit Python's 4,300-digit guard (a ValueError, not this refusal).
    error = _refusal(b'{"x": 1' + b"0" * 100_000 + b"}")
    assert error["loc"] == ["body", "x"] and error["type"] == "int_out_of_range"
    # Beside another key the body is parsed, and orjson cannot hold the number: the text is searched then.
    error = _refusal(b'{"a": 1, "x": 1' + b"0" * 5_000 + b"}")
    assert error["loc"] == ["body", "x"] and error["type"] == "int_out_of_range"


def test_malformed_json_is_left_to_the_validator() -> None:
    for raw in (b'{"a": 1, "a"', b"{not json", b'{"a": 1, "a": 2', b"\xff\xfe", b"[" * 5000):
        check_json(raw)  # the model validator answers malformed-json for these
    with pytest.raises(Problem) as caught:
        loads_checked(b'{"a": 1, "a"')
    assert caught.value.code == "malformed-json"


def test_a_value_already_parsed_is_held_to_the_same_integer_rule() -> None:
    with pytest.raises(Problem) as caught:
        check_value({"setup": {"rows": [{"n": 1}, {"n": -(2**70)}]}}, ["input"])
    assert caught.value.extra["errors"][0]["loc"] == ["input", "setup", "rows", "1", "n"]
    check_value({"setup": {"rows": [{"n": 2**40}], "t": (1, "x")}, "f": 1e300}, ["input"])


# -- generated bodies: the cheap signals never hide a repeat ------------------------------------

_keys = st.sampled_from(["a", "b", "c", "a:b", 'q"', "\\", "é"])
_scalars = st.one_of(
    st.integers(-1000, 1000),
    st.integers(INT64_MAX - 2, INT64_MAX + 2),  # both sides of each edge
    st.integers(INT64_MIN - 2, INT64_MIN + 2),
    st.integers(2**64, 2**80),
    st.sampled_from(["", ":", '"', '":', "a", "x:1", '{"a": 1}']),
    st.booleans(),
    st.none(),
)


def _json_objects(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.lists(st.tuples(_keys, inner), max_size=4).map(lambda pairs: ("object", pairs))


_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), _json_objects(inner)), max_leaves=12)


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{json.dumps(k)}: {_text(v)}" for k, v in value[1]) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return json.dumps(value)


def _faults(value: Any) -> tuple[bool, bool]:
    """(a key repeats in some object, an integer is past 64 bits)."""
    if isinstance(value, tuple):
        keys = [k for k, _ in value[1]]
        found = [_faults(v) for _, v in value[1]]
        return len(set(keys)) < len(keys) or any(d for d, _ in found), any(w for _, w in found)
    if isinstance(value, list):
        found = [_faults(v) for v in value]
        return any(d for d, _ in found), any(w for _, w in found)
    wide = isinstance(value, int) and not isinstance(value, bool) and not INT64_MIN <= value <= INT64_MAX
    return False, wide


@pytest.mark.parametrize("cheap_signals", [True, False])
def test_a_generated_body_is_refused_exactly_when_a_key_repeats_or_an_integer_is_past_64_bits(
    cheap_signals: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bodies, "CHEAP_SIGNALS", cheap_signals)

    @settings(max_examples=300, deadline=None)
    @given(value=_json_objects(_values))
    def check(value: Any) -> None:
        raw = _text(value).encode()
        duplicate, wide = _faults(value)
        for run in (check_json, loads_checked):
            try:
                run(raw)
            except Problem as problem:
                kind = problem.extra["errors"][0]["type"]
                assert (kind == "duplicate_key" and duplicate) or (kind == "int_out_of_range" and wide), (raw, kind)
                continue
            assert not duplicate and not wide, raw

    check()


def test_whole_floats_become_integers_and_nothing_else_changes() -> None:
    raw = b'{"a": 3.0, "b": [1e2, 2.5, "4.0"], "c": {"d": -0.0, "e": true}}'
    assert orjson.loads(integral_floats_as_ints(raw)) == {"a": 3, "b": [100, 2.5, "4.0"], "c": {"d": 0, "e": True}}
    assert type(orjson.loads(integral_floats_as_ints(raw))["a"]) is int
    assert integral_floats_as_ints(b'{"a": 3, "b": 2.5}') is None
    assert integral_floats_as_ints(b'{"a": 1e30}') is None  # past 64 bits: left for the validator to refuse
