"""Action shapes (rules/actions.py) and whom a hexxen relief or cut-in may release (rules/hexxen)."""

from __future__ import annotations

import itertools

from test_hexxen_helpers import act, fight

from rules.actions import ACTION_KINDS, SHAPES, shape
from rules.hexxen import release_choices


def test_every_action_kind_has_a_shape_and_paths_and_targets_match_the_action_fields():
    assert set(SHAPES) == set(ACTION_KINDS)
    assert shape("move").path == "reach" and shape("move").mode
    assert shape("charge").target and shape("charge").path == "straight" and not shape("charge").through
    assert shape("overrun").through and shape("tumble").through
    assert shape("step").path == "square" and shape("interact").at
    # one dash for UI and AI alike: taken at once, and it may carry the path it pays for (D5-DASH)
    assert shape("dash").now and shape("dash").path == "reach"


def _release_refused(ruling) -> bool:
    return not ruling.ok and ruling.rule in ("HX-RELIEF", "HX-CUTIN")


def test_hx_relief_and_hx_cutin_release_choices_are_exactly_the_releases_rule_accepts():
    layouts = [
        [("H1", "N1"), ("H2", "N1")],
        [("H1", "N1"), ("H1", "N2")],
        [("H1", "N1"), ("H2", "N1"), ("H2", "N2")],
        [("H1", "N1")],
        [],
    ]
    for pairs, tactic in itertools.product(layouts, ("relieve", "cut_in")):
        sit = fight("H1", "H2", "H3", "N1", "N2", pairs=pairs)
        for target in ("N1", "N2"):
            choices = release_choices(sit, "H3", target, tactic)
            for who in ("H1", "H2", "N2"):
                ruling = act(sit, "attack", "H3", target, tactic=tactic, release=who)
                assert (who in choices) == (not _release_refused(ruling)), (pairs, tactic, target, who, ruling)


def test_release_choices_are_empty_for_a_front_attack():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    assert release_choices(sit, "H2", "N1", "front") == ()
