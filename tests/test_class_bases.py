"""No class of the game has more than one base class of the project: collaborators, not mixins.

A class split across mixins to pass a line limit is one object with everything, each part re-declaring the others'
fields; a class that needs another's behaviour holds it instead. Bases from outside the project (Protocol, Enum,
Exception, pygame's) do not count: a class may be a Protocol and one project class at once.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "rules")


def _trees() -> dict[Path, ast.Module]:
    """Every module of the project's packages, parsed."""
    return {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def _base_name(node: ast.expr) -> str | None:
    """The name a base is written with (`Scene`, `module.Scene`; `Generic[T]` → `Generic`)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def project_bases(trees: dict[Path, ast.Module]) -> dict[str, list[str]]:
    """ "module.py:Class" → the bases of the class that are classes defined in the project."""
    defined = {n.name for tree in trees.values() for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    found: dict[str, list[str]] = {}
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = [name for name in map(_base_name, node.bases) if name in defined]
                found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = names
    return found


def test_no_class_has_more_than_one_base_class_of_the_project() -> None:
    many = {where: names for where, names in project_bases(_trees()).items() if len(names) > 1}
    assert many == {}, f"classes with several project bases (hold collaborators instead): {many}"


def test_the_count_sees_project_bases_and_ignores_outside_ones() -> None:
    # the check itself: a mixin pair is caught, a Protocol or an Exception beside one project base is not
    source = """
class Scene: ...
class Matches: ...
class Leaving: ...
class App(Matches, Leaving): ...
class Battle(Scene, Protocol): ...
class Broken(Exception, Scene): ...
class Typed(Generic[T], Scene): ...
"""
    found = project_bases({ROOT / "game" / "example.py": ast.parse(source)})
    assert found["game/example.py:App"] == ["Matches", "Leaving"]
    assert found["game/example.py:Battle"] == ["Scene"]
    assert found["game/example.py:Broken"] == ["Scene"]
    assert found["game/example.py:Typed"] == ["Scene"]
    assert found["game/example.py:Scene"] == []


def test_the_app_and_the_battle_controller_hold_their_collaborators() -> None:
    # the two classes that were split into mixins: each now stands alone and holds the parts it delegates to
    found = project_bases(_trees())
    assert found["game/ui/app.py:App"] == []
    assert found["game/ui/controller.py:BattleController"] == []
