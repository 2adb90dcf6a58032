"""The computer player: decisions from the rules' own forecasts, actions only through Match.perform.

The API (docs/ai.md):

- `STRENGTHS` ("random", "easy", "normal", "hard"), `DEFAULT_STRENGTH` ("normal"), `parse_strength(text)`.
- On a live match: `take_turn(match, rng, *, strength=…, strict=False)` plays the side's turn and ends it;
  `play_unit(match, unit, rng, *, strength=…)` one unit's; `next_action(match, strength=…)` the next
  action only (None = end the turn), for callers that pace actions. `ai_rng(seed)` is the computer's own
  generator for a match seed, apart from the match's dice.
- Pure, on a snapshot: `snapshot(match)` copies what a decision needs (situation, turn order, the tactics
  a side's player may not use: its `without`);
  `decide(snapshot, strength, rng, *, explain=False) -> Decision` plays the turn out on it with the
  computer's own dice, never using a tactic the snapshot's side may not use; `Decision.actions` (ending
  with end_turn), `Decision.first`, and with explain `Decision.units`: per decision, the options weighed
  with scores, the choice, and why (message keys, parameters, rule ids). `explanation_lines(decision, lang)`
  writes that in a language.

May import rules, game.battle (the match it reads and acts on), game.levels, game.text and the packages
below them; never game.saved, the lab, the window or the command line.
"""

from game.ai.decision import Decision, Option, Reason, UnitChoice
from game.ai.explain import explanation_lines
from game.ai.planner import AIError, acting_units, ai_rng, decide, next_action, play_unit, take_turn
from game.ai.restrict import match_snapshot as snapshot
from game.ai.snapshot import Snapshot
from game.ai.strengths import DEFAULT_STRENGTH, STRENGTHS, parse_strength

__all__ = [
    "DEFAULT_STRENGTH",
    "STRENGTHS",
    "AIError",
    "Decision",
    "Option",
    "Reason",
    "Snapshot",
    "UnitChoice",
    "acting_units",
    "ai_rng",
    "decide",
    "explanation_lines",
    "next_action",
    "parse_strength",
    "play_unit",
    "snapshot",
    "take_turn",
]
