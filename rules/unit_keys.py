"""Unit keys every ruleset shares (docs/levels.md); each ruleset's setup module adds its own."""

from __future__ import annotations

COMBAT_KEYS = (
    "id", "name", "art", "side", "at", "size", "speed", "prone", "helpless", "flying",
    "hp", "max_hp", "defense", "attack", "damage", "attacks", "reach", "initiative", "skill",
)  # fmt: skip
"""Identity (the name; `art`, the emblem a token shows, read by no rule), placement and the game's own
combat stats (docs/combat.md): every ruleset accepts them."""
MOVER_KEYS = ("fly", "climb", "swim", "hover", "magic_flight")
"""Movement modes and flight (pf1, dnd5e; hexxen has no free movement)."""
