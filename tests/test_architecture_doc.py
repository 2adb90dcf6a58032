"""docs/architecture.md names every package and module of game/, rules/ and bench/, and the click-to-screen steps.

A newcomer finds each module there with one line on what it holds; a module added without a line
(or a line left after its module went) fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
TOP = ("game", "rules", "bench")


def _modules() -> list[str]:
    return sorted(
        p.relative_to(ROOT).as_posix()
        for top in TOP
        for p in (ROOT / top).rglob("*.py")
        if "__pycache__" not in p.parts and "_data" not in p.parts
    )


def test_every_module_has_a_line_in_the_architecture_doc() -> None:
    missing = [m for m in _modules() if f"| `{m}` |" not in DOC]
    assert not missing, f"docs/architecture.md has no line for: {', '.join(missing)}"


def test_every_package_is_named_in_the_architecture_doc() -> None:
    packages = sorted({str(Path(m).parent.as_posix()) for m in _modules()})
    missing = [p for p in packages if f"**`{p}/`**" not in DOC]
    assert not missing, f"docs/architecture.md does not name the packages: {', '.join(missing)}"


def test_every_module_the_doc_names_exists() -> None:
    named = set(re.findall(r"`((?:game|rules|bench)/[\w/]+\.py)`", DOC))
    gone = sorted(m for m in named if not (ROOT / m).is_file())
    assert not gone, f"docs/architecture.md names modules that do not exist: {', '.join(gone)}"


def test_the_click_to_screen_steps_name_where_each_thing_happens() -> None:
    section = DOC.split("## One action, from a click to the screen", 1)[1].split("\n## ", 1)[0]
    for place in (
        "BattleController.click_square",  # where a click becomes an action
        "game/ai/planner.py",  # where the computer decides
        "Match.perform",  # the one way a match changes
        "rules/pf1/space.py",  # where a pf1 step is priced
        "rules/dnd5e/movement.py",  # where a dnd5e step is priced
        "rules/effects.py",  # what an effect means
        "game/battle/systems.py",  # where effects are applied to the world
        "game/ui/board.py",  # what draws the board
    ):
        assert place in section, place
