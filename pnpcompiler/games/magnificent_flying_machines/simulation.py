"""How ``pnp simulate magnificent-flying-machines`` plays the game: standard races of 2 to 6
players (a dealt course, 6.1, with the draft played at random, 6.7-6.9, 12.2), every machine
flown by one bot (:mod:`.bots` chooses for the whole table) collecting and delivering
passengers and cargo, with weather change cards and trick and boost cards, a
race's length counted in turns, the winner by the race's own scoring and tie-break, each
seat's victory points, and each seat's pilots and machines for their shares of the wins.

Every test's first roll is tallied against its exact chance: a test *passes on the dice*
when the dice rolled show at least the symbols it needs, before any re-roll, spare part,
card, fuel or luck makes good the rest; an explosion face only decides whether a failure is
catastrophic, so it counts as a face without the test's symbol."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import yaml

from ...content.project import GameContent
from ...referee.simulation import Chance, Played, Simulation
from .bots import BOTS, Tested
from .model import TESTS
from .races import NAMES, race
from .referee.engine import RaceEngine

MODE = "standard"
"""The race every simulated game plays (the quick start's preset sides would give every
pilot and machine the same seat)."""

simulation = Simulation(bots=tuple(BOTS), players=(2, len(NAMES)), length="turns",
                        score_unit="victory points", one_bot=True)
"""The bots ``random`` (any legal choice) and ``heuristic`` (races for the final airfield);
one of them flies every machine."""


def exact_table(test: str) -> str:
    """Return the name of a test's table of exact chances."""
    return f"{test} test"


@cache  # each first roll's chance made once: a race rolls hundreds
def chance_of(tested: Tested) -> Chance:
    """Return a test's first roll as its table of exact chances counts it."""
    return Chance(exact_table(tested.test), (tested.dice, tested.need), tested.passed)


@dataclass(frozen=True)
class Table:
    """What every race is played from: the content and its engine."""

    game: GameContent
    engine: RaceEngine


@simulation.prepares
def prepare(game: GameContent) -> Table:
    """Return the game's engine, with the content it deals courses and weather from."""
    return Table(game, RaceEngine.of(game))


@simulation.plays
def play_one(table: Table, bots: tuple[str, ...], seed: int, keep: bool) -> Played:
    """Play one standard race, seat 1 (Ann) first, with a random draft, cargo and
    passengers, weather change cards, and trick and boost cards."""
    played = race(table.game, table.engine, len(bots), bots[0], seed, MODE,
                  weather_changes=True, cargo=True, cards=True, drafted=True, log_turns=keep)
    end = played.record["end"]
    names = NAMES[:len(bots)]
    winner = end.get("winner")
    text = None
    if keep:
        text = (f"# A race of Magnificent Flying Machines played by pnp simulate, bot "
                f"{bots[0]}, seed {seed}.\n" + yaml.safe_dump(
                    played.record, sort_keys=False, default_flow_style=None, width=100))
    machines = played.record["machines"]
    sides = tuple((category, names.index(m["player"]), m[key]) for m in machines
                  for category, key in (("pilot", "pilot"), ("machine", "dashboard")))
    return Played(winner=names.index(winner) if winner in names else None,
                  length=played.turns, end="race-over",
                  scores=tuple(end["scores"].get(name) for name in names),
                  chances=tuple(map(chance_of, played.tests)),
                  record=text, sides=sides)


def pass_chance(table: Table, test: str, dice: int, need: int) -> Fraction:
    """Return the exact chance that ``dice`` dice show at least ``need`` of a test's symbols
    (8.2): the number showing it is binomial, a die showing it on as many faces as carry
    it, added up die by die."""
    faces = table.engine.tables.rules.dice.faces
    hit = Fraction(sum(1 for face in faces if test in face), len(faces))
    showing = [Fraction(1)]
    for _ in range(dice):
        showing = [(showing[k] if k < len(showing) else 0) * (1 - hit)
                   + (showing[k - 1] * hit if k > 0 else 0) for k in range(len(showing) + 1)]
    return sum((p for k, p in enumerate(showing) if k >= need), Fraction(0))


def _register(test: str) -> None:
    """Declare the exact table of one kind of test, keyed by dice rolled and symbols needed."""

    @simulation.exact(exact_table(test), ("dice", "need"))
    def chance(table: Table, key: tuple[int, ...]) -> Fraction:
        """Return the chance that the dice alone pass a test of this kind."""
        dice, need = key
        return pass_chance(table, test, dice, need)


for _test in TESTS:
    _register(_test)
