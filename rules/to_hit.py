"""An attack roll's parts: the attacker's bonus, the target's defence and every modifier with its rule id.

The rulesets build one `ToHit` per attack and roll it (rules/combat.py); the ruling's hit or miss event
carries it, so a forecast shows the very numbers the ruling used, never a second formula.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Modifier:
    """One modifier of an attack roll and the rule that gives it."""

    rule: str
    value: int
    """Added to the attack roll (`on_defense` False) or to the target's defence (True)."""
    on_defense: bool = False


@dataclass(frozen=True, slots=True)
class ToHit:
    """What an attack roll is made of: d20 + attack + its modifiers against defence + its modifiers."""

    attack: int
    """The attacker's own attack bonus."""
    defense: int
    """The target's own defence."""
    modifiers: tuple[Modifier, ...] = ()
    advantage: int = 0
    """+1 roll two d20 and keep the higher, −1 the lower, 0 one d20."""
    advantage_rules: tuple[str, ...] = ()
    """The rule ids behind the advantage or disadvantage (all of them, also when they cancel)."""

    @property
    def bonus(self) -> int:
        """Everything added to the d20: the attack bonus and the roll's modifiers."""
        return self.attack + sum(m.value for m in self.modifiers if not m.on_defense)

    @property
    def target(self) -> int:
        """The defence the total must reach: the target's defence and its modifiers."""
        return self.defense + sum(m.value for m in self.modifiers if m.on_defense)

    @property
    def needs(self) -> int:
        """The lowest d20 face that hits on its own total (a natural 20 always hits, a natural 1 never)."""
        return min(20, max(2, self.target - self.bonus))
