"""game.text.flat_toml: the fast catalogue reader gives exactly tomllib's answer, or tomllib's error."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.paths import I18N_DIR
from game.text import flat_toml
from game.text.i18n import LANGUAGES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shipped_catalogues_are_read_by_the_fast_path_exactly(lang: str) -> None:
    text = (I18N_DIR / f"{lang}.toml").read_text(encoding="utf-8")
    # _flat, not loads: a catalogue that left the fast subset would silently cost start-up time again
    assert flat_toml._flat(text) == tomllib.loads(text)


def _outcome(read, text: str) -> object:
    try:
        return read(text)
    except tomllib.TOMLDecodeError:
        return "refused"


KEYS = st.sampled_from(["a", "b", "by", "one", "other", "x-1", "K_2", "a.b", '"q"', "1"])
STRINGS = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters='"\\\n\r'), max_size=8),
    st.sampled_from(["\\n", '\\"', "\\\\", "\\t", "\\u200f", "\\U0001F600", "\\ud800", "\\x41", "\\", "\t", "\x7f"]),
)


@st.composite
def values(draw: st.DrawFn) -> str:
    quoted = lambda: '"' + "".join(draw(st.lists(STRINGS, max_size=3))) + '"'  # noqa: E731
    kind = draw(st.sampled_from(["string", "string", "inline", "literal", "number"]))
    if kind == "string":
        return quoted()
    if kind == "inline":
        pairs = draw(st.lists(KEYS, min_size=0, max_size=3))
        return "{ " + ", ".join(f"{k} = {quoted()}" for k in pairs) + " }"
    return "'lit'" if kind == "literal" else "3"


@st.composite
def lines(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["pair", "pair", "pair", "table", "comment", "blank", "junk"]))
    if kind == "pair":
        space = draw(st.sampled_from(["", " ", "\t", "  "]))
        comment = draw(st.sampled_from(["", " # note", "\t#x", " #\x01"]))
        return f"{draw(KEYS)}{space}={space}{draw(values())}{comment}"
    if kind == "table":
        path = ".".join(draw(st.lists(KEYS, min_size=1, max_size=3)))
        return draw(st.sampled_from([f"[{path}]", f"[ {path} ] # t", f"[[{path}]]", f" [{path}]"]))
    if kind == "comment":
        return draw(st.sampled_from(["# a comment", "   # indented", "#\x7f", "# ✓ ünïcode"]))
    if kind == "blank":
        return draw(st.sampled_from(["", "   ", "\t"]))
    return draw(st.sampled_from(["key", "= 'x'", "k = ", '"unterminated', "k = true", "k = [1]", "\r"]))


@given(st.lists(lines(), max_size=12))
def test_any_document_reads_as_tomllib_reads_it(doc: list[str]) -> None:
    text = "\n".join(doc)
    assert _outcome(flat_toml.loads, text) == _outcome(tomllib.loads, text)


BARE = st.sampled_from(["a", "b", "by", "one", "x-1", "K_2"])
PLAIN = st.lists(st.sampled_from(["x", " ", "ü", "{n}", "\\n", '\\"', "\\u200f", "\t"]), max_size=3).map("".join)


@st.composite
def subset_lines(draw: st.DrawFn) -> str:
    """Lines of the fast subset only, so its own checks (keys and tables defined twice, …) are what is tested."""
    kind = draw(st.sampled_from(["pair", "pair", "inline", "table", "comment"]))
    if kind == "pair":
        return f'{draw(BARE)} = "{draw(PLAIN)}"'
    if kind == "inline":
        pairs = draw(st.lists(BARE, min_size=1, max_size=3))
        return f"{draw(BARE)} = {{ " + ", ".join(f'{k} = "{draw(PLAIN)}"' for k in pairs) + " }"
    if kind == "table":
        return "[" + ".".join(draw(st.lists(BARE, min_size=1, max_size=3))) + "]"
    return "# note"


@given(st.lists(subset_lines(), max_size=12))
def test_documents_of_the_subset_are_read_by_the_fast_path(doc: list[str]) -> None:
    text = "\n".join(doc)
    expected = _outcome(tomllib.loads, text)
    try:
        fast = flat_toml._flat(text)
    except flat_toml._Outside:
        fast = "refused"  # the fast path steps aside only where TOML refuses the document
    assert fast == expected


@pytest.mark.parametrize(
    "text",
    [
        'a = "1"\na = "2"',  # a key twice
        "[t]\n[t]",  # a table twice
        'a = "x"\n[a]',  # a string used as a table
        'a = { b = "x" }\n[a]',  # an inline table extended later
        'a = { b = "x" }\n[a.c]',
        'a = { b = "x", b = "y" }',
        '[a.b]\nc = "1"\n[a]\nb = "2"',  # a key over a table
        'a = "\\ud800"',  # a surrogate escape
        'a = "tab\tand\x01"',  # a control character
    ],
)
def test_what_toml_refuses_is_refused_as_tomllib_refuses_it(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as ours:
        flat_toml.loads(text)
    with pytest.raises(tomllib.TOMLDecodeError) as theirs:
        tomllib.loads(text)
    assert str(ours.value) == str(theirs.value)


def test_tables_may_be_opened_below_and_then_above() -> None:
    text = '[a.b]\nc = "1"\n[a]\nd = "2" # fine\n\n[ e . f ]\ng = "\\u05d0\\n"'
    assert flat_toml._flat(text) == tomllib.loads(text) == {"a": {"b": {"c": "1"}, "d": "2"}, "e": {"f": {"g": "א\n"}}}
