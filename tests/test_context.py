"""The game's context (game/context.py): the language, settings and palette in one registry with one reset, and
the theme serving its colours from the palette in use instead of rewriting its own names."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from game import context
from game import settings as game_settings
from game.text import i18n
from game.ui import theme

ROOT = Path(__file__).resolve().parent.parent


def test_the_setters_write_the_one_registry() -> None:
    i18n.set_language("de")
    chosen = game_settings.DEFAULTS.changed(theme="high-contrast", ui_scale=1.5)
    game_settings.use(chosen)
    theme.use_palette(theme.HIGH_CONTRAST)
    now = context.current()
    assert (now.language, now.settings, now.palette) == ("de", chosen, theme.HIGH_CONTRAST)
    assert i18n.current_language() == "de" and game_settings.current() is chosen
    assert theme.palette() is theme.HIGH_CONTRAST and theme.HIGH_CONTRAST.text == theme.TEXT


def test_one_reset_brings_back_the_language_the_defaults_and_the_standard_palette() -> None:
    i18n.set_language("he")
    game_settings.use(game_settings.DEFAULTS.changed(mute=True))
    theme.use_palette(theme.HIGH_CONTRAST)
    before = theme.generation()
    context.reset(language="it")
    assert i18n.current_language() == "it"
    assert game_settings.current() == game_settings.DEFAULTS
    assert theme.palette() is theme.STANDARD and theme.STANDARD.background == theme.BACKGROUND
    assert theme.generation() > before  # a picture cached under the high-contrast palette is not reused


def test_a_reset_without_a_language_follows_the_system_locale(monkeypatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    context.reset()
    assert context.current().language is None
    assert i18n.current_language() == i18n.detect_language() == "de"
    assert context.current().language == "de"  # detected once, then kept


def test_the_palette_generation_changes_only_with_the_palette() -> None:
    theme.use_palette(theme.STANDARD)
    start = theme.generation()
    theme.use_palette(theme.STANDARD)
    assert theme.generation() == start
    theme.use_palette(theme.HIGH_CONTRAST)
    assert theme.generation() == start + 1


def test_every_upper_case_palette_name_is_served_from_the_palette_in_use() -> None:
    for chosen in theme.PALETTES.values():
        theme.use_palette(chosen)
        for name, field in theme.PALETTE_NAMES.items():
            assert getattr(theme, name) == getattr(chosen, field), name
    assert set(theme.PALETTE_NAMES.values()) == set(theme.Palette.__dataclass_fields__) - {"name"}


def test_the_theme_keeps_no_palette_colour_among_its_names() -> None:
    kept = set(vars(theme)) & set(theme.PALETTE_NAMES)
    assert not kept, kept  # a module constant would hide __getattr__ and freeze the colour
    assert "globals()" not in inspect.getsource(theme)
    try:
        theme.NO_SUCH_COLOUR  # noqa: B018 - the attribute access is the test
    except AttributeError as exc:
        assert "NO_SUCH_COLOUR" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_nothing_imports_a_palette_colour_by_name() -> None:
    """`from game.ui.theme import TEXT` would copy the colour of the moment: code reads theme.TEXT instead."""
    found = []
    for folder in ("game", "tests", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module == "game.ui.theme":
                    found += [
                        f"{path.relative_to(ROOT)}: {a.name}" for a in node.names if a.name in theme.PALETTE_NAMES
                    ]
    assert not found, found
