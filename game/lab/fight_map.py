"""Maps of where fights are decided: per game, on which squares units fell, dealt their hits, stood at
the end of each turn and took attacks of opportunity; summed per cell, and compared square by square.

A game's map is collected from the match's own records while it is played (`SquareTally`) and kept
small: per kind, per square, how often and in which turn first. The comparison of two variants is
paired on seeds: per square a sign test (McNemar's mid-p on the seeds where the count went up or
down), Benjamini–Hochberg across the squares of one map, so a map of a hundred squares does not
light up by chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.lab.paired_stats import benjamini_hochberg, mcnemar_mid_p
from rules.core import Ruling, Situation, Square

KINDS = ("fell", "hit", "stood", "aoo")
"""fell: where a unit was defeated; hit: where a unit stood when its attack hit; stood: where a unit
stood when its turn ended; aoo: where an attack of opportunity was made (the provoking square)."""
DIFFERENCE_TEST = "sign test per square (McNemar's mid-p on the seeds whose count changed), Benjamini–Hochberg"

GameSquares = dict[str, dict[str, list[int]]]
"""kind → "x,y" → [count, the first turn (1-based) it happened in]."""


def key(square: Square) -> str:
    """A square as the JSON key "x,y"."""
    return f"{square[0]},{square[1]}"


def square_of(text: str) -> Square:
    """The square of a key "x,y"."""
    x, y = text.split(",")
    return int(x), int(y)


class SquareTally:
    """Collects one game's map while it is played: `actions` after every batch of records, `turn_over` per turn."""

    def __init__(self, sit: Situation) -> None:
        self.at: dict[str, Square] = {uid: c.at for uid, c in sit.creatures.items()}
        self.turn = 1
        self.squares: GameSquares = {kind: {} for kind in KINDS}

    def _add(self, kind: str, square: Square | None) -> None:
        if square is None:
            return
        entry = self.squares[kind].setdefault(key(square), [0, self.turn])
        entry[0] += 1

    def actions(self, results: Iterable[object]) -> None:
        """Take the rulings of the actions performed since the last call (refused actions changed nothing)."""
        for result in results:
            if not isinstance(result, Ruling):
                continue
            # moves first: a charge hits from where it ends; a unit felled on its way falls where it stopped
            for effect in result.effects:
                if effect.kind == "place" and effect.unit is not None:
                    self.at[effect.unit] = tuple(effect.value[0])  # type: ignore[assignment]
            for event in result.events:
                if event.kind == "hit" and event.unit is not None:
                    self._add("hit", self.at.get(event.unit))
                elif event.kind == "opportunity_attack":
                    self._add("aoo", event.at if event.at is not None else self.at.get(event.by or ""))
            for effect in result.effects:
                if effect.kind == "set" and effect.key == "defeated" and effect.value and effect.unit is not None:
                    self._add("fell", self.at.get(effect.unit))

    def turn_over(self, units: Iterable[str]) -> None:
        """The turn of `units` (the side's standing units, or the initiative unit) ended."""
        for uid in units:
            self._add("stood", self.at.get(uid))
        self.turn += 1


def cell_counts(maps: Iterable[Mapping[str, Mapping[str, Sequence[int]]]]) -> dict[str, dict[str, int]]:
    """The maps of a cell's games summed: kind → "x,y" → count."""
    total: dict[str, dict[str, int]] = {kind: {} for kind in KINDS}
    for game in maps:
        for kind, squares in game.items():
            bucket = total.setdefault(kind, {})
            for where, (count, _) in squares.items():
                bucket[where] = bucket.get(where, 0) + count
    return total


def games_at(
    games: Iterable[tuple[int, int, Mapping[str, Mapping[str, Sequence[int]]]]], kind: str, where: str, limit: int
) -> list[dict[str, int]]:
    """The first `limit` games (index, seed, turn) in which `kind` happened on square `where`."""
    found = []
    for index, seed, game in games:
        entry = game.get(kind, {}).get(where)
        if entry:
            found.append({"index": index, "seed": seed, "turn": entry[1], "count": entry[0]})
            if len(found) >= limit:
                break
    return found


def hottest(counts: Mapping[str, int], limit: int) -> list[str]:
    """The `limit` squares with the highest counts (ties in reading order)."""
    order = sorted(counts, key=lambda k: (-counts[k], square_of(k)[1], square_of(k)[0]))
    return order[:limit]


def difference(
    base: Sequence[Mapping[str, Sequence[int]]], other: Sequence[Mapping[str, Sequence[int]]], alpha: float = 0.05
) -> dict[str, dict[str, Any]]:
    """Per square, variant against baseline over paired games (one kind's maps, the same seeds in order).

    b: seeds whose count rose on the square, c: seeds where it fell; p: McNemar's mid-p on them;
    `p_adjusted`: Benjamini–Hochberg across every square of the map with a changed count;
    `difference`: the mean change per game. Only squares with `significant` true are drawn as changed.
    """
    n = min(len(base), len(other))
    squares = sorted({s for game in [*base[:n], *other[:n]] for s in game}, key=lambda k: square_of(k)[::-1])
    out: dict[str, dict[str, Any]] = {}
    for where in squares:
        b = c = total = 0
        for x, y in zip(base[:n], other[:n], strict=True):
            before = x[where][0] if where in x else 0
            after = y[where][0] if where in y else 0
            total += after - before
            b += after > before
            c += after < before
        if b + c:
            out[where] = {"b": b, "c": c, "difference": total / n, "p": mcnemar_mid_p(b, c)}
    adjusted = benjamini_hochberg([s["p"] for s in out.values()])
    for stat, value in zip(out.values(), adjusted, strict=True):
        stat["p_adjusted"] = value
        stat["significant"] = value < alpha
    return out


HOT_SQUARES = 3
"""How many of a map's hottest squares the report lists, each with the games behind it."""
GAMES_PER_SQUARE = 2


def map_report(results: Sequence[Any], base: Sequence[Any] | None) -> dict[str, Any]:
    """A cell's maps for the JSON report: per kind the counts, its hottest squares with the games behind them,
    and (with the baseline's games `base`) the per-square difference over the seeds both played."""
    counts = cell_counts(r.squares for r in results)
    out: dict[str, Any] = {"games": len(results), "counts": counts, "hot": {}, "difference": None}
    for kind in KINDS:
        out["hot"][kind] = [
            {"square": where, "count": counts[kind][where], "games": games_at(
                ((r.index, r.seed, r.squares) for r in results), kind, where, GAMES_PER_SQUARE)}
            for where in hottest(counts[kind], HOT_SQUARES)
        ]  # fmt: skip
    if base is not None:
        n = min(len(base), len(results))
        out["difference"] = {
            "test": DIFFERENCE_TEST,
            "pairs": n,
            "kinds": {kind: difference([r.squares.get(kind, {}) for r in base[:n]],
                                       [r.squares.get(kind, {}) for r in results[:n]]) for kind in KINDS},
        }  # fmt: skip
    return out


VIEWER_FILE = "fight-maps.json"
"""Written by `sweep --replays DIR` beside the replays: the replay viewer's maps of every cell."""
VIEWER_GAMES = 3
"""Games kept per square for the viewer (a click opens the first)."""


def viewer_map(results: Sequence[Any], max_rounds: int) -> dict[str, Any]:
    """One cell's maps for the replay viewer: per kind, per square, the count and up to VIEWER_GAMES games
    [index, seed, turn] (a click on the square plays the first again and opens it at that turn)."""
    counts = cell_counts(r.squares for r in results)
    games: dict[str, dict[str, list[list[int]]]] = {kind: {} for kind in KINDS}
    for r in results:
        for kind, squares in r.squares.items():
            for where, (_, turn) in squares.items():
                listed = games.setdefault(kind, {}).setdefault(where, [])
                if len(listed) < VIEWER_GAMES:
                    listed.append([r.index, r.seed, turn])
    return {"max_rounds": max_rounds, "games": len(results), "counts": counts, "squares": games}
