"""The board is drawn in layers: a new selection repaints only around the shading it changes.

The oracle is a full repaint: after any sequence of selections, the picture the frame cache
holds must be the one a whole new frame would paint.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.options import AppOptions, parse_size
from game.ui.scenes.battle import BattleScene
from tests.counting import counted

LEVEL = """\
format = 1
name = "Layers"
ruleset = "pf1"
[map]
tiles = '''
....................
...,,......#........
........%......,,...
..#.................
.........,,.........
....................
'''
[[sides]]
id = "red"
[[sides]]
id = "blue"
[[units]]
id = "a"
side = "red"
at = [1, 1]
speed = 9
[[units]]
id = "b"
side = "red"
at = [14, 4]
speed = 6
[[units]]
id = "c"
side = "blue"
at = [18, 0]
speed = 9
"""


def _app(tmp_path: Path) -> App:
    path = tmp_path / "layers.toml"
    path.write_text(LEVEL, encoding="utf-8")
    app = App(AppOptions(level=str(path), size=parse_size("1280x800")))
    app.step()
    return app


def _click(app: App, unit: str | None) -> None:
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.view is not None
    if unit is None:
        pos, button = scene.view.rect.center, 3  # a right click deselects
    else:
        pos, button = scene.view.square_center(scene.ctl.situation().creatures[unit].at), 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def _board_pixels(app: App) -> bytes:
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.view is not None and scene.frame.surface is not None
    return pygame.image.tobytes(scene.frame.surface.subsurface(scene.view.rect), "RGB")


def test_selecting_units_one_after_another_paints_what_a_full_repaint_paints(tmp_path: Path) -> None:
    app = _app(tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, BattleScene)
        paints = counted(scene.renderer.terrain, "_paint")
        for unit in ("a", "b", None, "b", "a"):
            _click(app, unit)
            partial = _board_pixels(app)
            scene.frame.invalidate()
            app.step()
            assert _board_pixels(app) == partial, f"after selecting {unit}"
        assert not paints  # the terrain layer was never painted again
    finally:
        app.close()


def test_a_selection_repaints_only_the_box_around_the_old_and_new_shading(tmp_path: Path, monkeypatch) -> None:
    app = _app(tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, BattleScene) and scene.view is not None
        _click(app, "a")
        assert scene.ctl.forecast is not None
        before = [scene.view.square_rect(sq) for sq in scene.ctl.forecast.reach]
        areas: list[pygame.Rect | None] = []
        region = scene.frame.region

        def spy(name, key, rect, paint, area=None):
            if name == "board":
                areas.append(area)
            return region(name, key, rect, paint, area)

        monkeypatch.setattr(scene.frame, "region", spy)
        _click(app, "b")
        after = [scene.view.square_rect(sq) for sq in scene.ctl.forecast.reach]
        area = areas[-1]
        assert area is not None
        assert area.contains(before[0].unionall(before[1:])) and area.contains(after[0].unionall(after[1:]))
        assert area.width * area.height < scene.view.rect.width * scene.view.rect.height
    finally:
        app.close()


def test_the_legend_swatch_cache_is_the_band_tile_and_follows_the_palette():
    """The panel's legend blits cached band tiles: the very pixels band_tile draws, made anew when the palette
    changes (high contrast)."""
    from game.ui import theme
    from game.ui.patterns import band_tile, cached_band_tile

    pygame.init()
    try:
        for band in ("move", "double_move", "run", "other"):
            for numbered in (True, False):
                color = theme.band_color(band)
                fresh = band_tile(band, 30, color, numbered)
                cached = cached_band_tile(band, 30, color, numbered)
                assert pygame.image.tobytes(cached, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
                assert cached_band_tile(band, 30, color, numbered) is cached  # made once
        before = cached_band_tile("run", 30, theme.band_color("run"))
        theme.use_palette(theme.HIGH_CONTRAST)
        try:
            after = cached_band_tile("run", 30, theme.band_color("run"))
            assert after is not before
            assert pygame.image.tobytes(after, "RGBA") == pygame.image.tobytes(
                band_tile("run", 30, theme.band_color("run")), "RGBA"
            )
        finally:
            theme.use_palette(theme.STANDARD)
    finally:
        pygame.quit()


def test_shading_by_strips_paints_what_one_tile_per_square_paints():
    """The reach shading is blitted as runs of a band's stacked tiles (one blit per run in a column): the
    pixels must be those of one tile per square, numbered on even rows of even columns, on any terrain,
    at square sizes with and without numbers, for runs starting on even and on odd rows."""
    import random

    from game.battle.match import Match
    from game.ui import theme
    from game.ui.board import BoardRenderer
    from game.ui.forecast import Forecast
    from game.ui.patterns import numbered_square
    from rules.reaches import cost_bands

    pygame.init()
    theme.reset_fonts()  # fonts cached by an earlier test died with its pygame.quit
    try:
        match = Match(_bench_level())
        sit = match.situation()
        rng = random.Random(7)
        for unit in ("hero", "scout"):
            forecast = Forecast.build(match.ruleset, sit, unit)
            entries = list(cost_bands(forecast.reach))
            assert len({sq[1] & 1 for sq, _, _ in entries}) == 2 and len({band for _, _, band in entries}) >= 3
            for cell in (12, 21, 24, 31):
                size = (sit.board.width * cell, sit.board.height * cell)
                ground = pygame.Surface(size)
                for _ in range(400):  # a speckled ground: any difference in blending shows
                    colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
                    ground.fill(colour, (rng.randrange(size[0]), rng.randrange(size[1]), cell * 3, cell * 2))
                renderer = BoardRenderer()
                by_squares = ground.copy()
                for (x, y), _, band in entries:
                    by_squares.blit(renderer._tint(band, cell, numbered_square((x, y))), (x * cell, y * cell))
                # strips as tall as the board, and as short as a zoomed view's few rows (runs cut into pieces)
                for rows in (sit.board.height, 5, 2):
                    by_runs = ground.copy()
                    runs = renderer._shading(forecast, cell, (0, 0), rows)
                    by_runs.blits(runs, doreturn=False)
                    assert max(area[3] for _, _, area in runs) <= rows * cell
                    if rows == sit.board.height:
                        assert len(runs) < len(entries) / 2  # the point of it: far fewer blits
                    same = pygame.image.tobytes(by_runs, "RGB") == pygame.image.tobytes(by_squares, "RGB")
                    assert same, (unit, cell, rows)
    finally:
        pygame.quit()


def _bench_level():
    """The bench's 100×100 pf1 level (bench/frame_bench.py), loaded from a temporary file."""
    import tempfile

    from bench.frame_bench import level_text
    from game.levels.level import load_level

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        path.write_text(level_text(), encoding="utf-8")
        return load_level(str(path))
