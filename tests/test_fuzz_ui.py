"""Input fuzzing: seeded random streams of mouse, touch, keyboard, resize, focus and quit events on every scene.

Nothing may crash, the rules' invariants must hold afterwards, and the kiosk must not be left
except by its exit chord. GRIDBOUND_FUZZ_SEEDS=N runs N seeds per scene (default 4).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import pygame
import pytest

import game.ui.controller as controller_module
from game.battle.match import Match
from game.levels.level import load_level
from game.ui.app import App
from game.ui.autoplay import AutoPlayer
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.config import ROOT, KioskConfig
from game.ui.kiosk.session import KioskApp, SimClock, with_controllers
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.victory import VictoryScene
from rules.core import Size
from rules.dnd5e import turn as budget
from rules.hexxen.binding import bound_to
from rules.hexxen.traits import traits as hexxen_traits

SEEDS = range(int(os.environ.get("GRIDBOUND_FUZZ_SEEDS", "4")))
EVENTS = 300
LEVELS = ROOT / "levels"
KEYS = [
    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_e, pygame.K_u, pygame.K_z, pygame.K_TAB, pygame.K_l, pygame.K_q,
    pygame.K_r, pygame.K_b, pygame.K_d, pygame.K_p, pygame.K_g, pygame.K_s, pygame.K_c, pygame.K_a, pygame.K_k,
    pygame.K_i, pygame.K_m, pygame.K_o, pygame.K_t, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_LEFT,
    pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_SPACE, pygame.K_PLUS,
    pygame.K_MINUS, pygame.K_F11, pygame.K_F4, pygame.K_F5, pygame.K_F6, pygame.K_f, pygame.K_x,
]  # fmt: skip
"""Every key a scene reacts to, plus a few it does not."""
MODS = [0, 0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LALT]
"""One modifier at most: the kiosk chord (two modifiers) must never come out of the fuzzer by chance."""


@pytest.fixture(autouse=True)
def _computer_in_the_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computer moves are decided in the frame (no worker thread), so a seed always gives the same run."""
    monkeypatch.setattr(controller_module, "AutoPlayer", lambda hook: AutoPlayer(hook, threaded=False))


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One random input event of any kind a window can get, pointers biased towards the board."""
    w, h = size
    roll = rng.random()
    pos = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5)) if rng.random() < 0.2 else (
        rng.randrange(0, max(1, w * 2 // 3)), rng.randrange(0, h))  # fmt: skip
    if roll < 0.22:
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30), rng.randint(-30, 30)),
            buttons=(0, rng.choice((0, 0, 1)), 0), touch=False,
        )  # fmt: skip
    if roll < 0.42:
        kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
        return pygame.event.Event(kind, pos=pos, button=rng.choice((1, 1, 1, 2, 3, 4, 5)), touch=False)
    if roll < 0.47:
        y = rng.choice((-2, -1, 1, 2))
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
    if roll < 0.62:
        kind = rng.choice((pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP))
        return pygame.event.Event(
            kind, touch_id=1, finger_id=rng.choice((0, 0, 1, 2)), x=rng.uniform(-0.05, 1.05),
            y=rng.uniform(-0.05, 1.05), dx=rng.uniform(-0.1, 0.1), dy=rng.uniform(-0.1, 0.1), pressure=1.0,
        )  # fmt: skip
    if roll < 0.86:
        kind = pygame.KEYDOWN if rng.random() < 0.85 else pygame.KEYUP
        k = rng.choice(KEYS)
        return pygame.event.Event(kind, key=k, mod=rng.choice(MODS), unicode="", scancode=0)
    if roll < 0.89:
        new = (rng.randint(320, 1600), rng.randint(240, 1000))
        return pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])
    if roll < 0.95:
        kind = rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.ACTIVEEVENT))
        return pygame.event.Event(kind, gain=rng.randint(0, 1), state=rng.randint(1, 6), window=None)
    return pygame.event.Event(pygame.QUIT)


def invariants(match: Match) -> list[str]:
    """Broken rule invariants of the match's current situation (empty = all hold), asked of the rules' own data."""
    sit = match.situation()
    problems: list[str] = []
    standing = [c for c in sit.creatures.values() if not c.defeated]
    for c in standing:
        for sq in c.footprint():
            if not sit.board.in_bounds(sq):
                problems.append(f"{c.id} off the board at {sq}")
                continue
            terrain = sit.board.terrain(sq)
            if terrain.wall:
                problems.append(f"{c.id} inside a wall at {sq}")
            if terrain.pit and not c.airborne:
                problems.append(f"{c.id} standing in a pit at {sq}")
    solid = [c for c in standing if c.size != Size.TINY and not (sit.ruleset == "hexxen" and hexxen_traits(c).mounted)]
    for a, b in combinations(solid, 2):
        if a.footprint() & b.footprint():
            problems.append(f"{a.id} and {b.id} overlap at {sorted(a.footprint() & b.footprint())}")
    for uid, state in sit.turns.items():
        c = sit.creatures.get(uid)
        if c is None:
            problems.append(f"turn state for unknown unit {uid}")
            continue
        if sit.ruleset == "dnd5e":
            speeds = budget.speeds_cm(c)
            mode = state.mode if state.mode in speeds else max(speeds, key=lambda m: speeds[m], default="walk")
            if state.spent_cm > 0 and budget.allowance_cm(c, state, mode) < 0:
                problems.append(f"{uid} spent {state.spent_cm} cm, more than its {mode} budget allows")
        elif sit.ruleset == "pf1":
            if state.move_actions > 2 or state.move_actions + int(state.standard_used) > 2:
                problems.append(f"{uid} took {state.move_actions} move actions (standard used: {state.standard_used})")
            if state.stepped and state.spent > 1:
                problems.append(f"{uid} took the 1.5 m step and moved {state.spent} squares")
        elif sit.ruleset == "hexxen" and state.ap_left < 0:
            problems.append(f"{uid} has {state.ap_left} AP left")
    if sit.ruleset == "hexxen":
        for pair in sit.bindings:
            if len(pair) != 2:
                problems.append(f"binding {sorted(pair)} is not a pair")
                continue
            a, b = sorted(pair)
            if b not in bound_to(sit, a) or a not in bound_to(sit, b):
                problems.append(f"binding {a}–{b} is not symmetric")
            for uid in (a, b):
                c = sit.creatures.get(uid)
                if c is None or c.defeated or hexxen_traits(c).mounted:
                    problems.append(f"binding {a}–{b}: {uid} is missing, defeated or mounted")
    return problems


def test_invariants_notice_a_broken_situation() -> None:
    """The helper is not vacuous: a unit put into a wall and onto another unit is reported."""
    match = Match(load_level(LEVELS / "pf1_bridge.toml"), seed=0)
    try:
        assert invariants(match) == []
        sit = match.situation()
        a, b = list(sit.creatures.values())[:2]
        wall = next(
            (x, y) for y in range(sit.board.height) for x in range(sit.board.width) if sit.board.terrain((x, y)).wall
        )
        from rules.core import Effect

        match.apply([Effect("place", a.id, value=(b.at, None))])
        assert any("overlap" in p for p in invariants(match))
        match.apply([Effect("place", a.id, value=(wall, None))])
        assert any("inside a wall" in p for p in invariants(match))
    finally:
        match.close()


# --- scenes ----------------------------------------------------------------------------------------------

Setup = Callable[[Path], App]


def _app(level: str) -> App:
    return App(AppOptions(level=str(LEVELS / level), size=(1024, 640), seed=3))


def _battle(level: str) -> Setup:
    return lambda tmp: _app(level)


def _menu(tmp: Path) -> App:
    app = _app("pf1_bridge.toml")
    app.screens.show_menu(app.scene)
    return app


def _handover(tmp: Path) -> App:
    app = _app("dnd5e_crypt.toml")
    app.session.start(with_controllers(load_level(LEVELS / "dnd5e_crypt.toml"), 2))
    assert app.session.level is not None and app.scene is not None
    app.screens.show_handover(app.scene, app.session.level.sides[1].id)
    assert isinstance(app.scene, HandOverScene)
    return app


def _victory(tmp: Path) -> App:
    app = _app("hexxen_village.toml")
    assert app.scene is not None
    app.screens.show_victory(app.scene)
    assert isinstance(app.scene, VictoryScene)
    return app


def _replay(tmp: Path) -> App:
    from game.ui.scenes.replay import ReplayScene

    match = Match(load_level(LEVELS / "hexxen_village.toml"), seed=1)
    from game.ai import take_turn

    for _ in range(3):
        take_turn(match, match.rng)
    from game.saved.replay import save_replay

    path = save_replay(match, tmp)
    match.close()
    app = App(AppOptions(level=str(LEVELS / "hexxen_village.toml"), size=(1024, 640), replay=str(path)))
    assert isinstance(app.scene, ReplayScene)
    return app


def _kiosk(visitor: bool) -> Setup:
    def setup(tmp: Path) -> App:
        config = KioskConfig(fullscreen=False, log_file=tmp / "logs" / "kiosk.log", idle=30.0)
        app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=25)
        if visitor:
            app.start_visitor()
        else:
            assert isinstance(app.scene, AttractScene)
        return app

    return setup


SCENES: dict[str, Setup] = {
    "menu": _menu,
    "battle-pf1": _battle("pf1_bridge.toml"),
    "battle-dnd5e": _battle("dnd5e_crypt.toml"),
    "battle-hexxen": _battle("hexxen_village.toml"),
    "handover": _handover,
    "victory": _victory,
    "replay": _replay,
    "kiosk-attract": _kiosk(visitor=False),
    "kiosk-visitor": _kiosk(visitor=True),
}


@pytest.fixture
def tmp(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path
    if pygame.get_init():
        pygame.quit()


def fuzz(app: App, seed: int) -> None:
    """Feed EVENTS random events, a frame (update, and now and then a draw) every few of them."""
    rng = random.Random(seed)
    kiosk = isinstance(app, KioskApp)
    for i in range(EVENTS):
        app.dispatch(random_event(rng, app.screen.get_size()))
        if i % 4 == 3:
            if kiosk:
                app.step(1 / 60)
            elif app.scene is not None:
                app.scene.update(1 / 60)
                if i % 40 == 39:
                    app.scene.draw(app.screen)
    if app.scene is not None:
        app.scene.update(1 / 60)
        app.scene.draw(app.screen)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("scene", list(SCENES))
def test_random_input_crashes_nothing_and_keeps_the_rules(scene: str, seed: int, tmp: Path) -> None:
    app = SCENES[scene](tmp)
    try:
        fuzz(app, seed * 7919 + len(scene))
        match = app.match if isinstance(app, KioskApp) else app.session.match
        if match is not None:
            assert invariants(match) == []
        for match in _other_matches(app):
            assert invariants(match) == []
        if isinstance(app, KioskApp):
            assert app.running and app.guard.failures == 0, "random input stopped or broke the kiosk"
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT))
            assert not app.running
    finally:
        app.close()


def _other_matches(app: App) -> list[Match]:
    """The replay viewer's own match (it is not the app's)."""
    replay = getattr(app.scene, "replay", None)
    match = getattr(replay, "match", None)
    return [match] if isinstance(match, Match) else []


def test_battle_scenes_of_each_ruleset_were_fuzzed_with_real_moves(tmp: Path) -> None:
    """The fuzzer reaches the rules: on each ruleset some random clicks and keys became performed actions.

    Counted on a match of that ruleset only (a random L can open another level from the menu), over the
    fuzz seeds in order until one performs an action; since Enter no longer ends turns and ending one with
    unused units asks first, a single seed reaches the rules less often than before.
    """
    for level in ("pf1_bridge.toml", "dnd5e_crypt.toml", "hexxen_village.toml"):
        ruleset = level.split("_")[0]
        reached = []
        for seed in (11, *range(8)):
            app = _app(level)
            try:
                fuzz(app, seed)
                if app.session.match is not None and app.session.match.level.ruleset == ruleset:
                    reached += [r for r in app.session.match.history if r.result.ok]
            finally:
                app.close()
            if reached:
                break
        assert reached, f"no action performed on a {ruleset} match"


def test_kiosk_visitor_levels_keep_their_sides_under_fuzz(tmp: Path) -> None:
    """After fuzzing, a visitor game still has the visitor on the first side only (solo)."""
    app = _kiosk(visitor=True)(tmp)
    try:
        fuzz(app, 5)
        assert app.level is not None
        if app.mode == "visitor":
            assert [s.controller for s in app.level.sides][:2] == ["human", "ai"]
        assert isinstance(app.scene, (BattleScene, AttractScene, HandOverScene)) or app.mode in ("result", "attract")
    finally:
        app.close()


def test_dataclass_replace_keeps_levels_valid() -> None:
    """with_controllers changes only who plays; the board and units are the level's own."""
    level = load_level(LEVELS / "hexxen_riders.toml")
    both = with_controllers(level, 2)
    assert both.board is level.board and both.units == level.units
    assert [s.controller for s in both.sides] == ["human"] * len(level.sides[:2]) + ["ai"] * (len(level.sides) - 2)
    assert dataclasses.replace(level) == level
