"""Bytes on disk, below every message: atomic writes, TOML parsed on an earlier start, and file fingerprints.

May import game.paths and the standard library only: everything else in game builds on it.
"""
