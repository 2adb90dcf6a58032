"""`sweep`: paired statistics against hand computation, deterministic early stop, backends agree, bad files, replays."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.commands.cli import main
from game.lab.cluster import PoolBackend, SerialBackend
from game.lab.simulate import GameResult
from game.lab.stats import Z95, paired_mean, wilson
from game.lab.sweep import paired, precise_enough, report, run_sweep
from game.lab.sweep_file import SweepError, load_sweep
from game.saved.replay import open_replay

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


def write_sweep(folder: Path, body: str, name: str = "sweep.toml") -> Path:
    path = folder / name
    path.write_text(body, encoding="utf-8")
    return path


SMALL = f"""
name = "two levels, four variants"
levels = ["{LEVELS / "arena_4v4.toml"}", "{LEVELS / "pf1_bridge.toml"}"]
seed = 11
games = 8
batch = 4
max_rounds = 8
flag = 3

[grid]
rules.diagonal = ["alternating", "uniform"]
"units[0].hp" = [12, 5]
"""


def game(index: int, winner: str | None, rounds: int = 5, rules: dict[str, int] | None = None) -> GameResult:
    return GameResult(index, 100 + index, winner, rounds, {}, rules or {})


# --- statistics, by hand -------------------------------------------------------------------


def test_paired_mean_of_round_differences():
    out = paired_mean([1, 2, 3])
    assert out["difference"] == 2.0
    assert out["ci95"] == pytest.approx([2 - Z95 / math.sqrt(3), 2 + Z95 / math.sqrt(3)])


def test_paired_report_uses_the_seeds_both_cells_played():
    base = [game(0, "red", 4, {"A": 2}), game(1, "blue", 6), game(2, "red", 5, {"A": 1}), game(3, "blue", 5)]
    other = [game(0, "blue", 6, {"B": 1}), game(1, "blue", 6, {"A": 3}), game(2, None, 8)]  # stopped after 3
    out = paired(base, other, ["red", "blue"])
    assert out["games"] == 3
    red, blue = out["sides"]["red"], out["sides"]["blue"]
    assert (red["b"], red["c"]) == (0, 2) and red["difference"] == pytest.approx(-2 / 3)
    assert (blue["b"], blue["c"]) == (1, 0) and blue["difference"] == pytest.approx(1 / 3)
    assert out["draws"]["difference"] == pytest.approx(1 / 3)
    assert out["rounds"]["difference"] == pytest.approx(((6 - 4) + 0 + (8 - 5)) / 3)
    assert out["rules"]["A"] == {
        "baseline": 1.0,
        "variant": 1.0,
        "change": 0.0,
        "relative": 0.0,
        "baseline_count": 3,  # 2 + 1 firings on the three shared seeds
        "variant_count": 3,
    }
    assert out["identical"] is False
    assert out["rules"]["B"]["baseline"] == 0.0 and out["rules"]["B"]["relative"] is None


def test_precision_rule_compares_every_sides_wilson_width():
    results = [game(i, "red" if i % 2 else "blue") for i in range(100)]  # 50 : 50
    low, high = wilson(50, 100)
    assert high - low == pytest.approx(0.1924, abs=1e-4)
    assert precise_enough(["red", "blue"], 0.20)(results)
    assert not precise_enough(["red", "blue"], 0.19)(results)


# --- whole sweeps --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_sweep(tmp_path_factory):
    path = write_sweep(tmp_path_factory.mktemp("sweep"), SMALL)
    sweep = load_sweep(path)
    played = run_sweep(sweep, SerialBackend())
    return sweep, played


def test_a_sweep_file_makes_every_combination_with_the_first_values_as_baseline(small_sweep):
    sweep, played = small_sweep
    assert [v.changes for v in sweep.variants] == [
        ('rules.diagonal="alternating"', "units[0].hp=12"),
        ('rules.diagonal="alternating"', "units[0].hp=5"),
        ('rules.diagonal="uniform"', "units[0].hp=12"),
        ('rules.diagonal="uniform"', "units[0].hp=5"),
    ]
    assert len([p for p in played if p.seat == 0]) == 2 * 4
    assert len([p for p in played if p.seat == 1]) == 2 * 4  # every cell's seat-swapped twin
    assert all([r.seed for r in p.results] == [11 + i for i in range(8)] for p in played)  # paired seeds


def test_every_cell_reports_its_seat_swapped_pairs_over_both_seats(small_sweep):
    sweep, played = small_sweep
    data = report(sweep, played)
    for li, level in enumerate(data["levels"]):
        twins = {p.variant: p.results for p in played if p.level == li and p.seat == 1}
        mine = {p.variant: p.results for p in played if p.level == li and p.seat == 0}
        first, second = level["sides"]
        for vi, cell in enumerate(level["cells"]):
            pairs = cell["pairs"]
            assert pairs["pairs"] == len(mine[vi]) == len(twins[vi]) == 8
            # the first side's player (or army) sits on the second side in the swapped game
            wins = sum(r.winner == first for r in mine[vi]) + sum(r.winner == second for r in twins[vi])
            assert pairs["sides"][first]["win_rate"] == pytest.approx(wins / 16)
            assert (cell["paired_pairs"] is None) == (vi == 0)
            if vi:
                assert cell["paired_pairs"]["games"] == 16 and "p_adjusted" in cell["paired_pairs"]["sides"][first]


def test_a_sweep_on_a_local_cluster_gives_the_identical_report(small_sweep):
    pytest.importorskip("distributed")
    from game.lab.cluster import DaskBackend

    sweep, played = small_sweep
    backend = DaskBackend("local", 2, processes=False)
    try:
        on_cluster = run_sweep(sweep, backend)
    finally:
        backend.close()
    assert report(sweep, on_cluster) == report(sweep, played)


def test_a_sweep_over_two_processes_gives_the_identical_report(small_sweep):
    sweep, played = small_sweep
    backend = PoolBackend(2)
    try:
        pooled = run_sweep(sweep, backend)
    finally:
        backend.close()
    assert report(sweep, pooled) == report(sweep, played)


def test_early_stop_ends_each_cell_at_the_first_batch_that_is_precise_enough(small_sweep):
    sweep, full = small_sweep
    width = 0.66  # between the 4-game widths of a 3:1 cell (0.654) and a 2:2 one (0.70): some cells stop, some not
    stopped = run_sweep(sweep, SerialBackend(), precision=width)
    seen_early = False
    for whole, cut in zip(full, stopped, strict=True):
        sides = [s.id for s in sweep.levels[whole.level].variants[whole.variant][1].sides]
        expected = len(whole.results)
        for n in range(sweep.batch, len(whole.results), sweep.batch):  # by hand: Wilson width of each prefix
            widths = [wilson(sum(1 for r in whole.results[:n] if r.winner == side), n) for side in sides]
            if all(high - low < width for low, high in widths):
                expected = n
                break
        assert [r.to_json() for r in cut.results] == [r.to_json() for r in whole.results[:expected]]
        assert cut.stopped_early == (expected < len(whole.results))
        seen_early |= cut.stopped_early
    assert seen_early


@pytest.mark.slow  # the whole sweep command three times, with its games, pages and replays
def test_sweep_json_html_replays_then_text_from_merged_rows(tmp_path, capsys):
    path = write_sweep(tmp_path, SMALL)
    html, replays, out = tmp_path / "report.html", tmp_path / "replays", tmp_path / "rows.jsonl"
    assert main(["sweep", str(path), "--json", "--html", str(html), "--replays", str(replays), "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] and [lv["level_fingerprint"] for lv in data["levels"]]
    assert len(data["surprising"]) == 3
    for flagged, saved in zip(data["surprising"], data["replays"], strict=True):
        assert 0 < flagged["share"] < 1
        assert flagged["surprise_bits"] == pytest.approx(-math.log2(flagged["share"]))
        replay = open_replay(None, saved)  # what `play --replay` opens: the level variant is found and matches
        assert replay.script.seed == flagged["seed"]
        level_file = Path(saved).parent / str(replay.script.level)
        assert main(["run", str(level_file), saved, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["state"].get("winner") == flagged["winner"]
    page = html.read_text(encoding="utf-8")
    assert page.count("<svg") >= 4 and "<script" not in page and "<link" not in page
    # every game is in the rows: a merged run plays none and reports the same
    assert main(["sweep", str(path), "--json", "--merge", str(out)]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged["run"]["games_played"] == 0
    for report_data in (data, merged):
        report_data.pop("run"), report_data.pop("replays", None), report_data.pop("map_replays", None)
        report_data.pop("fight_maps", None)
    assert merged == data  # the fight maps too: every --out row carries its game's map
    assert main(["sweep", str(path), "--merge", str(out)]) == 0
    text = capsys.readouterr().out
    assert "arena_4v4.toml" in text and "pf1_bridge.toml" in text and "v3" in text and "0 games played" in text
    rows = out.read_text(encoding="utf-8").splitlines()
    other = tmp_path / "other.jsonl"
    other.write_text(rows[0].replace(f'"version": "{data["version"]}"', '"version": "0.0.0"') + "\n", encoding="utf-8")
    assert main(["sweep", str(path), "--merge", str(other)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{other}:1: version" in err


# --- bad sweep files -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "key", "words"),
    [
        ('levels = ["{arena}"]\nseed = 1\ngames = 5\nspeed = 3\n', "speed", "unknown key"),
        ('levels = ["{arena}"]\n', "games", "missing"),
        ('levels = ["{arena}"]\ngames = 0\n', "games", "at least 1"),
        ('levels = ["{arena}"]\ngames = 4\nprecision = 2\n', "precision", "between 0 and 1"),
        ("levels = []\ngames = 4\n", "levels", "non-empty"),
        ('levels = ["{arena}", "nowhere.toml"]\ngames = 4\n', "levels[1]", "nowhere.toml"),
        ('levels = ["{arena}"]\ngames = 4\n[grid]\nrules.diagonal = "uniform"\n', "grid.rules.diagonal", "list"),
        (
            'levels = ["{arena}"]\ngames = 4\n[grid]\nrules.diagonal = ["uniform", "zigzag"]\n',
            "grid.rules.diagonal",
            "zigzag",
        ),
        ('levels = ["{arena}"]\ngames = 4\n[grid]\n"units[99].hp" = [3]\n', "grid.units[99].hp", "units[99]"),
        ('levels = ["{arena}"]\ngames = 4\nset = ["rules.slope=3"]\n', "set", "rules.slope"),
    ],
)
def test_a_bad_sweep_file_exits_2_naming_file_and_key(tmp_path, capsys, body, key, words):
    path = write_sweep(tmp_path, body.replace("{arena}", str(LEVELS / "arena_4v4.toml")))
    assert main(["sweep", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"{path}: {key}:" in err and words in err


def test_a_sweep_file_that_is_not_toml_names_the_line(tmp_path, capsys):
    path = write_sweep(tmp_path, 'games = 4\nlevels = ["a.toml"\n')
    assert main(["sweep", str(path)]) == 2
    assert f"{path}:" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--out", "--html"])
def test_an_output_in_a_missing_folder_exits_2_before_any_game(tmp_path, capsys, option):
    path = write_sweep(tmp_path, SMALL)
    target = tmp_path / "no" / "such" / "file"
    assert main(["sweep", str(path), option, str(target)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(target) in err


def test_a_missing_sweep_file_exits_2(tmp_path, capsys):
    assert main(["sweep", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in capsys.readouterr().err


def test_a_sweep_whose_set_holds_a_line_break_is_refused_in_one_line(tmp_path):
    body = f'name = "x"\nlevels = ["{LEVELS / "arena_4v4.toml"}"]\nseed = 1\ngames = 1\nset = ["0\\n0="]\n'
    with pytest.raises(SweepError) as caught:
        load_sweep(write_sweep(tmp_path, body))
    message = str(caught.value)
    assert "\n" not in message.strip() and "set" in message and "\ufffd" in message


def test_the_text_report_names_sides_in_the_language_in_columns_that_fit_its_words(tmp_path, capsys):
    # GB-TURN: the table's headings were cut to English widths ("variantepartite", "schieramentovitt. %") and its
    # sides, notes and surprising games named side ids ("hunters") where simulate names them; a side is a label,
    # never the subject of a verb ("Die Jäger gewann")
    bridge_only = SMALL.replace(f'"{LEVELS / "arena_4v4.toml"}", ', "")
    path = write_sweep(tmp_path, bridge_only.replace("games = 8", "games = 4"))
    words = {
        "it": (
            ("I cacciatori", "La banda dell'ogre"),
            ("variante", "partite", "schieramento", "vitt. %"),
            "vittoria: ",
        ),
        "de": (("Die Jäger", "Die Bande des Ogers"), ("Variante", "Spiele", "Seite", "Sieg %"), "Sieg: "),
    }
    for lang, (sides, heading, won) in words.items():
        assert main(["sweep", str(path), "--lang", lang]) == 0
        out = capsys.readouterr().out
        lines = out.splitlines()
        head = next(line for line in lines if line.split()[:2] == list(heading[:2]))
        assert head.split()[: len(heading) + 1] == [*heading[:3], *heading[3].split()]  # parted by spaces
        table = lines[lines.index(head) + 1 : lines.index(head) + 4]
        for side, line in zip(sides, table[:2], strict=True):
            assert side in line
        assert table[1].index(sides[1]) == table[0].index(sides[0])  # one column
        assert "hunters" not in out and "monsters" not in out
        surprising = [line for line in lines if "(seed " in line.lower()]
        assert surprising
        for line in surprising:  # "– vittoria: I cacciatori, come nel 25,0 % …" or a draw
            assert any(f"{won}{side}," in line for side in sides) or won not in line, line
            assert " gewann" not in line and "ha vinto" not in line, line
