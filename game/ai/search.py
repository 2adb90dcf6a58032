"""The `hard` strength: a portfolio search over the rules' own futures, on snapshots (docs/ai.md).

At each decision of a unit the search lists a small portfolio of first actions (game/ai/portfolio.py:
the normal script's choice, every attack it may make now, moving into reach of each of the nearest
enemies, the sheltered approach, a charge, 1.5 m steps, leaving reach, hexxen's tactics, holding
still) and plays each out on the snapshot: the action, then the rest of its side's turn and the
opponent's whole reply (by initiative: a whole round) by the normal scripts, with the same
`ruleset.rule` and `rules.effects.apply` the match uses. Each strike is also played out as a focus plan: the
unit's comrades strike the same enemy whenever they can in the playout, so the kill two blows make together is seen
(the normal script alone would have the comrade hit the enemy with the fewest hit points). When sides take whole
turns, the portfolio greedy search over the side's assignment (GREEDY) gives each comrade still to act the script
whose playout is worth most with the others fixed, and weighs the unit's best options again under that assignment,
within a fixed budget of playouts a decision (GREEDY_PLAYOUTS).
Switched off, as they measured no stronger: the side's next turn in the playout of an approach (APPROACH_TURNS), the
stand-off and hold plans (HOLD_PLANS: the comrades who cannot strike this turn wait with the unit); and, over the CPU
budget, the greedy search's improved reply (GREEDY_REPLY). The end is valued by
`evaluate`: standing units weighed by the damage they deal, their hit points, and the threat each side holds over
the other. Every option meets the same SAMPLES dice (common random numbers: one seed per decision from the computer's
own generator), stratified: each sample shifts the shared rolls by its own slice, so every roll of a playout lands
once in each slice of its range over the samples. The option with the best mean value is taken.
Fixed budget, no clock: the same seed gives the same game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.ai import hexxen_order, hexxen_ties
from game.ai.decision import Option, Reason, UnitChoice
from game.ai.dice import Dice
from game.ai.hexxen_threat import bound_threat
from game.ai.navigation import walk_gap
from game.ai.normal import normal_options
from game.ai.plan import NORMAL, PLANS, Script, TurnPlan, signature
from game.ai.portfolio import charging, first_actions, waits
from game.ai.priority import side_options
from game.ai.reasons import reason_for
from game.ai.scoring import strike_span
from game.ai.snapshot import Snapshot, perform
from rules.actions import Action
from rules.combat import hit_chance
from rules.core import Creature, Illegal, Situation
from rules.dice import parse_dice

SAMPLES = 4
"""Dice streams each option is played out with (the same streams for every option of a decision)."""
EXTRA = 0
"""Dice streams more for the close options of a decision (those within CLOSE of the best after SAMPLES)."""
CLOSE = 1.0
"""How near the best option's mean an option must come to be played out EXTRA times more."""
MAX_OPTIONS = 8
"""Options played out per decision at most (the portfolio's first ones: the normal choice always among them)."""
HALF_TURNS = 2
"""Turns a playout plays after the option when sides take whole turns and the unit can strike an enemy this turn:
the rest of the side's own turn, then the opponent's reply. By initiative a playout plays a whole round instead
(every standing unit's turn once)."""
APPROACH_TURNS = 2
"""Turns a playout plays when sides take whole turns and no enemy is within the unit's strike this turn (how to
approach). 3 adds the side's own next turn, so that a side that waits out of reach and strikes first once the enemy
has come is scored (with the reply alone, waiting looks like nothing); with the stand-off and hold plans it measured
no stronger on the shipped levels at more CPU (docs/ai.md), so it stays at HALF_TURNS. Where the unit
can strike, the blows decide within the reply, and a longer playout only evens out its options."""
ROUND_TURNS = 0
"""By initiative, at most this many turns a playout plays (0: a whole round)."""
ROLLOUT_ACTIONS = 60
"""A guard on the actions of one playout, per turn it plays."""
WIN = 50.0
"""The value of a won game over any material count."""
ALIVE = 2.0
"""A unit standing is worth this much besides its share of hit points."""
MARGIN = 0.75
"""An option must beat the normal script's choice by this much on average to be taken instead. With a few
samples the dice's noise is larger than most differences, and the best of eight noisy means is too good by
about half a unit's hit points (the winner's curse): at 0.25 the search deviated on noise and lost to normal
(10 of 30 games on three levels), at 0.75 it won 19 of the same 30."""
RULESET_MARGINS: dict[str, float] = {"hexxen": 3.0}
"""MARGIN by ruleset where it differs, where sides take whole turns (`margin`; by initiative MARGIN holds). HeXXen's
is 3.0 (a unit's whole worth and more) since its side plays the pick (game/ai/hexxen_pick.py): with it, on the 120
tuning games, 0.75 won 63, 1.5 won 68, 3.0 won 71 and the pick alone 72 — the search's deviations from the pick,
seen to the reply only, cost games (docs/ai.md). Without the pick {"hexxen": 0.4} won 68 of the tuning games against
61 at MARGIN, but 65 of the 120 report games, as many as at MARGIN."""
STRATIFIED = True
"""The samples of a decision share one set of base rolls, each sample's shifted by its index over SAMPLES (mod 1):
across the samples every roll lands once in each of SAMPLES equal slices of its range (stratified sampling with a
random rotation), so the mean over a few playouts measures the option and far less the luck of the dice."""
PRONE = 0.15
"""Lying prone is worth this much less (it must stand up, and it is easier to hit)."""
SQUEEZED = 0.5
"""Standing squeezed is worth this much less, times the unit's weight: it fights badly and is easily hit (pf1: −4 to
its attacks and its defence, PF1-SQUEEZE-PENALTY; dnd5e: disadvantage on its attacks and advantage against it,
D5-SQUEEZE-DISADV, D5-SQUEEZE-ADV-AGAINST). 0: a squeezed unit counts as any other, as the normal script sees it.
0.5 raised pf1's seat gain from +4.2 to +9.2 points on the report seeds, all of it on pf1_corridors, whose cave
giant squeezes into the corridor to fall there less often; dnd5e's stayed +4.2 (docs/ai.md)."""

FOCUS_PLANS = 3
"""Side-level plans weighed per decision besides the unit's own options: for each of the first enemies the portfolio
strikes, the strike with the unit's comrades striking that enemy too whenever they can in the playout (focus fire:
"who strikes first so that the kill lands"). 0: every comrade is modelled by the normal script, as before."""
STRIKES = frozenset({"attack", "charge", "sneak_attack"})
"""Action kinds that strike their target (the ones a focus plan is made of)."""
HOLD_PLANS = False
"""Whether, when sides take whole turns, the search weighs the side holding back: for holding and the stand-off, a
plan in which the comrades who cannot strike anyone this turn wait too. A unit holding alone while the scripts walk
its comrades into reach shows nothing; the side that waits makes the enemy come, and strikes first next turn (seen
with APPROACH_TURNS 3). Off: measured no stronger on the shipped levels, where it was chosen in under 1 % of the
decisions (docs/ai.md)."""


GREEDY = 0
"""Improvement passes of the portfolio greedy search over the side's assignment (Churchill and Buro) when sides take
whole turns: every comrade still to act gets a script (the normal one, a strike at one of the unit's targets whenever
it can, its own first action from its portfolio, or holding), each comrade in turn (nearest the enemy first) tries its
scripts with the others fixed, keeping the one whose playout of the side's turn and the reply is worth most, then the
unit's best options are weighed again under that assignment, all within GREEDY_PLAYOUTS playouts a decision. 0: off
(every comrade by the normal script, or a focus plan). Unbudgeted, 1 won 205 of 360 games on the shipped levels
against 195 at three times the CPU (HeXXen side-turns of up to 26 s). With the budget it costs less and wins about as
often on the levels measured, but side-turns of dnd5e_cliffs (up to 8.7 s) and hexxen_village (4.6 s) still pass
the 3 s target: so it stays off (docs/ai.md). With the plan kept for the side-turn (PLAN_TURN) it runs about once a
side-turn, and then wins what the search without it wins, no more (docs/ai.md)."""
GREEDY_PLAYOUTS = 24
"""The greedy search's own playouts per decision at most (the fixed budget; those of the plans it reuses, the
options alone and the focus plans, are not counted): the comrades' trials, nearest the enemy first, then the
options weighed again under the assignment, stop where the next evaluation (SAMPLES playouts) would overrun it."""
GREEDY_OPTIONS = 3
"""The options weighed again under the assignment found at most (the choice, the baseline, the best ones alone)."""
GREEDY_LEAD = False
"""Whether the greedy search runs only for the decisions of the side's first unit of a turn (the first of its
standing units in the level's order): the assignment weighs the most comrades then, and the later units' decisions,
which cost as much again, keep the per-unit search and its focus plans."""
GREEDY_SCRIPTS = 6
"""Scripts a comrade tries per pass at most, besides the one it holds."""
GREEDY_REPLY = False
"""Whether the greedy search also improves the enemy's reply (each enemy unit in turn tries striking one of the
side's three units nearest it whenever it can, keeping what is worth least to the side) before the side's comrades,
and then weighs the unit's options under both assignments only (not the normal reply's values)."""
GREEDY_SEEDS = 3
"""Enemies the unit's strikes aim at (its portfolio's first) that seed the greedy search with the whole side on one."""
PLAN_TURN = True
"""Whether the greedy search's plan is kept for the side's turn (game/ai/plan.py): the decision that works the side's
assignment out remembers it with the situations its playouts foresaw, and a later decision of that side-turn in one of
them follows it instead of running the greedy search again (any other decision searches anew and makes a new plan):
about one greedy search a side-turn instead of one a decision."""
PLAN_FOLLOW = "option"
"""How a unit follows the plan: "option", it searches as without the greedy search (its options alone, its comrades
by their scripts, and the focus plans), its part's action one more option of its portfolio, normal's choice keeping
its place by MARGIN; "part", the same search with the comrades after it playing their parts in the playouts and its
own part as the choice that keeps its place by MARGIN; "script", it plays its part as the plan has it, without a
search."""


POWER_BLEND = 1.0
"""How far a unit's weight follows its damage output (0: every unit weighs 1; 1: its power over the mean)."""

THREAT = 0.5
"""Weight of the threat term: what the side's units can take off the enemy next turn, less what the enemy's can."""

FLY_THREAT: frozenset[str] = frozenset()
"""Rulesets in which the threat term moves a unit that can fly by the greater of its speeds: dnd5e_cliffs' will-o'-wisp
(0 m on foot, 15 m in flight) threatened only its neighbours. Built for dnd5e and off (docs/ai.md); pf1 not tried."""

WALK_THREAT: frozenset[str] = frozenset()
"""Rulesets in which the threat term measures a walker by its walking steps round walls and pits (`walk_gap`), not the
straight line. Built for dnd5e and off: on its maps the two seldom differ (docs/ai.md)."""

TRADE = 0.0
"""How far the material count follows the side's share of what stands rather than the plain difference (0: the
difference; 1: the difference scaled by the whole armies' worth over what still stands). With the share, an even
trade helps the side ahead and hurts the side behind, so a weaker side avoids trading blows and a stronger one seeks
them; at the start of a game both counts agree."""

TEMPO = 0.03
"""Per square between each of the side's units and its nearest enemy (Chebyshev), taken off: of two futures
equal in blood the one nearer the fight is better, so a search whose horizon is one reply does not hold back
forever (both sides holding is a draw). Not counted where the ruleset has no distances (hexxen)."""


def evaluate(snap: Snapshot, side: str) -> float:
    """How good `snap` is for `side`: won or lost first, then standing units, each weighed by the damage it deals
    (`power`), and their share of hit points, then how near its units stand to the enemy (TEMPO)."""
    if snap.finished:
        if snap.winner == side:
            return WIN
        if snap.winner is not None:
            return -WIN
    value = standing = whole = 0.0
    mine, theirs = [], []
    weights = power_weights(snap.sit)
    for c in snap.sit.creatures.values():
        whole += weights[c.id] * (ALIVE + 1.0)
        if c.defeated:
            continue
        share = c.hp / (c.max_hp if c.max_hp > 0 else 1)
        worth = weights[c.id] * (ALIVE + share - (SQUEEZED if c.squeezed else 0.0)) - (PRONE if c.prone else 0.0)
        standing += worth
        if c.side == side:
            value += worth
            mine.append(c.at)
        else:
            value -= worth
            theirs.append(c.at)
    if TRADE and standing > 0:
        value *= 1.0 + TRADE * (whole / standing - 1.0)
    if theirs and snap.ruleset.BANDS != ("engage",):
        for x, y in mine:
            value -= TEMPO * min(max(abs(x - u), abs(y - v)) for u, v in theirs)
        if THREAT:
            fly, walk = snap.ruleset_name in FLY_THREAT, snap.ruleset_name in WALK_THREAT
            ours = threat(snap.sit, side, weights, True, fly, walk)
            value += THREAT * (ours - threat(snap.sit, side, weights, False, fly, walk))
    elif theirs:  # no distances (hexxen): who can strike whom next round follows the bindings
        value += bound_threat(snap.sit, side, weights, snap.mode)
    return value


def margin(snap: Snapshot) -> float:
    """How much better than the normal script's choice an option must look to be taken instead (RULESET_MARGINS)."""
    return MARGIN if snap.mode == "initiative" else RULESET_MARGINS.get(snap.ruleset_name, MARGIN)


def _gap(a: Creature, b: Creature) -> int:
    """Squares between two units' footprints (Chebyshev; 1 = adjacent)."""
    (ax, ay), (aw, ah) = a.at, a.dims
    (bx, by), (bw, bh) = b.at, b.dims
    return max(0, ax - (bx + bw - 1), bx - (ax + aw - 1), ay - (by + bh - 1), by - (ay + ah - 1))


def threat(
    sit: Situation, side: str, weights: dict[str, float], own: bool, fly: bool = False, walk: bool = False
) -> float:
    """What the units of `side` (own) or of its enemies (not own) can take off the other side next turn: for each
    unit, the most worth it can take off one enemy within a move and its reach (the expected damage as a share of
    the enemy's hit points, and its standing worth when the damage would fell it, times the enemy's weight); with
    `fly` a unit that can fly moves by the greater of its speeds, with `walk` one that cannot by its walking steps."""
    units = [c for c in sit.creatures.values() if not c.defeated]
    total = 0.0
    for c in units:
        if (c.side == side) != own:
            continue
        span = strike_span(c, fly=fly)
        walker = walk and not c.fly
        best = 0.0
        for e in units:
            if e.side == c.side or _gap(c, e) > span:
                continue
            if walker and walk_gap(sit.board, e.footprint(), c.footprint()) > span:
                continue  # the straight line crosses a wall or a pit: the way round is longer than its move
            dealt = _power(c.attack, c.attacks, c.damage, e.defense)
            # the hit points it takes, and the unit's whole standing worth when it is expected to fall
            lost = min(dealt, e.hp) / max(1, e.max_hp) + (ALIVE if dealt >= e.hp else 0.0)
            best = max(best, weights[e.id] * lost)
        total += best
    return total


@functools.lru_cache(maxsize=1024)
def _power(attack: int, attacks: int, damage: str, defense: int) -> float:
    return power(Creature("", "", (0, 0), attack=attack, attacks=attacks, damage=damage), defense)


def power(c: Creature, defense: float) -> float:
    """Expected damage of `c`'s attack action against `defense` (every attack of it: d20 + attack, the mean of its
    damage dice), the measure of how much its side loses when it falls."""
    return c.attacks * hit_chance(c.attack, defense) * max(1.0, parse_dice(c.damage).mean)


def power_weights(sit: Situation) -> dict[str, float]:
    """Each unit's weight in the evaluation: its `power` against its enemies' mean defence, over the mean power of
    all units (so a typical unit weighs 1), blended with 1 by POWER_BLEND. The units of a game never change, so
    the weights are kept per set of units (their fighting data)."""
    return _weights(tuple((c.id, c.side, c.attack, c.attacks, c.damage, c.defense) for c in sit.creatures.values()))


@functools.lru_cache(maxsize=64)
def _weights(units: tuple[tuple[str, str, int, int, str, int], ...]) -> dict[str, float]:
    raw = {}
    for uid, side, attack, attacks, damage, _ in units:
        foes = [d for _, s, *_, d in units if s != side]
        stand_in = Creature(uid, side, (0, 0), attack=attack, attacks=attacks, damage=damage)
        raw[uid] = power(stand_in, sum(foes) / len(foes) if foes else 10.0)
    mean = sum(raw.values()) / len(raw) if raw else 1.0
    return {uid: 1.0 + POWER_BLEND * (value / mean - 1.0) if mean > 0 else 1.0 for uid, value in raw.items()}


def own_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The unit's next actions by its own side's script (`side_options`: in dnd5e and pf1 with the priority pick)."""
    return side_options(snap, unit, rng, snap.sit.creatures[unit].side, power_weights)


def focused(snap: Snapshot, unit: str, target: str, rng: random.Random) -> list[Action]:
    """The normal script's next actions for `unit` with a strike at `target` first whenever the rules allow one (a
    comrade's part in a focus plan); the script's own strikes at `target` (hexxen's tactics) keep their order."""
    if target == hexxen_ties.TIE:  # a tie-up plan: the comrade engages a free enemy first
        return hexxen_ties.tie_options(snap, unit, rng)
    normal = own_options(snap, unit, rng)
    foe = snap.sit.creatures.get(target)
    if foe is None or foe.defeated:
        return normal
    mine = [a for a in normal if a.kind in STRIKES and a.target == target]
    if not snap.ruleset.TACTICS and not mine and normal and normal[0].kind in STRIKES:
        # the script strikes another enemy in reach: strike the plan's target instead, if it is in reach (where a
        # strike is chosen among the ruleset's tactics, a plain attack would drop the tactic: the script's order holds)
        mine = [Action("attack", unit, target=target)]
    return mine + [a for a in normal if a not in mine]


def striking(snap: Snapshot, unit: str) -> bool:
    """Whether an enemy stands within what `unit` can strike this turn: a move of its speed (in pf1 a charge, twice
    its speed) and its reach, or any enemy at all where the ruleset has no distances (hexxen)."""
    me = snap.sit.creatures[unit]
    foes = [c for c in snap.sit.creatures.values() if c.side != me.side and not c.defeated]
    if snap.ruleset.BANDS == ("engage",):
        return bool(foes)
    span = ((me.speed or 0.0) * (2 if charging(snap) else 1) + me.reach) / 1.5
    return any(_gap(me, f) <= span for f in foes)


def _finish_turn(
    snap: Snapshot,
    rng: random.Random,
    dice: Dice,
    budget: list[int],
    plan: tuple[str, str | None] | None = None,
    struck: set[str] | None = None,
    assign: Mapping[str, Script] | None = None,
    seen: set[tuple[str, Hashable]] | None = None,
    own: str | None = None,
) -> Snapshot:
    """The turn in progress played to its end by the normal scripts (the units of side `own` by `own_options`), then
    ended; with a plan (side, enemy) the units of that side strike that enemy whenever they can (`focused`), and
    `struck` gathers those that did; with a hold plan (side, None) the units of that side that cannot strike anyone
    this turn wait instead of closing in; with an assignment the units it names play their `Script`; `seen` gathers
    (unit, `signature`) of every situation in which a unit of the turn came to decide (what a plan foresees)."""
    played: set[str] = set()
    while (unit := hexxen_order.next_in_turn(snap, own, played, power_weights)) is not None:
        played.add(unit)
        if seen is not None:
            seen.add((unit, signature(snap)))
        mine = plan is not None and snap.sit.creatures[unit].side == plan[0]
        target = plan[1] if plan is not None and mine else None
        if plan is not None and mine and target is None and not striking(snap, unit):
            continue  # a hold plan: the comrade waits out of the enemies' reach
        script = assign.get(unit, NORMAL) if assign is not None else NORMAL
        if script.kind == "hold":
            continue
        if script.kind == "focus" and isinstance(script.arg, str):
            target = script.arg
        opening = script.arg if script.kind == "first" and isinstance(script.arg, Action) else None
        for _ in range(12):
            if snap.finished or snap.sit.creatures[unit].defeated or budget[0] <= 0:
                break
            acted = False
            found = focused(snap, unit, target, rng) if target else side_options(snap, unit, rng, own, power_weights)
            if opening is not None:  # the assigned first action, then the script (if the rules refuse it)
                found, opening = [opening, *found], None
            for action in found:
                after, result = perform(snap, action, dice.next(unit))
                budget[0] -= 1
                if not isinstance(result, Illegal):
                    snap, acted = after, True
                    if seen is not None:
                        seen.add((unit, signature(snap)))
                    if struck is not None and target is not None and action.kind in STRIKES and action.target == target:
                        struck.add(unit)
                    break
            if not acted:
                break
        if snap.finished:
            return snap
    return perform(snap, Action("end_turn"), rng)[0]


def horizon(snap: Snapshot, unit: str | None = None) -> int:
    """Turns a playout plays after the option: by sides the rest of the own turn and the reply (HALF_TURNS), and
    the own next turn too when `unit` cannot strike anyone this turn (APPROACH_TURNS); by initiative a whole round,
    the rest of the unit's turn and every other standing unit's (ROUND_TURNS: all)."""
    if snap.mode != "initiative":
        if unit is None or APPROACH_TURNS == HALF_TURNS or striking(snap, unit):
            return HALF_TURNS
        return APPROACH_TURNS
    standing = sum(1 for c in snap.sit.creatures.values() if not c.defeated)
    return standing if ROUND_TURNS <= 0 else min(standing, ROUND_TURNS)


def playout(
    snap: Snapshot,
    unit: str,
    first: Action | None,
    seed: int,
    shift: float | None = None,
    focus: str | None = None,
    struck: set[str] | None = None,
    hold: bool = False,
    assign: Mapping[str, Script] | None = None,
    seen: set[tuple[str, Hashable]] | None = None,
) -> float:
    """The value for `unit`'s side of taking `first` (None: the unit holds for the rest of its turn), then the
    rest of the turn and the turns after it (`horizon`) by the normal scripts, with the dice of `seed` (shifted by
    `shift` when the samples are stratified); with `focus` (an enemy) the unit's side strikes it whenever it can,
    and `struck` gathers the comrades that struck it; with `hold` the comrades who cannot strike anyone this turn
    wait with the unit (the side lets the enemy come); with `assign` the units it names play their scripts for the
    rest of this turn and the reply (the side's next turn, if played, is the scripts'); `seen` gathers the
    situations in which the side's units came to decide in the rest of this turn (`_finish_turn`)."""
    side = snap.sit.creatures[unit].side
    dice = Dice(snap, seed, shift)
    rng = random.Random(seed ^ 0x5EED)
    turns = horizon(snap, unit)
    budget = [ROLLOUT_ACTIONS * turns]
    if first is not None:
        snap, result = perform(snap, first, dice.next(unit))
        if isinstance(result, Illegal):
            return -2 * WIN
        if seen is not None:  # the unit's own next decision
            seen.add((unit, signature(snap)))
    else:
        # holding: the unit takes no further action this turn; the others still act
        snap = replace(snap, done=snap.done | {unit})
    plan = None if focus is None else (side, focus)
    for turn in range(turns):
        if snap.finished:
            break
        # a hold plan is the side's choice for this turn only: its next turn is played by the scripts
        now: tuple[str, str | None] | None = (side, None) if hold and turn == 0 else plan
        parts = assign if turn < HALF_TURNS else None
        snap = _finish_turn(snap, rng, dice, budget, now, struck, parts, seen if turn == 0 else None, side)
    if struck is not None:
        struck.discard(unit)
    return evaluate(snap, side)


def search(snap: Snapshot, unit: str, rng: random.Random) -> list[tuple[float, Action | None]]:
    """Every option of the portfolio with its mean value over its playouts, best first (None = hold)."""
    return [(value, action) for value, action, _, _ in scored_plans(snap, unit, rng)]


def scored_plans(
    snap: Snapshot, unit: str, rng: random.Random
) -> list[tuple[float, Action | None, tuple[str, ...], str]]:
    """`search`, each option with the comrades of the plan it is worth most in (empty: it is worth most alone) and
    that plan's kind: "" (alone or a focus plan, whose comrades struck its enemy), "hold" (the side waiting out of
    the enemies' reach with it) or "joint" (the greedy search's assignment, whose comrades play another script).

    Every option is played out SAMPLES times; the options then within CLOSE of the best (the close decisions)
    are played out EXTRA times more, on the same dice streams, before they are compared again. With the greedy
    search on, a decision the side-turn's plan foresaw follows it (`_follow`), and any other makes the plan."""
    planning = bool(GREEDY and PLAN_TURN and snap.mode != "initiative")
    recalled = PLANS.recall(snap, unit) if planning else None
    if planning and recalled is None:
        PLANS.remember(snap, TurnPlan({}, frozenset()))  # this decision searches anew: nothing is foreseen until then
    seeds = [rng.getrandbits(48) for _ in range(SAMPLES + EXTRA)]
    # stratified: the SAMPLES playouts share the first seed's rolls, each shifted by its own slice
    first = [(seeds[0], k / SAMPLES) for k in range(SAMPLES)] if STRATIFIED else [(s, None) for s in seeds[:SAMPLES]]
    normal = own_options(snap, unit, rng)
    baseline = normal[0] if normal else None  # what the side's script does (None: it is done)
    portfolio = first_actions(snap, unit, baseline)
    parts: dict[str, Script] = {}  # the plan's parts of the comrades after the unit (a plan followed)
    if recalled is not None:
        later, part = _follow(snap, unit, recalled, normal, rng)
        if PLAN_FOLLOW == "script":  # the part's actions the rules allow now (a focus part's blow may not be)
            legal = [a for a in part if not isinstance(snap.ruleset.rule(snap.sit, a, random.Random(0)), Illegal)]
            return [(0.0, a, (), "") for a in legal or [None]]
        if PLAN_FOLLOW == "part":
            parts = later
            baseline = part[0] if part else None  # the unit's part: the choice that keeps its place by MARGIN
        if part and part[0] not in portfolio:  # holding, the portfolio's last, is always in it
            portfolio = [*portfolio[:1], part[0], *portfolio[1:]]
        if baseline is not None:  # first in the portfolio
            portfolio = [baseline, *(a for a in portfolio if a != baseline)]
    if len(portfolio) > MAX_OPTIONS:  # keep holding (the last) and the baseline (the first) among them
        portfolio = [*portfolio[: MAX_OPTIONS - 1], None]
    if len(portfolio) == 1:
        return [(0.0, portfolio[0], (), "")]
    plans = _plans(snap, unit, portfolio)
    # the comrades that struck each focus plan's enemy in some playout (what the explanation names)
    struck: list[set[str] | None] = [None if focus is None else set() for _, focus, _ in plans]

    recorded: dict[Action | None, set[tuple[str, Hashable]]] = {}  # what the options alone foresaw (a plan made)

    def play(k: int, seed: int, shift: float | None) -> float:
        action, focus, hold = plans[k]
        if parts and focus is None and not hold:  # the option alone, its comrades playing their parts of the plan
            return playout(snap, unit, action, seed, shift, assign=parts)
        if planning and recalled is None and focus is None and not hold:
            return playout(snap, unit, action, seed, shift, seen=recorded.setdefault(action, set()))
        return playout(snap, unit, action, seed, shift, focus, struck[k], hold)

    values = [[play(k, s, f) for s, f in first] for k in range(len(plans))]

    def mean(k: int) -> float:
        return sum(values[k]) / len(values[k])

    if EXTRA:
        best = max(mean(k) for k in range(len(plans)))
        close = [k for k in range(len(plans)) if mean(k) >= best - CLOSE]
        if len(close) > 1:
            for k in close:
                values[k] += [play(k, s, None) for s in seeds[SAMPLES:]]
    # an action is worth its best plan (alone, or with its side's focus); the baseline keeps its place by MARGIN
    mine = snap.sit.creatures[unit].side
    followed = tuple(c for c, script in parts.items() if script != NORMAL)
    worth: dict[Action | None, float] = {}
    team: dict[Action | None, tuple[str, ...]] = {}
    held: dict[Action | None, str] = {}
    made: dict[Action | None, dict[str, Script]] = {}  # the comrades' parts in the plan each action is worth most in
    foreseen: dict[Action | None, set[tuple[str, Hashable]] | None] = {}  # what that plan's playouts met, if kept
    for k, (action, focus, hold) in enumerate(plans):
        if mean(k) > worth.get(action, -4 * WIN):
            worth[action] = mean(k)
            found = struck[k]
            team[action] = tuple(c for c in snap.sit.creatures if found and c in found)
            held[action] = "hold" if hold else ""
            plain = focus in (None, hexxen_ties.TIE)  # a tie-up plan is no assignment the greedy search knows
            made[action] = {} if plain else {c: Script("focus", focus) for c in _after(snap, unit)}
            foreseen[action] = recorded.get(action) if focus is None and not hold else None
            if parts and focus is None and not hold:
                team[action], held[action] = followed, "joint" if followed else ""
    searched = recalled is None and GREEDY and snap.mode != "initiative"
    searched = searched and (not GREEDY_LEAD or hexxen_order.own_order(snap, power_weights)[:1] == [unit])
    if searched:
        alone = {a: mean(k) for k, (a, focus, hold) in enumerate(plans) if focus is None and not hold}
        focused_on = {(a, focus): mean(k) for k, (a, focus, _) in enumerate(plans) if focus is not None}
        met: dict[Action | None, set[tuple[str, Hashable]]] = {}
        under, assign = greedy(snap, unit, portfolio, alone, focused_on, baseline, first, met if planning else None)
        joint = tuple(c for c, script in assign.items() if script != NORMAL and snap.sit.creatures[c].side == mine)
        for action, value in under.items():
            if value > worth[action] or GREEDY_REPLY:  # an improved reply: every option under it alone
                worth[action], team[action], held[action] = value, joint, "joint" if joint else ""
                made[action] = {c: s for c, s in assign.items() if snap.sit.creatures[c].side == mine}
                foreseen[action] = met.get(action)
    scored = sorted(
        ((worth[a] + (margin(snap) if a == baseline else 0.0), -k, a) for k, a in enumerate(portfolio)),
        key=lambda e: (-e[0], -e[1]),
    )
    if planning and searched and _after(snap, unit):
        chosen = scored[0][2]
        PLANS.remember(snap, _foresee(snap, unit, chosen, made.get(chosen, {}), first, foreseen.get(chosen)))
    return [(value, action, team[action], held[action]) for value, _, action in scored]


def _after(snap: Snapshot, unit: str) -> list[str]:
    """The unit's comrades still to act this turn after it in the side's order (those before it have played)."""
    acting = hexxen_order.own_order(snap, power_weights)
    return acting[acting.index(unit) + 1 :] if unit in acting else []


def _foresee(
    snap: Snapshot,
    unit: str,
    chosen: Action | None,
    parts: Mapping[str, Script],
    samples: Sequence[tuple[int, float | None]],
    met: set[tuple[str, Hashable]] | None = None,
) -> TurnPlan:
    """The side-turn's plan: the comrades' parts (NORMAL left out) and the situations in which the side's units came
    to decide in the chosen option's playouts under them (the same dice as the decision's): `met` when the decision
    kept them, else played out again."""
    kept = {c: script for c, script in parts.items() if script != NORMAL}
    if met is not None:
        return TurnPlan(kept, frozenset(met))
    seen: set[tuple[str, Hashable]] = set()
    for seed, shift in samples:
        playout(snap, unit, chosen, seed, shift, assign=kept or None, seen=seen)
    return TurnPlan(kept, frozenset(seen))


def _follow(
    snap: Snapshot, unit: str, plan: TurnPlan, normal: list[Action], rng: random.Random
) -> tuple[dict[str, Script], list[Action]]:
    """Following the side-turn's plan: the parts of the comrades after the unit, and the unit's own part now, best
    first (its script's actions: a strike at its enemy first, or its first action while it has not acted yet, or
    nothing when it holds)."""
    later = {c: plan.parts[c] for c in _after(snap, unit) if c in plan.parts}
    own = plan.parts.get(unit, NORMAL)
    if own.kind == "hold":
        return later, []
    if own.kind == "focus" and isinstance(own.arg, str):
        return later, focused(snap, unit, own.arg, rng)
    sit, rules = snap.sit, snap.ruleset
    if (
        own.kind == "first"
        and isinstance(own.arg, Action)
        and rules.current_turn(sit, unit) == rules.new_turn(sit, unit)
    ):
        return later, [own.arg, *(a for a in normal if a != own.arg)]  # its first action, while it has not acted yet
    return later, normal


def greedy(
    snap: Snapshot,
    unit: str,
    portfolio: list[Action | None],
    alone: Mapping[Action | None, float],
    focused_on: Mapping[tuple[Action | None, str], float],
    baseline: Action | None,
    samples: Sequence[tuple[int, float | None]],
    met: dict[Action | None, set[tuple[str, Hashable]]] | None = None,
) -> tuple[dict[Action | None, float], dict[str, Script]]:
    """The portfolio greedy search over the side's assignment (GREEDY passes): each option's value under the
    assignment found (empty when it is every comrade's normal script) and the assignment (comrade → Script).

    It starts from the best uniform assignment (Churchill and Buro's seed): every comrade on its normal script with
    the unit's best option alone (`alone`, the baseline kept by MARGIN), or every comrade striking one of the enemies
    the unit's first strikes aim at, with that strike (`focused_on`: the focus plans' values, played out here when
    there are none); then, comrade by comrade, each tries its scripts with the others fixed and keeps the best (a
    playout of the side's turn and the reply on the same dice as every option), and the unit's options are weighed
    again under the assignment, the best of them the next pass's start. With GREEDY_REPLY the enemy's units are in
    the assignment too (`_replies`), each improved before the comrades towards what is worth least to the side.
    `met` (when given) gets, for each option valued under the assignment found by its own playouts here, the
    situations in which the side's units came to decide in them (what a plan of that option foresees)."""
    side = snap.sit.creatures[unit].side
    # the comrades after the unit in the side's order: those before it have played their part of this turn
    comrades = _nearest_first(snap, _after(snap, unit))
    enemies = [c.id for c in snap.sit.creatures.values() if c.side != side and not c.defeated] if GREEDY_REPLY else []
    if not comrades and not enemies:
        return {}, {}
    players = comrades + enemies
    strikes = {}
    for a in portfolio:
        if a is not None and a.kind in STRIKES and a.target and a.target not in strikes:
            strikes[a.target] = a
    targets = list(strikes)[:GREEDY_SEEDS]

    def scripts(player: str) -> list[Script]:
        """The player's scripts, worked out only when the budget reaches it (a comrade's portfolio costs CPU)."""
        return _scripts(snap, player, targets) if player in comrades else _replies(snap, player)

    cache: dict[tuple[Action | None, tuple[Script, ...]], float] = {}
    everyone = tuple(NORMAL for _ in players)
    rest = tuple(NORMAL for _ in enemies)
    for action, value in alone.items():
        cache[(action, everyone)] = value
    for (action, target), value in focused_on.items():
        cache[(action, (*(Script("focus", target) for _ in comrades), *rest))] = value

    spent = [0]  # the greedy search's own playouts of this decision (GREEDY_PLAYOUTS at most)
    seen: dict[tuple[Action | None, tuple[Script, ...]], set[tuple[str, Hashable]]] = {}

    def value(action: Action | None, assign: tuple[Script, ...]) -> float | None:
        """The mean of the option's playouts under the assignment; None when they would overrun the budget."""
        key = (action, assign)
        if key not in cache:
            if spent[0] + len(samples) > GREEDY_PLAYOUTS:
                return None
            spent[0] += len(samples)
            named = dict(zip(players, assign, strict=True))
            if met is None:
                runs = [playout(snap, unit, action, s, f, assign=named) for s, f in samples]
            else:
                seen[key] = set()
                runs = [playout(snap, unit, action, s, f, assign=named, seen=seen[key]) for s, f in samples]
            cache[key] = sum(runs) / len(runs)
        return cache[key]

    kept = margin(snap)

    def pick(values: Mapping[Action | None, float]) -> Action | None:
        return max((a for a in portfolio if a in values), key=lambda a: values[a] + (kept if a == baseline else 0.0))

    choice = pick(alone)
    assign = everyone
    best = alone[choice] + (kept if choice == baseline else 0.0)
    for target in targets:  # the uniform seeds: the whole side on one enemy
        uniform = (*(Script("focus", target) for _ in comrades), *rest)
        found = value(strikes[target], uniform) if comrades else None
        if found is not None and found > best:
            choice, assign, best = strikes[target], uniform, found
    # what the budget weighs again under the assignment first: the choice, the baseline, then the best options alone
    ranked = sorted(portfolio, key=lambda a: -alone.get(a, -4 * WIN))
    reweigh = list(dict.fromkeys([baseline, *ranked]))[:GREEDY_OPTIONS]
    under: dict[Action | None, float] = {}
    for _ in range(GREEDY):
        before = assign
        # the enemy's reply first (each unit's worst for the side), then the comrades (their best), as in the paper
        for k in [*range(len(comrades), len(players)), *range(len(comrades))]:
            sign = 1.0 if k < len(comrades) else -1.0
            current = value(choice, assign)  # computed already: the start, or the trial kept
            best = -4 * WIN if current is None else sign * current
            if spent[0] + len(samples) > GREEDY_PLAYOUTS:
                break  # the budget is spent: the later players keep their parts
            for script in scripts(players[k]):
                trial = (*assign[:k], script, *assign[k + 1 :])
                if script == assign[k] or (found := value(choice, trial)) is None:
                    continue  # the same part, or over the budget (the cached trials are still compared)
                if sign * found > best:
                    best, assign = sign * found, trial
        under = {choice: value(choice, assign)} | {a: value(a, assign) for a in reweigh}
        under = {a: v for a, v in under.items() if v is not None}
        choice = pick(under)
        if assign == before:
            break
    if met is not None:
        met.update({a: seen[(a, assign)] for a in under if (a, assign) in seen})
    return under, dict(zip(players, assign, strict=True))


def _nearest_first(snap: Snapshot, comrades: list[str]) -> list[str]:
    """The comrades by how near each stands to its nearest enemy (Chebyshev between footprints; the level's order
    among equals): a budgeted greedy search spends its playouts on the parts most likely to decide this turn."""
    units = snap.sit.creatures

    def gap(cid: str) -> int:
        me = units[cid]
        return min((_gap(me, c) for c in units.values() if c.side != me.side and not c.defeated), default=1 << 30)

    return sorted(comrades, key=gap)


def _replies(snap: Snapshot, enemy: str) -> list[Script]:
    """What an enemy may play in the reply the greedy search improves (GREEDY_REPLY): a strike at each of the three
    units of the other side nearest it (Chebyshev between footprints) whenever it can."""
    me = snap.sit.creatures[enemy]
    foes = sorted(
        (c for c in snap.sit.creatures.values() if c.side != me.side and not c.defeated),
        key=lambda c: (_gap(me, c), c.id),
    )
    return [Script("focus", c.id) for c in foes[:GREEDY_SEEDS]]


def _scripts(snap: Snapshot, comrade: str, targets: list[str]) -> list[Script]:
    """What a comrade may play in the side's assignment, GREEDY_SCRIPTS at most: a strike at each of the unit's
    targets whenever it can, each first action of its own portfolio (not the normal script's, which "normal" is),
    holding."""
    normal = normal_options(snap, comrade, random.Random(0))
    own = first_actions(snap, comrade, normal[0] if normal else None)
    out = [Script("focus", t) for t in targets]
    out += [Script("first", a) for a in own[1 if normal else 0 : -1]]
    out = out[: GREEDY_SCRIPTS - 1]
    out.append(Script("hold"))
    return out


def _plans(snap: Snapshot, unit: str, portfolio: list[Action | None]) -> list[tuple[Action | None, str | None, bool]]:
    """What the search plays out: every option of the portfolio alone (its comrades by the normal script), then up to
    FOCUS_PLANS focus plans, each the first strike at one enemy with the comrades striking that enemy too, then (when
    sides take whole turns) a hold plan for each option that waits out of the enemies' reach (holding, the
    stand-off): the comrades who cannot strike anyone this turn wait too, then (HeXXen by sides, TIE_PLANS) tie-up
    plans: the unit's own tie-up and the script's strike, with the side's units still to act engaging the free enemies
    first (game/ai/hexxen_ties.py).
    Only where the unit has a standing comrade (alone, a plan is the option itself)."""
    plans: list[tuple[Action | None, str | None, bool]] = [(a, None, False) for a in portfolio]
    me = snap.sit.creatures[unit]
    if not any(c.side == me.side and c.id != unit and not c.defeated for c in snap.sit.creatures.values()):
        return plans
    targets: set[str] = set()
    for action in portfolio:
        if len(targets) >= FOCUS_PLANS:
            break
        if action is not None and action.kind in STRIKES and action.target and action.target not in targets:
            targets.add(action.target)
            plans.append((action, action.target, False))
    if HOLD_PLANS and snap.mode != "initiative":
        plans += [(a, None, True) for a in portfolio if waits(snap, unit, a)]
    if hexxen_ties.applies(snap, unit, _after(snap, unit)):  # HeXXen: the comrades still to act tie the free enemies up
        plans += [(a, hexxen_ties.TIE, False) for a in hexxen_ties.openings(snap, unit, portfolio)]
    return plans


def hard_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The hard player's next actions for `unit`, best first (empty: holding is best)."""
    out: list[Action] = []
    for _, action in search(snap, unit, rng):
        if action is None:
            return out
        out.append(action)
    return out


def hard_weighed(snap: Snapshot, unit: str, rng: random.Random) -> tuple[list[Action], UnitChoice]:
    """hard_options with the options the search weighed, their values and why, explained."""
    ranked = scored_plans(snap, unit, rng)
    opts = tuple(
        Option(() if a is None else (a,), value, _planned(snap, a, unit, team, kind)) for value, a, team, kind in ranked
    )
    chosen: list[Action] = []
    for _, a, _, _ in ranked:
        if a is None:
            break
        chosen.append(a)
    return chosen, UnitChoice(unit, opts, 0 if opts else None)


def _planned(snap: Snapshot, action: Action | None, unit: str, team: tuple[str, ...], kind: str) -> Reason:
    """The reason of an option in the plan it is worth most in: its own (with a focus plan's comrades); with `hold`
    for a hold plan (the side waits out of the enemies' reach with it, so whoever comes to it ends its move there);
    with `joint`, the comrades whose part in the greedy search's assignment differs from their script (GB-TURN:
    the side's units act in turn)."""
    if kind != "joint":
        reason = reason_for(snap, action, unit, team)
        if kind != "hold":
            return reason
        param: tuple[str, Any] = ("hold", True)
    else:
        reason, param = reason_for(snap, action, unit), ("joint", team)
    rules = tuple(dict.fromkeys((*reason.rules, "GB-TURN")))
    return replace(reason, params=(*reason.params, param), rules=rules)
