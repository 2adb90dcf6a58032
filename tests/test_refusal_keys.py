"""Every refusal built in rules/ names a catalogue reason that every language has, with its values.

The rules explain a refusal in English (`Illegal.message`, kept byte for byte in the JSON) and
name the same explanation as `reason` (the catalogue key `reason.<reason>`) with `params`. This
reads the source: each `Illegal(…)` or `Refusal(…)` call, and each call of a helper that passes
its own `reason` parameter on to one of them, must give a reason that is a string (or a choice of
strings), whose template exists in all four catalogues, uses the same placeholders in each, and
asks only for values the call passes.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, fields
from pathlib import Path

from game.text.i18n import LANGUAGES, message_ids, placeholders, variants
from rules.core import Illegal, Refusal

ROOT = Path(__file__).resolve().parent.parent
PENDING: set[str] = set()
"""Being split into smaller modules; its refusals get their reasons once the split has landed."""
RULES = sorted(p for p in (ROOT / "rules").rglob("*.py") if str(p.relative_to(ROOT)) not in PENDING)
BUILDERS = {
    "Illegal": [f.name for f in fields(Illegal)],
    "Refusal": [f.name for f in fields(Refusal)],
}
"""The classes that carry a reason, with their positional fields in order."""


@dataclass(frozen=True)
class Site:
    """One call that sets a refusal's reason: where, which keys it may take, which values it passes."""

    where: str
    keys: tuple[str, ...]
    values: frozenset[str] | None
    """The placeholder names passed; None when the values are passed on from elsewhere (checked there)."""


def _argument(call: ast.Call, name: str, order: list[str]) -> ast.expr | None:
    """The argument bound to parameter `name` in `call`, positional or keyword."""
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    index = order.index(name) if name in order else -1
    if 0 <= index < len(call.args):
        return call.args[index]
    return None


def _constant_keys(node: ast.expr) -> tuple[str, ...] | None:
    """The reason keys a literal or a conditional of literals can take; None if it is something else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.IfExp):
        body, other = _constant_keys(node.body), _constant_keys(node.orelse)
        return None if body is None or other is None else body + other
    return None


def _value_names(node: ast.expr | None) -> frozenset[str] | None:
    """The names a `values(a=…, b=…)` call passes; empty for no values; None if passed on."""
    if node is None:
        return frozenset()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "values":
        return frozenset(kw.arg for kw in node.keywords if kw.arg)
    if isinstance(node, ast.Tuple) and not node.elts:
        return frozenset()
    return None


def _resolved(node: ast.expr | None, func: ast.FunctionDef | None) -> ast.expr | None:
    """A local name (`why = values(…)`, `key = "a" if … else "b"`) → the expression assigned to it."""
    if not isinstance(node, ast.Name) or func is None:
        return node
    found = [
        stmt
        for stmt in ast.walk(func)
        if isinstance(stmt, ast.Assign)
        and stmt.lineno < node.lineno
        and any(isinstance(t, ast.Name) and t.id == node.id for t in stmt.targets)
    ]
    return max(found, key=lambda stmt: stmt.lineno).value if found else node  # the assignment nearest before


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _enclosing_functions(tree: ast.AST) -> dict[ast.AST, ast.FunctionDef]:
    """Each node → the innermost function it sits in."""
    owner: dict[ast.AST, ast.FunctionDef] = {}

    def visit(node: ast.AST, func: ast.FunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef) else func
            if inner is not None:
                owner[child] = inner
            visit(child, inner)

    visit(tree, None)
    return owner


def collect() -> tuple[list[Site], list[str]]:
    """Every reason-setting call in rules/ and the problems found on the way."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in RULES}
    builders = dict(BUILDERS)
    sites: list[Site] = []
    problems: list[str] = []
    # a helper that passes its `reason` parameter on is itself a builder; find them until none is new
    changed = True
    while changed:
        changed = False
        for tree in trees.values():
            owner = _enclosing_functions(tree)
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or _callee(node) not in builders:
                    continue
                reason = _argument(node, "reason", builders[_callee(node) or ""])
                func = owner.get(node)
                if isinstance(reason, ast.Name) and func is not None and func.name not in builders:
                    params = [a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs]
                    if reason.id in params:
                        builders[func.name] = params
                        changed = True
    for path, tree in trees.items():
        owner = _enclosing_functions(tree)
        for node in ast.walk(tree):
            name = _callee(node) if isinstance(node, ast.Call) else None
            if name not in builders:
                continue
            assert isinstance(node, ast.Call)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            reason = _argument(node, "reason", builders[name])
            func = owner.get(node)
            passed_on = (isinstance(reason, ast.Name) and func is not None and func.name in builders) or (
                isinstance(reason, ast.Attribute) and reason.attr == "reason"  # Refusal.illegal()
            )
            if passed_on:
                continue
            reason = _resolved(reason, func)
            keys = _constant_keys(reason) if reason is not None else None
            if not keys:
                problems.append(f"{where}: {name}(…) without a literal reason key")
                continue
            passed = _value_names(_resolved(_argument(node, "params", builders[name]), func))
            sites.append(Site(where, keys, passed))
    return sites, problems


SITES, PROBLEMS = collect()


def test_every_refusal_in_rules_names_a_reason() -> None:
    """No Illegal or Refusal in rules/ goes without a catalogue reason (the ~110 sites of the three rulesets)."""
    assert not PROBLEMS, "\n".join(PROBLEMS)
    assert len(SITES) >= 60  # the walk found the sites (dnd5e and hexxen alone have more)


def test_every_reason_has_a_template_in_every_language_with_the_same_placeholders() -> None:
    """reason.<key> exists in en, de, it, he, with one set of placeholders, all passed by the call."""
    missing: list[str] = []
    for site in SITES:
        for key in site.keys:
            shapes = {}
            for lang in LANGUAGES:
                templates = variants(f"reason.{key}", lang)
                if not templates:
                    missing.append(f"{site.where}: reason.{key} missing in {lang}")
                    continue
                shapes[lang] = {p for template in templates.values() for p in placeholders(template)}
            if len(set(map(frozenset, shapes.values()))) > 1:
                missing.append(f"{site.where}: reason.{key} placeholders differ: {shapes}")
            wanted = shapes.get("en", set())
            if site.values is not None and not wanted <= site.values:
                missing.append(f"{site.where}: reason.{key} asks for {sorted(wanted - site.values)}, not passed")
    assert not missing, "\n".join(missing)


def test_no_reason_template_is_unused() -> None:
    """Every reason.* template of the catalogue is named by some refusal (no dead translations)."""
    used = {key for site in SITES for key in site.keys} | GAME_REASONS
    catalogued = {k.removeprefix("reason.") for k in message_ids("en") if k.startswith("reason.")}
    assert catalogued - used == set()


GAME_REASONS = {"game.over", "game.down", "game.not_your_turn", "game.not_your_side"}
"""Reasons of the refusals the running match adds (game/battle/match.py: whose turn it is)."""
