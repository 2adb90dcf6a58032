"""Shared test set-up: headless SDL, a fresh esper world per test, the Hypothesis profiles (ci: derandomised) and the
sampling budget of the run (tests/budget.py: the fast suite draws fewer examples)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper
import pytest
from hypothesis import HealthCheck, settings

# CI draws the same examples every run (a failure there is reproducible); developers draw new ones.
settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev")
_ON_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _ON_CI else "dev"))

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


def pytest_configure(config: pytest.Config) -> None:
    """A run that leaves the slow tests out (`-m "not slow"`) is the fast suite: its sampling tests draw the smaller
    budget (tests/budget.py). Set before any test module is imported, and inherited by xdist's workers."""
    from tests.budget import ENV

    if "not slow" in (config.getoption("markexpr", "") or ""):
        os.environ.setdefault(ENV, "fast")


@pytest.fixture(autouse=True)
def _user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replays, settings and logs of a test go to its own temporary folders, never the tester's home."""
    from game import paths

    base = tmp_path_factory.mktemp("user")
    folders = {paths.DATA_ENV: "data", paths.CONFIG_ENV: "config", paths.LOG_ENV: "log", paths.CACHE_ENV: "cache"}
    for env, name in folders.items():
        monkeypatch.setenv(env, str(base / name))


@pytest.fixture(autouse=True)
def _fresh_context():
    """Each test starts in English whatever the machine's locale (tests compare English texts), with the default
    settings and the standard colours (a window under test may have changed them): one reset of the game's
    context (game/context.py) before and after."""
    from game import context

    context.reset(language="en")
    yield
    context.reset(language="en")


@pytest.fixture(autouse=True)
def _fresh_esper_world():
    """Each test starts in its own esper world, deleted afterwards (esper keeps module globals)."""
    name = f"test-{os.getpid()}-{id(object())}"
    esper.switch_world(name)
    yield
    esper.switch_world("default")
    if name in esper.list_worlds():
        esper.delete_world(name)


@pytest.fixture
def pf1_app(tmp_path: Path):
    """A headless window on the small pf1 test field (tests/ui_helpers.py)."""
    from tests.ui_helpers import open_app, write_level

    app = open_app(write_level(tmp_path, "pf1"))
    yield app
    app.close()


@pytest.fixture
def dnd_app(tmp_path: Path):
    """A headless window on the small dnd5e test field (tests/ui_helpers.py)."""
    from tests.ui_helpers import open_app, write_level

    app = open_app(write_level(tmp_path, "dnd5e"))
    yield app
    app.close()


@pytest.fixture(autouse=True)
def _fonts_die_with_pygame():
    """A test that quit pygame leaves no dead fonts behind for the next one (the window makes new fonts when it
    opens; a test drawing tokens or cards without a window would otherwise get fonts from a quit font module)."""
    yield
    import sys

    theme = sys.modules.get("game.ui.theme")
    if theme is None:
        return
    import pygame

    if not pygame.font.get_init() and theme._font.cache_info().currsize:
        theme.reset_fonts()


@pytest.fixture
def judgements(monkeypatch: pytest.MonkeyPatch):
    """Every pf1 path judgement actually made (not taken from the kept or carried ones), as (situation, path);
    the kept judgements and the AI's remembered forecasts are emptied before and after."""
    import rules.pf1.movement as movement
    from game import caches

    made: list[tuple[object, tuple]] = []
    plain = movement._judge

    def counted(sit, unit, path, *rest):
        made.append((sit, tuple(path)))
        return plain(sit, unit, path, *rest)

    caches.clear_all()
    monkeypatch.setattr(movement, "_judge", counted)
    yield made
    caches.clear_all()
