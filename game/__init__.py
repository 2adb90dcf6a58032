"""The running game: levels, esper world, systems, matches, commands and the UI."""
