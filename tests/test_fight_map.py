"""Fight maps: squares counted from rulings, per-square paired differences with a known answer, the pictures."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pygame
import pytest

from game.commands.cli import main
from game.lab.fight_map import KINDS, SquareTally, cell_counts, difference, games_at, hottest, map_report, square_of
from game.lab.fight_map_png import FEWER, MORE, cell_size, counts_png, difference_png
from game.lab.paired_stats import benjamini_hochberg, mcnemar_mid_p
from game.lab.simulate import GameResult, play_game
from game.levels.level import load_level
from rules.core import Creature, Effect, Event, Ruling, Situation

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


def _situation() -> Situation:
    level = load_level(LEVELS / "pf1_bridge.toml")
    return Situation(
        level.ruleset, level.board, {"a": Creature("a", "red", (1, 1)), "b": Creature("b", "blue", (5, 5))}
    )


def test_tally_places_first_then_hits_falls_and_opportunity_attacks() -> None:
    tally = SquareTally(_situation())
    charge = Ruling(
        events=(Event("hit", "GB-ATTACK", unit="a", by="b"),),
        effects=(Effect("place", "a", value=((4, 5), None)), Effect("set", "b", "defeated", True)),
    )
    tally.actions([charge])
    tally.turn_over(["a"])
    aoo = Ruling(events=(Event("opportunity_attack", "GB-AOO", unit="a", by="b", at=(3, 3)),))
    tally.actions([aoo, "a refused action changes nothing"])
    tally.turn_over(["a"])
    assert tally.squares == {
        "hit": {"4,5": [1, 1]},  # the charge hit from where it ended
        "fell": {"5,5": [1, 1]},
        "stood": {"4,5": [2, 1]},  # twice, first in turn 1
        "aoo": {"3,3": [1, 2]},
    }


def test_a_games_falls_are_its_defeated_units() -> None:
    level = load_level(LEVELS / "pf1_bridge.toml")
    for seed in (3, 4):
        result = play_game(level, seed)
        fell = sum(count for count, _ in result.squares["fell"].values())
        assert fell == len(level.units) - sum(result.survivors.values())
        assert all(level.board.in_bounds(square_of(k)) for kind in KINDS for k in result.squares[kind])
        turns = [turn for count, turn in result.squares["stood"].values()]
        assert min(turns) == 1 and max(turns) <= result.rounds * len(level.sides)


def _maps(counts: list[int]) -> list[dict[str, list[int]]]:
    return [{"2,2": [c, 1]} if c else {} for c in counts]


def test_difference_marks_only_the_square_that_changed() -> None:
    """40 seeds: square 2,2 gains a fall on 30 seeds and loses none; 3,3 goes up on 5 and down on 5."""
    base = [{"3,3": [1, 1]} if i % 4 == 0 else {} for i in range(40)]
    other = [{"2,2": [1, 2]} if i < 30 else {} for i in range(40)]
    for i in range(40):
        if i % 8 == 1:
            other[i]["3,3"] = [1, 1]
    result = difference(base, other)
    assert result["2,2"]["b"] == 30 and result["2,2"]["c"] == 0
    assert result["2,2"]["difference"] == pytest.approx(30 / 40)
    assert result["3,3"]["b"] == 5 and result["3,3"]["c"] == 10
    assert result["3,3"]["p"] == pytest.approx(mcnemar_mid_p(5, 10))
    adjusted = benjamini_hochberg([mcnemar_mid_p(30, 0), mcnemar_mid_p(5, 10)])
    assert [result[k]["p_adjusted"] for k in ("2,2", "3,3")] == pytest.approx(adjusted)
    assert result["2,2"]["significant"] and not result["3,3"]["significant"]


def test_difference_of_identical_maps_is_empty() -> None:
    maps = [{"1,1": [2, 1]}, {}, {"4,4": [1, 3]}]
    assert difference(maps, maps) == {}


def test_cell_counts_hottest_and_the_games_behind_a_square() -> None:
    games = [{"fell": {"1,1": [1, 4], "2,1": [2, 2]}}, {"fell": {"2,1": [1, 6]}}]
    counts = cell_counts(games)
    assert counts["fell"] == {"1,1": 1, "2,1": 3}
    assert hottest(counts["fell"], 1) == ["2,1"]
    found = games_at(((i, 100 + i, g) for i, g in enumerate(games)), "fell", "2,1", 5)
    assert found == [{"index": 0, "seed": 100, "turn": 2, "count": 2}, {"index": 1, "seed": 101, "turn": 6, "count": 1}]


def _pixel(png: bytes, square: tuple[int, int], cell: int) -> tuple[int, int, int]:
    surface = pygame.image.load(io.BytesIO(png), "map.png")
    colour = surface.get_at((square[0] * cell + 2, square[1] * cell + cell - 3))
    return colour.r, colour.g, colour.b


def test_difference_png_colours_only_significant_squares() -> None:
    level = load_level(LEVELS / "pf1_bridge.toml")
    cell = cell_size(level)
    squares = {
        "2,2": {"difference": 0.5, "significant": True},
        "3,3": {"difference": -0.5, "significant": True},
        "4,4": {"difference": 0.9, "significant": False},
    }
    png = difference_png(level, squares)
    assert png.startswith(b"\x89PNG")
    more, fewer, quiet = (_pixel(png, sq, cell) for sq in ((2, 2), (3, 3), (4, 4)))
    assert more[0] > more[2] and abs(more[0] - MORE[0]) < 60
    assert fewer[2] > fewer[0] and abs(fewer[2] - FEWER[2]) < 60
    assert abs(quiet[0] - quiet[2]) < 40  # not coloured: the map's own grey-beige


def test_counts_png_is_hotter_where_more_happened() -> None:
    level = load_level(LEVELS / "pf1_bridge.toml")
    cell = cell_size(level)
    png = counts_png(level, {"2,2": 10, "3,3": 1}, "fell", ["2,2"])
    hot, warm, none = (_pixel(png, sq, cell) for sq in ((2, 2), (3, 3), (4, 4)))
    assert hot[0] - hot[1] > warm[0] - warm[1] > none[0] - none[1]


def test_map_report_lists_games_and_compares_with_the_baseline() -> None:
    base = [GameResult(i, 10 + i, "red", 3, {}, {}, squares={"fell": {"1,1": [1, 2]}}) for i in range(12)]
    other = [GameResult(i, 10 + i, "red", 3, {}, {}, squares={"fell": {"2,2": [1, 3]}}) for i in range(12)]
    data = map_report(other, base)
    assert data["counts"]["fell"] == {"2,2": 12}
    assert data["hot"]["fell"][0]["games"][0] == {"index": 0, "seed": 10, "turn": 3, "count": 1}
    fell = data["difference"]["kinds"]["fell"]
    assert fell["2,2"]["significant"] and fell["1,1"]["significant"]
    assert fell["2,2"]["difference"] == 1.0 and fell["1,1"]["difference"] == -1.0
    assert map_report(base, None)["difference"] is None


def test_sweep_html_embeds_the_maps_and_the_commands_that_open_each_game(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sweep.toml"
    path.write_text(
        f'levels = ["{LEVELS / "pf1_bridge.toml"}"]\nseed = 3\ngames = 6\nbatch = 3\nmax_rounds = 12\n'
        '[grid]\n"units[0].hp" = [20, 4]\n',
        encoding="utf-8",
    )
    html, replays = tmp_path / "r.html", tmp_path / "replays"
    assert main(["sweep", str(path), "--json", "--html", str(html), "--replays", str(replays)]) == 0
    data = json.loads(capsys.readouterr().out)
    page = html.read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") >= 4 * 2  # four maps per cell
    assert "<script" not in page and "<link" not in page and " src='http" not in page  # one self-contained file
    saved = {(r["variant"], r["index"]): r["path"] for r in data["map_replays"]}
    first = data["levels"][0]["cells"][1]["map"]["hot"]["fell"][0]["games"][0]
    path_of_game = saved[("v1", first["index"])]
    assert Path(path_of_game).is_file()
    assert f"play --replay {path_of_game} --turn {first['turn']}" in page


def test_an_imported_maps_picture_lies_under_the_heat(tmp_path: Path) -> None:
    from tests.test_uvtt_import import uvtt

    source, target = tmp_path / "map.dd2vtt", tmp_path / "map.toml"
    source.write_text(json.dumps(uvtt(size=(8, 6), ppg=20)), encoding="utf-8")
    assert main(["import", str(source), "-o", str(target), "--ruleset", "pf1"]) == 0
    level = load_level(target)
    assert level.image is not None and level.image.file
    cell = cell_size(level)
    png = counts_png(level, {"1,1": 3}, "stood")
    plain = _pixel(png, (5, 4), cell)  # no heat here: the picture's brown (90, 70, 50), not the terrain's beige
    assert all(abs(a - b) < 12 for a, b in zip(plain, (90, 70, 50), strict=True))
    hot = _pixel(png, (1, 1), cell)
    assert hot[2] > plain[2] + 40  # the heat (blue for `stood`) over the picture


def test_the_html_report_writes_numbers_and_maps_in_the_readers_language(tmp_path: Path) -> None:
    path = tmp_path / "sweep.toml"
    path.write_text(
        f'levels = ["{LEVELS / "pf1_bridge.toml"}"]\nseed = 3\ngames = 4\nmax_rounds = 12\n'
        '[grid]\n"units[0].hp" = [20, 4]\n',
        encoding="utf-8",
    )
    html = tmp_path / "de.html"
    assert main(["sweep", str(path), "--html", str(html), "--lang", "de"]) == 0
    page = html.read_text(encoding="utf-8")
    cells = re.findall(r"<td class=\"num[^\"]*\">([^<]*)</td>", page)
    numbers = [c for c in cells if re.search(r"\d[.,]\d", c)]
    assert numbers and all("," in c and not re.search(r"\d\.\d", c) for c in numbers)  # "42,5", never "42.5"
    assert "Wo die Kämpfe entschieden wurden" in page and "pro Spiel" in page
