"""The import layering: rules ← game ← game.ui ← game.commands.cli ← main, no cycle, no oversized file."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "game")
LAUNCHER = frozenset({"main", "game.splash"})
"""main.py and the splash it shows before the heavy imports: the top layer."""
COMMAND_LINE = frozenset({"game.commands.cli", "game.commands.kiosk_cli"})
MAX_LINES = 800


def layer(module: str) -> int:
    """0 rules, 1 game, 2 game.ui, 3 the command line, 4 the launcher."""
    if module in LAUNCHER:
        return 4
    if module in COMMAND_LINE:
        return 3
    if module == "game.ui" or module.startswith("game.ui."):
        return 2
    if module == "game" or module.startswith("game."):
        return 1
    return 0


def sources() -> dict[str, Path]:
    """Module name → file, for every module of the game's own packages and main.py."""
    found = {"main": ROOT / "main.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The game's own modules `module` imports anywhere in its file (functions and TYPE_CHECKING included).

    `from package import submodule` counts as importing the submodule (not the package's other names).
    """
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            yield from subs
            if len(subs) < len(node.names) and base in known:
                yield base


def graph() -> dict[str, set[str]]:
    """Module → the game's own modules it imports."""
    known = sources()
    return {m: set(imported(m, p, known)) - {m} for m, p in known.items()}


def upward(g: dict[str, set[str]]) -> list[str]:
    """Every import from a lower layer up, as "importer → imported"."""
    return sorted(f"{m} → {d}" for m, deps in g.items() for d in deps if layer(d) > layer(m))


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Import loops found by a depth-first walk (each as the modules round the loop)."""
    state: dict[str, int] = {}
    found: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(g.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*trail[trail.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for start in sorted(g):
        if start not in state:
            visit(start, [start])
    return found


def test_no_module_imports_from_a_layer_above_its_own():
    assert upward(graph()) == []


def test_the_import_graph_has_no_cycle():
    assert cycles(graph()) == []


def test_the_checks_catch_the_old_circle_and_an_upward_import():
    """The 13-file circle of before: app → cli → kiosk_cli → kiosk session → app."""
    before = {
        "game.ui.app": {"game.commands.cli", "game.ui.scenes.base"},
        "game.commands.cli": {"game.commands.kiosk_cli", "game.levels.level"},
        "game.commands.kiosk_cli": {"game.ui.kiosk.session"},
        "game.ui.kiosk.session": {"game.ui.app"},
        "game.ui.scenes.base": {"game.ui.app"},
    }
    assert upward(before) == ["game.ui.app → game.commands.cli"]
    loops = [set(loop) for loop in cycles(before)]
    assert {"game.ui.app", "game.commands.cli", "game.commands.kiosk_cli", "game.ui.kiosk.session"} in loops
    assert {"game.ui.app", "game.ui.scenes.base"} in loops


def test_the_scan_sees_imports_inside_functions_and_submodules():
    g = graph()
    assert "game.ui.app" in g["game.commands.cli"], "cmd_play imports the window inside the function"
    assert "rules.pf1.checks" in g["rules.pf1.finish_move"] and "rules.pf1" not in g["rules.pf1.finish_move"]
    assert {"game.battle.match", "rules.actions"} <= g["game.ui.controller"]


def test_the_battle_controller_imports_no_pygame():
    """The controller, the panel model and the forecast are testable without a window."""
    for name in (
        "controller",
        "panel_model",
        "forecast",
        "autoplay",
        "options",
        "odds",
        "previews",
        "card",
        "approach",
        "outcome",
        "door_pick",
        "charge_preview",
        "deliberate",
    ):
        tree = ast.parse((ROOT / "game" / "ui" / f"{name}.py").read_text(encoding="utf-8"))
        modules = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        modules |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(m.split(".")[0] == "pygame" for m in modules), name
        local = {m for m in modules if m.startswith("game.ui.")}
        allowed = (
            "controller",
            "forecast",
            "autoplay",
            "panel_model",
            "odds",
            "previews",
            "card",
            "approach",
            "door_pick",
            "charge_preview",
            "deliberate",
        )
        assert local <= {f"game.ui.{n}" for n in allowed}, name


def test_no_source_file_is_over_800_lines():
    """Every .py file of rules/, game/, tests/, bench/ and main.py (the project's style rule)."""
    files = [ROOT / "main.py"] + [
        p for d in ("rules", "game", "tests", "bench") for p in sorted((ROOT / d).rglob("*.py"))
    ]
    long = {
        str(p.relative_to(ROOT)): n for p in files if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert len(files) > 100 and long == {}
