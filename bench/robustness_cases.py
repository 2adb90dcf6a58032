"""Every case of the robustness review, run as a user would: one process each, timed, its memory measured.

`python -m bench.robustness_cases [--only NAME]` runs each case as `python main.py …` in a folder of its own (its
own HOME and cache folder, so nothing of the user's is read or written) and prints a table: the exit code, the
wall time, the child's peak resident memory (from `wait4`: that process's own, though never below the bench's own
resident size when it started it, about 38 MB, which a forked child inherits in the figure), the first line
of what it said on stderr, and whether it behaved: an exit code the contract allows for it, at most 10 s and
500 MB, at most one line on stderr and no traceback, and the case's own check of what was (not) written.
The tests that pin each behaviour are in tests/test_gates.py, test_files.py, test_kiosk_start.py and
test_watch_survives.py; this script measures the time and memory those tests cannot assert. Needs Linux (FIFOs,
`wait4`); the device cases need root (they make a null device of their own, never touching the system's).
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.picture_levels import level_with_picture

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "levels" / "pf1_bridge.toml"
SECONDS = 10.0
MEGABYTES = 500.0


@dataclass
class Case:
    """One case: its name, how to set it up in a folder, the exit codes it may give and what must hold after."""

    name: str
    setup: Callable[[Path], list[str]]
    exits: tuple[int, ...] = (2,)
    check: Callable[[Path], str | None] = field(default=lambda folder: None)


def uvtt_map(folder: Path, name: str = "m.dd2vtt", number: str | None = None) -> Path:
    """A small valid Universal VTT map with its picture (the test suite's), optionally a number written out."""
    from tests.test_uvtt_import import uvtt  # the test suite's map (run from the repository: python -m bench…)

    text = json.dumps(uvtt())
    if number is not None:
        text = text.replace('"format": 0.3', f'"format": {number}')
    path = Path(os.fsdecode(os.fsencode(folder) + b"/" + os.fsencode(name)))
    path.write_text(text, encoding="utf-8")
    return path


def device(folder: Path) -> Path:
    """A null character device of our own (root only)."""
    path = folder / "device"
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


def fifo(folder: Path, name: str) -> Path:
    """A FIFO nobody writes to: a read of it would block for ever."""
    path = folder / name
    os.mkfifo(path)
    return path


def sweep_file(folder: Path, body: str = "games = 1\n", level: Path = BRIDGE) -> Path:
    """A sweep file naming `level`."""
    path = folder / "s.toml"
    path.write_text(f'levels = ["{level.as_posix()}"]\n{body}', encoding="utf-8")
    return path


def brackets(path: Path, count: int) -> Path:
    """A JSON list of `count` empty objects, written in pieces: a child inherits its parent's peak memory in
    `wait4`'s figure, so the bench never holds the whole text."""
    with open(path, "w", encoding="ascii") as file:
        file.write("[{}")
        for _ in range(count // 100_000):
            file.write(",{}" * 100_000)
        file.write("]")
    return path


def still_device(folder: Path) -> str | None:
    return None if stat.S_ISCHR(os.stat(folder / "device").st_mode) else "the device was replaced"


def absent(*names: str) -> Callable[[Path], str | None]:
    def check(folder: Path) -> str | None:
        found = [n for n in names if (folder / n).exists()]
        return f"written: {', '.join(found)}" if found else None

    return check


def no_autosave(folder: Path) -> str | None:
    found = sorted(p.name[:40] for p in folder.rglob("*") if ".autosave" in p.name or ".draft" in p.name)
    return f"side files left: {found}" if found else None


def kiosk_config(folder: Path, body: str) -> Path:
    path = folder / "kiosk.toml"
    path.write_text(f"fullscreen = false\n{body}", encoding="utf-8")
    return path


def no_side_files_in_levels(folder: Path) -> str | None:
    found = sorted(p.name for p in (ROOT / "levels").glob("*.autosave"))
    return f"autosave in the game's folder: {found}" if found else None


def mode_0644(folder: Path) -> str | None:
    mode = stat.S_IMODE(os.stat(folder / "m.toml").st_mode)
    return None if mode == 0o644 else f"mode {mode:o}, not 644 under umask 022"


LONG_LEVEL = "l" * 245 + ".toml"


def long_existing(folder: Path) -> list[str]:
    (folder / LONG_LEVEL).write_text(BRIDGE.read_text(encoding="utf-8"), encoding="utf-8")
    return ["edit", LONG_LEVEL, "--frames", "3"]


CASES: list[Case] = [
    # crashes
    Case(
        "import: a map name that is not UTF-8",
        lambda f: ["import", str(uvtt_map(f, "cave\udcff.dd2vtt")), "-o", "c.toml", "--ruleset", "pf1"],
        (0,),
    ),
    Case("edit: an existing level with a 250-character name", long_existing, (0,), no_autosave),
    Case("edit: a new level with a 300-character name", lambda f: ["edit", "n" * 295 + ".toml", "--frames", "3"]),
    Case(
        "sweep --html naming an existing folder",
        lambda f: ((f / "report").mkdir(), ["sweep", str(sweep_file(f)), "--html", "report"])[1],
    ),
    Case("sweep --out onto a full device (/dev/full)", lambda f: ["sweep", str(sweep_file(f)), "--out", "/dev/full"]),
    Case(
        "kiosk --screenshot onto a device",
        lambda f: ["kiosk", "--frames", "2", "--screenshot", str(device(f))],
        check=still_device,
    ),
    Case("play: image_size [10000, 10000]", lambda f: ["play", str(level_with_picture(f, 10000)), "--frames", "2"]),
    Case("edit: image_size [10000, 10000]", lambda f: ["edit", str(level_with_picture(f, 10000)), "--frames", "2"]),
    # runaway memory
    Case("play: image_size [300, 300]", lambda f: ["play", str(level_with_picture(f, 300)), "--frames", "2"]),
    Case("check: image_size [1000, 1000]", lambda f: ["check", str(level_with_picture(f, 1000))]),
    Case("simulate --games 10**12", lambda f: ["simulate", str(BRIDGE), "--games", str(10**12)]),
    Case("sweep: games = 10**12", lambda f: ["sweep", str(sweep_file(f, f"games = {10**12}\n"))]),
    Case(
        "sweep: a grid of 17 keys",
        lambda f: [
            "sweep",
            str(
                sweep_file(
                    f, "games = 1\n[grid]\n" + "\n".join(f'"units[0].hp{i}" = [1, 2, 3, 4]' for i in range(17)) + "\n"
                )
            ),
        ],
    ),
    Case(
        "simulate --cluster local --jobs 100000",
        lambda f: ["simulate", str(BRIDGE), "--games", "2", "--cluster", "local", "--jobs", "100000"],
    ),
    Case(
        "import: a 38 MB map of {}",
        lambda f: ["import", str(brackets(f / "big.dd2vtt", 12_700_000)), "-o", "b.toml", "--ruleset", "pf1"],
        check=absent("b.toml"),
    ),
    # hangs
    Case("sweep: the sweep file is a FIFO", lambda f: ["sweep", str(fifo(f, "s.toml"))]),
    Case("sweep: the level it names is a FIFO", lambda f: ["sweep", str(sweep_file(f, level=fifo(f, "l.toml")))]),
    Case("sweep: the sweep file is /dev/zero", lambda f: ["sweep", "/dev/zero"]),
    Case("check: /dev/zero", lambda f: ["check", "/dev/zero"]),
    Case(
        "kiosk: log_file is a FIFO",
        lambda f: [
            "kiosk",
            "--config",
            str(kiosk_config(f, f'log_file = "{fifo(f, "log").as_posix()}"\n')),
            "--frames",
            "3",
        ],
        (0, 2),
    ),
    # unsafe writes
    Case(
        "sweep --html onto a device",
        lambda f: ["sweep", str(sweep_file(f)), "--html", str(device(f))],
        check=still_device,
    ),
    Case(
        "import -o DEVICE --force",
        lambda f: ["import", str(uvtt_map(f)), "-o", str(device(f)), "--ruleset", "pf1", "--force"],
        check=still_device,
    ),
    Case(
        "import MAP -o x.png (the level over its own picture)",
        lambda f: ["import", str(uvtt_map(f, "x.dd2vtt")), "-o", "x.png", "--ruleset", "pf1"],
        check=absent("x.png"),
    ),
    Case(
        "edit NEW.toml closed without an edit",
        lambda f: ["edit", "sub/new.toml", "--frames", "3"],
        (0, 2),
        absent("sub/new.toml.autosave", "sub"),
    ),
    Case("edit with no level", lambda f: ["edit", "--frames", "3"], (0,), no_side_files_in_levels),
    Case(
        "import: permissions from the umask (022)",
        lambda f: ["import", str(uvtt_map(f)), "-o", "m.toml", "--ruleset", "pf1"],
        (0,),
        mode_0644,
    ),
    Case(
        "play --screenshot onto a device",
        lambda f: ["play", str(BRIDGE), "--frames", "2", "--screenshot", str(device(f))],
        check=still_device,
    ),
    # the kiosk's start
    Case(
        "kiosk: one level missing from its list",
        lambda f: [
            "kiosk",
            "--config",
            str(kiosk_config(f, f'levels = ["{BRIDGE.as_posix()}", "{(f / "gone.toml").as_posix()}"]\n')),
            "--frames",
            "3",
        ],
        (0,),
    ),
    # messages
    Case(
        "import: a map name holding an escape",
        lambda f: ["import", str(uvtt_map(f, "red\x1b[31m.dd2vtt")), "-o", "r.toml", "--ruleset", "pf1"],
        (0,),
    ),
    Case(
        "import: a 5000-digit number",
        lambda f: ["import", str(uvtt_map(f, number="9" * 5000)), "-o", "n.toml", "--ruleset", "pf1"],
        check=absent("n.toml"),
    ),
]


def run_case(case: Case) -> dict[str, object]:
    """Run one case in a folder of its own; what it did and whether it behaved."""
    with tempfile.TemporaryDirectory(prefix="gb-case-") as name:
        folder = Path(name)
        try:
            argv = case.setup(folder)
        except OSError as exc:  # a device node needs root
            return {"case": case.name, "skipped": f"cannot set up: {exc}"}
        env = dict(
            os.environ,
            HOME=str(folder / "home"),
            GRIDBOUND_CACHE_DIR=str(folder / "cache"),
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            XDG_CONFIG_HOME=str(folder / "config"),
        )
        old_umask = os.umask(0o022)
        start = time.monotonic()
        with open(folder / ".out", "wb") as out_file, open(folder / ".err", "wb") as err_file:
            try:
                child = subprocess.Popen(
                    [sys.executable, str(ROOT / "main.py"), *argv],
                    cwd=folder,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=out_file,
                    stderr=err_file,
                )
            finally:
                os.umask(old_umask)
            code, peak_mb = _reap(child, start + 60)
        seconds = time.monotonic() - start
        out, err = (folder / ".out").read_bytes(), (folder / ".err").read_bytes()
        said = err.decode("utf-8", "replace").strip().splitlines()
        problems = []
        if code not in case.exits:
            problems.append(f"exit {code}, expected {case.exits}")
        if seconds > SECONDS:
            problems.append(f"{seconds:.1f} s")
        if peak_mb > MEGABYTES:
            problems.append(f"{peak_mb:.0f} MB")
        if any("Traceback" in line for line in said) or len([s for s in said if s.startswith("error")]) > 1:
            problems.append("more than one message")
        written = case.check(folder)
        if written:
            problems.append(written)
        return {
            "case": case.name,
            "exit": code,
            "seconds": round(seconds, 2),
            "peak_mb": peak_mb,
            "said": said[0] if said else (out.decode("utf-8", "replace").strip().splitlines() or [""])[-1],
            "ok": not problems,
            "problems": problems,
        }


def _reap(child: subprocess.Popen[bytes], deadline: float) -> tuple[int, float]:
    """Wait for `child` (killed at `deadline`): its exit code and its own peak resident memory in MB (`wait4`)."""
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            child.kill()
            pid, status, usage = os.wait4(child.pid, 0)
            break
        time.sleep(0.02)
    code = os.waitstatus_to_exitcode(status)
    child.returncode = code  # reaped here: Popen must not wait for it again
    return code, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    """Run the cases; 0 when every one behaved."""
    parser = argparse.ArgumentParser(prog="python -m bench.robustness_cases", description=__doc__)
    parser.add_argument("--only", default=None, help="run the cases whose name holds this text")
    args = parser.parse_args(argv)
    bad = 0
    print("| case | exit | s | MB | said | behaved |\n|---|---|---|---|---|---|")
    for case in CASES:
        if args.only and args.only not in case.name:
            continue
        row = run_case(case)
        if "skipped" in row:
            print(f"| {case.name} | — | — | — | {row['skipped']} | skipped |", flush=True)
            continue
        bad += not row["ok"]
        mb = f"{row['peak_mb']:.0f}"
        verdict = "yes" if row["ok"] else "NO: " + "; ".join(row["problems"])  # type: ignore[arg-type]
        said = str(row["said"]).replace("|", "\\|")[:110]
        print(f"| {case.name} | {row['exit']} | {row['seconds']} | {mb} | {said} | {verdict} |", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
