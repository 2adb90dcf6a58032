"""The kiosk deployment examples in docs/deploy/ are usable as they are (docs/kiosk.md)."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

from game import paths
from game.commands.cli import build_parser
from game.ui.kiosk.config import load_config

DEPLOY = Path(__file__).resolve().parent.parent / "docs" / "deploy"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read(DEPLOY / "gridbound-kiosk.service", encoding="utf-8")
    return parser


def test_the_example_kiosk_config_loads_with_the_shipped_levels() -> None:
    config = load_config(DEPLOY / "kiosk.toml")
    assert len(config.levels) == 5
    # not next to the config: found among the levels the game ships (a wheel or the build has them too)
    assert all(level.parent == paths.LEVELS_DIR for level in config.levels)
    assert config.fullscreen and config.log_file.name == "kiosk.log"


def test_the_unit_runs_the_build_under_cage_and_restarts_it_on_failure() -> None:
    service = unit()["Service"]
    assert service["Restart"] == "on-failure" and float(service["RestartSec"]) <= 5
    assert unit()["Unit"]["StartLimitIntervalSec"] == "0"  # never gives up restarting
    command = shlex.split(service["ExecStart"])
    assert command[0].endswith("/cage") and "--" in command
    game = command[command.index("--") + 1 :]
    assert game[0] == "/opt/gridbound/gridbound"
    args = build_parser().parse_args(game[1:])  # the command line the game would parse
    assert args.command == "kiosk" and args.config == "/etc/gridbound/kiosk.toml"
    assert service["User"] != "root"


def test_the_touch_rule_sets_a_six_number_calibration_matrix() -> None:
    rule = next(
        line
        for line in (DEPLOY / "99-gridbound-touchscreen.rules").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    )
    matrix = rule.split('LIBINPUT_CALIBRATION_MATRIX}="')[1].rstrip('"').split()
    assert [float(v) for v in matrix] == [1, 0, 0, 0, 1, 0]
