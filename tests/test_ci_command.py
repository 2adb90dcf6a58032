"""CI runs the README's test command verbatim, and the test extra installs what that command needs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def readme_test_command() -> str:
    """The README's one line that installs the test extra and runs the suite."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    (command,) = [line for line in lines if line.startswith('pip install -e ".[test]" && ')]
    return command


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_test_command() in script


def test_the_test_command_runs_on_every_core_with_what_the_test_extra_installs() -> None:
    command = readme_test_command()
    assert re.search(r"python -m pytest .*-n auto\b", command) and "--dist loadfile" in command
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    names = {re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0] for requirement in extra["test"]}
    assert {"pytest", "pytest-xdist", "hypothesis"} <= names
