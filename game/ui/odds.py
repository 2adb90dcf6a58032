"""What an attack would do, asked before the click: hit chance and damage range, from rule() itself.

No pygame. The ruleset's own `rule()` is asked with dice that show chosen faces, once per d20
face (or pair of faces, with advantage), so every bonus the ruleset applies is in the odds.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from rules.actions import Action
from rules.core import Illegal, Ruling, Situation
from rules.ruleset import Ruleset


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
    return Odds(hits / total if total else 0.0, min(low, high), max(low, high), first.rules, needs)
