"""`quick_init`: a frozen dataclass with the quicker `__init__` behaves as the dataclass it was."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from service.frozen import quick_init
from service.systems.ncb.rules.damage import DamageOutcome, Hit, Vitals


@dataclasses.dataclass(frozen=True, slots=True)
class Plain:
    hp: int
    max_hp: int
    condition: str = "up"
    nc: bool = False


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class Quick:  # Plain's fields, with the quick __init__
    hp: int
    max_hp: int
    condition: str = "up"
    nc: bool = False


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((3, 10), {}), ((3, 10, "down"), {}), ((), {"hp": 0, "max_hp": 5, "nc": True}), ((1,), {"max_hp": 2, "condition": "dying"})],
)
def test_the_quick_init_takes_the_same_arguments_and_defaults(args: tuple, kwargs: dict) -> None:
    plain, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
    assert repr(quick).replace("Quick", "Plain") == repr(plain)
    assert quick == Quick(*args, **kwargs) and hash(quick) == hash(Quick(*args, **kwargs))
    assert dataclasses.replace(quick, hp=9).hp == 9 and quick.hp == plain.hp


def test_the_quick_init_refuses_what_the_dataclass_refuses_and_stays_immutable() -> None:
    for make in (Plain, Quick):
        with pytest.raises(TypeError):
            make(1)  # max_hp missing
        with pytest.raises(TypeError):
            make(1, 2, "up", False, "extra")
        with pytest.raises(TypeError):
            make(1, 2, colour="red")
    quick = Quick(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.hp = 5  # type: ignore[misc]  # frozen
    assert pickle.loads(pickle.dumps(quick)) == quick


def test_the_ncb_damage_records_keep_their_fields_and_defaults() -> None:
    assert Vitals(4, 10) == Vitals(hp=4, max_hp=10, condition="up", damage_reduction=0, exhaustion=0)
    assert Hit(7).kind == "physical" and Hit(7, "program", use_last_breath=True).use_last_breath
    assert Vitals.__init__.__qualname__ == "Vitals.__init__" and DamageOutcome.__init__.__qualname__ == "DamageOutcome.__init__"


def test_a_class_whose_init_does_more_is_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        hp: int

        def __post_init__(self) -> None:
            assert self.hp >= 0

    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed:
        names: list[str] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        hp: int

    @dataclasses.dataclass(slots=True)
    class Thawed:
        hp: int

    for cls in (Checked, Listed, Unslotted, Thawed):
        with pytest.raises(TypeError):
            quick_init(cls)
