"""PF1 speed (docs/rules-pf1.md): race table, bonuses, armour and load, monk and barbarian."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import Creature
from rules.pf1 import effective_speed, run_multiplier
from rules.pf1.speed import monk_bonus_m, reduce, speed_rules
from tests.units import pf1_unit


def who(**kw) -> Creature:
    return pf1_unit("x", "pc", (0, 0), **kw)


@pytest.mark.parametrize(
    ("race", "light", "heavy"),
    [
        ("human", 6, 4),
        ("elf", 6, 4),
        ("half-elf", 6, 4),
        ("half-orc", 6, 4),
        ("dwarf", 4, 4),
        ("halfling", 4, 3),
        ("gnome", 4, 3),
    ],
)
def test_race_table_gives_squares_for_light_and_heavy_armor(race: str, light: int, heavy: int):
    """PF1-SPEED-TABLE: both columns of the table, light armour counts as none."""
    assert effective_speed(who(race=race)) == light
    assert effective_speed(who(race=race, armor="light")) == light
    assert effective_speed(who(race=race, armor="medium")) == heavy
    assert effective_speed(who(race=race, armor="heavy")) == heavy


def test_explicit_speed_overrides_the_race_and_unarmored_speed_is_land_speed_plus_bonuses():
    """PF1-SPEED-NOARMOR: speed in metres → squares, plus modifiers."""
    assert effective_speed(who(race="dwarf", speed=12)) == 8
    assert effective_speed(who(speed=9, bonuses=(("", 3.0),))) == 8
    assert "PF1-SPEED-NOARMOR" in speed_rules(who(speed=9))


def test_armor_formula_rounds_two_thirds_up():
    """PF1-ARMOR-FORMULA: 4→3, 6→4, 8→6, 10→7, 12→8."""
    assert [reduce(s) for s in (4, 6, 8, 10, 12)] == [3, 4, 6, 7, 8]
    assert effective_speed(who(speed=18, armor="heavy")) == 8


def test_load_slows_like_armor_without_stacking_and_heavy_load_runs_times_3():
    """PF1-ENCUMBRANCE: worst of armour and load; heavy load ×3 run."""
    assert effective_speed(who(race="human", load="medium")) == 4
    assert effective_speed(who(race="human", load="heavy", armor="medium")) == 4
    assert run_multiplier(who(race="human", load="heavy")) == 3
    assert run_multiplier(who(race="human", load="medium")) == 4
    assert run_multiplier(who(race="human", armor="heavy")) == 3
    assert "PF1-ENCUMBRANCE" in speed_rules(who(race="human", load="heavy"))


def test_barbarian_bonus_counts_before_the_reduction_but_not_in_heavy_armor():
    """PF1-BONUS-BARBARIAN, PF1-BONUS-ORDER."""
    assert effective_speed(who(race="human", char_class="barbarian")) == 8
    assert effective_speed(who(race="human", char_class="barbarian", armor="medium")) == 6
    assert effective_speed(who(race="human", char_class="barbarian", armor="heavy")) == 4


@pytest.mark.parametrize(
    ("level", "metres"), [(1, 0), (2, 0), (3, 3), (5, 3), (6, 6), (9, 9), (12, 12), (15, 15), (18, 18), (20, 18)]
)
def test_monk_table_adds_3_m_at_level_3_and_every_third_level(level: int, metres: float):
    """PF1-BONUS-MONK: GB-PF-MONK table (standard PF1 unarmoured fast movement)."""
    assert monk_bonus_m(level) == metres
    assert effective_speed(who(race="human", char_class="monk", level=level)) == 6 + int(metres / 1.5)


def test_monk_bonus_is_lost_in_any_armor():
    """PF1-BONUS-MONK: armour of any kind switches the bonus off."""
    assert effective_speed(who(race="human", char_class="monk", level=6, armor="light")) == 6


def test_same_type_bonuses_do_not_stack_but_untyped_ones_add():
    """PF1-BONUS-STACK."""
    assert effective_speed(who(race="human", bonuses=(("enhancement", 3.0), ("enhancement", 6.0)))) == 10
    assert effective_speed(who(race="human", bonuses=(("", 3.0), ("", 3.0)))) == 10
    assert effective_speed(who(race="human", bonuses=(("enhancement", 3.0), ("morale", 3.0)))) == 10


@settings(max_examples=60, deadline=None)
@given(
    base=st.integers(0, 20),
    bonus=st.sampled_from([0.0, 1.5, 3.0, 4.5, 6.0]),
    armor=st.sampled_from(["none", "light", "medium", "heavy"]),
)
def test_more_bonus_never_means_less_speed(base: int, bonus: float, armor: str):
    """PF1-BONUS-ORDER: the reduction is monotone, so adding a bonus never slows anyone."""
    slow = effective_speed(who(speed=base * 1.5, armor=armor))
    fast = effective_speed(who(speed=base * 1.5, armor=armor, bonuses=(("enhancement", bonus),)))
    assert fast >= slow >= 0
