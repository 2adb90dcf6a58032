"""The computer player: decisions from the rules' own forecasts, actions only through Match.perform."""

from game.ai.planner import AIError, acting_units, ai_rng, next_action, play_unit, take_turn

__all__ = ["AIError", "acting_units", "ai_rng", "next_action", "play_unit", "take_turn"]
