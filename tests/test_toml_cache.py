"""game.storage.toml_cache: a document read back from the cache is what the parser gives; refusals are the
parser's own."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.levels.level import LevelError, load_level, parse_level
from game.storage import toml_cache
from game.text import flat_toml
from game.text.i18n import I18N_DIR

ROOT = Path(__file__).resolve().parent.parent
tomllib = toml_cache.toml()

SCALARS = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
)
DOCS = st.dictionaries(
    st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True),
    st.one_of(SCALARS, st.lists(SCALARS, max_size=4), st.dictionaries(st.sampled_from("abc"), SCALARS, max_size=3)),
    max_size=6,
)


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    toml_cache.use_folder(tmp_path)
    yield tmp_path
    toml_cache.use_folder(None)


def _dumps(doc: dict[str, object]) -> str:
    import tomli_w

    return tomli_w.dumps(doc)


@settings(max_examples=60, deadline=None)
@given(DOCS)
def test_a_document_read_back_equals_the_parsers_result_in_value_type_and_order(doc: dict[str, object]) -> None:
    text = _dumps(doc)
    with tempfile.TemporaryDirectory() as folder:
        toml_cache.use_folder(Path(folder))
        try:
            first = toml_cache.loads(text)
            assert toml_cache.save()
            toml_cache.use_folder(Path(folder))  # the next start: only the file is left
            second = toml_cache.loads(text)
        finally:
            toml_cache.use_folder(None)
    expected = tomllib.loads(text)
    for got in (first, second):
        assert got == expected and repr(got) == repr(expected)  # same types (bool vs int) and key order
    assert second is not first


def test_each_answer_is_new_objects_a_caller_may_change(cache: Path) -> None:
    text = 'a = [1, 2]\n[t]\nb = "x"\n'
    toml_cache.loads(text)["a"].append(3)
    assert toml_cache.loads(text) == {"a": [1, 2], "t": {"b": "x"}}


def test_a_refused_text_is_refused_by_the_parser_every_time_and_never_kept(cache: Path) -> None:
    for _ in range(2):
        with pytest.raises(tomllib.TOMLDecodeError) as ours:
            toml_cache.loads("a = [1,\n")
        with pytest.raises(tomllib.TOMLDecodeError) as theirs:
            tomllib.loads("a = [1,\n")
        assert str(ours.value) == str(theirs.value)
    assert toml_cache._entries == {}


def test_dates_are_parsed_every_time(cache: Path) -> None:
    text = "when = 2026-12-03T18:00:00Z\n"
    assert toml_cache.loads(text) == tomllib.loads(text)
    assert toml_cache._entries == {} and not toml_cache.save()


def test_the_catalogues_and_levels_read_back_as_parsed(cache: Path) -> None:
    for path in sorted(I18N_DIR.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        assert toml_cache.loads(text, flat_toml.loads, "flat") == tomllib.loads(text)
    levels = sorted((ROOT / "levels").glob("*.toml"))
    cold = [load_level(p) for p in levels]
    assert toml_cache.save()
    toml_cache.use_folder(cache)
    assert [load_level(p) for p in levels] == cold
    assert all(key in toml_cache._used for key in toml_cache._entries if key.startswith("toml:"))


def test_a_bad_level_says_the_same_with_the_cache_warm(cache: Path) -> None:
    good = (ROOT / "levels" / "pf1_bridge.toml").read_text(encoding="utf-8")
    parse_level(good, "good.toml")
    toml_cache.save()
    toml_cache.use_folder(cache)
    for bad in (good.replace("[map]", "[map", 1), good.replace('ruleset = "pf1"', 'ruleset = "chess"')):
        messages = []
        for _ in range(2):
            with pytest.raises(LevelError) as exc:
                parse_level(bad, "bad.toml")
            messages.append(str(exc.value))
        assert messages[0] == messages[1]


def test_a_level_the_pre_scan_refuses_is_refused_alike_every_time(cache: Path) -> None:
    deep = 'format = 1\nname = "x"\nruleset = "pf1"\nx = ' + "[" * 40 + "]" * 40 + "\n"
    messages = []
    for _ in range(2):
        with pytest.raises(LevelError) as exc:
            parse_level(deep, "deep.toml")
        messages.append(str(exc.value))
    assert messages[0] == messages[1] and "deep.toml" in messages[0]
    assert toml_cache._entries == {}


def test_a_level_out_of_bounds_is_refused_alike_every_time_and_never_kept(cache: Path) -> None:
    """The bounds check (check_tree) is one of the passes a kept level passed: a text that parses but breaks the
    bounds is refused by it on every start, with the same message, and never kept."""
    good = (ROOT / "levels" / "pf1_bridge.toml").read_text(encoding="utf-8")
    bad = '"' + "k" * 200 + '" = 1\n' + good  # a key longer than any the limits allow
    messages = []
    for _ in range(2):
        with pytest.raises(LevelError) as exc:
            parse_level(bad, "long.toml")
        messages.append(str(exc.value))
    assert messages[0] == messages[1] and "long.toml" in messages[0]
    assert toml_cache._entries == {}
    parse_level(good, "good.toml")
    assert [k.split(":")[0] for k in toml_cache._entries] == ["level-checked"]


def test_an_entry_is_used_only_for_its_own_text(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key (length and CRC-32) only finds an entry: a different text under the same key is parsed."""

    class Collide:
        @staticmethod
        def crc32(data: bytes) -> int:
            return 0  # every text of a length shares one key

    monkeypatch.setattr(toml_cache, "zlib", Collide)
    assert toml_cache.loads("a = 1\n") == {"a": 1}
    assert toml_cache.loads("b = 2\n") == {"b": 2}  # same length, same key: parsed, not the kept result
    assert toml_cache.loads("b = 2\n") == {"b": 2}  # and now kept under that key
    assert toml_cache.loads("a = 1\n") == {"a": 1}


def test_a_damaged_or_unwritable_cache_only_means_parsing(cache: Path) -> None:
    path = toml_cache.cache_file(cache)
    for junk in (b"", b"\x00garbage", b"\xe9\x01\x00\x00\x00"):
        path.write_bytes(junk)
        toml_cache.use_folder(cache)
        assert toml_cache.loads("a = 1\n") == {"a": 1}
        assert toml_cache.save()
    toml_cache._entries["toml:broken"] = b"\x00not marshal"
    blocker = cache / "file"
    blocker.write_text("not a folder")
    toml_cache.use_folder(blocker / "cache")
    assert toml_cache.loads("b = 2\n") == {"b": 2}
    assert toml_cache.save() is False


def test_a_warm_start_never_imports_tomllib(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GRIDBOUND_CACHE_DIR=str(tmp_path))
    env["GRIDBOUND_CONFIG_DIR"] = str(tmp_path / "config")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text('language = "de"\n', encoding="utf-8")
    code = (
        "import sys\n"
        "sys.argv = ['main.py', 'play', 'levels/pf1_bridge.toml', '--frames', '1']\n"
        "from game.splash import launch\n"
        "code = launch()\n"
        "from game.limits import _shapes\n"
        "print(code, 'tomllib' in sys.modules, _shapes.cache_info().currsize)\n"
    )
    seen = []
    for _ in ("cold", "warm"):
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True, env=env, timeout=120
        )
        seen.append(done.stdout.split()[-3:])
    assert seen == [["0", "True", "1"], ["0", "False", "0"]]  # warm: no tomllib, no pre-scan of the level
