"""game.paths: the one place that knows where the shipped data and the user's files are."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import paths
from game.levels.level import load_level


def test_shipped_data_folders_hold_the_levels_and_catalogues() -> None:
    assert paths.DEFAULT_LEVEL.parent == paths.LEVELS_DIR
    assert load_level(paths.DEFAULT_LEVEL).ruleset == "pf1"
    for lang in ("en", "de", "it", "he"):
        assert (paths.I18N_DIR / f"{lang}.toml").is_file()
        assert (paths.CATALOG_DIR / f"rules.{lang}.toml").is_file()


def test_a_checkout_reads_the_repository_folders() -> None:
    # no game/_data in a checkout: the top-level levels/ and assets/ are the originals
    root = Path(__file__).resolve().parent.parent
    assert root == paths.DATA_ROOT
    assert root / "levels" == paths.LEVELS_DIR


@pytest.mark.parametrize(
    ("env", "function"),
    [
        (paths.DATA_ENV, paths.user_data_dir),
        (paths.CONFIG_ENV, paths.user_config_dir),
        (paths.LOG_ENV, paths.user_log_dir),
    ],
)
def test_every_user_folder_can_be_moved_with_its_environment_variable(
    env: str, function: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(env, str(tmp_path / "here"))
    assert function() == tmp_path / "here"  # type: ignore[operator]


def test_user_folders_default_to_the_platform_folders_not_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for env in (paths.DATA_ENV, paths.CONFIG_ENV, paths.LOG_ENV):
        monkeypatch.delenv(env, raising=False)
    monkeypatch.chdir(tmp_path)
    for folder in (paths.user_data_dir(), paths.user_config_dir(), paths.user_log_dir(), paths.replays_dir()):
        assert folder.is_absolute()
        assert "gridbound" in folder.parts
        assert tmp_path not in folder.parents
        assert paths.PACKAGE_ROOT not in folder.parents
