"""Gridbound: `python main.py [command] …` — see README.md and docs/."""

import sys

from game.splash import launch

if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # the one-folder build (gridbound.spec)
        import multiprocessing

        multiprocessing.freeze_support()  # `simulate --jobs` workers re-run this executable
    sys.exit(launch())
