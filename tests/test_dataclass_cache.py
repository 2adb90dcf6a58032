"""game.dataclass_cache: dataclasses built with cached method code are the dataclasses Python builds."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import dataclass_cache

ROOT = Path(__file__).resolve().parent.parent
CODE_FIELDS = ("co_code", "co_consts", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_flags")
CODE_FIELDS += ("co_filename", "co_name", "co_qualname", "co_firstlineno", "co_linetable", "co_argcount")
CODE_FIELDS += ("co_kwonlyargcount", "co_posonlyargcount", "co_stacksize")


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    """The cache installed on a folder of its own, and taken away again after the test."""
    dataclass_cache.uninstall()
    yield tmp_path
    dataclass_cache.uninstall()


def _build(source: str) -> type:
    namespace: dict[str, object] = {"__name__": __name__}  # dataclasses looks the class's module up
    exec(compile(source, "<test>", "exec"), namespace)
    return namespace["C"]  # type: ignore[return-value]


def _methods(cls: type) -> dict[str, object]:
    """Each generated method's code, field by field of its code object (what the class runs)."""
    out: dict[str, object] = {}
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__lt__", "__ge__"):
        fn = cls.__dict__.get(name)
        code = getattr(getattr(fn, "__wrapped__", fn), "__code__", None)
        if code is not None:
            out[name] = {f: getattr(code, f) for f in CODE_FIELDS if hasattr(code, f)}
    return out


def _class_source(fields: list[tuple[str, str, str | None]], flags: str) -> str:
    lines = ["from dataclasses import dataclass, field", f"@dataclass({flags})", "class C:", '    """doc"""']
    for name, kind, default in fields:
        lines.append(f"    {name}: {kind}" + (f" = {default}" if default is not None else ""))
    return "\n".join(lines) + "\n"


FIELD = st.tuples(
    st.sampled_from(["a", "b", "hp", "name", "at", "rules"]),
    st.sampled_from(["int", "str", "tuple[int, ...]", "'Forward'"]),
    st.sampled_from([None, "0", "''", "()", "field(default_factory=list)"]),
)
FLAGS = st.sampled_from(["", "frozen=True", "frozen=True, slots=True", "order=True", "eq=False", "unsafe_hash=True"])


@given(st.lists(FIELD, max_size=5, unique_by=lambda f: f[0]), FLAGS)
@settings(max_examples=40, deadline=None)
def test_cached_code_makes_the_same_methods_cold_and_warm(fields, flags) -> None:  # type: ignore[no-untyped-def]
    # defaults only after the last field without one, as dataclasses requires
    fields = sorted(fields, key=lambda f: f[2] is not None)
    source = _class_source(fields, flags)
    dataclass_cache.uninstall()
    try:
        plain = _methods(_build(source))
        folder = Path(os.environ["GRIDBOUND_CACHE_DIR"])
        dataclass_cache.install(folder)
        cold = _methods(_build(source))  # compiled now, and remembered
        dataclass_cache.save()
        dataclass_cache.uninstall()
        dataclass_cache.install(folder)
        warm = _methods(_build(source))  # read back from the file
    finally:
        dataclass_cache.uninstall()
    assert cold == plain and warm == plain


def test_a_class_from_the_cache_behaves_as_one_without_it(cache: Path) -> None:
    source = _class_source([("a", "int", None), ("b", "str", "'x'")], "frozen=True, slots=True")
    plain = _build(source)
    dataclass_cache.install(cache)
    _build(source)
    assert dataclass_cache.save() and not dataclass_cache.save()  # written once; nothing new the second time
    dataclass_cache.uninstall()
    dataclass_cache.install(cache)
    cached = _build(source)
    assert not dataclass_cache.save()  # everything came from the file
    one, two = cached(1), cached(1, "x")
    assert one == two and hash(one) == hash(two) and repr(one) == repr(plain(1)) == "C(a=1, b='x')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.a = 2  # type: ignore[misc]


def test_a_damaged_or_foreign_cache_file_is_ignored_and_replaced(cache: Path) -> None:
    path = dataclass_cache.cache_file(cache)
    for junk in (b"", b"\x00garbage", b"\xe9\x01\x00\x00\x00"):  # empty, not marshal, marshal of a wrong shape
        path.write_bytes(junk)
        dataclass_cache.install(cache)
        cls = _build(_class_source([("a", "int", None)], "frozen=True"))
        assert cls(3) == cls(3)
        assert dataclass_cache.save()  # the class's code replaces the junk
        dataclass_cache.uninstall()
    assert dataclass_cache._load(path)


def test_an_unwritable_cache_folder_costs_nothing_but_the_cache(cache: Path) -> None:
    blocker = cache / "file"
    blocker.write_text("not a folder")
    dataclass_cache.install(blocker / "cache")  # the folder cannot be made: it is under a file
    cls = _build(_class_source([("a", "int", None)], ""))
    assert cls(1) == cls(1)
    assert dataclass_cache.save() is False


def test_the_game_writes_the_cache_once_and_draws_the_same_frame_from_it(tmp_path: Path) -> None:
    """Two starts of `play`: the first compiles and writes the cache, the second reads it; same picture."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GRIDBOUND_CACHE_DIR=str(tmp_path))
    shots = []
    for run in ("cold", "warm"):
        shot = tmp_path / f"{run}.png"
        command = [sys.executable, str(ROOT / "main.py"), "play", "levels/pf1_bridge.toml", "--frames", "1"]
        command += ["--seed", "3", "--screenshot", str(shot)]
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env, timeout=120)
        shots.append(shot.read_bytes())
        assert dataclass_cache.cache_file(tmp_path).stat().st_size > 0
    assert shots[0] == shots[1]


def test_the_rules_quick_inits_come_from_the_cache_cold_and_warm(cache: Path) -> None:
    """rules/records.py compiles through the cache once installed: the same code as compiling it, read back warm."""
    from rules import records

    text = "def __init__(self, a, b=_default1):\n    _set0(self, a)\n    _set1(self, b)\n"
    plain = records.compile_init(text, "<quick_init C>")
    dataclass_cache.install(cache)
    cold = records.compiler[0](text, "<quick_init C>")
    assert dataclass_cache.save()
    dataclass_cache.uninstall()
    assert records.compiler[0] is records.compile_init  # uninstall gives the rules their own compile back
    dataclass_cache.install(cache)
    warm = records.compiler[0](text, "<quick_init C>")
    assert not dataclass_cache.save()  # it came from the file
    for code in (cold, warm):
        assert {f: getattr(code, f) for f in CODE_FIELDS} == {f: getattr(plain, f) for f in CODE_FIELDS}


@given(st.text(max_size=12) | st.sampled_from(["ClassVar[int]", "typing.ClassVar", " dc . InitVar", "int", "'x'"]))
@settings(max_examples=200, deadline=None)
def test_the_remembered_annotation_pattern_answers_as_the_pattern(text: str) -> None:
    pattern = dataclass_cache._PATTERN
    remembered = dataclass_cache._RememberedPattern()
    for _ in range(2):  # the second answer comes from memory
        got, want = remembered.match(text), pattern.match(text)
        assert (got is None) == (want is None)
        if got is not None and want is not None:
            assert got.groups() == want.groups() and got.span() == want.span()
