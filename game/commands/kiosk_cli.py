"""The `kiosk` command: the convention kiosk, a headless screenshot of it, or the soak test (docs/kiosk.md)."""

from __future__ import annotations

import argparse
import dataclasses
import os
from pathlib import Path
from typing import Any

from game.text.i18n import t

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_kiosk_parser(sub: Any) -> None:
    """Register `kiosk` on the command line's subparsers."""
    p = sub.add_parser("kiosk", help=t("cli.help_kiosk"))
    p.add_argument(
        "--config",
        default=None,
        metavar="KIOSK.toml",
        help="kiosk settings (docs/kiosk.md); default: kiosk.toml in the user settings folder, if there",
    )
    p.add_argument("--frames", type=int, default=None, help="run this many frames headless, then exit")
    p.add_argument("--screenshot", default=None, metavar="PNG", help="save the last frame (with --frames)")
    p.add_argument("--soak", type=float, default=None, metavar="HOURS", help="simulate HOURS of attract mode")
    p.add_argument("--draw-every", type=int, default=12, help="soak: draw one frame in N (default 12)")
    p.add_argument("--ai", default=None, metavar="STRENGTH|SIDE=STRENGTH,…", help="the computer's strength")
    p.set_defaults(func=cmd_kiosk)


def default_config() -> Path | None:
    """kiosk.toml in the user settings folder (game.paths) when it exists; None: the built-in defaults."""
    from game.paths import user_config_dir

    path = user_config_dir() / "kiosk.toml"
    return path if path.is_file() else None


def _headless() -> None:
    """No screen to show on: SDL's dummy drivers (kept if the caller chose a driver)."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def cmd_kiosk(args: argparse.Namespace) -> int:
    """Run the kiosk (or its soak test); a bad config is one line on stderr and exit 2."""
    import sys

    from game.ui.kiosk.config import ConfigError, load_config

    try:
        config = load_config(args.config or default_config())
    except ConfigError as exc:
        print(t("cli.error", error=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.lang is not None:  # the command line wins over the config file, as `play`'s over the settings
        config = dataclasses.replace(config, language=args.lang)
    from game.levels.controllers import StrengthError, parse_ai

    try:
        ai = parse_ai(args.ai) if args.ai else {}
    except StrengthError as exc:
        print(t("cli.error", error=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.frames is not None and args.frames < 1:
        print(t("cli.error", error=t("cli.kiosk_frames")), file=sys.stderr)
        return EXIT_BAD_INPUT
    from game.commands.preflight import output_option_problem

    problem = output_option_problem("--screenshot", args.screenshot, [args.config])  # before any frame runs
    if problem is not None:
        print(t("cli.error", error=problem), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.soak is not None:
        if not 0 < args.soak <= 48 or args.draw_every < 1:
            print(t("cli.error", error=t("cli.kiosk_soak")), file=sys.stderr)
            return EXIT_BAD_INPUT
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a soak never needs a window
        _headless()
        from game.ui.kiosk.soak import soak

        try:
            report = soak(config, args.soak, draw_every=args.draw_every, progress=True)
        except ConfigError as exc:
            print(t("cli.error", error=exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        print("\n".join(report.lines()))
        return EXIT_OK
    if args.frames is not None:
        _headless()
    import pygame

    from game.ui.kiosk.session import KioskApp, SimClock

    # --frames: simulated 1/60 s frames as fast as they run, computer moves in the frame (same picture every time)
    headless = args.frames is not None
    try:
        app = KioskApp(
            config,
            clock=SimClock() if headless else None,
            threaded_ai=not headless,
            frames=args.frames,
            screenshot=args.screenshot,
            ai=ai,
        )
    except ConfigError as exc:
        pygame.quit()
        print(t("cli.error", error=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    return app.run()
