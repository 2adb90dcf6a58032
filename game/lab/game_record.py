"""One played game of the lab as a plain record: what `simulate`, `sweep` and `duel` write per game.

The record is what every consumer of the lab's games reads (the statistics, the metrics, the maps,
the exports): one frozen dataclass with JSON-ready fields, built once when a game ends and never
re-derived from anything but the match's own records. Its field names are part of the lab's data
format (docs/json.md): new fields may be added, existing ones keep their names and meaning.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

SWAPPED = ":swap"
"""The suffix of a variant's label on the second game of its seat-swapped pairs."""
RECORD_VERSION = 1
"""The layout of `GameRecord`; raised only if a field's meaning ever changes (added fields do not)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: which level, variant, seed, pair and seat; who played which side; how it ended; what happened."""

    level: str
    """The level file as given on the command line."""
    variant: str
    """The variant's label: "base" for the level as written, else its assignments ("rules.diagonal=uniform")."""
    seed: int
    """The match seed (the dice and the computer players' choices are functions of it)."""
    pair: int
    """The pair's index within its run (both games of a pair share the seed); the game index without pairs."""
    seat: int
    """0: the pair's first game (player A on the level's first side); 1: the seats swapped."""
    controllers: dict[str, str]
    """Side id → the strength that played it ("easy", "normal", "hard", …)."""
    players: dict[str, str] = field(default_factory=dict)
    """Side id → "a" or "b" (which player of the pair held it); empty when the game was not seated."""
    without: dict[str, list[str]] = field(default_factory=dict)
    """Side id → the tactics its player was forbidden (`--without`), sorted; a side playing fully is absent."""
    first_side: str = ""
    """The side that moved first in this game (the seat swap may change it)."""
    winner: str | None = None
    """The winning side's id; None for a draw."""
    rounds: int = 0
    """Rounds played (at most the round limit)."""
    draw_by_round_limit: bool = False
    """True when the game was still running at the round limit (a draw the limit made, not the rules)."""
    survivors: dict[str, int] = field(default_factory=dict)
    """Side id → units still standing at the end."""
    metrics: dict[str, float] = field(default_factory=dict)
    """Metric name → value for this game (game/lab/game_metrics.py names them; docs/simulate.md explains them)."""
    rules: dict[str, int] = field(default_factory=dict)
    """Rule id → how often it fired (every id a ruling or one of its events cited)."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """Where the game came from: Gridbound version, level fingerprint, rules revision, dice stream, max rounds."""
    assignments: list[str] = field(default_factory=list)
    """The level keys the game's variant changed (`--set` form), the seat swap's included."""

    @property
    def winner_player(self) -> str | None:
        """ "a" or "b" for the player who won, None for a draw or an unseated game."""
        return None if self.winner is None else self.players.get(self.winner)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object (with `winner_player` and the record's layout version)."""
        return asdict(self) | {"winner_player": self.winner_player, "record": RECORD_VERSION}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """A record from `to_json`'s object (fields it does not know are ignored, missing ones take defaults)."""
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> GameRecord:
        """The record of one `simulate --out` row (a pair's second game is labelled "<variant>:swap")."""
        label = str(row.get("variant", "base"))
        provenance = {
            key: row[key]
            for key in ("version", "level_fingerprint", "rules_revision", "dice_stream", "max_rounds")
            if key in row
        }
        return cls(
            level=str(row.get("level", "")),
            variant=label.removesuffix(SWAPPED),
            seed=int(row["seed"]),
            pair=int(row.get("index", 0)),
            seat=int(row.get("seat", 1 if label.endswith(SWAPPED) else 0)),
            controllers=dict(row.get("controllers", {})),
            players=dict(row.get("players", {})),
            without={side: list(names) for side, names in row.get("without", {}).items()},
            first_side=str(row.get("first_side", "")),
            winner=row.get("winner"),
            rounds=int(row.get("rounds", 0)),
            draw_by_round_limit=bool(row.get("round_limit", False)),
            survivors=dict(row.get("survivors", {})),
            metrics=dict(row.get("metrics", {})),
            rules=dict(row.get("rules", {})),
            provenance=provenance,
            assignments=list(row.get("set", [])),
        )
