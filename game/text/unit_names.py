"""The names players read for units: a level's own names, numbered where several units share one.

Four units called "Cultist" made the log say "Jacob binds Cultist" with no way to tell which; the
tokens read "Cultis1" … "Cultis4". Every place that shows a unit's name (log, recap, hover card, unit
card, refusals, `measure`'s text) asks here, and so do the tokens (game/ui/token_labels.py), so "Cultist 2"
in the log is the token "Cult. 2".
Ids, JSON and files keep the names exactly as the level writes them.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.text.grammar import Noun
from game.text.local_text import LocalText
from rules.core import Creature


def _numbered(name: str, n: int) -> str:
    """`name` with its number, in every language the name has."""
    if isinstance(name, Noun):
        return name.numbered(n)  # its gender and case forms go with it
    if isinstance(name, LocalText):
        return LocalText({lang: f"{text} {n}" for lang, text in name.translations.items()})
    return f"{name} {n}"


def distinct_names(units: Iterable[Creature]) -> dict[str, str]:
    """Each unit's id → the name shown: its name (its id without one), numbered in id order where units
    share a name, the numbers the tokens show (game/ui/token_labels.py)."""
    named = {u.id: u.name or u.id for u in units}
    sharing: dict[str, list[str]] = {}
    for uid in sorted(named):
        sharing.setdefault(str(named[uid]), []).append(uid)
    for uids in sharing.values():
        if len(uids) > 1:
            named.update({uid: _numbered(named[uid], n) for n, uid in enumerate(uids, start=1)})
    return named
