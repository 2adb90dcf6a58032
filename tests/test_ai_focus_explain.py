"""The hard player's explanation names its focus plans (game/ai/explain.py, reasons.py, search.py `scored_plans`):
a strike worth most with the unit's comrades striking the same enemy says so, naming them, in the JSON and the text
of every language, through the grammar of the names."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai import decide, explanation_lines, priority, snapshot
from game.ai.decision import Option, Reason
from game.ai.explain import option_text
from game.battle.match import Match
from game.commands.cli import main
from game.levels.level import parse_level
from game.text.i18n import LANGUAGES
from tests.test_ai_tactics import OPEN, level, unit
from tests.test_grammar import DIE_HEXE, VALEROS

STRIKER = {"speed": 9, "attack": 10, "damage": "1d8+4"}


def _text(ruleset: str, brute_hp: int, comrades: int) -> str:
    """Side a's units (Valeros first, then Kyra, Lem) each in reach of a brute (Gorrug, hits for 2d8+6) and the
    first two of a harmless enemy at 3 hp: one blow (at most 12) cannot fell the brute."""
    units = [
        unit("a1", "a", (4, 4), name="Valeros", **STRIKER),
        unit("a2", "a", (4, 6), name="Kyra", gender="f", **STRIKER),
        unit("a3", "a", (6, 4), name="Lem", **STRIKER),
    ][: 1 + comrades]
    units += [
        unit("pest", "b", (3, 5), name="Pest", speed=9, hp=3, attack=0, damage="1d4"),
        unit("brute", "b", (5, 5), name="Gorrug", speed=9, hp=brute_hp, attack=8, damage="2d8+6"),
    ]
    return level(ruleset, OPEN, units)


def _match(ruleset: str, brute_hp: int = 14, comrades: int = 1) -> Match:
    return Match(parse_level(_text(ruleset, brute_hp, comrades), "<focus>"), 1)


def _plain_pick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's side with normal's pick in dnd5e and pf1 too: with the priority pick Kyra strikes the brute in every
    playout already, so the blow at the brute is worth as much alone as in the focus plan, and names no comrade."""
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())


def _chosen(match: Match, seed: int) -> Option:
    decision = decide(snapshot(match), "hard", random.Random(seed), explain=True)
    choice = decision.units[0].choice
    assert choice is not None and choice.actions[0] == decision.first
    return choice


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_the_chosen_focus_plan_names_its_comrade_in_json_and_every_language(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-ATTACK, GB-TURN: hard opens on the brute because Kyra's blow in the same turn fells it with Valeros's (the
    focus plan, every seed); the reason keeps its key and params, adds `focus` (the comrades) and GB-TURN, and the
    text names Kyra in every language. The option worth most alone (the harmless enemy) names no comrade."""
    _plain_pick(monkeypatch)
    match = _match(ruleset)
    names = match.level.display_names
    for seed in range(4):
        chosen = _chosen(match, seed)
        reason = chosen.reason.to_json()
        assert chosen.actions[0].target == "brute" and reason["key"] == "ai.attack"
        assert reason["params"] == {"unit": "a1", "target": "brute", "hp": 14, "focus": ["a2"]}
        assert "GB-ATTACK" in reason["rules"] and "GB-TURN" in reason["rules"]
    decision = decide(snapshot(match), "hard", random.Random(0), explain=True)
    others = [o for o in decision.units[0].options if o.actions and o.actions[0].target == "pest"]
    assert others and all("focus" not in o.reason.to_json()["params"] for o in others)
    expected = {
        "en": "Valeros attacks Gorrug (hp: 14), together with Kyra: a focused attack",
        "de": "gemeinsam mit Kyra: ein gebündelter Angriff, alle Schläge auf denselben Gegner",
        "it": "insieme a Kyra: un attacco concentrato, tutti i colpi sullo stesso nemico",
        "he": "יחד עם Kyra: התקפה מרוכזת, כל המכות על אותו אויב",
    }
    for lang in LANGUAGES:
        line = explanation_lines(decision, lang, names)[1]
        assert line.lstrip().startswith("►") and expected[lang] in line and "GB-TURN" in line
        assert "Kyra" not in explanation_lines(decision, lang, names)[2]


def test_every_comrade_of_the_plan_is_named_in_level_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-ATTACK: with two comrades in reach of a brute at 20 hp, an opening worth most as a focus plan names both,
    in level order; its text lists them."""
    _plain_pick(monkeypatch)
    match = _match("pf1", brute_hp=20, comrades=2)
    focused = [o for o in (_chosen(match, seed) for seed in range(6)) if "focus" in dict(o.reason.params)]
    assert focused, "hard chose no focus plan from six seeds"
    for option in focused:
        assert dict(option.reason.params)["focus"] == ("a2", "a3")
        assert "together with Kyra, Lem:" in option_text(option, "en", match.level.display_names)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "together with the Witch:"),
        ("de", "gemeinsam mit der Hexe:"),
        ("it", "insieme alla strega:"),
        ("he", "יחד עם המכשפה:"),
        ("de", "gemeinsam mit der Hexe, Valeros:"),
    ],
)
def test_the_comrades_take_the_form_their_language_asks_for(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comrades' names go to the message as names (Nouns), so each language declines them (German dative,
    Italian article merged with the preposition)."""
    _plain_pick(monkeypatch)
    match = _match("pf1")
    option = _chosen(match, 0)
    names = {**match.level.display_names, "a2": DIE_HEXE, "a3": VALEROS}
    if said.count(",") == 1:  # two comrades: the same reason with a second one
        params = tuple((k, ("a2", "a3") if k == "focus" else v) for k, v in option.reason.params)
        option = Option(option.actions, option.score, type(option.reason)(option.reason.key, params, ()))
    assert said in option_text(option, lang, names)


def test_advise_explains_the_focus_plan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-TURN: `advise --ai hard --explain` carries the focus plan's comrades in its JSON and names them in its
    text; the JSON's other fields stay as they were."""
    _plain_pick(monkeypatch)
    path = tmp_path / "focus.toml"
    path.write_text(_text("dnd5e", 14, 1), encoding="utf-8")
    assert main(["advise", str(path), "--ai", "hard", "--json", "--explain"]) == 0
    data = json.loads(capsys.readouterr().out)
    first = data["explain"][0]
    chosen = first["options"][first["chosen"]]
    assert chosen["actions"][0] == data["actions"][0] == {"action": "attack", "unit": "a1", "target": "brute"}
    assert chosen["reason"]["params"]["focus"] == ["a2"] and set(chosen) == {"actions", "score", "reason"}
    assert main(["advise", str(path), "--ai", "hard", "--explain", "--lang", "de"]) == 0
    assert "gemeinsam mit Kyra: ein gebündelter Angriff" in capsys.readouterr().out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_moves_square_is_written_as_a_square_in_every_language(lang: str) -> None:
    # GB-TURN: the reason keeps "5,2" as its data; its sentence wrote it so too ("si sposta in 5,2", a decimal in
    # Italian and German), where every other text writes [5, 2]
    option = Option((), 0.0, Reason("ai.move", (("unit", "a1"), ("to", "5,2"), ("count", 0), ("kind", "move")), ()))
    text = option_text(option, lang, {"a1": "Valeros"})
    assert "[5, 2]" in text and "5,2" not in text, text
