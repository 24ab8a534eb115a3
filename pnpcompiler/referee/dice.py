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
from functools import cache

from ..core.findings import Location
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
            rule_unseeded(rulings, seed, die, rolled, order=order)
            return False
    return True


def first_unseeded(seed: int, faces: Iterable[int], sides: int = 6) -> tuple[int, int] | None:
    """Return the index of the first of ``faces`` that a die seeded with ``seed`` does not
    roll and the face it rolls, or None when it rolls them all (the dice as plain numbers,
    for a game that looks up where a die is written only when it is wrong)."""
    wanted = list(faces)
    try:
        target = bytes(wanted) if sides < 256 else None
    except ValueError:  # a face no byte holds: not a die's, compared one by one
        target = None
    if target is None:
        stream = Dice(seed)
        for n, face in enumerate(wanted):
            rolled = stream.roll(sides)
            if face != rolled:
                return n, rolled
        return None
    faces_rolled = _rolls_in_bulk(seed, len(wanted), sides)
    if faces_rolled.startswith(target):
        return None
    n = next(i for i, (a, b) in enumerate(zip(target, faces_rolled, strict=False)) if a != b)
    return n, faces_rolled[n]


@cache
def _faces_of_top_bytes(sides: int) -> tuple[bytes, bytes]:
    """Return the table from a word's top byte to a die's face, and the top bytes a die
    draws again on (:meth:`Dice.roll` for a die of at most 255 sides)."""
    shift = 8 - sides.bit_length()
    faces = bytes(((top >> shift) + 1) & 0xFF for top in range(256))
    return faces, bytes(range(sides << shift, 256))


def _rolls_in_bulk(seed: int, count: int, sides: int) -> bytes:
    """Return the first ``count`` faces :meth:`Dice.roll` rolls from ``seed``, drawn many
    words at once (``getrandbits(32 * k)`` is ``k`` words, the first the least
    significant), each face a byte."""
    faces, again = _faces_of_top_bytes(sides)
    bits = random.Random(seed).getrandbits
    rolled = b""
    while len(rolled) < count:
        words = 2 * (count - len(rolled)) + 8
        raw = bits(32 * words).to_bytes(4 * words, "little")
        rolled += raw[3::4].translate(faces, again)
    return rolled


def rule_unseeded(rulings: Rulings, seed: int, die: RolledDie, rolled: int, *,
                  order: str) -> None:
    """Rule on a die of a record that the seeded dice roll as ``rolled``."""
    rulings.rule("dice.seed", die.rule, f"with seed {seed} this die rolls {rolled}; the "
                 f"record has {die.value} (dice are checked in {order})", die.locate(),
                 turn=die.turn)
