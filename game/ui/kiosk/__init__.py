"""Kiosk mode for conventions: attract loop, visitor games, touch, exit chord, guard, soak test (docs/kiosk.md)."""
