"""The repository explains itself: no doc or comment needs a file outside it or an issue tracker it does not hold.

Checked: the Python of game/, rules/, bench/, tests/ and the top folder, the Markdown of the top
folder, docs/ and game/, and the comments of assets/. Kept out: CHANGELOG.md and docs/decisions/
(history, which may quote what was), and the two tests that look for the spec files outside the
repository in order to skip without them.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATTERNS = (
    "game/**/*.py",
    "rules/**/*.py",
    "bench/**/*.py",
    "tests/**/*.py",
    "*.py",
    "*.md",
    "docs/**/*.md",
    "game/**/*.md",
    "assets/**/*.toml",
    "assets/**/*.md",
)
KEPT_OUT = {"CHANGELOG.md", "tests/test_catalog.py", "tests/test_glossary.py", "tests/test_docs_self_contained.py"}
OUTSIDE = re.compile(r"\.\./shared|\b(?:INTERFACE|RULES|DESIGN)\.md\b")
ISSUE = re.compile(r"(?i)\bissues? #?\d+\b|(?<![\w&\"'#/])#\d{1,2}\b")
DOC = re.compile(r"\bdocs/[\w./-]+\.md\b")


def _files() -> list[Path]:
    found = {p for pattern in PATTERNS for p in ROOT.glob(pattern) if p.is_file()}
    return sorted(
        p
        for p in found
        if p.relative_to(ROOT).as_posix() not in KEPT_OUT
        and "decisions" not in p.parts
        and not {".venv", "venv", "build", "_data"} & set(p.parts)
    )


def _hits(pattern: re.Pattern[str]) -> list[str]:
    hits = []
    for path in _files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()[:100]}")
    return hits


def test_no_doc_or_comment_points_outside_the_repository() -> None:
    hits = _hits(OUTSIDE)
    assert not hits, (
        "name this repository's docs instead (docs/levels.md, scripts.md, commands.md, json.md,\n" + "\n".join(hits)
    )


def test_no_doc_or_comment_cites_an_issue_number() -> None:
    hits = _hits(ISSUE)
    assert not hits, "say what and why instead of an issue number:\n" + "\n".join(hits)


def test_every_doc_a_file_names_exists() -> None:
    missing = set()
    for path in _files():
        for name in DOC.findall(path.read_text(encoding="utf-8")):
            if not (ROOT / name).is_file():
                missing.add(f"{path.relative_to(ROOT).as_posix()}: {name}")
    assert not missing, "\n".join(sorted(missing))
