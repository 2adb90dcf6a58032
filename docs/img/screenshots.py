"""Render the README's screenshots of the moment of decision, headless, in every language:

    SDL_VIDEODRIVER=dummy python docs/img/screenshots.py [OUT_DIR]

hover-card-<lang>.png (a path's card before the click), attack-forecast-<lang>.png (an enemy pointed at:
the move into reach and the odds), pause-menu-<lang>.png, handover-recap-<lang>.png, level-menu-en.png and
victory-<de|it|he>.png, door-edges-en.png (doors on square edges), the battle screens at the README's top
(battle-pf1.png, battle-dnd5e.png, battle-hexxen.png) and in docs/i18n.md (battle-pf1-<de|it|he>.png), and
the board of the giant's hall alone (tokens-art.png).
The window is driven by the same synthetic events the UI tests post; open every picture before committing it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.paths import LEVELS_DIR
from game.text import i18n
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.outcome import outcome
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.victory import VictoryScene
from rules.ruleset import Reach

SIZE = (1200, 750)
SEED = 7


def _app(level: str, lang: str) -> App:
    i18n.set_language(lang)
    app = App(AppOptions(level=str(LEVELS_DIR / level), size=SIZE, seed=SEED, players="hotseat", lang=lang))
    app.step()
    return app


def _post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.step()
    app.step()


def _move(app: App, pos: tuple[int, int]) -> None:
    _post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _click(app: App, pos: tuple[int, int]) -> None:
    _post(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def _battle(app: App) -> BattleScene:
    assert isinstance(app.scene, BattleScene) and app.scene.view is not None
    return app.scene


def _select(app: App, unit: str) -> None:
    scene = _battle(app)
    _click(app, scene.view.square_center(scene.situation().creatures[unit].at))


def hover_card(lang: str, out: Path) -> None:
    """A hunter on the bridge level pointing at the square one move away whose path the most rules decide."""
    app = _app("pf1_bridge.toml", lang)
    scene = _battle(app)
    ruleset, sit = app.match.ruleset, scene.situation()

    def rules_on_the_way(unit: str, entry: Reach) -> tuple[int, int]:
        ruling = ruleset.measure(sit, unit, entry.path)
        return len({rule for step in ruling.steps for rule in step.rules}), entry.cost

    choices = [
        (rules_on_the_way(unit, r), unit, r.at)
        for unit in sorted(scene.ctl.actors)
        for r in ruleset.reachable(sit, unit)
        if r.band == "move"
    ]
    _, unit, at = max(choices)
    _select(app, unit)
    _move(app, scene.view.square_center(at))
    pygame.image.save(app.screen, out / f"hover-card-{lang}.png")
    app.close()


def attack_forecast(lang: str, out: Path) -> None:
    """In the giant's hall, a hero points at an enemy it must first walk up to: the path and the odds."""
    app = _app("dnd5e_hall.toml", lang)
    scene = _battle(app)
    ctl = scene.ctl
    for unit in sorted(ctl.actors):
        ctl.select(unit)
        ways = [(uid, ctl.approach_to(uid)) for uid in sorted(ctl.attackable())]
        moving = [uid for uid, way in ways if getattr(way, "move", None) is not None]
        if moving:
            _select(app, unit)
            _move(app, scene.view.square_center(ctl.situation().creatures[moving[0]].at))
            break
    pygame.image.save(app.screen, out / f"attack-forecast-{lang}.png")
    app.close()


def pause_menu(lang: str, out: Path) -> None:
    """Esc with nothing selected: the pause menu over the battle."""
    app = _app("pf1_bridge.toml", lang)
    _post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert isinstance(app.scene, DialogScene)
    pygame.image.save(app.screen, out / f"pause-menu-{lang}.png")
    app.close()


def handover_recap(lang: str, out: Path) -> None:
    """Hot-seat: two hunters move, the turn is ended (and confirmed); the hand-over recaps it."""
    app = _app("pf1_bridge.toml", lang)
    scene = _battle(app)
    for unit in sorted(scene.ctl.actors)[:2]:
        _select(app, unit)
        assert scene.forecast is not None
        near = min((r for r in scene.forecast.reach.values() if r.band == "move"), key=lambda r: (-r.cost, r.at))
        _click(app, scene.view.square_center(near.at))
    assert scene.panel is not None
    end = next(b for b in scene.panel.buttons if b.intent == "action:end_turn")
    _click(app, end.rect.center)
    if isinstance(app.scene, DialogScene):
        _click(app, app.scene.buttons[0].rect.center)
    pygame.image.save(app.screen, out / f"handover-recap-{lang}.png")
    app.close()


def level_menu(lang: str, out: Path) -> None:
    """The level menu over a running match: thumbnails, the current level marked, a level pointed at."""
    app = _app("pf1_swamp.toml", lang)
    app.show_menu(app.scene)
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    _move(app, menu._row_rect(3, SIZE[0]).center)
    pygame.image.save(app.screen, out / f"level-menu-{lang}.png")
    app.close()


def victory(lang: str, out: Path) -> None:
    """The end screen of the bridge level won by the hunters, played against the computer: "Victory"."""
    i18n.set_language(lang)
    app = App(
        AppOptions(level=str(LEVELS_DIR / "pf1_bridge.toml"), size=SIZE, seed=SEED, players="computer", lang=lang)
    )
    app.step()
    assert app.level is not None and app.scene is not None
    winner = app.level.sides[0].id
    detail = i18n.t("victory.detail", level=app.level.name, round=6, actions=23)
    color = app.side_colors[winner]
    app.switch(VictoryScene(app.scene, app.side_name(winner), color, detail, outcome(app.level, winner)))
    app.step()
    pygame.image.save(app.screen, out / f"victory-{lang}.png")
    app.close()


def door_edges(lang: str, out: Path) -> None:
    """Doors on square edges (The Drowned Corridors): Harsk has walked to the closed door below the west room;
    his reach stops at that door and passes the open one into the dark hall."""
    app = _app("pf1_corridors.toml", lang)
    scene = _battle(app)
    _select(app, "harsk")
    _click(app, scene.view.square_center((3, 4)))
    _select(app, "harsk")
    for _ in range(2):
        _post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    scene.view.reveal((3, 4), margin=3)
    _move(app, (2, SIZE[1] - 2))
    pygame.image.save(app.screen, out / f"door-edges-{lang}.png")
    app.close()


WIDE = (1280, 800)
"""The battle pictures at the top of the README and in docs/i18n.md."""
RUN_TO = (7, 10)
"""Where Valeros's run is previewed on the bridge level: past the double move, no attack of opportunity."""
DASH_TO = (5, 6)
"""Where Bruna's dash is previewed in the Sealed Crypt: through an ally's space, a short card above her."""


def _wide(level: str, lang: str) -> App:
    i18n.set_language(lang)
    app = App(AppOptions(level=str(LEVELS_DIR / level), size=WIDE, seed=SEED, players="hotseat", lang=lang))
    app.step()
    return app


def battle_pf1(lang: str, out: Path) -> None:
    """The bridge level (en): Valeros selected, his reach shaded by action and a square of his run pointed at
    below the bridge, its cost beside it and the path's card above. In de/it/he: Kyra selected, the pointer
    on the disabled Attack button, its tooltip the refusal with the rule id."""
    app = _wide("pf1_bridge.toml", lang)
    scene = _battle(app)
    if lang == "en":
        _select(app, "valeros")
        assert scene.forecast is not None
        run = scene.forecast.reach[RUN_TO]
        assert run.band == "run"
        _move(app, scene.view.square_center(run.at))
        name = "battle-pf1.png"
    else:
        _select(app, "kyra")
        assert scene.panel is not None
        attack = next(b for b in scene.panel.buttons if b.intent == "action:attack")
        assert not attack.enabled
        _move(app, attack.rect.center)
        name = f"battle-pf1-{lang}.png"
    pygame.image.save(app.screen, out / name)
    app.close()


def battle_dnd5e(out: Path) -> None:
    """The Sealed Crypt: Bruna selected, her move and dash bands, and a dash through Brother Tomas's space (the
    door below the heroes' room) pointed at."""
    app = _wide("dnd5e_crypt.toml", "en")
    scene = _battle(app)
    _select(app, "bruna")
    sit, ruleset = scene.situation(), app.match.ruleset
    allies = {c.at for uid, c in sit.creatures.items() if c.side == sit.creatures["bruna"].side and uid != "bruna"}
    way = next(r for r in ruleset.reachable(sit, "bruna") if r.at == DASH_TO)
    assert way.band == "dash" and allies & set(way.path[:-1])
    _move(app, scene.view.square_center(way.at))
    pygame.image.save(app.screen, out / "battle-dnd5e.png")
    app.close()


def battle_hexxen(out: Path) -> None:
    """Witchfire over Kleinhausen: Jacob selected, the enemies he can engage ringed, each with its name plate."""
    app = _wide("hexxen_village.toml", "en")
    _select(app, "jacob")
    _move(app, (WIDE[0] // 2, WIDE[1] - 2))  # the pointer below the board: the rings, no tip over them
    pygame.image.save(app.screen, out / "battle-hexxen.png")
    app.close()


def tokens_art(out: Path) -> None:
    """The board of the giant's hall alone: emblems, name plates, a Huge giant over 3x3, four Tiny rats fanned
    out in one square, two Kobolds and the Rats numbered as the log numbers them."""
    app = _wide("dnd5e_hall.toml", "en")
    scene = _battle(app)
    _move(app, (WIDE[0] - 2, WIDE[1] - 2))  # the pointer off the board: no hover frame
    board = pygame.Rect(scene.view.origin, scene.view.pixel_size).clip(scene.view.rect)
    pygame.image.save(app.screen.subsurface(board), out / "tokens-art.png")
    app.close()


def main() -> None:
    """Every picture in every language into OUT_DIR (default: docs/img next to this script)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    for lang in i18n.LANGUAGES:
        for shot in (hover_card, attack_forecast, pause_menu, handover_recap):
            shot(lang, out)
    level_menu("en", out)
    door_edges("en", out)
    for lang in ("de", "it", "he"):
        victory(lang, out)
    for lang in ("en", "de", "it", "he"):
        battle_pf1(lang, out)
    battle_dnd5e(out)
    battle_hexxen(out)
    tokens_art(out)
    i18n.set_language("en")


if __name__ == "__main__":
    main()
