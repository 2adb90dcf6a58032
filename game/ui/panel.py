"""The side panel: level and turn header, unit card, reach legend, action bar and the match log."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.text.i18n import (
    LANGUAGE_NAMES,
    action_name,
    current_language,
    describe,
    is_rtl,
    refusal,
    rule_titles,
    size_name,
    t,
)
from game.text.local_text import local
from game.ui import aligned, theme
from game.ui.keymap import ACTION_SHORTCUTS, TACTIC_SHORTCUTS
from game.ui.log_notes import untaken
from game.ui.panel_model import MOVE_KINDS, PanelModel
from game.ui.patterns import cached_band_tile
from game.ui.turn_call import ENGAGE_ONLY
from game.ui.widgets import CLIPPED, Button, ButtonPictures, fit_line, fitted, paragraph, wrap
from rules.core import Illegal

CARD_ROOM = 158
"""Height kept for the unit card (name, hit points and three lines) whether or not a unit is selected."""
CARD_ROOM_BY_RULESET = {"hexxen": 138}
"""hexxen counts no metres, so its card never has the "moved" line: one line less kept, which gives its row of
tactic buttons room at the kiosk's 1024×640 without shrinking every button to the short-window height."""
LEGEND_ROOM = 30
"""Height kept for one line of the reach legend."""

KEPT_SECTIONS = frozenset({1, 2})
"""Sections whose pictures are kept (card, legend): they only draw; the buttons and the log also set hit areas."""
SECTION_MEMORY = 4
"""How many kept section pictures: the cards and legends of the last few units selected."""

ButtonEntry = tuple[str, str, bool, str, str]
"""A panel button: intent, label, enabled, tooltip (why not), key."""
ROW_BREAK: ButtonEntry = ("", "", False, "", "")
"""Not a button: the buttons after it begin a new row (hexxen's tactics keep a row of their own)."""
Section = Callable[[pygame.Surface, int], int]
"""Paints one section of the panel from its top y; returns where it ends."""

RULESET_COLORS: dict[str, theme.Color] = {"pf1": (150, 60, 40), "dnd5e": (140, 30, 40), "hexxen": (70, 50, 110)}
"""Badge colour per ruleset (the badge text is the catalogue's `ruleset.<name>`)."""

RULESET_ACTIONS: dict[str, tuple[str, ...]] = {
    "pf1": ("step", "charge", "minimum_move", "attack", "overrun", "tumble", "drop_prone", "stand_up", "interact"),
    "dnd5e": ("dash", "attack", "drop_prone", "stand_up", "interact"),
    "hexxen": ("attack", "sneak_attack"),
}
"""The buttons each ruleset shows (moves happen by clicking shaded squares); anything else the
ruleset reports as possible is shown as well."""


def action_kinds(ruleset: str, available: dict[str, Illegal | None]) -> list[str]:
    """The action kinds that get a button, in a stable order."""
    shown = [k for k in RULESET_ACTIONS.get(ruleset, ()) if k in available]
    skip = {*shown, *MOVE_KINDS, "end_turn"}
    shown += [k for k, v in available.items() if v is None and k not in skip]
    return shown


class SidePanel:
    """Draws the panel into a cached surface; repaints only when told the model changed or hover moved."""

    def __init__(self, rect: pygame.Rect, kiosk: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.kiosk = kiosk
        """A public screen: the footer speaks of taps, buttons show no key a visitor has not got (F2)."""
        self.buttons: list[Button] = []
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.log_scroll = 0
        """Entries scrolled back from the newest."""
        self.log_hits: list[tuple[pygame.Rect, tuple[str, ...]]] = []
        """Screen rectangle of each visible log entry and its rule ids (for the rule tooltip)."""
        self._surface: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None
        self._pictures = ButtonPictures()
        """The buttons' pictures (game/ui/widgets.py): most look the same from one paint to the next."""
        self._rtl = False
        self._ruleset = ""
        """The ruleset of the model last painted: the kiosk's footer says what a tap does under it."""
        """Hebrew: the panel is painted mirrored (text right-aligned, buttons ordered right to left)."""
        self._painted: list[tuple[tuple[object, ...], int, int]] = []
        """Each section's key, top and bottom as last painted (a selection repaints the card, legend and buttons)."""
        self._scratch: pygame.Surface | None = None
        self._kept: list[tuple[tuple[object, ...], pygame.Surface, int, tuple[str, ...]]] = []
        """Recent pictures of the sections without side effects: ((index, key, top), picture, end, what was cut),
        the most recently shown last (see `_section`)."""
        self._tips: dict[str, str] = {}
        """Each button's tooltip now (a refusal names the selected unit: set without repainting the buttons)."""
        self._log_top = 0
        """Where the key line under the log begins (at the panel's bottom; above the log's top in a tiny panel)."""
        self.dirty = pygame.Rect(0, 0, 0, 0)
        """The part of the panel (panel coordinates) the last paint changed."""

    def relayout(self, rect: pygame.Rect) -> None:
        """A new place on screen (window resized)."""
        self.rect = pygame.Rect(rect)
        self._key = None
        self._painted = []

    @property
    def dirty_area(self) -> pygame.Rect:
        """`dirty` on screen."""
        return self.dirty.move(self.rect.topleft)

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The button under screen point `pos`."""
        return next((b for b in self.buttons if b.hit(pos)), None)

    def scroll_log(self, lines: int, total: int) -> None:
        """Scroll the log by `lines` entries (positive = older)."""
        self.log_scroll = max(0, min(max(0, total - 1), self.log_scroll + lines))

    def refresh(self, model: PanelModel, version: int, hover: tuple[int, int] | None) -> tuple[object, ...]:
        """Repaint the cached panel if the model version or the hovered button changed; returns the cache key."""
        hovered = self.button_at(hover) if hover else None
        key = (
            version,
            self.rect.size,
            self.log_scroll,
            hovered.intent if hovered else None,
            model.armed,
            len(model.log),
            model.hint,
            current_language(),
        )
        if self._surface is None or key != self._key:
            self._paint(model, hovered)
            self._key = key
        return key

    def blit(self, target: pygame.Surface) -> None:
        """Copy the cached panel onto `target` (the window, or the battle screen's frame cache)."""
        assert self._surface is not None
        aligned.copy(target, self._surface, self.rect.topleft)

    def draw_tooltip(self, screen: pygame.Surface, hover: tuple[int, int] | None) -> pygame.Rect | None:
        """The hovered button's tooltip (a disabled action's refusal), drawn over everything."""
        hovered = self.button_at(hover) if hover else None
        if hovered is not None and hovered.tooltip and hover is not None:
            return _tooltip(screen, hovered.tooltip, hover, theme.REFUSAL_FILL, theme.WARNING)
        rules = self.rules_at(hover) if hover else ()
        if rules and hover is not None:
            return _tooltip(screen, rules_text(rules), hover, theme.PANEL, theme.ACCENT)
        return None

    def rules_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """The rule ids of the log entry under `pos` (empty if none)."""
        return next((rules for rect, rules in self.log_hits if rect.collidepoint(pos)), ())

    def draw(self, screen: pygame.Surface, model: PanelModel, version: int, hover: tuple[int, int] | None) -> None:
        """Refresh, blit and add the tooltip in one call."""
        self.refresh(model, version, hover)
        self.blit(screen)
        self.draw_tooltip(screen, hover)

    # --- painting ---------------------------------------------------------------------

    def _paint(self, model: PanelModel, hovered: Button | None) -> None:
        """Repaint the sections whose content or place changed; `dirty` says where (all of it on a first paint)."""
        self._ruleset = model.ruleset
        window = pygame.display.get_surface()
        # its columns at the phase they land at in the window, so copying it there takes SDL's fast path
        phase = 0 if window is None else aligned.column_phase(window, self.rect.x) or 0
        old = self._surface
        fresh = old is None or old.get_size() != self.rect.size or aligned.phase_of(old) != phase
        if fresh:
            # the window's pixel format (the fast blit path), made so rather than converted: a copy saved
            self._surface = aligned.blank(self.rect.size, phase, window)
        surf = self._surface
        assert surf is not None
        self._rtl = is_rtl()
        sections = self._sections(model, hovered)
        self._paint_sections(surf, sections, fresh)
        for button in self.buttons:
            button.tooltip = self._tips.get(button.intent, button.tooltip)

    def _paint_sections(
        self, surf: pygame.Surface, sections: list[tuple[tuple[object, ...], Section]], fresh: bool
    ) -> None:
        """Repaint what changed: a section whose key or top moved, on its own, below the ones that did not."""
        if fresh or len(self._painted) != len(sections):
            self._paint_all(surf, sections)
            return
        self.dirty = pygame.Rect(0, 0, 0, 0)
        y = 0
        for i, (key, painter) in enumerate(sections):
            old_key, old_y, old_end = self._painted[i]
            if old_y == y and old_key == key:
                y = old_end
                continue
            end = self._section(surf, i, key, painter, y, old_end - old_y)
            self._painted[i] = (key, y, end)
            band = pygame.Rect(0, y, self.rect.width, end - y)
            self.dirty = band if not self.dirty.height else self.dirty.union(band)
            y = end
        if self._log_top < self._painted[-1][1]:
            # a tiny panel: the key line under the log reaches up over the buttons, as one paint draws it
            self._paint_all(surf, sections)

    def _sections(self, model: PanelModel, hovered: Button | None) -> list[tuple[tuple[object, ...], Section]]:
        """The panel from top to bottom: each section's key (everything its pixels depend on) and its painter."""
        u = theme.px  # the layout's pixels follow the UI scale like its text (settings, window size)
        pad = u(14)
        width = self.rect.width - 2 * pad
        look = (tuple(self.rect), current_language(), self._rtl, theme.generation(), theme.fonts_generation())
        shown = model.names.get(model.card.creature.id) if model.card else None  # numbered where names repeat
        card_key = (model.card, shown, model.hint, model.ruleset)
        head_key = (model.level_name, model.ruleset, model.round, model.side_name, model.side_color, model.finished)
        head_key += (tuple(model.extra), model.active_unit)
        entries = self._action_entries(model)
        # the buttons' pixels: a refusal only changes a tooltip (it names the unit), set on the buttons below
        looks = tuple(None if e is None else (e[0], e[1], e[2], e[4]) for e in entries)
        actions_key = (looks, model.armed, model.tactic, hovered.intent if hovered else None)
        self._tips = {e[0]: e[3] for e in entries if e is not None and e != ROW_BREAK}
        height = self.rect.height

        def card(s: pygame.Surface, y: int) -> int:
            # the card and the legend keep their room when empty: the buttons below never move on a selection
            room = CARD_ROOM_BY_RULESET.get(model.ruleset, CARD_ROOM)
            return max(self._card(s, model, pad, y, width), y + u(room))

        def log(s: pygame.Surface, y: int) -> int:
            self._log(s, model, pad, y + 6, width)
            return height

        return [
            ((look, head_key), lambda s, y: self._head(s, model, pad, width)),
            ((look, card_key), card),
            ((look, tuple(model.bands)), lambda s, y: max(self._legend(s, model, pad, y), y + u(LEGEND_ROOM))),
            (
                (look, actions_key),
                lambda s, y: self._actions(s, pad, y, width, entries, model.armed, hovered, model.tactic),
            ),
            ((look, tuple(model.log), self.log_scroll, model.names), log),
        ]

    def _paint_all(self, surf: pygame.Surface, sections: list[tuple[tuple[object, ...], Section]]) -> None:
        """Every section in one pass onto the panel's background."""
        surf.set_clip(None)
        self._background(surf)
        self._painted = []
        y = 0
        for key, painter in sections:
            end = painter(surf, y)
            self._painted.append((key, y, end))
            y = end
        self.dirty = surf.get_rect()

    def _section(
        self, surf: pygame.Surface, index: int, key: tuple[object, ...], painter: Section, y: int, height: int
    ) -> int:
        """Section `index` at `y`: its kept picture when painted there with this key lately (a unit selected again:
        its card is not laid out and rendered again; the key holds content, place, language, palette and fonts)."""
        if index not in KEPT_SECTIONS:
            return self._paint_section(surf, painter, y, height)
        memo = (index, key, y)  # compared, not hashed: a unit card holds lists
        found = next((i for i, kept in enumerate(self._kept) if kept[0] == memo), None)
        if found is not None:
            _, picture, end, clipped = self._kept.pop(found)
            aligned.copy(surf, picture, (0, y))
            CLIPPED.extend(clipped)  # what painting it said it cut, said again
        else:
            mark = len(CLIPPED)
            end = self._paint_section(surf, painter, y, height)
            clipped = tuple(CLIPPED[mark:])
            size = (self.rect.width, end - y)
            gone = self._kept[: max(0, len(self._kept) - SECTION_MEMORY + 1)]  # the least recently shown
            del self._kept[: len(gone)]
            # a picture of the same size that leaves the memory takes the new one: no new surface to clear
            picture = next((old for _, old, _, _ in gone if old.get_size() == size), None)
            if picture is None or aligned.phase_of(picture) != aligned.phase_of(surf):
                picture = aligned.blank(size, aligned.phase_of(surf), surf)
            aligned.copy(picture, surf, (0, 0), pygame.Rect(0, y, *size))
        self._kept.append((memo, picture, end, clipped))
        return end

    def _paint_section(self, surf: pygame.Surface, painter: Section, y: int, height: int) -> int:
        """One section painted on a fresh background below `y` in a scratch picture, then copied in: the sections
        below it keep their pixels. `height` is what it took last time: only that much is cleared first (the
        whole rest of the panel when it grew). Returns where it ends."""
        if self._scratch is None or self._scratch.get_size() != surf.get_size():
            # at the panel's own phase: copying a section back takes SDL's fast path (game/ui/aligned.py)
            self._scratch = aligned.blank(surf.get_size(), aligned.phase_of(surf), surf)
            self._scratch.blit(surf, (0, 0))
        scratch = self._scratch
        bottom = min(self.rect.height, y + height)
        for room in (bottom, self.rect.height):
            scratch.set_clip(pygame.Rect(0, y, self.rect.width, room - y))
            self._background(scratch)
            end = painter(scratch, y)
            if end <= room:
                break  # it fitted on what was cleared (else painted again on the rest of the panel cleared)
        scratch.set_clip(None)
        aligned.copy(surf, scratch, (0, y), pygame.Rect(0, y, self.rect.width, end - y))
        return end

    def _background(self, surf: pygame.Surface) -> None:
        """The panel's colour and its edge towards the board (inside the clip set on `surf`)."""
        surf.fill(theme.PANEL)
        edge_x = self.rect.width - 1 if self._rtl else 0  # the edge towards the board
        pygame.draw.line(surf, theme.PANEL_EDGE, (edge_x, 0), (edge_x, self.rect.height), 2 + theme.OUTLINE_EXTRA)

    def _head(self, surf: pygame.Surface, model: PanelModel, pad: int, width: int) -> int:
        """The level's name, the ruleset badge, the round and who is to act; returns where it ends."""
        u = theme.px
        # one line, smaller when long (seen cut in Italian: "La sala del gigante delle"), so nothing below moves
        name_size = fitted(str(model.level_name), width, (28, 24, 21, 18), bold=True)
        paragraph(surf, model.level_name, pygame.Rect(pad, u(12), width, u(60)), name_size, theme.TEXT, bold=True)
        y = u(12) + theme.font(28, True).get_linesize() + 2
        badge_color = RULESET_COLORS.get(model.ruleset, (80, 80, 80))
        badge_text = t(f"ruleset.{model.ruleset}")
        label = theme.render(badge_text if not badge_text.startswith("⟦") else model.ruleset, 18, (255, 255, 255), True)
        badge = self._mx(label.get_rect(topleft=(pad, y + 2)).inflate(12, 6).move(6, 3))
        pygame.draw.rect(surf, badge_color, badge, border_radius=4)
        surf.blit(label, label.get_rect(center=badge.center))
        round_label = theme.render(t("panel.round", round=model.round), 20, theme.MUTED)
        round_y = badge.centery - round_label.get_height() // 2
        self._put(surf, round_label, pad + width - round_label.get_width(), round_y)
        y = badge.bottom + u(10)
        return self._turn(surf, model, pad, y, width)

    # --- mirroring: the layout is written left to right; in Hebrew every x is taken from the right

    def _mx(self, rect: pygame.Rect) -> pygame.Rect:
        """`rect` (panel coordinates) mirrored across the panel's centre line when painting right to left."""
        if not self._rtl:
            return pygame.Rect(rect)
        return pygame.Rect(self.rect.width - rect.right, rect.y, rect.width, rect.height)

    def _put(
        self, surf: pygame.Surface, image: pygame.Surface, x: int, y: int, area: pygame.Rect | None = None
    ) -> pygame.Rect:
        """Blit `image` with its left edge at `x` (its right edge at width - x when right to left)."""
        w = area.width if area is not None else image.get_width()
        if area is not None and image.get_width() > area.width:
            CLIPPED.append(f"panel image {image.get_width()} px in {area.width} px")
        return surf.blit(image, self._mx(pygame.Rect(x, y, w, image.get_height())).topleft, area)

    def _turn(self, surf: pygame.Surface, model: PanelModel, pad: int, y: int, width: int) -> int:
        u = theme.px
        pygame.draw.rect(surf, model.side_color, self._mx(pygame.Rect(pad, y + 2, u(16), u(16))), border_radius=3)
        who = t("panel.match_over") if model.finished else t("panel.to_act", side=model.side_name)
        y = paragraph(surf, who, self._mx(pygame.Rect(pad + u(24), y, width - u(24), u(50))), 22, theme.TEXT, bold=True)
        for note in model.extra:
            y = paragraph(surf, note, pygame.Rect(pad, y, width, u(40)), 17, theme.ACCENT)
        if model.active_unit:
            acting = model.names.get(model.active_unit, model.active_unit)  # the name players read, not the id
            initiative = theme.render(t("panel.initiative", unit=acting), 18, theme.MUTED)
            self._put(surf, initiative, pad, y)
            y += initiative.get_height()
        return y + u(6)

    def _card(self, surf: pygame.Surface, model: PanelModel, pad: int, y: int, width: int) -> int:
        box = pygame.Rect(pad - 4, y, width + 8, 10)
        card = model.card
        if card is None:
            hint = model.hint or t("kiosk_display.select_hint" if self.kiosk else "panel.select_hint")
            end = paragraph(surf, hint, pygame.Rect(pad, y + 4, width, theme.px(60)), 18, theme.MUTED)
            return end + 8
        c = card.creature
        lines: list[tuple[str, theme.Color]] = []
        speeds = [
            t("panel.speed_mode", mode=t(f"mode.{mode}"), metres=float(v))
            for mode, v in (("walk", c.speed), ("fly", c.fly), ("climb", c.climb), ("swim", c.swim))
            if v
        ]
        if speeds:
            lines.append((t("panel.speed", speeds=" · ".join(speeds)), theme.TEXT))
        if card.moved_m is not None and card.remaining_m is not None:
            lines.append((t("panel.moved", moved=float(card.moved_m), left=float(card.remaining_m)), theme.TEXT))
        states = [
            t(f"state.{s}", unit=c.name)  # the unit's gender decides the word (Italian "prona", Hebrew "שרועה")
            for s, on in (
                ("prone", c.prone),
                ("squeezed", c.squeezed),
                ("flying", c.airborne),
                ("helpless", c.helpless),
                ("down", c.defeated),
            )
            if on
        ]
        if card.bound_to:
            states.append(t("state.bound_to", unit=c.name, units=card.bound_to))
        state_text = ", ".join(states) if states else t("state.ready", unit=c.name)
        lines.append((t("panel.state", states=state_text), theme.ACCENT if states else theme.MUTED))
        f = theme.font(19)
        u = theme.px
        wrapped = [(line, color) for raw, color in lines for line in wrap(raw, f, width - 8)]
        box.height = u(74) + len(wrapped) * (f.get_linesize() + 1) + 8
        pygame.draw.rect(surf, theme.CARD_FILL, box, border_radius=6)
        pygame.draw.rect(surf, card.color, box, 2 + theme.OUTLINE_EXTRA, border_radius=6)
        # a name too long even at the smallest size ends in "…" rather than stopping mid-letter
        shown = local(model.names.get(c.id) or c.name, current_language()) or c.id
        name_text, name_size = fit_line(shown, width - 8, (24, 21, 18), True)
        name = theme.label(name_text, name_size, theme.TEXT, True)
        self._put(surf, name, pad + 4, y + 6)
        sub_text = f"{size_name(c.size.label, model.ruleset)} · {card.side_name}"
        sub_text, sub_size = fit_line(sub_text, width - 8, (17, 15))
        sub = theme.label(sub_text, sub_size, theme.MUTED)
        self._put(surf, sub, pad + 4, y + u(30))
        # hit points as a bar on its own row: quicker to read than numbers, and never over the name
        hp = theme.label(t("panel.hp", hp=c.hp, max=c.max_hp), 17, theme.TEXT)
        self._put(surf, hp, pad + 4, y + u(50))
        bar_w = min(u(140), width - hp.get_width() - 24)
        bar = self._mx(pygame.Rect(pad + 12 + hp.get_width(), y + u(50) + hp.get_height() // 2 - u(5), bar_w, u(11)))
        pygame.draw.rect(surf, theme.HP_EMPTY, bar, border_radius=3)
        fill = bar.copy()
        fill.width = round(bar.width * max(0, c.hp) / max(1, c.max_hp))
        if self._rtl:
            fill.right = bar.right  # the bar empties towards the reading end
        pygame.draw.rect(surf, theme.HP_FULL, fill, border_radius=3)
        if theme.OUTLINE_EXTRA:
            pygame.draw.rect(surf, theme.PANEL_EDGE, bar, theme.OUTLINE_EXTRA, border_radius=3)
        ly = y + u(74)
        for line, color in wrapped:
            self._put(surf, theme.label(line, 19, color), pad + 4, ly)  # cached: the same lines come back
            ly += f.get_linesize() + 1
        return box.bottom + 8

    def _legend(self, surf: pygame.Surface, model: PanelModel, pad: int, y: int) -> int:
        if not model.bands:
            return y
        x = pad
        u = theme.px
        side = u(24)
        for band in model.bands:
            name = t(f"band.{band}")
            label = theme.render(band.replace("_", " ") if name.startswith("⟦") else name, 17, theme.TEXT)
            if x + side + 6 + label.get_width() > self.rect.width - pad:
                x, y = pad, y + side + 2
            # the swatch is a shaded square as the board shows it: colour, pattern and number
            swatch = self._mx(pygame.Rect(x, y, side, side))
            pygame.draw.rect(surf, theme.TERRAIN_FILL["floor"], swatch)
            surf.blit(cached_band_tile(band, side, theme.band_color(band)), swatch)
            self._put(surf, label, x + side + 4, y + (side - label.get_height()) // 2)
            x += side + 4 + label.get_width() + u(14)
        return y + side + 6

    def _action_entries(self, model: PanelModel) -> list[ButtonEntry | None]:
        """The buttons as (intent, label, enabled, tooltip, key), in their places (None: the mode button's slot)."""
        kinds = action_kinds(model.ruleset, model.available) if model.card else []
        # the turn's own buttons come first and keep their places; the selected unit's actions follow
        entries: list[ButtonEntry | None] = []
        end_refusal = model.available.get("end_turn")
        entries.append(
            (
                "action:end_turn",
                action_name("end_turn"),
                model.can_end_turn and not model.finished and end_refusal is None,
                t("panel.tip_match_over")
                if model.finished
                else ("" if model.can_end_turn else t("panel.tip_computer_moving")),
                "E",
            )
        )
        undo_tip = "" if model.can_undo else (model.undo_reason or t("panel.tip_nothing_to_undo"))
        entries.append(("undo", action_name("undo"), model.can_undo, undo_tip, "U"))
        language = t("language.button", name=LANGUAGE_NAMES.get(current_language(), current_language()))
        entries.append(("language", language, True, "", ""))
        mode = model.modes and model.mode
        entries.append(("mode", t("battle.mode_button", mode=t(f"mode.{model.mode}")), True, "", "F") if mode else None)
        # always there: no button below moves; the kiosk blocks F-keys, so its button names none
        entries.append(("legend", t("legend.button"), True, "", "" if self.kiosk else "F2"))
        for kind in kinds:
            refusal_of = model.available.get(kind)
            tip = refusal(refusal_of, names=model.names) if isinstance(refusal_of, Illegal) else ""
            entries.append(
                (
                    f"action:{kind}",
                    action_name(kind),
                    refusal_of is None,
                    tip,
                    ACTION_SHORTCUTS.get(kind, ""),
                )
            )
        if model.tactics:
            # hexxen: the attack tactics on a row of their own, each the same intent as its key (1, 2, 3)
            entries.append(ROW_BREAK)
            for tactic, problem in model.tactics.items():
                tip = refusal(problem, names=model.names) if problem is not None else ""
                label = t(f"tactic_buttons.{tactic}")
                entries.append((f"tactic:{tactic}", label, problem is None, tip, TACTIC_SHORTCUTS.get(tactic, "")))
        if self.kiosk:  # a visitor at a touch screen taps the buttons: key letters on them name nothing it has
            return [None if e is None else (*e[:4], "") for e in entries]
        return entries

    def _actions(
        self,
        surf: pygame.Surface,
        pad: int,
        y: int,
        width: int,
        entries: list[ButtonEntry | None],
        armed: str | None,
        hovered: Button | None,
        tactic: str | None = None,
    ) -> int:
        self.buttons = []
        gap, cols = theme.px(6), 2
        bw, bh = (width - gap) // cols, theme.px(30)
        if y + self._rows(entries, bw, bh, cols) * (bh + gap) + self._log_room(width) > self.rect.height:
            # a short window (960×540, a kiosk's 1024×640): lower buttons leave the log a few lines (the gaps stay:
            # a finger's tap between two buttons still finds the one it meant)
            bh = theme.px(24)
        places, rows = self._places(entries, bw, bh, cols)
        for (intent, label, enabled, tip, key), col, row, wide in places:
            at = self._mx(pygame.Rect(pad + col * (bw + gap), y + row * (bh + gap), width if wide else bw, bh))
            rect = at.move(self.rect.topleft)
            # the armed action, or the hexxen tactic the next attack takes, is drawn lit
            armed_here = intent in (f"action:{armed}", f"tactic:{tactic}")
            button = Button(rect, label, intent, enabled, tip, key, armed_here)
            self.buttons.append(button)
            hover = hovered is not None and hovered.intent == intent
            self._pictures.draw(surf, button, self.rect.topleft, theme.PANEL, hover)
        return y + rows * (bh + gap) + 4

    @staticmethod
    def _rows(entries: list[ButtonEntry | None], bw: int, bh: int, cols: int) -> int:
        """How many rows of buttons `entries` take (a label too long for half a row takes a whole one)."""
        return SidePanel._places(entries, bw, bh, cols)[1]

    @staticmethod
    def _places(
        entries: list[ButtonEntry | None], bw: int, bh: int, cols: int
    ) -> tuple[list[tuple[ButtonEntry, int, int, bool]], int]:
        """Each button's entry, column, row and whether it takes a whole row; and how many rows they take."""
        places: list[tuple[ButtonEntry, int, int, bool]] = []
        slot = 0
        for entry in entries:
            if entry is None:
                slot += 1
                continue  # the mode button's place stays free when the unit has one way to move
            if entry == ROW_BREAK:
                slot += -slot % cols
                continue
            intent, label, _, _, key = entry
            # a label too long for half a row even at the smallest size ("Heimtückische Attacke") takes a whole row
            wide = not Button(pygame.Rect(0, 0, bw, bh), label, intent, shortcut=key).fits()
            if wide and slot % cols:
                slot += cols - slot % cols
            places.append((entry, slot % cols, slot // cols, wide))
            slot += cols if wide else 1
        return places, (slot + cols - 1) // cols

    def _footer(self, width: int) -> list[str]:
        """The line under the log: the keys no button shows (a kiosk: what to tap), wrapped to the panel."""
        kiosk_line = "footer_engage" if self._ruleset in ENGAGE_ONLY else "footer"
        footer = t(f"kiosk_display.{kiosk_line}") if self.kiosk else t("help.key_line")  # a kiosk has no F1 or Esc
        return wrap(footer, theme.font(15), width)

    def _log_room(self, width: int) -> int:
        """The least height the log wants: its heading, three lines and the footer."""
        lines = theme.font(20, True).get_linesize() + 3 * theme.font(17).get_linesize() + theme.px(20)
        return lines + len(self._footer(width)) * theme.font(15).get_linesize()

    def _log(self, surf: pygame.Surface, model: PanelModel, pad: int, y: int, width: int) -> None:
        heading = theme.render(t("panel.log"), 20, theme.MUTED, True)
        self._put(surf, heading, pad, y)
        y += heading.get_height()
        # the keys no button shows, under the log so a new player finds them
        help_lines = self._footer(width)
        help_h = len(help_lines) * theme.font(15).get_linesize() + 6
        if self.rect.height - y - help_h < 2 * theme.font(17).get_linesize() + 14:
            # no room for the footer under two lines of log: the log keeps them, and nothing overlaps the buttons
            help_lines, help_h = [], 0
        self._log_top = self.rect.height - help_h
        for i, line in enumerate(help_lines):
            help_y = self.rect.height - help_h + i * theme.font(15).get_linesize()
            self._put(surf, theme.label(line, 15, theme.MUTED), pad, help_y)
        area = pygame.Rect(pad - 4, y, width + 8, self.rect.height - y - 10 - help_h)
        self.log_rect = area.move(self.rect.topleft)
        if area.height <= 20:
            return
        pygame.draw.rect(surf, theme.LOG_FILL, area, border_radius=4)
        if theme.OUTLINE_EXTRA:
            pygame.draw.rect(surf, theme.PANEL_EDGE, area, theme.OUTLINE_EXTRA, border_radius=4)
        self.log_hits = []
        f, small = theme.font(17), theme.font(15)
        entries = list(model.log)
        newest = len(entries) - self.log_scroll
        bottom = area.bottom - 4
        # newest at the bottom, drawn upwards until the box is full
        silent = untaken(entries) if all(hasattr(e, "events") for e in entries) else frozenset()
        for index in range(newest - 1, -1, -1):
            entry = entries[index]
            line_text = describe(entry, names=model.names) if hasattr(entry, "kind") else str(entry)
            if index in silent:
                # "provokes" and nothing after it: say why no attack came (the rules' GB-AOO, not a lost line)
                by = entry.events[0].by or ""
                line_text += " " + t("aoo_note.untaken", other=model.names.get(by, by))
            body = wrap(f"{t('log.round', round=getattr(entry, 'round', '?'))} {line_text}", f, area.width - 10)
            # each rule id with its title from the rule catalogue, in the chosen language
            rules = rule_titles(tuple(getattr(entry, "rules", ()) or ()))
            rule_lines = wrap(rules, small, area.width - 18) if rules else []
            height = len(body) * f.get_linesize() + len(rule_lines) * small.get_linesize() + 3
            # the oldest entry shown may not fit whole: its last lines show, cut at the box's top, so the box
            # reads as one column of text rather than ending in an empty band
            cut = bottom - height < area.y + 2
            bottom -= height
            ly = bottom
            entry_rules = tuple(getattr(entry, "rules", ()) or ())
            if entry_rules:
                hit = pygame.Rect(area.x, bottom, area.width, height).clip(area).move(self.rect.topleft)
                self.log_hits.append((hit, entry_rules))
            kept_clip = surf.get_clip()
            if cut:
                surf.set_clip(pygame.Rect(0, area.y + 2, surf.get_width(), max(0, bottom + height - area.y - 2)))
            color = theme.TEXT if getattr(entry, "ok", True) else theme.REFUSED_TEXT
            for line in body:
                self._put(surf, theme.render(line, 17, color), area.x + 5, ly)
                ly += f.get_linesize()
            for line in rule_lines:
                self._put(surf, theme.render(line, 15, theme.MUTED), area.x + 13, ly)
                ly += small.get_linesize()
            if cut:
                surf.set_clip(kept_clip)
                break
        if self.log_scroll:
            newer = theme.render(t("panel.newer", count=self.log_scroll), 15, theme.ACCENT)
            spot = self._mx(pygame.Rect(area.right - 6 - newer.get_width(), area.y + 2, *newer.get_size()))
            pygame.draw.rect(surf, theme.LOG_FILL, spot.inflate(6, 2))  # over the cut entry's lines
            self._put(surf, newer, area.right - 6 - newer.get_width(), area.y + 2)


def rules_text(rules: tuple[str, ...]) -> str:
    """Each rule id with its catalogue title and summary in the current language, one paragraph per rule."""
    from game.text.catalog import rule_text  # the rule catalogue waits for the first tip (start-up time)

    lang = current_language()
    return "\n".join(
        t("panel.rule_tip", rule=r, title=rule_text(r, lang).title, summary=rule_text(r, lang).summary)
        for r in rules[:4]
    )


def _tooltip(
    screen: pygame.Surface,
    value: str,
    at: tuple[int, int],
    background: theme.Color,
    edge: theme.Color,
) -> pygame.Rect:
    """A wrapped tooltip box towards the board: left of the pointer, right of it when right to left."""
    f = theme.font(18)
    lines = wrap(value, f, theme.px(300))
    w = max(f.size(line)[0] for line in lines) + 12
    h = len(lines) * f.get_linesize() + 8
    rtl = is_rtl()
    box = pygame.Rect(at[0] + 8 if rtl else at[0] - w - 8, at[1] + 12, w, h)
    box.clamp_ip(screen.get_rect())
    pygame.draw.rect(screen, background, box, border_radius=4)
    pygame.draw.rect(screen, edge, box, 1 + theme.OUTLINE_EXTRA, border_radius=4)
    for i, line in enumerate(lines):
        label = theme.render(line, 18, theme.TEXT)
        x = box.right - 6 - label.get_width() if rtl else box.x + 6
        screen.blit(label, (x, box.y + 4 + i * f.get_linesize()))
    return box
