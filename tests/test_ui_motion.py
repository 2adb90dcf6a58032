"""Motion in the battle window, driven by synthetic events: a move walks square by square on screen, a click or
key skips it (and does nothing else), undo during and after it, the computer's turn waits for its motion and the
camera follows it, attack results float, each game event sounds, and instant moves in --frames runs."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.settings import Settings
from game.ui import theme
from game.ui.app import App
from game.ui.autoplay import AI_DELAY, AutoPlayer
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.timeline import SQUARE_SECONDS
from rules.actions import Action
from rules.core import Ruling
from tests.ui_helpers import FIELD, click, end_turn, key, write_level

HERO = theme.parse_color("#b03a2e", (0, 0, 0))
PATH = ((2, 2), (3, 2), (4, 2), (5, 3))


def open_app(level: Path, **settings: object) -> App:
    app = App(AppOptions(level=str(level), settings=Settings(**settings)))  # type: ignore[arg-type]
    app.step()
    return app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = open_app(write_level(tmp_path))
    yield app
    app.close()


def scene_of(app: App) -> BattleScene:
    assert isinstance(app.scene, BattleScene)
    return app.scene


def run_for(app: App, seconds: float, dt: float = 0.02) -> None:
    """Frames of `dt` seconds until `seconds` have passed."""
    for _ in range(round(seconds / dt)):
        app.step(dt)


def body_color(app: App, square: tuple[float, float]) -> tuple[int, int, int]:
    """The colour of a token's body above its label, for a token whose top-left is `square`."""
    view = scene_of(app).view
    assert view is not None
    x = view.origin[0] + (square[0] + 0.5) * view.cell
    y = view.origin[1] + (square[1] + 0.5 - 0.3) * view.cell
    return tuple(app.screen.get_at((round(x), round(y))))[:3]  # type: ignore[return-value]


def move_hero(app: App) -> None:
    scene_of(app).perform(Action("move", "hero", path=PATH))


def test_a_move_walks_square_by_square_on_the_screen(app: App) -> None:
    scene = scene_of(app)
    move_hero(app)
    assert app.session.match is not None and app.session.match.situation().creatures["hero"].at == (
        5,
        3,
    )  # the match moved at once
    assert scene.stage.motion.playing
    app.step(1.5 * SQUARE_SECONDS)  # half way between the second and third square of the path
    walker = scene.stage.motion.timeline.frame(scene.stage.motion.clock).positions["hero"]  # type: ignore[union-attr]
    assert walker == pytest.approx((2.5, 2.0))
    assert body_color(app, walker) == HERO  # drawn where it walks …
    assert body_color(app, (5, 3)) != HERO  # … not yet where it will stand
    run_for(app, len(PATH) * SQUARE_SECONDS)
    assert not scene.stage.motion.playing
    assert body_color(app, (5, 3)) == HERO
    assert body_color(app, (2.5, 2.0)) != HERO


def test_a_walker_looks_like_the_unit_standing_there(app: App) -> None:
    """On its way a unit keeps its emblem (its art), not a plain disc with its initials."""
    from game.text.art_names import art_of
    from game.ui.patterns import side_shapes
    from game.ui.tokens import draw_token, emblem_box, token_body

    scene = scene_of(app)
    hero = app.session.match.situation().creatures["hero"]  # type: ignore[union-attr]
    move_hero(app)
    app.step(1.5 * SQUARE_SECONDS)
    x, y = scene.stage.motion.timeline.frame(scene.stage.motion.clock).positions["hero"]  # type: ignore[union-attr]
    view = scene.view
    assert view is not None
    cell = view.cell
    rect = pygame.Rect(round(view.origin[0] + x * cell), round(view.origin[1] + y * cell), cell, cell)
    reference = pygame.Surface(rect.size)
    label = scene.stage.motion._labels.get("hero")
    marker = side_shapes(app.session.side_colors).get(hero.side)
    draw_token(reference, hero, reference.get_rect(), HERO, art=art_of(hero), label=label, marker=marker)
    on_screen = app.screen.subsurface(emblem_box(token_body(hero, rect)[0]))
    drawn = reference.subsurface(emblem_box(token_body(hero, reference.get_rect())[0]))
    assert pygame.image.tobytes(on_screen, "RGB") == pygame.image.tobytes(drawn, "RGB")


def test_a_click_during_your_own_motion_finishes_it_and_acts_as_usual(app: App) -> None:
    scene = scene_of(app)
    move_hero(app)
    history = len(app.session.match.history)  # type: ignore[union-attr]
    view = scene.view
    assert view is not None and scene.ctl.selected is None
    click(app, view.square_center((5, 3)))  # where the hero is going: finishes the walk and selects it
    assert not scene.stage.motion.playing
    assert scene.ctl.selected == "hero"
    assert len(app.session.match.history) == history  # type: ignore[union-attr]
    assert body_color(app, (5, 3)) == HERO  # drawn at once where it stands


def test_panning_during_the_motion_does_not_finish_it(app: App) -> None:
    scene = scene_of(app)
    move_hero(app)
    key(app, pygame.K_LEFT, pygame.KMOD_CTRL)  # Ctrl+arrow pans (a plain arrow moves the keyboard cursor)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(0.0)
    assert scene.stage.motion.playing


def test_undo_during_the_motion_finishes_it_and_takes_the_move_back(app: App) -> None:
    scene = scene_of(app)
    move_hero(app)
    key(app, pygame.K_u)
    assert app.session.match is not None and app.session.match.situation().creatures["hero"].at == (1, 2)
    assert not scene.stage.motion.playing  # an undo is not walked back
    app.step()
    assert body_color(app, (1, 2)) == HERO and body_color(app, (5, 3)) != HERO


def test_undo_after_the_motion_shows_the_unit_back_at_once(app: App) -> None:
    scene = scene_of(app)
    move_hero(app)
    run_for(app, 1.0)
    key(app, pygame.K_u)
    assert app.session.match is not None and app.session.match.situation().creatures["hero"].at == (1, 2)
    assert not scene.stage.motion.playing
    assert body_color(app, (1, 2)) == HERO


def test_instant_speed_shows_the_end_at_once(tmp_path: Path) -> None:
    app = open_app(write_level(tmp_path), animation="instant")
    try:
        move_hero(app)
        assert not scene_of(app).stage.motion.playing
        app.step()
        assert body_color(app, (5, 3)) == HERO
        assert app.sound.played[-1] == "move_end"  # heard even without motion
    finally:
        app.close()


def test_fast_speed_is_over_sooner(tmp_path: Path) -> None:
    app = open_app(write_level(tmp_path), animation="fast")
    try:
        move_hero(app)
        scene = scene_of(app)
        assert scene.stage.motion.playing
        run_for(app, 0.5 * len(PATH) * SQUARE_SECONDS)
        assert not scene.stage.motion.playing
    finally:
        app.close()


def test_frames_runs_do_not_animate(tmp_path: Path) -> None:
    app = App(AppOptions(level=str(write_level(tmp_path)), frames=5))
    try:
        app.step()
        move_hero(app)
        assert not scene_of(app).stage.motion.playing
        assert not app.sound.enabled  # a --frames run never opens the mixer
    finally:
        app.close()


def test_every_game_event_is_heard(tmp_path: Path) -> None:
    level = tmp_path / "near.toml"
    level.write_text(FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]"), encoding="utf-8")
    app = open_app(level)
    try:
        scene = scene_of(app)
        view = scene.view
        assert view is not None
        scene.ctl.select(None)
        click(app, view.square_center((1, 2)))
        assert app.sound.played[-1] == "select"
        app.sound.played.clear()
        scene.ctl.use_action("stand_up")  # not prone: refused
        scene.stage.after_event()
        assert "refused" in app.sound.played
        result = scene.perform(Action("attack", "hero", target="ogre"))
        assert isinstance(result, Ruling)
        run_for(app, 2.0)
        heard = app.sound.played
        assert ("hit" in heard) or ("miss" in heard)
        app.sound.played.clear()
        end_turn(app)
        assert "turn_start" in app.sound.played
    finally:
        app.close()


def test_an_attack_floats_its_result_over_the_target(tmp_path: Path) -> None:
    level = tmp_path / "near.toml"
    level.write_text(FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]"), encoding="utf-8")
    app = open_app(level)
    try:
        scene = scene_of(app)
        result = scene.perform(Action("attack", "hero", target="ogre"))
        assert isinstance(result, Ruling)
        app.step(0.05)
        frame = scene.stage.motion.timeline.frame(scene.stage.motion.clock)  # type: ignore[union-attr]
        hits = [e for e in result.events if e.kind in ("hit", "miss")]
        assert [(u, kind) for u, kind, _, _ in frame.texts] == [("ogre", hits[-1].kind.replace("hit", "damage"))]
    finally:
        app.close()


def test_a_hexxen_binding_is_drawn_as_it_forms(tmp_path: Path) -> None:
    level = tmp_path / "bind.toml"
    level.write_text(
        FIELD.format(ruleset="hexxen").replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n'), encoding="utf-8"
    )
    app = open_app(level)
    try:
        scene = scene_of(app)
        result = scene.perform(Action("attack", "hero", target="ogre", tactic="front"))
        assert isinstance(result, Ruling)
        pair = frozenset({"hero", "ogre"})
        assert app.session.match is not None and pair in app.session.match.situation().bindings
        motion = scene.stage.motion
        assert motion.playing
        assert pair not in scene.stage.board(app.session.match.situation()).bindings  # not on the board yet …
        run_for(app, motion.timeline.walks[0].end + 0.02)  # type: ignore[union-attr]
        links = motion.timeline.frame(motion.clock).links  # type: ignore[union-attr]
        assert [(a, b) for a, b, _ in links] == [("hero", "ogre")]  # … but being drawn between the two
        assert 0 < links[0][2] < 1
        run_for(app, 3.0)
        assert not motion.playing
        assert pair in scene.stage.board(app.session.match.situation()).bindings  # drawn by the board once formed
    finally:
        app.close()


def _computer_level(tmp_path: Path) -> Path:
    level = tmp_path / "ai.toml"
    text = FIELD.format(ruleset="pf1").replace('name = "Blue"\n', 'name = "Blue"\ncontroller = "ai"\n')
    level.write_text(text, encoding="utf-8")
    return level


def test_the_computer_waits_until_its_last_action_has_been_seen(tmp_path: Path) -> None:
    app = open_app(_computer_level(tmp_path))
    try:
        scene = scene_of(app)
        moves = [((5, 2), (4, 2), (3, 3)), ((4, 3),)]

        def next_action(match: object) -> Action | None:
            return Action("move", "ogre", path=moves.pop(0)) if moves else None

        scene.ctl.autoplayer = AutoPlayer(next_action, threaded=False)
        end_turn(app)
        scene.update(AI_DELAY)
        assert app.session.match is not None and app.session.match.situation().creatures["ogre"].at == (3, 3)
        assert scene.stage.motion.playing and scene.stage.motion.follow
        for _ in range(20):  # 20 × 0.02 s: still walking or just arrived — the next move must wait
            scene.update(0.02)
            if not scene.stage.motion.playing:
                break
        assert app.session.match.situation().creatures["ogre"].at == (3, 3)
        for _ in range(100):  # the pause after the motion, then the next move
            app.step(0.02)
            if app.session.match.situation().creatures["ogre"].at == (4, 3):
                break
        assert app.session.match.situation().creatures["ogre"].at == (4, 3)
        # a click during the computer's motion only finishes it: no "cannot act", no selection
        assert scene.stage.motion.playing
        view = scene.view
        assert view is not None
        click(app, view.square_center((4, 3)))
        assert not scene.stage.motion.playing
        assert scene.ctl.toast == "" and scene.ctl.selected is None
    finally:
        app.close()


def test_the_camera_follows_the_computer_unit_out_of_view(tmp_path: Path) -> None:
    rows = ["#" * 40, *("#" + "." * 38 + "#" for _ in range(28)), "#" * 40]
    level = tmp_path / "wide.toml"
    level.write_text(
        'format = 1\nname = "Wide"\nruleset = "pf1"\n[map]\ntiles = \'\'\'\n' + "\n".join(rows) + "\n'''\n"
        '[[sides]]\nid = "red"\n[[sides]]\nid = "blue"\ncontroller = "ai"\n'
        '[[units]]\nid = "hero"\nside = "red"\nat = [2, 2]\nspeed = 9\n'
        '[[units]]\nid = "ogre"\nside = "blue"\nat = [30, 20]\nspeed = 9\n',
        encoding="utf-8",
    )
    app = open_app(level)
    try:
        scene = scene_of(app)
        view = scene.view
        assert view is not None
        scene.ctl.autoplayer = AutoPlayer(
            lambda m: (
                Action("move", "ogre", path=((29, 20), (28, 20)))
                if m.situation().creatures["ogre"].at == (30, 20)
                else None
            ),
            threaded=False,
        )
        end_turn(app)  # (the dialog that asks first lays the board out anew: zoom in after it)
        for _ in range(8):
            view.zoom(1, view.rect.topleft)  # close in on the top-left corner, far from the ogre
        app.step()

        def on_screen(square: tuple[float, float]) -> bool:
            return view.rect.collidepoint(
                view.origin[0] + square[0] * view.cell, view.origin[1] + square[1] * view.cell
            )

        assert not on_screen((30.5, 20.5))
        scene.update(AI_DELAY)
        app.step(0.02)
        walker = scene.stage.motion.timeline.frame(scene.stage.motion.clock).positions["ogre"]  # type: ignore[union-attr]
        assert on_screen((walker[0] + 0.5, walker[1] + 0.5))  # the camera went to the ogre
        assert not on_screen((2.5, 2.5))
    finally:
        app.close()


TWO_GOBLINS = FIELD.replace('name = "Hero"', 'name = "Goblin Skirmisher"').replace(
    '[[units]]\nid = "ogre"',
    '[[units]]\nid = "cutter"\nname = "Goblin Cutter"\nside = "red"\nat = [1, 4]\nspeed = 9\n[[units]]\nid = "ogre"',
)


def test_a_name_plate_stays_while_another_unit_of_its_name_walks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    level = tmp_path / "goblins.toml"
    level.write_text(TWO_GOBLINS.format(ruleset="pf1"), encoding="utf-8")
    app = open_app(level, language="en")
    try:
        import game.ui.tokens as tokens  # the board's tokens are drawn by tokens.draw_units

        drawn: dict[str, object] = {}
        real = tokens.draw_token

        def spy(screen: pygame.Surface, creature: object, *args: object, **kw: object) -> None:
            drawn[creature.id] = kw["label"]  # type: ignore[attr-defined]
            real(screen, creature, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(tokens, "draw_token", spy)
        scene = scene_of(app)
        scene.renderer._composed = None  # draw the whole board once through the spy
        scene.frame.invalidate()
        app.step()
        before = drawn["cutter"]
        assert "Cutter" in str(before)  # told apart from the Skirmisher by the word that differs
        drawn.clear()
        move_hero(app)
        app.step(1.5 * SQUARE_SECONDS)
        assert scene.stage.motion.playing and "hero" not in drawn  # the walker is the stage's, not the board's
        assert drawn["cutter"] == before  # not "Goblin" while the Skirmisher is off the board, walking
    finally:
        app.close()
