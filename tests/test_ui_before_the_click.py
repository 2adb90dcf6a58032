"""Every mode tells before the click: a hexxen enemy says on hover whether the chosen tactic may take it and, if
not, the rule that decides; an armed sneak attack says it of the enemy under the pointer; attacks of opportunity
are forecast only from units with a reaction left (GB-AOO), and a "provokes" line nobody answered says why."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.battle.match import LogEntry, Match
from game.levels.level import load_level
from game.ui import overlays
from game.ui.controller import BattleController
from game.ui.forecast import Forecast, opportunities
from game.ui.input_states import Armed, Selected
from game.ui.log_notes import untaken
from rules.core import Event
from tests.test_ui_release import VILLAGE
from tests.ui_helpers import FIELD, battle, hover, open_app

BOUND = VILLAGE.replace('id = "n1"', 'id = "n1"\nname = "Cultist"')


def _village(tmp_path: Path) -> Path:
    path = tmp_path / "village.toml"
    path.write_text(BOUND, encoding="utf-8")
    return path


@pytest.mark.parametrize(("tactic", "rule"), [("relieve", "HX-RELIEF"), ("cut_in", "HX-CUTIN")])
def test_a_hexxen_enemy_the_chosen_tactic_cannot_take_says_why_on_hover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tactic: str, rule: str
) -> None:
    """Seen in a window: with relieve or cut in chosen, hovering the cultist showed nothing; the reason came only
    after the click. Nobody is bound to it, so neither tactic can take it, and the rule that says so is named."""
    shown: list[str] = []
    real = overlays.draw_tip
    monkeypatch.setattr(
        overlays, "draw_tip", lambda screen, text, *a, **k: shown.append(text) or real(screen, text, *a, **k)
    )
    app = open_app(_village(tmp_path))
    try:
        scene = battle(app)
        scene.ctl.select("h1")
        scene.ctl.choose_tactic(tactic)
        assert scene.view is not None
        sit = scene.ctl.situation()
        assert "n1" not in scene.ctl.look.attackable() and not sit.bindings  # the situation the rule speaks of
        hover(app, scene.view.square_center(sit.creatures["n1"].at))
        assert shown, "nothing said on hover"
        assert f"[{rule}]" in shown[-1] and "Cultist" in shown[-1]
        assert "relieve" in shown[-1] or "cut in" in shown[-1]  # the tactic it was asked for
        shown.clear()
        scene.ctl.choose_tactic("front")
        hover(app, (1, 1))
        hover(app, scene.view.square_center(sit.creatures["n1"].at))
        assert "%" in shown[-1] and "[HX-RELIEF]" not in shown[-1]  # the front attack's forecast instead
    finally:
        app.close()


def test_an_armed_sneak_attack_says_of_the_enemy_under_the_pointer_why_not(tmp_path: Path) -> None:
    ctl = BattleController(Match(load_level(_village(tmp_path)), seed=1))
    ctl.select("h1")
    ctl.enter(Armed("h1", "sneak_attack"))
    sit = ctl.situation()
    assert not sit.bindings  # the cultist is bound to nobody: HX-SNEAK-REQ forbids the sneak attack
    tip = ctl.look.armed_tip(sit.creatures["n1"].at)
    assert "[HX-SNEAK-REQ]" in tip and "Cultist" in tip
    assert "[HX-SNEAK-REQ]" not in ctl.look.armed_tip((5, 5))  # an empty square: whom to click


def _pf1(tmp_path: Path) -> Match:
    path = tmp_path / "aoo.toml"
    path.write_text(FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [4, 3]"), encoding="utf-8")
    return Match(load_level(path), seed=1)


def test_attacks_of_opportunity_are_forecast_only_from_units_with_a_reaction_left(tmp_path: Path) -> None:
    match = _pf1(tmp_path)
    sit = match.situation()
    forecast = Forecast.build(match.ruleset, sit, "hero")
    past = next(
        p for sq, r in forecast.reach.items() if (p := forecast.preview(match.ruleset, sit, sq)) and p.provokers
    )
    assert past.provokers == ("ogre",) and past.provoking
    spent = sit.creatures["ogre"].evolve(reaction_round=sit.round, reactions_used=1)
    used = dataclasses.replace(sit, creatures={**sit.creatures, "ogre": spent})
    assert opportunities(past.result, used) == ((), ()), "the ogre used its reaction this round: no warning"
    next_round = dataclasses.replace(used, round=sit.round + 1)
    assert opportunities(past.result, next_round)[1] == ("ogre",), "a new round gives the reaction back"
    down = dataclasses.replace(sit, creatures={**sit.creatures, "ogre": sit.creatures["ogre"].evolve(defeated=True)})
    assert opportunities(past.result, down) == ((), ())


def _event(kind: str, unit: str, by: str) -> LogEntry:
    event = Event(kind, "GB-AOO", unit=unit, by=by, at=(3, 2))
    return LogEntry(1, unit, kind, kind, ("GB-AOO",), True, (event,))


def test_a_provokes_line_with_no_attack_after_it_is_marked_and_one_answered_is_not() -> None:
    move = LogEntry(1, "hero", "move", "hero move", ("PF1-MOVE-ACTION",), True, ())
    log = [
        move,
        _event("provokes", "hero", "ogre"),
        _event("opportunity_attack", "ogre", "hero"),
        _event("provokes", "hero", "goblin"),
        move,
        _event("provokes", "hero", "ogre"),
    ]
    assert untaken(log) == frozenset({3, 5})


def test_the_log_says_why_no_attack_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.text.i18n import t

    app = open_app(_pf1_path(tmp_path))
    try:
        scene = battle(app)
        app.session.match.log.append(_event("provokes", "hero", "ogre"))
        scene.ctl.changed()
        app.step()
        expected = t("aoo_note.untaken", other="Ogre")
        rendered: list[str] = []
        real = overlays.theme.render
        monkeypatch.setattr(
            overlays.theme, "render", lambda text, *a, **k: rendered.append(text) or real(text, *a, **k)
        )
        scene.relayout(app.screen.get_size())
        app.step()
        assert any(expected.split(":")[0].strip("— ") in line for line in rendered), rendered[-12:]
    finally:
        app.close()


def _pf1_path(tmp_path: Path) -> Path:
    path = tmp_path / "aoo.toml"
    path.write_text(FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [4, 3]"), encoding="utf-8")
    return path


# --- every refusal names the rule that decided -------------------------------------------------------------

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def test_the_huge_giant_at_the_narrow_crack_is_told_too_narrow_not_the_corner() -> None:
    """Seen in a window: the cave giant beside the one-square crack was refused with PF1-CORNER; no footprint of
    it, full or squeezed, fits at the crack, so the crack's narrowness decides (PF1-SQUEEZE)."""
    from rules.core import Refusal
    from rules.pf1.space import FULL, TALL, WIDE, Mover

    match = Match(load_level(LEVELS / "pf1_corridors.toml"), seed=1)
    ctl = BattleController(match)
    sit = ctl.situation()
    crack = (11, 3)
    assert "narrow" in sit.board.terrain(crack).kinds and sit.creatures["cave_giant"].dims == (3, 3)
    mover = Mover(sit, "cave_giant")
    assert all(isinstance(mover.check(crack, mover.dims(o), o != FULL), Refusal) for o in (FULL, WIDE, TALL))
    ctl.state = Selected("cave_giant")  # the computer's unit, looked at as if it were the player's
    ctl.forecast = Forecast.build(match.ruleset, sit, "cave_giant")
    assert crack not in ctl.forecast.reach
    why = ctl.look.why_not_here(crack)
    assert why is not None and why.endswith("[PF1-SQUEEZE]") and "PF1-CORNER" not in why


def test_a_straight_step_through_a_wall_edge_names_the_wall_not_the_corner(tmp_path: Path) -> None:
    edges = "".join(f'[[map.edges]]\na = [3, {y}]\nb = [4, {y}]\nkind = "blocking"\n' for y in range(1, 5))
    path = tmp_path / "edge.toml"
    path.write_text(FIELD.format(ruleset="pf1").replace("[[sides]]", edges + "[[sides]]", 1), encoding="utf-8")
    ctl = BattleController(Match(load_level(path), seed=1))
    ctl.select("hero")
    sit = ctl.situation()
    assert sit.board.edges[frozenset({(3, 2), (4, 2)})] == "blocking"  # the wall between the two squares
    assert (3, 2) in ctl.forecast.reach and (4, 2) not in ctl.forecast.reach  # type: ignore[union-attr]
    why = ctl.look.why_not_here((4, 2))
    assert why is not None and why.endswith("[PF1-OBSTACLE-BLOCK]") and "PF1-CORNER" not in why


# --- the attack forecast says what its numbers come from ----------------------------------------------------


@pytest.mark.parametrize(("hp", "key"), [(3, "may_drop"), (1, "drops"), (40, "survives")])
def test_the_forecast_names_the_face_that_hits_and_whether_a_hit_drops_the_target(
    tmp_path: Path, hp: int, key: str
) -> None:
    """Seen in review: the forecast gave the chance and the damage but not the d20 face behind the chance, the
    target's hit points, or whether the hit would drop it."""
    from game.text.i18n import t
    from game.ui.odds import _Dice
    from rules.actions import Action

    path = tmp_path / "near.toml"
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]\nspeed = 9", f"at = [2, 2]\nspeed = 9\nhp = {hp}")
    path.write_text(text, encoding="utf-8")
    ctl = BattleController(Match(load_level(path), seed=1))
    ctl.select("hero")
    odds = ctl.look.odds("ogre")
    assert not isinstance(odds, Exception) and odds.needs is not None
    sit = ctl.situation()
    attack = Action("attack", "hero", target="ogre")
    hit_below = ctl.match.ruleset.rule(sit, attack, _Dice((odds.needs - 1,)))
    hit_at = ctl.match.ruleset.rule(sit, attack, _Dice((odds.needs,)))
    assert not any(e.kind == "hit" for e in hit_below.events) and any(e.kind == "hit" for e in hit_at.events)
    tip = ctl.look.attack_tip("ogre", confirm=False)
    assert t("forecast_parts.needs", face=odds.needs) in tip or odds.needs in (2, 20)
    assert t(f"forecast_parts.{key}", target="Ogre", hp=hp) in tip, tip
