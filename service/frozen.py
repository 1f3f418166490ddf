"""A quicker `__init__` for frozen, slotted dataclasses that rules build many times per request.

A frozen dataclass's generated `__init__` sets every field through `object.__setattr__`, looked
up afresh for each field. `quick_init` gives the class an `__init__` with the same parameters and
defaults that sets each slot through its own descriptor, bound once: about half the cost for a
class of ten fields or more. Equality, hashing, `repr`, `replace` and immutability stay the
dataclass's own; a class with a `__post_init__`, a default factory, a field left out of `__init__`
or a keyword-only field is refused, as its `__init__` does more than set slots.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Decorate a `@dataclass(frozen=True, slots=True)` class (put this above the dataclass decorator)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__: its __init__ is kept")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass, checked above
    for field in fields:
        if not field.init or field.kw_only or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name} is set by more than its argument: its __init__ is kept")
    names: dict[str, Any] = {}
    arguments, lines = [], []
    for n, field in enumerate(fields):
        names[f"_set{n}"] = vars(cls)[field.name].__set__
        if field.default is dataclasses.MISSING:
            arguments.append(field.name)
        else:
            names[f"_default{n}"] = field.default
            arguments.append(f"{field.name}=_default{n}")
        lines.append(f"    _set{n}(self, {field.name})\n")
    body = "".join(lines) or "    pass\n"
    exec(f"def __init__(self, {', '.join(arguments)}):\n{body}", names)  # noqa: S102  # as dataclasses writes its own
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]  # replacing the generated method is the point
    return cls
