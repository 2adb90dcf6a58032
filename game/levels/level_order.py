"""The order the levels are played in: `levels/order.txt` lists level files, one a line; the menu shows
them in that order and "Next level" follows it. Levels it does not list come after, alphabetically."""

from __future__ import annotations

from pathlib import Path

ORDER_FILE = "order.txt"
"""In the levels folder: one level file name a line; `#` starts a comment; blank lines are skipped."""


def listed(folder: Path) -> list[str]:
    """The file names `folder`'s order file lists, in its order (none when there is no order file)."""
    from game.files import read_text  # the input gate: a FIFO or device is never read, bytes not UTF-8 refused

    try:
        text = read_text(folder / ORDER_FILE, 100_000)
    except OSError:
        return []
    names: list[str] = []
    for line in text.splitlines():
        name = line.split("#", 1)[0].strip()
        if name and name not in names:
            names.append(name)
    return names


def ordered_levels(folder: Path) -> list[Path]:
    """Every *.toml level in `folder`: the listed ones in the listed order, then the others by name."""
    found = {p.name: p for p in folder.glob("*.toml")}
    first = [found[name] for name in listed(folder) if name in found]
    rest = sorted(p for name, p in found.items() if p not in first)
    return first + rest


def next_level(folder: Path, current: Path | None) -> Path | None:
    """The level after `current` in the play order, wrapping round; the first one when `current` is not there."""
    levels = ordered_levels(folder)
    if not levels:
        return None
    here = current.resolve() if current is not None else None
    for i, path in enumerate(levels):
        if path.resolve() == here:
            return levels[(i + 1) % len(levels)]
    return levels[0]
