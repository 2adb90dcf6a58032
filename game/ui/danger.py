"""The danger view on the battle board (W): every square the selected unit could stand on shaded by what the enemies
could deal it there on their next turn, the hovered square's threats in a card with the enemies ringed, and an
enemy's whole next turn (where it could move, what it could attack) when it is inspected.

The answers are the rules' own (`danger_model.py`, no pygame), worked out once per position; the shading is a layer
of the composed board (`board.BoardLayer`), so a hover costs a lookup and the card.
Not hue alone: each level of danger is darker and more densely hatched than the one below, and a square large
enough carries the number of enemies that could attack there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.text.i18n import local_fixed, square_text, t
from game.ui import theme
from game.ui.controller import BattleController
from game.ui.danger_model import ATTACK, CHARGE, DangerCache, DangerMap, EnemyTurn, Threat, danger_map
from game.ui.overlays import card_keep, card_rect, draw_card
from game.ui.view import BoardView
from rules.core import Square

if TYPE_CHECKING:  # the thread pool only at the first W (start-up time)
    from concurrent.futures import Executor, Future

KEY_HOLD = 0.4
"""A press of W held this long (seconds) is a look: the view goes when the key is let go. A shorter tap keeps it."""
LEVELS = (0.1, 0.25, 0.5)
"""Expected damage as a share of the unit's hit points: the thresholds between the four levels of danger."""
NUMBER_CELL = 22
"""The smallest square (pixels) that carries the number of enemies."""


def danger_level(expected: float, hp: int) -> int:
    """1..4: how bad a square is for a unit with `hp` hit points (4: it could be dropped there on average)."""
    share = expected / max(1, hp)
    if share >= 1:
        return 4
    return 1 + sum(share >= edge for edge in LEVELS[1:])


class DangerView:
    """The battle screen's danger view: on or off, the enemy inspected, and the cached answers."""

    def __init__(self) -> None:
        self.on = False
        self.inspected: str | None = None
        """The enemy whose next turn the board shades (a click on it while the view shows, or with none selected)."""
        self.cache = DangerCache()
        self._pressed: float | None = None
        """When W switched the view on (seconds): letting go after KEY_HOLD hides it again."""
        self._waiting = False
        """W switched the view on and its first frame is not drawn yet."""
        self._layers: dict[tuple[object, ...], DangerLayer] = {}
        self.threaded = False
        """Work a danger map out in a worker thread (the window; code and tests driving the view wait for it)."""
        self._pool: Executor | None = None
        self._job: tuple[tuple[object, str, str], Future[DangerMap]] | None = None

    def press(self, now: float) -> None:
        """W pressed: the view on (a held key shows it while held), or off when it was on."""
        self.on = not self.on
        self._pressed = now if self.on else None
        self._waiting = self.on
        if not self.on:
            self.inspected = None

    def shown(self, now: float) -> None:
        """The frame after the press is drawn: a hold counts from here, so the first computation's time is no hold."""
        if self._pressed is not None and self._waiting:
            self._pressed, self._waiting = now, False

    def release(self, now: float) -> None:
        """W let go: a press held a while was a look, so the view goes; a tap keeps it on."""
        if self._pressed is not None and now - self._pressed >= KEY_HOLD:
            self.on = False
            self.inspected = None
        self._pressed = None

    def inspect(self, ctl: BattleController, sq: Square) -> bool:
        """A click on `sq`: an enemy of the side to act is inspected when the view shows or nothing is selected
        (True: the click is used up); any other click drops the inspected enemy."""
        under = ctl.unit_at(sq)
        sit = ctl.situation()
        enemy = under is not None and not under.defeated and under.side != sit.active_side
        # hexxen measures no distance (its attacks take a tactic instead): there is no reach to shade
        shaded = not ctl.match.ruleset.TACTICS and (self.on or ctl.selected is None)
        if not enemy or not shaded or under is None:
            self.inspected = None
            return False
        self.inspected = None if self.inspected == under.id else under.id
        if self.inspected is not None:
            ctl.say(t("danger.inspect", enemy=ctl.name_of(under.id)), "info")
        ctl.changed(state=False)
        return True

    def map_for(self, ctl: BattleController) -> DangerMap | None:
        """The selected unit's danger map while the view shows (worked out once per position and movement mode);
        None while a worker is still working it out (`threaded`)."""
        if not self.on or ctl.selected is None or ctl.forecast is None or ctl.forecast.unit != ctl.selected:
            return None
        sit, unit, mode = ctl.situation(), ctl.selected, ctl.forecast.mode
        where = set(ctl.forecast.reach) | {sit.creatures[unit].at}
        if not self.threaded:
            return self.cache.danger(ctl.match.ruleset, sit, unit, where, mode)
        key = self.cache.danger_key(sit, unit, mode)
        found = self.cache.known(key)
        if isinstance(found, DangerMap):
            return found
        if self._job is None or self._job[0] != key:
            if self._pool is None:
                from concurrent.futures import ThreadPoolExecutor  # start-up time: not before the first W

                self._pool = ThreadPoolExecutor(1, thread_name_prefix="gridbound-danger")
            # the situation is immutable and the rules pure: the worker reads a snapshot, the screen goes on
            self._job = (key, self._pool.submit(danger_map, ctl.match.ruleset, sit, unit, where))
        return None

    @property
    def working(self) -> bool:
        """Whether a worker is working out a danger map."""
        return self._job is not None

    def collect(self) -> bool:
        """Keep a danger map the worker finished (True: the screen shows something new)."""
        if self._job is None or not self._job[1].done():
            return False
        (key, job), self._job = self._job, None
        self.cache.put(key, job.result())
        return True

    def close(self) -> None:
        """The battle screen is left: let a computation finish, then the worker goes."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        self._job = None

    def enemy_turn(self, ctl: BattleController) -> EnemyTurn | None:
        """The inspected enemy's next turn, or None."""
        sit = ctl.situation()
        enemy = sit.creatures.get(self.inspected or "")
        if enemy is None or enemy.defeated:
            self.inspected = None
            return None
        return self.cache.enemy(ctl.match.ruleset, sit, enemy.id)

    def layer(self, ctl: BattleController) -> DangerLayer | None:
        """What the board paints over its shading: the inspected enemy's turn, else the selected unit's danger."""
        turn = self.enemy_turn(ctl) if self.inspected is not None else None
        if turn is not None:
            key: tuple[object, ...] = ("enemy", id(turn), theme.generation(), theme.fonts_generation())
            if key not in self._layers:
                self._layers = {key: DangerLayer(None, 1, turn)}
            return self._layers[key]
        found = self.map_for(ctl)
        if found is None or not found.squares:
            return None
        hp = ctl.situation().creatures[found.unit].hp
        key = ("danger", id(found), hp, theme.generation(), theme.fonts_generation())
        if key not in self._layers:
            self._layers = {key: DangerLayer(found, hp, None)}
        return self._layers[key]


@dataclass
class DangerLayer:
    """The danger shading as a board layer: one tile per level and count of enemies, blitted per square."""

    danger: DangerMap | None
    hp: int
    turn: EnemyTurn | None

    def __post_init__(self) -> None:
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}

    def paint(self, screen: pygame.Surface, cell: int, origin: tuple[int, int]) -> None:
        """Every shaded square's tile at square size `cell` (the board's corner at `origin`)."""
        ox, oy = origin
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if self.turn is not None:
            for sq in self.turn.moves:
                # where it could still attack after moving: dotted densely; a run's end, sparsely
                dense = sq in self.turn.strikes_from
                blits.append((self._tile("move", dense, cell), (ox + sq[0] * cell, oy + sq[1] * cell)))
            for sq in self.turn.attacks:
                blits.append((self._tile("attack", 0, cell), (ox + sq[0] * cell, oy + sq[1] * cell)))
        elif self.danger is not None:
            for sq, threats in self.danger.squares.items():
                level = danger_level(sum(threat.expected for threat in threats), self.hp)
                tile = self._tile("danger", (level, len(threats)), cell)
                blits.append((tile, (ox + sq[0] * cell, oy + sq[1] * cell)))
        screen.blits(blits, doreturn=False)

    def _tile(self, kind: str, value: object, cell: int) -> pygame.Surface:
        key = (kind, value, cell)
        tile = self._tiles.get(key)
        if tile is None:
            tile = self._tiles[key] = _make_tile(kind, value, cell)
        return tile


def _make_tile(kind: str, value: object, cell: int) -> pygame.Surface:
    """One square of the shading: a translucent fill, hatching that thickens with the danger, and the count."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    warn = theme.WARNING
    if kind == "move":  # where the inspected enemy could move: the accent colour, dotted (densely: it may attack)
        tile.fill((*theme.ACCENT, 90 if value else 45))
        step = max(4, cell // 4 if value else cell // 2)
        for y in range(step // 2, cell, step):
            for x in range(step // 2, cell, step):
                pygame.draw.circle(tile, (*theme.ACCENT, 255), (x, y), max(2, cell // 14))
        return tile
    if kind == "attack":  # the squares it could attack: hatched over the dots, framed
        _hatch(tile, cell, max(4, cell // 3), both=False)
        pygame.draw.rect(tile, (*warn, 230), tile.get_rect(), max(1, cell // 16))
        return tile
    level, count = value  # type: ignore[misc]
    tile.fill((*warn, 20 + 32 * level))
    # the hatching thickens level by level: a lightness and a density, not a hue alone
    _hatch(tile, cell, max(3, cell // (level + 1)), both=level >= 4)
    if cell >= theme.px(NUMBER_CELL):
        # the number of enemies in a round badge (the reach bands' numbers sit in square boxes)
        digits = theme.label(str(count), max(12, cell // 3), (255, 255, 255), True)
        radius = max(digits.get_width(), digits.get_height()) // 2 + 2
        centre = (cell - radius - 1, radius + 1)
        pygame.draw.circle(tile, (0, 0, 0, 235), centre, radius + 1)
        pygame.draw.circle(tile, (*warn, 255), centre, radius - 1)
        tile.blit(digits, digits.get_rect(center=centre))
    return tile


def _hatch(tile: pygame.Surface, cell: int, step: int, both: bool) -> None:
    """Diagonal lines `step` pixels apart over the tile (and the other diagonal when `both`)."""
    colour = (*theme.WARNING, 235)
    width = max(1, cell // 24)
    for offset in range(-cell, cell, step):
        pygame.draw.line(tile, colour, (offset, cell), (offset + cell, 0), width)
        if both:
            pygame.draw.line(tile, colour, (offset, 0), (offset + cell, cell), width)


def threat_line(ctl: BattleController, threat: Threat) -> str:
    """One enemy's attack on the unit as the card says it."""
    how = {ATTACK: "danger.by_attack", CHARGE: "danger.by_charge"}.get(threat.how, "danger.by_engage")
    return t(
        how,
        enemy=ctl.name_of(threat.enemy),
        chance=round(threat.chance * 100),
        low=threat.low,
        high=threat.high,
        expected=local_fixed(threat.expected),
        rules=" ".join(threat.rules),
    )


def card_lines(ctl: BattleController, danger: DangerMap, sq: Square) -> list[str]:
    """The danger card of the hovered square: who could attack the unit there next turn, and how hard."""
    unit = ctl.name_of(danger.unit)
    threats = danger.at(sq)
    head = (
        t("danger.everywhere", unit=unit) if danger.everywhere else t("danger.title", unit=unit, square=square_text(sq))
    )
    if not threats:
        return [head, t("danger.safe", unit=unit)]
    hp = ctl.situation().creatures[danger.unit].hp
    total = t("danger.total", expected=local_fixed(danger.expected(sq)), hp=hp, unit=unit)
    return [head, *(threat_line(ctl, threat) for threat in threats), total]


def draw_danger(
    screen: pygame.Surface, ctl: BattleController, view: BoardView, dv: DangerView, mouse: tuple[int, int]
) -> list[pygame.Rect]:
    """Over the board: the hovered square's threats (the enemies ringed, the card), or why nothing shows."""
    if not dv.on or dv.inspected is not None:
        return []
    danger = dv.map_for(ctl)
    if danger is None:
        if ctl.hover_sq is None:
            return []
        lines = [t("danger.working") if dv.working else t("danger.select_first")]
        return [draw_card(screen, lines, view.rect, mouse)]
    if ctl.hover_sq is None:
        return []
    sq = ctl.hover_sq
    if sq not in danger.squares and not danger.everywhere and sq not in (ctl.forecast.reach if ctl.forecast else {}):
        return []
    drawn: list[pygame.Rect] = []
    sit = ctl.situation()
    for threat in danger.at(sq):
        foe = sit.creatures.get(threat.enemy)
        if foe is None:
            continue
        box = view.square_rect(foe.at, foe.dims)
        width = max(3, view.cell // 10)
        drawn.append(pygame.draw.rect(screen, (0, 0, 0), box.inflate(6, 6), width + 2, border_radius=6))
        pygame.draw.rect(screen, theme.WARNING, box.inflate(4, 4), width, border_radius=6)
    lines = card_lines(ctl, danger, sq)
    keep = card_keep(ctl, view)
    if ctl.preview is not None:
        # the path's own card stays readable: this one takes another corner
        keep += [card_rect(ctl.look.card_lines(), view.rect, mouse, keep)] * 8
    drawn.append(draw_card(screen, lines, view.rect, mouse, keep))
    return [r.inflate(4, 4) for r in drawn]
