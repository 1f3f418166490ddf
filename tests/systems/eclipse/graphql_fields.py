"""GraphQL selection sets built from the wire models, so every field of a result is asked for."""

from __future__ import annotations

import types
import typing

from pydantic import BaseModel


def selection(model: type[BaseModel]) -> str:
    parts = []
    for name, info in model.model_fields.items():
        inner = _model_in(info.annotation)
        alias = info.alias or name
        parts.append(f"{alias} {{ {selection(inner)} }}" if inner else alias)
    return " ".join(parts)


def _model_in(hint) -> type[BaseModel] | None:
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return hint
    if typing.get_origin(hint) in (list, typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(hint):
            found = _model_in(arg)
            if found:
                return found
    return None
