"""One match's esper world: entities made from the level's units, components written from the match's state.

The world never holds state of its own: the match's newest `Situation` is the state, and
`World.show` hands it to the systems (game/battle/systems.py), which write it into the
components. Nothing in the game reads a situation back out of the world.
"""

from __future__ import annotations

import esper

from game.battle import systems
from game.battle.components import (
    Engaged,
    Health,
    MapState,
    Position,
    Posture,
    Profile,
    Side,
    Size,
    Speed,
    TurnBudget,
)
from rules.core import Situation


class World:
    """The esper world of one match: one entity per unit and one for the map, written from situations."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.entities: dict[str, int] = {}
        """unit id → entity: how the systems find a unit without scanning the world (empty while there is none)."""

    def _enter(self) -> None:
        """Make this world esper's current one (esper keeps the current world in module state)."""
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def _make(self, sit: Situation) -> None:
        """Create the map entity, one entity per unit of `sit` and the systems, in the current (empty) world."""
        esper.create_entity(MapState(sit.board))
        for c in sit.creatures.values():
            self.entities[c.id] = esper.create_entity(
                Profile(c),
                Position(c.at, c.space),
                Size(c.size),
                Speed(c.speed),
                Side(c.side),
                Health(c.hp, c.max_hp, c.defeated),
                Posture(),
                Engaged(),
                TurnBudget(),
            )
        systems.install(self.entities)

    def show(self, before: Situation | None, after: Situation) -> None:
        """Write `after` into the components: what differs from `before`, or everything when `before` is None.

        The world is made on the first call, and made again after `close`."""
        self._enter()
        if not self.entities:
            self._make(after)
            before = None
        esper.process(before, after, systems.changed(before, after))

    def close(self) -> None:
        """Delete this world (a later `show` makes it again)."""
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
        self.entities = {}
