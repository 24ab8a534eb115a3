"""The bots' dice: the faces the seeded generator gives, so a seed plays the same race."""

from __future__ import annotations

import random

from pnpcompiler.games.magnificent_flying_machines.bots import roll


def test_8_2_the_dice_a_bot_rolls_are_the_faces_randint_rolls() -> None:
    """Pools of every size the dice bag holds, from many seeds: the same faces, and the
    generator left where randint leaves it."""
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for count in (0, 1, 2, 3, 4, 5, 6, 8, 12):
            assert roll(ours, count) == [theirs.randint(1, 6) for _ in range(count)]
        assert ours.random() == theirs.random()
