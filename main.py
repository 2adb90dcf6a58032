"""Gridbound: `python main.py [command] …` — see README.md and docs/."""

import sys

from game.splash import launch

if __name__ == "__main__":
    sys.exit(launch())
