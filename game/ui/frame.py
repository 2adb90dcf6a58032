"""A screen-sized cache of slow-changing regions, and dirty-rectangle redraw of what moves over them.

A scene paints its regions (board, panel) into the cache only when their key changes, then
draws its pointer-following overlays on the window. Next frame, only the rectangles the
overlays covered (and regions rebuilt) are restored from the cache and redrawn, so a frame
where only the pointer moved costs a few small blits, and a still frame costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.ui import aligned

Painter = Callable[[pygame.Surface], None]
OverlayPainter = Callable[[pygame.Surface], list[pygame.Rect]]


class FrameCache:
    """The cached picture of a scene's static regions plus the bookkeeping of dirty rectangles."""

    def __init__(self, background: tuple[int, int, int]) -> None:
        self.background = background
        self.surface: pygame.Surface | None = None
        self._keys: dict[str, Hashable] = {}
        self._rebuilt: list[pygame.Rect] = []
        self._dirty: list[pygame.Rect] = []
        self._overlay_key: Hashable = None
        self.full = True
        """The next present covers the whole window (set on enter and resize)."""

    @property
    def overlay_rects(self) -> list[pygame.Rect]:
        """Where the overlays of the last present were drawn."""
        return list(self._dirty)

    @property
    def rebuilt(self) -> list[pygame.Rect]:
        """The regions repainted into the cache for the frame begun last (a still screen repaints none)."""
        return list(self._rebuilt)

    def invalidate(self) -> None:
        """Forget every region and redraw the whole window next time."""
        self._keys.clear()
        self.full = True

    def begin(self, screen: pygame.Surface) -> None:
        """Start a frame: (re)make the cache surface at the window's size."""
        if self.surface is None or self.surface.get_size() != screen.get_size():
            # made in the window's pixel format (not converted to it: a copy of a million pixels, start-up time)
            self.surface = pygame.Surface(screen.get_size(), 0, screen)
            self.surface.fill(self.background)
            self.invalidate()
        self._rebuilt = []

    def region(
        self, name: str, key: Hashable, rect: pygame.Rect, paint: Painter, area: pygame.Rect | None = None
    ) -> None:
        """Repaint region `name` (inside `rect`) into the cache if its key changed since last time.

        `area` (inside `rect`) says that only that part changed since the region was last painted:
        the painter then runs clipped to it, and only it is restored on the window.
        """
        assert self.surface is not None, "call begin() first"
        if self._keys.get(name) == key and name in self._keys:
            return
        target = pygame.Rect(area) if area is not None and name in self._keys else pygame.Rect(rect)
        self._keys[name] = key
        if target.width <= 0 or target.height <= 0:
            return
        old_clip = self.surface.get_clip()
        self.surface.set_clip(target)
        paint(self.surface)
        self.surface.set_clip(old_clip)
        self._rebuilt.append(target)

    def present(
        self, screen: pygame.Surface, overlay_key: Hashable, overlays: OverlayPainter
    ) -> list[pygame.Rect] | None:
        """Update the window: None = it all changed, [] = nothing did, else the rectangles that changed."""
        assert self.surface is not None, "call begin() first"
        key = (tuple(sorted(self._keys.items(), key=lambda kv: kv[0])), overlay_key)
        if not self._rebuilt and not self.full and key == self._overlay_key:
            return []
        self._overlay_key = key
        if self.full:
            aligned.copy(screen, self.surface, (0, 0))
            self._dirty = _clip(overlays(screen), screen)
            self.full = False
            return None
        # restore the rebuilt regions and where the overlays were, then draw the overlays anew
        changed = self._rebuilt + self._dirty
        for rect in changed:
            if rect.width < aligned.MIN_CUT:
                screen.blit(self.surface, rect, rect)  # a walker's or a path segment's box: one call is quickest
            else:
                aligned.copy(screen, self.surface, rect.topleft, rect)
        self._dirty = _clip(overlays(screen), screen)
        return changed + self._dirty


def _clip(rects: list[pygame.Rect], screen: pygame.Surface) -> list[pygame.Rect]:
    """The rectangles cut to the window."""
    bounds = screen.get_rect()
    return [r.clip(bounds) for r in rects]
