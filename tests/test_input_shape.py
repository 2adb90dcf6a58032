"""Level, script and config files nested too deep, or holding an inline array too long, are refused before tomllib
reads them (game/limits.py shape_problem): one message naming the file, the line and the key. Found by the long fuzz
budget (tests/test_fuzz_inputs.py): a mutated level of 6 MB of nested arrays took 80 s to refuse under load."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
import tomllib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.levels.level import LevelError, parse_level
from game.limits import LEVEL, MAX_FILE_BYTES, SCRIPT, check_tree, shape_problem
from game.saved.script import ScriptError, parse_script
from game.storage import toml_cache

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = (ROOT / "levels" / "pf1_bridge.toml").read_text(encoding="utf-8")
BRIDGE_DOC = tomllib.loads(BRIDGE)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.fixture
def no_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """tomllib must not be asked: the refusal comes from the pre-scan."""

    def refuse(*_: object, **__: object) -> Any:
        raise AssertionError("tomllib was asked to decode a file the pre-scan should have refused")

    monkeypatch.setattr(toml_cache.toml(), "loads", refuse)  # the tomllib module game.levels.level and game.tomlio use


def refusal(text: str) -> str:
    with pytest.raises(LevelError) as info:
        parse_level(text, "bad.toml")
    return str(info.value)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_a_mutated_level_nested_60_deep_is_refused_unread_naming_the_line_and_key(no_decoding: None) -> None:
    doc = copy.deepcopy(BRIDGE_DOC)
    doc["units"][1]["speed"] = nested(60)  # as the fuzz writes it: one bracket a line, indented
    text = tomli_w.dumps(doc)
    line = line_of(text, "speed = [")
    assert refusal(text) == f"bad.toml:{line}: speed: tables or arrays nested too deeply: more than 8 levels"


def test_nesting_a_hundred_thousand_deep_is_refused_unread(no_decoding: None) -> None:
    text = BRIDGE + "\nextra = " + "[" * 100_000 + "]" * 100_000 + "\n"
    assert refusal(text).startswith(f"bad.toml:{line_of(text, 'extra =')}: extra: tables or arrays nested too deeply")
    with pytest.raises(ScriptError, match=r"deep\.toml:1: x: tables or arrays nested too deeply"):
        parse_script("x = " + "{a = " * 5000 + "1" + "}" * 5000, "deep.toml")


@pytest.mark.parametrize("separator", [",", ",\n"])
def test_an_inline_array_of_200000_entries_is_refused_unread(no_decoding: None, separator: str) -> None:
    text = BRIDGE + "\nextra = [" + separator.join(["[0, 0]"] * 200_000) + "]\n"
    assert refusal(text) == f"bad.toml:{line_of(text, 'extra =')}: extra: 200000 entries are too many; at most 1000"


def test_a_text_over_the_file_limit_is_refused_before_decoding(no_decoding: None) -> None:
    text = BRIDGE + "# " + "x" * MAX_FILE_BYTES + "\n"
    assert f"more than the {MAX_FILE_BYTES} bytes" in refusal(text)


def test_what_the_formats_allow_still_loads() -> None:
    """Brackets in strings and comments are not values; a script path may hold 65536 squares (SCRIPT's bound)."""
    odd = BRIDGE.replace('name = "', 'name = "[[[[[[[[[[ {{{{{{{{{{ ', 1)
    odd += "\n# [[[[[[[[[[[[[[[[[[[[ ]]]]]\n"
    assert parse_level(odd, "odd.toml").units
    path = ", ".join(f"[{i % 5}, 0]" for i in range(3000))
    script = parse_script(f'seed = 1\n[[do]]\naction = "move"\nunit = "valeros"\npath = [{path}]\n', "s.toml")
    assert len(script.actions[0].path) == 3000
    inline = parse_script(f'do = [{{action = "move", unit = "valeros", path = [{path}]}}]\n', "s.toml")
    assert len(inline.actions[0].path) == 3000


def test_the_shipped_levels_pass_the_pre_scan() -> None:
    for path in sorted((ROOT / "levels").glob("*.toml")):
        assert shape_problem(path.read_text(encoding="utf-8"), LEVEL) is None, path.name


LEAVES = st.integers(0, 9) | st.text(alphabet="[]{},#'\"= x\n", max_size=6)
VALUES = st.recursive(
    LEAVES | st.integers(7, 11).map(nested) | st.lists(st.integers(0, 9), min_size=998, max_size=1002),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abc"), inner, max_size=2),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(VALUES, st.sampled_from(["speed", "edges", "units", "path", "do"]))
def test_the_pre_scan_refuses_only_what_check_tree_refuses(value: Any, key: str) -> None:
    """Never a false refusal: whatever the pre-scan refuses, the exact check after decoding refuses too."""
    doc = copy.deepcopy(BRIDGE_DOC)
    doc["units"][0][key] = value
    text = tomli_w.dumps(doc)
    for limits in (LEVEL, SCRIPT):
        if shape_problem(text, limits) is not None:
            assert check_tree(tomllib.loads(text), limits) is not None


def test_the_pre_scan_finds_what_is_too_deep_at_any_depth_past_the_limit() -> None:
    for depth in (9, 10, 50):
        text = f"a = {re.sub('x', '1', '[' * depth + 'x' + ']' * depth)}\n"
        found = shape_problem(text, LEVEL)
        assert found is not None and found[:2] == (1, "a")
    assert shape_problem("a = " + "[" * 8 + "1" + "]" * 8 + "\n", LEVEL) is None  # 8 is allowed inline
