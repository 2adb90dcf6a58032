"""The `[[units]]` tables of a level: keys → rules.core.Creature, and the start placement checks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from game.levels.level_errors import LevelError
from game.levels.level_grammar import KEYS as GRAMMAR_KEYS
from game.levels.level_grammar import named
from game.levels.level_schema import Table, one_of, show
from game.text.art_names import ART_NAMES
from game.text.grammar import grammar_to_level
from game.text.i18n import size_name as localized_size
from game.text.i18n import t
from game.text.local_text import to_toml
from rules.core import Board, Creature, Size
from rules.dice import parse_dice
from rules.placement import StartProblem
from rules.ruleset import RULESETS, get_ruleset
from rules.traits import Trait, trait_fields, traits_of

ErrorAt = Callable[[int, str, str], LevelError]
"""Builds the LevelError for (unit index, key, message)."""


def _owners(key: str) -> tuple[str, ...]:
    """The rulesets whose units accept `key` (docs/levels.md), as the rulesets declare them.

    Asked only when a level uses a key its own ruleset refuses: the other rulesets' modules are then
    imported, and not at start-up (a pf1 level never needs dnd5e's).
    """
    return tuple(name for name in RULESETS if key in get_ruleset(name).UNIT_KEYS)


def _wrong_ruleset(ruleset: str) -> Callable[[str], str | None]:
    """An explanation for a unit key that belongs to another ruleset."""

    def why(key: str) -> str | None:
        owners = _owners(key)
        if owners:
            joined = f" {t('level_error.and')} ".join(owners)
            return t("level_error.wrong_ruleset", key=key, ruleset=ruleset, owners=joined)
        return None

    return why


def _metres_by_type(table: Table, key: str) -> tuple[tuple[str, float], ...]:
    """A `metres_by_type` trait such as pf1's `bonuses = [{ type = "enhancement", m = 3 }]` → ((type, metres), …)."""
    result = []
    for item in table.tables(key):
        kind = item.text("type", "")
        metres = item.number("m", what=t("level_error.what_metres"))
        item.finish(("type", "m"))
        result.append((kind, metres))
    return tuple(result)


def parse_unit(table: Table, ruleset: str) -> Creature:
    """One `[[units]]` table as a Creature (raises LevelError on the first bad key)."""
    rules = get_ruleset(ruleset)
    keys, choices = rules.UNIT_KEYS, rules.KEY_CHOICES
    uid = table.text("id")
    if not uid:
        table.fail("id", t("level_error.empty"))
    size_name = table.text("size", "medium")
    if size_name not in rules.SIZES:
        table.fail("size", t("level_error.size", value=show(size_name), ruleset=ruleset, expected=sizes_text(ruleset)))
    f: dict[str, Any] = {
        "id": uid,
        "name": named(table, table.local_text("name", uid)),
        "art": table.text("art", None, choices=ART_NAMES),
        "side": table.text("side"),
        "at": table.square("at"),
        "size": Size.parse(size_name),
        "prone": table.flag("prone"),
        "helpless": table.flag("helpless"),
    }
    f["speed"] = table.number("speed", None, minimum=0, what=t("level_error.what_speed"))
    if "fly" in keys:
        for mode in ("fly", "climb", "swim"):
            f[mode] = table.number(mode, None, minimum=0, what=t("level_error.what_speed"))
        f["hover"] = table.flag("hover")
        f["magic_flight"] = table.flag("magic_flight")
    if table.flag("flying"):
        if f.get("fly") is None:
            table.fail("flying", t("level_error.flying_needs_fly"))
        f["airborne"], f["mode"] = True, "fly"
    own = trait_fields(rules.TRAITS)
    for one in own:
        f[one.name] = _trait(table, one, choices.get(one.key))
    # the ruleset checks and completes the unit's fields as one flat mapping, its traits among them
    for key, message in rules.unit_problems(f):
        table.fail(key, t(message))
    _combat_keys(table, f)
    table.finish((*keys, *GRAMMAR_KEYS), _wrong_ruleset(ruleset))
    f = rules.complete_unit(f)
    traits = rules.TRAITS(**{one.name: f.pop(one.name) for one in own})
    return Creature(**f, traits=traits)


def _trait(table: Table, one: Trait, choices: Sequence[str] | None) -> Any:
    """The value of one key of the ruleset's traits record (rules/traits.py), read as its kind says."""
    if one.kind == "text":
        return table.text(one.key, one.default, choices=choices)
    if one.kind == "flag":
        return table.flag(one.key, one.default)
    if one.kind == "integer":
        return table.integer(one.key, one.default, minimum=one.minimum)
    if one.kind == "strings":
        return table.strings(one.key, one.default, choices=choices)
    return _metres_by_type(table, one.key)


def _combat_keys(table: Table, f: dict[str, Any]) -> None:
    """The game's own combat stats (docs/combat.md)."""
    f["hp"] = table.integer("hp", 10, minimum=1)
    f["max_hp"] = table.integer("max_hp", f["hp"], minimum=1)
    if f["max_hp"] < f["hp"]:
        table.fail("max_hp", t("level_error.max_hp_below", max_hp=f["max_hp"], hp=f["hp"]))
    f["defense"] = table.integer("defense", 10)
    f["attack"] = table.integer("attack", 0)
    f["damage"] = str(table.value("damage", _dice, "1d6"))
    f["attacks"] = table.integer("attacks", 1, minimum=1)
    f["reach"] = table.number("reach", 1.5, minimum=0, what=t("level_error.what_reach"))
    f["initiative"] = table.integer("initiative", 0)
    f["skill"] = table.integer("skill", 0)


def _dice(value: Any) -> str:
    """Dice text checked by rules.dice (kept as written)."""
    if not isinstance(value, str):
        raise ValueError(t("level_error.dice_type", value=repr(value)))
    try:
        parse_dice(value)
    except ValueError as exc:
        # rules.dice explains in English; the level loader says it in the player's language
        key = "level_error.dice_range" if "1-100" in str(exc) else "level_error.dice_text"
        raise ValueError(t(key, value=repr(value))) from None
    return value


# --- placement ---------------------------------------------------------------------


def _blocked(board: Board, unit: Creature) -> tuple[tuple[int, int], str] | None:
    """The first square of the unit's footprint it may not start on, and why."""
    for sq in sorted(unit.footprint(), key=lambda s: (s[1], s[0])):
        if not board.in_bounds(sq):
            return sq, "outside"
        terrain = board.terrain(sq)
        if "wall" in terrain.kinds:
            return sq, t("level_error.wall")
        if "door_closed" in terrain.kinds:
            return sq, t("level_error.door")
        if terrain.pit and not unit.airborne:
            return sq, t("level_error.pit")
    return None


def check_placement(board: Board, ruleset: str, units: Sequence[Creature], error: ErrorAt) -> list[LevelError]:
    """Problems with where the units start; `error(index, key, message)` builds each one."""
    problems: list[LevelError] = []
    w, h = board.width, board.height
    for i, unit in enumerate(units):
        bad = _blocked(board, unit)
        if bad is None:
            continue
        sq, what = bad
        span = t("level_error.map_span", width=w, height=h, max_x=w - 1, max_y=h - 1)
        here = list(unit.at)
        size = localized_size(unit.size.label, ruleset)
        if what == "outside":
            if sq == unit.at:
                msg = t("level_error.outside", square=here, span=span)
            else:
                msg = t("level_error.square_outside", at=here, size=size, square=list(sq), span=span)
        elif sq == unit.at:
            msg = t("level_error.inside", at=here, what=what)
        else:
            msg = t("level_error.square_inside", at=here, size=size, square=list(sq), what=what)
        problems.append(error(i, "at", msg))
    if problems:
        return problems
    return [error(p.index, "at", _start_message(p)) for p in get_ruleset(ruleset).start_problems(units)]


def _start_message(problem: StartProblem) -> str:
    """A ruleset's start problem in the player's language (ids as written in the level, rule texts looked up)."""
    params = dict(problem.params)
    for key in ("unit", "other"):
        if key in params:
            params[key] = show(params[key])
    if "rule" in params:
        params["rule"] = t(params["rule"]) if params["rule"] else ""
    return t(problem.message, **params)


def unit_to_dict(unit: Creature, ruleset: str) -> dict[str, Any]:
    """The level-file keys of a Creature (defaults left out), for saving."""
    base = Creature(id=unit.id, side=unit.side, at=unit.at)
    out: dict[str, Any] = {"id": unit.id}
    if unit.name != unit.id:
        out["name"] = to_toml(unit.name)
        out.update(grammar_to_level(unit.name))
    out["side"] = unit.side
    out["at"] = list(unit.at)
    if unit.size != Size.MEDIUM:
        out["size"] = unit.size.label
    if unit.speed is not None:
        out["speed"] = _num(unit.speed)
    skip = {"id", "name", "side", "at", "size", "speed", "space", "squeezed", "mode", "airborne", "defeated", "hp",
            "max_hp"}  # fmt: skip
    rules = get_ruleset(ruleset)
    allowed = set(rules.UNIT_KEYS)
    always = rules.ALWAYS_SAVED
    own = trait_fields(rules.TRAITS)
    traits = traits_of(unit, rules.TRAITS)
    typed_metres: list[tuple[str, tuple[tuple[str, float], ...]]] = []
    for fld in fields(Creature):
        if fld.name == "traits":  # the ruleset's own keys, where its record stands among the fields
            for one in own:
                value = getattr(traits, one.name)
                if one.kind == "metres_by_type":
                    typed_metres.append((one.key, value))
                elif (value != one.default or one.key in always) and value is not None:
                    out[one.key] = list(value) if isinstance(value, tuple) else _num(value)
            continue
        key = fld.name
        if key in skip or key not in allowed:
            continue
        value = getattr(unit, key)
        if value == getattr(base, key) and key not in always:
            continue
        if value is None:
            continue
        out[key] = list(value) if isinstance(value, tuple) else _num(value)
    for key, pairs in typed_metres:
        if pairs:
            out[key] = [({"type": k} if k else {}) | {"m": _num(m)} for k, m in pairs]
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
    return one_of(get_ruleset(ruleset).SIZES)
