"""rules.records.quick_init: the quicker `__init__` makes exactly the object dataclasses' own `__init__` makes.

Every class that uses it is compared with a twin made by dataclasses from the same fields:
the same parameters in the same order with the same defaults, every field holding the very
object passed (positionally or by name) or its default, a fresh object from each default
factory, and the instance still frozen and equal to the twin's fields.
"""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import game.match
import rules.actions
import rules.combat
import rules.core
import rules.pf1.movement
from rules.records import FACTORY, quick_init

MODULES = (rules.core, rules.combat, rules.actions, rules.pf1.movement, game.match)
QUICK = sorted(
    {
        cls
        for module in MODULES
        for cls in vars(module).values()
        if isinstance(cls, type)
        and cls.__module__ == module.__name__
        and getattr(getattr(cls.__init__, "__code__", None), "co_filename", "").startswith("<quick_init ")
    },
    key=lambda cls: cls.__qualname__,
)


def _twin(cls: type) -> type:
    """The class as dataclasses alone makes it (its own generated __init__)."""
    specs = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            specs.append((f.name, f.type, dataclasses.field(default=f.default)))
        elif f.default_factory is not dataclasses.MISSING:
            specs.append((f.name, f.type, dataclasses.field(default_factory=f.default_factory)))
        else:
            specs.append((f.name, f.type))
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=True, slots=True)


def _values(obj: object) -> list[object]:
    return [getattr(obj, f.name) for f in dataclasses.fields(obj)]  # type: ignore[arg-type]


def test_the_hot_records_use_it():
    names = {cls.__name__ for cls in QUICK}
    assert {"Action", "Effect", "Event", "LogEntry", "Ruling", "Situation", "StepRuling"} <= names


@pytest.mark.parametrize("cls", QUICK, ids=lambda cls: cls.__name__)
def test_quick_init_makes_what_the_dataclass_init_makes(cls):
    twin = _twin(cls)
    quick, plain = inspect.signature(cls.__init__), inspect.signature(twin.__init__)
    assert list(quick.parameters) == list(plain.parameters)
    for name, p in quick.parameters.items():
        q = plain.parameters[name]
        assert p.kind == q.kind
        if p.default is FACTORY:
            assert repr(q.default) == "<factory>"
        else:
            assert p.default is q.default
    fields = dataclasses.fields(cls)
    given = [object() for _ in fields]
    by_position, by_name = cls(*given), cls(**{f.name: v for f, v in zip(fields, given, strict=True)})
    assert all(a is b for a, b in zip(_values(by_position), given, strict=True))
    assert all(a is b for a, b in zip(_values(by_name), given, strict=True))
    assert _values(twin(*given)) == _values(by_position)
    missing = dataclasses.MISSING
    required = [object() for f in fields if f.default is missing and f.default_factory is missing]
    least, twin_least, again = cls(*required), twin(*required), cls(*required)
    for f, mine, theirs, other in zip(fields, _values(least), _values(twin_least), _values(again), strict=True):
        if f.default_factory is not dataclasses.MISSING:
            assert mine == theirs and mine is not other  # a fresh object from the factory for each instance
        else:
            assert mine is theirs
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_position, fields[0].name, None)
    assert by_position == cls(*given) and hash(cls(*[1] * len(fields))) == hash(cls(*[1] * len(fields)))


def test_quick_init_refuses_a_class_whose_init_does_more():
    @dataclasses.dataclass(slots=True)
    class Loose:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            raise ValueError

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        a: int

    for cls in (Loose, Checked, Unslotted):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_replaced_still_fills_the_slots_of_a_quick_record():
    ruling = rules.core.Ruling(cost=2, rules=("PF1-MOVE-ACTION",))
    assert rules.core.replaced(ruling, cost=3) == dataclasses.replace(ruling, cost=3)
    assert rules.core._LAYOUTS[rules.core.Ruling][2] is not None  # slot setters, not a call of __init__
