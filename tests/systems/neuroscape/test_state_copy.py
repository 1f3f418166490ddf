"""A state part's `model_copy` makes exactly what pydantic's own makes: the same fields, the same set
fields, an equal model of the same type, the original untouched. Checked on every part of every
state of seeded matches between random players, copied plain and with each of its fields changed."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from service.systems.neuroscape.rules.autoplay import play_match
from service.systems.neuroscape.state import Model, NeuroscapeState


def _parts(model: Any) -> list[Model]:
    """The model and every state part inside it (through tuples, dicts and other parts)."""
    out: list[Model] = []
    stack = [model]
    while stack:
        item = stack.pop()
        if isinstance(item, Model):
            out.append(item)
            stack.extend(item.__dict__.values())
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return out


def _same(fast: BaseModel, plain: BaseModel) -> None:
    assert type(fast) is type(plain)
    assert fast.__dict__ == plain.__dict__
    assert fast.__pydantic_fields_set__ == plain.__pydantic_fields_set__
    assert fast.__pydantic_extra__ == plain.__pydantic_extra__
    assert fast.__pydantic_private__ == plain.__pydantic_private__
    assert fast == plain


@pytest.mark.parametrize("seed", ["copy-1", "copy-2"])
def test_a_part_copied_with_changes_is_what_pydantic_copies(seed: str) -> None:
    states: list[NeuroscapeState] = []

    def observe(before: NeuroscapeState, seat: str, action: str, params: object, after: NeuroscapeState, result: dict) -> None:
        if len(states) < 40:
            states.append(after)

    play_match(seed, observe=observe)
    assert len(states) == 40
    checked = 0
    for earlier, later in zip(states, states[1:]):
        for part in _parts(later):
            before = dict(part.__dict__), set(part.__pydantic_fields_set__)
            _same(part.model_copy(), BaseModel.model_copy(part))
            for name in type(part).model_fields:
                # Another value of the same field where the earlier state has one, else the field's own.
                value = getattr(earlier, name, getattr(part, name))
                _same(part.model_copy(update={name: value}), BaseModel.model_copy(part, update={name: value}))
                checked += 1
            assert (part.__dict__, part.__pydantic_fields_set__) == before, "copying leaves the original as it was"
    assert checked > 1000


def test_a_deep_copy_is_pydantic_own() -> None:
    state, _ = play_match("copy-deep")
    copied = state.model_copy(deep=True)
    assert copied == state and copied.players is not state.players
