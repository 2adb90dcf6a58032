"""The running game: levels, esper world, systems, matches, commands and the UI."""

__version__ = "0.6.11"
"""The version of Gridbound: the one place it is written (pyproject.toml, --version and the build read it)."""
