"""Seat-swapped pairs of games between two computer players, and their statistics (docs/simulate.md).

A *seat* is which sides a player controls. Two players A and B meet on a level in a *pair*: two games
on the same seed, the first with A on the level's first side and B on every other side, the second with
the seats swapped. Swapping cancels the advantage of a side (and of the seed's dice) that a single game
would credit to whoever happened to sit there.

One game is one plain `PairedGame` record; the statistics are pure functions of a list of them. The
games themselves are played by `game.lab.simulate` (each seating is a level variant whose sides' `controller`
names the strengths), so `--jobs` and `--cluster` give the same records as a single process.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.lab.stats import Z95, mean_std, wilson
from game.text.i18n import local_fixed

PLAYERS = ("a", "b")
"""The two players of a duel, as records name them."""
ELO_SCALE = 400.0
"""Elo points per factor 10 in the odds of winning (the chess convention)."""


@dataclass(frozen=True, slots=True)
class PairedGame:
    """One game of a pair: which level and seed, who controlled which side, and how it ended."""

    level: str
    seed: int
    pair: int
    """The pair's index within its level (its two games share the seed)."""
    seat: int
    """0: A holds the level's first side; 1: the seats are swapped (B holds it)."""
    controllers: dict[str, str]
    """Side id → the strength that played it."""
    players: dict[str, str]
    """Side id → "a" or "b"."""
    winner: str | None
    """The winning side's id, or None for a draw."""
    rounds: int

    @property
    def winner_player(self) -> str | None:
        """ "a" or "b" for the player who won, None for a draw."""
        return None if self.winner is None else self.players.get(self.winner)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object."""
        return asdict(self) | {"winner_player": self.winner_player}


def seatings(sides: Sequence[str], a: str, b: str) -> tuple[dict[str, str], dict[str, str]]:
    """The two seatings of a pair as side → player: A on the first side and B on the rest, then swapped."""
    first = {side: ("a" if i == 0 else "b") for i, side in enumerate(sides)}
    second = {side: ("b" if player == "a" else "a") for side, player in first.items()}
    return first, second


def strengths_for(players: dict[str, str], a: str, b: str) -> dict[str, str]:
    """Side → strength for a seating (side → player) of players with strengths `a` and `b`."""
    return {side: (a if player == "a" else b) for side, player in players.items()}


# --- statistics ------------------------------------------------------------------------


def elo(score: float) -> float:
    """The Elo difference that makes `score` (a win counting 1, a draw ½) the expected score; ±inf at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -ELO_SCALE * math.log10(1.0 / score - 1.0)


def expected_score(difference: float) -> float:
    """The expected score of the stronger side by `difference` Elo points (the inverse of `elo`)."""
    return 1.0 / (1.0 + 10.0 ** (-difference / ELO_SCALE))


def game_score(winner_player: str | None, player: str = "a") -> float:
    """`player`'s score in one game: 1 a win, ½ a draw, 0 a loss."""
    if winner_player is None:
        return 0.5
    return 1.0 if winner_player == player else 0.0


def pair_scores(games: Iterable[PairedGame]) -> list[float]:
    """A's score in each complete pair (0, ½, 1, 1½ or 2), in (level, pair) order; unpaired games are left out."""
    by_pair: dict[tuple[str, int], list[PairedGame]] = {}
    for game in games:
        by_pair.setdefault((game.level, game.pair), []).append(game)
    return [
        sum(game_score(g.winner_player) for g in played)
        for _, played in sorted(by_pair.items())
        if sorted(g.seat for g in played) == [0, 1]
    ]


def score_interval(scores_per_pair: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """A 95 % interval of A's mean score per game from per-pair scores (normal, over pairs; clipped to 0…1).

    The two games of a pair share a seed, so they are not independent; the pair is the unit of sampling
    (the pentanomial model chess engine testers use), which credits the seat swap with the variance it removes.
    When every pair scored the same the spread is 0 and that interval would be a point: then the Wilson
    interval of the score over the games is given instead (it stays honest at 0 % and 100 %).
    """
    n = len(scores_per_pair)
    if n == 0:
        return (0.0, 1.0)
    mean, sd = mean_std([s / 2 for s in scores_per_pair])
    if sd == 0:  # every pair alike (a clean sweep, say): the normal interval collapses; Wilson's over the games
        return wilson(sum(scores_per_pair), 2 * n, z)  # type: ignore[arg-type]
    half = z * sd / math.sqrt(n)
    return (max(0.0, mean - half), min(1.0, mean + half))


def finite(value: float) -> float | None:
    """`value`, or None when infinite (JSON has no infinity)."""
    return value if math.isfinite(value) else None


def summarize(games: Sequence[PairedGame]) -> dict[str, Any]:
    """A's record over `games`: wins, losses and draws apart, A's win rate (Wilson 95 %), score, Elo with interval.

    Per seat too: A's wins when holding the first side (seat 0) and when holding the others (seat 1).
    """
    n = len(games)
    a_wins = sum(1 for g in games if g.winner_player == "a")
    b_wins = sum(1 for g in games if g.winner_player == "b")
    draws = n - a_wins - b_wins
    score = (a_wins + draws / 2) / n if n else 0.5
    low, high = score_interval(pair_scores(games))
    seats = {}
    for seat in (0, 1):
        played = [g for g in games if g.seat == seat]
        won = sum(1 for g in played if g.winner_player == "a")
        seats[str(seat)] = {"games": len(played), "a_wins": won, "a_win_rate": won / len(played) if played else 0.0}
    return {
        "games": n,
        "pairs": len(pair_scores(games)),
        "a_wins": a_wins,
        "b_wins": b_wins,
        "draws": draws,
        "a_win_rate": a_wins / n if n else 0.0,
        "a_win_ci95": list(wilson(a_wins, n)),
        "draw_rate": draws / n if n else 0.0,
        "a_score": score,
        "a_score_ci95": [low, high],
        "elo": finite(elo(score)),
        "elo_ci95": [finite(elo(low)), finite(elo(high))],
        "seats": seats,
        "mean_rounds": mean_std([g.rounds for g in games])[0],
    }


def by_level(games: Sequence[PairedGame]) -> dict[str, dict[str, Any]]:
    """`summarize` per level (in the order the levels first appear), and over all of them as "overall"."""
    levels: dict[str, list[PairedGame]] = {}
    for game in games:
        levels.setdefault(game.level, []).append(game)
    out = {level: summarize(played) for level, played in levels.items()}
    out["overall"] = summarize(games)
    return out


def seat_gain(strong: Sequence[PairedGame], base: Sequence[PairedGame]) -> dict[str, Any]:
    """How much player A's strength in `strong` raises a seat's win rate over A's strength in `base`.

    Both lists are duels against the same opponent B on the same seeds (e.g. hard vs normal and normal vs
    normal): per seat, A's win rate in `strong` minus in `base`, and their mean over the seats.
    """
    gains = {}
    for seat in (0, 1):
        rates = []
        for games in (strong, base):
            played = [g for g in games if g.seat == seat]
            rates.append(sum(1 for g in played if g.winner_player == "a") / len(played) if played else 0.0)
        gains[str(seat)] = rates[0] - rates[1]
    return {"seats": gains, "mean": sum(gains.values()) / len(gains)}


# --- text ------------------------------------------------------------------------------


def _pct(value: float) -> str:
    """A share as a percentage the language's way ("100,0" in German), five characters wide."""
    return local_fixed(100 * value, width=5)


def _elo_text(value: float | None, score: float) -> str:
    """An Elo difference as text; None (infinite) is +∞ for a score of 1 and −∞ for 0."""
    if value is None:
        return "+∞" if score >= 0.5 else "−∞"
    return f"{value if abs(value) >= 0.5 else 0.0:+.0f}"  # never "-0"


def format_summary(title: str, s: dict[str, Any], text: Callable[..., str]) -> list[str]:
    """The lines of one summary; `text(key, **values)` is the message catalogue (game.text.i18n.t)."""
    return [
        text("duel.summary", title=title, games=s["games"], pairs=s["pairs"]),
        "  "
        + text(
            "duel.wins",
            wins=s["a_wins"],
            losses=s["b_wins"],
            draws=s["draws"],
            rate=_pct(s["a_win_rate"]),
            low=_pct(s["a_win_ci95"][0]),
            high=_pct(s["a_win_ci95"][1]),
        ),
        "  "
        + text(
            "duel.elo",
            score=_pct(s["a_score"]),
            elo=_elo_text(s["elo"], s["a_score"]),
            low=_elo_text(s["elo_ci95"][0], s["a_score_ci95"][0]),
            high=_elo_text(s["elo_ci95"][1], s["a_score_ci95"][1]),
        ),
        "  "
        + text(
            "duel.seats",
            first=_pct(s["seats"]["0"]["a_win_rate"]),
            others=_pct(s["seats"]["1"]["a_win_rate"]),
        ),
    ]


# --- playing -----------------------------------------------------------------------------


def seated_sets(
    players: dict[str, str], a: str, b: str, without: dict[str, tuple[str, ...]] | None = None
) -> list[str]:
    """A seating as `--set` assignments of the sides' controllers (how a seating reaches any worker);
    `without`: player ("a", "b") → the tactics that player may not use (game/ai/restrict.py)."""
    sets = [f'sides.{side}.controller="ai:{strength}"' for side, strength in strengths_for(players, a, b).items()]
    for side, player in players.items():
        tactics = (without or {}).get(player, ())
        if tactics:
            sets.append(f"sides.{side}.without=[{', '.join(f'{chr(34)}{n}{chr(34)}' for n in sorted(tactics))}]")
    return sets


def run_duel(
    levels: Sequence[str],
    a: str,
    b: str,
    pairs: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    max_rounds: int | None = None,
    on_game: Callable[[PairedGame], None] | None = None,
    without: dict[str, tuple[str, ...]] | None = None,
) -> list[PairedGame]:
    """Play `pairs` seat-swapped pairs of A (strength `a`) against B (`b`) on each level; pair i uses seed S+i.

    Each seating is a level variant played by `game.lab.simulate` (or `game.lab.cluster` with `cluster`), so the
    records are the same for every `jobs` and on a cluster. Levels and seatings are played in order.
    """
    from game.lab.simulate import DEFAULT_MAX_ROUNDS, run_games, variant
    from game.levels.level import load_level

    rounds = DEFAULT_MAX_ROUNDS if max_rounds is None else max_rounds
    seeds = [seed + i for i in range(pairs)]
    games: list[PairedGame] = []
    for path in levels:
        sides = [s.id for s in load_level(path).sides]
        for seat, players in enumerate(seatings(sides, a, b)):
            text, level = variant(path, seated_sets(players, a, b, without))

            def record(
                result: Any, path: str = path, seat: int = seat, players: dict[str, str] = players
            ) -> PairedGame:
                controllers = strengths_for(players, a, b)
                return PairedGame(
                    str(path), result.seed, result.index, seat, controllers, players, result.winner, result.rounds
                )

            def arrived(result: Any, record: Callable[[Any], PairedGame] = record) -> None:
                if on_game is not None:
                    on_game(record(result))

            if cluster:
                from game.lab.cluster import run_games_batched

                results = run_games_batched(text, level.source, seeds, jobs, rounds, arrived, cluster, {})
            else:
                results = run_games(text, level.source, seeds, jobs=jobs, max_rounds=rounds, on_result=arrived)
            games += [record(r) for r in results]
    return games


# --- seat-swapped pairs of one level's games (simulate) -------------------------------------

SWAP_PLAYERS = "players"
"""A pair's second game gives each side's player (strength and restriction) to the other side."""
SWAP_ARMIES = "armies"
"""A pair's second game gives each side's units to the other side: with the same player on both sides,
this swaps the turn order between the armies (levels whose sides take turns)."""
SWAP_DICE = "dice"
"""On a mirror level (`mirror = true`) with the same player on both sides: the second game swaps the ids of
each unit and its twin, so each army rolls the other's dice and initiative (dice are drawn per unit id);
a unit's numbers stay with its place, so a variant's change stays with its side."""


def _player(level: Any, side: str) -> tuple[str, tuple[str, ...]]:
    """Who plays `side` in a simulation: its strength (a person's side at the default one) and its restriction."""
    from game.levels.controllers import side_strength, side_without

    return side_strength(level, side), tuple(sorted(side_without(level, side)))


def swap_kind(levels: Sequence[Any]) -> str | None:
    """How the seats of these variants of one level are swapped (SWAP_PLAYERS when any variant's two sides
    are played differently, else SWAP_ARMIES); None when a pair is impossible: not two sides, or a hold-out
    level (its last side wins at the round limit, so sides cannot trade places)."""
    if any(len(level.sides) != 2 or level.victory_rounds is not None for level in levels):
        return None
    differ = any(_player(level, level.sides[0].id) != _player(level, level.sides[1].id) for level in levels)
    if differ:
        return SWAP_PLAYERS
    if all(level.mirror for level in levels) and _twins(levels[0]) is not None:
        return SWAP_DICE
    # under initiative, units trading sides would only rename the sides: each unit keeps its own dice and turn
    return None if levels[0].turns == "initiative" else SWAP_ARMIES


def _twins(level: Any) -> list[tuple[int, int]] | None:
    """The mirror twins of the level's units (indices), by place under the level file's own symmetry."""
    from game.levels.mirror import SYMMETRIES, twins

    for kind in SYMMETRIES:  # a variant may change a unit's numbers, so twins are found by place alone
        found = twins(level, kind)
        if found is not None:
            return found
    return None


def other_side(level: Any, kind: str | None = None) -> dict[str, str]:
    """Each side of a two-side level → the side where its player or army sits in seat 1: the other side, but
    the same one when the seats swap only the dice (SWAP_DICE: each army, and a variant's change to it, stays)."""
    first, second = (s.id for s in level.sides)
    if kind == SWAP_DICE:
        return {first: first, second: second}
    return {first: second, second: first}


def swap_assignments(level: Any, kind: str) -> list[str]:
    """The `--set` assignments that make a pair's second game (seat 1) of this level variant."""
    other = other_side(level)
    if kind == SWAP_ARMIES:
        return [f'units[{i}].side="{other[unit.side]}"' for i, unit in enumerate(level.units)]
    if kind == SWAP_DICE:
        out = []
        for i, j in _twins(level) or []:
            a, b = level.units[i].id, level.units[j].id  # through a third name: ids must stay unique
            out += [f'units[{i}].id="{a}-seat"', f'units[{j}].id="{a}"', f'units[{i}].id="{b}"']
        return out
    out = []
    for side in other:
        strength, without = _player(level, other[side])
        listed = ", ".join(f'"{name}"' for name in without)
        out += [f'sides.{side}.controller="ai:{strength}"', f"sides.{side}.without=[{listed}]"]
    return out


def pair_scores_by_side(seat0: Sequence[Any], seat1: Sequence[Any], other: dict[str, str]) -> dict[str, list[float]]:
    """Per seat-0 side: its player's (or army's) share of wins in each pair, 0, ½ or 1 (game i with game i)."""
    out: dict[str, list[float]] = {}
    for side in other:
        out[side] = [((x.winner == side) + (y.winner == other[side])) / 2 for x, y in zip(seat0, seat1, strict=False)]
    return out


def first_mover(games: Sequence[Any]) -> dict[str, Any]:
    """How often the side that moved first won, among the decisive games (Wilson 95 %); 0.5 is no advantage."""
    decisive = [g for g in games if g.winner is not None and g.first_side]
    wins = sum(1 for g in decisive if g.winner == g.first_side)
    rate = wins / len(decisive) if decisive else 0.5
    return {
        "games": len(games),
        "decisive": len(decisive),
        "wins": wins,
        "win_rate": rate,
        "ci95": list(wilson(wins, len(decisive))),
        "effect": rate - 0.5,
    }


def seat_summary(seat0: Sequence[Any], seat1: Sequence[Any], other: dict[str, str], kind: str) -> dict[str, Any]:
    """A variant's pairs: per seat-0 side, the seat-averaged win rate of its player (or army) with the interval
    over pairs, its rate in each seat, and the first mover's advantage over all the pairs' games."""
    n = min(len(seat0), len(seat1))
    sides: dict[str, Any] = {}
    for side, scores in pair_scores_by_side(seat0[:n], seat1[:n], other).items():
        low, high = score_interval([2 * s for s in scores]) if n else (0.0, 1.0)
        wins0 = sum(1 for g in seat0[:n] if g.winner == side)
        wins1 = sum(1 for g in seat1[:n] if g.winner == other[side])
        sides[side] = {
            "win_rate": (wins0 + wins1) / (2 * n) if n else 0.0,
            "ci95": [low, high],
            "seats": {"0": wins0 / n if n else 0.0, "1": wins1 / n if n else 0.0},
        }
    games = [*seat0[:n], *seat1[:n]]
    draws = sum(1 for g in games if g.winner is None)
    return {
        "pairs": n,
        "swap": kind,
        "sides": sides,
        "draw_rate": draws / len(games) if games else 0.0,
        "first_mover": first_mover(games),
    }


def paired_pairs(
    base: tuple[Sequence[Any], Sequence[Any]], variant: tuple[Sequence[Any], Sequence[Any]], other: dict[str, str]
) -> dict[str, Any]:
    """Variant against base over seat-swapped pairs, per seat-0 side: every game against its own seat's game on
    the same seed (both seats, so the difference is seat-averaged), with Tango's interval and McNemar's mid-p."""
    from game.lab.paired_stats import INTERVAL_NAME, TEST_NAME, paired_outcomes

    n = min(len(base[0]), len(base[1]), len(variant[0]), len(variant[1]))
    out: dict[str, Any] = {"pairs": n, "games": 2 * n, "test": TEST_NAME, "interval": INTERVAL_NAME, "sides": {}}
    for side in other:
        seat0 = [(x.winner == side, y.winner == side) for x, y in zip(base[0][:n], variant[0][:n], strict=True)]
        held = other[side]
        seat1 = [(x.winner == held, y.winner == held) for x, y in zip(base[1][:n], variant[1][:n], strict=True)]
        out["sides"][side] = paired_outcomes(seat0 + seat1) | {
            "seats": {"0": paired_outcomes(seat0)["difference"], "1": paired_outcomes(seat1)["difference"]}
        }
    games = [(x, y) for seat in (0, 1) for x, y in zip(base[seat][:n], variant[seat][:n], strict=True)]
    out["draws"] = paired_outcomes([(x.winner is None, y.winner is None) for x, y in games])
    return out


def seat_fields(level: Any, label: str) -> dict[str, Any]:
    """What an `--out` row adds about its game's seat: the seat, each side's strength and restriction, the dice."""
    from rules.revision import DICE_STREAM, RULES_REVISION

    players = {side.id: _player(level, side.id) for side in level.sides}
    seat = 1 if label.endswith(":swap") else 0
    order = [side.id for side in level.sides]
    held = dict(zip(order, PLAYERS if seat == 0 else PLAYERS[::-1], strict=False))  # "a": the first side's in seat 0
    return {
        "seat": seat,
        "players": held if len(order) == 2 else {},
        "controllers": {side: strength for side, (strength, _) in players.items()},
        "without": {side: list(without) for side, (_, without) in players.items() if without},
        "rules_revision": RULES_REVISION,
        "dice_stream": DICE_STREAM,
    }
