"""Shared test set-up: headless SDL, and a fresh esper world per test."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper
import pytest

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


@pytest.fixture(autouse=True)
def _english_messages():
    """Each test starts in English whatever the machine's locale (tests compare English texts)."""
    from game.i18n import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _fresh_esper_world():
    """Each test starts in its own esper world, deleted afterwards (esper keeps module globals)."""
    name = f"test-{os.getpid()}-{id(object())}"
    esper.switch_world(name)
    yield
    esper.switch_world("default")
    if name in esper.list_worlds():
        esper.delete_world(name)
