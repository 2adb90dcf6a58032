"""Seat-swapped pairs of games between two computer players, and their statistics (docs/simulate.md).

A *seat* is which sides a player controls. Two players A and B meet on a level in a *pair*: two games
on the same seed, the first with A on the level's first side and B on every other side, the second with
the seats swapped. Swapping cancels the advantage of a side (and of the seed's dice) that a single game
would credit to whoever happened to sit there.

One game is one plain `PairedGame` record; the statistics are pure functions of a list of them. The
games themselves are played by `game.simulate` (each seating is a level variant whose sides' `controller`
names the strengths), so `--jobs` and `--cluster` give the same records as a single process.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.stats import Z95, mean_std, wilson

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
    return f"{100 * value:5.1f}"


def _elo_text(value: float | None, score: float) -> str:
    """An Elo difference as text; None (infinite) is +∞ for a score of 1 and −∞ for 0."""
    if value is None:
        return "+∞" if score >= 0.5 else "−∞"
    return f"{value if abs(value) >= 0.5 else 0.0:+.0f}"  # never "-0"


def format_summary(title: str, s: dict[str, Any], text: Callable[..., str]) -> list[str]:
    """The lines of one summary; `text(key, **values)` is the message catalogue (game.i18n.t)."""
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


def seated_sets(players: dict[str, str], a: str, b: str) -> list[str]:
    """A seating as `--set` assignments of the sides' controllers (how a seating reaches any worker)."""
    return [f'sides.{side}.controller="ai:{strength}"' for side, strength in strengths_for(players, a, b).items()]


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
) -> list[PairedGame]:
    """Play `pairs` seat-swapped pairs of A (strength `a`) against B (`b`) on each level; pair i uses seed S+i.

    Each seating is a level variant played by `game.simulate` (or `game.cluster` with `cluster`), so the
    records are the same for every `jobs` and on a cluster. Levels and seatings are played in order.
    """
    from game.level import load_level
    from game.simulate import DEFAULT_MAX_ROUNDS, run_games, variant

    rounds = DEFAULT_MAX_ROUNDS if max_rounds is None else max_rounds
    seeds = [seed + i for i in range(pairs)]
    games: list[PairedGame] = []
    for path in levels:
        sides = [s.id for s in load_level(path).sides]
        for seat, players in enumerate(seatings(sides, a, b)):
            text, level = variant(path, seated_sets(players, a, b))

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
                from game.cluster import run_games_batched

                results = run_games_batched(text, level.source, seeds, jobs, rounds, arrived, cluster, {})
            else:
                results = run_games(text, level.source, seeds, jobs=jobs, max_rounds=rounds, on_result=arrived)
            games += [record(r) for r in results]
    return games
