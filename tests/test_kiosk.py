"""Kiosk mode, headless: config, attract ⇄ visitor, idle return, exit chord only, touch, guard and log, soak."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import esper
import pygame
import pytest

from game.battle.match import Match
from game.commands.cli import main
from game.ui.kiosk.attract import AttractScene, ResultScene
from game.ui.kiosk.config import ROOT, ConfigError, KioskConfig, load_config, parse_config
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.kiosk.soak import soak, tap
from game.ui.kiosk.touch import TouchInput, to_pixels
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.handover import HandOverScene

DT = 1 / 60


def make_config(tmp_path: Path, **changes: object) -> KioskConfig:
    """The default config, windowed, logging into tmp_path."""
    base = KioskConfig(fullscreen=False, log_file=tmp_path / "logs" / "kiosk.log")
    return dataclasses.replace(base, **changes)


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[KioskApp]:
    # drawing every frame would spend the test's time repainting the panel; a draw every 30 frames still draws
    app = KioskApp(make_config(tmp_path, idle=20.0), clock=SimClock(), threaded_ai=False, draw_every=30)
    yield app
    if pygame.get_init():
        app.close()


def frames(app: KioskApp, n: int) -> None:
    for _ in range(n):
        app.step(DT)


def wait(app: KioskApp, seconds: int) -> None:
    """Let `seconds` pass untouched in frames of a quarter second: the longest frame the real clock gives (a stall),
    so an idle limit is met in a fifteenth of the frames a wait at 60 frames a second takes."""
    for _ in range(seconds * 4):
        app.step(0.25)


def key(app: KioskApp, k: int, mod: int = 0) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def finger(app: KioskApp, kind: int, x: float, y: float, fid: int = 1) -> None:
    app.dispatch(pygame.event.Event(kind, touch_id=1, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0))


def tap_at(app: KioskApp, pos: tuple[int, int]) -> None:
    w, h = app.screen.get_size()
    tap(app, (pos[0] + 0.5) / w, (pos[1] + 0.5) / h)


def confirm(app: KioskApp) -> None:
    """Tap the first answer of the question on screen (End the turn)."""
    assert isinstance(app.scene, DialogScene)
    tap_at(app, app.scene.buttons[0].rect.center)


def start_visitor(app: KioskApp) -> BattleScene:
    frames(app, 2)
    tap(app)
    assert isinstance(app.scene, BattleScene) and app.mode == "visitor"
    frames(app, 2)
    return app.scene


# --- config ----------------------------------------------------------------------------------


def test_defaults_without_a_file_rotate_one_level_of_each_ruleset() -> None:
    config = load_config(None)
    assert config.idle == 90 and config.players == "solo" and config.exit_keys == ("ctrl", "alt", "q")
    assert [p.name.split("_")[0] for p in config.levels] == ["pf1", "dnd5e", "hexxen"]


def test_the_example_config_loads(tmp_path: Path) -> None:
    config = load_config(ROOT / "docs" / "kiosk.toml")
    assert len(config.levels) == 5 and config.idle == 90 and config.exit_window == 3.0
    assert config.log_file.is_absolute() and config.size == (1024, 640)


def test_a_config_file_sets_every_key_and_keeps_logs_next_to_itself(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(
        'levels = ["levels/hexxen_beast.toml"]\nidle = 30\nplayers = "hotseat"\nlanguage = "de"\n'
        'exit_chord = "ctrl+shift+x"\nexit_corners = ["top_left", "bottom_right", "top_left"]\n'
    )
    config = load_config(path)
    assert config.levels == ((ROOT / "levels" / "hexxen_beast.toml").resolve(),)
    assert (config.idle, config.players, config.language) == (30.0, "hotseat", "de")
    assert config.exit_keys == ("ctrl", "shift", "x") and config.exit_corners[1] == "bottom_right"
    assert config.log_file == tmp_path / "logs" / "kiosk.log"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("idle = 'long'", "idle: expected a number of seconds"),
        ("idle = 1", "idle: expected a number of seconds of at least 5"),
        ("players = 'three'", "players: expected one of solo, hotseat"),
        ("levels = []", "levels: expected a non-empty list"),
        ("exit_chord = 'q'", "exit_chord: expected at least two modifiers"),
        ("exit_corners = ['top_left']", "exit_corners: expected a list of at least 3"),
        ("size = 'huge'", "size: expected 'WIDTHxHEIGHT'"),
        ("colour = 'red'", "colour: unknown key"),
        ("language = 'fr'", "language: expected one of en, de, it, he"),
        ("renderer = 'opengl'", "renderer: expected one of software, auto"),
        ("idle = ", "TOML syntax error"),
    ],
)
def test_a_bad_config_is_one_clear_message(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(text + "\n")
    with pytest.raises(ConfigError, match=expected.replace("[", r"\[").replace("]", r"\]")) as info:
        load_config(path)
    assert str(info.value).startswith(str(path))


def test_a_level_that_does_not_load_is_kept_in_the_config_for_the_session_to_leave_out(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "chess"\n')
    config = parse_config({"levels": [str(bad), "nowhere.toml"]}, "k.toml", tmp_path)
    assert config.levels == (bad.resolve(), (tmp_path / "nowhere.toml").resolve())


def test_the_kiosk_command_exits_2_with_one_line_on_a_bad_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("players = 'everyone'\n")
    assert main(["kiosk", "--config", str(path), "--frames", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "players: expected one of solo, hotseat" in err


def test_an_unknown_chord_key_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="exit_chord: unknown key"):
        KioskApp(make_config(tmp_path, exit_keys=("ctrl", "alt", "nosuchkey")), clock=SimClock())
    pygame.quit()


# --- attract loop and visitor games ---------------------------------------------------------------


def test_the_attract_loop_plays_computer_against_computer(kiosk: KioskApp) -> None:
    assert isinstance(kiosk.scene, AttractScene) and kiosk.mode == "attract"
    assert all(s.controller == "ai" for s in kiosk.match.level.sides)
    before = len(kiosk.match.history)
    frames(kiosk, 240)
    assert len(kiosk.match.history) > before  # the demo moves by itself


def test_a_finished_demo_shows_its_result_then_the_next_level(tmp_path: Path) -> None:
    quick = (ROOT / "levels" / "hexxen_beast.toml", ROOT / "levels" / "hexxen_village.toml")
    kiosk = KioskApp(
        make_config(tmp_path, levels=quick, result_seconds=1.0), clock=SimClock(), threaded_ai=False, draw_every=30
    )
    first = kiosk.match.level.source
    worlds = len(esper.list_worlds())
    for _ in range(60 * 60 * 4):
        kiosk.step(DT)
        if kiosk.demo_games > 1:
            break
    assert kiosk.demo_games == 2 and kiosk.match.level.source != first
    assert len(esper.list_worlds()) == worlds  # the finished demo's world was deleted
    kiosk.close()


def test_a_tap_starts_a_visitor_game_on_the_demo_level_with_the_visitor_on_the_first_side(kiosk: KioskApp) -> None:
    demo_level = kiosk.match.level.source
    battle = start_visitor(kiosk)
    sides = battle.match.level.sides
    assert battle.match.level.source == demo_level
    assert sides[0].controller == "human" and all(s.controller == "ai" for s in sides[1:])
    assert kiosk.visitor_games == 1


def test_hotseat_gives_both_sides_to_visitors_and_hands_over(tmp_path: Path) -> None:
    config = make_config(tmp_path, players="hotseat")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        battle = start_visitor(app)
        assert [s.controller for s in battle.match.level.sides[:2]] == ["human", "human"]
        key(app, pygame.K_e)  # end turn: the visitor's units have done nothing, so it asks first
        confirm(app)
        assert isinstance(app.scene, HandOverScene)
        tap(app)  # a tap beside the start button does not pass the hand-over
        assert isinstance(app.scene, HandOverScene) and app.scene.button is not None
        tap_at(app, app.scene.button.rect.center)
        assert app.scene is battle
    finally:
        app.close()


def test_idle_returns_to_the_attract_loop_after_a_countdown(kiosk: KioskApp) -> None:
    start_visitor(kiosk)
    worlds = len(esper.list_worlds())
    frames(kiosk, int((kiosk.config.idle - 5) * 60))
    assert kiosk.mode == "visitor"
    tap_at(kiosk, (5, kiosk.screen.get_height() // 2))  # any touch keeps the game
    frames(kiosk, int((kiosk.config.idle - 1) * 60))
    assert kiosk.mode == "visitor"
    frames(kiosk, 2 * 60)
    assert kiosk.mode == "attract" and isinstance(kiosk.scene, AttractScene)
    assert len(esper.list_worlds()) == worlds


def test_a_won_visitor_game_shows_big_buttons_and_play_again(kiosk: KioskApp) -> None:
    battle = start_visitor(kiosk)
    kiosk.match.finished, kiosk.match.winner = True, kiosk.match.level.sides[0].id
    kiosk.show_victory(battle)
    assert isinstance(kiosk.scene, ResultScene)
    kiosk.app.draw_frame()
    again = next(b for b in kiosk.scene.buttons if b.intent == "again")
    assert again.rect.height >= 64  # a touch target, not a mouse button
    tap_at(kiosk, again.rect.center)
    assert kiosk.mode == "visitor" and isinstance(kiosk.scene, BattleScene) and kiosk.visitor_games == 2


# --- only the exit chord leaves ---------------------------------------------------------------------


def test_quit_escape_f11_alt_f4_and_the_level_menu_do_not_leave(kiosk: KioskApp) -> None:
    battle = start_visitor(kiosk)
    kiosk.dispatch(pygame.event.Event(pygame.QUIT))
    key(kiosk, pygame.K_ESCAPE)
    key(kiosk, pygame.K_ESCAPE)
    key(kiosk, pygame.K_ESCAPE)
    key(kiosk, pygame.K_F11)
    key(kiosk, pygame.K_F4, pygame.KMOD_LALT)
    key(kiosk, pygame.K_l)
    key(kiosk, pygame.K_q)
    key(kiosk, pygame.K_s, pygame.KMOD_LCTRL)  # save replay: no files from a public screen
    frames(kiosk, 3)
    assert kiosk.running and kiosk.scene is battle and kiosk.fullscreen
    assert kiosk.mode == "visitor"


def test_the_key_chord_leaves(kiosk: KioskApp) -> None:
    key(kiosk, pygame.K_q, pygame.KMOD_LCTRL)
    assert kiosk.running
    key(kiosk, pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_RALT)
    assert not kiosk.running and kiosk.exited


def test_the_corner_taps_in_order_within_the_window_leave(kiosk: KioskApp) -> None:
    corners = {
        "top_left": (0.01, 0.01),
        "top_right": (0.99, 0.01),
        "bottom_right": (0.99, 0.99),
        "bottom_left": (0.01, 0.99),
    }
    order = kiosk.config.exit_corners
    for name in order[:-1]:
        tap(kiosk, *corners[name])
        frames(kiosk, 20)
    assert kiosk.running
    tap(kiosk, *corners[order[-1]])
    assert not kiosk.running


def test_corner_taps_too_slow_or_in_the_wrong_order_do_not_leave(kiosk: KioskApp) -> None:
    corners = {
        "top_left": (0.01, 0.01),
        "top_right": (0.99, 0.01),
        "bottom_right": (0.99, 0.99),
        "bottom_left": (0.01, 0.99),
    }
    order = kiosk.config.exit_corners
    for name in order:
        tap(kiosk, *corners[name])
        frames(kiosk, 70)  # 4 × 70 frames > 3 s
    for name in reversed(order):
        tap(kiosk, *corners[name])
    for name in order[:2]:
        tap(kiosk, *corners[name])
    tap(kiosk, 0.5, 0.5)  # a tap elsewhere starts the sequence over
    for name in order[2:]:
        tap(kiosk, *corners[name])
    assert kiosk.running


def test_the_run_loop_ends_only_by_the_chord(tmp_path: Path) -> None:
    app = KioskApp(make_config(tmp_path), clock=SimClock(), threaded_ai=False, frames=400, draw_every=50)
    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    code, count = 0, 0
    original = app.app.hooks.before_frame
    assert original is not None

    def counting(dt: float) -> None:
        nonlocal count
        count += 1
        if count == 300:
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_ALT)
            )
        original(dt)

    app.app.hooks.before_frame = counting  # the kiosk's own hook, counted: the app's one loop runs the frames
    code = app.run()
    assert code == 0 and count == 300 and app.exited


# --- touch -----------------------------------------------------------------------------------------------


def _select_unit(app: KioskApp, battle: BattleScene) -> str:
    sit = battle.ctl.situation()
    uid = battle.match.active_unit or next(u for u in sit.creatures if u in battle.ctl.actors)
    if battle.ctl.selected != uid:
        tap_at(app, battle.view.square_center(sit.creatures[uid].at))
    assert battle.ctl.selected == uid
    return uid


def test_touch_first_tap_previews_second_tap_moves(kiosk: KioskApp) -> None:
    battle = start_visitor(kiosk)
    uid = _select_unit(kiosk, battle)
    start = battle.ctl.situation().creatures[uid].at
    target = next(sq for sq, e in battle.ctl.forecast.reach.items() if battle.ctl.unit_at(sq) is None and sq != start)
    pos = battle.view.square_center(target)
    tap_at(kiosk, pos)
    assert battle.ctl.preview is not None and battle.ctl.situation().creatures[uid].at == start
    kiosk.app.draw_frame()  # the "tap again" hint is drawn without trouble
    tap_at(kiosk, pos)
    assert battle.match.situation().creatures[uid].at == target


def test_a_tap_elsewhere_cancels_the_pending_preview(kiosk: KioskApp) -> None:
    battle = start_visitor(kiosk)
    uid = _select_unit(kiosk, battle)
    start = battle.ctl.situation().creatures[uid].at
    squares = [sq for sq in battle.ctl.forecast.reach if battle.ctl.unit_at(sq) is None and sq != start]
    tap_at(kiosk, battle.view.square_center(squares[0]))
    tap_at(kiosk, battle.view.square_center(squares[1]))
    tap_at(kiosk, battle.view.square_center(squares[0]))
    assert battle.match.situation().creatures[uid].at == start


def test_a_finger_drag_pans_and_a_pinch_zooms(kiosk: KioskApp) -> None:
    battle = start_visitor(kiosk)
    view = battle.view
    w, h = kiosk.screen.get_size()
    cx, cy = view.rect.centerx / w, view.rect.centery / h
    cell = view.cell
    finger(kiosk, pygame.FINGERDOWN, cx - 0.05, cy, 1)
    finger(kiosk, pygame.FINGERDOWN, cx + 0.05, cy, 2)
    for step in range(1, 9):
        finger(kiosk, pygame.FINGERMOTION, cx - 0.05 - 0.02 * step, cy, 1)
        finger(kiosk, pygame.FINGERMOTION, cx + 0.05 + 0.02 * step, cy, 2)
    finger(kiosk, pygame.FINGERUP, cx - 0.21, cy, 1)
    finger(kiosk, pygame.FINGERUP, cx + 0.21, cy, 2)
    assert view.cell > cell
    origin = view.origin
    finger(kiosk, pygame.FINGERDOWN, cx, cy)
    for step in range(1, 6):
        finger(kiosk, pygame.FINGERMOTION, cx + 0.02 * step, cy + 0.02 * step)
    finger(kiosk, pygame.FINGERUP, cx + 0.1, cy + 0.1)
    assert view.origin != origin and not battle.dragging
    assert battle.ctl.selected is None or battle.match.history == []  # neither gesture performed anything


def test_sdl_mouse_emulation_of_a_touch_is_ignored() -> None:
    # the kiosk drops mouse events marked touch=True; the translator makes its own from FINGER events
    touch = TouchInput()
    down = pygame.event.Event(pygame.FINGERDOWN, finger_id=1, x=0.5, y=0.25)
    up = pygame.event.Event(pygame.FINGERUP, finger_id=1, x=0.5, y=0.25)
    assert touch.feed(down, (1000, 800)) == []
    events = touch.feed(up, (1000, 800))
    assert [e.type for e in events] == [pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]
    assert events[1].pos == (500, 200) and events[1].touch is False


def test_a_tap_just_beside_a_small_panel_button_still_presses_it(kiosk: KioskApp) -> None:
    battle = start_visitor(kiosk)
    _select_unit(kiosk, battle)
    kiosk.app.draw_frame()
    button = next(b for b in battle.panel.buttons if b.intent == "action:end_turn")
    side = battle.match.active_side
    tap_at(kiosk, (button.rect.centerx, button.rect.bottom + 4))
    confirm(kiosk)
    assert battle.match.history and battle.match.history[0].action.kind == "end_turn"
    assert battle.match.active_side != side or battle.match.finished


# --- guard and log ----------------------------------------------------------------------------------------


def test_an_exception_in_a_scene_is_logged_with_a_replayable_script_and_the_demo_restarts(
    kiosk: KioskApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    battle = start_visitor(kiosk)
    _select_unit(kiosk, battle)
    key(kiosk, pygame.K_e)
    confirm(kiosk)
    frames(kiosk, 60 * 8)  # the computer answers with a few actions
    match = kiosk.match
    assert match is not None and len(match.history) > 1
    worlds = len(esper.list_worlds())

    def boom(self: BattleScene, dt: float) -> None:
        raise RuntimeError("synthetic failure")

    monkeypatch.setattr(BattleScene, "update", boom)
    kiosk.step(DT)
    monkeypatch.undo()
    assert kiosk.mode == "attract" and isinstance(kiosk.scene, AttractScene) and kiosk.guard.failures == 1
    assert len(esper.list_worlds()) == worlds
    frames(kiosk, 5)
    log = (tmp_path / "logs" / "kiosk.log").read_text()
    assert "RuntimeError: synthetic failure" in log and "BattleScene.update" in log
    assert f"seed: {match.seed}" in log and match.level.source in log
    script = log.split("python main.py run LEVEL SCRIPT):\n", 1)[1].split("\nTraceback", 1)[0]
    (tmp_path / "crash.toml").write_text(script)
    capsys.readouterr()
    assert main(["run", match.level.source, str(tmp_path / "crash.toml"), "--json"]) == 0


def test_an_exception_while_handling_an_event_is_survived(kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch) -> None:
    start_visitor(kiosk)

    def boom(self: BattleScene, event: pygame.event.Event) -> None:
        raise ValueError("bad event")

    monkeypatch.setattr(BattleScene, "handle_event", boom)
    key(kiosk, pygame.K_TAB)
    monkeypatch.undo()
    assert kiosk.mode == "attract" and kiosk.guard.failures == 1 and kiosk.running


def test_the_log_rotates_by_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = make_config(tmp_path, log_max_bytes=10_000, log_backups=2)
    app = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        monkeypatch.setattr(AttractScene, "draw", lambda self, screen: 1 / 0)
        for _ in range(40):
            app.step(DT)
        # a crash loop pauses on the fallback screen instead of restarting every frame
        assert app.mode == "fallback" and app.running and app.match is None
        for _ in range(40):
            app.recover(RuntimeError("again"), "test")
        assert app.guard.failures > 40
        monkeypatch.undo()
        wait(app, 31)  # the fallback screen retries after 30 s
        assert app.mode == "attract" and isinstance(app.scene, AttractScene)
    finally:
        app.close()
    files = sorted(p.name for p in (tmp_path / "logs").iterdir())
    assert files == ["kiosk.log", "kiosk.log.1", "kiosk.log.2"]
    assert all((tmp_path / "logs" / f).stat().st_size <= 12_000 for f in files)


# --- soak ----------------------------------------------------------------------------------------------------


@pytest.mark.slow  # four simulated minutes of kiosk games; test_kiosk_soak's busy soak stays in the fast suite
def test_short_soak_restarts_games_without_growing_memory_or_worlds(tmp_path: Path) -> None:
    quick = tuple(ROOT / "levels" / n for n in ("hexxen_beast.toml", "arena_4v4.toml", "hexxen_riders.toml"))
    # muted (volume 0): the soak measures memory; an hour of sounds adds nothing and kept SDL's audio thread
    # busy at every close (one crash in its thread under load, see game/ui/sound.py close)
    config = make_config(tmp_path, levels=quick, result_seconds=2.0, idle=20.0, volume=0)
    earlier = set(esper.list_worlds())  # other tests' matches (a whole-suite run in any order) are not the soak's
    # four simulated minutes: with the dice of stream 2 these three levels' first games last longer than three
    report = soak(config, 4 / 60, draw_every=120, warmup=0.25, visitors=False)
    assert report.frames == 4 * 60 * 60
    assert report.games >= 4 and report.failures == 0
    assert report.traced_growth <= 5_000_000
    assert report.worlds_after == report.worlds_before
    assert not any(name.startswith("match-") for name in set(esper.list_worlds()) - earlier)


def test_closed_matches_leave_no_worlds(kiosk: KioskApp) -> None:
    earlier = set(esper.list_worlds()) - {kiosk.match.world_name}  # other tests' matches, in any suite order
    for _ in range(3):
        start_visitor(kiosk)
        kiosk.start_attract()
    names = [n for n in esper.list_worlds() if n.startswith("match-") and n not in earlier]
    assert names == [kiosk.match.world_name]
    assert isinstance(kiosk.match, Match)


def test_the_kiosk_command_renders_the_attract_screen_headless(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text(f'levels = ["{ROOT / "levels" / "hexxen_beast.toml"}"]\nfullscreen = false\n')
    shot = tmp_path / "attract.png"
    assert main(["kiosk", "--config", str(config), "--frames", "90", "--screenshot", str(shot)]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    # the banner's bright edge runs across the whole width at 70 % of the height
    assert image.get_at((5, int(640 * 0.70) + 2))[:3] != image.get_at((5, 20))[:3]
    assert (tmp_path / "logs" / "kiosk.log").exists()


def test_the_soak_option_refuses_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kiosk", "--soak", "0"]) == 2
    assert "--soak" in capsys.readouterr().err


def test_finger_coordinates_take_off_the_bars_of_a_scaled_screen() -> None:
    # 1024×640 (16:10) shown on 1920×1080 (16:9): 1728×1080 in the middle, 96 px bars left and right
    assert to_pixels(0.5, 0.5, (1024, 640), (1920, 1080)) == (512, 320)
    assert to_pixels(96 / 1920, 0.0, (1024, 640), (1920, 1080)) == (0, 0)
    assert to_pixels((1920 - 96) / 1920 - 1e-9, 1.0, (1024, 640), (1920, 1080)) == (1023, 639)
    assert to_pixels(0.25, 0.75, (1024, 640)) == (256, 480)
