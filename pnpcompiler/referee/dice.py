"""Seeded dice: a record's ``seed`` names the dice it was played with, and the referee checks
every die against them.

The stream is the Mersenne Twister (MT19937) seeded as Python's ``random.Random(seed)`` seeds
it from an integer, read as raw 32-bit outputs (``getrandbits(32)``, the generator's own
words, the same on every Python version). A die of ``n`` sides takes the top
``n.bit_length()`` bits of one output and draws again while they are ``n`` or more; the face
is that number plus one. For a d6 these are the rolls ``random.Random(seed).randint(1, 6)``
gives today, but the faces are derived here, so they never depend on how a Python version
implements ``randint``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..findings import Location
from .rulings import Rulings


class Dice:
    """A stream of die rolls from a seed (see the module's documentation)."""

    __slots__ = ("_bits", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._bits = random.Random(seed).getrandbits

    def raw(self) -> int:
        """Return the generator's next 32-bit output."""
        return self._bits(32)

    def roll(self, sides: int = 6) -> int:
        """Return the next die's face, 1 to ``sides``."""
        width = sides.bit_length()
        while True:
            face = self._bits(32) >> (32 - width)
            if face < sides:
                return face + 1

    def rolls(self, count: int, sides: int = 6) -> list[int]:
        """Return the next ``count`` dice."""
        return [self.roll(sides) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class RolledDie:
    """A die a record says was rolled: its face, how to find where it is written (looked up
    only for a ruling), and the rule, turn and sides it was rolled under."""

    value: int
    locate: Callable[[], Location | None]
    rule: str | None
    turn: int | None = None
    sides: int = 6


def check_seeded(rulings: Rulings, seed: int | None, dice: Iterable[RolledDie], *,
                 order: str) -> bool:
    """Rule on the first die of a record that a die seeded with ``seed`` does not roll;
    return whether they all match. ``order`` says in which order the record's dice are
    read (``record order``); with no seed there is nothing to check."""
    if seed is None:
        return True
    stream = Dice(seed)
    for die in dice:
        rolled = stream.roll(die.sides)
        if die.value != rolled:
            rulings.rule("dice.seed", die.rule, f"with seed {seed} this die rolls {rolled}; the "
                         f"record has {die.value} (dice are checked in {order})", die.locate(),
                         turn=die.turn)
            return False
    return True
