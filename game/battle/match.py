"""A running match: one esper world, the turn order, a seeded RNG, the history and the log.

`Match.perform(action)` is the one way game state changes: the ruleset rules on the
action against a Situation read from the world, and the systems apply the Ruling's
effects. Undo and replays re-run the recorded actions from the seed.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

import esper

from game.battle import systems, world
from game.levels.level import Level
from game.storage.digest import sha256_hex
from rules.actions import Action
from rules.core import Effect, Event, Illegal, Ruling, Situation, Square, replaced, values
from rules.dice import d20
from rules.doors import ends
from rules.revision import DICE_STREAM
from rules.ruleset import Ruleset, get_ruleset

GB_TURN = "GB-TURN"
"""House rule: whose turn it is; turn order by sides or by initiative (docs/combat.md)."""

_worlds = itertools.count(1)


class CountingRandom(random.Random):
    """random.Random that counts its draws: whether an action rolled, without copying the generator's state.

    Every draw of random.Random goes through `random()` or `getrandbits()` (randint, choice,
    shuffle … call one of them), so the numbers are exactly those of random.Random. (The one
    thing not counted, gauss() handing out the second value of a pair it drew before, draws
    nothing; the rules roll with randint.)
    """

    draws: int = 0

    def random(self) -> float:
        """The next float in [0, 1), counted."""
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        """The next `k` random bits, counted."""
        self.draws += 1
        return super().getrandbits(k)


class StreamRandom(CountingRandom):
    """Dice stream 2: one generator per (actor, round), so a roll is the k-th of its actor in its round.

    Common random numbers: two games on one seed (a variant and its base) give the same unit in the
    same round the same dice even when another unit rolled more or fewer dice before it, so the games
    stay alike wherever the variant did not change them. Each generator is seeded with a stable hash
    (sha256) of (match seed, actor, round); `at` names whose dice are rolled next.
    """

    def __init__(self, seed: int) -> None:
        self.key: tuple[str, int] = ("", 0)
        super().__init__(seed)  # calls seed(), which sets the root and empties the streams

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start over from root seed `a`: every actor's stream is drawn afresh from it."""
        super().seed(a, version)
        self.root = a
        self.streams: dict[tuple[str, int], random.Random] = {}

    def at(self, actor: str, round_: int) -> None:
        """The next draws are `actor`'s in round `round_` (initiative: round 0)."""
        self.key = (actor, round_)

    def _stream(self) -> random.Random:
        stream = self.streams.get(self.key)
        if stream is None:
            actor, round_ = self.key
            digest = sha256_hex(f"{self.root}|{actor}|{round_}".encode())  # not hashlib: OpenSSL at start-up
            stream = self.streams[self.key] = random.Random(int(digest[:16], 16))  # its first 8 bytes
        return stream

    def getstate(self) -> Any:
        """The state of every actor's stream (what the dice will roll next), not only the unused root's."""
        return tuple(sorted((key, stream.getstate()) for key, stream in self.streams.items()))

    def setstate(self, state: Any) -> None:
        """Restore a state `getstate` gave (whose dice come next is named again before each roll)."""
        self.streams = {}
        for key, inner in state:
            stream = self.streams[key] = random.Random()
            stream.setstate(inner)

    def random(self) -> float:
        """The next float in [0, 1) of the current actor's stream, counted."""
        self.draws += 1
        return self._stream().random()

    def getrandbits(self, k: int, /) -> int:
        """The next `k` random bits of the current actor's stream, counted."""
        self.draws += 1
        return self._stream().getrandbits(k)


def dice(seed: int, stream: int) -> CountingRandom:
    """The dice of a match on `seed` rolled as dice stream `stream` (1: one sequence; 2: per actor and round)."""
    return StreamRandom(seed) if stream >= 2 else CountingRandom(seed)


class BadAction(ValueError):
    """An action that names something that does not exist (bad input, not a rules question)."""


@dataclass(frozen=True, slots=True)
class DoorChange:
    """A door an action opened or closed: the door square `at`, or the edge door between `at` and `to`."""

    at: Square
    to: Square | None
    opened: bool
    """True: the door is open after the action."""

    def to_json(self) -> dict[str, Any]:
        """`{"at": [x, y], "to": [x, y] or null, "open": bool}` (`run --json`, docs/commands.md)."""
        return {"at": list(self.at), "to": list(self.to) if self.to is not None else None, "open": self.opened}


def door_change(action: Action, result: Ruling | Illegal) -> DoorChange | None:
    """The door `action` opened or closed, read from its ruling's effects; None for any other action or a refusal."""
    if isinstance(result, Illegal) or action.at is None:
        return None
    at = (action.at[0], action.at[1])
    for effect in result.effects:
        if effect.kind == "door":  # an edge door: value True = it becomes open
            return DoorChange(at, action.to, bool(effect.value))
        if effect.kind == "board" and effect.key == f"{at[0]},{at[1]}":  # a door square gets its new terrain
            kinds = getattr(effect.value, "kinds", frozenset())
            if "door_open" in kinds or "door_closed" in kinds:
                return DoorChange(at, None, "door_open" in kinds)
    return None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the match log."""

    round: int
    unit: str | None
    kind: str
    text: str
    rules: tuple[str, ...]
    ok: bool
    events: tuple[Event, ...] = ()
    to: Square | None = None
    """Where the action ended (its path's last square), for log lines written in another language."""
    target: str | None = None
    cost_m: float = 0.0
    refusal: Illegal | None = None
    """Why a refused action was refused, for the log line in the player's language."""
    door: DoorChange | None = None
    """The door an interact opened or closed, for the log line in the player's language."""


@dataclass(slots=True)
class Record:
    """One performed action with the ruling it got and whether dice were rolled."""

    action: Action
    result: Ruling | Illegal
    rolled: bool


@dataclass(slots=True)
class TurnOrder:
    """Who acts now: a side (turns = "sides") or one unit (turns = "initiative")."""

    mode: str
    sides: list[str]
    initiative: list[str] = field(default_factory=list)
    index: int = 0

    def active_side(self, side_of: dict[str, str]) -> str:
        """The side whose turn it is."""
        if self.mode == "initiative":
            return side_of[self.initiative[self.index]]
        return self.sides[self.index]

    def active_unit(self) -> str | None:
        """The unit whose turn it is (initiative only)."""
        return self.initiative[self.index] if self.mode == "initiative" else None

    def length(self) -> int:
        """Turns in one round."""
        return len(self.initiative) if self.mode == "initiative" else len(self.sides)


_REREAD_KINDS = frozenset(("place", "set", "damage", "turn", "bind", "unbind", "board", "door"))
"""Effect kinds whose changes Match._reread knows where to find (game/battle/systems.py)."""


class Match:
    """One match on one level with one seed."""

    def __init__(self, level: Level, seed: int = 0, dice_stream: int = DICE_STREAM) -> None:
        self.level = level
        self.seed = seed
        self.dice_stream = dice_stream
        """How the dice are drawn (rules/revision.py DICE_STREAM); a replay passes the stream it was made with."""
        self.ruleset: Ruleset = get_ruleset(level.ruleset)
        self.world_name = f"match-{next(_worlds)}"
        self._version = 0
        """Bumped whenever the world changes, so situation() knows when to read it again."""
        self._cached: tuple[tuple[int, int, int], Situation] | None = None
        self._delta: tuple[int, int, set[str], set[str]] | None = None
        """(version of the cached situation, version after the last apply, units named and effect kinds applied
        since): what situation() must read again; only effects change the world between the two versions."""
        self.history: list[Record] = []
        self.log: list[LogEntry] = []
        self._build()

    # --- set-up -----------------------------------------------------------------

    def _build(self) -> None:
        """(Re)create the world from the level and start the first turn."""
        self.rng = dice(self.seed, self.dice_stream)
        self._sides = {unit.id: unit.side for unit in self.level.units}
        self._started = frozenset(unit.side for unit in self.level.units)
        """The sides that started with units (only those can be eliminated)."""
        self.round = 1
        self.finished = False
        self.winner: str | None = None
        self._version += 1
        self._delta = None
        self._drop_world()  # a rebuild (undo, replay) starts from an empty world
        self._enter()
        self.entities = world.populate(self.level.board, self.level.units)
        """unit id → entity: how the systems find a unit without scanning the world."""
        systems.install(self.entities)
        sides = [s.id for s in self.level.sides]
        self.order = TurnOrder(self.level.turns, sides)
        if self.level.turns == "initiative":
            self.order.initiative = self._roll_initiative()
        self._start_turn()

    def _roll_initiative(self) -> list[str]:
        """d20 + initiative per unit; ties by bonus, then level order (GB-TURN)."""
        rolls = []
        for rank, unit in enumerate(self.level.units):
            self._roller(unit.id, 0)
            rolls.append((-(d20(self.rng) + unit.initiative), -unit.initiative, rank, unit.id))
        rolls.sort()
        return [r[3] for r in rolls]

    def _roller(self, actor: str, round_: int) -> None:
        """Name whose dice come next (dice stream 2 draws them from that actor's stream of the round)."""
        if isinstance(self.rng, StreamRandom):
            self.rng.at(actor, round_)

    def _enter(self) -> None:
        """Make this match's esper world the current one."""
        if esper.current_world != self.world_name:
            esper.switch_world(self.world_name)

    def close(self) -> None:
        """Delete this match's world."""
        self._drop_world()

    def _drop_world(self) -> None:
        """Delete this match's esper world."""
        if esper.current_world == self.world_name:
            esper.switch_world("default")
        if self.world_name in esper.list_worlds():
            esper.delete_world(self.world_name)

    # --- reading ----------------------------------------------------------------

    def side_of(self) -> dict[str, str]:
        """unit id → side id (kept up to date by apply, so no world read is needed)."""
        return dict(self._sides)

    @property
    def active_side(self) -> str:
        """The side whose turn it is."""
        return self.order.active_side(self._sides)  # only read: no copy (side_of() gives callers one)

    @property
    def active_unit(self) -> str | None:
        """The unit whose turn it is (initiative), else None."""
        return self.order.active_unit()

    def situation(self) -> Situation:
        """The current state as the rules see it (kept until an effect or a turn change alters the world)."""
        self._enter()
        key = (self._version, self.round, self.order.index)
        cached = self._cached
        if cached is None or cached[0] != key:
            if cached is not None and cached[0][0] == self._version:
                # only the turn passed on (round, order): the world is as it was read, so the
                # new situation is the old one with its round and active side (no full read)
                sit = replaced(cached[1], round=self.round, active_side=self.active_side)
            else:
                sit = self._reread() or world.situation(
                    self.level.ruleset, self.level.options, self.round, self.active_side
                )
            self._cached = (key, sit)
        return self._cached[1]

    def _reread(self) -> Situation | None:
        """The situation after the effects applied since the cached one was read, reading only what they changed.

        Each system changes only the components of the units an effect names, the board, the
        bindings or the turn states (game/battle/systems.py); anything else that changes the world
        bumps the version without an apply, which breaks the chain of `_delta`. None when
        what changed is not known that way: then the whole world is read.
        """
        delta, cached = self._delta, self._cached
        if delta is None or cached is None:
            return None
        base, end, units, kinds = delta
        before = cached[1]
        if (
            base != cached[0][0]
            or end != self._version
            or not kinds <= _REREAD_KINDS
            or not units <= before.creatures.keys()
        ):
            return None
        return Situation(
            ruleset=self.level.ruleset,
            board=world.board() if kinds & {"board", "door"} else before.board,
            creatures=world.reread(before.creatures, self.entities, units),
            turns=self._reread_turns(before.turns, units) if "turn" in kinds else before.turns,
            bindings=world.bindings() if kinds & {"bind", "unbind"} else before.bindings,
            options=self.level.options,
            round=self.round,
            active_side=self.active_side,
            memo=before.memo,
        )

    def _reread_turns(self, before: dict[str, Any], units: set[str]) -> dict[str, Any]:
        """The turn states after "turn" effects, which change only the states of the units they name (TurnSystem)."""
        turns = world.reread_turns(before, self.entities, units)
        return world.turns() if turns is None else turns

    def can_act(self, unit: str) -> Illegal | None:
        """None when `unit` may act now, else why not (GB-TURN)."""
        sit = self.situation()
        if unit not in sit.creatures:
            raise BadAction(f"no unit {unit!r} on this level")
        if self.finished:
            return Illegal(GB_TURN, "the match is over", reason="game.over")
        c = sit.creatures[unit]
        if c.defeated:
            return Illegal(
                GB_TURN, f"{unit} is down and cannot act", c.at, reason="game.down", params=values(unit=unit)
            )
        if self.order.mode == "initiative" and self.active_unit != unit:
            why = f"it is {self.active_unit}'s turn, not {unit}'s"
            params = values(active=self.active_unit or "", unit=unit)
            return Illegal(GB_TURN, why, c.at, reason="game.not_your_turn", params=params)
        if c.side != self.active_side:
            why = f"it is side {self.active_side}'s turn, not {c.side}'s"
            params = values(active_side=self.active_side or "", side=c.side)
            return Illegal(GB_TURN, why, c.at, reason="game.not_your_side", params=params)
        return None

    # --- changing ---------------------------------------------------------------

    def perform(self, action: Action) -> Ruling | Illegal:
        """Rule on `action` and apply it if legal; the one way state changes."""
        before = self.rng.draws
        taken = self.round  # an end_turn may start the next round: its line belongs to the round it ended
        result = self._perform(action)
        rolled = self.rng.draws != before
        self.history.append(Record(action, result, rolled))
        self._log(action, result, taken)
        return result

    def _perform(self, action: Action) -> Ruling | Illegal:
        if action.kind == "end_turn":
            if self.finished:
                return Illegal(GB_TURN, "the match is over", reason="game.over")
            self.end_turn()
            return Ruling(rules=(GB_TURN,), message=f"turn of {self.active_unit or self.active_side}")
        if action.unit is None:
            raise BadAction(f"action {action.kind!r} needs a unit")
        refusal = self.can_act(action.unit)
        if refusal is not None:
            return refusal
        sit = self.situation()
        if action.target is not None and action.target not in sit.creatures:
            raise BadAction(f"no unit {action.target!r} on this level")
        self._roller(action.unit, self.round)
        result = self.ruleset.rule(sit, action, self.rng)  # the whole ruling, attacks of opportunity included
        if isinstance(result, Ruling):
            self.apply(result.effects)
            self._check_victory()
        return result

    def apply(self, effects: tuple[Effect, ...] | list[Effect]) -> None:
        """Hand effects to the systems (in PIPELINE order)."""
        if not effects:
            return
        self._enter()
        systems.queue(effects)
        esper.process()
        self._sides.update({e.unit: e.value for e in effects if e.kind == "set" and e.key == "side" and e.unit})
        named = {u for e in effects for u in (e.unit, e.other) if u is not None}
        kinds = {e.kind for e in effects}
        if self._cached is not None and self._cached[0][0] == self._version:
            # the cached situation is the world just before these effects: note what they change
            self._delta = (self._version, self._version + 1, named, kinds)
        elif self._delta is not None and self._delta[1] == self._version:
            # more effects since the last apply and nothing else: add what they change
            self._delta = (self._delta[0], self._version + 1, self._delta[2] | named, self._delta[3] | kinds)
        else:
            self._delta = None
        self._version += 1

    def end_turn(self) -> None:
        """Pass the turn on; a new round starts after the last side or unit."""
        alive = self._standing_units()
        for _ in range(self.order.length()):
            self.order.index += 1
            if self.order.index >= self.order.length():
                self.order.index = 0
                self.round += 1
                self._check_victory()
            if self.order.mode == "sides" or self.order.initiative[self.order.index] in alive:
                break
        self._start_turn()

    def _start_turn(self) -> None:
        """Fresh turn budgets for the units whose turn starts."""
        sit = self.situation()
        if self.order.mode == "initiative":
            starting = [self.order.initiative[self.order.index]]
        else:
            side = self.active_side  # once, not per unit: it is read from the turn order
            starting = [uid for uid, c in sit.creatures.items() if c.side == side]
        world.set_turn_states({uid: self.ruleset.new_turn(sit, uid) for uid in starting})
        self._version += 1
        # only the turn states changed: the new situation is this one with them (no full read of the world)
        self._cached = ((self._version, self.round, self.order.index), replaced(sit, turns=world.turns()))

    def _standing_units(self) -> set[str]:
        return {uid for uid, c in self.situation().creatures.items() if not c.defeated}

    def _check_victory(self) -> None:
        """Victory when only one side that started with units has units standing, or a hold-out's rounds are over.

        A side without units at the start is never eliminated (docs/json.md), so a level with
        units on one side only is a sandbox that never ends by elimination.
        """
        sit = self.situation()
        started = self._started
        standing = {c.side for c in sit.creatures.values() if not c.defeated} & started
        if len(started) >= 2 and len(standing) <= 1:
            self.finished = True
            self.winner = next(iter(standing), None)
        elif self.level.victory_rounds is not None and self.round > self.level.victory_rounds:
            self.finished = True
            self.winner = self.level.sides[-1].id if self.level.sides[-1].id in standing else None

    def undo(self) -> bool:
        """Take back the last action unless it rolled a die; True if something was undone."""
        if not self.history or self.history[-1].rolled:
            return False
        actions = [r.action for r in self.history[:-1]]
        self.history.clear()
        self.log.clear()
        self._build()
        for action in actions:
            self.perform(action)
        return True

    # --- reporting --------------------------------------------------------------

    def _log(self, action: Action, result: Ruling | Illegal, taken: int) -> None:
        """Add the action and its ruling to the log: the action under the round it was `taken` in, its events under
        the round they happen in (a new round's start after the last turn)."""
        who = action.unit
        if isinstance(result, Illegal):
            text = f"{who or ''} {action.kind}: refused — {result.message}".strip()
            self.log.append(LogEntry(taken, who, action.kind, text, (result.rule,), False, refusal=result))
            return
        kind, path, target, message = action.kind, action.path, action.target, result.message
        parts = [f"{who} {kind}" if who else kind]
        # the structured details too, so the UI can write the line in the player's language
        to = path[-1] if path else None
        if to is not None:
            parts.append(f"to {list(to)}")
        if target:
            parts.append(f"on {target}")
        cost = result.cost_m if result.cost else 0.0
        if result.cost:
            parts.append(f"{cost:g} m")
        if message:
            parts.append(f"— {message}")
        events = result.events
        # door_change reads only an action aimed at a square (an interact); for any other it is None
        door = door_change(action, result) if action.at is not None else None
        log = self.log
        text = " ".join(parts)
        log.append(LogEntry(taken, who, kind, text, result.rules, True, events, to, target, cost, None, door))
        for event in events:
            log.append(LogEntry(self.round, event.unit, event.kind, event.text(), (event.rule,), True, (event,)))

    def movement_summary(self, unit: str) -> tuple[float, float]:
        """Metres moved this turn and metres left, as the ruleset counts them."""
        summary = self.ruleset.movement_summary(self.situation(), unit)
        return (0.0, 0.0) if summary is None else summary

    def state_json(self) -> dict[str, Any]:
        """The `state` object of `run --json` (docs/json.md)."""
        sit = self.situation()
        units: dict[str, Any] = {}
        for uid, c in sit.creatures.items():
            moved, remaining = self.movement_summary(uid)
            partners = sorted(p for pair in sit.bindings if uid in pair for p in pair if p != uid)
            units[uid] = {
                "at": list(c.at),
                "hp": c.hp,
                "prone": c.prone,
                "helpless": c.helpless,
                "mode": c.mode,
                "moved_m": moved,
                "remaining_m": remaining,
                "bound_to": partners,
                "defeated": c.defeated,
                "squeezed": c.squeezed,
                # docs/json.md: the current footprint (squeezed or full), `at` its top-left square
                "dims": list(c.dims),
            }
        out: dict[str, Any] = {"round": self.round, "active": self.active_side, "units": units}
        if sit.board.doors:  # doors on square edges and whether each is open now (docs/commands.md)
            out["doors"] = [
                {"a": list(a), "b": list(b), "open": sit.board.doors[key]}
                for key in sorted(sit.board.doors, key=lambda k: [(s[1], s[0]) for s in ends(k)])
                for a, b in (ends(key),)
            ]
        if self.active_unit:
            out["active_unit"] = self.active_unit
        if self.finished:
            out["winner"] = self.winner
        return out
