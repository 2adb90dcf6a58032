"""The import layering: packages in rows (ORDER, rules at the bottom, the launcher on top), no cycle, no oversized
file."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "game")
MAX_LINES = 800

ORDER: tuple[tuple[str, ...], ...] = (
    ("rules",),
    ("game", "game.paths", "game.stamps", "game.window_size", "game.caches", "game.context"),
    ("game.storage",),
    ("game.text",),
    ("game.limits",),
    ("game.files", "game.tomlio"),
    ("game.settings", "game.levels"),
    ("game.battle",),
    ("game.saved", "game.ai"),
    ("game.advice",),
    ("game.lab", "game.editor"),
    ("game.ui",),
    ("game.commands",),
    ("game.splash",),
    ("main",),
)
"""The packages bottom up: a module imports from its own package or from a row below its own.

Packages of one row are independent of each other (neither imports the other). `game` is the
package's own `__init__` (the version); the top-level modules of `game/` are the foundation the
packages share. Each package's docstring says the same in words (docs/architecture.md draws it).
"""


def home(module: str) -> str:
    """The entry of ORDER a module belongs to: its package, or itself for a top-level module."""
    best = ""
    for row in ORDER:
        for name in row:
            if (module == name or module.startswith(name + ".")) and len(name) > len(best):
                best = name
    return best


def layer(module: str) -> int:
    """The row of ORDER a module's package stands in (0: rules … the launcher last)."""
    where = home(module)
    return next(i for i, row in enumerate(ORDER) if where in row)


def allowed(importer: str, imported: str) -> bool:
    """Whether `importer` may import `imported`: the same package, or a package in a lower row."""
    return home(importer) == home(imported) or layer(imported) < layer(importer)


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


@cache
def graph() -> dict[str, set[str]]:
    """Module → the game's own modules it imports (parsed once per run: four tests read it, none changes it)."""
    known = sources()
    return {m: set(imported(m, p, known)) - {m} for m, p in known.items()}


def upward(g: dict[str, set[str]]) -> list[str]:
    """Every import from a lower row up, or sideways between packages of one row, as "importer → imported"."""
    return sorted(f"{m} → {d}" for m, deps in g.items() for d in deps if not allowed(m, d))


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


def test_every_module_has_a_place_in_the_order():
    """A new package must be given its row in ORDER (and its docstring): nothing falls outside it."""
    assert [m for m in graph() if not home(m)] == []


def test_game_keeps_at_most_twelve_modules_at_its_top():
    """The rest live in packages named for what they hold (docs/decisions/0012-package-layout.md)."""
    top = sorted(p.name for p in (ROOT / "game").glob("*.py"))
    assert len(top) <= 12, top


def test_every_package_says_what_it_holds_and_what_it_may_import():
    for init in sorted((ROOT / "game").glob("*/__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert doc and "import" in doc, f"{init.relative_to(ROOT)}: no docstring naming what it may import"


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
    assert upward({"game.saved.replay": {"game.ai.planner"}}) == ["game.saved.replay → game.ai.planner"], "same row"
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
        "input_states",
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
            "input_states",
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
