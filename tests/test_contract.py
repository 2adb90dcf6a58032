"""The ruleset contract: every ruleset offers every name of rules/ruleset.py, and no code outside
rules/<name>/ and the registry asks which ruleset it is dealing with."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from rules.ruleset import RULESETS, Ruleset, get_ruleset

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [*sorted((ROOT / "rules").rglob("*.py")), *sorted((ROOT / "game").rglob("*.py")), ROOT / "main.py"]
"""The game's code (bench/ holds reference implementations to measure against, not the game)."""
REGISTRY = ROOT / "rules" / "ruleset.py"


def _contract_names() -> dict[str, object]:
    """Every member the Ruleset protocol declares: attributes and methods."""
    names: dict[str, object] = {name: None for name in Ruleset.__annotations__}
    for name, value in vars(Ruleset).items():
        if not name.startswith("_") and inspect.isfunction(value):
            names[name] = value
    return names


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_offers_the_whole_contract_with_the_same_parameters(name: str) -> None:
    ruleset = get_ruleset(name)
    assert name == ruleset.NAME
    for member, declared in _contract_names().items():
        assert hasattr(ruleset, member), f"rules.{name} lacks {member}"
        if declared is not None:
            wanted = [p for p in inspect.signature(declared).parameters if p != "self"]  # type: ignore[arg-type]
            offered = list(inspect.signature(getattr(ruleset, member)).parameters)
            assert offered == wanted, f"rules.{name}.{member}{offered} differs from the contract's {wanted}"


def test_each_ruleset_size_list_and_diagonal_default_hold_together() -> None:
    for name in RULESETS:
        ruleset = get_ruleset(name)
        assert "medium" in ruleset.SIZES and ruleset.DEFAULT_DIAGONAL in ruleset.DIAGONALS
        assert set(ruleset.KEY_CHOICES) <= set(ruleset.UNIT_KEYS) and set(ruleset.ALWAYS_SAVED) <= set(
            ruleset.UNIT_KEYS
        )


def _names_in(node: ast.expr) -> list[str]:
    """The ruleset names a compared operand spells out (a literal, or a tuple/list/set of them)."""
    if isinstance(node, ast.Constant) and node.value in RULESETS:
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in RULESETS]
    return []


def name_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, name) for each comparison or match case against a ruleset name in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                found += [(node.lineno, n) for n in _names_in(operand)]
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, n) for n in _names_in(node.value)]
    return found


def test_the_scan_sees_comparisons_of_every_shape() -> None:
    code = 'a == "pf1"\nif "dnd5e" != b: pass\nc in ("pf1", "hexxen")\nmatch d:\n    case "hexxen": pass\nx = "pf1"\n'
    assert name_comparisons(code) == [(1, "pf1"), (2, "dnd5e"), (3, "pf1"), (3, "hexxen"), (5, "hexxen")]


def test_no_ruleset_name_is_compared_outside_its_own_package_and_the_registry() -> None:
    offenders = []
    for path in SOURCES:
        rel = path.relative_to(ROOT).as_posix()
        if path == REGISTRY:
            continue
        found = name_comparisons(path.read_text(encoding="utf-8"))
        # a ruleset's own package may name itself, never another ruleset
        own = rel.split("/")[1] if rel.startswith("rules/") and rel.count("/") >= 2 else None
        found = [(line, n) for line, n in found if n != own]
        offenders += [f"{rel}:{line} compares {n!r}" for line, n in found]
    assert offenders == [], "ask the ruleset contract (rules/ruleset.py) instead:\n" + "\n".join(offenders)
