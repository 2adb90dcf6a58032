"""What a HeXXen position threatens beyond its material: who can strike whom next round, by the bindings.

HeXXen has no distances, so the distance-based threat term of the search does not apply; what limits a
participant's next round is the binding graph instead. A bound participant may strike only its partners
(HX-BOUND-NO-MOVE), a free-standing one may engage any enemy (HX-ENGAGE) or, if it may sneak, strike one that is
bound to someone else at +2 (HX-SNEAK, HX-SNEAK-ANY-HUNTER, HX-NPC-NO-SNEAK), and a mounted one is never bound
(HX-MOUNTED). Every attack costs one of the round's AP or activities (GB-HEXXEN-AP, GB-HEXXEN-ATTACK-COST), and a
participant whose partners all fall moves on to the next enemy (HX-NEXT-ENEMY). A playout that ends after the
reply cannot see the round after it: a beast bound to the bodyguard, a hunter tied up by a decoy, a brute left
free to engage whom it likes, a wounded unit that every free enemy can reach. This term counts it.
"""

from __future__ import annotations

import functools

from rules.combat import hit_chance
from rules.core import Creature, Situation
from rules.dice import parse_dice
from rules.hexxen.actions import SNEAK_BONUS
from rules.hexxen.binding import bound_to
from rules.hexxen.participants import may_sneak
from rules.hexxen.turn import round_budget

BOUND_THREAT = 0.0
"""Weight of the term in the search's evaluation (0: off). Only where sides take whole turns: by initiative the
playout already plays every unit's turn once. Built and off: at 0.5, tuned on seeds 5000-5019, it won one game more
of the report seeds' 120 and one fewer on hexxen_beast (docs/ai.md, *Bound and free*), so hard plays as before."""

FIRST_STRIKE = True
"""Whether the enemies the side's next round is expected to fell strike no more in the round after it."""

ALIVE = 2.0
"""What a unit's fall is worth beyond its hit points (the search's own ALIVE)."""


@functools.lru_cache(maxsize=1024)
def _blow(attack: int, damage: str, defense: int) -> float:
    """Expected damage of one attack roll (d20 + attack against the defence, the mean of the damage dice)."""
    return hit_chance(attack, defense) * max(1.0, parse_dice(damage).mean)


def strikes(
    sit: Situation, side: str, weights: dict[str, float], own: bool, fallen: frozenset[str] = frozenset()
) -> tuple[float, frozenset[str]]:
    """What the units of `side` (own) or of its enemies (not own) can take off the other side in their next round,
    attack by attack: each attack goes to the enemy where it adds most worth (its share of the hit points, and
    the enemy's whole standing worth with the blow that is expected to fell it), among the partners while the unit
    is bound and among all enemies once it stands free; blows already counted on an enemy count against the next.
    Units in `fallen` strike no more. Returns the total and the enemies expected to fall."""
    units = sorted((c for c in sit.creatures.values() if not c.defeated), key=lambda c: c.id)
    dealt: dict[str, float] = {}
    total = 0.0
    for c in units:
        if (c.side == side) != own or c.id in fallen:
            continue
        foes = [e for e in units if e.side != c.side]
        partners = set(bound_to(sit, c.id))
        for _ in range(round_budget(sit, c.id)):
            standing = [e for e in foes if dealt.get(e.id, 0.0) < e.hp]
            held = [e for e in standing if e.id in partners]
            choices = held if held else standing  # free once every partner is expected down (HX-NEXT-ENEMY)
            best, pick = 0.0, ""
            for e in choices:
                gain = _gain(c, e, weights[e.id], dealt.get(e.id, 0.0), sneak=not held and _sneakable(sit, c, e))
                if gain > best:
                    best, pick = gain, e.id
            if not pick:
                break
            foe = sit.creatures[pick]
            dealt[pick] = dealt.get(pick, 0.0) + _blow(c.attack + _bonus(sit, c, foe, held), c.damage, foe.defense)
            total += best
    return total, frozenset(uid for uid, x in dealt.items() if x >= sit.creatures[uid].hp)


def _bonus(sit: Situation, c: Creature, foe: Creature, held: list[Creature]) -> int:
    return SNEAK_BONUS if not held and _sneakable(sit, c, foe) else 0


def _sneakable(sit: Situation, c: Creature, foe: Creature) -> bool:
    """Whether a free-standing `c` may strike `foe` at the sneak attack's bonus: `foe` is bound to someone else."""
    return may_sneak(c) and bool(bound_to(sit, foe.id))


def _gain(c: Creature, foe: Creature, weight: float, before: float, sneak: bool) -> float:
    """The worth one more attack of `c` adds on `foe`, who has already taken `before` in expectation."""
    blow = _blow(c.attack + (SNEAK_BONUS if sneak else 0), c.damage, foe.defense)
    after = before + blow
    share = (min(after, foe.hp) - min(before, foe.hp)) / max(1, foe.max_hp)
    fells = ALIVE if before < foe.hp <= after else 0.0
    return weight * (share + fells)


def bound_threat(sit: Situation, side: str, weights: dict[str, float], mode: str) -> float:
    """The term for `side`, whose turn comes next at the end of a playout by sides: BOUND_THREAT × (what its units
    can take off the enemy next round − what the enemy's can take off it in the round after, less the enemies its
    own round is expected to fell when FIRST_STRIKE)."""
    if not BOUND_THREAT or mode == "initiative":
        return 0.0
    gain, felled = strikes(sit, side, weights, True)
    loss, _ = strikes(sit, side, weights, False, felled if FIRST_STRIKE else frozenset())
    return BOUND_THREAT * (gain - loss)
