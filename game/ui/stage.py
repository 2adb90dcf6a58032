"""What the battle screen plays after the match changes: the motion of what was performed, its sounds, and
the camera following the computer's units. The battle scene calls these few hooks; the match is only read.

Input while something moves: a click or a key finishes the motion at once. During the player's
own turn it then acts as usual (a quick player loses no click: U undoes, E ends the turn, a click
selects or moves); during the computer's turn, when nothing of the player's could act, it only
finishes the motion. Panning and zooming never skip. Undo takes the motion away with the action.
The computer's next action waits until its last one has been seen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame

from game.battle.match import Match, Record
from game.ui.autoplay import AutoPlayer, is_computer
from game.ui.controller import TOAST_SECONDS, BattleController
from game.ui.motion import Motion
from game.ui.scenes.base import SceneHost
from game.ui.view import BoardView
from rules.core import Situation

SKIP_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)


class Battle(Protocol):
    """What the stage reads of the battle scene."""

    app: SceneHost
    ctl: BattleController
    match: Match
    view: BoardView | None

    @property
    def autoplayer(self) -> AutoPlayer: ...


class Stage:
    """The battle scene's motion, sounds and camera, kept in step with the match's history."""

    def __init__(self, scene: Battle) -> None:
        self.scene = scene
        self.motion = Motion()
        self._version = -1
        self._seen: list[Record] = []
        """The match's history as the screen last showed it (an undo re-runs it: new records, no motion)."""
        self._shown: Situation | None = None
        """The situation the screen showed last (the motion of new records starts from it)."""
        self._before: tuple[str | None, str, float, int] = (None, "", 0.0, -1)

    # --- the app's pieces, as a test host may lack them ------------------------------------

    @property
    def speed(self) -> str:
        """normal | fast | instant, as the window says (instant when it does not say)."""
        return str(getattr(self.scene.app, "animation_speed", "instant"))

    def sound(self, names: Iterable[str]) -> None:
        """Play `names` (each once) on the window's sound board, if it has one."""
        names = list(names)
        board = getattr(self.scene.app, "sound", None)
        if names and board is not None:
            board.play_all(names)

    # --- hooks ------------------------------------------------------------------------------

    def reset(self) -> None:
        """Take the match as it is now as what the screen shows (entering the scene the first time)."""
        if self._shown is None:
            self._version = self.scene.ctl.version
            self._seen = list(self.scene.match.history)
            self._shown = self.scene.ctl.situation()

    def watch(self) -> None:
        """After any change: start the motion of newly performed records (and their sounds); drop it on an undo."""
        self.sound(self._watch())

    def _watch(self) -> list[str]:
        ctl, match = self.scene.ctl, self.scene.match
        if ctl.version == self._version or self.scene.ctl.autoplayer.busy:
            return []
        history = match.history
        now = ctl.situation()
        before = self._shown
        sounds: list[str] = []
        kept = next((i for i, (a, b) in enumerate(zip(self._seen, history, strict=False)) if a is not b), None)
        appended = kept is None and len(history) > len(self._seen)  # nothing taken back, something new
        if before is not None and appended:
            computer = self.scene.ctl.autoplayer.hook is not None and is_computer(match, before.active_side)
            records = history[len(self._seen) :]
            # the camera follows the computer's units; instant moves need no following
            follow = computer and self.speed != "instant"
            sounds += self.motion.start(before, records, now, self.speed, follow)
            if match.finished:
                sounds.append("victory")
            elif now.active_side != before.active_side:
                sounds.append("turn_start")
        else:
            self.motion.stop()  # an undo: what moved is taken back with it
        self._version, self._seen, self._shown = ctl.version, list(history), now
        return sounds

    def skips(self, event: pygame.event.Event, looking: bool) -> bool:
        """A click or key finishes what moves (looking around does not); True = the event is used up by it."""
        if event.type not in SKIP_EVENTS or looking or not self.motion.playing:
            return False
        self.sound(self.motion.skip())
        return self.scene.ctl.computer_moving()  # on the computer's turn a click can only have meant "skip"

    def before_event(self) -> None:
        """Remember what the player sees before an event (to hear what it changed)."""
        ctl = self.scene.ctl
        self._before = (ctl.selected, ctl.toast, ctl.toast_left, ctl.version)

    def after_event(self) -> None:
        """A new selection clicks; a new refusal buzzes; a performed action starts its motion."""
        ctl = self.scene.ctl
        selected, toast, left, version = self._before
        sounds = []
        if ctl.selected is not None and ctl.selected != selected and ctl.version == version:
            sounds.append("select")
        said = (ctl.toast, ctl.toast_left) != (toast, left) and ctl.toast_left >= TOAST_SECONDS
        if said and ctl.toast and ctl.toast_tone == "error":
            sounds.append("refused")
        self.sound(sounds + self._watch())  # a refused action is heard once, not from both sides

    def tick(self, dt: float) -> None:
        """Advance the motion before the controller: the computer waits while its last action is still shown."""
        self.sound(self.motion.update(dt))
        if self.motion.playing:
            from game.ui.timeline import COMPUTER_PAUSE  # imported already: something moves (start-up time)

            self.scene.ctl.autoplayer.wait = COMPUTER_PAUSE.get(self.speed, COMPUTER_PAUSE["normal"])
            self.follow_camera()

    def follow_camera(self) -> None:
        """Keep the moving computer unit in view: centre on it when it nears the edge of the board view."""
        view = self.scene.view
        spot = self.motion.focus() if self.motion.follow else None
        if view is None or spot is None:
            return
        px = view.origin[0] + spot[0] * view.cell
        py = view.origin[1] + spot[1] * view.cell
        margin_x = min(view.rect.width // 4, 2 * view.cell)
        margin_y = min(view.rect.height // 4, 2 * view.cell)
        if not view.rect.inflate(-2 * margin_x, -2 * margin_y).collidepoint(px, py):
            view.pan(round(view.rect.centerx - px), round(view.rect.centery - py))

    # --- what the board draws ---------------------------------------------------------------

    def board(self, sit: Situation) -> Situation:
        """The situation the cached board shows (moving units and new bindings left out while they play)."""
        return self.motion.board_situation(sit)

    @property
    def serial(self) -> int:
        """Part of the board's key: the motion playing now (0 when none)."""
        return self.motion.serial if self.motion.playing else 0

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The motion over the board; the rectangles drawn on."""
        if self.scene.view is None:
            return []
        return self.motion.draw(screen, self.scene.view, self.scene.app.session.side_colors)
