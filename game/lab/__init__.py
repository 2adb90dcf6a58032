"""Playtesting in batches: simulate, sweeps, seat-swapped pairs and tournaments, the cluster that runs them,
their statistics, sequential tests and reports.

May import rules, game.ai, game.saved, game.battle, game.levels, game.text, game.storage and game's top-level
modules; never the window or the command line.
"""
