"""Every in-memory cache of the process in one place: one lifecycle, one clear, each with its documented bound.

The rules keep nothing themselves: the one `rules.memo.Memo` of the process (`RULES`) travels
with every situation the game makes (game/battle/match.py) and holds the rules'
per-board tables, path judgements and spare search lists. The game's own caches (reach
answers, the AI's remembered rulings) register here when their
module is imported. All of them live as long as the process and are shared by every match
in it (the games of one `simulate` run share their openings); `clear_all()` empties every
one (a test that wants fresh answers, the bench before timing a cold click). Every cache is
pure memory of pure answers: clearing one never changes a result, only how long it takes.

The caches keyed by match states (reach answers, the AI's rulings: each entry keeps its
situation, creatures and turn states alive) are emptied by `forget_states()` whenever the
window closes a match (game/ui/matches.py `MatchSession.close`): a closed match's states are
never asked about again, and a kiosk starting a match every few minutes otherwise filled
them to their bound over hours (Python's heap growing for about five hours before it levelled
off). A `simulate` run keeps them across its games, which share their openings.

| cache | holder | bound |
|---|---|---|
| rules tables, judgements, spare lists | `RULES` (rules/memo.py) | 4 boards' tables; 64 judgements,
8 indexes; 4 lists a size |
| reach answers (of states) | game/battle/reach_cache.py | 256 answers, 100,000 squares in all; 1,024 state keys
and creature hashes |
| footprint sets, parsed dice | `functools`: rules/core.py `footprint`, rules/dice.py `parse_dice` | 65,536; 256 |
| the AI's remembered rulings (of states) | game/ai/context.py | 2,048 rulings |
| hard's plans (of states) | game/ai/plan.py | 16 side-turns |
| the window's hover cards (of states: a card tells a match's units) | game/ui/overlays.py | 4 cards |

(Each record class's field layout for `rules.core.replaced` is remembered once per class, for
the life of the process: a class's fields never change, so there is nothing to clear.) Parsed
TOML and the window's pictures kept between starts live on disk in the user cache
folder (game/storage/toml_cache.py, game/ui/raster_cache.py), keyed by their inputs' contents, and are
not held here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.memo import Memo

RULES = Memo()
"""The rules' memo for every situation the game makes (rules/memo.py)."""


@dataclass(frozen=True, slots=True)
class Cache:
    """One registered cache: its name, its bound in words, how to empty it and how many entries it holds."""

    name: str
    bound: str
    clear: Callable[[], None]
    size: Callable[[], int]
    of_states: bool = False
    """Whether its entries are keyed by match states (each holding its situation): `forget_states` empties it."""


_REGISTERED: dict[str, Cache] = {
    "rules": Cache(
        "rules",
        "tables of the newest 4 boards, 64 judgements, 8 indexes, 4 spare lists per (length, value)",
        RULES.clear,
        lambda: sum(RULES.sizes().values()),
    )
}


def _clear_pure_memos() -> None:
    """Forget what the rules' pure functions remembered (their answers are the same afresh)."""
    from rules.core import footprint
    from rules.dice import parse_dice

    footprint.cache_clear()
    parse_dice.cache_clear()


def _pure_memos_size() -> int:
    """Entries the rules' pure functions remember now."""
    from rules.core import footprint
    from rules.dice import parse_dice

    return footprint.cache_info().currsize + parse_dice.cache_info().currsize


_REGISTERED["rules' pure functions"] = Cache(
    "rules' pure functions",
    "footprint sets 65,536; parsed dice 256",
    _clear_pure_memos,
    _pure_memos_size,
)


def register(
    name: str, bound: str, clear: Callable[[], None], size: Callable[[], int], *, of_states: bool = False
) -> None:
    """Put a cache on the list (its module calls this once, when imported)."""
    _REGISTERED[name] = Cache(name, bound, clear, size, of_states)


def registered() -> tuple[Cache, ...]:
    """Every cache on the list, the rules' memo first."""
    return tuple(_REGISTERED.values())


def forget_states() -> None:
    """Empty the caches keyed by match states: the window's closed match is never asked about again."""
    for cache in list(_REGISTERED.values()):
        if cache.of_states:
            cache.clear()


def clear_all() -> None:
    """Empty every cache: answers are worked out afresh (and equal) from now on."""
    for cache in list(_REGISTERED.values()):
        cache.clear()
