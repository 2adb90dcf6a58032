"""`rules/` is the rule book: importing it pulls in neither pygame nor esper, and it does no I/O."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"
FORBIDDEN_IMPORTS = {"pygame", "esper", "os", "io", "pathlib", "socket", "subprocess", "shutil", "tempfile", "time"}


def test_importing_every_rules_module_loads_neither_pygame_nor_esper():
    modules = sorted(
        ".".join(p.relative_to(RULES.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in RULES.rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in ('pygame', 'esper') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=RULES.parent, check=True)
    assert out.stdout.strip() == ""


def test_rules_source_imports_no_io_or_graphics_and_uses_no_global_random():
    problems = []
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [(node.module or "").split(".")[0]]
            else:
                names = []
            problems += [f"{path.name} imports {n}" for n in names if n in FORBIDDEN_IMPORTS]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
                problems.append(f"{path.name} calls open()")
            # module-level random functions (random.randint …) would be global, unseeded state
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                problems.append(f"{path.name} uses random.{node.attr}")
    assert problems == []
