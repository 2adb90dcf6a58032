"""A whole hot-seat match played with the mouse alone: select, move, forecast and attack, end the turn,
confirm, hand over — until one side wins. No key is pressed."""

from __future__ import annotations

from pathlib import Path

from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.victory import VictoryScene
from tests.ui_helpers import FIELD, click, open_app


def _button(scene: BattleScene, intent: str) -> tuple[int, int]:
    assert scene.panel is not None
    return next(b for b in scene.panel.buttons if b.intent == intent).rect.center


def test_a_hot_seat_match_is_played_to_the_end_with_clicks_only(tmp_path: Path) -> None:
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]\nspeed = 9", "at = [6, 2]\nspeed = 9\nhp = 6\nattack = 8")
    text = text.replace("at = [1, 2]\nspeed = 9", 'at = [1, 2]\nspeed = 9\nhp = 9\nattack = 8\ndamage = "1d6"')
    level = tmp_path / "duel.toml"
    level.write_text(text, encoding="utf-8")
    app = open_app(level)
    try:
        battle = app.scene
        assert isinstance(battle, BattleScene) and battle.view is not None
        for _turn in range(60):
            if isinstance(app.scene, VictoryScene):
                break
            assert app.scene is battle
            side = app.session.match.active_side
            me = next(u for u in battle.ctl.actors)
            click(app, battle.view.square_center(battle.ctl.situation().creatures[me].at))  # select
            sit = battle.ctl.situation()
            foe = next(c for c in sit.creatures.values() if c.side != sit.creatures[me].side)
            mine = sit.creatures[me]
            if max(abs(mine.at[0] - foe.at[0]), abs(mine.at[1] - foe.at[1])) > 1 and battle.ctl.forecast:
                # walk to the reachable square nearest the enemy (a move, so the attack stays possible)
                near = min(
                    (sq for sq, r in battle.ctl.forecast.reach.items() if r.band == "move"),
                    key=lambda sq: (max(abs(sq[0] - foe.at[0]), abs(sq[1] - foe.at[1])), sq),
                )
                click(app, battle.view.square_center(near))
                click(app, battle.view.square_center(battle.ctl.situation().creatures[me].at))
            foe_at = battle.ctl.situation().creatures[foe.id].at
            click(app, battle.view.square_center(foe_at))  # the forecast
            if battle.ctl.armed == "attack":
                click(app, battle.view.square_center(foe_at))  # the attack
            if isinstance(app.scene, VictoryScene):
                break
            click(app, _button(battle, "action:end_turn"))
            if isinstance(app.scene, DialogScene):
                click(app, app.scene.buttons[0].rect.center)  # end the turn anyway
            assert isinstance(app.scene, HandOverScene) and app.session.match.active_side != side
            assert app.scene.button is not None
            click(app, app.scene.button.rect.center)
        assert isinstance(app.scene, VictoryScene) and app.session.match.finished
        attacks = [r for r in app.session.match.history if r.action.kind == "attack" and r.result.ok]
        assert attacks and all(r.result.ok for r in app.session.match.history), "every click became a legal action"
    finally:
        app.close()
