"""Gridbound rule book: pure, typed, deterministic rules of pf1, dnd5e and hexxen."""
