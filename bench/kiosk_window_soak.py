"""The kiosk in a real X window for an hour under a busy visitor, resident memory sampled every 30 s.

`python -m bench.kiosk_window_soak [--minutes 60] [--out DIR]` starts Xvfb (no window manager) at the
kiosk's logical size, the kiosk full screen on it with its real clock and its computer players in
their worker thread, and a visitor driven by xdotool through the X server: visits of one to six
minutes with pauses between them (long enough, now and then, for the idle return), and while someone
is there bursts of two to eight clicks, hovers, left-button drags, wheel turns and keys, averaging
three inputs a second. The exit corners and the exit chord are left alone until the end, when the
chord closes the kiosk. Every 30 s the kiosk's RSS (/proc/PID/status) is printed; at the end the
series' start, the figure at the warm-up's end, the last figure and the least-squares slope after
the warm-up in MB per hour (the target: at most 5). Halfway through, a screenshot of the X screen
goes to DIR (ImageMagick's `import`). At the end, the kiosk log's memory lines (every ten minutes of
kiosk time: RSS and Python's allocated blocks) tell Python heap growth from native growth. Needs Linux,
Xvfb, xdotool and ImageMagick.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZE = (1024, 640)
SAMPLE_SECONDS = 30.0
WARMUP_MINUTES = 10.0
BURST = (2, 8)
SPACING = 0.2
STAY = (60.0, 360.0)
AWAY = (20.0, 240.0)
KEYS = ("space", "Tab", "Return", "z", "1", "2", "3", "Left", "Right", "Up", "Down", "plus", "minus", "e", "u")
KINDS = ("click", "click", "click", "hover", "hover", "drag", "wheel", "key")
ROOT = Path(__file__).resolve().parent.parent


def _status(pid: int, field: str) -> int | None:
    """The number after `field` ("VmRSS:", "Threads:") in /proc/PID/status, or None once the process has gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def rss_mb(pid: int) -> float | None:
    """The resident set of process `pid` in MB (VmRSS), or None once it has gone."""
    kb = _status(pid, "VmRSS:")
    return None if kb is None else kb / 1000


def kind_of_mapping(name: str, size_kb: int) -> str:
    """What an address range of /proc/PID/smaps most likely holds, from its name and size."""
    if name.startswith("/"):
        return "file " + Path(name).name.split(".so")[0] if ".so" in name else "file (other)"
    if name:
        return name  # [heap], [stack], /SYSV…, [anon:…], memfd:…
    if size_kb == 1024:
        return "anonymous 1 MiB (Python's arenas)"
    if size_kb in (8192, 8196, 8188):
        return "anonymous 8 MiB (a thread's stack)"
    if size_kb >= 60 * 1024:
        return "anonymous ≥ 60 MiB (glibc thread arenas)"
    return "anonymous, other sizes (large mallocs: surfaces, fonts)"


def mapping_rss(pid: int) -> dict[str, float] | None:
    """Resident MB of process `pid` by kind of mapping (`kind_of_mapping`), or None once it has gone."""
    out: dict[str, float] = {}
    kind = ""
    try:
        lines = Path(f"/proc/{pid}/smaps").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        head = line.split(None, 1)[0]
        if "-" in head and not head.endswith(":"):  # an address range opens a mapping
            fields = line.split(None, 5)
            lo, hi = (int(a, 16) for a in fields[0].split("-"))
            kind = kind_of_mapping(fields[5].strip() if len(fields) > 5 else "", (hi - lo) // 1024)
        elif head == "Rss:":
            out[kind] = out.get(kind, 0.0) + int(line.split()[1]) / 1000  # MB as rss_mb counts them
    return out


def threads(pid: int) -> int | None:
    """How many threads process `pid` runs, or None once it has gone."""
    return _status(pid, "Threads:")


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB) points, in MB per hour."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    return sxy / sxx * 3600 if sxx else 0.0


def floor(points: list[tuple[float, float]], window: float = 300.0) -> list[tuple[float, float]]:
    """The least sample of each `window` seconds: RSS with the game on screen swings by ±10 MB, so its floor
    (right after a match's surfaces are freed and the heap trimmed) tells a rising baseline from the swings."""
    if not points:
        return []
    start = points[0][0]
    least: dict[int, tuple[float, float]] = {}
    for x, y in points:
        k = int((x - start) // window)
        if k not in least or y < least[k][1]:
            least[k] = (x, y)
    return [least[k] for k in sorted(least)]


def python_heap(log: Path) -> list[tuple[float, int]]:
    """(RSS in MB, Python's allocated blocks) of every memory line in the kiosk log, in order."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [(float(mb), int(n)) for mb, n in re.findall(r"memory: RSS ([\d.]+) MB, Python heap (\d+) blocks", text)]


class Visitor:
    """xdotool commands for bursts of inputs, visits and pauses, from one seeded generator."""

    def __init__(self, seed: int, rate: float = 3.0) -> None:
        self.rng = random.Random(seed)
        mean = sum(BURST) / 2
        self.pause = max(0.0, mean / rate - (mean - 1) * SPACING)
        self.inputs = 0

    def pos(self) -> tuple[int, int]:
        """A point outside the corner zones (the exit sequence)."""
        w, h = SIZE
        zone = max(48, min(w, h) // 8) + 4
        while True:
            x, y = self.rng.randrange(w), self.rng.randrange(h)
            if not ((x < zone or x >= w - zone) and (y < zone or y >= h - zone)):
                return x, y

    def burst(self) -> list[str]:
        """One burst as xdotool arguments."""
        args: list[str] = []
        for i in range(self.rng.randint(*BURST)):
            if i:
                args += ["sleep", f"{SPACING:g}"]
            kind = self.rng.choice(KINDS)
            x, y = self.pos()
            args += ["mousemove", str(x), str(y)]
            if kind == "click":
                args += ["click", self.rng.choice(("1", "1", "1", "3"))]
            elif kind == "drag":
                ex, ey = self.pos()
                args += ["mousedown", "1"]
                for k in range(1, 5):
                    args += ["mousemove", str(x + (ex - x) * k // 4), str(y + (ey - y) * k // 4)]
                args += ["mouseup", "1"]
            elif kind == "wheel":
                args += ["click", self.rng.choice(("4", "5"))]
            elif kind == "key":
                args += ["key", self.rng.choice(KEYS)]
            self.inputs += 1
        return args


def main(argv: list[str] | None = None) -> int:
    """Run the soak; 0 when the kiosk ran the whole time and left by the chord."""
    parser = argparse.ArgumentParser(prog="python -m bench.kiosk_window_soak", description=__doc__)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--display", default=":73")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="folder for the screenshot (default: a temp folder)")
    parser.add_argument(
        "--renderer", choices=("software", "auto"), default="software", help="the kiosk config's renderer key"
    )
    args = parser.parse_args(argv)
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"error: {tool} is not installed (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
            return 2
    work = Path(tempfile.mkdtemp(prefix="kiosk-soak-"))
    out = args.out or work
    out.mkdir(parents=True, exist_ok=True)
    config = work / "kiosk.toml"
    config.write_text(
        f'size = "{SIZE[0]}x{SIZE[1]}"\nfullscreen = true\nrenderer = "{args.renderer}"\n'
        f'log_file = "{work / "kiosk.log"}"\n'
    )
    env = dict(os.environ, DISPLAY=args.display, SDL_AUDIODRIVER="dummy", GRIDBOUND_CACHE_DIR=str(work / "cache"))
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    xvfb = subprocess.Popen(
        ["Xvfb", args.display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    kiosk: subprocess.Popen[bytes] | None = None
    try:
        time.sleep(2)
        kiosk = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "kiosk", "--config", str(config)],
            env=env,
            stdout=open(work / "kiosk.out", "wb"),  # noqa: SIM115 - the child owns it for its life
            stderr=subprocess.STDOUT,
        )
        print(f"kiosk pid {kiosk.pid}, work folder {work}", flush=True)
        visitor = Visitor(args.seed)
        rng = visitor.rng
        start = time.monotonic()
        end = start + args.minutes * 60
        next_sample = start
        present, change = False, start + 15.0
        present_seconds = 0.0
        samples: list[tuple[float, float]] = []
        warm_maps: dict[str, float] | None = None  # resident MB by kind of mapping at the warm-up's end
        last_maps: dict[str, float] | None = None
        shot_at = start + args.minutes * 30
        shot = None
        while time.monotonic() < end:
            now = time.monotonic()
            if kiosk.poll() is not None:
                print(f"error: the kiosk ended early with exit code {kiosk.returncode}", file=sys.stderr)
                return 1
            if now >= next_sample:
                mb = rss_mb(kiosk.pid)
                if mb is not None and now > start:  # the first look comes before Python has even started
                    samples.append((now - start, mb))
                    maps = mapping_rss(kiosk.pid)
                    if maps is not None:
                        if warm_maps is None and now - start >= WARMUP_MINUTES * 60:
                            warm_maps = maps
                        last_maps = maps
                    print(
                        f"{(now - start) / 60:6.1f} min  RSS {mb:7.1f} MB  inputs {visitor.inputs}"
                        f"  threads {threads(kiosk.pid)}",
                        flush=True,
                    )
                next_sample += SAMPLE_SECONDS
            if shot is None and now >= shot_at:
                shot = out / "kiosk-soak.png"
                subprocess.run(["import", "-display", args.display, "-window", "root", str(shot)], env=env, check=False)
            if now >= change:
                present = not present
                change = now + rng.uniform(*(STAY if present else AWAY))
            if present:
                time.sleep(rng.expovariate(1 / visitor.pause))
                subprocess.run(["xdotool", *visitor.burst()], env=env, check=False)
                present_seconds += time.monotonic() - now
            else:
                time.sleep(min(1.0, max(0.0, change - now)))
        subprocess.run(["xdotool", "key", "ctrl+alt+q"], env=env, check=False)
        code = kiosk.wait(timeout=30)
        warm = [(s, mb) for s, mb in samples if s >= WARMUP_MINUTES * 60]
        rate = visitor.inputs / max(1.0, present_seconds)
        print(f"kiosk exit code {code}; screenshot {shot}")
        print(f"visitor inputs {visitor.inputs} in {present_seconds / 60:.1f} min at the screen ({rate:.2f} a second)")
        if samples:
            at_warm = warm[0][1] if warm else samples[-1][1]
            print(
                f"RSS start {samples[0][1]:.1f} MB, at {WARMUP_MINUTES:g} min {at_warm:.1f} MB,"
                f" end ({samples[-1][0] / 60:.1f} min) {samples[-1][1]:.1f} MB,"
                f" slope after warm-up {slope_per_hour(warm):+.2f} MB/h (target ≤ 5);"
                f" the floor's (least of each 5 min) {slope_per_hour(floor(warm)):+.2f} MB/h"
            )
        if warm_maps and last_maps:  # which kind of memory grew: Python's arenas, glibc's heaps, big buffers…
            grown = sorted(set(warm_maps) | set(last_maps), key=lambda k: last_maps.get(k, 0) - warm_maps.get(k, 0))
            print("resident MB by kind of mapping, warm-up's end → end (/proc/PID/smaps):")
            for k in reversed(grown):
                a, b = warm_maps.get(k, 0.0), last_maps.get(k, 0.0)
                if max(a, b) >= 0.5:
                    print(f"  {k:<58} {a:7.1f} → {b:7.1f}  ({b - a:+.1f})")
        heap = python_heap(work / "kiosk.log")
        if heap:
            print("Python heap (kiosk log): " + ", ".join(f"{blocks} blocks at RSS {mb:.1f} MB" for mb, blocks in heap))
        log = work / "kiosk.log"
        text = log.read_text("utf-8", errors="replace") if log.is_file() else ""
        drew = re.findall(r"kiosk started: .*, renderer (\S+)", text)
        print(f"SDL's renderer (kiosk log): {drew[0] if drew else 'not logged'}")
        c_heap = re.findall(r"C heap ([\d.]+) MB in use, ([\d.]+) MB free", text)
        if c_heap:  # live native memory grows in use; fragmentation in free
            print("C heap (kiosk log): " + ", ".join(f"{used} MB in use, {free} MB free" for used, free in c_heap))
        fonts = re.findall(r"memory: .*, (\d+) fonts", text)
        if fonts:  # each pygame font holds 150-250 kB of native memory (game/ui/theme.py FONTS_KEPT)
            print("pygame fonts alive (kiosk log): " + ", ".join(fonts))
        made = re.findall(r"memory: .*, \d+ fonts \((\d+) made\)", text)
        if made:  # a font made after the warm-up is new native memory (the kiosk makes its set at its start)
            print("pygame fonts made so far (kiosk log): " + ", ".join(made))
        return 0 if code == 0 else 1
    finally:
        if kiosk is not None and kiosk.poll() is None:
            kiosk.terminate()
            kiosk.wait(timeout=10)
        xvfb.terminate()
        xvfb.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
