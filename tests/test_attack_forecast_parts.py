"""The full attack forecast: the chance to hit with its parts (attack, defence, every modifier with its rule id),
natural 20 and 1, advantage, damage range, the target's hit points, and the bindings a hexxen attack makes — all
read from the ruling's own roll (`Event.to_hit`), never from a second formula."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.battle.match import Match
from game.levels.level import load_level
from game.text.catalog import rule_text
from game.text.i18n import describe_event, set_language, t
from game.ui.controller import BattleController
from game.ui.odds import Odds, _Dice, signed
from rules.actions import Action
from rules.combat import resolve_attack, to_hit
from rules.core import Creature, Event, Ruling
from rules.pf1.attacks import GB_CHARGE
from rules.pf1.movement import GB_PRONE
from rules.ruleset import get_ruleset
from rules.to_hit import Modifier, ToHit
from tests.test_ui_release import VILLAGE
from tests.ui_helpers import FIELD

ROLL = re.compile(r"d20 (\d+)(?: of \[[0-9, ]+\])? \+ (-?\d+) = (-?\d+) vs (-?\d+)")


def _controller(tmp_path: Path, ruleset: str, ogre: str = "", hero: str = "") -> BattleController:
    """Hero beside the ogre (at [2, 2] and [3, 2]); `ogre`/`hero` add unit keys."""
    text = FIELD.format(ruleset=ruleset)
    text = text.replace("at = [6, 2]\nspeed = 9", f"at = [3, 2]\nspeed = 9\nhp = 30\n{ogre}")
    text = text.replace("at = [1, 2]\nspeed = 9", f"at = [2, 2]\nspeed = 9\n{hero}")
    path = tmp_path / f"{ruleset}.toml"
    path.write_text(text, encoding="utf-8")
    ctl = BattleController(Match(load_level(path), seed=1))
    ctl.select("hero")
    assert ctl.selected == "hero"
    return ctl


def _roll_event(ruling: Ruling, unit: str, target: str) -> Event:
    return next(e for e in ruling.events if e.kind in ("hit", "miss") and e.unit == unit and e.by == target)


def _odds(ctl: BattleController, target: str) -> Odds:
    odds = ctl.look.odds(target)
    assert isinstance(odds, Odds), odds
    return odds


def test_pf1_forecast_parts_are_the_numbers_the_ruling_rolled(tmp_path: Path) -> None:
    """A prone ogre: −4 to its defence [GB-PF-PRONE]. The forecast's parts are the hit event's own, and the
    total and defence the log line shows are the parts' sums."""
    ctl = _controller(tmp_path, "pf1", ogre="prone = true")
    odds = _odds(ctl, "ogre")
    parts = odds.to_hit
    assert parts is not None
    sit = ctl.situation()
    ogre, hero = sit.creatures["ogre"], sit.creatures["hero"]
    assert parts.modifiers == (Modifier(GB_PRONE, -4, on_defense=True),)
    assert (parts.attack, parts.defense) == (hero.attack, ogre.defense)
    for seed in range(8):
        ruling = ctl.match.ruleset.rule(sit, Action("attack", "hero", target="ogre"), random.Random(seed))
        assert isinstance(ruling, Ruling)
        event = _roll_event(ruling, "hero", "ogre")
        assert event.to_hit == parts
        natural, bonus, total, defense = map(int, ROLL.search(event.detail).groups())  # type: ignore[union-attr]
        assert (bonus, defense, total) == (parts.bonus, parts.target, natural + parts.bonus)
    assert odds.needs == parts.needs
    tip = ctl.look.attack_tip("ogre", confirm=False)
    assert f"{signed(-4)} " in tip and f"[{GB_PRONE}]" in tip
    said = t("attack_parts.modifier", value=signed(-4), title=rule_text(GB_PRONE, "en").title, rule=GB_PRONE)
    base = t("attack_parts.base", value=str(ogre.defense))
    assert t("attack_parts.defense", total=parts.target, parts=f"{base} · {said}") in tip  # the penalty spelled out
    assert t("attack_parts.attack_only", total=signed(parts.bonus)) in tip  # no modifier on the roll itself
    assert t("attack_parts.naturals", rule="GB-ATTACK") in tip
    assert t("attack_parts.damage", dice=hero.damage, low=odds.low, high=odds.high) in tip


def test_pf1_a_squeezed_attacker_and_a_charged_target_each_show_their_rule(tmp_path: Path) -> None:
    """The ogre charged last turn (−2 defence, GB-PF-CHARGE) and the hero is squeezed (−4 attack)."""
    from dataclasses import replace

    from rules.pf1.turn import new_turn

    ctl = _controller(tmp_path, "pf1")
    sit = ctl.situation()
    turns = dict(sit.turns)
    turns["ogre"] = replace(new_turn(sit, "ogre"), charged=True)
    creatures = dict(sit.creatures)
    creatures["hero"] = creatures["hero"].evolve(squeezed=True)
    charged = replace(sit, turns=turns, creatures=creatures)
    ruling = ctl.match.ruleset.rule(charged, Action("attack", "hero", target="ogre"), random.Random(1))
    assert isinstance(ruling, Ruling)
    parts = _roll_event(ruling, "hero", "ogre").to_hit
    assert parts is not None
    assert Modifier("PF1-SQUEEZE-PENALTY", -4) in parts.modifiers
    assert Modifier(GB_CHARGE, -2, on_defense=True) in parts.modifiers
    assert parts.bonus == sit.creatures["hero"].attack - 4 and parts.target == sit.creatures["ogre"].defense - 2


def test_pf1_a_charge_rolls_with_its_plus_two_named(tmp_path: Path) -> None:
    """A charge's attack: +2 [GB-PF-CHARGE] on the roll, read from the charge's own ruling."""
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]\nspeed = 9", "at = [7, 1]\nspeed = 9")
    text = text.replace("at = [1, 2]\nspeed = 9", "at = [1, 1]\nspeed = 9")  # row 1 is open ground
    path = tmp_path / "charge.toml"
    path.write_text(text, encoding="utf-8")
    match = Match(load_level(path), seed=1)
    sit = match.situation()
    ruleset = get_ruleset("pf1")
    ends = [end for end in ruleset.charge_ends(sit, "hero", "ogre") if end.refusal is None]  # type: ignore[attr-defined]
    assert ends
    ruling = ruleset.rule(sit, Action("charge", "hero", ends[0].path, target="ogre"), random.Random(2))
    assert isinstance(ruling, Ruling)
    parts = _roll_event(ruling, "hero", "ogre").to_hit
    assert parts is not None and parts.modifiers[0] == Modifier(GB_CHARGE, 2)
    assert parts.bonus == sit.creatures["hero"].attack + 2


def test_dnd5e_advantage_is_named_with_its_rule_and_the_chance_is_the_higher_of_two(tmp_path: Path) -> None:
    """A prone ogre beside the hero: advantage [GB-5E-PRONE-COMBAT]; the chance is 1 − (1 − p)² of one d20's."""
    ctl = _controller(tmp_path, "dnd5e", ogre="prone = true")
    odds = _odds(ctl, "ogre")
    parts = odds.to_hit
    assert parts is not None and parts.advantage == 1 and parts.advantage_rules == ("GB-5E-PRONE-COMBAT",)
    one = (21 - parts.needs) / 20
    assert odds.chance == pytest.approx(1 - (1 - one) ** 2)
    tip = ctl.look.attack_tip("ogre", confirm=False)
    assert t("attack_parts.advantage", rules="GB-5E-PRONE-COMBAT") in tip
    assert t("attack_parts.each_die", face=parts.needs) in tip


def test_hexxen_forecast_names_the_binding_the_attack_makes(tmp_path: Path) -> None:
    """A front attack binds the attacker and its target (HX-BIND-ON-ATTACK): the forecast says so, as the log
    would, from the ruling's own events."""
    path = tmp_path / "village.toml"
    path.write_text(VILLAGE, encoding="utf-8")
    ctl = BattleController(Match(load_level(path), seed=1))
    ctl.select("h1")
    odds = _odds(ctl, "n1")
    assert [(e.kind, e.rule) for e in odds.bindings] == [("bind", "HX-BIND-ON-ATTACK")]
    tip = ctl.look.attack_tip("n1", confirm=False)
    assert t("attack_parts.then", what=describe_event(odds.bindings[0], names=ctl.names())) in tip


@pytest.mark.parametrize("lang", ["en", "de", "it", "he"])
def test_the_parts_are_told_in_every_language(tmp_path: Path, lang: str) -> None:
    ctl = _controller(tmp_path, "pf1", ogre="prone = true")
    try:
        set_language(lang)
        tip = ctl.look.attack_tip("ogre", confirm=False)
        assert f"[{GB_PRONE}]" in tip and "[GB-ATTACK]" in tip
        assert t("attack_parts.naturals", rule="GB-ATTACK") in tip
    finally:
        set_language("en")


@settings(max_examples=60, deadline=None)
@given(
    attack=st.integers(-5, 15),
    defense=st.integers(5, 30),
    mods=st.lists(st.tuples(st.integers(-6, 6), st.booleans()), max_size=3),
    face=st.integers(1, 20),
)
def test_a_face_hits_exactly_when_it_reaches_the_parts_needs(
    attack: int, defense: int, mods: list[tuple[int, bool]], face: int
) -> None:
    """The parts' `needs` is the roll's own threshold: a face hits iff it is at least `needs`."""
    me = Creature(id="a", side="x", at=(0, 0), attack=attack)
    them = Creature(id="b", side="y", at=(1, 0), defense=defense, hp=50)
    modifiers = tuple(Modifier(f"GB-TEST-{i}", v, d) for i, (v, d) in enumerate(mods))
    parts: ToHit = to_hit(me, them, modifiers)
    ruling = resolve_attack("pf1", me, them, _Dice((face,)), mods=modifiers)
    event = _roll_event(ruling, "a", "b")
    assert event.to_hit == parts
    assert (event.kind == "hit") == (face >= parts.needs)
