"""One attack flow in pf1, dnd5e and hexxen: hover an enemy → the forecast; click → aimed; a second click
moves into reach (the cheapest square from which rule() accepts the attack) and attacks, as two actions
through the one action path. Only enemies attackable this turn are ringed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.battle.match import Match
from game.levels.level import load_level
from game.ui.approach import Approach, _could_reach, find_approach
from game.ui.controller import BattleController
from game.ui.forecast import Forecast, action_for_band
from game.ui.odds import MissingDice
from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, footprint
from rules.effects import apply
from rules.geometry import chebyshev, footprint_distance
from tests.ui_helpers import FIELD, battle, click, click_unit, hover, open_app

GOBLIN = """
[[units]]
id = "goblin"
name = "Goblin"
side = "blue"
at = [4, 3]
speed = 9
"""


def click_on(ctl: BattleController, unit: str) -> None:
    """A click on the square `unit` stands on (an enemy: the forecast first, then the confirmed attack)."""
    ctl.click_square(ctl.situation().creatures[unit].at)


def _level(tmp_path: Path, ruleset: str, hero_speed: int = 9, goblin: bool = False) -> Path:
    text = FIELD.format(ruleset=ruleset).replace("at = [1, 2]\nspeed = 9", f"at = [1, 2]\nspeed = {hero_speed}")
    if ruleset == "hexxen":
        text = text.replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n')
    if goblin:
        text += GOBLIN.replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n') if ruleset == "hexxen" else GOBLIN
    path = tmp_path / f"flow_{ruleset}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _controller(path: Path) -> BattleController:
    ctl = BattleController(Match(load_level(path), seed=3))
    ctl.select("hero")
    return ctl


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_the_controller_moves_into_reach_by_the_cheapest_legal_square_then_attacks(tmp_path: Path, ruleset: str):
    ctl = _controller(_level(tmp_path, ruleset))
    sit = ctl.situation()
    ruleset_mod = ctl.match.ruleset
    way = ctl.look.approach_to("ogre")
    assert isinstance(way, Approach) and way.move is not None and way.after is not None
    assert isinstance(ruleset_mod.rule(sit, Action("attack", "hero", target="ogre"), MissingDice()), Illegal)
    # independently: no reachable square cheaper than the chosen one lets rule() accept the attack after the move
    forecast = Forecast.build(ruleset_mod, sit, "hero")
    chosen = forecast.reach[way.to]
    attack = Action("attack", "hero", target="ogre")
    for entry in forecast.reach.values():
        move = action_for_band(entry.band, "hero", tuple(entry.path))
        moved = ruleset_mod.rule(sit, move, MissingDice())
        ok = isinstance(moved, Ruling) and isinstance(
            ruleset_mod.rule(apply(sit, moved.effects), attack, MissingDice()), Ruling
        )
        if (entry.cost, entry.at) < (chosen.cost, chosen.at):
            assert not ok, f"{entry.at} is cheaper and the attack would be legal from it"
        if entry.at == way.to:
            assert ok
    # the two clicks: aim, then move and attack as two actions through Match.perform
    click_on(ctl, "ogre")
    assert ctl.armed == "attack" and ctl.armed_target == "ogre" and not ctl.match.history
    assert ctl.look.armed_path(way.to) == way.move.path  # the path the move will take is drawn
    click_on(ctl, "ogre")
    kinds = [(r.action.kind, r.result.ok) for r in ctl.match.history]
    assert kinds == [(way.move.kind, True), ("attack", True)]
    assert ctl.match.history[0].action == way.move and ctl.match.history[1].action.target == "ogre"
    assert ctl.situation().creatures["hero"].at == way.to
    # rule() accepts the recorded actions, and replaying them from the seed gives the same board
    again = Match(ctl.match.level, seed=3)
    for record in ctl.match.history:
        assert isinstance(again.perform(record.action), Ruling)
    assert again.situation().creatures == ctl.match.situation().creatures


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_a_move_without_a_die_is_undone_on_its_own(tmp_path: Path, ruleset: str):
    """The move into reach is its own action: when the attack is refused after it, undo takes the move back."""
    ctl = _controller(_level(tmp_path, ruleset))
    way = ctl.look.approach_to("ogre")
    assert isinstance(way, Approach) and way.move is not None
    assert isinstance(ctl.perform(way.move), Ruling)  # as the second click does first
    ctl.undo()
    assert ctl.match.history == [] and ctl.situation().creatures["hero"].at == (1, 2)


def test_hexxen_attacks_by_engaging_after_the_confirming_click(tmp_path: Path):
    ctl = _controller(_level(tmp_path, "hexxen"))
    way = ctl.look.approach_to("ogre")
    assert isinstance(way, Approach) and way.move is None  # the attack engages by itself (HX-GRID-MAP)
    assert "ogre" in ctl.targets()
    click_on(ctl, "ogre")
    assert not ctl.match.history and ctl.armed == "attack"
    click_on(ctl, "ogre")
    [record] = ctl.match.history
    assert record.action.kind == "attack" and record.result.ok
    assert ctl.situation().creatures["hero"].at != (1, 2)  # moved next to the ogre by the engagement


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_only_enemies_attackable_this_turn_are_ringed(tmp_path: Path, ruleset: str):
    # a slow hero: the goblin is within one move of reach, the ogre is not
    ctl = _controller(_level(tmp_path, ruleset, hero_speed=3, goblin=True))
    assert ctl.targets() == frozenset({"goblin"})
    assert isinstance(ctl.look.approach_to("ogre"), Illegal)
    click_on(ctl, "ogre")  # a click on it says why and performs nothing
    assert ctl.armed is None and not ctl.match.history and ctl.toast
    ctl.use_action("attack")  # armed from the bar: still only the attackable are ringed
    assert ctl.targets() == frozenset({"goblin"})


def test_find_approach_asks_the_rules_not_the_geometry(tmp_path: Path):
    """A target in reach needs no move; one that no square of the reach can strike is refused with rule()'s reason."""
    level = load_level(_level(tmp_path, "pf1", hero_speed=3))
    match = Match(level, seed=1)
    sit = match.situation()
    reach = Forecast.build(match.ruleset, sit, "hero").reach
    refused = find_approach(match.ruleset, sit, "hero", "ogre", reach)
    assert isinstance(refused, Illegal)
    assert refused == match.ruleset.rule(sit, Action("attack", "hero", target="ogre"), random.Random(0))


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e", "hexxen"])
def test_hover_click_click_in_the_window(tmp_path: Path, ruleset: str):
    app = open_app(_level(tmp_path, ruleset))
    try:
        scene = battle(app)
        click_unit(app, "hero")
        assert scene.view is not None
        ogre_at = scene.view.square_center(scene.ctl.situation().creatures["ogre"].at)
        before = len(scene.frame.overlay_rects)
        hover(app, ogre_at)  # the forecast, before any click
        assert len(scene.frame.overlay_rects) > before and not app.session.match.history
        click(app, ogre_at)
        assert scene.ctl.armed == "attack" and not app.session.match.history
        click(app, ogre_at)
        kinds = [r.action.kind for r in app.session.match.history if r.result.ok]
        assert kinds[-1] == "attack" and (ruleset == "hexxen") == (len(kinds) == 1)
    finally:
        app.close()


def test_the_unit_card_names_whom_the_unit_is_bound_to(tmp_path: Path):
    """Seen in a real window: "bound to kultist_3". The card says the name players know."""
    from game.ui.panel_model import build_panel_model

    ctl = _controller(_level(tmp_path, "hexxen"))
    click_on(ctl, "ogre")
    click_on(ctl, "ogre")
    assert ctl.match.situation().bindings == {frozenset(("hero", "ogre"))}
    ctl.select("hero")
    card = build_panel_model(ctl, {}).card
    assert card is not None and card.bound_to == ("Ogre",)


@settings(max_examples=200, deadline=None)
@given(
    st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
    st.tuples(st.integers(1, 4), st.integers(1, 4)),
    st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
    st.tuples(st.integers(1, 4), st.integers(1, 4)),
    st.sampled_from([1.5, 3.0, 4.5, 6.0]),
)
def test_the_quick_reach_test_is_the_square_by_square_distance(at, dims, foe_at, foe_dims, reach_m):
    """_could_reach works the footprints' Chebyshev distance out from their edges: the same answer as
    comparing every pair of squares (footprint_distance), for any sizes and places."""
    me = Creature("me", "a", (0, 0), reach=reach_m, space=dims)
    foe = Creature("foe", "b", foe_at, space=foe_dims)
    squares = max(1, round(reach_m / 1.5)) + 1
    mine = footprint(at, dims)
    assert _could_reach(me, at, foe) == (footprint_distance(mine, foe.footprint(), chebyshev) <= squares)
