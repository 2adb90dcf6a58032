"""The replay viewer: the board of a saved game, stepped forwards and backwards; read-only.

Stepping restores the states the replay kept (game.saved.replay.Replay), and every position is the
one `run` gives. The board is drawn by the battle screen's BoardRenderer and BoardView.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.saved.replay import Replay
from game.text.i18n import current_language, describe, rule_titles, t
from game.text.local_text import local
from game.ui import theme
from game.ui.backdrop import Backdrop
from game.ui.board import BoardKey, BoardRenderer
from game.ui.fight_overlay import FightOverlay
from game.ui.scenes.base import Scene
from game.ui.scenes.battle import layout
from game.ui.view import BoardView
from game.ui.widgets import Button, paragraph, text
from rules.core import Square

AUTO_SECONDS = 0.7
"""Seconds per step while playing (Space)."""

KEYS: dict[int, str] = {
    pygame.K_RIGHT: "forward",
    pygame.K_LEFT: "back",
    pygame.K_HOME: "first",
    pygame.K_END: "last",
    pygame.K_SPACE: "play",
    pygame.K_ESCAPE: "pause",
    pygame.K_q: "quit",
    pygame.K_f: "fit",
    pygame.K_m: "map",
    pygame.K_PLUS: "zoom_in",
    pygame.K_EQUALS: "zoom_in",
    pygame.K_MINUS: "zoom_out",
}


class ReplayScene(Scene):
    """One replay: board on the left; step counter, the step's log and the controls on the right."""

    def __init__(self, replay: Replay, title: str = "") -> None:
        self.replay = replay
        self.title = title or local(replay.level.name, current_language())
        self.colors = {
            s.id: theme.parse_color(s.color, theme.DEFAULT_SIDE_COLORS[i % len(theme.DEFAULT_SIDE_COLORS)])
            for i, s in enumerate(replay.level.sides)
        }
        self.renderer = BoardRenderer(Backdrop(replay.level.image))
        self.overlay = FightOverlay(replay.level)
        """The fight maps of this replay's variant, when `sweep --replays` saved them beside it (M shows them)."""
        self.view: BoardView | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.mouse: tuple[int, int] = (0, 0)
        self.playing = False
        self.until_next = 0.0
        self.version = 0
        """Bumped on every step: keys the composed board."""
        self.dirty = True
        self.closed = False
        self.intents: dict[str, Callable[[], None]] = {
            "forward": lambda: self._move(self.replay.forward),
            "back": lambda: self._move(self.replay.back),
            "first": lambda: self._move(lambda: self.replay.seek(0)),
            "last": lambda: self._move(self.replay.end),
            "play": self.toggle_play,
            "quit": lambda: self.app.guard.request_quit(),
            "pause": lambda: self.app.screens.show_pause(self),
            "fit": lambda: self._camera(lambda v: v.fit()),
            "zoom_in": lambda: self._camera(lambda v: v.zoom(1, None)),
            "zoom_out": lambda: self._camera(lambda v: v.zoom(-1, None)),
            "map": lambda: self._move(self.overlay.cycle),
        }

    # --- scene protocol ------------------------------------------------------------------

    def enter(self, app: object) -> None:
        """Lay out for the window (and rebuild the match if the scene was left and its world closed)."""
        super().enter(app)  # type: ignore[arg-type]
        if self.closed:
            self.replay.seek(self.replay.index)
            self.closed = False
        self.relayout(self.app.screen.get_size())

    def leave(self) -> None:
        """Close the replay's match world (esper keeps worlds in module globals)."""
        self.replay.close()
        self.closed = True

    def relayout(self, size: tuple[int, int]) -> None:
        """Board left, panel right, as in the battle screen."""
        board_rect, self.panel_rect = layout(size)
        board = self.replay.match.situation().board
        if self.view is None:
            self.view = BoardView(board_rect, board.width, board.height)
        else:
            self.view.relayout(board_rect)
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and buttons step; the wheel zooms; a middle drag pans."""
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.intents[KEYS[event.key]]()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.hit(event.pos) and button.enabled:
                    self.intents[button.intent]()
                    return
            self._open_from_map(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.view is not None and self.view.rect.collidepoint(self.mouse):
            self._camera(lambda v: v.zoom(event.y, self.mouse))
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if event.buttons[1] and self.view is not None:
                self._camera(lambda v: v.pan(*event.rel))
            elif any(b.hit(event.pos) for b in self.buttons):
                self.dirty = True

    def update(self, dt: float) -> None:
        """While playing, one step every AUTO_SECONDS; stop at the end."""
        if not self.playing:
            return
        self.until_next -= dt
        if self.until_next <= 0:
            self.until_next = AUTO_SECONDS
            if not self.replay.forward():
                self.playing = False
            self._changed()

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Redraw everything after a change; a still frame draws nothing."""
        if not self.dirty:
            return []
        assert self.view is not None
        screen.fill(theme.BACKGROUND)
        sit = self.replay.match.situation()
        acted = self.replay.current_action()
        selected = acted.unit if acted is not None else None
        key = BoardKey(self.version, selected, 0, frozenset(), self.view.cell)
        composite = self.renderer.compose(key, sit, self.colors, None, frozenset())
        self.renderer.draw(screen, self.view, composite)
        self.overlay.draw(screen, self.view)
        if acted is not None and acted.path:
            self._draw_path(screen, acted.path)
        self._draw_panel(screen)
        self.dirty = False
        return None

    def _draw_path(self, screen: pygame.Surface, path: tuple[Square, ...]) -> None:
        """The squares the step's unit entered, as a line of dots (where it went, not where it came from)."""
        assert self.view is not None
        points = [self.view.square_center(sq) for sq in path]
        width = max(2, self.view.cell // 10)
        old_clip = screen.get_clip()
        screen.set_clip(self.view.rect)
        if len(points) > 1:
            pygame.draw.lines(screen, theme.ACCENT, False, points, width)
        for p in points:
            pygame.draw.circle(screen, theme.ACCENT, p, max(3, self.view.cell // 9))
        screen.set_clip(old_clip)

    def _open_from_map(self, pos: tuple[int, int]) -> None:
        """With a fight map shown, a click on a square opens the first game listed there, at its turn."""
        if self.view is None or self.overlay.kind is None or not self.view.rect.collidepoint(pos):
            return
        square = self.view.square_at(pos)
        game = self.overlay.game_at(square) if square is not None else None
        if game is None:
            return
        scene = ReplayScene(self.overlay.open_game(game), self.title)
        scene.overlay.shown = self.overlay.shown  # the same map stays on
        self.app.switch(scene)

    # --- stepping ----------------------------------------------------------------------------

    def _move(self, how: Callable[[], object]) -> None:
        how()
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self.dirty = True

    def _camera(self, how: Callable[[BoardView], None]) -> None:
        if self.view is not None:
            how(self.view)
            self.dirty = True

    def toggle_play(self) -> None:
        """Space: play the replay one step at a time, or pause (from the start again when at the end)."""
        if not self.playing and self.replay.index >= self.replay.length:
            self.replay.seek(0)
        self.playing = not self.playing
        self.until_next = 0.0 if self.playing else AUTO_SECONDS
        self._changed()

    # --- the side panel --------------------------------------------------------------------

    def lines(self) -> list[tuple[str, theme.Color]]:
        """What the panel says about the position shown (for the panel and for tests)."""
        r, m = self.replay, self.replay.match
        side = next((s.name for s in r.level.sides if s.id == m.active_side), m.active_side)
        out = [
            (t("replay.step", index=r.index, length=r.length), theme.ACCENT),
            (t("replay.round", round=m.round, side=side), theme.TEXT),
        ]
        if r.index == 0:
            out.append((t("replay.start", seed=r.script.seed), theme.MUTED))
        for entry in r.step_log():
            # event lines already end with their rule id
            # in the chosen language, as the battle log says it; the rule ids on a line of their own
            # (appended to a right-to-left sentence the bidi pass would tear the brackets apart)
            out.append((describe(entry, names=r.level.unit_names), theme.TEXT if entry.ok else theme.WARNING))
            if entry.rules:
                # each id with its title, as the battle log shows them (playtesters read both side by side)
                out.append((rule_titles(tuple(entry.rules)), theme.MUTED))
        if m.finished:
            winner = next((s.name for s in r.level.sides if s.id == m.winner), m.winner)
            out.append((t("replay.winner", winner=winner) if winner else t("replay.draw"), theme.ACCENT))
        if r.stop is not None and r.index == r.length:
            out.append((t("replay.stopped", why=r.stop.text()), theme.WARNING))
        if self.playing:
            out.append((t("replay.playing"), theme.MUTED))
        if self.overlay.kind is not None:
            kind = t(f"fight_map.kind_{self.overlay.kind}")
            out.append((t("fight_map.viewer_line", kind=kind), theme.ACCENT))
        elif self.overlay.available:
            out.append((t("fight_map.viewer_hint"), theme.MUTED))
        return out

    def _draw_panel(self, screen: pygame.Surface) -> None:
        rect = self.panel_rect
        pygame.draw.rect(screen, theme.PANEL, rect)
        pygame.draw.line(screen, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        inner = rect.inflate(-24, -24)
        y = text(screen, t("replay.heading", level=self.title), inner.topleft, 24, theme.TEXT, True).bottom + 4
        ruleset = self.replay.level.ruleset
        y = text(screen, t(f"ruleset.{ruleset}"), (inner.x, y), 18, theme.MUTED).bottom + 12
        r = self.replay
        specs = [
            ("first", r.index > 0),
            ("back", r.index > 0),
            ("play", r.length > 0),
            ("forward", r.index < r.length),
            ("last", r.index < r.length),
        ]
        gap = 6
        bw = (inner.width - gap * (len(specs) - 1)) // len(specs)
        self.buttons = []
        for i, (intent, enabled) in enumerate(specs):
            label = t("replay.pause") if intent == "play" and self.playing else t(f"replay.{intent}")
            button = Button(pygame.Rect(inner.x + i * (bw + gap), y, bw, 38), label, intent, enabled)
            button.draw(screen, hover=button.hit(self.mouse))
            self.buttons.append(button)
        y += 38 + 16
        keys_top = inner.bottom - 44
        for line, color in self.lines():
            if y >= keys_top:
                break
            y = paragraph(screen, line, pygame.Rect(inner.x, y, inner.width, keys_top - y), 19, color) + 6
        paragraph(screen, t("replay.keys"), pygame.Rect(inner.x, keys_top, inner.width, 44), 16, theme.MUTED)
