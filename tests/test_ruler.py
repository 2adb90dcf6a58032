"""The measuring tape counts like the table's tape of each ruleset."""

from rules.core import Options
from rules.ruler import tape


def test_pf1_tape_counts_every_second_diagonal_double():
    # PF1-DIAG: 4 diagonals and 1 straight = 1+2+1+2+1
    measured = tape("pf1", Options(), (0, 0), (5, 4))
    assert (measured.squares, measured.metres, measured.rule) == (7, 10.5, "PF1-DIAG")


def test_pf1_uniform_option_and_dnd5e_count_every_diagonal_once():
    assert tape("pf1", Options(diagonal="uniform"), (0, 0), (5, 4)).squares == 5
    # D5-GRID-DIAG
    measured = tape("dnd5e", Options(diagonal="uniform"), (0, 0), (4, 4))
    assert (measured.squares, measured.metres, measured.rule) == (4, 6.0, "D5-GRID-DIAG")


def test_hexxen_has_no_distances():
    # HX-ABSTRACT
    measured = tape("hexxen", Options(), (0, 0), (5, 4))
    assert measured.squares is None and measured.metres is None and measured.rule == "HX-ABSTRACT"
