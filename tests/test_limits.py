"""The format's limits (game/limits.py) refuse structured bad input with exit 2 and one clear line."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.commands import cli
from game.levels.level import LevelError, parse_level
from game.limits import LEVEL, MAX_MAP_SIDE, MAX_NAME, check_number, check_tree, visible_char
from game.saved.script import ScriptError, parse_script
from game.text import i18n
from game.ui.kiosk.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = (ROOT / "levels" / "pf1_bridge.toml").read_text(encoding="utf-8")
NAME = re.compile(r"^name = .*$", re.M)


def unit_key(key: str, value: str) -> str:
    """The bridge with `key = value` in its first unit (units[0], which sets no speed, reach or bonuses)."""
    if key == "hp":
        return BRIDGE.replace("hp = 22\n", f"hp = {value}\n", 1)
    return BRIDGE.replace('id = "valeros"\n', f'id = "valeros"\n{key} = {value}\n', 1)


def named(value: str) -> str:
    """The bridge with the level name written as `value` (TOML source)."""
    return NAME.sub(lambda _: f"name = {value}", BRIDGE, count=1)


def refusal(text: str) -> str:
    """The LevelError line of level text that must be refused."""
    with pytest.raises(LevelError) as info:
        parse_level(text, "bad.toml")
    return str(info.value)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "+nan"])
@pytest.mark.parametrize("key", ["speed", "fly", "climb", "swim", "reach", "hp"])
def test_numbers_that_are_not_finite_are_refused_whatever_the_key(key: str, value: str) -> None:
    message = refusal(unit_key(key, value))
    assert f"units[0].{key}: " in message and "not a finite number" in message


@pytest.mark.parametrize(
    ("key", "value"),
    [("speed", "1e308"), ("speed", "9223372036854775807"), ("fly", "5000"), ("reach", "1e6"), ("hp", "10000000")],
)
def test_numbers_far_above_any_creature_are_refused(key: str, value: str) -> None:
    assert "is out of bounds" in refusal(unit_key(key, value))


def test_bonuses_are_bounded_and_finite_too() -> None:
    text = unit_key("bonuses", '[{ type = "enhancement", m = 1e300 }]')
    assert "units[0].bonuses[0].m: " in refusal(text)
    text = unit_key("bonuses", '[{ type = "enhancement", m = nan }]')
    assert "not a finite number" in refusal(text)


def test_a_200000_character_name_is_refused_at_once() -> None:
    message = refusal(named('"' + "x" * 200_000 + '"'))
    assert "name: 200000 characters is too long" in message and f"at most {MAX_NAME}" in message
    assert len(message) < 300  # the message does not repeat the name


@pytest.mark.parametrize("char", ["\\u0000", "\\u001b", "\\n", "\\t", "\\u007f"])
def test_names_and_ids_with_control_characters_are_refused(char: str) -> None:
    assert "name: holds the control character" in refusal(named(f'"a{char}b"'))
    text = BRIDGE.replace('id = "valeros"', f'id = "val{char}eros"', 1)
    assert text != BRIDGE
    assert "id: holds the control character" in refusal(text)


def test_descriptions_may_still_span_lines() -> None:
    # the shipped level gives its description as a table of languages; a plain string is still allowed
    text = re.sub(r"\[description\]\n.*?\n\n", "", BRIDGE, count=1, flags=re.S)
    text = text.replace('ruleset = "pf1"\n', 'ruleset = "pf1"\ndescription = "two\\nlines\\tand a tab"\n', 1)
    assert parse_level(text, "ok.toml").description == "two\nlines\tand a tab"
    # and so does each language of a table
    table = BRIDGE.replace('\n[description]\nen = "', '\n[description]\nen = "two\\nlines. ', 1)
    assert table != BRIDGE
    assert parse_level(table, "ok.toml").description.startswith("two\nlines.")


@pytest.mark.parametrize("symbol", ["\\u0000", "\\u200b", "\\u0301", " ", "ab"])
def test_legend_symbols_are_one_visible_character(symbol: str) -> None:
    text = BRIDGE.replace("[map]", f'[map.legend]\n"{symbol}" = "floor"\n\n[map]', 1)
    message = refusal(text)
    assert "map.legend" in message


def test_visible_char_accepts_letters_digits_and_symbols_only() -> None:
    assert all(visible_char(c) for c in "a#.~Ω≈1")
    assert not any(visible_char(c) for c in ("\x00", " ", "\u200b", "\u0301", "ab", ""))


def test_deep_nesting_is_a_syntax_error_naming_the_file() -> None:
    deep = "x = " + "[" * 100_000 + "]" * 100_000
    message = refusal(deep)
    assert message.startswith("bad.toml") and "nested too deeply" in message
    with pytest.raises(ScriptError, match="nested too deeply"):
        parse_script(deep, "deep.toml")


def test_nesting_the_parser_survives_is_still_bounded() -> None:
    problem = check_tree({"a": [[[[[[[[[[1]]]]]]]]]]}, LEVEL)
    assert problem is not None and "nested deeper" in problem.message


def test_a_map_beyond_the_limit_is_refused() -> None:
    side = MAX_MAP_SIDE + 1
    rows = "\n".join("." * side for _ in range(4))
    text = re.sub(r"tiles = '''\n.*?'''", lambda _: f"tiles = '''\n{rows}\n'''", BRIDGE, count=1, flags=re.S)
    assert f"{side}×4 map is too big" in refusal(text)


def test_a_huge_map_is_refused_by_its_size_before_it_is_read() -> None:
    rows = "\n".join("." * 5000 for _ in range(50))
    text = re.sub(r"tiles = '''\n.*?'''", lambda _: f"tiles = '''\n{rows}\n'''", BRIDGE, count=1, flags=re.S)
    assert "map.tiles: " in refusal(text) and "too long" in refusal(text)


def test_too_many_units_are_refused() -> None:
    extra = "".join(f'\n[[units]]\nid = "u{i}"\nside = "heroes"\nat = [1, 1]\nspeed = 9\n' for i in range(600))
    assert "units: 6" in refusal(BRIDGE + extra) and "entries are too many" in refusal(BRIDGE + extra)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("level_fingerprint = 5", "level_fingerprint: expected the level's sha256"),
        ("level_fingerprint = { a = 1 }", "level_fingerprint: expected the level's sha256"),
        ('level_fingerprint = "not hex!"', "level_fingerprint: expected the level's sha256"),
        ("level = 3", "level: expected the level's file path"),
        ("level = [1, 2]", "level: expected the level's file path"),
        ('level = "a\\u0000b"', "level: holds the control character U+0000"),
        ('seed = 1\n[[do]]\naction = "move"\nunit = "hero"\npath = [[1, 1e400]]', "not a finite number"),
        ('[[do]]\naction = "end_turn"\nunit = "' + "u" * 5000 + '"', "do[0].unit: 5000 characters is too long"),
    ],
)
def test_scripts_and_replays_are_bounded_and_typed(body: str, expected: str) -> None:
    with pytest.raises(ScriptError) as info:
        parse_script(body, "s.toml")
    assert expected in str(info.value) and str(info.value).startswith("s.toml")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("idle = nan", "idle: nan is not a finite number"),
        ("idle = inf", "idle: inf is not a finite number"),
        ("exit_window = nan", "exit_window: nan is not a finite number"),
        ("result_seconds = 1e300", "result_seconds: 1e+300 is out of bounds"),
        ("log_backups = 100000", "log_backups: 100000 is out of bounds"),
        ('log_file = "a\\u0000b"', "log_file: holds the control character U+0000"),
        ("x = " + "[" * 50_000 + "]" * 50_000, "nested too deeply"),
    ],
)
def test_kiosk_configs_are_bounded(tmp_path: Path, body: str, expected: str) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(body + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(expected)):
        load_config(path)


def test_limit_messages_speak_every_language() -> None:
    for lang, word in (("de", "endliche"), ("it", "finito"), ("he", "סופי")):
        i18n.set_language(lang)
        assert word in refusal(unit_key("speed", "nan"))


def test_check_refuses_every_class_with_exit_2_and_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        "speed.toml": unit_key("speed", "9223372036854775807"),
        "nan.toml": unit_key("speed", "nan"),
        "nul.toml": named('"a\\u0000b"'),
        "long.toml": named('"' + "x" * 200_000 + '"'),
        "deep.toml": "x = " + "[" * 100_000 + "]" * 100_000,
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert cli.main(["check", *(str(tmp_path / n) for n in cases)]) == 2
    out = capsys.readouterr()
    lines = out.out.strip().splitlines()
    assert len(lines) == len(cases) and all(line.startswith("invalid: ") for line in lines)
    assert "Traceback" not in out.out + out.err


def test_an_error_is_located_quickly_behind_a_long_line_that_opens_a_bracket() -> None:
    # found by the long fuzz budget: the header pattern backtracked cubically on "[" and blanks with
    # no "]" (4,000 blanks took 100 s), so locating any error hung; valid TOML can hold such a line
    nested = "extra = [\n  [" + " " * 200_000 + "1,\n  2]]\n"
    text = unit_key("speed", "nan").replace("[rules]", nested + "[rules]", 1)

    def hang(*_: object) -> None:
        raise AssertionError("locating the error hung")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(30)  # a hang guard, not a timing assertion: the fixed scan takes milliseconds
    try:
        message = refusal(text)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    line = text[: text.index("speed = nan")].count("\n") + 1
    assert message.startswith(f"bad.toml:{line}: units[0].speed:")


def _first_offender(key: str, values: list[int]) -> object:
    """What walking the numbers one by one in file order finds (the walk the least/greatest shortcut replaces)."""
    for i, number in enumerate(values):
        problem = check_number(number, (key, i), LEVEL)
        if problem is not None:
            return problem
    return None


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(["hp", "speed", "reach", "attacks", "rounds", "whatever"]), data=st.data())
def test_a_list_of_whole_numbers_is_judged_as_its_numbers_one_by_one(key: str, data: st.DataObject) -> None:
    low, high = LEVEL.numbers.get(key, (-LEVEL.number, LEVEL.number))
    edges = [int(low) - 1, int(low), int(high), int(high) + 1]
    number = st.one_of(st.sampled_from(edges), st.integers(min_value=-(10**7), max_value=10**7))
    values = data.draw(st.lists(number, max_size=40))
    assert check_tree({key: values}, LEVEL) == _first_offender(key, values)


def test_the_first_offending_number_is_named_not_the_greatest() -> None:
    problem = check_tree({"hp": [5, 2_000_000, 10**9, -3]}, LEVEL)
    assert problem is not None and problem.path == ("hp", 1)
    assert check_tree({"hp": [5, 7, True, 9]}, LEVEL) == _first_offender("hp", [5, 7, True, 9])
