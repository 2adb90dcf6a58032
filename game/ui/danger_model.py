"""The danger of a square, without pygame: which enemies could reach and attack the selected unit there on their
next turn, and the damage each would deal on average. Every answer is the rules' own.

An enemy's next turn is searched once per position: the ruleset's `reachable` for the enemy at the start of a
fresh turn (its side to act, `new_turn`), with the selected unit lifted off the board (it is about to move). The
squares from which it may still attack are those of every band after whose move `rule()` still accepts an attack
(pf1 and dnd5e: a single move, not a double move, run or Dash). Where an attack reaches from a square is asked of
`rule()` as well: the unit placed at each offset around the enemy, the attack with dice that miss. A pf1 charge
(PF1-CHARGE) is the ruleset's `charge_ends` with the unit placed on each square within a charge's length. hexxen
measures no distance (HX-ABSTRACT): an enemy threatens the unit wherever it stands when the unit is among the
enemies its next turn could engage (HX-ENGAGE, the binding rules), and no square is shaded.

The expected damage is the odds of `rule()` itself (`odds.attack_odds`): chance to hit × the mean of the damage
range, summed over the attacks `rule()` accepts one after the other.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.battle import reach_cache
from game.text.charge_text import charge_ends_of
from game.ui.approach import Approach, find_approach
from game.ui.forecast import action_for_band
from game.ui.odds import MissingDice, Odds, attack_odds
from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, Situation, Size, Square
from rules.effects import apply
from rules.ruleset import Reach, Ruleset

ATTACK = "attack"
"""A move the rules let it attack after (or none), then the attack."""
CHARGE = "charge"
"""A pf1 charge (PF1-CHARGE)."""
ENGAGE = "engage"
"""A hexxen attack, which engages by itself (HX-ENGAGE)."""
MAX_ATTACKS = 4
"""At most this many attacks in a row are asked of rule() for the expected damage (dnd5e Extra Attack)."""
KEPT = 8
"""Danger maps kept per cache: the positions of a few undo steps and units."""


@dataclass(frozen=True, slots=True)
class Threat:
    """One enemy's attack on the unit: how it comes, its odds, and what it deals on average."""

    enemy: str
    how: str
    """ATTACK, CHARGE or ENGAGE."""
    chance: float
    low: int
    high: int
    expected: float
    """The damage it deals on average: chance × mean damage, summed over the attacks of one turn."""
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EnemyTurn:
    """Where one enemy may be at the end of its next turn, and from where it may still strike."""

    enemy: str
    moves: frozenset[Square]
    """Every anchor it may end its next turn on (its own included)."""
    strikes_from: frozenset[Square]
    """The anchors after whose move the rules still accept an attack."""
    attacks: frozenset[Square]
    """The squares it could attack next turn (a Medium target's square), from any of `strikes_from`."""
    offsets: tuple[Square, ...] = ()
    """Where the target may stand relative to the enemy's anchor for rule() to accept the attack."""


@dataclass(frozen=True)
class DangerMap:
    """The danger of every square for one unit, in one position: a lookup per square."""

    unit: str
    squares: Mapping[Square, tuple[Threat, ...]]
    """Anchor the unit might stand on → the enemies that could attack it there (most dangerous first)."""
    everywhere: tuple[Threat, ...] = ()
    """hexxen: the enemies that could engage the unit wherever it stands (no square is shaded)."""

    def at(self, sq: Square) -> tuple[Threat, ...]:
        """The threats to the unit if it stood on `sq`."""
        return self.squares.get(sq, ()) or self.everywhere

    def expected(self, sq: Square) -> float:
        """The damage the unit would take on `sq` on average, from every enemy that could attack it there."""
        return sum(threat.expected for threat in self.at(sq))

    def enemies(self) -> frozenset[str]:
        """Every enemy that threatens some square."""
        found = {threat.enemy for threat in self.everywhere}
        for threats in self.squares.values():
            found.update(threat.enemy for threat in threats)
        return frozenset(found)


def enemy_turn_situation(sit: Situation, enemy: str, lifted: str | None = None) -> Situation:
    """`sit` at the start of `enemy`'s next turn (its side to act, a fresh turn), `lifted` taken off the board."""
    ruleset = _ruleset(sit)
    creatures = {uid: c for uid, c in sit.creatures.items() if uid != lifted}
    turns = {uid: turn for uid, turn in sit.turns.items() if uid != lifted}
    bindings = frozenset(pair for pair in sit.bindings if lifted not in pair)
    base = dataclasses.replace(
        sit, creatures=creatures, turns=turns, bindings=bindings, active_side=sit.creatures[enemy].side
    )
    turns[enemy] = ruleset.new_turn(base, enemy)
    return dataclasses.replace(base, turns=turns)


def _ruleset(sit: Situation) -> Ruleset:
    from rules.ruleset import get_ruleset

    return get_ruleset(sit.ruleset)


def _placed(sit: Situation, creature: Creature, at: Square) -> Situation:
    """`sit` with `creature` standing on `at` (added when it was lifted)."""
    creatures = dict(sit.creatures)
    creatures[creature.id] = dataclasses.replace(creature, at=at)
    return dataclasses.replace(sit, creatures=creatures)


def attack_offsets(ruleset: Ruleset, turn_sit: Situation, enemy: str, victim: Creature) -> tuple[Square, ...]:
    """Where `victim` may stand, relative to the enemy's anchor, for the enemy's attack to be accepted by rule()."""
    me = turn_sit.creatures[enemy]
    span = max(1, round(me.reach / 1.5)) + 1
    (w, h), (vw, vh) = me.dims, victim.dims
    x0, y0 = me.at
    found = []
    for dy in range(-vh - span + 1, h + span):
        for dx in range(-vw - span + 1, w + span):
            if -vw < dx < w and -vh < dy < h:
                continue  # the two footprints would overlap
            probe = _placed(turn_sit, victim, (x0 + dx, y0 + dy))
            ruled = ruleset.rule(probe, Action("attack", enemy, target=victim.id), MissingDice())
            if isinstance(ruled, Ruling):
                found.append((dx, dy))
    return tuple(found)


def strike_bands(ruleset: Ruleset, turn_sit: Situation, enemy: str, reach: Sequence[Reach]) -> frozenset[str]:
    """The reach bands after whose move the rules still accept an attack (asked with one square of each band)."""
    bands: dict[str, Reach] = {}
    for entry in reach:
        if entry.band not in bands and entry.path and entry.target is None:
            bands[entry.band] = entry
    allowed = set()
    for band, entry in bands.items():
        move = action_for_band(band, enemy, tuple(entry.path))
        moved = ruleset.rule(turn_sit, move, MissingDice())
        if isinstance(moved, Ruling) and ruleset.precheck(apply(turn_sit, moved.effects), enemy, "attack") is None:
            allowed.add(band)
    return frozenset(allowed)


def enemy_turn(ruleset: Ruleset, turn_sit: Situation, enemy: str, victim: Creature) -> EnemyTurn:
    """Where `enemy` may end its next turn, from where it may strike, and the squares it could attack then
    (`victim` is the target the attacks are asked about: its size sets the offsets)."""
    me = turn_sit.creatures[enemy]
    reach = reach_cache.reachable(ruleset, turn_sit, enemy)
    moves = {entry.at for entry in reach if entry.target is None} | {me.at}
    strikes: set[Square] = {me.at}
    if ruleset.precheck(turn_sit, enemy, "attack") is None:
        bands = strike_bands(ruleset, turn_sit, enemy, reach)
        strikes.update(entry.at for entry in reach if entry.band in bands and entry.target is None)
    else:
        strikes.clear()
    offsets = attack_offsets(ruleset, turn_sit, enemy, victim)
    board = turn_sit.board
    attacks = {(x + dx, y + dy) for x, y in strikes for dx, dy in offsets if board.in_bounds((x + dx, y + dy))}
    return EnemyTurn(enemy, frozenset(moves), frozenset(strikes), frozenset(attacks), offsets)


def inspect_enemy(ruleset: Ruleset, sit: Situation, enemy: str) -> EnemyTurn | None:
    """An enemy's next turn as the board shades it when the enemy is selected: its reach and the squares it could
    attack (as a Medium target's); None when nobody opposes it."""
    me = sit.creatures[enemy]
    foes = [c for c in sit.creatures.values() if me.hostile_to(c) and not c.defeated]
    if not foes or ruleset.TACTICS:
        return None  # hexxen: no distances, nothing to shade
    turn_sit = enemy_turn_situation(sit, enemy)
    probe = dataclasses.replace(foes[0], size=Size.MEDIUM, space=None)
    return enemy_turn(ruleset, turn_sit, enemy, probe)


def _expected(ruleset: Ruleset, sit: Situation, action: Action, target: str) -> tuple[Odds, float] | None:
    """The odds of `action` and the damage of the whole turn's attacks on average, or None if refused."""
    odds = attack_odds(ruleset, sit, action)
    if isinstance(odds, Illegal):
        return None
    total, now, each = 0.0, sit, odds
    for _ in range(MAX_ATTACKS):
        total += each.chance * (each.low + each.high) / 2
        if action.kind != "attack":
            break  # a charge is one attack
        missed = ruleset.rule(now, action, MissingDice())  # the next attack follows a missed one
        if not isinstance(missed, Ruling):
            break
        now = apply(now, missed.effects)
        following = attack_odds(ruleset, now, action)
        if isinstance(following, Illegal) or now.creatures[target].defeated:
            break
        each = following
    return odds, total


def _threat(enemy: str, how: str, found: tuple[Odds, float]) -> Threat:
    odds, expected = found
    return Threat(enemy, how, odds.chance, odds.low, odds.high, expected, odds.rules)


def _attack_threat(
    ruleset: Ruleset, turn_sit: Situation, enemy: str, victim: Creature, squares: Iterable[Square]
) -> Threat | None:
    """The enemy's move and attack on the victim standing on the first of `squares` it works for (asked of the
    same approach the player's own attack takes: `approach.find_approach`)."""
    me = turn_sit.creatures[enemy]
    reach = reach_cache.reachable(ruleset, turn_sit, enemy)
    by_square = {entry.at: entry for entry in reach if entry.target is None}
    for sq in sorted(squares, key=lambda s: max(abs(s[0] - me.at[0]), abs(s[1] - me.at[1])))[:6]:
        placed = _placed(turn_sit, victim, sq)
        way = find_approach(ruleset, placed, enemy, victim.id, by_square)
        if isinstance(way, Approach):
            found = _expected(ruleset, way.after or placed, way.attack, victim.id)
            if found is not None:
                return _threat(enemy, ATTACK, found)
    return None


def _charges(
    ruleset: Ruleset, turn_sit: Situation, turn: EnemyTurn, victim: Creature, where: frozenset[Square]
) -> tuple[frozenset[Square], Threat | None]:
    """pf1: the squares of `where` on which the victim could be charged (PF1-CHARGE), and the charge's odds."""
    ends_of = charge_ends_of(ruleset)
    enemy = turn.enemy
    if ends_of is None or not where or ruleset.precheck(turn_sit, enemy, "charge") is not None:
        return frozenset(), None
    # candidates only, charge_ends decides: a charge ends where a move of at most twice the speed (the two
    # cheapest bands) could, and attacks from there
    ends = [entry.at for entry in reach_cache.reachable(ruleset, turn_sit, enemy) if entry.band in ruleset.BANDS[:2]]
    near = {(x + dx, y + dy) for x, y in ends for dx, dy in turn.offsets} & where
    found: dict[Square, tuple[Square, ...]] = {}
    for sq in sorted(near):
        placed = _placed(turn_sit, victim, sq)
        clear = [end for end in ends_of(placed, enemy, victim.id) if end.clear and end.path]
        if clear:
            found[sq] = clear[0].path
    if not found:
        return frozenset(), None
    # the odds asked once, of the shortest charge (rule() checks a charge's whole line each time it is asked)
    sq, path = min(found.items(), key=lambda item: (len(item[1]), item[0]))
    odds = _expected(ruleset, _placed(turn_sit, victim, sq), Action(CHARGE, enemy, path, target=victim.id), victim.id)
    return frozenset(found), _threat(enemy, CHARGE, odds) if odds is not None else None


def danger_map(ruleset: Ruleset, sit: Situation, unit: str, where: Collection[Square]) -> DangerMap:
    """The danger of each square of `where` (the squares the unit could stand on) for `unit`: each enemy's next
    turn asked of the rules (see the module)."""
    victim = sit.creatures[unit]
    where = frozenset(where)
    squares: dict[Square, list[Threat]] = {}
    everywhere: list[Threat] = []
    for enemy, foe in sorted(sit.creatures.items()):
        if foe.defeated or not foe.hostile_to(victim):
            continue
        if ruleset.TACTICS:
            turn_sit = enemy_turn_situation(sit, enemy)
            reach = reach_cache.reachable(ruleset, turn_sit, enemy)
            if any(entry.target == unit for entry in reach):
                found = _expected(ruleset, turn_sit, Action("attack", enemy, target=unit, tactic="front"), unit)
                if found is not None:
                    everywhere.append(_threat(enemy, ENGAGE, found))
            continue
        turn_sit = enemy_turn_situation(sit, enemy, lifted=unit)
        turn = enemy_turn(ruleset, turn_sit, enemy, victim)
        attacked = turn.attacks & where
        if attacked:
            threat = _attack_threat(ruleset, turn_sit, enemy, victim, attacked)
            if threat is not None:
                for sq in attacked:
                    squares.setdefault(sq, []).append(threat)
        charged, charge = _charges(ruleset, turn_sit, turn, victim, where - attacked)
        if charge is not None:
            for sq in charged:
                squares.setdefault(sq, []).append(charge)
    ranked = {sq: tuple(sorted(found, key=lambda t: (-t.expected, t.enemy))) for sq, found in squares.items()}
    return DangerMap(unit, ranked, tuple(sorted(everywhere, key=lambda t: (-t.expected, t.enemy))))


class DangerCache:
    """Danger maps and enemy turns, each worked out once per position (the situation's state key) and unit."""

    def __init__(self, limit: int = KEPT) -> None:
        self.limit = limit
        self._maps: OrderedDict[tuple[object, str, str], object] = OrderedDict()
        self.computed = 0
        """How many answers were worked out (not looked up): the tests and the bench read it."""

    def _get(self, key: tuple[object, str, str], work: Callable[[], object]) -> object:
        if key in self._maps:
            self._maps.move_to_end(key)
            return self._maps[key]
        value = work()
        self.put(key, value)
        return value

    def put(self, key: tuple[object, str, str], value: object) -> None:
        """Keep an answer worked out elsewhere (a worker thread) under `key`."""
        self.computed += 1
        self._maps[key] = value
        while len(self._maps) > self.limit:
            self._maps.popitem(last=False)

    def known(self, key: tuple[object, str, str]) -> object | None:
        """The answer kept under `key`, or None (never works anything out)."""
        return self._maps.get(key)

    @staticmethod
    def danger_key(sit: Situation, unit: str, mode: str | None = None) -> tuple[object, str, str]:
        """The key of a unit's danger map in a position and movement mode."""
        return (reach_cache.state_key(sit), unit, f"danger:{mode}")

    def danger(
        self, ruleset: Ruleset, sit: Situation, unit: str, where: Collection[Square], mode: str | None = None
    ) -> DangerMap:
        """`danger_map(ruleset, sit, unit, where)`, once per position, unit and movement mode (`where`, the unit's
        reach in that mode, follows from them)."""
        found = self._get(self.danger_key(sit, unit, mode), lambda: danger_map(ruleset, sit, unit, where))
        assert isinstance(found, DangerMap)
        return found

    def enemy(self, ruleset: Ruleset, sit: Situation, enemy: str) -> EnemyTurn | None:
        """`inspect_enemy(ruleset, sit, enemy)`, once per position and enemy."""
        key = (reach_cache.state_key(sit), enemy, "enemy")
        found = self._get(key, lambda: inspect_enemy(ruleset, sit, enemy))
        assert found is None or isinstance(found, EnemyTurn)
        return found
