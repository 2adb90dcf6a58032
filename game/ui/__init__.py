"""The game window: the only package that imports pygame (scenes, widgets, render layers, input).

May import every game package but the command line (which builds the window's options and imports it)."""

import os

# the game prints its own messages; pygame's banner would clutter the headless commands' output
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
