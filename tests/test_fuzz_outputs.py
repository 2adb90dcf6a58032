"""Fuzzing the newer surfaces: the importer (file names of any bytes, its outputs), the editor's command line and its
save driven by synthetic events, sweep files and sweep and simulate options, the output paths of every command, and
pictures — under the same time and memory bounds as tests/test_fuzz_inputs.py, derandomised on CI.

Every case ends with exit 0, 1 or 2 (never 70) and, for 2, one line on stderr; and nothing is written where it
should not be: a device or FIFO is never replaced, no temporary file is left, no missing folder is made. Errors of
the disk (ENOSPC, EROFS, EACCES) are injected at the output gate (tests/output_faults.py), so the cases hold when
the tests run as root, where a read-only folder stops nothing.
Budget: GRIDBOUND_FUZZ_EXAMPLES examples per test (default 12), as for test_fuzz_inputs.py.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import importlib.util
import io
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from game.commands import cli
from game.lab.sweep_file import SweepError, load_sweep
from tests.budget import budget
from tests.output_faults import failing_outputs
from tests.test_fuzz_inputs import EXAMPLES, FUZZ, NASTY, NASTY_NUMBERS, bounded, mutated
from tests.test_uvtt_import import png, uvtt

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "levels" / "pf1_bridge.toml"
ERRORS = (None, errno.ENOSPC, errno.EROFS, errno.EACCES, "write")
"""What the disk does: nothing wrong, an error when a file is opened, or a full disk at the first write."""


def can_make_devices() -> bool:
    """Whether device nodes can be made here (root): a test's own device, never the system's."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            os.mknod(Path(folder) / "d", stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except (AttributeError, OSError):
            return False
    return True


DEVICES = can_make_devices()


def snapshot(folder: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every entry under `folder`: its kind (mode bits) and, for a small regular file, its bytes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) and info.st_size < 4_000_000 else None
        found[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode), data)
    return found


def place(folder: Path, kind: str, name: str = "out.x") -> str:
    """An output path of the drawn kind inside `folder` (made on disk as that kind)."""
    path = folder / name
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    elif kind == "regular":
        path.write_bytes(b"old")
    elif kind == "missing_folder":
        path = folder / "missing" / name
    elif kind == "under_a_file":
        (folder / "plain").write_bytes(b"x")
        path = folder / "plain" / name
    elif kind == "long_name":
        path = folder / ("n" * 300 + name)
    elif kind == "odd_name":
        path = Path(os.fsdecode(os.fsencode(folder) + b"/o\xff\x1b[1m" + os.fsencode(name)))
    return str(path)


KINDS = ["fresh", "regular", "folder", "fifo", "missing_folder", "under_a_file", "long_name", "odd_name"] + (
    ["device"] if DEVICES else []
)


@contextlib.contextmanager
def disk(error: object) -> Iterator[None]:
    """The drawn disk behaviour around a command."""
    if error is None:
        yield
    elif error == "write":
        if not Path("/dev/full").exists():
            yield
            return
        with failing_outputs(errno.ENOSPC, at="write"):
            yield
    else:
        assert isinstance(error, int)
        with failing_outputs(error):
            yield


def command(argv: list[str]) -> tuple[int, str]:
    """Exit code and stderr of a command run in-process."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = cli.main(argv)
    return code, err.getvalue()


def clean_exit(code: int, err: str) -> None:
    """Exit 0, 1 or 2; a refusal is one line, never a traceback or an internal error."""
    assert code in (0, 1, 2), err
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert err.count("\n") == 1, err


def nothing_wrong_written(before: dict[str, tuple[int, bytes | None]], after: dict[str, Any], code: int) -> None:
    """No temporary file left, no special file replaced, no folder made; on a refusal, nothing changed at all."""
    assert not [name for name in after if Path(name).name.startswith(".") and ".tmp" in name], after.keys()
    for name, (kind, _) in before.items():
        if not stat.S_ISREG(kind):
            assert name in after and after[name][0] == kind, f"{name} was replaced"
    assert "missing" not in after
    if code == 2:
        made = {name for name in after if name not in before}
        assert not {m for m in made if not m.endswith(".jsonl")}, made  # --out may be opened before the refusal


# --- output paths of every command -----------------------------------------------------------------------------------


def argv_for(which: str, out: str, folder: Path) -> list[str]:
    """The command line writing `out` (inputs inside `folder`)."""
    source = folder / "in.dd2vtt"
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    level = folder / "in.toml"
    level.write_bytes(BRIDGE.read_bytes())
    sweep = folder / "in_sweep.toml"
    sweep.write_text('levels = ["in.toml"]\ngames = 1\nmax_rounds = 1\n', encoding="utf-8")
    return {
        "import": ["import", str(source), "-o", out, "--ruleset", "pf1", "--force"],
        "simulate": ["simulate", str(level), "--games", "1", "--max-rounds", "1", "--out", out],
        "sweep_out": ["sweep", str(sweep), "--out", out],
        "sweep_replays": ["sweep", str(sweep), "--replays", out],
        "simulate_parquet": ["simulate", str(level), "--games", "1", "--max-rounds", "1", "--parquet", out],
        "sweep_parquet": ["sweep", str(sweep), "--parquet", out],
        "play": ["play", str(level), "--frames", "1", "--screenshot", out],
        "edit": ["edit", out, "--frames", "1"],
        "edit_screenshot": ["edit", str(level), "--frames", "1", "--screenshot", out],
    }[which]


COMMANDS = ["import", "simulate", "sweep_out", "sweep_replays", "play", "edit", "edit_screenshot"]
COMMANDS += ["simulate_parquet", "sweep_parquet"] if importlib.util.find_spec("pyarrow") else []  # the lab extra


@FUZZ
@given(st.sampled_from(COMMANDS), st.sampled_from(KINDS), st.sampled_from(ERRORS))
def test_every_commands_output_path_is_gated(which: str, kind: str, error: object) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        out = place(folder, kind, "out.toml" if which in ("import", "edit") else "out.png")
        argv = argv_for(which, out, folder)
        before = snapshot(folder)
        with bounded(), disk(error):
            code, err = command(argv)
        clean_exit(code, err)
        nothing_wrong_written(before, snapshot(folder), code)
        if kind in ("folder", "fifo", "device", "missing_folder", "under_a_file", "long_name") and which != "edit":
            assert code == 2 or (which == "sweep_replays" and kind == "folder"), (which, kind, err)
        if error is not None and which in ("import", "play", "edit_screenshot") and kind in ("fresh", "regular"):
            assert code == 2, (which, kind, error)


# --- the importer ---------------------------------------------------------------------------------------------------

NAME_BYTES = st.binary(min_size=1, max_size=60).map(lambda b: b.replace(b"/", b"_").replace(b"\x00", b"_"))


@FUZZ
@given(NAME_BYTES, st.sampled_from([".dd2vtt", ".uvtt", ".df2vtt", ""]), st.sampled_from(KINDS), st.booleans())
def test_the_importer_takes_a_map_of_any_file_name(name: bytes, suffix: str, kind: str, force: bool) -> None:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        raw = os.fsencode(folder) + b"/" + name + suffix.encode()
        if raw.endswith((b"/.", b"/..")) or len(name + suffix.encode()) > 255:
            return
        source = Path(os.fsdecode(raw))
        source.write_text(json.dumps(uvtt()), encoding="utf-8")
        out = place(folder, kind, "level.toml")
        before = snapshot(folder)
        with bounded():
            code, err = command(["import", str(source), "-o", out, "--ruleset", "pf1", *(["--force"] * force)])
        clean_exit(code, err)
        nothing_wrong_written(before, snapshot(folder), code)
        if kind == "fresh":  # a map of any name imports (an -o name of odd bytes is refused: the level names it)
            assert code == 0, err


@FUZZ
@given(mutated([uvtt(size=(6, 5), walls=[[(1, 1), (4, 1)]], portals=[((2, 3), (3, 3), True)])]))
def test_mutated_maps_import_or_are_refused_cleanly(doc: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        try:
            text = json.dumps(doc)
        except (ValueError, TypeError):
            return
        (folder / "m.dd2vtt").write_text(text, encoding="utf-8", errors="surrogatepass")
        with bounded():
            code, err = command(["import", str(folder / "m.dd2vtt"), "-o", str(folder / "m.toml"), "--ruleset", "pf1"])
        clean_exit(code, err)
        if code == 2:
            assert not (folder / "m.toml").exists()


# --- sweep files and sweep and simulate options ----------------------------------------------------------------------

SWEEP_DOC: dict[str, Any] = {
    "name": "fuzz",
    "levels": ["in.toml"],
    "seed": 3,
    "games": 1,
    "batch": 1,
    "max_rounds": 1,
    "flag": 1,
    "set": ["units[0].hp=5"],
    "grid": {"rules": {"diagonal": ["alternating", "uniform"]}, "units[1].speed": [6, 9]},
}


@FUZZ
@given(mutated([SWEEP_DOC]))
def test_mutated_sweep_files_run_or_are_refused_cleanly(doc: dict[str, Any]) -> None:
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        return
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "in.toml").write_bytes(BRIDGE.read_bytes())
        path = folder / "s.toml"
        path.write_text(text, encoding="utf-8")
        with bounded():
            try:
                sweep = load_sweep(path)
            except SweepError as exc:
                assert "\n" not in str(exc).strip()
                return
            # each seed is a seat-swapped pair of games: 20 seeds × rounds are the 40 games × rounds of single games
            if sweep.games * len(sweep.variants) * len(sweep.levels) * sweep.max_rounds > 20:
                return  # a valid sweep of real work: its file was the surface under test
            code, err = command(["sweep", str(path)])
        clean_exit(code, err)


SMALL = st.sampled_from(["1", "2"])
# "1000001" is over every count limit (games, rounds, workers: docs/levels.md "Limits"), so it is refused at
# once; a count under its limit is valid and may play for minutes.
BIG_OR_BAD = st.sampled_from(["0", "-1", "1000001", str(10**12), str(2**64), "1e3", "x", ""])
OPTIONS = st.fixed_dictionaries(
    {
        "--games": SMALL | BIG_OR_BAD,
        "--max-rounds": st.sampled_from(["1", "2"]) | BIG_OR_BAD,
        "--jobs": st.sampled_from(["1"]) | BIG_OR_BAD,
        "--seed": st.sampled_from(["0", "-5", str(2**70)]),
    }
)


@FUZZ
@given(OPTIONS, st.sampled_from([None, "local", "tcp://", "nonsense", "tcp://127.0.0.1:1"]), st.booleans())
def test_sweep_and_simulate_options_are_bounded(options: dict[str, str], cluster: str | None, sweep: bool) -> None:
    cheap = options["--games"] in ("1", "2") and options["--max-rounds"] in ("1", "2") and options["--jobs"] == "1"
    if cheap and cluster is not None:
        return  # a real cluster start: tests/test_sweep.py covers it
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "in.toml").write_bytes(BRIDGE.read_bytes())
        if sweep:
            path = folder / "s.toml"
            games, rounds = options["--games"], options["--max-rounds"]
            numbers = games.lstrip("-").isdigit() and rounds.lstrip("-").isdigit()
            body = f"games = {games}\nmax_rounds = {rounds}\n" if numbers else 'games = "many"\n'
            path.write_text('levels = ["in.toml"]\n' + body, encoding="utf-8")
            argv = ["sweep", str(path), "--jobs", options["--jobs"]]
        else:
            argv = ["simulate", str(folder / "in.toml")]
            for key, value in options.items():
                argv += [key, value]
        if cluster is not None:
            argv += ["--cluster", cluster]
        with bounded():
            try:
                code, err = command(argv)
            except SystemExit as exc:  # argparse: a value that is not a whole number
                code, err = int(exc.code or 0), "usage\n"
        clean_exit(code, err)
        if not cheap:
            assert code == 2, argv


# --- pictures -------------------------------------------------------------------------------------------------------

PICTURE_VALUES = NASTY_NUMBERS | st.lists(NASTY_NUMBERS, min_size=2, max_size=2) | st.sampled_from([[1e9, 1e9]])


@FUZZ
@given(
    st.sampled_from(["image_size", "image_offset"]),
    PICTURE_VALUES | NASTY,
    st.sampled_from([(8, 8), (1, 1), (4000, 30), (64, 4000)]),
)
def test_picture_keys_and_sizes_are_checked_or_drawn_within_bounds(key: str, value: Any, pixels: tuple) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "p.png").write_bytes(png(*pixels))
        try:
            dumped = tomli_w.dumps({"v": copy.deepcopy(value)})
        except (TypeError, ValueError):
            return
        if not dumped.startswith("v = "):
            return  # a table: no value of one key
        value_text = " ".join(line.strip() for line in dumped[4:].splitlines())
        text = BRIDGE.read_text(encoding="utf-8").replace("[map]", f'[map]\nimage = "p.png"\n{key} = {value_text}', 1)
        level = folder / "l.toml"
        level.write_text(text, encoding="utf-8")
        with bounded():
            code, err = command(["check", str(level)])
            assert code in (0, 2)
            if code == 0:
                code, err = command(["play", str(level), "--frames", "1", "--screenshot", str(folder / "s.png")])
                clean_exit(code, err)
                assert code == 0 and (folder / "s.png").stat().st_size > 0


# --- the editor: its command line, and its save driven by synthetic events -------------------------------------------


@FUZZ
@given(
    st.sampled_from([*KINDS, "existing"]),
    st.sampled_from(["16x12", "3x3", "128x128", "2x2", "129x5", "x", "0x0", "99999999999x1"]),
    st.sampled_from(["1280x800", "10x10", "big"]),
    st.sampled_from(["pf1", "dnd5e", "hexxen"]),
)
def test_the_editors_command_line_opens_or_refuses_cleanly(kind: str, size: str, window: str, ruleset: str) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if kind == "existing":
            level = folder / "lvl.toml"
            level.write_bytes(BRIDGE.read_bytes())
            target = str(level)
        else:
            target = place(folder, kind, "lvl.toml")
        before = snapshot(folder)
        with bounded():
            code, err = command(
                ["edit", target, "--map", size, "--size", window, "--ruleset", ruleset, "--frames", "2"]
            )
        clean_exit(code, err)
        after = snapshot(folder)
        nothing_wrong_written(before, after, code)
        assert not [n for n in after if n.endswith(".autosave")]  # no edit, no side file


# a window per case: the 60 combinations are all there are (the fast suite opens 4 windows)
@settings(parent=FUZZ, max_examples=min(EXAMPLES, budget(60, 4)))
@given(st.sampled_from(["new", "existing", "long"]), st.sampled_from(ERRORS), st.integers(0, 3))
def test_the_editors_save_by_synthetic_events_survives_the_disk(target: str, error: object, clicks: int) -> None:
    import pygame

    from game.editor.session import autosave_path
    from game.levels.level import load_level
    from game.ui.app import App
    from game.ui.editor.scene import EditorScene
    from game.ui.options import AppOptions
    from tests.ui_helpers import click, key

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / ("l" * 245 + ".toml" if target == "long" else "lvl.toml")
        if target != "new":
            path.write_bytes(BRIDGE.read_bytes())
        with bounded():
            app = App(AppOptions(level=str(path), edit=True, new_ruleset="pf1", new_map=(10, 8)))
            try:
                app.step()
                scene = app.scene
                assert isinstance(scene, EditorScene)
                for i in range(clicks):
                    click(app, scene.view.square_center((2 + i, 2)))
                with disk(error):
                    key(app, pygame.K_s, pygame.KMOD_CTRL)
                    app.step()
                    scene.autosave()
                failing = error is not None and (error != "write" or Path("/dev/full").exists())
                if failing and target != "new":  # a valid level whose save (or autosave) the disk refused
                    assert scene.message.startswith("Could not"), scene.message
            finally:
                app.close()
        names = [p.name for p in folder.iterdir()]
        assert not [n for n in names if n.startswith(".")], names  # no temporary file left
        if failing:  # the file is as it was: the old level, or none
            assert path.read_bytes() == BRIDGE.read_bytes() if target != "new" else not path.exists()
        elif path.exists() and not scene.session.dirty:
            assert load_level(path) is not None and not autosave_path(path).exists()
