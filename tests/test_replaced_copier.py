"""`rules.core.replaced` copies slotted records by a copier compiled once per class (rules/core.py `_copier`)."""

from __future__ import annotations

import dataclasses

import pytest

import rules.core
from rules.core import Creature, Ruling, replaced
from rules.pf1.turn import TurnState


@dataclasses.dataclass(frozen=True, slots=True)
class _Underscored:
    a: int
    _o: int = 0
    """A field named like the copier's own parameter: such a class keeps the slot-by-slot loop."""


def test_the_copier_fills_every_slot_from_the_changes_or_the_record():
    creature = Creature("m", "pc", (1, 2), name="Kyra", speed=9, hp=12, max_hp=12, bonuses=(("", 3.0),))
    for record, changes in (
        (creature, {"hp": 3, "at": (4, 5), "space": None}),
        (TurnState(diag=3, moved=True), {"standard_used": True}),
        (Ruling(cost=2, rules=("PF1-MOVE-ACTION",)), {"unit_cm": 100, "band": "run"}),
    ):
        copy = replaced(record, **changes)
        assert copy == dataclasses.replace(record, **changes) and type(copy) is type(record)
        assert rules.core._LAYOUTS[type(record)][3] is not None  # copied by the compiled copier
        for field in dataclasses.fields(record):
            assert getattr(copy, field.name) is changes.get(field.name, getattr(record, field.name))
    with pytest.raises(TypeError):
        replaced(creature, colour="red")
    with pytest.raises(TypeError):
        replaced(creature, _o=1)


def test_a_field_named_like_the_copiers_own_names_keeps_the_plain_copy():
    assert replaced(_Underscored(1, 2), _o=5) == _Underscored(1, 5)
    assert replaced(_Underscored(1, 2), a=7) == _Underscored(7, 2)
    layout = rules.core._LAYOUTS[_Underscored]
    assert layout is not None and layout[2] is not None and layout[3] is None
