"""The pf1 rules revision of 2026-12-02: W7, W58–W60 and every revised or new pf1 id.

Tests named `test_defect_N_…` are the regression tests of pf1 defects found in review;
each failed on the code before the revision.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import rules.pf1 as pf1
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Ruling, Situation, Size, Terrain
from rules.pf1.turn import TurnState
from tests.units import evolved, pf1_unit

ROOT = Path(__file__).resolve().parent.parent
BOTH = Terrain(frozenset({"difficult", "hampering"}), symbol="X")
SLIT = Terrain(frozenset({"narrow"}), clearance_m=0.6, symbol="s")


def make(rows, *creatures, edges=(), legend=None) -> Situation:
    board = board_from_rows(rows, legend=legend, edges=edges)
    return Situation("pf1", board, {c.id: c for c in creatures})


def ogre(at=(0, 0), speed=30.0, **kw) -> Creature:
    return pf1_unit("o", "pc", at, size=Size.LARGE, speed=speed, **kw)


def human(at=(0, 0), uid="h", side="pc", **kw) -> Creature:
    return pf1_unit(uid, side, at, race="human", **kw)


def tiny(at, uid, side="pc", size=Size.TINY) -> Creature:
    return Creature(uid, side, at, size=size, speed=6)


def ok(result: Ruling | Illegal) -> Ruling:
    assert isinstance(result, Ruling), result
    return result


def bad(result: Ruling | Illegal, rule: str) -> Illegal:
    assert isinstance(result, Illegal), result
    assert result.rule == rule, result
    return result


def costs(r: Ruling) -> list[int]:
    return [s.cost for s in r.steps]


def act(sit: Situation, kind: str, unit: str, **kw) -> Ruling | Illegal:
    return pf1.rule(sit, Action(kind, unit, **kw), random.Random(1))


# --- worked examples ---------------------------------------------------------------------------


def test_w7_three_doublings_on_a_constructible_squeeze_cost_12_and_add_two_diagonals():
    """W7 (revised) PF1-DOUBLE-STACK, PF1-SQUEEZE: pit at (2,1), X at (1,2) and (2,2); SE squeezes to (1,2)+(2,2)."""
    rows = [".....", "..o..", ".XX..", ".....", "....."]
    sit = make(rows, ogre(speed=30), legend={"X": BOTH})
    r = ok(pf1.measure(sit, "o", [(1, 2)]))
    assert costs(r) == [12] and r.steps[0].dims == (2, 1)
    assert "PF1-DOUBLE-STACK" in r.steps[0].rules and "PF1-SQUEEZE-COST" in r.steps[0].rules
    moved = ok(act(sit, "move", "o", path=((1, 2),)))
    assert next(e.value for e in moved.effects if e.kind == "turn").diag == 2  # d += 2


W58_ROWS = ["########", "########", "#......#", "######.#", "######.#", "######.#", "######.#"]


def w58_ogre() -> Creature:
    return ogre((4, 2), speed=12, space=(2, 1), squeezed=True)


def test_w58_a_squeezed_large_creature_turns_a_corner_by_a_pivot_of_its_centre():
    """W58 PF1-SQUEEZE-LARGE: east 2, turn 2 (v = (½,½), priced orthogonal), south 2 = 6."""
    sit = make(W58_ROWS, w58_ogre())
    r = ok(pf1.measure(sit, "o", [(5, 2, 2, 1), (6, 2, 1, 2), (6, 3, 1, 2)]))
    assert costs(r) == [2, 2, 2] and r.cost == 6
    assert [s.dims for s in r.steps] == [(2, 1), (1, 2), (1, 2)]
    assert "PF1-SQUEEZE-LARGE" in r.steps[1].rules
    assert ok(pf1.measure(sit, "o", [(5, 2), (6, 2), (6, 3)])).cost == 6  # [x, y] entries find the same footprints
    # straight from (5,2)+(6,2) to (6,3)+(6,4): v = (½, 1½) is no step
    assert isinstance(pf1.measure(sit, "o", [(5, 2, 2, 1), (6, 3, 1, 2)]), Illegal)


def test_defect_6_a_squeezed_turn_may_not_jump_a_square_at_a_corridor_bend():
    """PF1-SQUEEZE-LARGE (revised): (4,2)+(5,2) to (6,2)+(6,3) moves the centre by (1½, ½): illegal."""
    sit = make(W58_ROWS, w58_ogre())
    assert isinstance(pf1.measure(sit, "o", [(6, 2, 1, 2)]), Illegal)
    assert isinstance(pf1.measure(sit, "o", [(6, 2)]), Illegal)
    best = {p.at: p.cost for p in pf1.reachable(sit, "o")}
    assert best[(6, 2)] == 4 and best[(6, 3)] == 6


def test_w59_a_squeezed_creature_expands_where_it_overlaps_its_last_footprint_most():
    """W59 PF1-SQUEEZE-LARGE: R' = (3,1)+(4,1); anchor (3,1) overlaps R by 1, (3,0) by 0; cost 1."""
    rows = ["......", "..o...", "......", "..o...", "......"]
    sit = make(rows, ogre((2, 2), space=(2, 1), squeezed=True))
    r = ok(pf1.measure(sit, "o", [(3, 1)]))
    assert r.steps[0].dims is None and costs(r) == [1]
    assert "PF1-SQUEEZE-LARGE" in r.steps[0].rules
    refused = bad(pf1.measure(sit, "o", [(3, 0)]), "PF1-SQUEEZE-LARGE")  # lowest y alone would pick (3,0)
    assert "[3, 1]" in refused.message


def test_w60_no_squeezing_round_a_corner_where_the_full_footprint_fits():
    """W60 PF1-SQUEEZE, PF1-CORNER: wall at (2,0); (1,1) only via (0,1) for 2, never squeezed."""
    sit = make(["..#.....", "........", "........"], ogre())
    bad(pf1.measure(sit, "o", [(1, 1)]), "PF1-CORNER")
    r = ok(pf1.measure(sit, "o", [(0, 1), (1, 1)]))
    assert costs(r) == [1, 1] and all(s.dims is None for s in r.steps)
    assert isinstance(pf1.measure(sit, "o", [(1, 2, 2, 1)]), Illegal)
    assert {p.at: p.cost for p in pf1.reachable(sit, "o")}[(1, 1)] == 2


def test_w60_second_case_pays_for_difficult_squares_instead_of_squeezing_past_them():
    """W60 PF1-SQUEEZE: (2,1) and (3,1) difficult; east to anchor (3,0) costs 2 + 2 + 2 = 6."""
    sit = make(["........", "..,,....", "........"], ogre())
    r = ok(pf1.measure(sit, "o", [(1, 0), (2, 0), (3, 0)]))
    assert costs(r) == [2, 2, 2] and all(s.dims is None for s in r.steps)
    assert {p.at: p.cost for p in pf1.reachable(sit, "o")}[(3, 0)] == 6


# --- defects found in review ------------------------------------------------------------------


def test_defect_1_no_squeeze_where_the_full_footprint_fits():
    """PF1-SQUEEZE, PF1-CORNER: the 8×3 floor with a wall at (2,0): `measure … 1,1` is illegal."""
    sit = make(["..#.....", "........", "........"], ogre())
    refused = bad(pf1.measure(sit, "o", [(1, 1)]), "PF1-CORNER")
    assert refused.cost == 0
    for place in pf1.reachable(sit, "o"):
        assert all(s.dims is None for s in ok(pf1.measure(sit, "o", place.path)).steps)


def test_defect_1_a_large_creature_does_not_squeeze_along_the_map_edge_to_save_cost_or_to_run():
    """PF1-SQUEEZE, PF1-DIFFICULT-NORUN: a row of difficult+hampering squares under it costs 4 per step."""
    sit = make(["........", "XXXXXXXX", "........"], ogre(), legend={"X": BOTH})
    r = ok(pf1.measure(sit, "o", [(1, 0)]))
    assert costs(r) == [4] and r.steps[0].dims is None  # not 3 by squeezing onto row 0
    rough = make(["........", "..,,,,,,", "........"], ogre(speed=9))
    path = [(x, 0) for x in range(1, 7)]
    bad(act(rough, "run", "o", path=tuple(path)), "PF1-DIFFICULT-NORUN")
    assert all(s.dims is None for s in ok(pf1.measure(rough, "o", path)).steps)


def test_defect_2_a_step_to_its_own_anchor_is_not_a_move():
    """Grid conventions (revised): a Large creature at (4,4) measured to 4,4 is illegal."""
    sit = make(["." * 10] * 10, ogre((4, 4), speed=9))
    bad(pf1.measure(sit, "o", [(4, 4)]), "PF1-MOVE-ACTION")
    walled = make([".....", "..#..", ".....", "....."], ogre((0, 0), speed=9))
    # a reduced footprint wholly inside the current one is no step either
    assert isinstance(pf1.measure(walled, "o", [(0, 0, 1, 2)]), Illegal)
    assert isinstance(pf1.measure(walled, "o", [(1, 0, 1, 2)]), Illegal)


def test_defect_3_a_walker_cannot_fly_over_pits_and_a_flyer_can():
    """PF1-FLY-OBSTACLE: mode "fly" needs a fly speed; refused with the id, for measure and for moves."""
    sit = make([".oo.."], human())
    path = ((1, 0), (2, 0), (3, 0))
    refused = bad(pf1.measure(sit, "h", path, mode="fly"), "PF1-FLY-OBSTACLE")
    assert "fly speed" in refused.message
    bad(act(sit, "run", "h", path=path, mode="fly"), "PF1-FLY-OBSTACLE")
    bad(act(sit, "move", "h", path=path, mode="fly"), "PF1-FLY-OBSTACLE")
    assert pf1.reachable(sit, "h", "fly") == []
    winged = make([".oo.."], human(fly=9.0))
    assert ok(pf1.measure(winged, "h", path, mode="fly")).cost == 3
    assert (3, 0) in {p.at for p in pf1.reachable(winged, "h", "fly")}


def test_defect_3_run_with_mode_fly_across_the_bridge_pits_is_refused_by_the_cli(tmp_path):
    """PF1-FLY-OBSTACLE through `python main.py run` on levels/pf1_bridge.toml: exit 1, the id named."""
    script = tmp_path / "fly.toml"
    script.write_text(
        '[[do]]\nunit = "valeros"\naction = "run"\nmode = "fly"\n'
        "path = [[2, 5], [3, 5], [4, 5], [5, 5], [6, 5], [7, 4], [8, 4], [9, 4], [10, 4]]\n",
        encoding="utf-8",
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "run", str(ROOT / "levels" / "pf1_bridge.toml"), str(script), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 1, out.stdout + out.stderr
    data = json.loads(out.stdout)
    assert data["ok"] is False and data["error"]["rule"] == "PF1-FLY-OBSTACLE"
    assert data["state"]["units"]["valeros"]["at"] == [1, 5]


# --- the other revised ids ---------------------------------------------------------------------


def test_pf1_speed_table_dwarves_are_never_slowed_even_with_an_explicit_speed():
    """PF1-SPEED-TABLE (revised): a dwarf with speed 9 m in heavy armour or heavy load keeps 6 squares."""
    dwarf = pf1_unit("d", "pc", (0, 0), race="dwarf", speed=9.0, armor="heavy")
    assert pf1.effective_speed(dwarf) == 6 and pf1.run_multiplier(dwarf) == 3
    assert pf1.effective_speed(evolved(dwarf, armor="none", load="heavy")) == 6
    assert pf1.effective_speed(pf1_unit("e", "pc", (0, 0), race="elf", speed=9.0, armor="heavy")) == 4


def test_pf1_corner_incorporeal_movers_ignore_it_entirely():
    """PF1-CORNER (revised): solid flanks and wall segments do not stop an incorporeal diagonal."""
    ghost = human(incorporeal=True)
    sit = make([".#.", "..."], ghost)
    assert ok(pf1.measure(sit, "h", [(1, 1)])).cost == 1
    fence = make(["...", "..."], ghost, edges=[((0, 0), (1, 0), "blocking")])
    assert ok(pf1.measure(fence, "h", [(1, 1)])).cost == 1
    bad(pf1.measure(make([".#.", "..."], human()), "h", [(1, 1)]), "PF1-CORNER")


def test_pf1_corner_does_not_test_a_squeezed_turn():
    """PF1-CORNER (revised): W58's pivot passes though a wall flanks it; its own wall test is PF1-SQUEEZE-LARGE."""
    sit = make(W58_ROWS, ogre((5, 2), space=(2, 1), squeezed=True))
    assert costs(ok(pf1.measure(sit, "o", [(6, 2, 1, 2)]))) == [2]
    low = [((6, 2), (6, 3), "hampering")]
    bad(pf1.measure(make(W58_ROWS, ogre((5, 2), space=(2, 1), squeezed=True), edges=low), "o", [(6, 2, 1, 2)]),
        "PF1-SQUEEZE-LARGE")  # fmt: skip
    flyer = ogre((5, 2), space=(2, 1), squeezed=True, fly=12.0, mode="fly")
    assert ok(pf1.measure(make(W58_ROWS, flyer, edges=low), "o", [(6, 2, 1, 2)])).cost == 2


def test_pf1_squeeze_large_gargantuan_rotates_in_place():
    """PF1-SQUEEZE-LARGE: a squeezed Gargantuan (4×2) turns to 2×4 about the same centre for 2."""
    rows = ["###..#####"] * 4 + [".........."] * 2 + ["###..#####"] * 4
    worm = Creature("g", "pc", (2, 4), size=Size.GARGANTUAN, speed=30, space=(4, 2), squeezed=True)
    sit = make(rows, worm)
    r = ok(pf1.measure(sit, "g", [(3, 3, 2, 4)]))  # v = (0, 0)
    assert costs(r) == [2] and r.steps[0].dims == (2, 4) and "PF1-SQUEEZE-LARGE" in r.steps[0].rules
    assert costs(ok(pf1.measure(sit, "g", [(3, 2, 2, 4)]))) == [2]  # v = (0, −1)
    assert isinstance(pf1.measure(sit, "g", [(3, 1, 2, 4)]), Illegal)  # v = (0, −2): too far


def test_pf1_helpless_huge_flyers_and_incorporeal_do_not_pay():
    """PF1-HELPLESS-HUGE (revised): the helpless giant lies on the ground; flyers pass over it for 1."""
    giant = Creature("g", "foe", (1, 0), size=Size.HUGE, helpless=True)
    path = [(1, 1), (2, 1), (3, 1), (4, 1)]
    walker = make(["....."] * 3, human((0, 1), speed=12), giant)
    assert costs(ok(pf1.measure(walker, "h", path))) == [2, 2, 2, 1]
    flyer = make(["....."] * 3, human((0, 1), fly=9.0, mode="fly"), giant)
    assert costs(ok(pf1.measure(flyer, "h", path))) == [1, 1, 1, 1]
    ghost = make(["....."] * 3, human((0, 1), incorporeal=True), giant)
    assert costs(ok(pf1.measure(ghost, "h", path))) == [1, 1, 1, 1]


def test_pf1_tiny_share_four_tiny_may_end_in_one_square_and_a_fifth_only_passes():
    """PF1-TINY-SHARE, PF1-TINY-THROUGH: 25 hundredths each; at most 100 per square."""
    three = [tiny((1, 0), f"t{n}") for n in range(3)]
    sit = make(["...."], tiny((0, 0), "m"), *three)
    assert ok(pf1.measure(sit, "m", [(1, 0)])).cost == 1
    four = [*three, tiny((1, 0), "t3")]
    full = make(["...."], tiny((0, 0), "m"), *four)
    bad(pf1.measure(full, "m", [(1, 0)]), "PF1-TINY-SHARE")
    assert ok(pf1.measure(full, "m", [(1, 0), (2, 0)])).cost == 2  # the 5th passes through
    orc = human((1, 0), "orc", "foe")
    with_orc = make(["...."], tiny((0, 0), "m"), *three, orc)
    assert ok(pf1.measure(with_orc, "m", [(1, 0)])).cost == 1  # a larger occupant is not counted


def test_pf1_tiny_share_counts_diminutive_and_fine_in_hundredths():
    """PF1-TINY-SHARE: 3 Tiny (75) + 6 Diminutive (24) + 1 Fine = 100; a second Fine cannot end there."""
    crowd = [tiny((1, 0), f"t{n}") for n in range(3)]
    crowd += [tiny((1, 0), f"d{n}", size=Size.DIMINUTIVE) for n in range(6)]
    fine = tiny((0, 0), "f", size=Size.FINE)
    assert ok(pf1.measure(make(["..."], fine, *crowd), "f", [(1, 0)])).cost == 1
    more = make(["..."], fine, *crowd, tiny((1, 0), "f2", size=Size.FINE))
    bad(pf1.measure(more, "f", [(1, 0)]), "PF1-TINY-SHARE")
    assert pf1.share_fits([*crowd, fine]) and not pf1.share_fits([*crowd, fine, fine])


def test_pf1_obstacle_edge_a_large_creature_pays_a_low_wall_once():
    """PF1-OBSTACLE-EDGE (revised): +2 on the step whose leading squares cross it, nothing for the trailing ones."""
    low = [((1, 0), (2, 0), "hampering"), ((1, 1), (2, 1), "hampering")]
    sit = make(["......", "......"], ogre(speed=9), edges=low)
    r = ok(pf1.measure(sit, "o", [(1, 0), (2, 0), (3, 0)]))
    assert costs(r) == [3, 1, 1] and "PF1-OBSTACLE-EDGE" in r.steps[0].rules
    assert "PF1-OBSTACLE-EDGE" not in r.steps[1].rules
    half = make(["......", "......"], ogre(speed=9), edges=low[:1])
    assert costs(ok(pf1.measure(half, "o", [(1, 0), (2, 0)]))) == [3, 1]  # once, however many segments


def test_pf1_escape_artist_denies_the_dex_part_of_the_defence():
    """PF1-ESCAPE-ARTIST (revised): defence − 4 − dex_ac while in a too-narrow space; no attacks."""
    inside = human((1, 0), defense=16, dex_ac=3)
    sit = make([".s.."], inside, human((2, 0), "orc", "foe", attack=0), legend={"s": SLIT})
    swing = ok(act(sit, "attack", "orc", target="h"))
    assert "PF1-ESCAPE-ARTIST" in swing.rules and "vs 9" in swing.events[0].detail
    bad(act(sit, "attack", "h", target="orc"), "PF1-ESCAPE-ARTIST")
    squeezed = make([".n.."], human((1, 0), defense=16, dex_ac=3), human((2, 0), "orc", "foe", attack=0))
    assert "vs 12" in ok(act(squeezed, "attack", "orc", target="h")).events[0].detail  # squeezing keeps Dex


def test_pf1_squeeze_past_a_fills_space_creature_narrows_like_a_wall():
    """PF1-SQUEEZE-PAST, PF1-FILLS-SPACE (revised): squeeze through the gap beside it, never through it."""
    jelly = pf1_unit("j", "foe", (4, 1), fills_space=True)
    sit = make(["########", "........", "........", "########"], ogre((1, 1), speed=9), jelly)
    r = ok(pf1.measure(sit, "o", [(2, 1), (3, 2), (4, 2), (5, 1)]))
    assert costs(r) == [1, 2, 2, 1] and "PF1-SQUEEZE-PAST" in r.steps[1].rules
    bad(pf1.measure(sit, "o", [(2, 1), (3, 1)]), "PF1-FILLS-SPACE")


def test_a_squeezed_unit_that_ends_squeezed_is_reported_with_its_turn_state():
    """PF1-SQUEEZE-PENALTY: a move that ends after a squeezed turn leaves the unit squeezed."""
    sit = make(W58_ROWS, w58_ogre())
    r = ok(act(sit, "move", "o", path=((5, 2), (6, 2))))
    assert next(e for e in r.effects if e.kind == "place").value == ((6, 2), (1, 2))
    assert any(e.kind == "set" and e.key == "squeezed" and e.value is True for e in r.effects)
    assert isinstance(next(e.value for e in r.effects if e.kind == "turn"), TurnState)


# --- the level loader --------------------------------------------------------------------------

LEVEL = """\
format = 1
name = "Sharing"
ruleset = "pf1"

[map]
tiles = '''
....
....
'''

[[sides]]
id = "a"

[[sides]]
id = "b"

[[units]]
id = "orc"
side = "b"
at = [1, 0]
speed = 9
"""


def tiny_units(n: int, size: str = "tiny", prefix: str = "t") -> str:
    return "".join(
        f'\n[[units]]\nid = "{prefix}{i}"\nside = "a"\nat = [1, 0]\nsize = "{size}"\nspeed = 6\n' for i in range(n)
    )


def refused(tmp_path: Path, text: str) -> str:
    from game.levels.level import LevelError, load_level

    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    try:
        load_level(path)
    except LevelError as error:
        return str(error)
    raise AssertionError("the level was accepted")


def test_pf1_tiny_share_the_loader_accepts_four_tiny_on_an_orc_and_refuses_a_fifth(tmp_path):
    """PF1-TINY-SHARE in the level loader: four Tiny units and a Medium one share a square; a fifth Tiny is refused."""
    from game.levels.level import parse_level

    assert len(parse_level(LEVEL + tiny_units(4)).units) == 5
    assert len(parse_level(LEVEL + tiny_units(3) + tiny_units(6, "diminutive", "d") + tiny_units(1, "fine", "f")).units)
    message = refused(tmp_path, LEVEL + tiny_units(5))
    assert "units[5].at" in message and "PF1-TINY-SHARE" in message


def test_pf1_escape_artist_dex_ac_is_a_validated_unit_key(tmp_path):
    """PF1-ESCAPE-ARTIST: `dex_ac` (integer ≥ 0, default 0) is read, saved, refused if negative or not a number."""
    from game.levels.level import level_to_toml, parse_level

    level = parse_level(LEVEL.replace("speed = 9\n", "speed = 9\ndex_ac = 3\n"))
    assert pf1.traits(level.unit("orc")).dex_ac == 3
    assert pf1.traits(parse_level(level_to_toml(level)).unit("orc")).dex_ac == 3
    assert pf1.traits(parse_level(LEVEL).unit("orc")).dex_ac == 0
    assert "dex_ac" in refused(tmp_path, LEVEL.replace("speed = 9\n", "speed = 9\ndex_ac = -1\n"))
    assert "dex_ac" in refused(tmp_path, LEVEL.replace("speed = 9\n", 'speed = 9\ndex_ac = "high"\n'))


CORRIDOR = """\
format = 1
name = "Bend"
ruleset = "pf1"

[map]
tiles = '''
..######
.......#
######.#
######.#
######.#
'''

[[sides]]
id = "a"

[[units]]
id = "ogre"
side = "a"
at = [0, 0]
size = "large"
speed = 9
"""


def run_script(tmp_path: Path, path: str) -> tuple[int, dict]:
    level = tmp_path / "bend.toml"
    level.write_text(CORRIDOR, encoding="utf-8")
    script = tmp_path / "s.toml"
    script.write_text(f'[[do]]\nunit = "ogre"\naction = "run"\npath = {path}\n', encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "run", str(level), str(script), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    return out.returncode, json.loads(out.stdout)


def test_w58_through_a_script_with_footprint_entries(tmp_path):
    """W58 PF1-SQUEEZE-LARGE via `run`: squeeze in, along, pivot round the bend; the jump is refused."""
    code, data = run_script(
        tmp_path, "[[1, 1, 2, 1], [2, 1, 2, 1], [3, 1, 2, 1], [4, 1, 2, 1], [5, 1, 2, 1], [6, 1, 1, 2], [6, 2, 1, 2]]"
    )
    assert code == 0, data
    ogre_state = data["state"]["units"]["ogre"]
    assert ogre_state["at"] == [6, 2] and ogre_state["dims"] == [1, 2] and ogre_state["squeezed"]
    code, data = run_script(tmp_path, "[[1, 1, 2, 1], [2, 1, 2, 1], [3, 1, 2, 1], [4, 1, 2, 1], [6, 1, 1, 2]]")
    assert code == 1 and data["error"]["rule"].startswith("PF1-")


def test_pf1_squeeze_large_a_huge_creature_pivots_into_a_two_wide_bend():
    """PF1-SQUEEZE-LARGE: a squeezed Huge (3×2) pivots to 2×3 with v = (½, ½) for 2; a jump of 1½ is no step."""
    rows = ["#########", "#########", ".......##", ".......##"] + ["#####..##"] * 5
    huge = Creature("g", "pc", (4, 2), size=Size.HUGE, speed=30, space=(3, 2), squeezed=True)
    sit = make(rows, huge)
    r = ok(pf1.measure(sit, "g", [(5, 2, 2, 3), (5, 3, 2, 3)]))
    assert costs(r) == [2, 2] and [s.dims for s in r.steps] == [(2, 3), (2, 3)]
    assert isinstance(pf1.measure(sit, "g", [(5, 3, 2, 3)]), Illegal)  # v = (½, 1½)
