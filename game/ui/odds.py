"""What an attack would do, asked before the click: hit chance, its parts and damage range, from rule() itself.

No pygame. The ruleset's own `rule()` is asked with dice that show chosen faces, once per d20
face (or pair of faces, with advantage), so every bonus the ruleset applies is in the odds.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from rules.actions import Action
from rules.core import Event, Illegal, Ruling, Situation
from rules.ruleset import Ruleset
from rules.to_hit import Modifier, ToHit


@dataclass(frozen=True, slots=True)
class Odds:
    """An attack's chance to hit and its damage range, with the rules that shaped it."""

    chance: float
    """0..1."""
    low: int
    high: int
    rules: tuple[str, ...]
    needs: int | None = None
    """With one d20: the lowest face that hits, when every face from it up hits (None: two dice, or no hit)."""
    to_hit: ToHit | None = None
    """The roll's parts as the ruling rolled them: attack, defence, each modifier with its rule id."""
    dice: str = ""
    """The attacker's damage dice ("1d8+2")."""
    bindings: tuple[Event, ...] = ()
    """What the attack does to bindings (hexxen: who becomes bound, who is released), as the ruling says."""


class _Dice(random.Random):
    """Dice with chosen faces: the d20s from a script, every other die its lowest or highest face."""

    def __init__(self, d20s: tuple[int, ...], high: bool = False) -> None:
        super().__init__(0)
        self._d20s = list(d20s)
        self.high = high
        self.d20s_rolled = 0

    def randint(self, a: int, b: int) -> int:
        """A scripted d20, or the chosen end of any other die."""
        if (a, b) == (1, 20):
            self.d20s_rolled += 1
            return self._d20s.pop(0) if self._d20s else 10
        return b if self.high else a


class MissingDice(_Dice):
    """A look-ahead die: every d20 shows 1 (every attack misses), every other die its lowest face."""

    def __init__(self) -> None:
        super().__init__(())

    def randint(self, a: int, b: int) -> int:
        """1 on a d20, else the lowest face."""
        return 1 if (a, b) == (1, 20) else a


def _hit(ruling: Ruling) -> bool:
    return any(e.kind == "hit" for e in ruling.events)


def _damage(ruling: Ruling, target: str) -> int:
    return sum(int(e.value) for e in ruling.effects if e.kind == "damage" and e.unit == target)


def _parts(ruling: Ruling, unit: str | None, target: str) -> ToHit | None:
    """The parts of the attack's own roll (not an attack of opportunity's on the way)."""
    for event in ruling.events:
        if event.kind in ("hit", "miss") and event.unit == unit and event.by == target and event.to_hit is not None:
            return event.to_hit
    return None


BINDING_EVENTS = ("bind", "unbind", "free")
"""Event kinds that change who is bound to whom."""


def attack_odds(ruleset: Ruleset, sit: Situation, action: Action) -> Odds | Illegal:
    """The odds of `action` (an attack with a target) now, or the Illegal that refuses it."""
    probe = _Dice((20, 20))
    first = ruleset.rule(sit, action, probe)
    if isinstance(first, Illegal):
        return first
    target = action.target or action.through or ""
    dice = min(2, max(1, probe.d20s_rolled))
    hits = total = 0
    hitting: list[int] = []
    for faces in itertools.product(range(1, 21), repeat=dice):
        ruling = ruleset.rule(sit, action, _Dice(faces))
        total += 1
        hit = isinstance(ruling, Ruling) and _hit(ruling)
        hits += hit
        if hit and dice == 1:
            hitting.append(faces[0])
    best = ruleset.rule(sit, action, _Dice((20,) * dice, high=True))
    worst = ruleset.rule(sit, action, _Dice((20,) * dice, high=False))
    high = _damage(best, target) if isinstance(best, Ruling) else 0
    low = _damage(worst, target) if isinstance(worst, Ruling) else 0
    needs = hitting[0] if hitting and hitting == list(range(hitting[0], 21)) else None
    parts = _parts(first, action.unit, target)
    dice_text = _damage_dice(sit, action.unit)
    # a defeated target's bindings end on a kill (HX-BIND-END): those follow the dice, not the attack itself
    bindings = tuple(e for e in first.events if e.kind in BINDING_EVENTS and e.rule != "HX-BIND-END")
    chance = hits / total if total else 0.0
    return Odds(chance, min(low, high), max(low, high), first.rules, needs, parts, dice_text, bindings)


def _damage_dice(sit: Situation, unit: str | None) -> str:
    """The damage dice of `unit` as the level gives them."""
    creature = sit.creatures.get(unit or "")
    return creature.damage if creature is not None else ""


def signed(value: int) -> str:
    """An integer with its sign, the minus a real one ("+2", "−4")."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def roll_parts(parts: ToHit) -> str:
    """One line of what the roll is made of: "Attack +1: base +5 · −4 Squeezed … [ID] — Defence 12: …"."""
    from game.text.catalog import rule_text  # the catalogue waits for the first forecast (start-up time)
    from game.text.i18n import current_language, t

    lang = current_language()

    def mod(m: Modifier) -> str:
        return t("attack_parts.modifier", value=signed(m.value), title=rule_text(m.rule, lang).title, rule=m.rule)

    def side(key: str, total: str, base: str, mods: list[Modifier]) -> str:
        if not mods:
            return t(f"attack_parts.{key}_only", total=total)
        said = [t("attack_parts.base", value=base), *(mod(m) for m in mods)]
        return t(f"attack_parts.{key}", total=total, parts=" · ".join(said))

    line = side("attack", signed(parts.bonus), signed(parts.attack), [m for m in parts.modifiers if not m.on_defense])
    mods = [m for m in parts.modifiers if m.on_defense]
    line += " — " + side("defense", str(parts.target), str(parts.defense), mods)
    if parts.advantage_rules:
        key = {1: "advantage", -1: "disadvantage", 0: "cancel"}[parts.advantage]
        line += "\n" + t(f"attack_parts.{key}", rules=" ".join(parts.advantage_rules))
    return line
