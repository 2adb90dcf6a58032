"""The first battle frame imports only what it draws: the modules deferred for start-up time stay unloaded.

`play` to its first battle frame should take at most three times a bare
pygame window's first flip. Each module below is imported where it is first needed (a comment at each
deferred import says why); importing one of them at the top of a module again would quietly
undo that. Run in a fresh process: the test process has every module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DEFERRED = (
    "game.ui.timeline",  # motion: only once something moves
    "game.ui.synth",  # sound: rendered after the first frame, never in a --frames run
    "game.saved.replay",  # saving a replay or a situation
    "rules.hexxen",  # hovering an attack (release choices), a hexxen level
    "rules.dnd5e",  # a dnd5e level
    "concurrent.futures",  # the computer's thread pool: its first turn
    "game.editor",  # the level editor
    "game.ui.scenes.dialog",  # questions (pause menu, end the turn?)
    "game.lab.simulate",  # the simulate command
    "game.text.catalog",  # the rule catalogue: its first rule title or tip
    "game.ui.legend",  # F2
    "game.levels.terrain_legend",
    "bidi",  # the first right-to-left line
    "json",  # --json output and messages about bad level values
    "argparse",  # a plain `play` command line is read without it (game/commands/play_args.py)
    "gettext",  # argparse's words
    "locale",  # gettext's language lookup
    "game.commands.cli_help",  # help texts
    "hashlib",  # OpenSSL: the level fingerprint uses Python's own sha256 (game/storage/digest.py)
    "tomllib",  # catalogue, level and settings parsed on an earlier start (game/storage/toml_cache.py)
    "tomli_w",  # writing TOML
    "datetime",  # tomllib's
    "gzip",  # the emblems' SVGs: rasterised on an earlier start (game/ui/raster_cache.py)
    "game.ai",  # the computer's first decision (game/ui/autoplay.py LazyAI)
    "game.saved.script",  # action scripts: `run`, replays (game/commands/cli.py imports it in cmd_run)
    "rules.pf1.ruling",  # pf1's rulings: the first action judged or reach asked (rules/pf1/__init__.py)
    "rules.pf1.actions",
    "rules.pf1.attacks",
    "rules.pf1.movement",
    "rules.opportunity",
    "rules.combat",
    "platformdirs",  # the user folders on plain Linux come from the XDG rule itself (game/paths.py)
    "game.text.flat_toml",  # the catalogues' reader: only a catalogue not in the cache (game/storage/toml_cache.py)
)
"""Modules the first battle frame of a pf1 level must not import (on a start after the first: the caches are warm)."""

NEVER = ("hypothesis", "numpy", "scipy", "pytest")
"""Test and bench libraries: the game never imports them."""


def _modules_at_first_frame(tmp_path: Path, level: str) -> list[str]:
    out = tmp_path / "modules.json"
    code = (
        "import sys\n"
        f"sys.argv = ['main.py', 'play', {level!r}, '--frames', '1', '--seed', '1']\n"
        "from game.splash import launch\n"
        "code = launch()\n"
        "modules = sorted(sys.modules)\n"  # before json comes in to write them down
        "import gc, json\n"
        f"open({str(out)!r}, 'w').write(json.dumps([code, gc.isenabled(), modules]))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GRIDBOUND_CONFIG_DIR=str(tmp_path))
    env["GRIDBOUND_CACHE_DIR"] = str(tmp_path / "cache")
    for _ in ("cold", "warm"):  # the first start fills the caches a player's later starts read
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, env=env, timeout=120)
    code, collecting, modules = json.loads(out.read_text())
    assert code == 0 and collecting  # the collector rests while the game imports, and is back on after
    return modules


def test_the_first_battle_frame_leaves_the_deferred_modules_unloaded(tmp_path: Path) -> None:
    modules = _modules_at_first_frame(tmp_path, "levels/pf1_bridge.toml")
    assert "game.ui.scenes.battle" in modules and "rules.pf1" in modules  # it did draw a pf1 battle
    loaded = [m for m in modules if any(m == d or m.startswith(d + ".") for d in DEFERRED + NEVER)]
    assert loaded == []


@pytest.mark.parametrize("level", ["levels/dnd5e_crypt.toml", "levels/hexxen_village.toml"])
def test_other_rulesets_load_their_own_rules_and_no_test_library(tmp_path: Path, level: str) -> None:
    modules = _modules_at_first_frame(tmp_path, level)
    ruleset = "rules.dnd5e" if "dnd5e" in level else "rules.hexxen"
    assert ruleset in modules and "rules.pf1.attacks" not in modules
    assert [m for m in modules if m.split(".")[0] in NEVER] == []
