"""PF1 tactical speed: race and armour table, bonuses, armour/load reduction (docs/rules-pf1.md)."""

from __future__ import annotations

import math

from rules.core import SQUARE_CM, Creature
from rules.pf1.traits import traits

# Base land speed in squares per race: (no or light armour, medium or heavy armour).
RACE_SPEED: dict[str, tuple[int, int]] = {
    "human": (6, 4),
    "elf": (6, 4),
    "half-elf": (6, 4),
    "half-orc": (6, 4),
    "dwarf": (4, 4),
    "halfling": (4, 3),
    "gnome": (4, 3),
}
DEFAULT_RACE = "human"
"""Used when a creature has neither an explicit speed nor a race (house default)."""

BARBARIAN_BONUS_M = 3.0
MONK_STEP_M = 3.0
"""Monk fast movement (standard PF1, outside the texts): +3 m at level 3 and every 3 levels after."""
MONK_MAX_M = 18.0

_SLOWING = ("medium", "heavy")


def monk_bonus_m(level: int) -> float:
    """Unarmoured monk speed bonus in metres for a class level (GB-PF-MONK table)."""
    return min(MONK_MAX_M, MONK_STEP_M * (max(0, level) // 3))


def _squares(metres: float) -> int:
    """Whole squares in a distance in metres (a partial square does not count)."""
    squares = math.floor(metres * 100 / SQUARE_CM + 1e-9)
    return squares if squares > 0 else 0  # max(0, squares), without the call (asked very often)


def base_speed(creature: Creature) -> int:
    """Unmodified land speed in squares: explicit speed, else the race table's left column."""
    if creature.speed is not None:
        return _squares(creature.speed)
    return RACE_SPEED.get((traits(creature).race or DEFAULT_RACE).lower(), RACE_SPEED[DEFAULT_RACE])[0]


def bonus_m(creature: Creature) -> float:
    """Sum of applicable speed modifiers in metres: the best of each type, every untyped one."""
    own = traits(creature)
    best: dict[str, float] = {}
    untyped = 0.0
    for kind, metres in own.bonuses:
        if kind == "":
            untyped += metres
        elif kind not in best or metres > best[kind]:
            best[kind] = metres
    klass = (own.char_class or "").lower()
    if klass == "barbarian" and own.armor != "heavy":
        best["class:barbarian"] = BARBARIAN_BONUS_M
    if klass == "monk" and own.armor == "none":
        best["class:monk"] = monk_bonus_m(own.level)
    return untyped + sum(best.values())


def slowed(creature: Creature) -> bool:
    """Whether medium/heavy armour or load reduces the speed (dwarves never slow down, PF1-SPEED-TABLE).

    The dwarf exemption holds whatever the base speed, an explicit `speed` included (revised 2026-12-02).
    """
    own = traits(creature)
    if (own.race or "").lower() == "dwarf":
        return False
    return own.armor in _SLOWING or own.load in _SLOWING


def reduce(speed: int) -> int:
    """The reduced speed for medium or heavy armour or load: ceil(2S/3)."""
    return math.ceil(2 * speed / 3)


def effective_speed(creature: Creature) -> int:
    """Land speed in squares after bonuses, then the armour/load reduction (PF1-BONUS-ORDER)."""
    total = _squares(base_speed(creature) * SQUARE_CM / 100 + bonus_m(creature))
    return reduce(total) if slowed(creature) else total


def movement_speed(creature: Creature) -> int:
    """Squares per move action in the current mode: the fly speed when flying and one is given."""
    if creature.mode == "fly" and creature.fly is not None:
        return _squares(creature.fly)
    return effective_speed(creature)


def run_multiplier(creature: Creature) -> int:
    """Run distance multiple: ×3 in heavy armour or with a heavy load, else ×4."""
    own = traits(creature)
    return 3 if own.armor == "heavy" or own.load == "heavy" else 4


def speed_rules(creature: Creature) -> tuple[str, ...]:
    """The ids that shaped this creature's speed."""
    own = traits(creature)
    ids = ["PF1-SPEED-TABLE" if creature.speed is None else "PF1-SPEED-NOARMOR"]
    if own.bonuses:
        ids += ["PF1-BONUS-ORDER", "PF1-BONUS-STACK"]
    klass = (own.char_class or "").lower()
    if klass == "barbarian" and own.armor != "heavy":
        ids.append("PF1-BONUS-BARBARIAN")
    if klass == "monk" and own.armor == "none" and monk_bonus_m(own.level) > 0:
        ids.append("PF1-BONUS-MONK")
    if slowed(creature):
        ids.append("PF1-ARMOR-FORMULA")
        if own.load in _SLOWING:
            ids.append("PF1-ENCUMBRANCE")
    return tuple(ids)
