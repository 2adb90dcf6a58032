"""Who plays a side: a person, or the computer at a strength (a level's `controller`, the `--ai` option).

A side's `controller` is `"human"`, `"ai"` (the computer at its default strength) or `"ai:STRENGTH"`.
The `--ai` option of `play`, `simulate`, `sweep`, `kiosk` and `duel` sets strengths without editing
the level: `--ai hard` gives every computer side that strength, `--ai hunters=hard,beasts=easy` names
sides (a named side is the computer's), and both mix: `--ai easy,beasts=hard`.
This module imports nothing of the AI itself, so a level is read without loading the computer player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.text.i18n import t

AI_STRENGTHS = ("random", "easy", "normal", "hard")
"""The computer's strengths, weakest first (the names of game.ai.strengths.STRENGTHS; a test holds them equal)."""
DEFAULT_AI = "normal"
"""The strength of a side whose controller says only "ai"."""
HUMAN = "human"
COMPUTER = "ai"
CONTROLLERS = (HUMAN, COMPUTER, *(f"{COMPUTER}:{s}" for s in AI_STRENGTHS))
"""Every value a side's `controller` may take."""
TACTIC_NAMES = (
    "charge",
    "cut-in",
    "dash",
    "double",
    "fly",
    "overrun",
    "prone",
    "relief",
    "run",
    "sneak",
    "squeeze",
    "step",
    "tumble",
)
"""The tactics a side's `without` may forbid its computer player (game.ai.restrict says what each forbids)."""
EVERY = "*"
"""The key of an `--ai` choice that applies to every computer side not named."""


class Side(Protocol):
    """What this module reads of a level's side (game.levels.level.SideSpec)."""

    @property
    def id(self) -> str: ...

    @property
    def controller(self) -> str: ...


class Sided(Protocol):
    """What this module reads of a level (game.levels.level.Level; the level module imports this one)."""

    @property
    def sides(self) -> Sequence[Side]: ...


class StrengthError(ValueError):
    """An `--ai` value that names no strength or no side of the level."""


def controller_strength(controller: str) -> str | None:
    """The computer's strength a controller names ("ai" = the default strength), or None for a person."""
    if controller == COMPUTER:
        return DEFAULT_AI
    if controller.startswith(COMPUTER + ":"):
        return controller[len(COMPUTER) + 1 :]
    return None


def computer(strength: str) -> str:
    """The controller value for the computer at `strength`."""
    return f"{COMPUTER}:{strength}"


def side_strength(level: Sided, side: str | None, fallback: str = DEFAULT_AI) -> str:
    """The strength the computer plays `side` at; `fallback` for a side the level gives to a person."""
    for spec in level.sides:
        if spec.id == side:
            return controller_strength(spec.controller) or fallback
    return fallback


def side_without(level: Sided, side: str | None) -> frozenset[str]:
    """The tactics `side`'s computer player may not use (its `without`; none for an unknown side)."""
    for spec in level.sides:
        if spec.id == side:
            return frozenset(getattr(spec, "without", ()))
    return frozenset()


def is_computer_side(level: Sided, side: str | None) -> bool:
    """Whether the level gives `side` to the computer."""
    return any(s.id == side and controller_strength(s.controller) is not None for s in level.sides)


def _strength(text: str, option: str) -> str:
    """`text` if it names a strength, else a StrengthError naming the option and the strengths."""
    if text not in AI_STRENGTHS:
        raise StrengthError(t("ai_choice.bad_strength", option=option, value=repr(text), known=", ".join(AI_STRENGTHS)))
    return text


def parse_ai(text: str, option: str = "--ai") -> dict[str, str]:
    """An `--ai` value as side → strength (key "*" for every computer side not named); StrengthError if bad."""
    choice: dict[str, str] = {}
    for part in text.split(","):
        part = part.strip()
        side, has_side, value = part.rpartition("=")
        key = side.strip() if has_side else EVERY
        if not key or key in choice:
            raise StrengthError(t("ai_choice.bad_form", option=option, value=repr(text)))
        choice[key] = _strength(value.strip(), option)
    return choice


def check_sides(choice: Mapping[str, str], sides: Sequence[str], option: str = "--ai") -> None:
    """StrengthError when `choice` names a side the level does not have."""
    for side in choice:
        if side != EVERY and side not in sides:
            raise StrengthError(t("ai_choice.no_side", option=option, side=repr(side), sides=", ".join(sides)))


def with_strengths(
    level: Any, choice: Mapping[str, str] | None, *, all_computer: bool = False, strict: bool = True
) -> Any:
    """The Level (a frozen dataclass) with `choice` applied to its sides' controllers (the file is not changed).

    A side named in `choice` is the computer's at that strength; every other computer side (every side
    when `all_computer`) takes the "*" strength if given, else keeps its own. A named side the level
    lacks is a StrengthError when `strict`, else passed over (the window opening another level).
    """
    if not choice and not all_computer:
        return level
    choice = choice or {}
    if strict:
        check_sides(choice, [s.id for s in level.sides])
    sides = []
    for spec in level.sides:
        own = controller_strength(spec.controller)
        if spec.id in choice:
            controller = computer(choice[spec.id])
        elif own is not None or all_computer:
            controller = computer(choice[EVERY]) if EVERY in choice else (spec.controller if own else COMPUTER)
        else:
            controller = spec.controller
        sides.append(dataclasses.replace(spec, controller=controller))
    return dataclasses.replace(level, sides=tuple(sides))


def ai_assignments(choice: Mapping[str, str] | None) -> list[str]:
    """`--ai` as `--set` assignments of the sides' controllers (every side first, then the sides named)."""
    if not choice:
        return []
    ordered = sorted(choice.items(), key=lambda kv: kv[0] != EVERY)
    return [f'sides.{side}.controller="{computer(strength)}"' for side, strength in ordered]


def without_assignments(values: Sequence[str], option: str = "--without") -> list[str]:
    """`--without` values as `--set` assignments of the sides' `without`; StrengthError naming a bad tactic.

    "step,charge" forbids the tactics to every side; "red=step,charge" to side red only (repeat the option
    for more sides; a named side's list replaces the every-side one)."""
    out: list[str] = []
    for value in sorted(values, key=lambda v: "=" in v):  # every side first, then the sides named
        side, has_side, names = value.rpartition("=")
        tactics = sorted({n.strip().lower() for n in names.split(",") if n.strip()})
        bad = [n for n in tactics if n not in TACTIC_NAMES]
        if bad or not tactics or (has_side and not side.strip()):
            shown = repr(bad[0]) if bad else repr(value)
            raise StrengthError(t("labpairs.bad_tactic", option=option, value=shown, known=", ".join(TACTIC_NAMES)))
        key = side.strip() if has_side else EVERY
        out.append(f"sides.{key}.without=[{', '.join(repr(n).replace(chr(39), chr(34)) for n in tactics)}]")
    return out
