"""`run`'s text output: what the script did, in the player's language (the JSON keeps ids and kinds)."""

from __future__ import annotations

from typing import Any

from game.battle.match import DoorChange
from game.text.i18n import action_name, describe_door, describe_event, refusal, t
from rules.core import Event, Illegal


def ok_line(index: int, unit: Any, kind: str, metres: float, rules: str) -> str:
    """One ruled action's line; an action of the side rather than of a unit (ending the turn) names no unit."""
    if not unit:
        return t("cli.run_ok_side", index=index, kind=kind, metres=metres, rules=rules)
    return t("cli.run_ok", index=index, unit=unit, kind=kind, metres=metres, rules=rules)


def run_lines(
    level: Any,
    script: Any,
    data: dict[str, Any],
    events: list[tuple[Event, ...]],
    doors: list[DoorChange | None],
    refused: Illegal | None,
) -> None:
    """`run`'s text output: names and action words in the player's language (the JSON keeps ids and kinds)."""
    names = level.display_names
    for r, ruled, door in zip(data["results"], events, doors, strict=True):
        action = script.actions[r["index"]]
        rules = " ".join(r["rules"])
        uid, metres = action.unit or "", float(r["cost_m"])
        unit, kind = names.get(uid, uid), action_name(action.kind)
        print(ok_line(r["index"], unit, kind, metres, rules))
        if door is not None:
            print(f"      {describe_door(unit, door)}")
        for event in ruled:
            print(f"      {describe_event(event, names=names)} [{event.rule}]")
    state, error = data["state"], data["error"]
    if error:
        print(t("cli.run_refused", index=error["index"], reason=refusal(refused, names=names)))
    winner = state.get("winner")
    if winner:  # the match is over: who won, not who would act next
        print(t("cli.run_won", round=state["round"], side=names.get(winner, winner)))
    else:
        print(t("cli.run_round", round=state["round"], side=names.get(state["active"], state["active"])))
    for uid, u in state["units"].items():
        unit = names.get(uid, uid)
        flags = " ".join(t(f"state.{k}", unit=unit) for k in ("prone", "helpless", "squeezed", "defeated") if u[k])
        partners = tuple(names.get(p, p) for p in u["bound_to"])
        bound = t("cli.bound_to", unit=unit, units=partners) if partners else ""
        print(t("cli.run_unit", unit=unit, at=u["at"], hp=u["hp"], flags=flags, bound=bound).rstrip())
