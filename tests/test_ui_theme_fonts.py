"""game.ui.theme finds the font files as pathlib's recursive glob does, without the glob (start-up time)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.ui.theme import font_files


def _tree(root: Path) -> None:
    for name in ("a.ttf", ".hidden.ttf", "b.TTF", "c.ttf.bak", "d.otf"):
        (root / name).write_bytes(b"")
    (root / "files" / "deep").mkdir(parents=True)
    (root / "files" / "Heebo[wght].ttf").write_bytes(b"")
    (root / "files" / "deep" / "z.ttf").write_bytes(b"")
    (root / "folder.ttf").mkdir()  # a folder with the name: glob finds it too
    (root / "folder.ttf" / "inner.ttf").write_bytes(b"")


def test_font_files_are_what_the_glob_finds(tmp_path: Path) -> None:
    _tree(tmp_path)
    assert sorted(font_files(tmp_path)) == sorted(tmp_path.glob("**/*.ttf"))


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_linked_folder_is_not_entered_as_the_glob_does_not(tmp_path: Path) -> None:
    _tree(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "x.ttf").write_bytes(b"")
    (tmp_path / "files" / "link").symlink_to(elsewhere, target_is_directory=True)
    (tmp_path / "files" / "link.ttf").symlink_to(tmp_path / "a.ttf")
    assert sorted(font_files(tmp_path / "files")) == sorted((tmp_path / "files").glob("**/*.ttf"))
    assert sorted(font_files(tmp_path / "missing")) == sorted((tmp_path / "missing").glob("**/*.ttf")) == []


def test_the_games_font_is_the_globs_first() -> None:
    import fontpkg_heebo

    root = Path(fontpkg_heebo.ROOT)
    assert sorted(font_files(root)) == sorted(root.glob("**/*.ttf")) != []
