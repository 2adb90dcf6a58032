"""Saved matches: action scripts, replays and the versions they were made with.

May import rules, game.battle, game.levels, game.text, game.storage and game's top-level modules.
"""
