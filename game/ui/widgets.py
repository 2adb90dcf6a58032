"""Small drawing helpers and widgets shared by the panels and scenes: text, wrapping, buttons."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.text.i18n import is_rtl
from game.ui import theme

CLIPPED: list[str] = []
"""Text that had to be cut or dropped to fit its widget (a check hook: tests assert it stays empty)."""
CLIPPED_KEPT = 256
"""Reports CLIPPED keeps across frames: a window open for days (a kiosk) paints cut hover cards for ever."""


def forget_old_clips() -> None:
    """Keep only the newest CLIPPED_KEPT reports; called between frames, so no paint's own slice is cut."""
    del CLIPPED[:-CLIPPED_KEPT]


EMBEDDINGS = ("\u202a", "\u202b")
"""Left-to-right and right-to-left embedding (LRE, RLE); PDF ends one."""
PDF = "\u202c"


def _embedded(lines: list[str]) -> list[str]:
    """Each line closes the embeddings it opened and the next reopens them: the bidi pass runs line by line,
    and a bracketed list of rule ids cut by the wrap ("[HX-ENGAGE," / "GB-HEXXEN-AP]") must stay left to right
    on both lines, or the brackets of a Hebrew tooltip come out mirrored."""
    out: list[str] = []
    carried = ""
    for line in lines:
        line = carried + line
        opened: list[str] = []
        for char in line:
            if char in EMBEDDINGS:
                opened.append(char)
            elif char == PDF and opened:
                opened.pop()
        carried = "".join(opened)
        out.append(line + PDF * len(opened))
    return out


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels (long words are cut); a bidi embedding cut by a
    line break is closed at the end of the line and reopened on the next."""
    lines = _wrap(text, font, width)
    if any(c in text for c in EMBEDDINGS):
        return _embedded(lines)
    return lines


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        whole = _one_line(paragraph)
        if font.size(whole)[0] <= width:
            # it fits whole: so does every shorter line the loop below would try (a line's width never
            # shrinks as words are added), so the loop would end with this line; one measure, not one a word
            lines.append(whole)
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _one_line(paragraph: str) -> str:
    """The line `wrap` makes of `paragraph` when every word fits: its words joined by single spaces as it joins
    them (an empty word only counts after the first non-empty one: the loop never starts a line with a space)."""
    line = ""
    for word in paragraph.split(" "):
        line = f"{line} {word}" if line else word
    return line


def ellipsized(line: str, font: pygame.font.Font, width: int) -> str:
    """`line` with "…" at its end, shortened until both fit in `width` pixels."""
    line = line.rstrip()
    while line and font.size(line + "…")[0] > width:
        line = line[:-1].rstrip()
    return line + "…"


def text(
    surface: pygame.Surface,
    value: str,
    pos: tuple[int, int],
    size: int = 20,
    color: theme.Color | None = None,
    bold: bool = False,
    align: str = "left",
) -> pygame.Rect:
    """Draw one line of text with its top-left (align="right": top-right) at `pos`; returns the rectangle it took."""
    label = theme.render(value, size, theme.TEXT if color is None else color, bold)
    if align == "right":
        return surface.blit(label, label.get_rect(topright=pos))
    return surface.blit(label, pos)


def paragraph(
    surface: pygame.Surface,
    value: str,
    rect: pygame.Rect,
    size: int = 20,
    color: theme.Color | None = None,
    bold: bool = False,
    gap: int = 2,
    align: str | None = None,
) -> int:
    """Wrapped text inside `rect` (lines that do not fit are dropped); returns the y below it.

    `align` is "left", "right" or "center"; None follows the language (right-aligned in Hebrew).
    """
    align = align or ("right" if is_rtl() else "left")
    color = theme.TEXT if color is None else color  # the theme's text colour now, not when the module was read
    f = theme.font(size, bold)
    y = rect.y
    lines = wrap(value, f, rect.width)
    room = max(1, (rect.height + gap) // (f.get_linesize() + gap))
    if len(lines) > room:
        # a cut text says so: its last visible line ends in an ellipsis instead of stopping mid-sentence
        CLIPPED.append(" ".join(lines[room:]))
        lines = [*lines[: room - 1], ellipsized(lines[room - 1], f, rect.width)]
    for line in lines:
        if y + f.get_linesize() > rect.bottom:
            break
        label = theme.render(line, size, color, bold)
        if align == "right":
            surface.blit(label, label.get_rect(topright=(rect.right, y)))
        elif align == "center":
            surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(label, (rect.x, y))
        y += f.get_linesize() + gap
    return y


def shares(needs: Sequence[int], room: int) -> list[int]:
    """Widths for a row of buttons `room` px wide in all: each what it needs and an equal part of what is left, or,
    when the needs do not fit, a part of `room` in proportion to its need (a button then steps its label down)."""
    total = sum(needs)
    if total <= room:
        extra = (room - total) // max(1, len(needs))
        return [need + extra for need in needs]
    return [need * room // total for need in needs]


def fitted(value: str, width: int, sizes: tuple[int, ...], bold: bool = False) -> int:
    """The first (largest) size in `sizes` at which `value` is at most `width` px wide; the last if none is."""
    for size in sizes:
        if theme.font(size, bold).size(value)[0] <= width:
            return size
    return sizes[-1]


def fit_line(value: str, width: int, sizes: tuple[int, ...], bold: bool = False) -> tuple[str, int]:
    """`value` on one line of at most `width` px: the largest size that fits, else the smallest, ellipsized."""
    for size in sizes:  # `fitted`, keeping the measure: the text is measured once per size tried
        if theme.font(size, bold).size(value)[0] <= width:
            return value, size
    size = sizes[-1]
    CLIPPED.append(value)
    return ellipsized(value, theme.font(size, bold), width), size


@dataclass(slots=True)
class Button:
    """A clickable label bound to an intent; disabled buttons carry the reason as a tooltip."""

    rect: pygame.Rect
    label: str
    intent: str
    enabled: bool = True
    tooltip: str = ""
    shortcut: str = ""
    armed: bool = False

    def draw(self, surface: pygame.Surface, offset: tuple[int, int] = (0, 0), hover: bool = False) -> None:
        """Draw the button; `offset` moves it from screen to the target surface's coordinates."""
        rect = self.rect.move(-offset[0], -offset[1])
        if not self.enabled:
            fill, fg = theme.BUTTON_DISABLED_FILL, theme.DISABLED
        elif self.armed:
            fill, fg = theme.ACCENT, theme.ON_ACCENT
        else:
            fill, fg = (theme.BUTTON_HOVER if hover else theme.BUTTON_FILL), theme.TEXT
        pygame.draw.rect(surface, fill, rect, border_radius=5)
        edge = theme.PANEL_EDGE if self.enabled else theme.DISABLED_EDGE
        pygame.draw.rect(surface, edge, rect, 1 + theme.OUTLINE_EXTRA, border_radius=5)
        rtl = is_rtl()
        if self._shows_key():
            # on an armed (accent-filled) button the key reads in the accent's own text colour
            key_color = (
                theme.ON_ACCENT if self.armed and self.enabled else theme.MUTED if self.enabled else theme.DISABLED
            )
            # theme.label: the same pixels as theme.render, cached (the panel repaints its buttons on every selection)
            key = theme.label(self.shortcut, 16, key_color)
            # the key sits at the end of the reading direction: right in LTR, left in RTL
            if rtl:
                surface.blit(key, key.get_rect(midleft=(rect.x + 6, rect.centery)))
            else:
                surface.blit(key, key.get_rect(midright=(rect.right - 6, rect.centery)))
            room = rect.width - key.get_width() - 16
        else:
            room = rect.width - 12
        # long labels (German) step down in size before anything is cut
        size = fitted(self.label, room, (19, 17, 15, 14), bold=True)
        label = theme.label(self.label, size, fg, bold=True)
        if label.get_width() > room:
            CLIPPED.append(self.label)
            label = label.subsurface(pygame.Rect(0, 0, max(1, room), label.get_height()))
        if rtl:
            surface.blit(label, label.get_rect(midright=(rect.right - 7, rect.centery)))
        else:
            surface.blit(label, label.get_rect(midleft=(rect.x + 7, rect.centery)))

    def _shows_key(self) -> bool:
        """Whether the key is drawn: only where the label still fits beside it at the smallest size (the label comes
        first; the keys are in the help)."""
        if not self.shortcut:
            return False
        room = self.rect.width - theme.font(16).size(self.shortcut)[0] - 16
        return theme.font(14, bold=True).size(self.label)[0] <= room

    def fits(self) -> bool:
        """Whether the label fits the button at the smallest size it may use (a layout check for tests)."""
        room = self.rect.width - (theme.font(16).size(self.shortcut)[0] + 16 if self._shows_key() else 12)
        return theme.font(14, bold=True).size(self.label)[0] <= room

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether screen point `pos` is on the button."""
        return self.rect.collidepoint(pos)


class ButtonPictures:
    """Buttons drawn once per look onto a plain background, then blitted: a panel repaints all its buttons with
    every selection, and most look as before. The same pixels as `Button.draw` onto that background."""

    LIMIT = 256

    def __init__(self) -> None:
        self._pictures: dict[tuple[object, ...], tuple[pygame.Surface, list[str]]] = {}

    def draw(
        self,
        surface: pygame.Surface,
        button: Button,
        offset: tuple[int, int],
        background: theme.Color,
        hover: bool = False,
    ) -> None:
        """`button.draw(surface, offset, hover)` onto a `surface` that is `background` under the button."""
        rect = button.rect.move(-offset[0], -offset[1])
        if theme.font(19, bold=True).get_height() > rect.height:
            button.draw(surface, offset, hover)  # text taller than the button would spill out of a picture
            return
        key = (rect.size, button.label, button.shortcut, button.enabled, button.armed, hover, is_rtl(),
               background, theme.generation(), theme.scale())  # fmt: skip
        entry = self._pictures.get(key)
        if entry is None:
            picture = pygame.Surface(rect.size, 0, surface)  # the target's pixel format: the same blending
            picture.fill(background)
            start = len(CLIPPED)
            button.draw(picture, button.rect.topleft, hover)
            entry = (picture, CLIPPED[start:])
            if len(self._pictures) >= self.LIMIT:
                self._pictures.clear()
            self._pictures[key] = entry
        else:
            CLIPPED.extend(entry[1])  # a cut label is reported on every paint, as when drawn
        surface.blit(entry[0], rect)
