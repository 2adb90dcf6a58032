"""Core types of the rule book: squares, sizes, terrain, board, creatures, rulings.

Everything here is immutable and free of I/O. Rulesets (`rules.pf1`, `rules.dnd5e`,
`rules.hexxen`) read a `Situation` and answer with a `Ruling` (legal: cost, rule ids,
events, effects) or an `Illegal` (the rule id that forbids it, a message, where).
The running game applies a Ruling's `effects` to its components; nothing else changes
game state.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import IntEnum
from typing import Any, TypeVar

from rules.memo import Memo
from rules.to_hit import ToHit
from rules.traits import NO_TRAITS, Traits

Square = tuple[int, int]
"""A square `(x, y)`: 0-based, x to the right, y down."""

_T = TypeVar("_T")


def replaced(obj: _T, **changes: Any) -> _T:
    """`dataclasses.replace(obj, **changes)` for the rules' records, rebuilt positionally through `__init__`.

    A creature, a turn state or a ruling is copied on every action and every read of the world;
    a class whose fields are all plain positional init fields is read with one attrgetter and
    rebuilt by calling the class with the values in field order (what dataclasses.replace does,
    without its per-call field inspection); any other class goes to dataclasses.replace. An
    unknown name is a TypeError.
    """
    cls = type(obj)
    layout = _layout(cls)
    if layout is None:
        return replace(obj, **changes)  # type: ignore[type-var]
    read, index = layout
    values = list(read(obj))
    for name, value in changes.items():
        at = index.get(name)
        if at is None:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        values[at] = value
    return cls(*values)


@functools.cache  # a class's fields never change once it is made
def _layout(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]] | None:
    """(a reader of all the class's fields in order, field name → position), or None: use dataclasses.replace."""
    names = [f.name for f in fields(cls)]
    if (
        len(names) < 2
        or len(names) != len(cls.__dataclass_fields__)
        or any(not f.init or f.kw_only for f in fields(cls))
    ):
        # attrgetter of one name returns no tuple; a class variable, an InitVar or a keyword-only
        # field would not line up with the positional parameters of __init__
        return None
    return operator.attrgetter(*names), {name: i for i, name in enumerate(names)}


SQUARE_CM = 150
"""One square is 1.5 m (PF1-SQUARE)."""


class Size(IntEnum):
    """Size categories in the PF1-GRID-SIZES order; differences are category steps."""

    FINE = 0
    DIMINUTIVE = 1
    TINY = 2
    SMALL = 3
    MEDIUM = 4
    LARGE = 5
    HUGE = 6
    GARGANTUAN = 7
    COLOSSAL = 8

    @classmethod
    def parse(cls, name: str) -> Size:
        """The size named `name` (lower-case level-file spelling)."""
        return cls[name.upper()]

    @property
    def label(self) -> str:
        """The level-file spelling of this size."""
        return self.name.lower()


_SIDE_SQUARES = {
    Size.FINE: 1,
    Size.DIMINUTIVE: 1,
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
    Size.COLOSSAL: 6,
}


def side_squares(size: Size) -> int:
    """Side length in squares of a creature's full space (PF1-GRID-SIZES, D5-GRID-FOOTPRINT)."""
    return _SIDE_SQUARES[size]


# --- terrain -------------------------------------------------------------------------

TERRAIN_KINDS = ("floor", "wall", "difficult", "hampering", "pit", "narrow", "dark", "door_closed", "door_open")
"""Every terrain kind a legend may name. A square may hold several (e.g. difficult + hampering)."""

NARROW_CLEARANCE_M = 0.75
"""Default clearance of a `narrow` square (docs/levels.md, legend)."""


@dataclass(frozen=True, slots=True)
class Terrain:
    """What one square holds: a set of kinds plus the properties some kinds take."""

    kinds: frozenset[str] = frozenset()
    clearance_m: float | None = None
    """Free width of the square in metres; None means the full 1.5 m."""
    skill_check: bool = False
    """PF1-OBSTACLE-SKILL: crossing needs a check (the check is not in the texts)."""
    symbol: str = "."

    @property
    def wall(self) -> bool:
        """Solid blocking terrain: blocks and forms corners."""
        return "wall" in self.kinds or "door_closed" in self.kinds

    @property
    def pit(self) -> bool:
        """Open blocking terrain: blocks walkers, forms no corner, avoidable by air."""
        return "pit" in self.kinds

    @property
    def difficult(self) -> bool:
        """Difficult terrain (a surface: flyers ignore it)."""
        return "difficult" in self.kinds

    @property
    def hampering(self) -> bool:
        """A hampering obstacle inside the square."""
        return "hampering" in self.kinds

    @property
    def dark(self) -> bool:
        """Poor visibility (PF1-HAMPERED)."""
        return "dark" in self.kinds

    @property
    def door(self) -> bool:
        """A door, open or closed (dnd5e extension)."""
        return "door_closed" in self.kinds or "door_open" in self.kinds

    @property
    def clearance(self) -> float:
        """Free width in metres (1.5 for an ordinary square)."""
        if self.clearance_m is not None:
            return self.clearance_m
        if "narrow" in self.kinds:
            return NARROW_CLEARANCE_M
        return SQUARE_CM / 100


EdgeKey = frozenset[Square]
"""An edge between two orthogonal neighbours, as the set of both squares."""


def edge_key(a: Square, b: Square) -> EdgeKey:
    """The key of the edge between orthogonal neighbours `a` and `b`."""
    return frozenset((a, b))


@dataclass(frozen=True, slots=True)
class Board:
    """The map: terrain per square (row-major) and wall segments on edges."""

    width: int
    height: int
    tiles: tuple[Terrain, ...]
    edges: Mapping[EdgeKey, str] = field(default_factory=dict)
    """Edge → "hampering" | "blocking"; a closed edge door is "blocking" here, an open one absent (rules/doors.py)."""
    doors: Mapping[EdgeKey, bool] = field(default_factory=dict)
    """Edge doors (`[[map.edges]] kind = "door"`) → whether each is open."""

    def in_bounds(self, sq: Square) -> bool:
        """Whether `sq` lies on the map."""
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def terrain(self, sq: Square) -> Terrain:
        """Terrain of an on-map square."""
        return self.tiles[sq[1] * self.width + sq[0]]

    def edge(self, a: Square, b: Square) -> str | None:
        """The wall segment between orthogonal neighbours, if any."""
        return self.edges.get(frozenset((a, b)))

    def with_terrain(self, sq: Square, terrain: Terrain) -> Board:
        """A copy with one square changed (doors opening, editor)."""
        tiles = list(self.tiles)
        tiles[sq[1] * self.width + sq[0]] = terrain
        return replace(self, tiles=tuple(tiles))


# --- creatures -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Creature:
    """A read-only view of one unit: level data plus its current state.

    The fields are what every ruleset and the window use; a ruleset's own unit data is its `traits` record.
    Fields that a ruleset does not use keep their defaults. Speeds are metres.
    """

    id: str
    side: str
    at: Square
    size: Size = Size.MEDIUM
    name: str = ""
    art: str | None = None
    """The level's `art` key: the emblem the window draws (game/text/art_names.py); the rules never read it."""
    # position state
    space: tuple[int, int] | None = None
    """Current footprint (w, h) in squares when squeezed; None = the full space."""
    squeezed: bool = False
    mode: str = "walk"
    """Movement mode in use: walk | fly | climb | swim | crawl."""
    airborne: bool = False
    prone: bool = False
    helpless: bool = False
    defeated: bool = False
    # speeds (metres)
    speed: float | None = None
    fly: float | None = None
    climb: float | None = None
    swim: float | None = None
    hover: bool = False
    magic_flight: bool = False
    traits: Traits = NO_TRAITS
    """What only the unit's ruleset reads (rules/<name>/traits.py: pf1's race and armour, hexxen's role and
    powers); read through that ruleset's `traits(creature)`."""
    # attacks of opportunity taken (GB-AOO, pf1 and dnd5e)
    reaction_round: int = 0
    """The round in which `reactions_used` was counted (GB-AOO)."""
    reactions_used: int = 0
    # combat (the game's own minimal model, docs/combat.md)
    hp: int = 10
    max_hp: int = 10
    defense: int = 10
    attack: int = 0
    attacks: int = 1
    """Weapon attacks in one attack action (D5-BETWEEN-ATTACKS: Extra Attack = 2)."""
    damage: str = "1d6"
    reach: float = 1.5
    single_cell: bool = False
    """hexxen (HX-GRID-MAP): the token takes one cell whatever its size."""
    initiative: int = 0
    skill: int = 0
    """Bonus for the house-rule checks (overrun, tumble, Escape Artist)."""

    @property
    def full_side(self) -> int:
        """Side of the unsqueezed footprint in squares (a hexxen token always takes one cell)."""
        return 1 if self.single_cell else _SIDE_SQUARES[self.size]

    @property
    def dims(self) -> tuple[int, int]:
        """Current footprint width and height in squares."""
        if self.space is not None:
            return self.space
        s = 1 if self.single_cell else _SIDE_SQUARES[self.size]  # full_side, inlined: asked very often
        return (s, s)

    def footprint(self) -> frozenset[Square]:
        """The squares this creature occupies now."""
        return footprint(self.at, self.dims)

    def hostile_to(self, other: Creature) -> bool:
        """Whether the two are on different sides (all other sides are opponents)."""
        return self.side != other.side

    def evolve(self, **changes: Any) -> Creature:
        """A copy with some fields changed."""
        return replaced(self, **changes)


@functools.lru_cache(maxsize=1 << 16)
def footprint(anchor: Square, dims: tuple[int, int]) -> frozenset[Square]:
    """Squares of a w×h footprint whose top-left square is `anchor` (remembered: the set is immutable)."""
    x0, y0 = anchor
    w, h = dims
    return frozenset((x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h))


# --- rulings -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something a ruling reports: an attack of opportunity provoked, a squeeze, a fall …"""

    kind: str
    """e.g. "provokes", "squeeze", "fall", "bind", "unbind", "hit", "miss", "defeated"."""
    rule: str
    """The rule id (or house-rule id) that produced it."""
    unit: str | None = None
    """The unit the event is about (the mover, the attacker)."""
    by: str | None = None
    """The other unit involved (who takes the attack of opportunity, the target)."""
    at: Square | None = None
    detail: str = ""
    to_hit: ToHit | None = None
    """An attack's hit or miss: the roll's parts (attack, defence, each modifier with its rule id)."""

    def text(self) -> str:
        """A one-line description for logs and JSON."""
        parts = [self.kind]
        if self.unit:
            parts.append(self.unit)
        if self.by:
            parts.append(f"by {self.by}" if self.kind == "provokes" else f"-> {self.by}")
        if self.at is not None:
            parts.append(f"at {list(self.at)}")
        if self.detail:
            parts.append(f"({self.detail})")
        return " ".join(parts) + f" [{self.rule}]"


@dataclass(frozen=True, slots=True)
class Effect:
    """One change of game state a ruling asks the game to make.

    kinds: "place" (value = (anchor, dims|None)), "set" (key = field name, value),
    "turn" (value = the unit's new ruleset turn state), "bind"/"unbind" (other = partner),
    "damage" (value = int), "board" (key = square as "x,y", value = Terrain),
    "door" (key = edge as "x,y;x,y", value = True when the edge door is now open; rules/doors.py).
    """

    kind: str
    unit: str | None = None
    key: str | None = None
    value: Any = None
    other: str | None = None


@dataclass(frozen=True, slots=True)
class StepRuling:
    """The ruling on one step of a path."""

    to: Square
    cost: int
    rules: tuple[str, ...]
    events: tuple[Event, ...] = ()
    dims: tuple[int, int] | None = None
    """The footprint after the step when it differs from the full space (squeezing)."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """A legal action: what it costs, which rules decided it, what it causes."""

    cost: int = 0
    """Cost in the ruleset's unit (`unit_cm` centimetres each)."""
    unit_cm: int = SQUARE_CM
    rules: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    effects: tuple[Effect, ...] = ()
    steps: tuple[StepRuling, ...] = ()
    band: str | None = None
    """The cheapest action that pays for a path (move, double_move, run, dash, engage)."""
    message: str = ""

    @property
    def cost_m(self) -> float:
        """The cost in metres."""
        return self.cost * self.unit_cm / 100

    @property
    def ok(self) -> bool:
        """Always true; lets callers test `result.ok` on Ruling | Illegal."""
        return True


Value = str | int | float | tuple[int, int] | tuple[str, ...]
"""A value a refusal names: a unit id (str), a count (int), metres (float), a square, unit ids."""
Params = tuple[tuple[str, Value], ...]
"""A refusal's values as (placeholder, value) pairs: immutable, hashable, in call order."""


def values(**named: Value) -> Params:
    """The values a refusal's reason names, keyed by the placeholders of its catalogue template."""
    return tuple(named.items())


@dataclass(frozen=True, slots=True)
class Illegal:
    """A refused action: the rule that forbids it, why, and where.

    `message` is the English explanation (the JSON keeps it); `reason` is the catalogue key
    `refusal.<reason>` of the same explanation in every language, `params` its values: unit ids,
    counts, metres (floats), squares and tuples of unit ids, written per language by the game.
    """

    rule: str
    message: str
    at: Square | None = None
    cost: int = 0
    """Cost up to the failing step, in the ruleset's unit."""
    unit_cm: int = SQUARE_CM
    steps: tuple[StepRuling, ...] = ()
    reason: str = ""
    params: Params = ()

    @property
    def cost_m(self) -> float:
        """The cost up to the failing step in metres."""
        return self.cost * self.unit_cm / 100

    @property
    def ok(self) -> bool:
        """Always false; see Ruling.ok."""
        return False


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a step, a footprint or an action is refused, before it becomes an Illegal with its cost."""

    rule: str
    message: str
    at: Square | None = None
    reason: str = ""
    params: Params = ()

    def where(self, at: Square) -> Refusal:
        """The same refusal at square `at` (a cell's reason, placed where the step meets it)."""
        return Refusal(self.rule, self.message, at, self.reason, self.params)

    def illegal(self, cost: int = 0, unit_cm: int = SQUARE_CM, steps: tuple[StepRuling, ...] = ()) -> Illegal:
        """The Illegal saying this, with the cost up to the failing step."""
        return Illegal(self.rule, self.message, self.at, cost, unit_cm, steps, reason=self.reason, params=self.params)


def merge_rules(*groups: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Rule ids of several groups, in first-seen order, each once."""
    seen: dict[str, None] = {}
    for group in groups:
        for rule in group:
            seen.setdefault(rule, None)
    return tuple(seen)


# --- the whole state a ruling reads --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    """The level's `[rules]` table (plus house-rule defaults)."""

    diagonal: str | None = None
    """"alternating" (1-2-1-2), "uniform", or None for the ruleset's default (pf1 alternating, dnd5e uniform)."""
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a ruleset needs to rule on an action: read-only."""

    ruleset: str
    board: Board
    creatures: Mapping[str, Creature]
    turns: Mapping[str, Any] = field(default_factory=dict)
    """unit id → that unit's ruleset turn state (rules.<ruleset>.TurnState)."""
    bindings: frozenset[frozenset[str]] = frozenset()
    """hexxen binding pairs."""
    options: Options = field(default_factory=Options)
    round: int = 1
    active_side: str | None = None
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)
    """What the rules keep between questions (rules/memo.py): shared by the situations made from this one;
    the game hands every situation the process's one memo (game/caches.py). Never part of the state."""

    def creature(self, unit: str) -> Creature:
        """The creature with id `unit` (KeyError if unknown)."""
        return self.creatures[unit]

    def others(self, unit: str) -> list[Creature]:
        """Every creature other than `unit` still on the board."""
        return [c for uid, c in self.creatures.items() if uid != unit]
