"""Input fuzzing: levels, scripts and kiosk configs, mutated and random, against the loaders and commands.

Every case must end as a loaded value or the loader's own error (exit 2, or 1 for a rule), never
another exception, within a time and memory bound. The generators mutate the shipped levels,
a real replay and the shipped kiosk config structurally (nasty numbers, texts, nesting, types,
deleted and added keys) and also draw whole random documents and bytes.

Budget: GRIDBOUND_FUZZ_EXAMPLES examples per test (default 12, a few seconds each). CI=true draws
the same examples every run (tests/conftest.py); a release check runs the long budget:
    CI= GRIDBOUND_FUZZ_EXAMPLES=2000 python -m pytest tests/test_fuzz_inputs.py
A crash found here becomes a regression test in tests/test_limits.py or tests/test_files.py.
The long budget costs in proportion to its examples: every case is bounded (SECONDS, MEGABYTES), and
every drawn value is made anew, never one object named in two places of a document (mutated through,
such a value changed every place at once; nested, the documents grew to tens of millions of values,
and the long budget never finished).
"""

from __future__ import annotations

import contextlib
import copy
import io
import math
import os
import signal
import sys
import tempfile
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.commands import cli
from game.levels.level import LevelError, parse_level
from game.saved.script import ScriptError, parse_script
from game.tomlio import parse_toml
from game.ui.kiosk.config import ConfigError, load_config

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
LEVEL_FILES = sorted((ROOT / "levels").glob("*.toml"))
LEVEL_DOCS = [tomllib.loads(p.read_text(encoding="utf-8")) for p in LEVEL_FILES]
KIOSK_DOC = tomllib.loads((ROOT / "docs" / "kiosk.toml").read_text(encoding="utf-8"))
SCRIPT_DOC: dict[str, Any] = {
    "seed": 7,
    "level": "levels/pf1_bridge.toml",
    "do": [
        {"unit": "valeros", "action": "move", "path": [[2, 5], [3, 5]]},
        {"unit": "kyra", "action": "move", "path": [[2, 7]], "mode": "walk"},
        {"action": "end_turn"},
    ],
}
EXAMPLES = int(os.environ.get("GRIDBOUND_FUZZ_EXAMPLES", "12"))
SECONDS = 30
"""A hang guard per case in CPU seconds, far above any real case (the slowest take well under a second)."""
WAIT_SECONDS = 300
"""A guard in wall-clock seconds for a case that blocks without computing (a FIFO read, a lock): far above
SECONDS, so a machine busy with other work slows a case down without failing it."""
MEGABYTES = 200
"""Most Python memory one case may allocate (traced)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Hang(Exception):
    """A case ran past SECONDS of CPU time or WAIT_SECONDS of wall-clock time."""


@contextlib.contextmanager
def bounded() -> Iterator[None]:
    """Fail a case that hangs or allocates without bound; stdout and stderr are swallowed."""

    def spun(*_: object) -> None:
        raise Hang(f"a fuzz case computed for over {SECONDS} s")

    def waited(*_: object) -> None:
        raise Hang(f"a fuzz case ran over {WAIT_SECONDS} s")

    # CPU time (SIGPROF) bounds a runaway computation whatever the machine's load; the wall-clock alarm
    # catches a case that blocks
    guarded = hasattr(signal, "SIGPROF") and hasattr(signal, "SIGALRM")
    if guarded:
        previous = signal.signal(signal.SIGPROF, spun), signal.signal(signal.SIGALRM, waited)
        signal.setitimer(signal.ITIMER_PROF, SECONDS)
        signal.alarm(WAIT_SECONDS)
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield
        peak = tracemalloc.get_traced_memory()[1]
        assert peak < MEGABYTES * 1e6, f"a fuzz case allocated {peak / 1e6:.0f} MB"
    finally:
        tracemalloc.stop()
        if guarded:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.alarm(0)
            signal.signal(signal.SIGPROF, previous[0])
            signal.signal(signal.SIGALRM, previous[1])


# --- values a careless user or an attacker writes ------------------------------------------

NASTY_NUMBERS = (
    st.sampled_from(
        [math.nan, math.inf, -math.inf, 1e308, -1e308, 2**63 - 1, -(2**63), 0, -1, 0.5, 1e-300, 10**6, 5000]
    )
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=True, allow_infinity=True)
)
NASTY_TEXTS = (
    st.sampled_from(
        [
            "",
            "\x00",
            "a\x00b",
            "\x1b[31m",
            "\u202e",
            "\u200b",
            "\u0301",
            "\ufeff",
            "x" * 5000,
            "\n",
            "\t",
            "..",
            "/dev/zero",
        ]
    )
    | st.text(max_size=40)
    | st.text(alphabet=st.characters(codec="utf-8"), min_size=100, max_size=400)
)
LEAVES = NASTY_NUMBERS | NASTY_TEXTS | st.booleans()


def nested(depth: int) -> Any:
    """A list nested `depth` deep (the format needs at most 5)."""
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


NASTY = (
    LEAVES
    | st.lists(LEAVES, max_size=4)
    | st.dictionaries(st.text(max_size=8), LEAVES, max_size=3)
    | st.integers(min_value=6, max_value=60).map(nested)
    # 300 distinct pairs, made anew for every draw: `[[0, 0]] * 300` is one pair named 300 times, so a mutation
    # of that pair replaced all 300 at once, and two or three such mutations nested made tens of millions of
    # values (the long budget ran for hours in the fuzzer's own TOML writer and never finished)
    | st.builds(lambda: [[0, 0] for _ in range(300)])
)

DOCS = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
"""Random TOML-able values (a document is a table of them)."""


def paths_of(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into a decoded document."""
    found = [prefix] if prefix else []
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += paths_of(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += paths_of(value, (*prefix, i))
    return found


@st.composite
def mutated(draw: st.DrawFn, docs: list[dict[str, Any]]) -> dict[str, Any]:
    """One of `docs` with a few structured mutations: a value replaced, a key deleted or added, an entry copied."""
    doc = copy.deepcopy(draw(st.sampled_from(docs)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = paths_of(doc)
        path = draw(st.sampled_from(paths))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "copy"]))
        if action == "replace":
            parent[last] = copy.deepcopy(draw(NASTY))  # never share a drawn object between cases
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(NASTY_TEXTS.filter(lambda k: 0 < len(k) < 60))] = copy.deepcopy(draw(NASTY))
        elif action == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return doc


def toml_text(doc: dict[str, Any]) -> str | None:
    """The document as TOML, or None when TOML cannot say it (tomli_w refuses some shapes)."""
    try:
        return tomli_w.dumps(doc)
    except (TypeError, ValueError):
        return None


def cli_exit(argv: list[str]) -> int:
    """The exit code of a command run in-process."""
    return cli.main(argv)


def level_case(text: str | bytes) -> None:
    """A level text: loads or is a LevelError; when it loads, check and reach answer with 0, 1 or 2."""
    try:
        level = parse_level(text, "fuzz.toml")
    except LevelError as exc:
        assert str(exc).startswith("fuzz.toml") and "\n" not in exc.message.strip("\n")
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
        unit = level.units[0].id
        # a level that loads must also be playable by the commands (bad input is 2, a rule 1, never 70)
        assert cli_exit(["reach", str(path), unit, "--json"]) in (0, 2)
        assert cli_exit(["measure", str(path), unit, "1,1"]) in (0, 1, 2)


# --- levels -------------------------------------------------------------------------------


@FUZZ
@given(mutated(LEVEL_DOCS))
def test_mutated_shipped_levels_load_or_are_refused_cleanly(doc: dict[str, Any]) -> None:
    text = toml_text(doc)
    if text is None:
        return
    with bounded():
        level_case(text)


@FUZZ
@given(st.dictionaries(st.text(max_size=12), DOCS, max_size=8))
def test_random_documents_are_refused_cleanly_as_levels_scripts_and_configs(doc: dict[str, Any]) -> None:
    text = toml_text(doc)
    if text is None:
        return
    with bounded():
        level_case(text)
        with contextlib.suppress(ScriptError):
            parse_script(text, "fuzz.toml")
        config_case(text.encode("utf-8"))


@FUZZ
@given(st.binary(max_size=400) | st.text(max_size=400).map(lambda s: s.encode("utf-8")))
def test_random_bytes_are_refused_cleanly(data: bytes) -> None:
    with bounded():
        with contextlib.suppress(LevelError):
            parse_level(data, "fuzz.toml")
        with contextlib.suppress(ScriptError):
            parse_script(data, "fuzz.toml")
        config_case(data)


# --- scripts and replays ------------------------------------------------------------------


@FUZZ
@given(mutated([SCRIPT_DOC]))
def test_mutated_scripts_run_or_are_refused_cleanly(doc: dict[str, Any]) -> None:
    text = toml_text(doc)
    if text is None:
        return
    with bounded(), tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "script.toml"
        path.write_text(text, encoding="utf-8")
        assert cli_exit(["run", str(LEVEL_FILES[0].parent / "pf1_bridge.toml"), str(path)]) in (0, 1, 2)


# --- kiosk configs ------------------------------------------------------------------------


def config_case(data: bytes) -> None:
    """A kiosk config file: a KioskConfig or one ConfigError."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kiosk.toml"
        path.write_bytes(data)
        try:
            config = load_config(path)
        except ConfigError as exc:
            assert "\n" not in str(exc).strip()
            return
        assert all(math.isfinite(v) for v in (config.idle, config.exit_window, config.result_seconds))


@FUZZ
@given(mutated([{k: v for k, v in KIOSK_DOC.items() if k != "log_file"}]))
def test_mutated_kiosk_configs_load_or_are_refused_cleanly(doc: dict[str, Any]) -> None:
    text = toml_text(doc)
    if text is None:
        return
    with bounded():
        config_case(text.encode("utf-8"))


def values_in(doc: Any, seen: set[int]) -> int:
    """How many values `doc` holds, counting a shared one at every place it appears; the ids of lists and tables
    met go into `seen`, and one met twice fails (a mutation through it would change every place at once)."""
    if not isinstance(doc, (dict, list)):
        return 1
    assert id(doc) not in seen, "a list or table appears twice in a drawn document"
    seen.add(id(doc))
    return 1 + sum(values_in(value, seen) for value in (doc.values() if isinstance(doc, dict) else doc))


@settings(parent=FUZZ, max_examples=max(EXAMPLES, 100))
@given(mutated(LEVEL_DOCS))
def test_mutated_documents_share_no_value_and_stay_small(doc: dict[str, Any]) -> None:
    """A regression: one list named 300 times, mutated through, grew a document to tens of millions of values."""
    biggest = max(values_in(d, set()) for d in LEVEL_DOCS)
    assert values_in(doc, set()) <= biggest + 3 * 1000  # at most three mutations, each at most ~900 new values


def test_the_generators_reach_the_limits() -> None:
    """The nasty values include each class of bad input the fuzzing must try (so a green run means they were tried)."""
    assert parse_toml(tomli_w.dumps({"v": nested(60)}).encode(), "x")["v"] == nested(60)
    samples: list[Callable[[], Any]] = [lambda: math.nan, lambda: 2**63 - 1, lambda: "a\x00b", lambda: nested(60)]
    for make in samples:
        doc = copy.deepcopy(LEVEL_DOCS[0])
        doc["units"][0]["speed" if not isinstance(make(), str) else "name"] = make()
        text = toml_text(doc)
        assert text is not None
        with pytest.raises(LevelError):
            parse_level(text, "fuzz.toml")
