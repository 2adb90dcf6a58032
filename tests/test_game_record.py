"""The lab's per-game record: its JSON form round-trips and names the winning player."""

from __future__ import annotations

import json

from game.lab.game_record import RECORD_VERSION, GameRecord


def _record(**changes: object) -> GameRecord:
    base = {
        "level": "levels/arena.toml",
        "variant": "base",
        "seed": 7,
        "pair": 3,
        "seat": 1,
        "controllers": {"red": "hard", "blue": "normal"},
        "players": {"red": "b", "blue": "a"},
        "without": {"red": ["charge", "step"]},
        "first_side": "red",
        "winner": "blue",
        "rounds": 6,
        "survivors": {"red": 0, "blue": 2},
        "metrics": {"rounds": 6.0, "charges": 1.0},
        "rules": {"PF1-CHARGE": 1},
        "provenance": {"version": "0.0.0", "dice_stream": 2},
    }
    return GameRecord(**(base | changes))  # type: ignore[arg-type]


def test_json_round_trip_keeps_every_field() -> None:
    record = _record()
    data = json.loads(json.dumps(record.to_json()))
    assert data["record"] == RECORD_VERSION
    assert data["winner_player"] == "a"
    assert GameRecord.from_json(data) == record


def test_winner_player_is_none_for_a_draw_or_an_unseated_game() -> None:
    assert _record(winner=None, draw_by_round_limit=True).winner_player is None
    assert _record(players={}).winner_player is None


def test_from_json_ignores_unknown_fields_and_fills_defaults() -> None:
    data = {"level": "x.toml", "variant": "base", "seed": 1, "pair": 0, "seat": 0, "controllers": {}, "future": 1}
    record = GameRecord.from_json(data)
    assert record.winner is None and record.metrics == {} and record.without == {}
