"""The `[[units]]` tables of a level: keys → rules.core.Creature, and the start placement checks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from game.level_errors import LevelError
from game.level_schema import Table, one_of, show
from rules.core import SIZE_NAMES, Board, Creature, Size
from rules.dice import parse_dice
from rules.geometry import chebyshev, footprint_distance

RACES = ("human", "elf", "half-elf", "half-orc", "dwarf", "halfling", "gnome")
ARMORS = ("none", "light", "medium", "heavy")
LOADS = ("light", "medium", "heavy")
CLASSES = ("barbarian", "monk")
ROLES = ("hunter", "npc", "leader")
HEXXEN_POWERS = ("leibgarde", "sneak_attack")
"""Powers the hexxen rules read (HX-LEIBGARDE, HX-NPC-NO-SNEAK); add new ones here."""

DND5E_DEFAULT_SPEED_M = 9.0
"""A dnd5e unit without `speed` walks 9 m (the common Medium speed)."""

COMMON_KEYS = (
    "id", "name", "side", "at", "size", "speed", "prone", "helpless", "flying",
    "hp", "max_hp", "defense", "attack", "damage", "attacks", "reach", "initiative", "skill",
)  # fmt: skip
MOVER_KEYS = ("fly", "climb", "swim", "hover", "magic_flight")
PF1_KEYS = (
    "race", "armor", "load", "class", "level", "bonuses", "incorporeal", "sees_in_dark",
    "fills_space", "obstructs_when_helpless", "acrobatics", "combat_reflexes",
)  # fmt: skip
HEXXEN_KEYS = ("role", "mounted", "powers", "ap")

UNIT_KEYS: Mapping[str, tuple[str, ...]] = {
    "pf1": COMMON_KEYS + MOVER_KEYS + PF1_KEYS,
    "dnd5e": COMMON_KEYS + MOVER_KEYS,
    "hexxen": COMMON_KEYS + HEXXEN_KEYS,
}
"""The unit keys each ruleset accepts (docs/levels.md)."""

ErrorAt = Callable[[int, str, str], LevelError]
"""Builds the LevelError for (unit index, key, message)."""

_ALL_KEYS = {k: tuple(r for r, keys in UNIT_KEYS.items() if k in keys) for ks in UNIT_KEYS.values() for k in ks}


def _wrong_ruleset(ruleset: str) -> Callable[[str], str | None]:
    """An explanation for a unit key that belongs to another ruleset."""

    def why(key: str) -> str | None:
        owners = _ALL_KEYS.get(key)
        if owners:
            return f"`{key}` is not a {ruleset} unit key (only {' and '.join(owners)} levels use it)"
        return None

    return why


def _bonuses(t: Table) -> tuple[tuple[str, float], ...]:
    """pf1 `bonuses = [{ type = "enhancement", m = 3 }]` → ((type, metres), …)."""
    result = []
    for item in t.tables("bonuses"):
        kind = item.text("type", "")
        metres = item.number("m", what="metres")
        item.finish(("type", "m"))
        result.append((kind, metres))
    return tuple(result)


def parse_unit(t: Table, ruleset: str) -> Creature:
    """One `[[units]]` table as a Creature (raises LevelError on the first bad key)."""
    uid = t.text("id")
    if not uid:
        t.fail("id", "must not be empty")
    size_name = t.text("size", "medium")
    if size_name not in SIZE_NAMES[ruleset]:
        t.fail("size", f"{show(size_name)} is not a {ruleset} size; expected {sizes_text(ruleset)}")
    f: dict[str, Any] = {
        "id": uid,
        "name": t.text("name", uid),
        "side": t.text("side"),
        "at": t.square("at"),
        "size": Size.parse(size_name),
        "prone": t.flag("prone"),
        "helpless": t.flag("helpless"),
    }
    speed = t.number("speed", None, minimum=0, what="a speed in metres")
    if ruleset == "dnd5e" and speed is None:
        speed = DND5E_DEFAULT_SPEED_M
    f["speed"] = speed
    if ruleset in ("pf1", "dnd5e"):
        for mode in ("fly", "climb", "swim"):
            f[mode] = t.number(mode, None, minimum=0, what="a speed in metres")
        f["hover"] = t.flag("hover")
        f["magic_flight"] = t.flag("magic_flight")
    if t.flag("flying"):
        if f.get("fly") is None:
            t.fail("flying", "a unit that starts flying needs a fly speed (`fly = …` metres)")
        f["airborne"], f["mode"] = True, "fly"
    if ruleset == "pf1":
        _pf1_keys(t, f)
    if ruleset == "hexxen":
        f["role"] = t.text("role", "hunter", choices=ROLES)
        f["mounted"] = t.flag("mounted")
        f["powers"] = t.strings("powers", (), choices=HEXXEN_POWERS)
        f["ap"] = t.integer("ap", None, minimum=0)
        f["single_cell"] = True  # HX-GRID-MAP: every token takes one cell, whatever its size
    _combat_keys(t, f)
    t.finish(UNIT_KEYS[ruleset], _wrong_ruleset(ruleset))
    return Creature(**f)


def _pf1_keys(t: Table, f: dict[str, Any]) -> None:
    """The pf1 character keys (race, armour, load, class, bonuses, creature flags)."""
    f["race"] = t.text("race", None, choices=RACES)
    if f["speed"] is None and f["race"] is None:
        t.fail("speed", "missing: a pf1 unit needs `speed` (metres) or a `race` to take it from")
    f["armor"] = t.text("armor", "none", choices=ARMORS)
    f["load"] = t.text("load", "light", choices=LOADS)
    f["char_class"] = t.text("class", None, choices=CLASSES)
    f["level"] = t.integer("level", 1, minimum=1)
    f["bonuses"] = _bonuses(t)
    for flag in ("incorporeal", "sees_in_dark", "fills_space", "acrobatics", "combat_reflexes"):
        f[flag] = t.flag(flag)
    f["obstructs_when_helpless"] = t.flag("obstructs_when_helpless", None)


def _combat_keys(t: Table, f: dict[str, Any]) -> None:
    """The game's own combat stats (docs/combat.md)."""
    f["hp"] = t.integer("hp", 10, minimum=1)
    f["max_hp"] = t.integer("max_hp", f["hp"], minimum=1)
    if f["max_hp"] < f["hp"]:
        t.fail("max_hp", f"{f['max_hp']} is below hp = {f['hp']}")
    f["defense"] = t.integer("defense", 10)
    f["attack"] = t.integer("attack", 0)
    f["damage"] = str(t.value("damage", _dice, "1d6"))
    f["attacks"] = t.integer("attacks", 1, minimum=1)
    f["reach"] = t.number("reach", 1.5, minimum=0, what="a reach in metres")
    f["initiative"] = t.integer("initiative", 0)
    f["skill"] = t.integer("skill", 0)


def _dice(value: Any) -> str:
    """Dice text checked by rules.dice (kept as written)."""
    if not isinstance(value, str):
        raise ValueError(f'expected dice text such as "1d8+2", got {value!r}')
    parse_dice(value)
    return value


# --- placement ---------------------------------------------------------------------


def _blocked(board: Board, unit: Creature) -> tuple[tuple[int, int], str] | None:
    """The first square of the unit's footprint it may not start on, and why."""
    for sq in sorted(unit.footprint(), key=lambda s: (s[1], s[0])):
        if not board.in_bounds(sq):
            return sq, "outside"
        terrain = board.terrain(sq)
        if "wall" in terrain.kinds:
            return sq, "a wall"
        if "door_closed" in terrain.kinds:
            return sq, "a closed door"
        if terrain.pit and not unit.airborne:
            return sq, "a pit (only a flying unit may start above one)"
    return None


def _may_share(ruleset: str, a: Creature, b: Creature) -> bool:
    """Whether two start footprints may overlap (PF1-TINY-THROUGH, D5-GRID-FOOTPRINT)."""
    if ruleset == "pf1":
        if a.fills_space or b.fills_space:
            return False
        return a.size <= Size.TINY or b.size <= Size.TINY
    if ruleset == "dnd5e":
        return a.size == Size.TINY and b.size == Size.TINY
    return False


def check_placement(board: Board, ruleset: str, units: Sequence[Creature], error: ErrorAt) -> list[LevelError]:
    """Problems with where the units start; `error(index, key, message)` builds each one."""
    problems: list[LevelError] = []
    w, h = board.width, board.height
    for i, unit in enumerate(units):
        bad = _blocked(board, unit)
        if bad is None:
            continue
        sq, what = bad
        span = f"the {w}×{h} map (x 0–{w - 1}, y 0–{h - 1})"
        here = list(unit.at)
        if what == "outside":
            if sq == unit.at:
                msg = f"{here} is outside {span}"
            else:
                msg = f"{here}: the {unit.size.label} unit's square {list(sq)} is outside {span}"
        elif sq == unit.at:
            msg = f"{here} is inside {what}; a unit must start on open ground"
        else:
            msg = f"{here}: the {unit.size.label} unit's square {list(sq)} is inside {what}"
        problems.append(error(i, "at", msg))
    if problems:
        return problems
    problems += _overlaps(ruleset, units, error)
    if ruleset == "hexxen" and not problems:
        problems += _touching(units, error)
    return problems


def _overlaps(ruleset: str, units: Sequence[Creature], error: ErrorAt) -> list[LevelError]:
    """Two units on one square (except Tiny sharing), and more than four dnd5e Tiny in one."""
    problems = []
    seen: dict[tuple[int, int], list[int]] = {}
    for i, unit in enumerate(units):
        clash = None
        for sq in sorted(unit.footprint()):
            for j in seen.get(sq, []):
                if not _may_share(ruleset, units[j], unit):
                    clash = (sq, j)
                    break
            if clash is None and ruleset == "dnd5e" and len(seen.get(sq, [])) >= 4:
                problems.append(error(i, "at", f"{list(sq)} already holds four Tiny units (D5-GRID-FOOTPRINT)"))
                break
            if clash:
                break
        if clash:
            sq, j = clash
            other = units[j]
            rule = {"pf1": " (only Tiny or smaller units may share, PF1-TINY-THROUGH)",
                    "dnd5e": " (only Tiny units may share, up to four, D5-GRID-FOOTPRINT)",
                    "hexxen": ""}[ruleset]  # fmt: skip
            problems.append(error(i, "at", f"{list(sq)} is already taken by unit {show(other.id)} (units[{j}]){rule}"))
            continue
        for sq in unit.footprint():
            seen.setdefault(sq, []).append(i)
    return problems


def _touching(units: Sequence[Creature], error: ErrorAt) -> list[LevelError]:
    """HX-START-APART: no two tokens may touch at the start (Chebyshev distance ≥ 2)."""
    problems = []
    for i, unit in enumerate(units):
        for j in range(i):
            other = units[j]
            if footprint_distance(unit.footprint(), other.footprint(), chebyshev) < 2:
                msg = (
                    f"{list(unit.at)} touches unit {show(other.id)} (units[{j}]) at {list(other.at)}; "
                    f"hexxen tokens must start apart, at least one empty square between them (HX-START-APART)"
                )
                problems.append(error(i, "at", f"unit {show(unit.id)} at {msg}"))
                break
    return problems


def unit_to_dict(unit: Creature, ruleset: str) -> dict[str, Any]:
    """The level-file keys of a Creature (defaults left out), for saving."""
    base = Creature(id=unit.id, side=unit.side, at=unit.at)
    out: dict[str, Any] = {"id": unit.id}
    if unit.name != unit.id:
        out["name"] = unit.name
    out["side"] = unit.side
    out["at"] = list(unit.at)
    if unit.size != Size.MEDIUM:
        out["size"] = unit.size.label
    if unit.speed is not None:
        out["speed"] = _num(unit.speed)
    renamed = {"char_class": "class"}
    skip = {"id", "name", "side", "at", "size", "speed", "space", "squeezed", "mode", "airborne", "defeated", "hp",
            "max_hp", "bonuses"}  # fmt: skip
    allowed = set(UNIT_KEYS[ruleset])
    for fld in fields(Creature):
        key = renamed.get(fld.name, fld.name)
        if fld.name in skip or key not in allowed:
            continue
        value = getattr(unit, fld.name)
        if value == getattr(base, fld.name) and not (ruleset == "hexxen" and key == "role"):
            continue
        if value is None:
            continue
        out[key] = list(value) if isinstance(value, tuple) else _num(value)
    if unit.bonuses:
        out["bonuses"] = [({"type": k} if k else {}) | {"m": _num(m)} for k, m in unit.bonuses]
    if unit.airborne:
        out["flying"] = True
    out["hp"] = unit.hp
    if unit.max_hp != unit.hp:
        out["max_hp"] = unit.max_hp
    return out


def _num(value: Any) -> Any:
    """Whole floats as ints so saved files read like hand-written ones."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def sizes_text(ruleset: str) -> str:
    """The sizes of a ruleset, for messages."""
    return one_of(SIZE_NAMES[ruleset])
