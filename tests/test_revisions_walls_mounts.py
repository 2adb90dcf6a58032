"""The other rule revisions of 2026-12-06: walls inside a footprint (W67, D5-SQUEEZE), mounted cut-ins,
Leibgarde against the target's own limit, and standing up next to an enemy drawing its attack of opportunity."""

from __future__ import annotations

import random

from test_hexxen_helpers import act as hx_act
from test_hexxen_helpers import fight, pairs

import rules.dnd5e as dnd5e
import rules.pf1 as pf1
from game.text.i18n import refusal
from rules import effects
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Refusal, Ruling, Situation, Size, edge_key
from rules.dnd5e.movement import Mover as D5Mover
from rules.doors import with_door
from rules.pf1.space import Mover
from tests.units import pf1_unit

# W67: a wall along the edges between columns 2 and 3 for rows 0 to 3, open at row 1 (the doorway)
DOORWAY = [((2, y), (3, y), "blocking") for y in (0, 2, 3)]


def pf1_sit(rows, *creatures, edges=()) -> Situation:
    return Situation("pf1", board_from_rows(rows, edges=edges), {c.id: c for c in creatures}, turns={})


def test_w67_a_large_creature_squeezes_through_a_one_square_doorway():
    """W67 PF1-SQUEEZE, PF1-SQUEEZE-LARGE: 1 + 2 (squeezed in the doorway) + 1 (full again at (3,0)) = 6 m."""
    sit = pf1_sit(["......"] * 5, Creature("o", "pc", (0, 1), size=Size.LARGE, speed=9), edges=DOORWAY)
    ruling = pf1.measure(sit, "o", [(1, 1), (2, 1, 2, 1), (3, 0)])
    assert isinstance(ruling, Ruling), ruling
    assert [s.cost for s in ruling.steps] == [1, 2, 1] and ruling.cost * ruling.unit_cm == 600
    assert [s.dims for s in ruling.steps] == [None, (2, 1), None]
    assert "PF1-SQUEEZE" in ruling.steps[1].rules and "PF1-SQUEEZE-LARGE" in ruling.steps[2].rules
    found = pf1.reachable(sit, "o").get((3, 0))
    assert found is not None and found.cost == 4


def test_pf1_squeeze_a_footprint_straddling_a_wall_is_illegal_as_a_position():
    """PF1-SQUEEZE (revised 2026-12-06): the full footprint at (2,1) holds (2,2) and (3,2) with the wall between."""
    sit = pf1_sit(["......"] * 5, Creature("o", "pc", (0, 1), size=Size.LARGE, speed=9), edges=DOORWAY)
    why = Mover(sit, "o").check((2, 1), (2, 2), False)
    assert isinstance(why, Refusal) and why.rule == "PF1-SQUEEZE" and why.at == (3, 2)
    refused = why.illegal()
    assert refusal(refused, "en") == "a wall or a closed door lies inside the footprint at [3, 2] [PF1-SQUEEZE]"
    assert refusal(refused, "de").endswith("[PF1-SQUEEZE]") and "[3, 2]" in refusal(refused, "it")
    # the squeezed footprint across the wall, (2,2)+(3,2), is no way through either
    assert isinstance(pf1.measure(sit, "o", [(1, 1), (2, 2, 2, 1)]), Illegal)


def test_pf1_squeeze_a_closed_edge_door_inside_the_footprint_counts_as_a_wall():
    """PF1-SQUEEZE: a closed door between two squares of the footprint makes it illegal; open, it does not."""
    key = edge_key((2, 2), (3, 2))
    ogre = Creature("o", "pc", (0, 1), size=Size.LARGE, speed=9)
    walls = board_from_rows(["......"] * 5, edges=[((2, y), (3, y), "blocking") for y in (0, 3)])
    closed = Situation("pf1", with_door(walls, key, False), {"o": ogre}, turns={})
    why = Mover(closed, "o").check((2, 1), (2, 2), False)
    assert isinstance(why, Refusal) and why.rule == "PF1-SQUEEZE" and why.at == (3, 2)
    opened = Situation("pf1", with_door(walls, key, True), {"o": ogre}, turns={})
    full = pf1.measure(opened, "o", [(1, 1), (2, 1)])
    assert isinstance(full, Ruling) and full.steps[-1].dims is None


def test_d5_squeeze_a_huge_creature_squeezes_through_a_doorway_narrower_than_its_space():
    """D5-SQUEEZE (revised 2026-12-06): a 2-square doorway in a wall; the Huge creature passes it as 2×2."""
    edges = [((3, y), (4, y), "blocking") for y in (0, 3, 4)]
    giant = Creature("g", "pc", (0, 1), size=Size.HUGE)
    sit = Situation("dnd5e", board_from_rows(["........"] * 5, edges=edges), {"g": giant}, turns={})
    beyond = dnd5e.reachable(sit, "g").get((4, 1))
    assert beyond is not None
    ruling = dnd5e.measure(sit, "g", list(beyond.path))
    assert isinstance(ruling, Ruling)
    squeezed = [s for s in ruling.steps if s.dims == (2, 2)]
    assert squeezed and all("D5-SQUEEZE" in s.rules for s in squeezed)
    # the full 3×3 space beside the doorway would hold the wall: refused, citing D5-SQUEEZE
    why = D5Mover(sit, "g", "walk").fit((2, 1), 3, 0.0)
    assert isinstance(why, Refusal) and why.rule == "D5-SQUEEZE" and why.at == (4, 3)
    assert D5Mover(sit, "g", "walk").fit((2, 0), 3, 0.0) is not None, "(3,0)|(4,0) is walled too"


def test_hx_mounted_a_mounted_cut_in_is_refused_as_a_whole_and_changes_nothing():
    """HX-MOUNTED (revised 2026-12-06): a mounted hunter cannot cut in; nothing is rolled, no binding moves."""
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], H2={"mounted": True})
    refused = hx_act(sit, "attack", "H2", "N1", tactic="cut_in", release="H1")
    assert not refused.ok and refused.rule == "HX-MOUNTED"
    assert effects.after(sit, refused) == sit and pairs(sit) == {("H1", "N1")}
    plain = hx_act(sit, "attack", "H2", "N1")
    assert plain.ok and pairs(effects.after(sit, plain)) == {("H1", "N1")}, "a plain attack binds nobody"


def test_hx_leibgarde_the_exemption_covers_the_targets_own_limit():
    """HX-LEIBGARDE (revised 2026-12-06): a fifth hunter on a man-sized NPC, legal with Leibgarde only."""
    four = [f"H{i}" for i in range(1, 5)]
    bound = [(h, "N1") for h in four]
    guard = fight(*four, "H5", "N1", pairs=bound, H5={"powers": ("leibgarde",)})
    ruling = hx_act(guard, "attack", "H5", "N1")
    assert ruling.ok
    assert ("H5", "N1") in pairs(effects.after(guard, ruling))
    plain = fight(*four, "H5", "N1", pairs=bound)
    assert hx_act(plain, "attack", "H5", "N1").rule == "HX-MAX-HUNTERS-ON-NPC"


def test_gb_pf_prone_standing_up_next_to_an_enemy_draws_its_attack_of_opportunity():
    """GB-PF-PRONE, GB-AOO: stand_up provokes, and the attack is rolled as for a provoking step."""
    me = pf1_unit("h", "pc", (0, 0), race="human", prone=True, hp=30, max_hp=30)
    orc = pf1_unit("orc", "foe", (1, 0), race="human", attack=20)
    sit = pf1_sit(["...."], me, orc)
    ruling = pf1.rule(sit, Action("stand_up", "h"), random.Random(1))
    assert isinstance(ruling, Ruling)
    attacks = [e for e in ruling.events if e.kind == "opportunity_attack"]
    assert len(attacks) == 1 and attacks[0].unit == "orc" and "GB-AOO" in ruling.rules
    assert any(e.kind == "damage" and e.unit == "h" for e in ruling.effects)
    assert any(e.kind == "set" and e.unit == "orc" and e.key == "reactions_used" for e in ruling.effects)
    alone = pf1.rule(pf1_sit(["...."], me, orc.evolve(at=(3, 0))), Action("stand_up", "h"), random.Random(1))
    assert isinstance(alone, Ruling) and not [e for e in alone.events if e.kind == "opportunity_attack"]


def test_gb_aoo_a_moves_provoking_steps_are_still_rolled_once_each():
    """GB-AOO: a movement's provokes events, repeated in its ruling, draw one attack each, not two."""
    me = pf1_unit("h", "pc", (1, 0), race="human", hp=30, max_hp=30)
    orc = pf1_unit("orc", "foe", (0, 0), race="human", attack=20, combat_reflexes=True)
    sit = pf1_sit(["......"], me, orc)
    ruling = pf1.rule(sit, Action("move", "h", path=((2, 0), (3, 0))), random.Random(1))
    assert isinstance(ruling, Ruling)
    assert len([e for e in ruling.events if e.kind == "opportunity_attack"]) == 1
