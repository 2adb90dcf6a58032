"""A tutorial file: which level it plays and its prompts, each with what the player must do to go on.

A tutorial is data (assets/tutorials/<ruleset>.toml, docs/tutorials.md): the level it opens
(under levels/) and a list of `[[steps]]`. Each step has a text in every language of the
game (a table of languages, game/text/local_text.py) and a `check`, the kind of condition the
coach (game/ui/coach.py) tests against the battle controller and the match before the next
prompt shows. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import ASSETS_DIR, LEVELS_DIR
from game.text.local_text import LocalText
from rules.core import Square

TUTORIALS_DIR = ASSETS_DIR / "tutorials"
"""One tutorial file per ruleset: pf1.toml, dnd5e.toml, hexxen.toml."""
RULESETS = ("pf1", "dnd5e", "hexxen")
"""The tutorials in the order the menus list them."""

CHECKS: dict[str, frozenset[str]] = {
    "select": frozenset({"unit"}),
    "hover": frozenset(),
    "costs": frozenset(),
    "forecast": frozenset({"target"}),
    "tactic": frozenset({"tactic"}),
    "act": frozenset({"actions"}),
    "bound": frozenset({"bound"}),
    "done": frozenset(),
}
"""Step check → the keys it requires. select: the unit is selected; hover: the pointer (or the key
cursor) is on one of `squares` or on `target` (with `card = true` the hover card shows); costs: step
costs shown (V); forecast: the attack forecast on `target`; tactic: the hexxen tactic chosen; act: an
accepted action of `actions` since the step began (by `unit`, on `target`, ending on one of `squares`);
bound: these hexxen pairs bound and the `free` pairs not; done: the last prompt, nothing to check."""
STEP_KEYS = frozenset(
    {"check", "text", "touch", "unit", "target", "squares", "card", "tactic", "actions", "bound", "free", "show"}
)


class TutorialError(ValueError):
    """A tutorial file that cannot be used; the message names the file, the place and what is wrong."""


@dataclass(frozen=True, slots=True)
class Step:
    """One prompt and the condition that moves past it."""

    check: str
    text: LocalText
    unit: str | None = None
    target: str | None = None
    squares: tuple[Square, ...] = ()
    card: bool = False
    tactic: str | None = None
    actions: tuple[str, ...] = ()
    bound: tuple[tuple[str, str], ...] = ()
    free: tuple[tuple[str, str], ...] = ()
    show: tuple[Square, ...] = ()
    """Squares the prompt points at (marked on the board, never covered by the prompt)."""
    touch: LocalText | None = None
    """The prompt as a touch screen (the kiosk) says it: taps and buttons only, no key; None: `text` names none."""


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A tutorial: its ruleset, level file, title and steps."""

    ruleset: str
    level: Path
    title: LocalText
    steps: tuple[Step, ...]
    source: Path


def tutorial_path(ruleset: str) -> Path:
    """The shipped tutorial file of `ruleset`."""
    return TUTORIALS_DIR / f"{ruleset}.toml"


def load_tutorial(path: Path) -> Tutorial:
    """Read and check a tutorial file; TutorialError names the place and the problem."""
    from game.files import read_regular, reason
    from game.tomlio import parse_toml

    try:
        data = parse_toml(read_regular(path), str(path))
    except OSError as exc:
        raise TutorialError(f"{path}: {reason(exc)}") from None
    except ValueError as exc:
        raise TutorialError(str(exc)) from None
    where = str(path)
    ruleset = _string(data, "ruleset", where)
    level = LEVELS_DIR / _string(data, "level", where)
    if not level.is_file():
        raise TutorialError(f"{where}: level: no level file {level}")
    title = _text(data.get("title"), f"{where}: title")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise TutorialError(f"{where}: steps: expected at least one [[steps]] table")
    steps = tuple(_step(raw, f"{where}: steps[{i}]") for i, raw in enumerate(raw_steps))
    if steps[-1].check != "done":
        raise TutorialError(f'{where}: steps[{len(steps) - 1}]: the last step must have check = "done"')
    return Tutorial(ruleset, level, title, steps, path)


def _step(raw: object, where: str) -> Step:
    """One [[steps]] table."""
    if not isinstance(raw, dict):
        raise TutorialError(f"{where}: expected a table")
    unknown = sorted(set(raw) - STEP_KEYS)
    if unknown:
        raise TutorialError(f"{where}: unknown key {unknown[0]!r}; expected one of {', '.join(sorted(STEP_KEYS))}")
    check = _string(raw, "check", where)
    if check not in CHECKS:
        raise TutorialError(f"{where}: check: {check!r} is not one of {', '.join(CHECKS)}")
    missing = sorted(k for k in CHECKS[check] if k not in raw)
    if missing:
        raise TutorialError(f"{where}: check {check!r} needs {missing[0]!r}")
    if check == "hover" and "squares" not in raw and "target" not in raw:
        raise TutorialError(f"{where}: check 'hover' needs 'squares' or 'target'")
    return Step(
        check=check,
        text=_text(raw.get("text"), f"{where}: text"),
        unit=_optional_string(raw, "unit", where),
        target=_optional_string(raw, "target", where),
        squares=_squares(raw.get("squares", []), f"{where}: squares"),
        card=bool(raw.get("card", False)),
        tactic=_optional_string(raw, "tactic", where),
        actions=tuple(_strings(raw.get("actions", []), f"{where}: actions")),
        bound=_pairs(raw.get("bound", []), f"{where}: bound"),
        free=_pairs(raw.get("free", []), f"{where}: free"),
        show=_squares(raw.get("show", []), f"{where}: show"),
        touch=_text(raw["touch"], f"{where}: touch") if "touch" in raw else None,
    )


def _string(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        raise TutorialError(f"{where}: {key}: expected a non-empty string")
    return value


def _optional_string(table: dict[str, Any], key: str, where: str) -> str | None:
    return _string(table, key, where) if key in table else None


def _strings(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TutorialError(f"{where}: expected a list of strings")
    return list(value)


def _text(value: object, where: str) -> LocalText:
    """A text in every language as a table (en required)."""
    if not isinstance(value, dict) or not all(isinstance(v, str) and v for v in value.values()) or "en" not in value:
        raise TutorialError(f'{where}: expected a table of languages with at least en = "…"')
    return LocalText(value)


def _squares(value: object, where: str) -> tuple[Square, ...]:
    if not isinstance(value, list):
        raise TutorialError(f"{where}: expected a list of [x, y]")
    out: list[Square] = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(v, int) for v in item)):
            raise TutorialError(f"{where}: {item!r} is not [x, y]")
        out.append((item[0], item[1]))
    return tuple(out)


def _pairs(value: object, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, str) for v in p) for p in value
    ):
        raise TutorialError(f"{where}: expected a list of [unit, unit] pairs")
    return tuple((p[0], p[1]) for p in value)
