"""The input gate, the output gate and the limits on counts and sizes: every case the robustness review found in the
importer, the editor, sweeps, pictures and the output paths, each refused with exit 2 and one clear message before
any work starts, nothing written where it should not be."""

from __future__ import annotations

import base64
import errno
import json
import os
import stat
import tracemalloc
from pathlib import Path

import pytest

from game.commands import cli
from game.editor.session import AUTOSAVE_NAME_MAX, Session, autosave_path
from game.files import OutputRefused, output_problem, read_text, shown, write_output
from game.levels.level import load_level
from game.limits import (
    MAX_GAMES,
    MAX_VARIANTS,
    games_problem,
    image_span_problem,
    job_limit,
    jobs_problem,
    variants_problem,
)
from game.paths import LEVELS_DIR
from game.storage.atomic import umask, write_atomic_bytes
from game.ui.backdrop import Backdrop
from tests.counting import counted
from tests.output_faults import MESSAGES, failing_outputs
from tests.picture_levels import level_with_picture
from tests.test_uvtt_import import png, uvtt

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "levels" / "pf1_bridge.toml"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """A command run in-process: exit code, stdout, stderr."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture
def device(tmp_path: Path) -> str:
    """A character device of the test's own (a null device: writes go nowhere), so a failing gate could never replace
    the system's own; the test is skipped where device nodes cannot be made (not root)."""
    path = tmp_path / "device"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (AttributeError, OSError):
        pytest.skip("device nodes cannot be made here")
    return str(path)


def still_a_device(path: str) -> bool:
    """Whether the device is still there (not replaced by a regular file)."""
    return stat.S_ISCHR(os.stat(path).st_mode)


def leftovers(folder: Path) -> list[str]:
    """Temporary files an atomic write left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- the input gate ------------------------------------------------------------------------------------------------


def test_shown_replaces_bytes_that_are_not_utf8_and_control_characters() -> None:
    assert shown(os.fsdecode(b"map\xff.dd2vtt")) == "map\ufffd.dd2vtt"
    assert shown("a\x1b[31mb\nc.toml") == "a\ufffd[31mb\ufffdc.toml"
    assert shown(b"ok/\xc3\xa9.toml") == "ok/é.toml"


def test_read_text_names_the_first_byte_that_is_not_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"name = 'x'\n\xff")
    with pytest.raises(OSError, match=r"not UTF-8 text \(byte 11\)"):
        read_text(bad)


def test_a_map_whose_file_name_is_not_utf8_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = Path(os.fsdecode(os.fsencode(tmp_path) + b"/cave\xff.dd2vtt"))
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    code, out, _ = run(capsys, "import", str(source), "-o", str(tmp_path / "cave.toml"), "--ruleset", "pf1")
    assert code == 0 and "cave\ufffd.dd2vtt" in out
    level = load_level(tmp_path / "cave.toml")
    assert "cave\ufffd.dd2vtt" in level.description


def test_a_map_whose_file_name_holds_an_escape_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "red\x1b[31m.dd2vtt"
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    code, out, _ = run(capsys, "import", str(source), "-o", str(tmp_path / "red.toml"), "--ruleset", "pf1")
    assert code == 0 and "\x1b" not in out
    level = load_level(tmp_path / "red.toml")
    assert "\x1b" not in level.description and "\x1b" not in level.name


@pytest.mark.parametrize("number", ["9" * 5000, "-" + "9" * 5000, "1." + "5" * 5000, "1e" + "9" * 5000])
def test_a_huge_number_in_a_map_gets_our_own_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], number: str
) -> None:
    source = tmp_path / "m.dd2vtt"
    source.write_text(json.dumps(uvtt()).replace('"format": 0.3', f'"format": {number}'), encoding="utf-8")
    code, _, err = run(capsys, "import", str(source), "-o", str(tmp_path / "m.toml"), "--ruleset", "pf1")
    assert code == 2 and "digits; at most" in err and "set_int_max_str_digits" not in err
    assert err.count("\n") == 1 and not (tmp_path / "m.toml").exists()


def test_a_map_of_brackets_is_refused_by_its_size_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "m.dd2vtt"
    source.write_text("[" + ",".join(["{}"] * 2_000_000) + "]", encoding="ascii")  # 6 MB, no picture
    tracemalloc.start()
    try:
        code, _, err = run(capsys, "import", str(source), "-o", str(tmp_path / "m.toml"), "--ruleset", "pf1")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 2 and "bytes of map data besides the picture, more than the 5000000" in err
    assert peak < 40e6  # the file's bytes and no more: json never built two million dicts


def test_a_map_with_its_picture_is_not_counted_against_the_map_data_cap(tmp_path: Path) -> None:
    data = uvtt()
    data["image"] = base64.b64encode(png(800, 600) + b"\x00" * 6_000_000).decode("ascii")  # 8 MB of base64
    source = tmp_path / "m.dd2vtt"
    source.write_text(json.dumps(data), encoding="utf-8")
    code = cli.main(["import", str(source), "-o", str(tmp_path / "m.toml"), "--ruleset", "pf1"])
    assert code == 2  # refused, but for its picture (trailing bytes), not for its size
    assert not (tmp_path / "m.toml").exists()


@needs_fifo
def test_a_sweep_file_or_its_level_as_a_fifo_is_refused_without_blocking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "s.toml"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "sweep", str(fifo))
    assert code == 2 and "a FIFO, not a regular file" in err
    level = tmp_path / "l.toml"
    os.mkfifo(level)
    sweep = tmp_path / "ok.toml"
    sweep.write_text('levels = ["l.toml"]\ngames = 1\n', encoding="utf-8")
    code, _, err = run(capsys, "sweep", str(sweep))
    assert code == 2 and "levels[0]" in err and "a FIFO, not a regular file" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_sweep_file_that_is_a_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sweep", "/dev/zero")
    assert code == 2 and "a device, not a regular file" in err


# --- the output gate -----------------------------------------------------------------------------------------------


@needs_fifo
def test_the_output_gate_names_every_kind_of_bad_place(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "file").write_text("x")
    assert output_problem(tmp_path) == "it is a directory"
    assert output_problem(fifo) == "a FIFO is there, and only a regular file is ever replaced"
    assert output_problem(tmp_path / "no" / "x.toml") == f"the folder {tmp_path / 'no'} does not exist"
    assert output_problem(tmp_path / "file" / "x.toml") == f"{tmp_path / 'file'} is not a folder"
    assert (
        output_problem(tmp_path / ("n" * 300))
        == "the file name is 300 bytes long, more than the 255 this file system allows"
    )
    assert (
        output_problem(tmp_path / "out.toml", [tmp_path / "out.toml"])
        == f"that is {tmp_path / 'out.toml'}, which this run reads"
    )
    assert output_problem(tmp_path / "file") is None and output_problem(tmp_path / "new.toml") is None


def test_a_write_never_replaces_anything_but_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    with pytest.raises(OutputRefused, match="it is a directory"):
        write_output(tmp_path / "folder", b"x")
    with pytest.raises(OSError, match="not a regular file"):  # the last line of defence, below the gate
        write_atomic_bytes(tmp_path / "folder", b"x")
    assert (tmp_path / "folder").is_dir() and leftovers(tmp_path) == []


def test_the_atomic_write_refuses_a_device_even_without_the_gate(device: str) -> None:
    assert output_problem(device) == "a device is there, and only a regular file is ever replaced"
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic_bytes(device, b"report")
    assert still_a_device(device)


def test_new_files_get_the_umasks_permissions_and_a_replaced_file_keeps_its_own(tmp_path: Path) -> None:
    target = tmp_path / "level.toml"
    write_output(target, b"a")
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask()
    target.chmod(0o640)
    write_output(target, b"b")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_bytes() == b"b"


def test_a_name_at_the_file_systems_limit_still_gets_its_temp_file(tmp_path: Path) -> None:
    target = tmp_path / ("x" * 250 + ".toml")
    write_output(target, b"long")
    assert target.read_bytes() == b"long" and leftovers(tmp_path) == []


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_an_injected_error_leaves_nothing_behind(tmp_path: Path, code: int) -> None:
    target = tmp_path / "out.toml"
    target.write_bytes(b"old")
    with failing_outputs(code) as tried, pytest.raises(OSError) as failed:
        write_output(target, b"new")
    assert failed.value.errno == code and len(tried) == 1
    assert target.read_bytes() == b"old" and leftovers(tmp_path) == []
    if Path("/dev/full").exists():
        with failing_outputs(errno.ENOSPC, at="write"), pytest.raises(OSError) as failed:
            write_output(target, b"new")
        assert failed.value.errno == errno.ENOSPC and target.read_bytes() == b"old" and leftovers(tmp_path) == []


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_import_and_screenshot_report_an_injected_error_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: int
) -> None:
    source = tmp_path / "m.dd2vtt"
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    with failing_outputs(code):
        got, _, err = run(capsys, "import", str(source), "-o", str(tmp_path / "m.toml"), "--ruleset", "pf1")
        assert got == 2 and err == f"error: -o {tmp_path / 'm.toml'}: {MESSAGES[code]}\n"
        shot = tmp_path / "s.png"
        got, _, err = run(capsys, "play", str(BRIDGE), "--frames", "1", "--screenshot", str(shot))
        assert got == 2 and err == f"error: --screenshot {shot}: {MESSAGES[code]}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.dd2vtt"]


def test_import_never_replaces_a_device_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], device: str
) -> None:
    source = tmp_path / "m.dd2vtt"
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    code, _, err = run(capsys, "import", str(source), "-o", device, "--ruleset", "pf1", "--force")
    assert code == 2 and "a device is there" in err
    assert still_a_device(device) and not (tmp_path / "device.png").exists()


def test_import_never_writes_the_level_over_its_picture_or_its_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "m.dd2vtt"
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    code, _, err = run(capsys, "import", str(source), "-o", str(tmp_path / "x.png"), "--ruleset", "pf1")
    assert code == 2 and "the level would be written over its own picture" in err
    code, _, err = run(capsys, "import", str(source), "-o", str(source), "--ruleset", "pf1", "--force")
    assert code == 2 and "which this run reads" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.dd2vtt"]


def test_kiosk_and_play_screenshots_onto_a_device_are_refused_before_any_frame(
    capsys: pytest.CaptureFixture[str], device: str
) -> None:
    expected = f"error: --screenshot {device}: a device is there, and only a regular file is ever replaced\n"
    for argv in (["kiosk", "--frames", "2"], ["play", str(BRIDGE), "--frames", "2"], ["edit", "--frames", "2"]):
        code, _, err = run(capsys, *argv, "--screenshot", device)
        assert code == 2 and err == expected
    assert still_a_device(device)


def test_a_screenshot_over_the_level_it_shows_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    level = tmp_path / "l.toml"
    level.write_bytes(BRIDGE.read_bytes())
    code, _, err = run(capsys, "play", str(level), "--frames", "1", "--screenshot", str(level))
    assert code == 2 and "which this run reads" in err and level.read_bytes() == BRIDGE.read_bytes()


# --- sweeps and simulations: outputs checked before the games, limits before the work ------------------------------


def small_sweep(folder: Path, extra: str = "") -> Path:
    path = folder / "s.toml"
    path.write_text(f'levels = ["{BRIDGE.as_posix()}"]\ngames = 1\nmax_rounds = 2\n{extra}', encoding="utf-8")
    return path


def test_sweep_html_naming_a_folder_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    (tmp_path / "report").mkdir()
    code, out, err = run(capsys, "sweep", str(small_sweep(tmp_path)), "--html", str(tmp_path / "report"))
    assert code == 2 and out == "" and err == f"error: --html {tmp_path / 'report'}: it is a directory\n"


def test_an_unknown_sweep_key_holding_a_line_break_is_named_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the long fuzz budget: the raw key went into the message, which then took two lines."""
    path = small_sweep(tmp_path, '"a\\nb" = 1\n')
    code, out, err = run(capsys, "sweep", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and f'{path}: "a\\nb": unknown key' in err


def test_a_wrong_html_place_is_refused_before_matplotlib_is_loaded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.lab import report_html

    def loaded() -> None:
        raise AssertionError("matplotlib was loaded for a report that cannot be written")

    # loading matplotlib takes seconds on a busy machine: a folder named as the report is refused first
    monkeypatch.setattr(report_html, "_pyplot", loaded)
    (tmp_path / "report").mkdir()
    code, out, err = run(capsys, "sweep", str(small_sweep(tmp_path)), "--html", str(tmp_path / "report"))
    assert code == 2 and out == "" and err == f"error: --html {tmp_path / 'report'}: it is a directory\n"


@pytest.mark.parametrize("option", ["--html", "--out"])
def test_sweep_outputs_onto_a_device_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, device: str
) -> None:
    if option == "--html":
        pytest.importorskip("matplotlib")
    code, out, err = run(capsys, "sweep", str(small_sweep(tmp_path)), option, device)
    assert code == 2 and out == "" and "a device is there" in err
    assert still_a_device(device)


def test_sweep_out_onto_a_disk_that_fills_up_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    out = tmp_path / "games.jsonl"
    with failing_outputs(errno.ENOSPC, at="write"):
        code, _, err = run(capsys, "sweep", str(small_sweep(tmp_path)), "--out", str(out))
    assert code == 2 and "No space left on device" in err and str(out) in err


def test_sweep_html_onto_a_disk_that_fills_up_after_the_games_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    html = tmp_path / "r.html"
    with failing_outputs(errno.EROFS):
        code, _, err = run(capsys, "sweep", str(small_sweep(tmp_path)), "--html", str(html))
    assert code == 2 and err == f"error: cannot write {html} (Read-only file system)\n" and not html.exists()


def test_sweep_out_naming_its_own_sweep_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sweep = small_sweep(tmp_path)
    code, _, err = run(capsys, "sweep", str(sweep), "--out", str(sweep))
    assert code == 2 and "which this run reads" in err and "games = 1" in sweep.read_text(encoding="utf-8")


def test_too_many_games_are_refused_by_simulate_and_sweep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", str(BRIDGE), "--games", str(10**12))
    assert code == 2 and f"more than the {MAX_GAMES} one run may play" in err
    sweep = tmp_path / "s.toml"
    sweep.write_text(f'levels = ["{BRIDGE.as_posix()}"]\ngames = {10**12}\n', encoding="utf-8")
    code, _, err = run(capsys, "sweep", str(sweep))
    assert code == 2 and "games: 1000000000000 games" in err
    assert games_problem(MAX_GAMES) is None and games_problem(MAX_GAMES + 1) is not None
    code, _, err = run(capsys, "simulate", str(BRIDGE), "--games", "1", "--max-rounds", str(10**12))
    assert code == 2 and "--max-rounds 1000000000000: 1000000000000 rounds, more than the 10000" in err
    sweep.write_text(f'levels = ["{BRIDGE.as_posix()}"]\ngames = 1\nmax_rounds = 10001\n', encoding="utf-8")
    code, _, err = run(capsys, "sweep", str(sweep))
    assert code == 2 and "max_rounds: 10001 rounds" in err


def test_a_grid_of_seventeen_keys_is_refused_before_it_is_expanded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid = "\n".join(f'"units[0].hp{i}" = [1, 2, 3, 4]' for i in range(17))  # 4^17 = 2^34 variants
    sweep = small_sweep(tmp_path, f"[grid]\n{grid}\n")
    tracemalloc.start()
    try:
        code, _, err = run(capsys, "sweep", str(sweep))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 2 and f"the grid's 17 keys give more than {MAX_VARIANTS} variants" in err
    assert peak < 20e6
    assert variants_problem([2] * 10) is None and variants_problem([2] * 11) is not None


def test_local_workers_are_bounded_by_the_cores_unless_told_otherwise(capsys: pytest.CaptureFixture[str]) -> None:
    assert job_limit(8) == 8 and job_limit(1) == 2 and job_limit(None) == 2
    assert job_limit(8, "64") == 64 and job_limit(8, "10000000") == 8 and job_limit(8, "many") == 8
    assert job_limit(8, "99999") == 1024
    assert jobs_problem(8, 8) is None and jobs_problem(9, 8) is not None
    for argv in (["simulate", str(BRIDGE), "--cluster", "local"], ["simulate", str(BRIDGE)]):
        code, _, err = run(capsys, *argv, "--jobs", "100000")
        assert code == 2 and "--jobs 100000: 100000 worker processes, more than the" in err


def test_told_otherwise_more_workers_are_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.commands.sweep_cli import local_jobs_problem

    monkeypatch.setenv("GRIDBOUND_MAX_JOBS", "300")
    assert local_jobs_problem(300, None) is None and local_jobs_problem(301, "local") is not None
    assert local_jobs_problem(100000, "tcp://scheduler:8786") is None  # a remote cluster's workers are its own


# --- pictures ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [300, 1000, 10000])
def test_a_picture_spanning_far_more_than_the_map_is_refused_by_check_play_and_edit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: int
) -> None:
    path = level_with_picture(tmp_path, size)
    code, out, _ = run(capsys, "check", str(path))
    assert code == 2 and f"map.image_size: the picture would span {size}×{size} squares" in out
    for command in ("play", "edit"):
        code, _, err = run(capsys, command, str(path), "--frames", "1")
        assert code == 2 and "more than 4 times the map's width or height" in err


def test_the_span_limit_allows_a_picture_a_little_larger_than_the_map() -> None:
    assert image_span_problem((64, 48), (16, 12)) is None
    assert image_span_problem((64.5, 12), (16, 12)) is not None


def test_only_the_part_of_a_picture_over_the_map_is_scaled(tmp_path: Path) -> None:
    import pygame

    from game.levels.map_image import MapImage

    picture = tmp_path / "p.png"
    picture.write_bytes(png(64, 64))
    whole = Backdrop(MapImage("p.png", (0.0, 0.0), (10.0, 10.0), str(picture)))
    scaled, at = whole.placed(10, 10, 32) or (None, None)
    assert scaled is not None and scaled.get_size() == (320, 320) and at == (0, 0)
    wide = Backdrop(MapImage("p.png", (-20.0, -5.0), (60.0, 60.0), str(picture)))
    scalings = counted(wide, "_scale")
    scaled, at = wide.placed(10, 10, 32) or (None, None)
    assert scaled is not None and scaled.get_size() == (320, 320) and at == (0, 0)  # the map's part only
    assert isinstance(scaled, pygame.Surface) and len(scalings) == 1
    wide.placed(10, 10, 32)
    assert len(scalings) == 1  # once per zoom
    off = Backdrop(MapImage("p.png", (50.0, 50.0), (5.0, 5.0), str(picture)))
    assert off.placed(10, 10, 32) is None  # entirely off the map


# --- the editor's level and autosave ------------------------------------------------------------------------------


def test_edit_refuses_a_name_too_long_and_a_missing_folder_before_a_window_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "edit", str(tmp_path / ("n" * 295 + ".toml")), "--frames", "1")
    assert code == 2 and "the file name is 300 bytes long" in err
    code, _, err = run(capsys, "edit", str(tmp_path / "missing" / "new.toml"), "--frames", "1")
    assert code == 2 and "does not exist" in err and not (tmp_path / "missing").exists()


def test_an_untouched_level_leaves_no_autosave(tmp_path: Path) -> None:
    from game.editor.document import blank

    session = Session(blank("pf1", 8, 6, name="New"), tmp_path / "new.toml")
    assert session.dirty and not session.edited
    assert not session.autosave() and not autosave_path(tmp_path / "new.toml").exists()
    assert sorted(tmp_path.iterdir()) == []


def test_a_long_level_name_gets_a_side_file_that_fits(tmp_path: Path) -> None:
    from game.editor.commands import set_level
    from game.editor.document import from_level

    path = tmp_path / ("l" * 245 + ".toml")
    path.write_bytes(BRIDGE.read_bytes())
    doc = from_level(load_level(path))
    session = Session(doc, path)
    session.do(set_level(doc, name="Renamed"))
    assert session.autosave()
    side = autosave_path(path)
    assert side.exists() and side.parent == tmp_path and len(os.fsencode(side.name)) <= AUTOSAVE_NAME_MAX
    assert side.name.endswith(".autosave") and autosave_path(path) == side  # the same name every time
    session.save()
    assert not side.exists()


def test_a_shipped_levels_draft_is_kept_in_the_users_folder() -> None:
    side = autosave_path(LEVELS_DIR / "pf1_bridge.toml")
    assert LEVELS_DIR not in side.parents and side.name == "pf1_bridge.toml.autosave"
    assert autosave_path(Path("/elsewhere/x.toml")) == Path("/elsewhere/x.toml.autosave")
