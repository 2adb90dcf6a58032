"""Dice stream 2 (common random numbers): a unit's dice in a round do not depend on how many others rolled."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.battle.match import CountingRandom, Match, StreamRandom, dice
from game.levels.level import load_level
from game.saved.replay import Replay
from game.saved.script import Script
from rules.revision import DICE_STREAM

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def test_new_matches_roll_stream_2_and_stream_1_stays_selectable() -> None:
    assert DICE_STREAM == 2
    assert type(dice(5, 1)) is CountingRandom
    assert isinstance(dice(5, 2), StreamRandom)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 20), round_=st.integers(0, 30))
def test_an_actors_rolls_ignore_the_rolls_of_others_before(seed: int, extra: int, round_: int) -> None:
    plain, shifted = StreamRandom(seed), StreamRandom(seed)
    shifted.at("ogre", round_)
    for _ in range(extra):  # another unit rolls more dice first (a variant that acts early)
        shifted.randint(1, 20)
    plain.at("hero", round_)
    shifted.at("hero", round_)
    assert [plain.randint(1, 20) for _ in range(5)] == [shifted.randint(1, 20) for _ in range(5)]
    assert (shifted.draws > plain.draws) == (extra > 0)  # the other unit's draws are counted all the same


def test_streams_differ_by_actor_round_and_seed_and_are_stable() -> None:
    def rolls(seed: int, actor: str, round_: int) -> list[int]:
        rng = StreamRandom(seed)
        rng.at(actor, round_)
        return [rng.randint(1, 20) for _ in range(8)]

    assert rolls(1, "a", 1) == rolls(1, "a", 1)
    keys = ((1, "a", 1), (1, "b", 1), (1, "a", 2), (2, "a", 1))
    assert len({tuple(rolls(*key)) for key in keys}) == len(keys)
    # the stream's definition: Mersenne Twister seeded with the first 8 bytes of sha256("seed|actor|round"),
    # the same in every process (Python's hash() of a string is not)
    spec = random.Random(int.from_bytes(hashlib.sha256(b"0|hero|1").digest()[:8], "big"))
    assert rolls(0, "hero", 1) == [spec.randint(1, 20) for _ in range(8)]


def test_a_script_naming_stream_1_replays_with_stream_1() -> None:
    level = load_level(LEVELS / "pf1_mirror.toml")
    for stream, kind in ((1, CountingRandom), (None, CountingRandom), (2, StreamRandom)):
        replay = Replay(level, Script(3, (), "pf1_mirror.toml", None, dice_stream=stream))
        try:
            assert type(replay.match.rng) is kind
            assert replay.match.dice_stream == (stream or 1)
        finally:
            replay.close()
    match = Match(level, 3)
    try:
        assert match.dice_stream == DICE_STREAM
    finally:
        match.close()
