"""Unit tokens: circles (one square) or rounded squares (bigger footprints) in side colours."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.ui import theme
from rules.core import Creature, Size


def short_label(creature: Creature, room: int) -> str:
    """A label that fits a token: the name (or id) cut to `room` characters."""
    # the first word only: "Pip (rogue)" reads better as "Pip" than as "Pip ("
    words = (creature.name or creature.id).replace("_", " ").split()
    text = words[0] if words else creature.id
    return text if len(text) <= room else text[:room]


def drawing_order(creatures: Mapping[str, Creature]) -> list[tuple[str, Creature]]:
    """The units in the order they are drawn: the fallen (defeated, helpless) first, so the living stay on top."""
    return sorted(creatures.items(), key=lambda item: not (item[1].defeated or item[1].helpless))


def draw_token(
    surface: pygame.Surface,
    creature: Creature,
    rect: pygame.Rect,
    color: theme.Color,
    *,
    selected: bool = False,
    can_act: bool = False,
) -> None:
    """Draw one unit over its footprint `rect` (already the squeezed footprint when squeezed)."""
    cell = min(rect.width, rect.height)
    body_color = theme.blend(color, (110, 110, 110), 0.7) if creature.defeated else color
    # tokens smaller than Small read smaller, so a Tiny creature sharing a square stays visible
    shrink = 0.62 if creature.size < Size.SMALL else 0.84
    if creature.prone:
        shrink *= 0.9
    multi = creature.dims != (1, 1)
    body = rect.inflate(-round(rect.width * (1 - shrink)), -round(rect.height * (1 - shrink)))
    if creature.prone:
        body = body.inflate(0, -body.height // 3)  # a flattened token reads as lying down
    edge = theme.SELECTED if selected else (theme.ACCENT if can_act else (20, 20, 20))
    edge_width = max(2, cell // 14) + (1 if selected else 0)
    if multi or creature.prone:
        radius = max(3, min(body.width, body.height) // 4)
        pygame.draw.rect(surface, body_color, body, border_radius=radius)
        pygame.draw.rect(surface, edge, body, edge_width, border_radius=radius)
    else:
        pygame.draw.ellipse(surface, body_color, body)
        pygame.draw.ellipse(surface, edge, body, edge_width)
    if creature.squeezed:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-2, -2), 1)
    size = max(10, min(body.height // 2, round(cell * 0.34)))
    f = theme.font(size, bold=True)
    room = 8
    # shorten the label until it fits inside the token
    while room > 1 and f.size(short_label(creature, room))[0] > body.width * 0.74:
        room -= 1
    # names are free UTF-8 (a Hebrew name needs the bidi pass like every other label)
    label = f.render(theme.visual(short_label(creature, room)), True, theme.readable_on(body_color))
    surface.blit(label, label.get_rect(center=body.center))
    if creature.defeated:
        pygame.draw.line(surface, theme.WARNING, body.topleft, body.bottomright, max(2, cell // 12))
        pygame.draw.line(surface, theme.WARNING, body.topright, body.bottomleft, max(2, cell // 12))
    if creature.hp < creature.max_hp and not creature.defeated:
        bar = pygame.Rect(body.x, body.bottom - max(3, cell // 10), body.width, max(3, cell // 12))
        pygame.draw.rect(surface, (40, 20, 20), bar)
        fill = bar.copy()
        fill.width = round(bar.width * max(0, creature.hp) / max(1, creature.max_hp))
        pygame.draw.rect(surface, (90, 200, 90), fill)
