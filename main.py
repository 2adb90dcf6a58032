"""Gridbound: `python main.py [command] …` — see README.md and docs/."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
