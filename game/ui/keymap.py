"""Keyboard → intent tables: scenes look a key up here instead of branching on keys."""

from __future__ import annotations

import pygame

ACTION_SHORTCUTS: dict[str, str] = {
    "end_turn": "E",
    "dash": "D",
    "drop_prone": "P",
    "stand_up": "G",
    "step": "S",
    "charge": "C",
    "attack": "A",
    "sneak_attack": "K",
    "interact": "I",
    "minimum_move": "M",
    "overrun": "O",
    "tumble": "T",
}
"""Action kind → the key that triggers it (shown on its button)."""

TACTIC_SHORTCUTS: dict[str, str] = {"front": "1", "relieve": "2", "cut_in": "3"}
"""hexxen: tactic → the key that chooses it for the next attack (shown on its button)."""

BATTLE_KEYS: dict[tuple[int, bool], str] = {
    (pygame.K_ESCAPE, False): "back",
    (pygame.K_F1, False): "help",
    (pygame.K_F2, False): "legend",
    (pygame.K_u, False): "undo",
    (pygame.K_z, True): "undo",
    (pygame.K_LEFT, False): "cursor_left",
    (pygame.K_RIGHT, False): "cursor_right",
    (pygame.K_UP, False): "cursor_up",
    (pygame.K_DOWN, False): "cursor_down",
    (pygame.K_SPACE, False): "cursor_act",
    (pygame.K_RETURN, False): "cursor_act",
    (pygame.K_KP_ENTER, False): "cursor_act",
    (pygame.K_LEFT, True): "pan_left",
    (pygame.K_RIGHT, True): "pan_right",
    (pygame.K_UP, True): "pan_up",
    (pygame.K_DOWN, True): "pan_down",
    (pygame.K_PLUS, False): "zoom_in",
    (pygame.K_EQUALS, False): "zoom_in",
    (pygame.K_KP_PLUS, False): "zoom_in",
    (pygame.K_MINUS, False): "zoom_out",
    (pygame.K_KP_MINUS, False): "zoom_out",
    (pygame.K_HOME, False): "fit",
    (pygame.K_TAB, False): "next_unit",
    (pygame.K_l, False): "levels",
    (pygame.K_f, False): "mode",
    (pygame.K_v, False): "step_costs",
    (pygame.K_h, False): "hint",
    (pygame.K_w, False): "danger",
}
"""(key, ctrl held) → battle intent."""
BATTLE_KEYS.update(
    {(getattr(pygame, f"K_{letter.lower()}"), False): f"action:{kind}" for kind, letter in ACTION_SHORTCUTS.items()}
)
BATTLE_KEYS.update(
    {(getattr(pygame, f"K_{digit}"), False): f"tactic:{name}" for name, digit in TACTIC_SHORTCUTS.items()}
)

APP_KEYS: dict[tuple[int, bool], str] = {(pygame.K_F11, False): "fullscreen"}
"""Keys the app handles in every scene."""

VICTORY_KEYS: dict[tuple[int, bool], str] = {
    (pygame.K_r, False): "replay",
    (pygame.K_n, False): "next",
    (pygame.K_b, False): "review",
    (pygame.K_s, False): "save",
    (pygame.K_q, False): "quit",
    (pygame.K_ESCAPE, False): "pause",
}

MENU_KEYS: dict[tuple[int, bool], str] = {
    (pygame.K_ESCAPE, False): "back",
    (pygame.K_UP, False): "up",
    (pygame.K_DOWN, False): "down",
    (pygame.K_LEFT, False): "left",
    (pygame.K_RIGHT, False): "right",
    (pygame.K_RETURN, False): "open",
    (pygame.K_KP_ENTER, False): "open",
    (pygame.K_SPACE, False): "open",
    (pygame.K_c, False): "credits",
}


def intent_for(table: dict[tuple[int, bool], str], event: pygame.event.Event) -> str | None:
    """The intent a KEYDOWN event maps to in `table`, if any."""
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    return table.get((event.key, ctrl))
