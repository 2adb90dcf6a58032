"""What the side panel shows, gathered from the battle controller without pygame (the panel only draws it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.text.i18n import current_language, t
from game.text.local_text import local
from game.ui.autoplay import is_computer
from game.ui.forecast import switchable_modes
from rules.core import Creature, Illegal, Situation

if TYPE_CHECKING:
    from game.ui.controller import BattleController

Color = tuple[int, int, int]

MOVE_KINDS = ("move", "double_move", "run", "engage")
"""Kinds performed by clicking a shaded square, never from a button."""


@dataclass(slots=True)
class UnitCard:
    """What the card shows about the selected unit."""

    creature: Creature
    side_name: str
    color: Color
    moved_m: float | None
    """None when the ruleset does not count metres (hexxen) or cannot say."""
    remaining_m: float | None
    bound_to: tuple[str, ...]
    """Display names of the units it is bound to (hexxen)."""


@dataclass(slots=True)
class PanelModel:
    """Everything the panel draws, gathered by the battle screen once per change."""

    level_name: str
    ruleset: str
    round: int
    side_name: str
    side_color: Color
    active_unit: str | None
    finished: bool
    card: UnitCard | None
    available: dict[str, Illegal | None]
    bands: list[str]
    armed: str | None
    log: Sequence[object]
    hint: str = ""
    can_undo: bool = True
    undo_reason: str = ""
    """Why undo is not possible now (shown as the button's tooltip)."""
    can_end_turn: bool = True
    extra: list[str] = field(default_factory=list)
    modes: tuple[str, ...] = ()
    """Movement modes the selected unit can switch between (empty: no mode button)."""
    mode: str | None = None
    names: dict[str, str] = field(default_factory=dict)
    """Unit id → display name (the log shows names, never ids)."""
    tactic: str | None = None
    """hexxen: the tactic the next attack takes (None: the ruleset has none, or it is the computer's turn)."""
    tactics: dict[str, Illegal | None] = field(default_factory=dict)
    """hexxen: each tactic a button offers → None when it can be used now, else why not (the rules' refusal)."""


def build_panel_model(ctl: BattleController, side_colors: dict[str, Color]) -> PanelModel:
    """The panel's content for the controller's match and selection now."""
    lang = current_language()
    m, sit = ctl.match, ctl.situation()
    side = next((s for s in m.level.sides if s.id == m.active_side), None)
    card, available = None, {}
    modes: tuple[str, ...] = ()
    if ctl.selected is not None and ctl.selected in sit.creatures:
        c = sit.creatures[ctl.selected]
        spec = next((s for s in m.level.sides if s.id == c.side), None)
        moved: float | None = None
        left: float | None = None
        summary = m.ruleset.movement_summary(sit, ctl.selected)
        if summary is not None:
            moved, left = summary
        # whom the unit is bound to, by the names players know (seen in a window: "bound to kultist_3")
        partners = sorted(p for pair in sit.bindings if c.id in pair for p in pair if p != c.id)
        bound = tuple(local(ctl.name_of(p), lang) for p in partners)  # names that keep their grammar
        color = side_colors.get(c.side, (200, 200, 200))
        card = UnitCard(c, local(spec.name, lang) if spec else c.side, color, moved, left, bound)
        if ctl.selected in ctl.actors:
            available = m.ruleset.available(sit, ctl.selected)
            modes = switchable_modes(m.ruleset, c)
    # a finished match (the board reviewed after the end screen) has no turn to end: say so, not "end the turn"
    hint = "" if ctl.actors else t("panel.match_over") if m.finished else t("panel.no_unit_can_act")
    extra = []
    computer_turn = is_computer(m, sit.active_side) and not m.finished
    if computer_turn and ctl.autoplayer.hook is not None:
        extra.append(t("panel.computer_moving"))
        hint = t("panel.computer_watch")
    elif computer_turn:
        extra.append(t("panel.no_ai"))
    tactics: dict[str, Illegal | None] = {}
    if ctl.uses_tactics() and not computer_turn:
        # the tactic buttons show the chosen one lit (and, at a desk, their keys): no line above says it again
        tactics = _tactics(ctl, sit)
    undo_block = ctl.undo_block()
    return PanelModel(
        level_name=local(m.level.name, lang),
        ruleset=m.level.ruleset,
        round=m.round,
        side_name=local(side.name, lang) if side else m.active_side,
        side_color=side_colors.get(m.active_side, (200,) * 3),
        active_unit=m.active_unit,
        finished=m.finished,
        card=card,
        available=available,
        bands=ctl.forecast.bands() if ctl.forecast else [],
        armed=ctl.armed,
        log=m.log,
        hint=hint,
        can_undo=undo_block is None,
        undo_reason=undo_block or "",
        can_end_turn=not ctl.computer_moving(),
        extra=extra,
        modes=modes,
        mode=(ctl.forecast.mode if ctl.forecast else None) or (modes[0] if modes else None),
        names={uid: local(name, lang) or uid for uid, name in ctl.names().items()},
        tactic=ctl.tactic if tactics else None,
        tactics=tactics,
    )


def _tactics(ctl: BattleController, sit: Situation) -> dict[str, Illegal | None]:
    """Each tactic a button offers and why it cannot be used now (all open while no unit of the turn is chosen)."""
    from rules.hexxen import CHOSEN_TACTICS, tactic_choices  # start-up time: hexxen's modules wait for a hexxen match

    if ctl.selected is None or ctl.selected not in ctl.actors or ctl.selected not in sit.creatures:
        return dict.fromkeys(CHOSEN_TACTICS)
    return tactic_choices(sit, ctl.selected)
