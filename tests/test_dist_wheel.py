"""The wheel works outside the checkout: built, installed into a fresh venv, run from another folder.

Slow (a wheel build and a venv with the game's dependencies): `-m "not slow"` skips it; CI runs it.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_COMMANDS = ("play", "check", "measure", "reach", "run", "simulate", "kiosk")


def pinned_dependencies() -> str:
    """The game's dependencies at the versions of this environment (a constraints file), so both draw alike."""
    pins = []
    for requirement in importlib.metadata.requires("gridbound") or []:
        if "extra ==" in requirement:
            continue  # test, bench, dev, build: not installed with the wheel
        name = re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0]
        try:
            pins.append(f"{name}=={importlib.metadata.version(name)}\n")
        except importlib.metadata.PackageNotFoundError:
            continue  # a marker this Python does not meet (tomli on 3.11+)
    return "".join(pins)


pytestmark = pytest.mark.slow


def _run(args: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]
    return done


def bare_env(home: Path, *path: Path) -> dict[str, str]:
    """An environment with nothing of the checkout: no PYTHONPATH, a fresh HOME, the dummy SDL drivers."""
    return {
        "PATH": os.pathsep.join([*(str(p) for p in path), "/usr/bin", "/bin"]),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }


def same_pixels(a: Path, b: Path) -> bool:
    """Whether two PNG screenshots have the same size and the same pixels."""
    first, second = pygame.image.load(str(a)), pygame.image.load(str(b))
    return first.get_size() == second.get_size() and pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(
        second, "RGB"
    )


def checkout_screenshot(target: Path, frames: int, home: Path) -> None:
    """The checkout's picture of the default level after `frames` frames (the reference)."""
    done = _run(
        [sys.executable, ROOT / "main.py", "play", "--frames", str(frames), "--screenshot", target],
        cwd=ROOT,
        env={**bare_env(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the built wheel installed (and nothing else of the checkout); its bin/ folder."""
    base = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", base / "dist", ROOT], cwd=base)
    assert built.returncode == 0, built.stderr
    (wheel,) = (base / "dist").glob("gridbound-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "game/_data/levels/pf1_bridge.toml" in names and "game/_data/assets/i18n/he.toml" in names
    assert "game/_data/assets/catalog/rules.en.toml" in names
    assert "game/_data/levels/order.txt" in names  # the play order travels with the levels
    assert not any("/replays/" in n for n in names)
    # the package keeps to itself: the packages `game` and `rules` and the wheel's metadata, nothing else at the top
    tops = {n.split("/", 1)[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"game", "rules"}, sorted(tops)
    venv = base / "venv"
    assert _run([sys.executable, "-m", "venv", venv]).returncode == 0
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    pins = base / "constraints.txt"
    pins.write_text(pinned_dependencies(), encoding="utf-8")
    done = _run([bin_dir / "python", "-m", "pip", "install", "-q", "-c", pins, wheel], cwd=base)
    assert done.returncode == 0, done.stderr
    return bin_dir


def test_the_installed_wheel_reads_its_own_data_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    code = "from game import paths; print(paths.DATA_ROOT); print(paths.DEFAULT_LEVEL.is_file())"
    done = _run([installed / "python", "-c", code], cwd=tmp_path, env=bare_env(tmp_path))
    assert done.returncode == 0, done.stderr
    root, exists = done.stdout.split()
    assert Path(root).is_relative_to(installed.parent) and exists == "True"
    assert ROOT not in Path(root).parents


def test_gridbound_from_another_folder_plays_the_default_level_as_the_checkout_does(
    installed: Path, tmp_path: Path
) -> None:
    work = tmp_path / "elsewhere"
    work.mkdir()
    shot = work / "wheel.png"
    env = bare_env(tmp_path / "home", installed)
    done = _run(["gridbound", "play", "--frames", "20", "--screenshot", shot], cwd=work, env=env)
    assert done.returncode == 0, done.stderr
    reference = tmp_path / "checkout.png"
    checkout_screenshot(reference, 20, tmp_path / "home")
    assert same_pixels(shot, reference)
    assert sorted(p.name for p in work.iterdir()) == ["wheel.png"]  # nothing else written to the working folder


def test_the_wheel_installs_no_bench_and_no_main_module(installed: Path, tmp_path: Path) -> None:
    code = "import importlib.util as u; print([n for n in ('bench', 'main', 'game', 'rules') if u.find_spec(n)])"
    done = _run([installed / "python", "-c", code], cwd=tmp_path, env=bare_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['game', 'rules']"


def test_the_installed_commands_check_help_and_refuse_a_bad_level(installed: Path, tmp_path: Path) -> None:
    env = bare_env(tmp_path, installed)
    levels = _run([installed / "python", "-c", "from game.paths import LEVELS_DIR; print(LEVELS_DIR)"], env=env)
    shipped = sorted(Path(levels.stdout.strip()).glob("*.toml"))
    assert len(shipped) >= 10
    done = _run(["gridbound", "check", *shipped], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    helped = _run(["gridbound", "--help"], cwd=tmp_path, env=env)
    assert helped.returncode == 0
    assert all(f"  {c} " in helped.stdout for c in CORE_COMMANDS)
    bad = _run(["gridbound", "play", "--frames", "2", "nowhere.toml"], cwd=tmp_path, env=env)
    assert bad.returncode == 2 and "nowhere.toml" in bad.stderr and "Traceback" not in bad.stderr
