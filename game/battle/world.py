"""Building an esper world from a level, and reading a rules Situation back out of it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import esper

from game import caches
from game.battle.components import (
    Engaged,
    Health,
    MapState,
    PendingEffects,
    Position,
    Posture,
    Profile,
    Side,
    Size,
    TurnBudget,
)
from rules.core import Board, Creature, Options, Situation


def populate(board: Board, units: Iterable[Creature]) -> dict[str, int]:
    """Create the map entity and one entity per unit in the current esper world; unit id → entity."""
    esper.create_entity(MapState(board), PendingEffects())
    index: dict[str, int] = {}
    for c in units:
        index[c.id] = esper.create_entity(
            Profile(c),
            Position(c.at, c.space),
            Size(c.size),
            Side(c.side),
            Health(c.hp, c.max_hp, c.defeated),
            Posture(c.prone, c.helpless, c.squeezed, c.airborne, c.mode),
            Engaged(),
            TurnBudget(),
        )
    return index


def board() -> Board:
    """The current world's board."""
    for _, map_state in esper.get_component(MapState):
        return map_state.board
    raise LookupError("no map in this world")


_VIEWS: dict[tuple[Any, ...], tuple[Creature, Creature]] = {}
"""(profile creature identity, component values) → (that creature, its view). A view is immutable and
depends only on the profile creature and the component values, never on the world: an unchanged unit is
not rebuilt on every read (dataclasses.replace was a tenth of an AI game's time), and every match shares
the views, so the games of a `simulate` run that reach the same position hold the very same creatures
(their situations then compare by identity, game/battle/reach_cache.py). The entry keeps its profile creature
alive, so the identity in a key stays that creature's."""
_VIEWS_LIMIT = 4096


def forget_views() -> None:
    """Forget every kept creature view (the bench times games that share nothing)."""
    _VIEWS.clear()


caches.register("world views", f"{_VIEWS_LIMIT} views", forget_views, _VIEWS.__len__)


def creatures() -> dict[str, Creature]:
    """Every unit as a rules Creature view of its components, in creation order."""
    result: dict[str, Creature] = {}
    views = _VIEWS
    for _, components in esper.get_components(Profile, Position, Size, Side, Health, Posture):
        view = _view(views, *components)
        result[view.id] = view
    return result


def reread(before: Mapping[str, Creature], entities: Mapping[str, int], units: Iterable[str]) -> dict[str, Creature]:
    """`creatures()` when only `units` may have changed since it gave `before`: only their components are read.

    The others are taken from `before` (same order). Effects change only the components of
    the units they name (game/battle/systems.py), so a match re-reads just those after an action.
    """
    result = dict(before)
    views = _VIEWS
    get = esper.component_for_entity
    for uid in units:
        ent = entities[uid]
        result[uid] = _view(
            views,
            get(ent, Profile),
            get(ent, Position),
            get(ent, Size),
            get(ent, Side),
            get(ent, Health),
            get(ent, Posture),
        )
    return result


def _view(
    views: dict[tuple[Any, ...], tuple[Creature, Creature]],
    profile: Profile,
    pos: Position,
    size: Size,
    side: Side,
    health: Health,
    posture: Posture,
) -> Creature:
    """The Creature view of one unit's components (an unchanged unit's view is reused)."""
    c = profile.creature
    key = (
        id(c),
        pos.at,
        pos.space,
        size.size,
        side.side,
        health.hp,
        health.max_hp,
        health.defeated,
        posture.prone,
        posture.helpless,
        posture.squeezed,
        posture.airborne,
        posture.mode,
    )
    hit = views.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]
    if len(views) >= _VIEWS_LIMIT:
        views.clear()
    view = c.evolve(
        at=pos.at,
        space=pos.space,
        size=size.size,
        side=side.side,
        hp=health.hp,
        max_hp=health.max_hp,
        defeated=health.defeated,
        prone=posture.prone,
        helpless=posture.helpless,
        squeezed=posture.squeezed,
        airborne=posture.airborne,
        mode=posture.mode,
    )
    views[key] = (c, view)
    return view


def turns() -> dict[str, Any]:
    """unit id → its ruleset turn state (units without one are left out)."""
    out: dict[str, Any] = {}
    for _, (profile, budget) in esper.get_components(Profile, TurnBudget):
        if budget.state is not None:
            out[profile.creature.id] = budget.state
    return out


def reread_turns(before: Mapping[str, Any], entities: Mapping[str, int], units: Iterable[str]) -> dict[str, Any] | None:
    """`turns()` when only the turn states of `units` may have changed since it gave `before`, reading only theirs.

    The others are taken from `before`, in its order. None when one of `units` gained or lost
    its turn state: `turns()` would then list it in another place, so the caller reads them all.
    """
    result = dict(before)
    get = esper.component_for_entity
    for uid in units:
        state = get(entities[uid], TurnBudget).state
        if state is None:
            if uid in result:
                return None
        elif uid in result:
            result[uid] = state
        else:
            return None
    return result


def bindings() -> frozenset[frozenset[str]]:
    """The hexxen binding pairs read from the Engaged components."""
    pairs: set[frozenset[str]] = set()
    for _, (profile, engaged) in esper.get_components(Profile, Engaged):
        for partner in engaged.partners:
            pairs.add(frozenset((profile.creature.id, partner)))
    return frozenset(pairs)


def situation(ruleset: str, options: Options, round_no: int, active_side: str | None) -> Situation:
    """A read-only Situation of the current world for the rules."""
    return Situation(
        ruleset=ruleset,
        board=board(),
        creatures=creatures(),
        turns=turns(),
        bindings=bindings(),
        options=options,
        round=round_no,
        active_side=active_side,
        memo=caches.RULES,
    )


def set_turn_states(states: Mapping[str, Any]) -> None:
    """Give units a fresh turn state (start of their turn)."""
    for _, (profile, budget) in esper.get_components(Profile, TurnBudget):
        if profile.creature.id in states:
            budget.state = states[profile.creature.id]
