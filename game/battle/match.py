"""A running match: its state (the newest Situation), the turn order, seeded dice, the history and the log.

`Match.perform(action)` is the one way game state changes: the ruleset rules on the action
against the match's Situation, and the Ruling's effects make the next Situation through
`rules.effects.apply`, the one meaning of every effect. The esper world only shows the state: its
systems write the new situation into the components (game/battle/world.py). The match keeps
the state before each action (a `Moment`), so undo restores it and the replay viewer steps back
by restoring one; neither replays the match from its seed.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from game import caches
from game.battle.world import World
from game.levels.level import Level
from game.storage.digest import sha256_hex
from rules import effects as meaning
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
        self._states: dict[tuple[str, int], Any] = {}
        """Each stream's state as `getstate` last gave it: a stream that has not drawn since is not read again."""
        self._drawn: set[tuple[str, int]] = set()
        """The streams that drew since `getstate` last read them."""

    def at(self, actor: str, round_: int) -> None:
        """The next draws are `actor`'s in round `round_` (initiative: round 0)."""
        self.key = (actor, round_)

    def _stream(self) -> random.Random:
        self._drawn.add(self.key)
        stream = self.streams.get(self.key)
        if stream is None:
            actor, round_ = self.key
            digest = sha256_hex(f"{self.root}|{actor}|{round_}".encode())  # not hashlib: OpenSSL at start-up
            stream = self.streams[self.key] = random.Random(int(digest[:16], 16))  # its first 8 bytes
        return stream

    def getstate(self) -> Any:
        """The state of every actor's stream (what the dice will roll next), not only the unused root's.

        Only the streams that drew since the last call are read again; the others give the same
        (immutable) state objects, so states kept one per action share what did not change."""
        states, streams = self._states, self.streams
        for key in self._drawn:
            states[key] = streams[key].getstate()
        self._drawn.clear()
        return tuple(sorted(states.items()))

    def setstate(self, state: Any) -> None:
        """Restore a state `getstate` gave (whose dice come next is named again before each roll).

        A stream that has not drawn since `getstate` gave this very state object is kept as it is."""
        streams, states, drawn = self.streams, self._states, self._drawn
        self.streams = {}
        for key, inner in state:
            stream = streams.get(key)
            if stream is None or key in drawn or states.get(key) is not inner:
                stream = random.Random()
                stream.setstate(inner)
            self.streams[key] = stream
        self._states = dict(state)
        self._drawn = set()

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


@dataclass(frozen=True, slots=True)
class Moment:
    """The state of a match between two actions: what undo and the replay viewer put back.

    `situation` holds the units, board, turn states, bindings, round and active side; the rest
    is the match's own: whose turn in the turn order, whether it is over, and how long its
    history and log were. `dice` is the dice generator's state (`Match.checkpoint` keeps it; the
    moments kept for undo do not: undo never takes back an action that rolled, so the dice before
    the undone action are the dice now, and reading the generator's state after each action would
    cost a game of `simulate` a few per cent).
    """

    situation: Situation
    index: int
    """The turn order's index (TurnOrder.index)."""
    finished: bool
    winner: str | None
    records: int
    """len(Match.history)."""
    lines: int
    """len(Match.log)."""
    draws: int
    """The dice drawn so far (CountingRandom.draws)."""
    dice: Any = None
    """The dice generator's state (random.Random.getstate), or None when not kept."""


@dataclass(frozen=True, slots=True)
class Past:
    """What a match has done: its records, its log lines and the moment before each record (the lists themselves)."""

    history: list[Record]
    log: list[LogEntry]
    moments: list[Moment]


class Match:
    """One match on one level with one seed; its state is `situation()`, changed only by `perform`."""

    def __init__(self, level: Level, seed: int = 0, dice_stream: int = DICE_STREAM) -> None:
        self.level = level
        self.seed = seed
        self.dice_stream = dice_stream
        """How the dice are drawn (rules/revision.py DICE_STREAM); a replay passes the stream it was made with."""
        self.ruleset: Ruleset = get_ruleset(level.ruleset)
        self.rng = dice(seed, dice_stream)
        self._started = frozenset(unit.side for unit in level.units)
        """The sides that started with units (only those can be eliminated)."""
        self.finished = False
        self.winner: str | None = None
        self.history: list[Record] = []
        self.log: list[LogEntry] = []
        self._moments: list[Moment] = []
        """The state before each record of `history` (one each): undo puts the last one back."""
        self._kept_dice: tuple[int, Any] | None = None
        """(draws, state) of the dice as `checkpoint` last read them: kept moments share an unchanged state."""
        self.order = TurnOrder(level.turns, [s.id for s in level.sides])
        if level.turns == "initiative":
            self.order.initiative = self._roll_initiative()
        self._sit = Situation(
            ruleset=level.ruleset,
            board=level.board,
            creatures={c.id: c for c in level.units},
            options=level.options,
            round=1,
            memo=caches.RULES,
        )
        self.world_name = f"match-{next(_worlds)}"
        self.world = World(self.world_name)
        """The esper world that shows the state (written by its systems after every change; never read back)."""
        self.world.show(None, self._sit)
        self._start_turn()

    # --- set-up -----------------------------------------------------------------

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

    def close(self) -> None:
        """Delete this match's esper world (the match itself stays readable; a later change makes the world again)."""
        self.world.close()

    # --- reading ----------------------------------------------------------------

    def side_of(self) -> dict[str, str]:
        """unit id → side id."""
        return {uid: c.side for uid, c in self._sit.creatures.items()}

    @property
    def round(self) -> int:
        """The round being played (1 first)."""
        return self._sit.round

    @property
    def active_side(self) -> str:
        """The side whose turn it is."""
        order = self.order
        if order.mode == "initiative":
            return self._sit.creatures[order.initiative[order.index]].side
        return order.sides[order.index]

    @property
    def active_unit(self) -> str | None:
        """The unit whose turn it is (initiative), else None."""
        return self.order.active_unit()

    def situation(self) -> Situation:
        """The current state as the rules see it (immutable: a change makes a new one)."""
        return self._sit

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
        moment = self._moment(None)
        draws = self.rng.draws
        taken = self.round  # an end_turn may start the next round: its line belongs to the round it ended
        result = self._perform(action)
        self._moments.append(moment)
        self.history.append(Record(action, result, self.rng.draws != draws))
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
        """Change the state by `effects`, as `rules.effects.apply` means them (an unknown one raises, changing nothing).

        `perform` applies a ruling's effects with it; tests and the fuzzers set up positions with it."""
        if effects:
            self._set(meaning.apply(self._sit, effects))

    def _set(self, sit: Situation) -> None:
        """Make `sit` the state: the one place the match's situation changes, and the world is written from it."""
        self.world.show(self._sit, sit)
        self._sit = sit

    def end_turn(self) -> None:
        """Pass the turn on; a new round starts after the last side or unit."""
        alive = self._standing_units()
        order = self.order
        for _ in range(order.length()):
            order.index += 1
            if order.index >= order.length():
                order.index = 0
                self._set(replaced(self._sit, round=self.round + 1))
                self._check_victory()
            if order.mode == "sides" or order.initiative[order.index] in alive:
                break
        self._start_turn()

    def _start_turn(self) -> None:
        """The turn of the side or unit now in the turn order starts: fresh turn budgets for its units."""
        side = self.active_side
        sit = replaced(self._sit, active_side=side)
        if self.order.mode == "initiative":
            starting = [self.order.initiative[self.order.index]]
        else:
            starting = [uid for uid, c in sit.creatures.items() if c.side == side]
        turns = dict(sit.turns)
        turns.update({uid: self.ruleset.new_turn(sit, uid) for uid in starting})
        self._set(replaced(sit, turns=turns))

    def _standing_units(self) -> set[str]:
        return {uid for uid, c in self._sit.creatures.items() if not c.defeated}

    def _check_victory(self) -> None:
        """Victory when only one side that started with units has units standing, or a hold-out's rounds are over.

        A side without units at the start is never eliminated (docs/json.md), so a level with
        units on one side only is a sandbox that never ends by elimination.
        """
        started = self._started
        standing = {c.side for c in self._sit.creatures.values() if not c.defeated} & started
        if len(started) >= 2 and len(standing) <= 1:
            self.finished = True
            self.winner = next(iter(standing), None)
        elif self.level.victory_rounds is not None and self.round > self.level.victory_rounds:
            self.finished = True
            self.winner = self.level.sides[-1].id if self.level.sides[-1].id in standing else None

    # --- going back -------------------------------------------------------------

    def undo(self) -> bool:
        """Take back the last action unless it rolled a die (the dice stand, GB-TURN); True if something was undone.

        The state before it is put back as it was kept (`Moment`); nothing is replayed."""
        if not self.history or self.history[-1].rolled:
            return False
        self.restore(self._moments[-1])
        return True

    def _moment(self, dice: Any) -> Moment:
        """The state now, with the dice generator's state `dice` (None: not kept)."""
        return Moment(
            self._sit,
            self.order.index,
            self.finished,
            self.winner,
            len(self.history),
            len(self.log),
            self.rng.draws,
            dice,
        )

    def checkpoint(self) -> Moment:
        """The whole state now, the dice generator's included: `restore` goes back (or forward) to it from anywhere."""
        kept = self._kept_dice
        if kept is None or kept[0] != self.rng.draws:
            kept = self._kept_dice = (self.rng.draws, self.rng.getstate())
        return self._moment(kept[1])

    def past(self) -> Past:
        """The match's history, log and kept moments (its own lists: `restore` from them never changes them)."""
        return Past(self.history, self.log, self._moments)

    def restore(self, moment: Moment, past: Past | None = None) -> None:
        """Put the state of `moment` back: its situation, turn order, end, dice, and the history and log as they were.

        Without `past` the match's own history, log and moments are cut back to the moment; with
        it (an earlier `past()`, which reached at least as far) they are copied from it, so the
        replay viewer can step to any moment it kept, forward or back. A moment without the dice's
        state needs the dice as they are now (undo's case)."""
        if moment.dice is not None:
            self.rng.setstate(moment.dice)
            self.rng.draws = moment.draws
            self._kept_dice = (moment.draws, moment.dice)
        elif moment.draws != self.rng.draws:
            raise ValueError("this moment did not keep the dice, and dice were rolled since")
        if past is None:
            del self.history[moment.records :]
            del self.log[moment.lines :]
            del self._moments[moment.records :]
        else:
            self.history = past.history[: moment.records]
            self.log = past.log[: moment.lines]
            self._moments = past.moments[: moment.records]
        self.order.index = moment.index
        self.finished, self.winner = moment.finished, moment.winner
        self._set(moment.situation)  # the world shows the match's state: what differs is written, by identity

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
