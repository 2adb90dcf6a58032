"""The hard player's search (game/ai/search.py, portfolio.py): its evaluation weighs units by the damage they
deal, its playouts see a whole round when units act by initiative, the close decisions get more dice, its
portfolio holds the sheltered approach, its focus plans find the kill two units make together, its greedy search over
the side's assignment finds it too and gives a comrade a better part, and the same seed gives the same decision."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import decide, dnd5e_wait, explanation_lines, hexxen_order, portfolio, priority, snapshot
from game.ai import search as hard
from game.ai.dice import SliceRandom
from game.ai.normal import normal_options
from game.ai.plan import PLANS
from game.ai.portfolio import first_actions, waits
from game.ai.snapshot import perform
from game.battle.match import Match
from game.levels.level import load_level, parse_level
from game.paths import LEVELS_DIR
from rules.actions import Action
from rules.core import Creature, Effect
from tests.test_ai_tactics import OPEN, level, unit

MIRRORS = [LEVELS_DIR / f"{name}_mirror.toml" for name in ("pf1", "dnd5e", "hexxen")]


def test_power_is_the_expected_damage_of_an_attack_action() -> None:
    """GB-ATTACK: d20 + 5 against defence 12 hits on 7 or more (70 %); 1d8+2 deals 6.5 on average; two attacks
    (D5-BETWEEN-ATTACKS) deal twice that; a natural 20 always hits, so even a hopeless attack is worth 5 %."""
    one = Creature("x", "a", (0, 0), attack=5, damage="1d8+2")
    assert hard.power(one, 12) == pytest.approx(0.7 * 6.5)
    assert hard.power(Creature("x", "a", (0, 0), attack=5, attacks=2, damage="1d8+2"), 12) == pytest.approx(9.1)
    assert hard.power(one, 40) == pytest.approx(0.05 * 6.5)


def test_a_unit_that_deals_more_damage_weighs_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """The weights average 1 over the units, and the brute dealing twice the damage weighs more than the others."""
    units = [
        unit("me", "a", (1, 1), speed=9),
        unit("brute", "b", (5, 5), speed=9, damage="2d8+4"),
        unit("other", "b", (6, 6), speed=9),
    ]
    match = Match(parse_level(level("pf1", OPEN, units), "<weights>"), 1)
    weights = hard.power_weights(match.situation())
    assert sum(weights.values()) / 3 == pytest.approx(1.0)
    assert weights["brute"] > weights["me"] == pytest.approx(weights["other"])
    monkeypatch.setattr(hard, "POWER_BLEND", 0.0)
    hard._weights.cache_clear()
    assert set(hard.power_weights(match.situation()).values()) == {1.0}
    hard._weights.cache_clear()


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_standing_squeezed_is_worth_less(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """PF1-SQUEEZE-PENALTY, D5-SQUEEZE-DISADV, D5-SQUEEZE-ADV-AGAINST: a squeezed unit fights badly and is easily hit,
    so the evaluation counts it SQUEEZED times its weight less for its side (and more for the other); 0 ignores it."""
    snap = snapshot(_focus(ruleset))
    a1 = snap.sit.creatures["a1"]
    squeezed = replace(snap, sit=replace(snap.sit, creatures={**snap.sit.creatures, "a1": replace(a1, squeezed=True)}))
    weight = hard.power_weights(snap.sit)["a1"]
    monkeypatch.setattr(hard, "SQUEEZED", 0.5)
    assert hard.evaluate(snap, "a") - hard.evaluate(squeezed, "a") == pytest.approx(0.5 * weight)
    assert hard.evaluate(squeezed, "b") - hard.evaluate(snap, "b") == pytest.approx(0.5 * weight)
    monkeypatch.setattr(hard, "SQUEEZED", 0.0)
    assert hard.evaluate(squeezed, "a") == hard.evaluate(snap, "a")


def test_a_playout_sees_a_whole_round_by_initiative_and_the_reply_by_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: by initiative a playout plays every standing unit's turn once (the enemies' answers included);
    when sides take whole turns it plays the rest of the side's turn and the opponent's reply, and with
    APPROACH_TURNS 3 the side's next turn too for a unit that cannot strike anyone this turn (how it approaches)."""
    mirror = Match(load_level(MIRRORS[0]), 1)
    standing = sum(1 for c in mirror.situation().creatures.values() if not c.defeated)
    assert hard.horizon(snapshot(mirror)) == standing
    arena = Match(load_level(LEVELS_DIR / "arena_4v4.toml"), 1)
    assert hard.horizon(snapshot(arena)) == hard.HALF_TURNS == 2
    far = snapshot(_far_apart())
    assert hard.horizon(far, "a1") == hard.APPROACH_TURNS == hard.HALF_TURNS  # the longer approach is switched off
    monkeypatch.setattr(hard, "APPROACH_TURNS", 3)
    assert hard.horizon(far, "a1") == 3
    near = snapshot(_focus("pf1"))
    assert hard.horizon(near, "a1") == hard.HALF_TURNS


def test_the_close_options_are_played_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every option meets SAMPLES dice streams; only those within CLOSE of the best meet EXTRA more."""
    snap = snapshot(_shelter())
    unit_id = "me"
    played: dict[tuple[Action | None, str | None], int] = {}

    def fake(
        _snap, _unit, first, seed, shift=None, focus=None, struck=None, hold=False, **_
    ):  # the hold option far behind
        played[first, focus] = played.get((first, focus), 0) + 1
        return -10.0 if first is None else 0.0

    monkeypatch.setattr(hard, "playout", fake)
    monkeypatch.setattr(hard, "EXTRA", 4)
    ranked = hard.search(snap, unit_id, random.Random(1))
    assert len(ranked) > 2 and ranked[-1] == (-10.0, None)
    assert played[None, None] == hard.SAMPLES
    assert all(n == hard.SAMPLES + 4 for (first, _), n in played.items() if first is not None)


def test_the_portfolio_holds_the_approach_that_stands_in_fewest_enemies_reach() -> None:
    """PF1-MOVE-ACTION: besides the normal script's square next to the wounded enemy, the portfolio holds the square
    next to it where no second enemy stands in reach; the search then plays both out."""
    snap = snapshot(_shelter())
    options = first_actions(snap, "me", None)
    moves = [a.path[-1] for a in options if a is not None and a.kind == "move"]
    guard = snap.sit.creatures["guard"]
    sheltered = [sq for sq in moves if max(abs(sq[0] - guard.at[0]), abs(sq[1] - guard.at[1])) > 1]
    assert any(max(abs(sq[0] - 5), abs(sq[1] - 4)) == 1 for sq in sheltered)


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_hard_strikes_the_enemy_whose_fall_saves_the_most_damage(ruleset: str) -> None:
    """GB-ATTACK: two enemies in reach, a harmless one at 6 hp and a brute at 9 hp that hits for 2d8+6. Normal
    hits the one with fewer hit points; hard hits the brute, whose fall removes far more damage (every seed)."""
    units = [
        unit("me", "a", (4, 4), speed=9, attack=10, damage="1d8+4"),
        unit("pest", "b", (5, 4), speed=9, hp=6, attack=0, damage="1d4"),
        unit("brute", "b", (4, 5), speed=9, hp=9, attack=8, damage="2d8+6"),
    ]
    match = Match(parse_level(level(ruleset, OPEN, units), "<focus>"), 1)
    for seed in range(3):
        normal = decide(snapshot(match), "normal", random.Random(seed)).first
        strong = decide(snapshot(match), "hard", random.Random(seed)).first
        assert normal is not None and (normal.kind, normal.target) == ("attack", "pest")
        assert strong is not None and (strong.kind, strong.target) == ("attack", "brute")


def _focus(ruleset: str) -> Match:
    """Two units of side a, each in reach of a harmless enemy at 3 hp and of a brute at 14 hp that hits for 2d8+6:
    one blow (1d8+4, at most 12) cannot fell the brute, two nearly always do."""
    units = [
        unit("a1", "a", (4, 4), speed=9, attack=10, damage="1d8+4"),
        unit("a2", "a", (4, 6), speed=9, attack=10, damage="1d8+4"),
        unit("pest", "b", (3, 5), speed=9, hp=3, attack=0, damage="1d4"),
        unit("brute", "b", (5, 5), speed=9, hp=14, attack=8, damage="2d8+6"),
    ]
    return Match(parse_level(level(ruleset, OPEN, units), "<focus>"), 1)


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_hard_focuses_two_blows_on_the_brute_so_it_falls_this_turn(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-ATTACK: normal's first unit hits the enemy with the fewest hit points (the harmless one) and its second
    the brute, which survives. Hard's focus plan plays the first blow at the brute with the comrade striking the
    brute too, and the brute falls this turn: hard opens on the brute from every seed. Searching the unit alone
    (its comrade modelled by the normal script, which then hits the harmless one) does not see it."""
    match = _focus(ruleset)
    normal = decide(snapshot(match), "normal", random.Random(0)).first
    assert normal is not None and (normal.unit, normal.target) == ("a1", "pest")
    for seed in range(6):
        strong = decide(snapshot(match), "hard", random.Random(seed)).first
        assert strong is not None and (strong.kind, strong.unit, strong.target) == ("attack", "a1", "brute")
    monkeypatch.setattr(hard, "FOCUS_PLANS", 0)
    monkeypatch.setattr(hard, "GREEDY", 0)  # the greedy search over the side finds it too (its own test)
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())  # so does dnd5e's priority pick (its own test)
    alone = [decide(snapshot(match), "hard", random.Random(seed)).first for seed in range(6)]
    assert any(a is not None and a.target == "pest" for a in alone)


def test_focus_plans_decide_the_same_from_the_same_seed() -> None:
    """GB-TURN: a side's whole turn with focus plans weighed (sides take turns) is the same from the same seed, with
    the same options and values explained."""
    snap = snapshot(_focus("dnd5e"))
    one = decide(snap, "hard", random.Random(3), explain=True)
    assert one == decide(snap, "hard", random.Random(3), explain=True)
    assert one.units and one.units[0].unit == "a1" and one.actions[-1].kind == "end_turn"


def test_a_comrade_in_a_focus_plan_strikes_the_plans_enemy(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-ATTACK: in a focus plan a comrade whose script would hit the weakest enemy strikes the plan's enemy
    instead when it is in reach, and keeps its script's choice otherwise (a defeated or absent enemy)."""
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())  # pf1's pick would strike the brute already
    snap = snapshot(_focus("pf1"))
    first = hard.focused(snap, "a2", "brute", random.Random(0))[0]
    assert (first.kind, first.target) == ("attack", "brute")
    assert hard.focused(snap, "a2", "nobody", random.Random(0)) == normal_options(snap, "a2", random.Random(0))


def _shelter() -> Match:
    """A pf1 unit one move from a wounded enemy that a second enemy guards from below."""
    units = [
        unit("me", "a", (1, 4), speed=9),
        unit("weak", "b", (5, 4), speed=9, hp=5),
        unit("guard", "b", (5, 6), speed=9),
    ]
    return Match(parse_level(level("pf1", OPEN, units), "<shelter>"), 1)


@pytest.mark.parametrize("path", MIRRORS, ids=lambda p: p.stem)
def test_hard_decides_the_same_from_the_same_seed(path) -> None:
    """GB-TURN: the same snapshot and seed give the same decision and explanation (fixed budget, no clock)."""
    match = Match(load_level(path), 4)
    snap = snapshot(match)
    one = decide(snap, "hard", random.Random(9), explain=True)
    assert one == decide(snap, "hard", random.Random(9), explain=True)
    assert one.actions and one.units


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**48))
def test_stratified_samples_roll_each_slice_of_a_die_once(seed: int) -> None:
    """GB-ATTACK: the four samples of a decision share their base rolls, each shifted by a quarter, so every d20
    (and every damage die) lands once in each quarter of its range: 1–5, 6–10, 11–15 and 16–20."""
    for sides in (20, 8, 4):
        rolls = [SliceRandom(seed, k / 4).randint(1, sides) for k in range(4)]
        assert sorted((r - 1) * 4 // sides for r in rolls) == [0, 1, 2, 3]
        assert all(1 <= r <= sides for r in rolls)


def test_every_option_meets_the_same_stratified_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every option is played out on one seed shifted by 0, 1/SAMPLES, 2/SAMPLES …: the same rolls for all options
    (common random numbers), and each roll once in each slice of its range."""
    seen: dict[tuple[Action | None, str | None], list[tuple[int, float | None]]] = {}

    def fake(_snap, _unit, first, seed, shift=None, focus=None, struck=None, hold=False, **_):
        seen.setdefault((first, focus), []).append((seed, shift))
        return 0.0

    monkeypatch.setattr(hard, "playout", fake)
    monkeypatch.setattr(hard, "STRATIFIED", True)
    hard.search(snapshot(_shelter()), "me", random.Random(1))
    streams = list(seen.values())
    assert len(streams) > 2 and all(s == streams[0] for s in streams)
    assert len({seed for seed, _ in streams[0]}) == 1
    assert [shift for _, shift in streams[0]] == [k / hard.SAMPLES for k in range(hard.SAMPLES)]


def test_trading_blows_helps_the_side_ahead_and_hurts_the_side_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """With TRADE the material count is the side's share of what stands: the same even trade (one unit of each side
    falls, GB-DEFEAT) raises the value of the side with more units and lowers the other's; by the plain difference
    (TRADE 0) it leaves both unchanged. At full strength both counts agree."""
    # out of each other's reach for a turn (no threat either way): only the standing units count
    units = [unit(f"a{k}", "a", (k, 0), speed=6) for k in range(3)] + [
        unit(f"b{k}", "b", (k, 9), speed=6) for k in range(2)
    ]
    match = Match(parse_level(level("pf1", OPEN, units), "<trade>"), 1)
    before = snapshot(match)
    match.apply([Effect("set", "a0", key="defeated", value=True), Effect("set", "b0", key="defeated", value=True)])
    after = snapshot(match)
    plain = {side: (hard.evaluate(before, side), hard.evaluate(after, side)) for side in "ab"}
    monkeypatch.setattr(hard, "TRADE", 1.0)
    share = {side: (hard.evaluate(before, side), hard.evaluate(after, side)) for side in "ab"}
    for side in "ab":
        assert share[side][0] == pytest.approx(plain[side][0])
    # the plain difference moves only by TEMPO (the fallen units' distances), far less than a unit's worth
    assert abs(plain["a"][1] - plain["a"][0]) < 0.5 and abs(plain["b"][1] - plain["b"][0]) < 0.5
    assert share["a"][1] > share["a"][0] + 0.5
    assert share["b"][1] < share["b"][0] - 0.5


def _far_apart(ruleset: str = "pf1") -> Match:
    """Two units a side, 14 squares apart on an open field, speed 6 m: no one can strike this turn, and whoever walks
    up to the others (a run, a Dash) ends its turn where they strike it first."""
    tiles = ["." * 22 for _ in range(6)]
    fighter = {"speed": 6, "hp": 20, "attack": 8, "damage": "1d10+4"}
    units = [
        unit("a1", "a", (0, 2), **fighter),
        unit("a2", "a", (0, 3), **fighter),
        unit("b1", "b", (14, 2), **fighter),
        unit("b2", "b", (14, 3), **fighter),
    ]
    return Match(parse_level(level(ruleset, tiles, units), "<far apart>"), 1)


def _holding_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch on what is off by default (measured no stronger on the shipped levels): the stand-off, hold plans and
    the side's next turn in the playout of an approach."""
    monkeypatch.setattr(hard, "APPROACH_TURNS", 3)
    monkeypatch.setattr(hard, "HOLD_PLANS", True)
    monkeypatch.setattr(portfolio, "STAND_OFF", True)
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())  # pf1's side script would wait by itself


def test_hard_holds_back_with_its_side_and_lets_the_enemy_come(monkeypatch: pytest.MonkeyPatch) -> None:
    """PF1-RUN, PF1-CHARGE: normal runs up to the enemy and takes the first blows; hard with hold plans keeps its
    side out of every enemy's move, charge and reach, so the enemy has to come to it, from every seed, and says why.
    Its playout sees its own next turn (APPROACH_TURNS 3), where the side that waited strikes first. Weighed unit by
    unit, with the comrade walking in by the normal script, holding back shows nothing, and hard ran in too."""
    _holding_back(monkeypatch)
    match = _far_apart()
    snap = snapshot(match)
    normal = decide(snap, "normal", random.Random(0)).first
    assert normal is not None and normal.kind == "run" and not waits(snap, "a1", normal)
    for seed in range(6):
        decision = decide(snap, "hard", random.Random(seed), explain=True)
        assert waits(snap, "a1", decision.first)
    choice = decision.units[0].choice
    assert choice is not None and dict(choice.reason.params).get("hold") is True
    for lang, said in (
        ("en", "waits out of"),
        ("de", "außer Reichweite"),
        ("it", "fuori dalla portata"),
        ("he", "ממתין"),
    ):
        assert said in explanation_lines(decision, lang)[1]
    monkeypatch.setattr(hard, "HOLD_PLANS", False)
    alone = [decide(snap, "hard", random.Random(seed)).first for seed in range(6)]
    assert any(not waits(snap, "a1", a) for a in alone)


def test_a_hold_plan_keeps_only_the_comrades_who_cannot_strike() -> None:
    """GB-TURN: in a hold plan a comrade with no enemy within a move (a charge in pf1) and its reach waits; one that
    can strike acts by its script."""
    match = _far_apart()
    snap = snapshot(match)
    dice = hard.Dice(snap, 1)
    held = hard._finish_turn(snap, random.Random(1), dice, [100], ("a", None))
    assert {u: held.sit.creatures[u].at for u in ("a1", "a2")} == {"a1": (0, 2), "a2": (0, 3)}
    walked = hard._finish_turn(snap, random.Random(1), hard.Dice(snap, 1), [100])
    assert walked.sit.creatures["a1"].at != (0, 2)
    near = snapshot(_focus("pf1"))
    assert hard.striking(near, "a2")
    struck = hard._finish_turn(near, random.Random(1), hard.Dice(near, 1), [100], ("a", None))
    assert any(c.hp < c.max_hp or c.defeated for c in struck.sit.creatures.values() if c.side == "b")


def test_the_stand_off_stops_short_of_every_enemys_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """PF1-MOVE-ACTION, PF1-CHARGE: the portfolio holds the move to the square nearest the enemies that none of them
    can strike next turn (a charge covers twice the speed, then the reach): 4 squares nearer, 10 still between. By
    default (STAND_OFF off) it is not weighed."""
    snap = snapshot(_far_apart())
    assert not [a for a in first_actions(snap, "a1", None) if a is not None and a.kind == "move"]
    _holding_back(monkeypatch)
    standing = [
        a for a in first_actions(snap, "a1", None) if a is not None and a.kind == "move" and waits(snap, "a1", a)
    ]
    assert len(standing) == 1
    x, _ = standing[0].path[-1]
    assert x == 4
    assert not waits(snap, "a1", Action("move", "a1", ((1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2))))


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_the_greedy_search_over_the_side_finds_the_kill_of_two_blows(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-ATTACK, GB-TURN: without focus plans, the portfolio greedy search over the side's assignment (GREEDY) still
    opens on the brute from every seed: its seed with the whole side striking one enemy plays a2's blow at the brute
    after a1's, and the brute falls this turn (searching a1 alone, a2 by the normal script, does not see it)."""
    match = _focus(ruleset)
    monkeypatch.setattr(hard, "FOCUS_PLANS", 0)
    monkeypatch.setattr(hard, "GREEDY", 1)
    for seed in range(6):
        strong = decide(snapshot(match), "hard", random.Random(seed)).first
        assert strong is not None and (strong.kind, strong.unit, strong.target) == ("attack", "a1", "brute")


def _comrade_errs(ruleset: str) -> Match:
    """a1 stands far off; its comrade a2 stands next to a harmless enemy at 3 hp and a brute at 5 hp that hits for
    2d8+6: normal's a2 hits the enemy with the fewest hit points, and the brute strikes back."""
    units = [
        unit("a1", "a", (19, 19), speed=9, attack=10, damage="1d8+4"),
        unit("a2", "a", (4, 6), speed=9, attack=10, damage="1d8+4"),
        unit("pest", "b", (3, 5), speed=9, hp=3, attack=0, damage="1d4"),
        unit("brute", "b", (5, 5), speed=9, hp=5, attack=8, damage="2d8+6"),
    ]
    return Match(parse_level(level(ruleset, ["." * 20 for _ in range(20)], units), "<comrade>"), 1)


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_the_greedy_search_gives_a_comrade_a_better_part_and_says_so(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-ATTACK, GB-TURN: the greedy search improves the comrade's part with the unit's option fixed: a2's own
    first action at the brute (one blow fells it) beats its script's blow at the harmless enemy, so a1's options are
    weighed with a2 striking the brute; a1's chosen option says so, naming a2, and a2 then strikes the brute. With
    GREEDY 0 no option names a comrade; the assignment is the same from the same seed."""
    match = _comrade_errs(ruleset)
    snap = snapshot(match)
    assert normal_options(snap, "a2", random.Random(0))[0].target == "pest"
    monkeypatch.setattr(hard, "GREEDY", 1)
    # dnd5e's priority pick would have a2 strike the brute in every playout already: the assignment would not differ
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())
    names = match.level.display_names
    for seed in range(4):
        decision = decide(snap, "hard", random.Random(seed), explain=True)
        chosen = decision.units[0].choice
        assert chosen is not None and decision.units[0].unit == "a1"
        assert dict(chosen.reason.params)["joint"] == ("a2",) and "GB-TURN" in chosen.reason.rules
        struck = [a for a in decision.actions if a.unit == "a2"]
        assert struck and (struck[0].kind, struck[0].target) == ("attack", "brute")
        assert decision == decide(snap, "hard", random.Random(seed), explain=True)
    text = explanation_lines(decision, "de", names)[1]
    assert "in einem Plan für die ganze Seite" in text and "a2" in text
    monkeypatch.setattr(hard, "GREEDY", 0)
    plain = decide(snap, "hard", random.Random(0), explain=True)
    assert all("joint" not in dict(o.reason.params) for u in plain.units for o in u.options)


def test_the_greedy_search_leaves_the_initiative_levels_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: by initiative no comrade acts within the unit's turn, so the greedy search is not run there: the
    mirror levels decide the same with GREEDY on and off."""
    snap = snapshot(Match(load_level(MIRRORS[0]), 7))
    before = decide(snap, "hard", random.Random(1), explain=True)
    monkeypatch.setattr(hard, "GREEDY", 1)
    assert decide(snap, "hard", random.Random(1), explain=True) == before


def test_the_greedy_search_may_improve_the_enemys_reply_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-ATTACK, GB-TURN: with GREEDY_REPLY each enemy may strike one of the side's units nearest it whenever it can
    (nearest first), and the kill of two blows on the brute is still what hard opens with, the same from the same
    seed."""
    match = _focus("pf1")
    snap = snapshot(match)
    assert hard._replies(snap, "brute") == [hard.Script("focus", "a1"), hard.Script("focus", "a2")]
    monkeypatch.setattr(hard, "GREEDY", 1)
    monkeypatch.setattr(hard, "GREEDY_REPLY", True)
    for seed in range(4):
        strong = decide(snap, "hard", random.Random(seed))
        assert strong.first is not None and (strong.first.unit, strong.first.target) == ("a1", "brute")
        assert strong == decide(snap, "hard", random.Random(seed))


def _greedy_playouts(monkeypatch: pytest.MonkeyPatch, snap: hard.Snapshot, seed: int) -> list[int]:
    """The greedy search's own playouts (those it plays under an assignment) of each decision of hard's side-turn."""
    counts: list[int] = []
    inside = [False]
    plain, weigh, search_side = hard.playout, hard.scored_plans, hard.greedy

    def counted(*args: object, **kwargs: object) -> float:
        counts[-1] += inside[0] and kwargs.get("assign") is not None
        return plain(*args, **kwargs)  # type: ignore[arg-type]

    def decision(*args: object) -> object:
        counts.append(0)
        return weigh(*args)  # type: ignore[arg-type]

    def greedy(*args: object) -> object:
        inside[0] = True
        try:
            return search_side(*args)  # type: ignore[arg-type]
        finally:
            inside[0] = False

    monkeypatch.setattr(hard, "playout", counted)
    monkeypatch.setattr(hard, "scored_plans", decision)
    monkeypatch.setattr(hard, "greedy", greedy)
    decide(snap, "hard", random.Random(seed))
    monkeypatch.setattr(hard, "playout", plain)
    monkeypatch.setattr(hard, "scored_plans", weigh)
    monkeypatch.setattr(hard, "greedy", search_side)
    return counts


def _skirmish(ruleset: str) -> hard.Snapshot:
    """Three against three a square apart on a small open board: a side-turn with comrades still to act in which
    every unit has several blows to weigh, at a fraction of a shipped level's search (the suite's time budget)."""
    extra = {"role": "npc"} if ruleset == "hexxen" else {}
    units = [unit(f"a{k}", "a", (1, 2 * k), speed=9) for k in range(3)]
    units += [unit(f"b{k}", "b", (3, 2 * k), speed=9, **extra) for k in range(3)]
    return snapshot(Match(parse_level(level(ruleset, ["." * 6 for _ in range(6)], units), "<skirmish>"), 3))


@pytest.mark.parametrize("ruleset", ["dnd5e", "hexxen"])
def test_the_greedy_search_keeps_to_its_budget_of_playouts(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: on a crowded side the greedy search's own playouts of each decision never exceed GREEDY_PLAYOUTS (a
    fixed budget, no clock), where without the budget a decision plays out more; the budgeted side-turn is the same
    from the same seed."""
    snap = _skirmish(ruleset)
    assert len(snap.acting()) >= 3  # the unit and at least two comrades still to act
    monkeypatch.setattr(hard, "GREEDY", 1)
    for seed in range(2):
        spent = _greedy_playouts(monkeypatch, snap, seed)
        assert max(spent) > 0 and all(n <= hard.GREEDY_PLAYOUTS for n in spent)
    # one seed for the rest: each side-turn here is seconds of search (the suite's time budget)
    assert decide(snap, "hard", random.Random(0)) == decide(snap, "hard", random.Random(0))
    cap = hard.GREEDY_PLAYOUTS
    monkeypatch.setattr(hard, "GREEDY_PLAYOUTS", 10**6)
    assert max(_greedy_playouts(monkeypatch, snap, 0)) > cap


def test_the_greedy_search_may_run_for_the_sides_first_unit_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: the greedy search gives parts only to the comrades after the unit in the side's order (those before it
    have played this turn); with GREEDY_LEAD it runs for the side's first unit only, and the later units' decisions
    are the per-unit search's (no playout under an assignment)."""
    snap = snapshot(Match(load_level(LEVELS_DIR / "hexxen_beast.toml"), 3))
    first, *later = hexxen_order.own_order(snap, hard.power_weights)  # hard's side's order in HeXXen
    monkeypatch.setattr(hard, "GREEDY", 1)
    monkeypatch.setattr(hard, "GREEDY_PLAYOUTS", 10**6)
    assignments: list[dict[str, hard.Script]] = []
    plain = hard.playout

    def seen(*args: object, **kwargs: object) -> float:
        if isinstance(kwargs.get("assign"), dict):
            assignments.append(kwargs["assign"])  # type: ignore[arg-type]
        return plain(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "playout", seen)
    hard.scored_plans(snap, later[0], random.Random(0))
    assert assignments and all(set(named) <= set(later[1:]) for named in assignments)
    monkeypatch.setattr(hard, "playout", plain)
    monkeypatch.setattr(hard, "GREEDY_LEAD", True)
    spent = [_decision_playouts(monkeypatch, snap, unit) for unit in (first, later[0])]
    assert spent[0] > 0 and spent[1] == 0
    monkeypatch.setattr(hard, "GREEDY_LEAD", False)
    assert _decision_playouts(monkeypatch, snap, later[0]) > 0


def _decision_playouts(monkeypatch: pytest.MonkeyPatch, snap: hard.Snapshot, unit: str) -> int:
    """The greedy search's own playouts of one decision of `unit`."""
    count = [0]
    plain = hard.playout

    def counted(*args: object, **kwargs: object) -> float:
        count[0] += kwargs.get("assign") is not None
        return plain(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "playout", counted)
    hard.scored_plans(snap, unit, random.Random(0))
    monkeypatch.setattr(hard, "playout", plain)
    return count[0]


def _after_a1(snap: hard.Snapshot, chosen: Action) -> hard.Snapshot:
    """The snapshot once a1 has taken `chosen` and then played its turn out by its script (the plan's playouts do)."""
    snap, _ = perform(snap, chosen, random.Random(0))
    for _ in range(6):
        found = normal_options(snap, "a1", random.Random(0))
        if not found:
            break
        snap, _ = perform(snap, found[0], random.Random(0))
    return snap


@pytest.mark.parametrize(("ruleset", "follow"), [("pf1", "option"), ("dnd5e", "option"), ("pf1", "part")])
def test_a_comrade_follows_the_sides_plan_where_it_foresaw_the_situation(
    ruleset: str, follow: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-TURN: the side's first decision works the greedy assignment out and keeps it for the side-turn (a2's part:
    the blow at the brute); a2's decision in a situation the plan foresaw follows it without searching the side
    again (its part one more option, or the choice that keeps its place), and strikes the brute; in one it did not
    foresee (the harmless enemy is down) a2 searches anew."""
    snap = snapshot(_comrade_errs(ruleset))
    monkeypatch.setattr(hard, "GREEDY", 1)
    monkeypatch.setattr(hard, "PLAN_FOLLOW", follow)
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())  # a2's part must differ from its script (see above)
    searched: list[str] = []
    plain = hard.greedy

    def counted(at: hard.Snapshot, unit: str, *args: object) -> object:
        searched.append(unit)
        return plain(at, unit, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "greedy", counted)
    PLANS.forget()
    chosen = hard.scored_plans(snap, "a1", random.Random(0))[0][1]
    assert searched == ["a1"] and chosen is not None and chosen.unit == "a1"
    there = _after_a1(snap, chosen)
    plan = PLANS.recall(there, "a2")
    assert plan is not None and plan.parts["a2"].kind in ("first", "focus")
    ranked = hard.scored_plans(there, "a2", random.Random(0))
    assert searched == ["a1"]  # followed: no search of the side
    assert ranked[0][1] is not None and (ranked[0][1].kind, ranked[0][1].target) == ("attack", "brute")
    pest = there.sit.creatures["pest"]
    unforeseen = replace(
        there, sit=replace(there.sit, creatures={**there.sit.creatures, "pest": replace(pest, defeated=True)})
    )
    assert PLANS.recall(unforeseen, "a2") is None
    hard.scored_plans(unforeseen, "a2", random.Random(0))
    assert searched == ["a1", "a2"]
    # a whole side-turn: only a1's first decision searches the side, and a2 strikes the brute
    searched.clear()
    decision = decide(snap, "hard", random.Random(0))
    struck = [a for a in decision.actions if a.unit == "a2"]
    assert searched[:1] == ["a1"] and "a2" not in searched
    assert struck and (struck[0].kind, struck[0].target) == ("attack", "brute")


def test_a_comrade_may_play_its_part_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: with PLAN_FOLLOW "script" a comrade the plan foresaw plays its part as the plan has it: no playout."""
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())  # a1's part as normal's script has it
    snap = snapshot(_comrade_errs("pf1"))
    monkeypatch.setattr(hard, "GREEDY", 1)
    monkeypatch.setattr(hard, "PLAN_FOLLOW", "script")
    PLANS.forget()
    there = _after_a1(snap, hard.scored_plans(snap, "a1", random.Random(0))[0][1])
    played = [0]
    plain = hard.playout

    def counted(*args: object, **kwargs: object) -> float:
        played[0] += 1
        return plain(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "playout", counted)
    found = hard.hard_options(there, "a2", random.Random(0))
    assert played == [0] and (found[0].kind, found[0].target) == ("attack", "brute")


@pytest.mark.parametrize("ruleset", ["dnd5e", "hexxen"])
def test_a_kept_plan_decides_the_same_from_the_same_seed(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: the side-turn's plan never carries over from another side-turn or game: the same seed gives the same
    side-turn whatever plans the process keeps (one of another seed for the same side-turn, or none)."""
    snap = _skirmish(ruleset)
    monkeypatch.setattr(hard, "GREEDY", 1)
    followed = [0]
    plain = PLANS.recall

    def recall(at: hard.Snapshot, unit: str) -> object:
        found = plain(at, unit)
        followed[0] += found is not None
        return found

    monkeypatch.setattr(PLANS, "recall", recall)
    PLANS.forget()
    first = decide(snap, "hard", random.Random(5))
    assert followed[0] > 0  # the later decisions of the side-turn followed its plan
    other = decide(snap, "hard", random.Random(6))  # a plan of the same side-turn, made from another seed
    assert decide(snap, "hard", random.Random(5)) == first
    PLANS.forget()
    assert decide(snap, "hard", random.Random(5)) == first
    assert decide(snap, "hard", random.Random(6)) == other


def _lanchester(ruleset: str) -> Match:
    """One unit of side a in reach of a skirmisher at 8 hp that hits for 1d4 and of a brute at 30 hp that hits for
    2d8+6: no blow of this turn fells either, and normal hits the one with the fewer hit points."""
    units = [
        unit("me", "a", (4, 4), speed=9, attack=6, damage="1d8+3"),
        unit("pest", "b", (5, 4), speed=9, hp=8, attack=2, damage="1d4"),
        unit("brute", "b", (4, 5), speed=9, hp=30, attack=8, damage="2d8+6"),
    ]
    return Match(parse_level(level(ruleset, OPEN, units), "<lanchester>"), 1)


def test_hard_in_dnd5e_wears_down_the_enemy_that_deals_most_damage_per_hit_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GB-ATTACK, D5-BETWEEN-ATTACKS: neither enemy falls this turn, so a playout to the reply tells the two blows
    apart by less than the margin: with the pick off (as shipped) hard hits the skirmisher (fewer hit points) as
    normal does. With priority.PRIORITY_RULESETS on, hard's side plays the priority pick: the brute, whose weight
    per hit point left is the higher, and whose fall, blows later, removes more damage. pf1, and dnd5e by
    initiative, keep normal's pick."""
    match = _lanchester("dnd5e")
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset())
    off = [decide(snapshot(match), "hard", random.Random(seed)).first for seed in range(4)]
    assert all(a is not None and (a.kind, a.target) == ("attack", "pest") for a in off)
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset({"dnd5e"}))
    snap = snapshot(match)
    weights = hard.power_weights(snap.sit)
    foes = [snap.sit.creatures["pest"], snap.sit.creatures["brute"]]
    assert priority.priority_pick(foes, weights).id == "brute"
    assert weights["brute"] / 30 > weights["pest"] / 8
    for seed in range(4):
        normal = decide(snapshot(match), "normal", random.Random(seed)).first
        strong = decide(snapshot(match), "hard", random.Random(seed)).first
        assert normal is not None and (normal.kind, normal.target) == ("attack", "pest")
        assert strong is not None and (strong.kind, strong.target) == ("attack", "brute")
    assert [a.target for a in hard.own_options(snap, "me", random.Random(0))] == ["brute"]
    pf1 = snapshot(_lanchester("pf1"))
    assert hard.own_options(pf1, "me", random.Random(0)) == normal_options(pf1, "me", random.Random(0))
    by_initiative = replace(snap, mode="initiative")  # the mirror level's turns: hard's side plays as before
    assert hard.own_options(by_initiative, "me", random.Random(0)) == normal_options(snap, "me", random.Random(0))


def test_a_priority_pick_on_a_wounded_enemy_finishes_it() -> None:
    """The pick divides by the hit points left: a harmless enemy at 1 hp comes before a healthy brute."""
    weights = {"pest": 0.2, "brute": 2.0}
    pest = Creature("pest", "b", (0, 0), hp=1, max_hp=8)
    brute = Creature("brute", "b", (1, 0), hp=30, max_hp=30)
    assert priority.priority_pick([brute, pest], weights).id == "pest"
    assert priority.priority_pick([brute, replace(pest, hp=8)], weights).id == "brute"


def test_a_blow_pick_weighs_the_blow_not_the_enemys_hit_points() -> None:
    """With PRIORITY_BLOW the pick weighs what one blow takes off: a rat at 3 hp is worth the whole rat's little
    weight, a giant at 60 hp the blow's share of its great weight, and an enemy that is hard to hit counts for less."""
    weights = {"rat": 0.16, "giant": 3.0, "wisp": 1.0, "gnoll": 0.75}
    me = Creature("me", "a", (0, 0), attack=6, damage="1d8+4")  # a blow of 8.5 on average
    rat = Creature("rat", "b", (1, 0), hp=3, max_hp=3, defense=10)
    giant = Creature("giant", "b", (0, 1), hp=60, max_hp=60, defense=13)
    assert priority.priority_pick([giant, rat], weights).id == "rat"  # 0.053 a hit point against 0.05
    assert priority.blow_pick(me, [giant, rat], weights).id == "giant"  # 3.0 × 0.7 × 8.5 / 60 against 0.16 × 0.85
    wisp = Creature("wisp", "b", (1, 1), hp=10, max_hp=10, defense=21)
    gnoll = Creature("gnoll", "b", (1, 0), hp=15, max_hp=15, defense=13)
    assert priority.priority_pick([wisp, gnoll], weights).id == "wisp"
    assert priority.blow_pick(me, [wisp, gnoll], weights).id == "gnoll"  # the wisp is hit on a 15 or better


def test_hard_with_the_blow_pick_strikes_the_brute_over_a_pest_one_blow_fells(monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-ATTACK: a pest at 3 hp next to the brute. The priority pick takes the pest (its little weight over 3 hp
    beats the brute's over 30); the blow pick (PRIORITY_BLOW) weighs what the blow takes off: all of the pest, a
    quarter of the brute, whose weight is nine times the pest's, so hard's side strikes the brute."""
    units = [
        unit("me", "a", (4, 4), speed=9, attack=6, damage="1d8+3"),
        unit("pest", "b", (5, 4), speed=9, hp=3, attack=2, damage="1d4"),
        unit("brute", "b", (4, 5), speed=9, hp=30, attack=8, damage="2d8+6"),
    ]
    snap = snapshot(Match(parse_level(level("dnd5e", OPEN, units), "<blow>"), 1))
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset({"dnd5e"}))
    monkeypatch.setattr(priority, "PRIORITY_BLOW", False)
    assert [a.target for a in hard.own_options(snap, "me", random.Random(0))] == ["pest"]
    monkeypatch.setattr(priority, "PRIORITY_BLOW", True)
    assert [a.target for a in hard.own_options(snap, "me", random.Random(0))] == ["brute"]


def test_a_quiet_approach_stops_outside_every_enemys_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """D5-DASH, GB-5E-REACH: a unit that cannot strike a brute with a 3 m reach this turn. Normal closes in as far as
    it can, into the brute's reach, where the brute strikes first; with PRIORITY_QUIET hard's side stops on a square
    outside every enemy's reach, so the brute must come to it."""
    units = [
        unit("me", "a", (0, 4), speed=9),
        unit("brute", "b", (14, 4), speed=9, reach=3, attack=8, damage="2d8+6"),
    ]
    wide = ["." * 20 for _ in range(10)]
    snap = snapshot(Match(parse_level(level("dnd5e", wide, units), "<quiet>"), 1))
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset({"dnd5e"}))
    monkeypatch.setattr(priority, "PRIORITY_QUIET", False)
    monkeypatch.setattr(dnd5e_wait, "DND5E_WAIT_ROUNDS", 0)  # the first round's wait: tests/test_ai_dnd5e_wait.py

    def gap(actions: list[Action]) -> int:
        (x, _), (bx, _) = actions[0].path[-1], snap.sit.creatures["brute"].at
        return bx - x

    loud = hard.own_options(snap, "me", random.Random(0))
    assert gap(loud) <= 2  # within the brute's 3 m
    monkeypatch.setattr(priority, "PRIORITY_QUIET", True)
    quiet = hard.own_options(snap, "me", random.Random(0))
    assert gap(quiet) == 3  # one square beyond it, as near as that allows
