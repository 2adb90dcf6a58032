"""Unit tokens: circles (one square) or rounded squares (bigger footprints) in side colours; `draw_units` draws a
board's worth of them, for the battle board and the level editor alike."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from functools import partial

import pygame

from game.text.art_names import match_arts
from game.ui import theme
from game.ui.art import draw_emblem, plate_picture
from game.ui.patterns import draw_side_marker, side_shapes
from game.ui.token_labels import Label, fitted, token_labels
from rules.core import Creature, Size

EMBLEM_BODY = 24
"""Tokens at least this many pixels tall show their emblem above the label; smaller ones the label only."""
LABEL_PX = theme.MIN_FONT_PX
"""The smallest token label: it zooms with the board (the UI scale leaves the board's zoom alone); a label
that would be smaller is drawn at this size, or left out where the token is too small to hold it (the
emblem, the badge and the hover card still tell the unit)."""
LABEL_ROOM = 0.45
"""A label may take at most this share of its token's height."""


def emblem_box(body: pygame.Rect) -> pygame.Rect:
    """Where a token's emblem goes: a square in the upper part of its body."""
    # a ring of the side colour stays visible round the plate (the token's colour reads at a glance)
    side = round(min(body.width, body.height) * 0.56)
    box = pygame.Rect(0, 0, side, side)
    box.center = (body.centerx, body.centery - round(body.height * 0.04))
    return box


def _draw_label(
    surface: pygame.Surface,
    label: Label,
    body: pygame.Rect,
    centre: tuple[int, int],
    px: int,
    on: theme.Color,
    plate_room: int | None = None,
) -> pygame.Rect | None:
    """The form of the token's `label` that fits the body's width (or, drawn on a name plate of colour `on`,
    `plate_room` pixels), centred at `centre`; none on a token too small for LABEL_PX. Returns what it covers."""
    px = max(LABEL_PX, px)
    if px > body.height * LABEL_ROOM:
        return None  # unreadably small otherwise (tests/test_ui_scale.py)
    width = body.width * 0.74 if plate_room is None else plate_room * 0.9
    form, px = fitted(label, px, width)
    f = theme.font_px(px, bold=True)
    # names are free UTF-8 (a Hebrew name needs the bidi pass like every other label)
    text = f.render(theme.visual(form), True, theme.readable_on(on))
    box = text.get_rect(center=centre)
    if plate_room is not None:
        plate = box.inflate(6, 0)
        plate.height = f.get_ascent() + 3
        plate.center = centre
        # corners less round than a pill: a full stop at the end of "Plänkl." stays on the plate
        pygame.draw.rect(surface, on, plate, border_radius=plate.height // 3)
        box.centery = plate.centery + (f.get_height() - f.get_ascent()) // 2 - 1
        surface.blit(text, box)
        return plate
    surface.blit(text, box)
    return box


def fan_rects(creatures: Mapping[str, Creature], cell: int, origin: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Each Tiny unit that shares its square with another unit gets its own part of the square (one per
    corner, or a finer grid past four), so stacked Tiny tokens are all visible; others are not listed."""
    shared: dict[tuple[int, int], list[str]] = {}
    for uid, c in creatures.items():
        if c.dims == (1, 1):
            shared.setdefault(c.at, []).append(uid)
    out: dict[str, pygame.Rect] = {}
    for (x, y), uids in shared.items():
        tiny = sorted(u for u in uids if creatures[u].size < Size.SMALL)
        if len(uids) < 2 or not tiny:
            continue
        per_row = max(2, math.ceil(math.sqrt(len(tiny))))
        part = cell / per_row
        for i, uid in enumerate(tiny):
            row, col = divmod(i, per_row)
            left = origin[0] + x * cell + col * part
            top = origin[1] + y * cell + row * part
            if len(tiny) == 3 and row == 1:
                left += part / 2  # three: two above, one centred below
            if len(tiny) == 2:
                top += part / 2  # two: side by side across the middle
            out[uid] = pygame.Rect(round(left), round(top), round(part), round(part))
    return out


def token_body(creature: Creature, rect: pygame.Rect, fanned: bool = False) -> tuple[pygame.Rect, int]:
    """The token's body inside its footprint `rect`, and one square's width (marks keep a square's scale)."""
    square = rect.width // max(1, creature.dims[0])
    # tokens smaller than Small read smaller, so a Tiny creature sharing a square stays visible
    shrink = 0.96 if fanned else (0.62 if creature.size < Size.SMALL else 0.84)
    if creature.prone:
        shrink *= 0.9
    # the margin of one square, whatever the footprint: a Huge token fills its 3×3 like three tokens would
    margin = round(min(rect.width, rect.height, square) * (1 - shrink))
    body = rect.inflate(-margin, -margin)
    if creature.prone:
        body = body.inflate(0, -body.height // 3)  # a flattened token reads as lying down
    return body, square


def marker_spot(body: pygame.Rect, square: int) -> tuple[tuple[int, int], int]:
    """Centre and radius of the side badge on a token's body (its top-left, where no label goes)."""
    r = max(4, round(min(body.width, body.height, square) * 0.15))
    return (body.left + r, body.top + r), r


def drawing_order(creatures: Mapping[str, Creature]) -> list[tuple[str, Creature]]:
    """The units in the order they are drawn: the fallen (defeated, helpless) first, so the living stay on top;
    within each, the larger first, so a small token is never hidden under a large one (a downed Valeros vanished
    under the downed ogre on his square)."""
    return sorted(creatures.items(), key=lambda item: (not (item[1].defeated or item[1].helpless), -item[1].size))


def draw_token(
    surface: pygame.Surface,
    creature: Creature,
    rect: pygame.Rect,
    color: theme.Color,
    *,
    selected: bool = False,
    can_act: bool = False,
    label: Label | None = None,
    art: str | None = None,
    marker: str | None = None,
    fanned: bool = False,
    ring: theme.Color | None = None,
    part: str = "all",
) -> None:
    """Draw one unit over its footprint `rect` (already the squeezed footprint when squeezed): its body in
    the side colour, its `art` emblem (game/ui/art.py) over its label, the side's `marker` shape
    (game/ui/patterns.py); `fanned`: `rect` is its own share of a square it shares with other Tiny units; `ring`:
    the colour of a ring round it (a unit to attack or engage), under its name plate. `part`: "body" draws all
    but the name plate (and what sits under or over it: the fallen cross, the health bar), "plate" only those,
    "all" both."""
    cell = min(rect.width, rect.height)
    body, square = token_body(creature, rect, fanned)
    body_color = theme.blend(color, (110, 110, 110), 0.7) if creature.defeated else color
    if part == "plate":
        shown = plate_picture(art, emblem_box(body)) is not None if art and body.height >= EMBLEM_BODY else False
        _draw_plate(surface, creature, rect, label, body, square, cell, body_color, shown, fanned)
        return
    multi = creature.dims != (1, 1)
    edge = theme.SELECTED if selected else (theme.ACCENT if can_act else theme.TOKEN_EDGE)
    edge_width = max(2, square // 14) + (1 if selected else 0) + theme.OUTLINE_EXTRA
    if multi or creature.prone:
        radius = max(3, min(body.width, body.height) // 4)
        pygame.draw.rect(surface, body_color, body, border_radius=radius)
        pygame.draw.rect(surface, edge, body, edge_width, border_radius=radius)
    else:
        pygame.draw.ellipse(surface, body_color, body)
        pygame.draw.ellipse(surface, edge, body, edge_width)
    if creature.squeezed:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-2, -2), 1)
    plate = draw_emblem(surface, art, emblem_box(body)) if art and body.height >= EMBLEM_BODY else None
    if marker is not None:
        centre, r = marker_spot(body, square)
        draw_side_marker(surface, marker, color, centre, r)
    if ring is not None:
        # over the badge (the ring reads first), under the name (a ring over the plate hid "Cult. 2")
        pygame.draw.rect(surface, ring, rect.inflate(-2, -2), max(3, square // 10), border_radius=square // 5)
    if part == "all":
        _draw_plate(surface, creature, rect, label, body, square, cell, body_color, plate is not None, fanned)


def _draw_plate(
    surface: pygame.Surface,
    creature: Creature,
    rect: pygame.Rect,
    label: Label | None,
    body: pygame.Rect,
    square: int,
    cell: int,
    body_color: theme.Color,
    emblem_shown: bool,
    fanned: bool = False,
) -> None:
    """A token's name (on a plate under its emblem, else across its body), the fallen cross and the health bar."""
    full = label if label is not None else token_labels({creature.id: creature})[creature.id]
    # a prone token is drawn flattened; its name keeps the room of the token standing (it went missing when prone)
    room = token_body(creature.evolve(prone=False), rect, fanned)[0] if creature.prone else body
    if not emblem_shown:
        named = _draw_label(surface, full, room, body.center, min(room.height // 2, round(cell * 0.34)), body_color)
    else:
        # the label on a name plate across the token's lower rim, under the emblem
        named = _draw_label(surface, full, room, (body.centerx, body.bottom - body.height // 7), round(square * 0.25),
                            theme.blend(body_color, (0, 0, 0), 0.45), plate_room=rect.width)  # fmt: skip
    if creature.defeated:
        pygame.draw.line(surface, theme.WARNING, body.topleft, body.bottomright, max(2, cell // 12))
        pygame.draw.line(surface, theme.WARNING, body.topright, body.bottomleft, max(2, cell // 12))
    if creature.hp < creature.max_hp and not creature.defeated:
        bar = pygame.Rect(body.x, body.bottom - max(3, cell // 10), body.width, max(3, cell // 12))
        if named is not None and bar.colliderect(named):
            # under the name, never over it: in the square's margin, or just past it on a crowded board
            bar.top = named.bottom + 1
        pygame.draw.rect(surface, theme.HP_EMPTY, bar)
        fill = bar.copy()
        fill.width = round(bar.width * max(0, creature.hp) / max(1, creature.max_hp))
        pygame.draw.rect(surface, theme.HP_FULL, fill)


def draw_units(
    surface: pygame.Surface,
    creatures: Mapping[str, Creature],
    cell: int,
    origin: tuple[int, int],
    colors: Mapping[str, theme.Color],
    *,
    everyone: Mapping[str, Creature] | None = None,
    selected: str | None = None,
    actors: Collection[str] = (),
    rings: Collection[str] = (),
    area: pygame.Rect | None = None,
) -> None:
    """Every unit of `creatures` as a token (`draw_token`) on a board of `cell`-pixel squares whose top-left is
    at `origin`: emblem, name plate and side badge, the fallen first, stacked Tiny units fanned out.

    `colors`: side id → colour, in the level's order of sides (it gives each side its badge shape); `everyone`:
    the units the name plates tell apart (default `creatures`); `selected`, `actors` and `rings` mark units;
    tokens wholly outside `area` are skipped (a partial repaint).
    """
    labels = token_labels(everyone if everyone is not None else creatures)  # told apart across the match
    arts = match_arts(everyone if everyone is not None else creatures)  # so are the faces of people
    shapes = side_shapes(colors)
    fans = fan_rects(creatures, cell, origin)
    ox, oy = origin
    reach = cell // 2 + 8  # a token's badge and name plate may stand a little over its footprint
    plates_last = []
    for uid, c in drawing_order(creatures):  # the living above the fallen in a shared square
        rect = pygame.Rect(ox + c.at[0] * cell, oy + c.at[1] * cell, c.dims[0] * cell, c.dims[1] * cell)
        if area is not None and not area.colliderect(rect.inflate(2 * reach, 2 * reach)):
            continue  # nothing of it inside the repainted part (a new selection repaints only around its shading)
        token = partial(
            draw_token,
            surface,
            c,
            fans.get(uid, rect),
            colors.get(c.side, (200, 200, 200)),
            selected=uid == selected,
            can_act=uid in actors,
            label=labels[uid],
            art=arts[uid],
            marker=shapes.get(c.side),
            fanned=uid in fans,
            ring=theme.BAND_COLORS["engage"] if uid in rings else None,
        )
        # Tiny units fanned in one square: every body and badge first, then the names, or a neighbour's badge
        # lands on a name ("R.1" read "P 1" beside three more rats)
        token(part="body" if uid in fans else "all")
        if uid in fans:
            plates_last.append(token)
    groups: dict[tuple[int, int], int] = {}
    for uid in fans:
        groups[creatures[uid].at] = groups.get(creatures[uid].at, 0) + 1
    for (x, y), count in groups.items():
        if count >= COUNT_FROM:  # over the bodies, under the names (a name reads whole, as it does alone)
            count_badge(surface, pygame.Rect(ox + x * cell, oy + y * cell, cell, cell), count)
    for token in plates_last:
        token(part="plate")


COUNT_FROM = 3
"""Tiny units sharing a square from which the square shows how many they are (four rats read as a number)."""


def count_badge(surface: pygame.Surface, square: pygame.Rect, count: int) -> pygame.Rect:
    """The count ("×4") on a dark pill at the square's top-right corner, over the bodies fanned in it; its rectangle."""
    px = max(LABEL_PX, square.height // 4)
    f = theme.font_px(px, bold=True)
    text = f.render(f"×{count}", True, theme.readable_on(theme.TOKEN_EDGE))
    badge = text.get_rect().inflate(6, 2)
    badge.topright = (square.right + badge.width // 4, square.top - badge.height // 4)
    pygame.draw.rect(surface, theme.TOKEN_EDGE, badge, border_radius=badge.height // 2)
    pygame.draw.rect(surface, theme.readable_on(theme.TOKEN_EDGE), badge, 1, border_radius=badge.height // 2)
    surface.blit(text, text.get_rect(center=badge.center))
    return badge
