"""Battle frames on a 100×100 level against a bare full-window fill and flip at the same resolution.

Figures per resolution (1920×1080 and 3840×2160), one interleaved run each:
- click: a left click on a unit → the first frame showing its reach (the reach search,
  the overlay and the whole frame), alternating between two units so every click is a fresh
  selection; any reach cache is emptied before each click, so the search is always timed;
- full: a battle frame that repaints the whole window (board and panel) and flips;
- hover: the pointer moving between two reachable squares (the path preview by dirty rectangles);
- animated: a frame while a third unit walks five squares at normal speed (the walker is drawn
  by dirty rectangles over the board composed once without it; the move's first frame, which composes
  that board, is not counted, nor the undo that lets it walk again);
- bare: `fill` + `flip` of the whole window, the floor any full frame pays.
Times are the thread's CPU time (bench/timing.py).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from bench.maps import bench_rows
from bench.timing import cpu_ms, interleave, median_of, ratio
from game.settings import Settings
from rules.actions import Action

SIZES = ((1920, 1080), (3840, 2160))
UNITS = (("hero", (50, 50)), ("scout", (30, 40)))
WALKER = ("walker", (60, 60))
WALK = tuple((60 + i, 60) for i in range(1, 6))
"""The walker's path: five open squares east."""


def level_text() -> str:
    """A pf1 level on the 100×100 benchmark map: two heroes to click between, two foes far away."""
    rows = bench_rows()
    for x, y in [at for _, at in UNITS] + [WALKER[1], *WALK]:
        rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    units = "".join(
        f'\n[[units]]\nid = "{uid}"\nside = "heroes"\nat = [{x}, {y}]\nspeed = 9\n' for uid, (x, y) in (*UNITS, WALKER)
    )
    foes = "".join(
        f'\n[[units]]\nid = "foe{i}"\nside = "foes"\nat = [{x}, {y}]\nspeed = 9\n'
        for i, (x, y) in enumerate(((5, 95), (95, 5)))
    )
    for x, y in ((5, 95), (95, 5)):
        rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    tiles = "\n".join(rows)
    return (
        'format = 1\nname = "Bench 100x100"\nruleset = "pf1"\n\n'
        f"[map]\ntiles = '''\n{tiles}\n'''\n\n"
        '[[sides]]\nid = "heroes"\ncontroller = "human"\n\n[[sides]]\nid = "foes"\ncontroller = "human"\n'
        f"{units}{foes}"
    )


def _clear_reach_cache() -> None:
    """Forget any cached reach, so a click always times the search (game.battle.reach_cache, where there is one)."""
    try:
        from game.battle import reach_cache  # type: ignore[attr-defined]
    except ImportError:
        return
    reach_cache.clear()


def _one_size(path: str, size: tuple[int, int], rounds: int) -> dict[str, float]:
    from game.ui.app import App
    from game.ui.options import AppOptions

    app = App(AppOptions(level=path, size=size, settings=Settings()))  # the default settings, not the user's
    scene = app.scene
    assert scene is not None
    app.step(1 / 60)
    points = {uid: scene.view.square_center(at) for uid, at in UNITS}  # type: ignore[attr-defined]
    colors = [(20, 24, 30), (24, 20, 30)]
    state = {"i": 0, "unit": 0}
    hover_points: list[tuple[int, int]] = []

    def bare() -> None:
        state["i"] ^= 1
        app.screen.fill(colors[state["i"]])
        pygame.display.flip()

    def full() -> None:
        scene.frame.invalidate()  # type: ignore[attr-defined]
        app.step(1 / 60)

    def click() -> None:
        state["unit"] ^= 1
        uid = UNITS[state["unit"]][0]
        pos = points[uid]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        assert scene.ctl.selected == uid  # type: ignore[attr-defined]

    def hover() -> None:
        state["i"] ^= 1
        pos = hover_points[state["i"]]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        app.step(1 / 60)

    def timed_click() -> float:
        _clear_reach_cache()
        return cpu_ms(click)

    def animated() -> None:
        app.step(1 / 60)

    def timed_animated() -> float:
        """One frame of a walk; when none is under way, the walker is taken back and walks again (untimed)."""
        motion = scene.stage.motion  # type: ignore[attr-defined]
        if not motion.playing or motion.clock > motion.timeline.duration - 2 / 60:
            motion.skip()
            match = app.session.match
            assert match is not None
            if match.situation().creatures[WALKER[0]].at != WALKER[1]:
                scene.ctl.undo()  # type: ignore[attr-defined]
                scene.stage.watch()  # type: ignore[attr-defined] # as the scene does after an undo key
            scene.perform(Action("move", WALKER[0], path=WALK))  # type: ignore[attr-defined]
            assert motion.playing
            app.step(1 / 60)  # the first frame composes the board without the walker: not a frame of the walk
        return cpu_ms(animated)

    click()
    entries = sorted(scene.ctl.forecast.reach.values(), key=lambda r: -r.cost)  # type: ignore[attr-defined]
    hover_points.extend(scene.view.square_center(r.at) for r in entries[:2])  # type: ignore[attr-defined]

    def timer(fn: Any) -> float:
        if fn is animated:
            return timed_animated()
        scene.stage.motion.skip()  # type: ignore[attr-defined] # the other figures time a still board
        if fn is click:
            return timed_click()
        return cpu_ms(fn)

    fns = {"bare": bare, "full": full, "click": click, "hover": hover, "animated": animated}
    times = interleave(fns, rounds=rounds, timer=timer)
    overlay = len(scene.ctl.forecast.reach) if scene.ctl.forecast else 0  # type: ignore[attr-defined]
    cell = scene.view.cell  # type: ignore[attr-defined]
    app.close()
    return {
        "click_ms": round(median_of(times, "click"), 2),
        "full_frame_ms": round(median_of(times, "full"), 2),
        "hover_frame_ms": round(median_of(times, "hover"), 2),
        "bare_frame_ms": round(median_of(times, "bare"), 2),
        "animated_frame_ms": round(median_of(times, "animated"), 2),
        "animated_ratio": round(ratio(times, "animated", "bare"), 2),
        "click_ratio": round(ratio(times, "click", "bare"), 2),
        "full_ratio": round(ratio(times, "full", "bare"), 2),
        "overlay_squares": overlay,
        "cell_px": cell,
    }


def bench_frame(rounds: int = 21) -> dict[str, Any]:
    """Click, full, hover and bare frames at 1920×1080 and 3840×2160."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench_100x100.toml"
        path.write_text(level_text(), encoding="utf-8")
        for size in SIZES:
            tag = f"{size[0]}x{size[1]}"
            for key, value in _one_size(str(path), size, rounds).items():
                out[f"{key}_{tag}"] = value
    out["click_ms"] = out["click_ms_1920x1080"]
    return out
