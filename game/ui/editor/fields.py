"""No pygame: the editor's inspector rows for the level, a side or a unit, and the edit each change makes.

The unit rows are the ruleset's own unit keys (`UNIT_KEYS`, `KEY_CHOICES`, `SIZES` from rules/), never a list
kept here; a row with a fixed list of values cycles through it, any other row takes typed TOML (`9`, `true`,
`"1d8+2"`, `["leibgarde"]`; plain words are read as text) and an empty entry removes the key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.editor import commands as cmd
from game.editor.document import Document, tomllib, with_ruleset
from game.levels.controllers import CONTROLLERS
from game.levels.level import TURNS
from game.levels.map_image import IMAGE_KEYS
from game.text.i18n import current_language
from rules.ruleset import RULESETS, get_ruleset

FIXED_UNIT_ROWS = ("id", "name", "side", "size")
"""Unit keys shown first (the rest follow in the ruleset's order); `at` is set by dragging the unit."""


@dataclass(frozen=True, slots=True)
class Field:
    """One inspector row: what it edits, its value as shown, and the values it cycles through (if any)."""

    key: str
    value: Any
    choices: tuple[Any, ...] | None = None
    """A fixed list (None in it: the key left out, the ruleset's default)."""
    default: Any = None
    """The value a left-out key stands for (a unit's size: medium): stepping starts from it, not from the list's
    first entry (a click on an unset size went to "fine", and Large took five)."""

    def shown(self) -> str:
        """The value as the row shows it (— when the key is left out; a text in several languages in the
        chosen one)."""
        if self.value is None or self.value == "":
            return "—"
        if isinstance(self.value, Mapping):
            return in_language(self.value)
        if isinstance(self.value, bool):
            return "true" if self.value else "false"
        if isinstance(self.value, str):
            return self.value
        text = _toml_value(self.value)
        return text

    def entry_text(self) -> str:
        """The value as the text entry starts with."""
        if self.value is None:
            return ""
        if isinstance(self.value, Mapping):
            return in_language(self.value)
        return self.value if isinstance(self.value, str) else _toml_value(self.value)

    def next_choice(self, step: int = 1) -> Any:
        """The value `step` places after (before, when negative) the current one in `choices`, wrapping; a left-out
        key counts as its `default`; a boolean's other value."""
        if self.choices:
            current = self.default if self.value is None and self.default in self.choices else self.value
            i = self.choices.index(current) if current in self.choices else (-1 if step > 0 else 0)
            return self.choices[(i + step) % len(self.choices)]
        if isinstance(self.value, bool):
            return not self.value
        return self.value


def in_language(value: Any) -> str:
    """A level text in the chosen language: a table of languages gives that language's entry, else English, else
    its first; a plain value as text."""
    if isinstance(value, Mapping):
        lang = current_language()
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    return "" if value is None else str(value)


def with_language(old: Any, value: Any) -> Any:
    """A typed text put into a level text: a table of languages keeps its other languages."""
    if isinstance(old, Mapping) and isinstance(value, str):
        return {**old, current_language(): value}
    return value


def _toml_value(value: Any) -> str:
    """A value in TOML spelling (`[1, 2]`, `true`, `"x"`)."""
    import tomli_w

    return tomli_w.dumps({"v": value}).split("=", 1)[1].strip()


def parse_entry(text: str) -> Any:
    """Typed text → a value: TOML when it reads as one, else the text itself; "" → None (remove the key)."""
    text = text.strip()
    if not text:
        return None
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


# --- rows ------------------------------------------------------------------------------


def level_fields(doc: Document) -> list[Field]:
    """The level's rows: name, ruleset, description, turns, the ruleset's [rules] keys, victory, map size."""
    rules = get_ruleset(doc.ruleset)
    rows = [
        Field("name", doc.name),
        Field("ruleset", doc.ruleset, RULESETS),
        Field("description", doc.description),
        Field("turns", doc.turns, TURNS),
        Field("rules.diagonal", doc.rules.get("diagonal"), tuple(rules.DIAGONALS)),
    ]
    for key, (_kind, choices) in rules.LEVEL_OPTIONS.items():
        rows.append(Field(f"rules.{key}", doc.rules.get(key), (None, *choices) if choices else None))
    rows += [Field("victory.rounds", doc.victory_rounds), Field("width", doc.width), Field("height", doc.height)]
    rows += [Field(f"map.{key}", doc.map_extra.get(key)) for key in IMAGE_KEYS]
    return rows


def side_fields(doc: Document, index: int) -> list[Field]:
    """A side's rows."""
    side = doc.sides[index]
    return [
        Field("id", side.get("id")),
        Field("name", side.get("name")),
        Field("color", side.get("color")),
        Field("controller", side.get("controller", "human"), CONTROLLERS),
    ]


def unit_fields(doc: Document, index: int) -> list[Field]:
    """A unit's rows: identity and side, its size, then every other key the ruleset accepts."""
    rules = get_ruleset(doc.ruleset)
    unit = doc.units[index]
    sides = tuple(s.get("id") for s in doc.sides)
    rows = [
        Field("id", unit.get("id")),
        Field("name", unit.get("name")),
        Field("side", unit.get("side"), sides or None),
        Field("size", unit.get("size"), (None, *rules.SIZES), "medium" if "medium" in rules.SIZES else None),
    ]
    for key in rules.UNIT_KEYS:
        if key in FIXED_UNIT_ROWS or key == "at":
            continue
        choices = rules.KEY_CHOICES.get(key)
        rows.append(Field(key, unit.get(key), (None, *choices) if choices else None))
    return rows


# --- edits -----------------------------------------------------------------------------


def level_change(doc: Document, key: str, value: Any) -> cmd.Command | None:
    """The edit that sets a level row to `value` (None: nothing changes)."""
    if key == "ruleset":
        if value not in RULESETS or value == doc.ruleset:
            return None
        return cmd.Replace(doc, with_ruleset(doc, value), "editor.do_ruleset")
    if key in ("width", "height"):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 128:
            return None
        width, height = (value, doc.height) if key == "width" else (doc.width, value)
        return cmd.resize(doc, width, height)
    if key.startswith("rules."):
        table = {k: v for k, v in {**doc.rules, key[6:]: value}.items() if v is not None}
        return cmd.set_level(doc, rules=table)
    if key.startswith("map."):
        extra = {k: v for k, v in {**doc.map_extra, key[4:]: value}.items() if v is not None}
        return cmd.set_level(doc, map_extra=extra)
    if key == "victory.rounds":
        return cmd.set_level(doc, victory_rounds=value)
    if key in ("name", "description"):
        return cmd.set_level(doc, **{key: with_language(getattr(doc, key), "" if value is None else value)})
    if key == "turns":
        return cmd.set_level(doc, turns=value)
    return None


def side_change(doc: Document, index: int, key: str, value: Any) -> cmd.Command | None:
    """The edit that sets a side row; renaming a side's id renames it in its units too."""
    old_id = doc.sides[index].get("id")
    if key == "name":
        value = with_language(doc.sides[index].get("name"), value)
    edit = cmd.change_side(doc, index, **{key: value})
    if key != "id" or value == old_id:
        return edit
    after = edit.apply(doc)
    for i, unit in enumerate(after.units):
        if unit.get("side") == old_id:
            after = cmd.change_unit(after, i, side=value).apply(after)
    return cmd.Replace(doc, after, "editor.do_side")


def unit_change(doc: Document, index: int, key: str, value: Any) -> cmd.Command | None:
    """The edit that sets a unit row (None removes the key)."""
    if key == "id" and value is None:
        return None
    if key == "name":
        value = with_language(doc.units[index].get("name"), value)
    return cmd.change_unit(doc, index, **{key: value})


def free_id(doc: Document, stem: str) -> str:
    """A unit id not yet used: `stem1`, `stem2` …"""
    stem = re.sub(r"[^a-z0-9_]+", "_", stem.lower()).strip("_") or "unit"
    used = {u.get("id") for u in doc.units}
    n = 1
    while f"{stem}{n}" in used:
        n += 1
    return f"{stem}{n}"
