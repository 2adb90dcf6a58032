"""The motion timeline (game/ui/timeline.py), without pygame: where a walking unit is at time t, the floating
damage numbers and misses, flashes, fades of the fallen, bindings drawn as they form, the sound cues, speeds."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.battle.match import Match
from game.levels.level import load_level
from game.ui import timeline as tl
from game.ui.timeline import Walk, build_timeline
from rules.actions import Action
from rules.core import Effect, Event, Illegal, Ruling, Situation
from tests.ui_helpers import write_level


@dataclass(frozen=True)
class Rec:
    """A record as the match keeps it (action and result)."""

    action: Action
    result: Ruling | Illegal


@pytest.fixture
def match(tmp_path: Path) -> Match:
    m = Match(load_level(write_level(tmp_path, "pf1")), seed=1)
    yield m
    m.close()


def test_a_walk_goes_square_by_square_at_its_pace() -> None:
    walk = Walk("hero", ((0, 0), (1, 0), (2, 1)), start=1.0, per_square=0.12)
    assert walk.end == pytest.approx(1.24)
    assert walk.at(0.5) == (0.0, 0.0)  # not started: on its first square
    assert walk.at(1.06) == pytest.approx((0.5, 0.0))
    assert walk.at(1.12) == pytest.approx((1.0, 0.0))
    assert walk.at(1.18) == pytest.approx((1.5, 0.5))
    assert walk.at(9.0) == (2.0, 1.0)
    # the way still ahead is drawn: every square not yet reached, nothing once arrived
    assert walk.ahead(0.5) == ((1, 0), (2, 1))
    assert walk.ahead(1.18) == ((2, 1),)
    assert walk.ahead(1.24) == ()


def test_a_performed_move_walks_its_path_in_0_12_s_a_square(match: Match) -> None:
    before = match.situation()
    path = ((2, 2), (3, 2), (4, 3))
    result = match.perform(Action("move", "hero", path=path))
    assert isinstance(result, Ruling)
    line = build_timeline(before, match.history[-1:], "normal")
    assert line.walkers == {"hero"}
    assert line.walks[0].squares == ((1, 2), *path)
    assert line.duration == pytest.approx(3 * tl.SQUARE_SECONDS)
    mid = line.frame(1.5 * tl.SQUARE_SECONDS)
    assert mid.positions["hero"] == pytest.approx((2.5, 2.0))
    assert mid.ahead["hero"] == ((3, 2), (4, 3))
    assert "hero" not in mid.arrived
    done = line.frame(line.duration)
    assert done.positions == {} and done.arrived == {"hero"}
    # a step sound on every square passed, the move-end sound on arrival
    assert [c.sound for c in line.cues] == ["step", "step", "move_end"]
    assert line.cues[-1].at == pytest.approx(line.duration)


@pytest.mark.parametrize("speed", ["fast", "instant"])
def test_fast_takes_40_percent_and_instant_no_time(match: Match, speed: str) -> None:
    before = match.situation()
    match.perform(Action("move", "hero", path=((2, 2), (3, 2))))
    normal = build_timeline(before, match.history[-1:], "normal")
    line = build_timeline(before, match.history[-1:], speed)
    assert line.duration == pytest.approx(normal.duration * tl.SPEED_FACTORS[speed])
    if speed == "instant":
        # no steps to hear, but the arrival still sounds; nothing is left to draw
        assert [c.sound for c in line.cues] == ["move_end"]
        assert line.frame(0.0).positions == {}


def _sit(match: Match) -> Situation:
    return match.situation()


def test_a_hit_floats_its_damage_and_flashes_the_target(match: Match) -> None:
    sit = _sit(match)
    ruling = Ruling(
        events=(Event("hit", "GB-ATTACK", unit="hero", by="ogre", detail="5 damage"),),
        effects=(Effect("damage", "ogre", value=5),),
    )
    line = build_timeline(sit, [Rec(Action("attack", "hero", target="ogre"), ruling)], "normal")
    frame = line.frame(0.1)
    assert frame.texts == (("ogre", "damage", "-5", pytest.approx(0.1 / tl.FLOAT_SECONDS)),)
    assert [u for u, _ in frame.flashes] == ["ogre"]
    assert line.frame(tl.FLASH_SECONDS + 0.01).flashes == ()  # the flash is short
    assert line.frame(tl.FLOAT_SECONDS + 0.01).texts == ()
    assert [c.sound for c in line.cues] == ["hit"]
    assert line.walkers == frozenset()


def test_a_miss_floats_miss_over_the_target(match: Match) -> None:
    ruling = Ruling(events=(Event("miss", "GB-ATTACK", unit="hero", by="ogre"),))
    line = build_timeline(_sit(match), [Rec(Action("attack", "hero", target="ogre"), ruling)], "normal")
    assert line.frame(0.2).texts[0][:3] == ("ogre", "miss", tl.MISS_TEXT)
    assert line.frame(0.2).flashes == ()
    assert [c.sound for c in line.cues] == ["miss"]


def test_a_fallen_unit_fades_to_its_downed_look(match: Match) -> None:
    ruling = Ruling(
        events=(Event("hit", "GB-ATTACK", unit="hero", by="ogre"),),
        effects=(Effect("damage", "ogre", value=99), Effect("set", "ogre", "defeated", True)),
    )
    line = build_timeline(_sit(match), [Rec(Action("attack", "hero", target="ogre"), ruling)], "normal")
    fades = [b for b in line.beats if b.kind == "fade"]
    assert [b.unit for b in fades] == ["ogre"]
    start = fades[0].start
    assert line.frame(start + tl.FADE_SECONDS / 2).fades == (("ogre", pytest.approx(0.5)),)
    assert "ogre" in line.fading(start + 0.1)
    assert "ogre" not in line.fading(line.duration)
    assert [c.sound for c in line.cues] == ["hit", "down"]


def test_a_binding_is_drawn_between_the_two_tokens_as_it_forms(match: Match) -> None:
    ruling = Ruling(
        events=(Event("bind", "HX-BIND-ON-ATTACK", unit="hero", by="ogre"),),
        effects=(Effect("bind", "hero", other="ogre"),),
    )
    line = build_timeline(_sit(match), [Rec(Action("attack", "hero", target="ogre"), ruling)], "normal")
    assert line.new_links == {frozenset({"hero", "ogre"})}
    assert line.frame(tl.LINK_SECONDS / 4).links == (("hero", "ogre", pytest.approx(0.25)),)
    assert line.frame(line.duration + 5).links == (("hero", "ogre", 1.0),)  # drawn whole once formed


def test_a_walker_downed_on_the_way_stops_where_it_fell(match: Match) -> None:
    sit = _sit(match)
    path = ((2, 2), (3, 2), (4, 2))
    ruling = Ruling(effects=(Effect("place", "hero", value=((3, 2), None)), Effect("set", "hero", "defeated", True)))
    line = build_timeline(sit, [Rec(Action("move", "hero", path=path), ruling)], "normal")
    assert line.walks[0].squares == ((1, 2), (2, 2), (3, 2))
    assert [c.sound for c in line.cues] == ["step", "move_end", "down"]


def test_a_move_without_a_path_goes_straight_there_square_by_square(match: Match) -> None:
    ruling = Ruling(effects=(Effect("place", "hero", value=((5, 4), None)),))
    line = build_timeline(_sit(match), [Rec(Action("engage", "hero", target="ogre"), ruling)], "normal")
    assert line.walks[0].squares == ((1, 2), (2, 3), (3, 4), (4, 4), (5, 4))
    assert line.duration == pytest.approx(4 * tl.SQUARE_SECONDS)


def test_refusals_and_turn_ends_show_nothing_but_a_refusal_sounds(match: Match) -> None:
    records = [
        Rec(Action("move", "hero", path=((9, 9),)), Illegal("PF1-OBSTACLE-BLOCK", "a wall")),
        Rec(Action("end_turn"), Ruling()),
    ]
    line = build_timeline(_sit(match), records, "normal")
    assert line.duration == 0 and line.walks == () and line.beats == ()
    assert [c.sound for c in line.cues] == ["refused"]


def test_records_play_one_after_another(match: Match) -> None:
    sit = _sit(match)
    first = Ruling(effects=(Effect("place", "hero", value=((2, 2), None)),))
    second = Ruling(effects=(Effect("place", "ogre", value=((5, 2), None)),))
    records = [Rec(Action("move", "hero", path=((2, 2),)), first), Rec(Action("move", "ogre", path=((5, 2),)), second)]
    line = build_timeline(sit, records, "normal")
    hero, ogre = line.walks
    assert ogre.start == pytest.approx(hero.end)
    assert line.frame(hero.end / 2).positions == {"hero": pytest.approx((1.5, 2.0)), "ogre": (6.0, 2.0)}


def test_cues_between_are_each_heard_once_however_the_clock_is_cut(match: Match) -> None:
    before = match.situation()
    match.perform(Action("move", "hero", path=((2, 2), (3, 2), (4, 3), (5, 3))))
    line = build_timeline(before, match.history[-1:], "normal")
    times = [-1.0, 0.05, 0.2, 0.2, 0.31, line.duration + 1]
    heard = [s for a, b in pairwise(times) for s in line.cues_between(a, b)]
    assert heard == [c.sound for c in line.cues]


steps = st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)])


@given(moves=st.lists(steps, min_size=1, max_size=12), t=st.floats(-1, 3, allow_nan=False))
def test_a_walker_is_always_on_its_route_between_two_neighbouring_squares(
    moves: list[tuple[int, int]], t: float
) -> None:
    squares = [(10, 10)]
    for dx, dy in moves:
        squares.append((squares[-1][0] + dx, squares[-1][1] + dy))
    walk = Walk("u", tuple(squares), start=0.0, per_square=tl.SQUARE_SECONDS)
    x, y = walk.at(t)
    i = min(len(squares) - 2, max(0, int(max(0.0, t) / tl.SQUARE_SECONDS)))
    (x0, y0), (x1, y1) = squares[i], squares[i + 1]
    assert min(x0, x1) - 1e-9 <= x <= max(x0, x1) + 1e-9
    assert min(y0, y1) - 1e-9 <= y <= max(y0, y1) + 1e-9
    if t >= walk.end:
        assert (x, y) == squares[-1]
