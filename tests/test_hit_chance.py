"""The closed-form hit chance the computer player weighs blows with is the attack roll's own rule."""

from __future__ import annotations

import pytest

from rules.combat import hit_chance, roll_attack
from rules.dice import parse_dice
from rules.to_hit import ToHit


class _Natural:
    """A generator whose d20 shows one chosen face."""

    def __init__(self, face: int) -> None:
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return self.face


@pytest.mark.parametrize("attack, defense", [(0, 10), (5, 15), (3, 2), (0, 25), (12, 12), (-4, 30), (20, 1)])
def test_hit_chance_counts_the_faces_roll_attack_lets_hit(attack, defense):
    hits = sum(roll_attack(ToHit(attack, defense), _Natural(face)).hit for face in range(1, 21))  # type: ignore[arg-type]
    assert hit_chance(attack, defense) == pytest.approx(hits / 20)


def test_the_mean_of_a_roll():
    assert parse_dice("2d6+3").mean == 10.0
    assert parse_dice("1d8").mean == 4.5
    assert parse_dice("7").mean == 7.0
