"""Small drawing helpers and widgets shared by the panels and scenes: text, wrapping, buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels (long words are cut)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
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


def text(
    surface: pygame.Surface,
    value: str,
    pos: tuple[int, int],
    size: int = 20,
    color: theme.Color = theme.TEXT,
    bold: bool = False,
) -> pygame.Rect:
    """Draw one line of text with its top-left at `pos`; returns the rectangle it took."""
    label = theme.font(size, bold).render(value, True, color)
    return surface.blit(label, pos)


def paragraph(
    surface: pygame.Surface,
    value: str,
    rect: pygame.Rect,
    size: int = 20,
    color: theme.Color = theme.TEXT,
    bold: bool = False,
    gap: int = 2,
) -> int:
    """Wrapped text inside `rect` (lines that do not fit are dropped); returns the y below it."""
    f = theme.font(size, bold)
    y = rect.y
    for line in wrap(value, f, rect.width):
        if y + f.get_linesize() > rect.bottom:
            break
        surface.blit(f.render(line, True, color), (rect.x, y))
        y += f.get_linesize() + gap
    return y


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
            fill, fg = (44, 46, 52), theme.DISABLED
        elif self.armed:
            fill, fg = theme.ACCENT, (20, 20, 20)
        else:
            fill, fg = ((76, 82, 96) if hover else (58, 63, 75)), theme.TEXT
        pygame.draw.rect(surface, fill, rect, border_radius=5)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=5)
        f = theme.font(19, bold=True)
        label = f.render(self.label, True, fg)
        if self.shortcut:
            key = theme.font(16).render(self.shortcut, True, theme.MUTED if self.enabled else theme.DISABLED)
            surface.blit(key, key.get_rect(midright=(rect.right - 6, rect.centery)))
            room = rect.width - key.get_width() - 16
        else:
            room = rect.width - 12
        if label.get_width() > room:
            label = label.subsurface(pygame.Rect(0, 0, max(1, room), label.get_height()))
        surface.blit(label, label.get_rect(midleft=(rect.x + 7, rect.centery)))

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether screen point `pos` is on the button."""
        return self.rect.collidepoint(pos)
