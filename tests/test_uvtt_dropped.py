"""The importer says of each object it drops why (a table smaller than a square, an outline inside a wall), and
`--objects hampering` keeps furniture as hampering terrain in every square it touches."""

from __future__ import annotations

from pathlib import Path

from game.levels.uvtt import parse_uvtt, plan
from game.text.i18n import t
from tests.test_uvtt_import import imported, run_import, squares, uvtt

SMALL_TABLE = [(2.4, 2.4), (2.6, 2.4), (2.6, 2.6), (2.4, 2.6)]
"""A 0.2 × 0.2 square table in the middle of square (2, 2): it covers no square by a quarter."""
BIG_TABLE = [(5, 1), (7, 1), (7, 2), (5, 2)]


def test_a_table_smaller_than_a_square_is_reported_dropped_with_why(tmp_path: Path) -> None:
    """Seen importing the sample map: "objects: outlines 1 → squares 0 difficult", and not a word of why."""
    code, out, err, _ = run_import(tmp_path, uvtt(objects=[BIG_TABLE, SMALL_TABLE]))
    assert code == 0, err
    lines = out.splitlines()
    dropped = [line for line in lines if "dropped" in line]
    assert dropped == [
        t("import_drops.report_dropped", index=1, at="(2.4, 2.4)", why=t("import_drops.dropped_too_small"))
    ]
    assert "--objects hampering" in dropped[0]


def test_objects_hampering_keeps_small_furniture_as_hampering_terrain(tmp_path: Path) -> None:
    level = imported(tmp_path, uvtt(objects=[SMALL_TABLE, BIG_TABLE]), "--ruleset", "pf1", "--objects", "hampering")
    assert (2, 2) in squares(level, "%")
    assert {(5, 1), (6, 1)} <= squares(level, "%")
    assert squares(level, ",") == set()


def test_with_objects_none_every_object_is_left_out_by_choice_and_not_listed(tmp_path: Path) -> None:
    m = parse_uvtt(uvtt(objects=[BIG_TABLE, SMALL_TABLE], picture=False))
    _rows, _edges, _doors, decided = plan(m, "difficult")
    assert [(index, why) for index, _, why in decided.dropped] == [(1, "too_small")]
    _rows, _edges, _doors, decided = plan(m, "none")
    assert [why for _, _, why in decided.dropped] == ["none", "none"]
    code, out, err, _ = run_import(tmp_path, uvtt(objects=[BIG_TABLE]), "--ruleset", "pf1", "--objects", "none")
    assert code == 0, err
    assert "dropped" not in out
