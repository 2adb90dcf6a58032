"""The battle screen's hint (H): the computer's suggestion for the side to act, drawn as a ghost, never performed.

The suggestion is `game.advice.decide_now` (the same decision `advise` and the computer player make) at
the strength the side's controller names, or for a person's side the strength chosen in the level menu
(else the default). Its first action is drawn over the board as a ghost (a path, the place the unit
would end, the enemy it would attack) and its explanation lines in a box under it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.advice import choices_for_first, decision_rng, held_choices
from game.battle.match import Match
from game.levels.controllers import DEFAULT_AI, EVERY, controller_strength
from game.text.i18n import action_name, current_language, t
from game.text.local_text import local
from game.ui import theme
from game.ui.view import BoardView
from game.ui.widgets import paragraph
from rules.actions import Action
from rules.core import Situation, Square

GHOST_ALPHA = 140
"""How opaque the ghost is: the board shows through it (it is a suggestion, not a move)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggestion for the state `version` of the battle controller: an action (None: end the turn) and why."""

    version: int
    strength: str
    action: Action | None
    lines: tuple[str, ...]


def hint_strength(match: Match, chosen: dict[str, str]) -> str:
    """The strength to advise at: the side's own if the computer plays it, else the menu's choice, else normal."""
    side = match.active_side
    for spec in match.level.sides:
        if spec.id == side:
            own = controller_strength(spec.controller)
            if own is not None:
                return own
    return chosen.get(side or "", chosen.get(EVERY, DEFAULT_AI))


def prepare_hint(match: Match, version: int, chosen: dict[str, str]) -> Callable[[], Hint]:
    """Take what the hint needs from `match` now (main thread); the returned job decides from that alone.

    `hard` may think most of a second: the job runs in a worker while the window keeps drawing, and it
    never reads the match (a snapshot, the names and the language are taken here).
    """
    from game import ai

    strength = hint_strength(match, chosen)
    snap, rng = ai.snapshot(match), decision_rng(match)
    lang = current_language()
    names = {k: str(local(v, lang) or k) for k, v in match.level.display_names.items()}
    nouns = match.level.display_names  # the names themselves, so the explanation's messages decline them

    def work() -> Hint:
        decision = ai.decide(snap, strength, rng, explain=True)
        first = decision.first
        shown = t(f"ai_choice.{strength}", lang)
        if first is None:
            head = t("hint.end_turn", lang, strength=shown)
        else:
            unit = names.get(first.unit or "", first.unit or "")
            head = t("hint.title", lang, strength=shown, unit=unit, action=action_name(first.kind, lang))
        # a turn that only ends says why each unit holds (pf1's side waiting out a charge), not nothing
        choices = choices_for_first(decision) if first is not None else held_choices(decision)
        why = ai.explanation_lines(ai.Decision(strength, (), choices), lang, nouns)
        return Hint(version, strength, first, (head, *why, t("hint.close", lang)))

    return work


def _ends(action: Action) -> list[Square]:
    """The squares the action's path passes through, in order (a footprint entry by its anchor)."""
    return [(entry[0], entry[1]) for entry in action.path]


def draw_hint(screen: pygame.Surface, view: BoardView, sit: Situation, hint: Hint) -> list[pygame.Rect]:
    """The ghost of the hint's first action over the board and its lines in a box; the rectangles drawn."""
    drawn: list[pygame.Rect] = []
    action = hint.action
    if action is not None and action.unit in sit.creatures:
        me = sit.creatures[action.unit]
        layer = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        colour = (*theme.ACCENT[:3], GHOST_ALPHA)
        offset = pygame.Vector2(view.rect.topleft)
        start = view.square_center(me.at)
        points = [start] + [view.square_center(sq) for sq in _ends(action)]
        for a, b in itertools.pairwise(points):
            pygame.draw.line(layer, colour, pygame.Vector2(a) - offset, pygame.Vector2(b) - offset, 5)
        end_at = _ends(action)[-1] if action.path else me.at
        ghost = view.square_rect(end_at, me.dims).move(-view.rect.x, -view.rect.y)
        pygame.draw.rect(layer, colour, ghost.inflate(-6, -6), border_radius=8)
        if action.target in sit.creatures:
            foe = sit.creatures[action.target]
            aim = view.square_center(foe.at)
            pygame.draw.line(layer, colour, pygame.Vector2(points[-1]) - offset, pygame.Vector2(aim) - offset, 3)
            ring = view.square_rect(foe.at, foe.dims).move(-view.rect.x, -view.rect.y)
            pygame.draw.rect(layer, colour, ring, 4, border_radius=8)
        drawn.append(screen.blit(layer, view.rect.topleft))
    drawn.append(_draw_lines(screen, view.rect, hint.lines))
    return drawn


def _draw_lines(screen: pygame.Surface, area: pygame.Rect, lines: tuple[str, ...]) -> pygame.Rect:
    """The hint's lines in a box along the bottom of the board."""
    width = area.width - min(80, area.width // 8)
    body = theme.font(16)
    height = min(area.height // 2, 24 + len(lines) * (body.get_linesize() + 4))
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (area.centerx, area.bottom - 10)
    pygame.draw.rect(screen, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(screen, theme.ACCENT, box, 2, border_radius=10)
    inner = box.inflate(-24, -16)
    y = inner.y
    for i, line in enumerate(lines):
        if y >= inner.bottom:
            break
        y = paragraph(screen, line, pygame.Rect(inner.x, y, inner.width, inner.bottom - y), 16, theme.TEXT, bold=i == 0)
    return box
