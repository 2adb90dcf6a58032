"""The command line in the player's language: names not ids, local numbers, argparse and TOML messages translated."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.commands.cli import main
from game.lab.simulate import format_summary
from game.paths import LEVELS_DIR
from game.text import i18n
from game.text.cli_locale import argparse_message, toml_message
from game.text.local_text import LocalText

VILLAGE = str(LEVELS_DIR / "hexxen_village.toml")
SCRIPT = 'seed = 2\n[[do]]\nunit = "anna"\naction = "attack"\ntarget = "prediger"\n'


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each command here sets the language; the next test starts in English again."""
    yield
    i18n.set_language("en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`main(argv)`'s exit status, stdout and stderr (argparse's exit caught)."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_reach_names_the_unit_and_its_targets(capsys: pytest.CaptureFixture[str]) -> None:
    """ "Anna Lindner: 5 Felder … mit dem Prediger", never anna or prediger; Italian HeXXen counts caselle."""
    _, out, _ = run(capsys, "reach", VILLAGE, "anna", "--lang", "de")
    assert out.startswith("Anna Lindner: 5 Felder")
    assert "(in den Nahkampf mit dem Prediger)" in out and "prediger" not in out and "kultist_1" not in out
    _, out, _ = run(capsys, "reach", VILLAGE, "anna", "--lang", "it")
    assert out.startswith("Anna Lindner: 5 caselle") and "(ingaggia il predicatore)" in out


def test_run_names_units_sides_and_actions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The text of `run` reads in the language; its JSON keeps ids and kinds, the same in every language."""
    script = tmp_path / "s.toml"
    script.write_text(SCRIPT, encoding="utf-8")
    _, out, _ = run(capsys, "run", VILLAGE, str(script), "--lang", "de")
    assert "[0] Anna Lindner Angriff: ok" in out
    assert "Anna Lindner bindet den Prediger [HX-BIND-ON-ATTACK]" in out
    assert "Runde 1, am Zug: Die Jäger" in out and "heroes" not in out and "hunters" not in out
    assert "  Der Prediger: " in out and "gebunden an Anna Lindner" in out
    _, out, _ = run(capsys, "run", VILLAGE, str(script), "--lang", "he")
    assert "אנה לינדנר כובלת את המטיף" in out
    outputs = []
    for lang in ("en", "de", "he"):
        _, text, _ = run(capsys, "run", VILLAGE, str(script), "--json", "--lang", lang)
        outputs.append(json.loads(text))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0]["state"]["active"] == "hunters"


def test_check_names_the_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """ "(Pathfinder 1e, 16×12, 8 Einheiten)", not "(pf1, …)"."""
    _, out, _ = run(capsys, "check", str(LEVELS_DIR / "pf1_bridge.toml"), "--lang", "de")
    assert "(Pathfinder 1e, 16×12, 8 Einheiten)" in out


def test_simulate_text_writes_numbers_and_sides_the_languages_way() -> None:
    """ "100,0 %" and "2,50" in German, the side's name instead of its id; English keeps "100.0"."""
    summary = {
        "games": 2,
        "sides": {"hunters": {"wins": 2, "win_rate": 1.0, "ci95": [0.342, 1.0], "mean_survivors": 2.5}},
        "draws": 0,
        "draw_rate": 0.0,
        "rounds": {"mean": 3.0, "std": 0.0},
        "illegal_actions": 0,
        "rules": {},
    }
    names = {"hunters": LocalText({"en": "The Hunters", "de": "Die Jäger"})}
    i18n.set_language("de")
    german = "\n".join(format_summary("T", summary, names=names))
    assert "Die Jäger" in german and "100,0 %" in german and " 34,2–100,0 %" in german
    assert "Überlebende 2,50" in german and "Mittel 3,00" in german and "hunters" not in german
    i18n.set_language("en")
    english = "\n".join(format_summary("T", summary, names=names))
    assert "100.0 %" in english and "2.50" in english


def test_simulate_text_keeps_its_columns_for_long_side_names() -> None:
    """ "Der Hexenzirkel" is longer than the column was: every side's wins start in the same column."""
    side = {"wins": 1, "win_rate": 0.5, "ci95": [0.1, 0.9], "mean_survivors": 1.0}
    summary = {
        "games": 2,
        "sides": {"hunters": side, "cult": side},
        "draws": 0,
        "draw_rate": 0.0,
        "rounds": {"mean": 3.0, "std": 0.0},
        "illegal_actions": 0,
        "rules": {},
    }
    names = {
        "hunters": LocalText({"en": "The Hunters", "de": "Die Jäger"}),
        "cult": LocalText({"en": "The Witches' Circle", "de": "Der Hexenzirkel"}),
    }
    for lang in ("de", "en"):
        i18n.set_language(lang)
        rows = [line for line in format_summary("T", summary, names=names) if " %  [" in line]
        assert len(rows) == 2 and len({row.index(" 1 ") for row in rows}) == 1, rows
    i18n.set_language("en")


def test_argparse_refusals_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's "the following arguments are required" and "invalid choice", in the chosen language."""
    code, _, err = run(capsys, "check", "--lang", "de")
    assert code == 2 and "gridbound check: Fehler: folgende Argumente fehlen: levels" in err
    code, _, err = run(capsys, "reach", VILLAGE, "anna", "--lang", "it", "--bogus")
    assert code == 2 and "errore: argomenti non riconosciuti: --bogus" in err
    message = "argument --lang: invalid choice: 'fr' (choose from 'en', 'de', 'it', 'he')"
    i18n.set_language("he")
    assert argparse_message(message) == "הארגומנט --lang: בחירה לא תקינה: 'fr' (אפשרויות: 'en', 'de', 'it', 'he')"
    assert argparse_message("something argparse never says") == "something argparse never says"


def test_toml_syntax_errors_are_translated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """tomllib's English inside a localised refusal is written in the language too."""
    bad = tmp_path / "bad.toml"
    bad.write_text("[[do]\n", encoding="utf-8")
    code, _, err = run(capsys, "run", VILLAGE, str(bad), "--lang", "de")
    assert code == 2 and "TOML-Syntaxfehler: am Ende der Array-Angabe fehlt „]]“" in err
    i18n.set_language("it")
    assert toml_message("Cannot overwrite a value") == "un valore viene assegnato due volte"
    assert toml_message("Cannot declare ('a',) twice") == "('a',) è dichiarato due volte"


def test_plan_writes_its_settings_as_given_in_the_languages_way(capsys: pytest.CaptureFixture[str]) -> None:
    """An alpha of 0.025 is "0,025" in German and Italian (not "0.025", and never rounded to "0,03")."""
    code, out, _ = run(capsys, "plan", "--effect", "0.125", "--alpha", "0.025", "--lang", "de")
    assert code == 0 and "Alpha 0,025" in out and "12,5 Punkten" in out
    code, out, _ = run(capsys, "plan", "--effect", "0.125", "--alpha", "0.025", "--lang", "en")
    assert code == 0 and "alpha 0.025" in out and "12.5 points" in out
    i18n.set_language("de")
    assert (i18n.local_general(0.025), i18n.local_general(-10.0), i18n.local_general(1e-9)) == ("0,025", "-10", "1e-09")
    i18n.set_language("en")


def test_a_surprising_draw_is_said_as_a_draw_not_as_a_winner() -> None:
    """The sweep's surprising games: a draw read "Remis gewann" ("draw won"); it reads as a draw in every language,
    and a winner is a label ("Sieg: Die Jäger"), never the subject of a verb that must agree with it."""
    from game.lab.lab_text import surprise_line

    draw = {"variant": "v0", "index": 0, "seed": 1, "winner": None, "share": 0.25, "baseline_winner": "blue"}
    won = {**draw, "winner": "red"}
    expected = {"en": ("a draw", "red won"), "de": ("Remis,", "Sieg: red,"), "it": ("pareggio", "vittoria: red,")}
    for lang, (said_draw, said_win) in expected.items():
        i18n.set_language(lang)
        assert said_draw in surprise_line(draw, "arena.toml") and "blue" in surprise_line(draw, "arena.toml")
        assert said_win in surprise_line(won, "arena.toml")
    i18n.set_language("he")
    assert "תיקו" in surprise_line(draw, "arena.toml") and "ניצח" not in surprise_line(draw, "arena.toml")
    i18n.set_language("en")


def test_the_common_file_errors_are_said_in_the_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ "No such file or directory" was the system's English in every language; the common errors are translated,
    and English keeps the system's words."""
    import errno

    from game.files import reason

    missing = str(tmp_path / "missing.toml")
    code, out, err = run(capsys, "check", missing, "--lang", "de")
    assert code == 2 and "Datei oder Verzeichnis nicht gefunden" in out + err and "No such" not in out + err
    code, out, err = run(capsys, "check", missing, "--lang", "en")
    assert code == 2 and "No such file or directory" in out + err
    for lang in ("de", "it", "he"):
        i18n.set_language(lang)
        for code in (errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EISDIR, errno.ENAMETOOLONG):
            said = reason(OSError(code, os.strerror(code)))
            assert said and said != os.strerror(code), (lang, code)
    i18n.set_language("en")
    assert reason(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))) == "No space left on device"
    assert reason(OSError(errno.EPIPE, os.strerror(errno.EPIPE))) == os.strerror(errno.EPIPE)  # the rest: as is


def test_run_says_who_won_when_the_script_ends_the_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """GB-DOWN: a script that fells the last enemy ends with the winner, not with "round 1, B to act" (the JSON had
    the winner, the text did not); no unit line ends in blanks."""
    from tests.test_ai_tactics import OPEN, level, unit

    body = level(
        "pf1",
        OPEN,
        [unit("me", "a", (4, 4), speed=9, attack=40, damage="1d4+30"), unit("foe", "b", (5, 4), speed=9, hp=1)],
    )
    body = body.replace('name = "A"', 'name = { en = "The Reds", de = "Die Roten" }')
    (tmp_path / "l.toml").write_text(body, encoding="utf-8")
    script = tmp_path / "s.toml"
    script.write_text('seed = 1\n[[do]]\nunit = "me"\naction = "attack"\ntarget = "foe"\n', encoding="utf-8")
    _, out, _ = run(capsys, "run", str(tmp_path / "l.toml"), str(script), "--lang", "de")
    assert "Runde 1, Sieg: Die Roten" in out and "am Zug" not in out
    assert all(line == line.rstrip() for line in out.splitlines())
