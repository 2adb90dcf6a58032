"""Loader, script, kiosk config and simulate messages in every language: the English text is unchanged,
other languages translate only the message after `file:line: key.path:`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_level import hexxen, unit, variant

from game.lab import simulate as sim
from game.levels.level import LevelError, parse_level
from game.saved.script import ScriptError, parse_script
from game.text import i18n
from game.ui.kiosk.config import ConfigError, parse_config

ROOT = Path(__file__).resolve().parent.parent
OTHER_LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]

ENGLISH: dict[str, tuple[str, str]] = {
    # name: (level text, the complete message the loader gave before the catalogues)
    "ruleset": (
        variant('ruleset = "pf1"', 'ruleset = "chess"'),
        'bad.toml:3: ruleset: "chess" is not allowed; expected "pf1", "dnd5e" or "hexxen"',
    ),
    "outside": (
        variant("at = [1, 1]", "at = [30, 1]"),
        "bad.toml:26: units[0].at: [30, 1] is outside the 10×5 map (x 0–9, y 0–4)",
    ),
    "wall": (
        variant("at = [1, 1]", "at = [0, 0]"),
        "bad.toml:26: units[0].at: [0, 0] is inside a wall; a unit must start on open ground",
    ),
    "large_wall": (
        variant("at = [6, 1]", "at = [8, 1]"),
        "bad.toml:32: units[1].at: [8, 1]: the large unit's square [9, 1] is inside a wall",
    ),
    "taken": (
        variant("at = [6, 1]", "at = [1, 1]"),
        'bad.toml:32: units[1].at: [1, 1] is already taken by unit "valeros" (units[0]) '
        "(only Tiny or smaller units may share, PF1-TINY-THROUGH)",
    ),
    "wrong_ruleset": (
        variant("speed = 9\n", 'speed = 9\nrole = "npc"\n'),
        "bad.toml:28: units[0].role: `role` is not a pf1 unit key (only hexxen levels use it)",
    ),
    "dice": (
        variant("speed = 9\n", 'speed = 9\ndamage = "lots"\n'),
        "bad.toml:28: units[0].damage: not dice text: 'lots' (expected e.g. '1d8+2')",
    ),
    "dice_range": (
        variant("speed = 9\n", 'speed = 9\ndamage = "0d6"\n'),
        "bad.toml:28: units[0].damage: not dice text: '0d6' (1-100 dice of at least 1 side)",
    ),
    "negative": (
        variant("speed = 9\n", "speed = -3\n"),
        "bad.toml:27: units[0].speed: -3 is negative; expected a speed in metres ≥ 0",
    ),
    "missing": (
        variant('id = "valeros"\n', ""),
        "bad.toml:23: units[0].id: missing required key `id` in units[0]",
    ),
    "symbol": (
        variant("#..,,,...#", "#..,,,..X#"),
        'bad.toml:9: map.tiles: unknown symbol "X" at row 1, column 8; '
        "declare it in [map.legend] or use one of: # % + , . / : n o",
    ),
    "width": (
        variant("#..,,,...#", "#..,,,...##"),
        "bad.toml:9: map.tiles: row 1 has 11 symbols, expected 10 like row 0 (every row the same width)",
    ),
    "touching": (
        hexxen(unit("a", "hunters", (1, 1)) + unit("b", "npcs", (2, 2))),
        'bad.toml:27: units[1].at: unit "b" at [2, 2] touches unit "a" (units[0]) at [1, 1]; '
        "hexxen tokens must start apart, at least one empty square between them (HX-START-APART)",
    ),
    "legend": (
        variant("[[sides]]", '[map.legend]\nab = "wall"\n\n[[sides]]'),
        "bad.toml:16: map.legend.ab: a legend symbol must be exactly one visible character",
    ),
}
BAD_SCRIPT = 'seed = 1\n\n[[do]]\nunit = "valeros"\naction = "fly_away"\n'


def level_error(text: str, lang: str) -> LevelError:
    """The LevelError of `text` with messages in `lang`."""
    i18n.set_language(lang)
    with pytest.raises(LevelError) as info:
        parse_level(text, "bad.toml")
    return info.value


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run main.py with `args` in a clean English locale (--lang decides)."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_english_messages_are_unchanged(name: str) -> None:
    text, expected = ENGLISH[name]
    assert str(level_error(text, "en")) == expected


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_other_languages_translate_only_the_message(name: str, lang: str) -> None:
    text, _ = ENGLISH[name]
    english = level_error(text, "en")
    prefix = str(english)[: -len(english.message)]
    other = level_error(text, lang)
    assert str(other).startswith(prefix)  # file, line and key path stay as they are
    assert other.message != english.message
    assert "⟦" not in other.message


@pytest.mark.parametrize(("lang", "word"), [("de", "ist nicht erlaubt"), ("he", "אינו מותר")])
def test_check_refuses_a_bad_level_in_the_chosen_language(tmp_path: Path, lang: str, word: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(ENGLISH["ruleset"][0], encoding="utf-8")
    result = cli("check", str(path), "--lang", lang)
    out = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"{path}:3: ruleset: " in out
    assert word in out and "is not allowed" not in out
    assert '"chess"' in out and '"pf1", "dnd5e"' in out  # user values keep the helper's quoting


@pytest.mark.parametrize(("lang", "word"), [("de", "Einheit"), ("he", "קיר")])
def test_check_explains_a_placement_problem_in_the_chosen_language(tmp_path: Path, lang: str, word: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(ENGLISH["large_wall"][0], encoding="utf-8")
    result = cli("check", str(path), "--lang", lang)
    out = result.stdout + result.stderr
    assert f"{path}:32: units[1].at: [8, 1]" in out
    assert word in out and "unit's square" not in out


@pytest.mark.parametrize(("lang", "word"), [("de", "erwartet wird einer von"), ("he", "נדרש אחד מאלה")])
def test_run_refuses_a_bad_script_in_the_chosen_language(tmp_path: Path, lang: str, word: str) -> None:
    script = tmp_path / "bad_script.toml"
    script.write_text(BAD_SCRIPT, encoding="utf-8")
    result = cli("run", str(ROOT / "levels" / "pf1_bridge.toml"), str(script), "--lang", lang)
    out = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"{script}:5: do[0].action: " in out
    assert word in out and "expected one of" not in out
    assert "'fly_away'" in out


def test_script_and_kiosk_messages_keep_english_and_translate_elsewhere() -> None:
    messages: dict[str, list[str]] = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        found = []
        with pytest.raises(ScriptError) as script:
            parse_script(BAD_SCRIPT, "s.toml")
        found.append(str(script.value))
        for doc in ({"idle": 1}, {"exit_chord": "q"}, {"size": "10x10"}, {"players": "many"}):
            with pytest.raises(ConfigError) as config:
                parse_config(doc, "k.toml")
            found.append(str(config.value))
        messages[lang] = found
    assert messages["en"][0].startswith("s.toml:5: do[0].action: expected one of move, double_move,")
    assert messages["en"][0].endswith(", got 'fly_away'")
    assert messages["en"][1:] == [
        "k.toml: idle: expected a number of seconds of at least 5, got 1",
        "k.toml: exit_chord: expected at least two modifiers (ctrl, alt, shift, meta) and one key, got 'q'",
        "k.toml: size: expected a width of 640–7680 and a height of 400–4320, got '10x10'",
        "k.toml: players: expected one of solo, hotseat, got 'many'",
    ]
    for lang in OTHER_LANGUAGES:
        for english, other in zip(messages["en"], messages[lang], strict=True):
            prefix = english.split(": ", 2)
            assert other.startswith(f"{prefix[0]}: {prefix[1]}: ") and other != english
            assert "⟦" not in other


def test_simulate_summary_lines_are_translated_and_english_is_unchanged() -> None:
    summary = {
        "games": 4,
        "sides": {"red": {"wins": 3, "win_rate": 0.75, "ci95": [0.3, 0.95], "mean_survivors": 1.5}},
        "draws": 1,
        "draw_rate": 0.25,
        "rounds": {"mean": 7.0, "std": 1.25},
        "rules": {"GB-ATTACK": 9},
        "illegal_actions": 1,
    }
    comparison = sim.compare(summary, summary)
    i18n.set_language("en")
    assert sim.format_summary("base", summary) == [
        "base: 4 games",
        "  red          wins     3   75.0 %  [95 % CI  30.0– 95.0 %]  survivors 1.50",
        "  draws            1   25.0 %",
        "  rounds       mean 7.00  sd 1.25",
        "  AI actions refused by the rules: 1 (a bug in the AI)",
        "  rules fired (all games, per game, the rule):",
        "    GB-ATTACK                    9         2.25  Attack roll (house rule)",
    ]
    assert comparison["test"] == "two-proportion z-test (pooled), two-sided, alpha 0.05"  # JSON stays English
    i18n.set_language("de")
    german = sim.format_summary("base", summary)
    assert german[0] == "base: 4 Spiele"
    assert "Siege" in german[1] and "GB-ATTACK" in german[6]


def test_set_hint_names_the_allowed_values_in_every_language() -> None:
    for lang, word in (("en", "expected"), ("de", "erwartet wird"), ("it", "atteso"), ("he", "נדרש")):
        i18n.set_language(lang)
        with pytest.raises(sim.SetError) as info:
            sim.variant(ROOT / "levels" / "pf1_bridge.toml", ["rules.diagonal=5"])
        assert str(info.value).endswith(f'({word} "alternating" {i18n.t("level_error.or")} "uniform")')


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "different version"), ("de", "anderen Version"), ("he", "גרסה אחרת")]
)
def test_replay_of_another_level_version_is_refused_in_the_chosen_language(
    tmp_path: Path, lang: str, word: str
) -> None:
    script = tmp_path / "replay.toml"
    script.write_text('seed = 1\nlevel_fingerprint = "abcdef0123456789"\n\n[[do]]\naction = "end_turn"\n', "utf-8")
    result = cli("run", str(ROOT / "levels" / "pf1_bridge.toml"), str(script), "--lang", lang)
    out = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"{script}: level_fingerprint: " in out and "abcdef012345…" in out
    assert word in out
