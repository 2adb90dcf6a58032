"""The tutorial's coach without pygame: which prompt shows, and whether the player has done what it asks.

Every check reads the battle controller (selection, hovered square, hover card, armed attack,
tactic, step costs) and the match (its history since the prompt appeared, its bindings); no
timer ever moves a prompt on. The tutorial scene polls the coach after each event and frame.
"""

from __future__ import annotations

from collections.abc import Callable

from game.levels.tutorial import Step, Tutorial
from game.ui.controller import BattleController
from rules.core import Square


class Coach:
    """Walks a tutorial's steps as the player does what each asks."""

    def __init__(self, tutorial: Tutorial, ctl: BattleController) -> None:
        self.tutorial = tutorial
        self.ctl = ctl
        self.index = 0
        self.since = len(ctl.match.history)
        """History length when the current prompt appeared: only actions after it count."""

    @property
    def step(self) -> Step:
        """The prompt showing now."""
        return self.tutorial.steps[self.index]

    @property
    def finished(self) -> bool:
        """Whether the last prompt (check "done") is showing."""
        return self.step.check == "done"

    def poll(self) -> bool:
        """Move past every prompt whose condition holds now; True when the prompt changed."""
        moved = False
        while not self.finished and self.satisfied(self.step):
            self._advance()
            moved = True
        return moved

    def skip(self) -> None:
        """Show the next prompt without checking (the player chose to skip it)."""
        if not self.finished:
            self._advance()

    def _advance(self) -> None:
        self.index += 1
        self.since = len(self.ctl.match.history)

    def satisfied(self, step: Step) -> bool:
        """Whether the player has done what `step` asks."""
        return _CHECKS[step.check](self, step)

    def focus(self) -> tuple[Square, ...]:
        """The squares the current prompt talks about: its marks, its squares, and its units' squares."""
        sit = self.ctl.situation()
        squares = list(self.step.show) + list(self.step.squares)
        for uid in (self.step.unit, self.step.target, *(u for pair in self.step.bound for u in pair)):
            creature = sit.creatures.get(uid or "")
            if creature is not None:
                squares += creature.footprint()
        return tuple(dict.fromkeys(squares))

    # --- the checks -----------------------------------------------------------------------

    def _select(self, step: Step) -> bool:
        return self.ctl.selected == step.unit

    def _hover(self, step: Step) -> bool:
        sq = self.ctl.hover_sq
        if sq is None:
            return False
        on = sq in step.squares
        if step.target is not None:
            target = self.ctl.situation().creatures.get(step.target)
            on = on or (target is not None and sq in target.footprint())
        if step.unit is not None and self.ctl.selected != step.unit:
            return False
        return on and (not step.card or self.ctl.preview is not None)

    def _costs(self, step: Step) -> bool:
        return self.ctl.step_costs

    def _forecast(self, step: Step) -> bool:
        return self.ctl.armed == "attack" and self.ctl.armed_target == step.target

    def _tactic(self, step: Step) -> bool:
        return self.ctl.tactic == step.tactic

    def _act(self, step: Step) -> bool:
        for record in self.ctl.match.history[self.since :]:
            action = record.action
            if not record.result.ok or action.kind not in step.actions:
                continue
            if step.unit is not None and action.unit != step.unit:
                continue
            if step.target is not None and action.target != step.target:
                continue
            if step.squares and not (action.path and action.path[-1] in step.squares):
                continue
            return True
        return False

    def _bound(self, step: Step) -> bool:
        pairs = self.ctl.situation().bindings
        return all(frozenset(p) in pairs for p in step.bound) and not any(frozenset(p) in pairs for p in step.free)

    def _done(self, step: Step) -> bool:
        return False


_CHECKS: dict[str, Callable[[Coach, Step], bool]] = {
    "select": Coach._select,
    "hover": Coach._hover,
    "costs": Coach._costs,
    "forecast": Coach._forecast,
    "tactic": Coach._tactic,
    "act": Coach._act,
    "bound": Coach._bound,
    "done": Coach._done,
}
"""Step check → its test (the same names as game.levels.tutorial.CHECKS)."""
