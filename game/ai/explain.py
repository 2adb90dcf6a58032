"""A Decision's explanation as lines of text in a language: per decision the options weighed, the choice, the ids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.decision import Decision, Option
from game.text.i18n import action_name, square_text, t


def _params(option: Option, lang: str | None, names: Mapping[str, str]) -> dict[str, Any]:
    """The reason's parameters for the message: unit ids as display names, action kinds in the language."""
    out: dict[str, Any] = {}
    for key, value in option.reason.params:
        if key in ("focus", "hold", "joint"):  # the plan: said by `option_text` around the reason's own sentence
            continue
        if key in ("unit", "target", "comrade"):
            value = names.get(str(value), value)
        elif key == "kind":
            value = action_name(str(value), lang)
        elif key == "to":  # "5,2" in the reason's data: written as a square ("5,2" reads as a decimal in Italian)
            x, _, y = str(value).partition(",")
            value = square_text((int(x), int(y)), lang) if x.isdigit() and y.isdigit() else value
        out[key] = value
    return out


def option_text(option: Option, lang: str | None = None, names: Mapping[str, str] | None = None) -> str:
    """What one option does and why, in `lang`; an option worth most as a focus plan names the comrades in it, one
    worth most as a hold plan says that its side waits with it, one worth most in the side's joint plan (the greedy
    search's assignment) names the comrades who play another part in it."""
    names = names or {}
    text = t(option.reason.key, lang, **_params(option, lang, names))
    params = dict(option.reason.params)
    if params.get("hold"):
        return t("ai_hold.together", lang, text=text)
    key = "ai_joint.together" if params.get("joint") else "ai_focus.together"
    team = params.get("joint") or params.get("focus")
    if not team:
        return text
    comrades = tuple(names.get(str(c), str(c)) for c in team)
    return t(key, lang, text=text, comrade=comrades[0] if len(comrades) == 1 else comrades)


def explanation_lines(decision: Decision, lang: str | None = None, names: Mapping[str, str] | None = None) -> list[str]:
    """The explanation of `decision` (made with explain=True) as lines in `lang`; `names`: unit id → display name.

    One heading per decision, then its options best first, the chosen one marked, each with
    its score and the rule ids that decided it.
    """
    names = names or {}
    lines: list[str] = []
    for choice in decision.units:
        lines.append(t("ai.weighs", lang, unit=names.get(choice.unit, choice.unit)))
        for k, option in enumerate(choice.options):
            key = "ai.chosen" if k == choice.chosen else "ai.option"
            rules = ", ".join(option.reason.rules) or "—"
            lines.append(t(key, lang, text=option_text(option, lang, names), score=float(option.score), rules=rules))
    return lines
