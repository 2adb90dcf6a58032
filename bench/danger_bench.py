"""The danger view (W) on a 100×100 level with 16 enemies, and on the largest shipped maps, at 1920×1080.

Figures, one interleaved run per level (the machine is shared: ratios within the run count):
- danger hover: the pointer moving between two shaded squares while the view shows (the card, the rings,
  the dirty rectangles; the map is looked up, never worked out again);
- plain hover: the same two squares with the view off (the path preview alone);
- full: a battle frame that repaints the whole window without the danger view, the strongest baseline;
- cold: the first computation — the hero selected, W tapped, the frame that shows the shading, with the
  reach cache and the danger cache emptied first (every enemy's next turn searched, every charge asked);
  timed on the main thread here, where the window works it out in a worker while its frames go on.
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

SIZE = (1920, 1080)
HERO = (50, 50)
ENEMIES = tuple(
    (50 + dx, 50 + dy)
    for dx, dy in (
        (7, 0), (-7, 0), (0, 7), (0, -7), (9, 9), (-9, 9), (9, -9), (-9, -9),
        (14, 3), (-14, -3), (3, 14), (-3, -14), (18, 12), (-18, 12), (12, -18), (-12, 18),
    )
)  # fmt: skip
"""Sixteen foes round the hero: four one move away, four a charge away, eight farther out."""


def level_text() -> str:
    """A pf1 level on the 100×100 benchmark map: one hero (the selected unit) and 16 foes round it."""
    rows = bench_rows()
    for x, y in (HERO, *ENEMIES):
        rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    hero = f'\n[[units]]\nid = "hero"\nside = "heroes"\nat = [{HERO[0]}, {HERO[1]}]\nspeed = 9\nhp = 30\n'
    foes = "".join(
        f'\n[[units]]\nid = "foe{i}"\nside = "foes"\nat = [{x}, {y}]\nspeed = 9\nattack = 3\ndamage = "1d8+2"\n'
        for i, (x, y) in enumerate(ENEMIES)
    )
    tiles = "\n".join(rows)
    return (
        'format = 1\nname = "Danger 100x100"\nruleset = "pf1"\n\n'
        f"[map]\ntiles = '''\n{tiles}\n'''\n\n"
        '[[sides]]\nid = "heroes"\ncontroller = "human"\n\n[[sides]]\nid = "foes"\ncontroller = "human"\n'
        f"{hero}{foes}"
    )


def largest_shipped() -> list[Path]:
    """The largest shipped map, and the largest of each ruleset whose squares the view shades (pf1, dnd5e)."""
    from game.levels.level import load_level
    from game.paths import LEVELS_DIR
    from rules.ruleset import get_ruleset

    levels = [(path, load_level(path)) for path in sorted(LEVELS_DIR.glob("*.toml"))]

    def size(item: tuple[Path, Any]) -> tuple[int, int]:
        return (item[1].board.width * item[1].board.height, len(item[1].units))

    chosen = [max(levels, key=size)[0]]
    # a ruleset whose attacks take a tactic (hexxen) measures no distance: its squares are not shaded
    for name in sorted({level.ruleset for _, level in levels if not get_ruleset(level.ruleset).TACTICS}):
        largest = max((item for item in levels if item[1].ruleset == name), key=size)[0]
        if largest not in chosen:
            chosen.append(largest)
    return chosen


def _key(app: Any, k: int, down: bool) -> None:
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def _one_level(path: str, rounds: int) -> dict[str, float]:
    from game.battle import reach_cache
    from game.ui.app import App
    from game.ui.danger_model import DangerCache
    from game.ui.options import AppOptions

    app = App(AppOptions(level=path, size=SIZE, settings=Settings()))  # the default settings, not the user's
    scene: Any = app.scene
    app.step(1 / 60)
    scene.danger.threaded = False  # the window works it out in a worker; here the computation itself is timed
    sit = scene.ctl.situation()
    unit = "hero" if "hero" in sit.creatures else sorted(scene.ctl.actors)[0]
    scene.ctl.select(unit)
    app.step(1 / 60)

    cold_ms = [0.0]

    def tap_w() -> None:
        # W down and the frame it shows; its release is left out: on a loaded machine the wall-clock time to it
        # could pass for a hold, which would hide the view again
        _key(app, pygame.K_w, True)

    def cold() -> None:
        """Untimed: both caches emptied, the view off, the unit selected again; timed: the tap and its frame."""
        reach_cache.clear()
        scene.danger.cache = DangerCache()
        scene.danger.on = False
        scene.ctl.select(unit)  # the selection's own reach search is the click's, not the danger view's
        app.step(1 / 60)
        cold_ms[0] = cpu_ms(tap_w)

    cold()
    first_ms = cold_ms[0]
    danger = scene.danger.map_for(scene.ctl)
    assert danger is not None
    squares = sorted(danger.squares, key=lambda sq: (-len(danger.at(sq)), sq))
    if len(squares) < 2:  # hexxen shades nothing: any two squares show the card (the enemies engage anywhere)
        x, y = sit.creatures[unit].at
        squares = [(x, y), (x + 1 if x + 1 < sit.board.width else x - 1, y)]
    points = [scene.view.square_center(sq) for sq in squares[:2]]
    state = {"i": 0}

    def point() -> None:
        state["i"] ^= 1
        pos = points[state["i"]]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        app.step(1 / 60)

    def danger_hover() -> None:
        point()

    def plain_hover() -> None:
        point()

    def full() -> None:
        scene.frame.invalidate()
        app.step(1 / 60)

    def timer(fn: Any) -> float:
        if fn is cold:
            cold()
            return cold_ms[0]
        wanted = fn is danger_hover  # untimed: the view as the figure needs it (off for the baselines)
        if scene.danger.on != wanted:
            scene.danger.on = wanted
            scene.ctl.changed(state=False)
            app.step(1 / 60)
        return cpu_ms(fn)

    fns = {"danger_hover": danger_hover, "plain_hover": plain_hover, "full": full, "cold": cold}
    times = interleave(fns, rounds=rounds, timer=timer)
    cell = scene.view.cell
    enemies = len(danger.enemies())
    app.close()
    return {
        "danger_hover_ms": round(median_of(times, "danger_hover"), 2),
        "plain_hover_ms": round(median_of(times, "plain_hover"), 2),
        "full_frame_ms": round(median_of(times, "full"), 2),
        "cold_ms": round(median_of(times, "cold"), 1),
        "first_cold_ms": round(first_ms, 1),
        "danger_hover_vs_full": round(ratio(times, "danger_hover", "full"), 2),
        "danger_hover_vs_plain": round(ratio(times, "danger_hover", "plain_hover"), 2),
        "shaded_squares": len(danger.squares),
        "threatening_enemies": enemies,
        "cell_px": cell,
    }


def bench_danger(rounds: int = 9) -> dict[str, Any]:
    """The danger view's hover, baselines and cold computation on the 100×100 level and the largest shipped maps."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "danger_100x100.toml"
        path.write_text(level_text(), encoding="utf-8")
        for key, value in _one_level(str(path), rounds).items():
            out[f"{key}_100x100"] = value
    for level in largest_shipped():
        for key, value in _one_level(str(level), rounds).items():
            out[f"{key}_{level.stem}"] = value
    out["danger_hover_ms_1920x1080"] = out["danger_hover_ms_100x100"]
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(bench_danger(), indent=1))
