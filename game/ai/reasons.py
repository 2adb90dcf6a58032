"""Why an action: the `[ai]` message key, its parameters and the rule ids, read from the rules' own ruling of it."""

from __future__ import annotations

import random

from game.ai import dnd5e_wait, pf1_pick
from game.ai.decision import Reason
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Illegal, Ruling

_MOVES = ("move", "double_move", "run", "dash", "minimum_move", "overrun", "tumble")


def _provoked(result: Ruling) -> int:
    """Attacks of opportunity the ruling's path draws."""
    return sum(1 for e in result.events if e.kind == "provokes") + sum(
        1 for s in result.steps for e in s.events if e.kind == "provokes"
    )


def reason_for(snap: Snapshot, action: Action | None, unit: str | None = None, team: tuple[str, ...] = ()) -> Reason:
    """The reason for taking `action` now (None: the unit stops), with the ids the dry ruling cites; `team`: the
    comrades of the focus plan the action is worth (they strike its target too, in turn order: GB-TURN)."""
    if action is None:
        if unit and pf1_pick.waits_out_charge(snap, unit):
            return Reason("ai.waits_charge", (("unit", unit),), ("PF1-CHARGE", "GB-TURN"))
        if unit and dnd5e_wait.waits_for_enemy(snap, unit):
            return Reason("ai.waits_move", (("unit", unit),), ("D5-SPEED", "GB-TURN"))
        if unit and dnd5e_wait.holds_for_enemy(snap, unit):
            return Reason("ai.waits_hold", (("unit", unit),), ("D5-SPEED", "GB-TURN"))
        return Reason("ai.done", (("unit", unit or ""),), ("GB-TURN",))
    unit = action.unit or ""
    result = snap.ruleset.rule(snap.sit, action, random.Random(0))
    if isinstance(result, Illegal):
        return Reason("ai.refused", (("unit", unit),), (result.rule,))
    rules = tuple(dict.fromkeys((*result.rules, *(e.rule for e in result.events))))
    kind = action.kind
    params: list[tuple[str, object]] = [("unit", unit)]
    if action.target:
        params.append(("target", action.target))
        params.append(("hp", snap.sit.creatures[action.target].hp))
    if action.path:
        params.append(("to", f"{action.path[-1][0]},{action.path[-1][1]}"))
    if kind == "attack" and action.tactic in ("relieve", "cut_in"):
        key = f"ai.{action.tactic}"
        params.append(("comrade", action.release or ""))
    elif kind in ("attack", "sneak_attack", "charge", "step", "stand_up", "drop_prone", "interact", "engage"):
        key = f"ai.{kind}"
    elif kind in _MOVES:
        provoked = _provoked(result)
        key = "ai.move_provoking" if provoked else "ai.move"
        params.append(("count", provoked))
        params.append(("kind", kind))
    else:
        key = "ai.other"
        params.append(("kind", kind))
    if team and action.target:
        # extends the reason: its key and params stay, `focus` names the comrades that strike the same enemy
        params.append(("focus", team))
        rules = tuple(dict.fromkeys((*rules, "GB-TURN")))
    return Reason(key, tuple(params), rules)
