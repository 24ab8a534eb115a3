"""How bots play a game many times: what a game declares so that ``pnp simulate`` can play it,
and how the games of a run are seeded and played in chunks.

A game declares its simulation the way it declares its kinds of record: in a module of its
referee package (imported only when the game is simulated), one registry and a decorator on
each function it gives::

    simulation = Simulation(bots=("random", "racing"), players=(2, 4), length="turns")

    @simulation.prepares
    def prepare(game: GameContent) -> Tables:      # once per process: tables, maps
        return tables_for(game)

    @simulation.plays
    def play(tables: Tables, bots: tuple[str, ...], seed: int, keep: bool) -> Played:
        ...                                        # one whole game through the engine

and names that module in its plug-in: ``rules.simulation(f"{__name__}.referee.simulation")``.
Optional: ``@simulation.thresholds`` (the scores a player aims for, with their names) and
``@simulation.exact(name, columns)`` (the exact chance of a roll a game's ``Played.chances``
tallies, printed beside the simulated rate) and ``Played.sides`` (what each seat played
with: the report gives each pilot or faction its share of wins). docs/simulate.md says it all
with an example.

Every game of a run has its own seed, derived from the run's seed and the game's index alone
(:func:`game_seed`), so a run plays the same games however it is shared out.

A game may also name the rules its bots can break on purpose (``Simulation(mistakes=...)``):
then ``sloppy-BOT`` (or ``sloppy-BOT@P``) is BOT making, at each decision where one of them is
open, one of those mistakes with chance P (:data:`SLIP_RATE` by default), drawn by
:class:`Slips`. A game returns the rulings its engine made in ``Played.rulings``, which the
balance report tallies.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..content.project import GameContent

SEED_SCHEME = ("the first 6 bytes, big-endian, of sha256 of the text '<run seed>:<game index>' "
               "(game indices count from 0)")
"""How a game's seed is derived from the run's (what the balance report says)."""


SLOPPY = "sloppy-"
"""The prefix of a bot that breaks rules on purpose."""
SLIP_RATE = 0.05
"""A sloppy bot's chance of a mistake at each decision where one is open, unless named."""


def game_seed(run_seed: int, index: int) -> int:
    """Return the seed of a run's game ``index``: see :data:`SEED_SCHEME`."""
    digest = hashlib.sha256(f"{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True, slots=True)
class Chance:
    """One roll whose exact chance the game can compute: its table, its key (the table's
    columns, in order) and whether it passed."""

    table: str
    key: tuple[int, ...]
    passed: bool


@dataclass(frozen=True, slots=True)
class Played:
    """One game the bots played: what the balance report counts, and its record."""

    winner: int | None
    """The winning seat (0 first), None when nobody won."""
    length: int
    """How long the game was, in the simulation's ``length`` unit."""
    end: str
    """How the game ended, in the game's words (``stop``, ``crash``, ``won``)."""
    scores: tuple[int | None, ...] = ()
    """Each seat's score, None for a seat that scores nothing (a crash); empty when the game
    keeps no score."""
    chances: tuple[Chance, ...] = ()
    record: str | None = None
    """The game as a record file's text (only when asked for)."""
    rulings: tuple[tuple[str, str], ...] = ()
    """Every ruling the engine made in the game, as (code, rule), in order: what the referee
    finds in its record (none for bots that keep the rules)."""
    figures: tuple[tuple[str, int], ...] = ()
    """What else the game counts, by name (planes landed, collisions): the report gives
    each its spread over the games."""
    sides: tuple[tuple[str, int, str], ...] = ()
    """What each seat played with, as (category, seat, value): ``("pilot", 0, "jing-li")``,
    ``("machine", 0, "biplane")``; a seat may have several values of a category (two
    machines each in a two-player race). The report gives each value its share of wins."""


def bot_named(seat: str) -> tuple[str, float]:
    """Return a seat's bot and its chance of a mistake at a decision: ``careful`` is
    (careful, 0), ``sloppy-careful`` (careful, :data:`SLIP_RATE`), ``sloppy-careful@0.2``
    (careful, 0.2)."""
    if not seat.startswith(SLOPPY):
        return seat, 0.0
    bot, _, rate = seat.removeprefix(SLOPPY).partition("@")
    return bot, float(rate) if rate else SLIP_RATE


class Slips:
    """A sloppy bot's mistakes: at each decision, with its chance, one of the mistakes open
    there. Drawn from their own generator (seeded from the game's seed and the seat), so the
    dice roll as they would for a careful bot until a mistake changes the game."""

    def __init__(self, rate: float, seed: int, seat: int) -> None:
        self.rate = rate
        self.random = random.Random(f"slips:{seed}:{seat}")

    @classmethod
    def of(cls, seat: str, seed: int, index: int) -> Slips | None:
        """Return the slips of a seat's bot, None for a bot that keeps the rules."""
        _, rate = bot_named(seat)
        return cls(rate, seed, index) if rate > 0 else None

    def pick(self, open_: list[str]) -> str | None:
        """Return the mistake made at a decision where ``open_`` are possible, or None."""
        if not open_ or self.random.random() >= self.rate:
            return None
        return open_[self.random.randrange(len(open_))]


Prepare = Callable[["GameContent"], Any]
Play = Callable[[Any, tuple[str, ...], int, bool], Played]
Thresholds = Callable[[Any], list[tuple[str, int]]]
ExactChance = Callable[[Any, tuple[int, ...]], Fraction]


@dataclass(frozen=True)
class ExactTable:
    """A table of chances a game computes outright, keyed by its columns."""

    name: str
    columns: tuple[str, ...]
    chance: ExactChance


@dataclass
class Simulation:
    """How bots play a game (see the module's documentation)."""

    bots: tuple[str, ...]
    """The bots' names; the first is the default."""
    players: tuple[int, int] = (1, 1)
    """The fewest and most players a game seats."""
    length: str = "turns"
    """What a game's length counts."""
    score_unit: str = ""
    """What a score counts (``points``, ``victory points``), named on the report's scores and
    plots; empty when unnamed."""
    cooperative: bool = False
    """The table wins or loses together (no seat wins): the report leaves out the winners
    and the first player's advantage, and scores are the table's."""
    mistakes: dict[str, str] = field(default_factory=dict)
    """The rules the bots can break on purpose (name: what it breaks); with any, every bot
    has a ``sloppy-`` variant."""
    one_bot: bool = False
    """One bot plays every seat (it decides for the whole table): ``--bots`` names one."""
    prepare: Prepare | None = None
    play: Play | None = None
    targets: Thresholds | None = None
    exact_tables: dict[str, ExactTable] = field(default_factory=dict)

    def prepares(self, func: Prepare) -> Prepare:
        """Register what is worked out once per process from the content (the table the
        games are played on)."""
        self.prepare = func
        return func

    def plays(self, func: Play) -> Play:
        """Register how one game is played: (table, the seats' bots, seed, keep the record)."""
        self.play = func
        return func

    def thresholds(self, func: Thresholds) -> Thresholds:
        """Register the scores players aim for, lowest first, with their names."""
        self.targets = func
        return func

    def exact(self, name: str, columns: tuple[str, ...]
              ) -> Callable[[ExactChance], ExactChance]:
        """Register the exact chance of the rolls a game tallies as ``Chance(name, ...)``."""

        def register(func: ExactChance) -> ExactChance:
            self.exact_tables[name] = ExactTable(name, columns, func)
            return func

        return register


class SimulationError(Exception):
    """A run cannot start: the game has no simulation, no such bot, a player count it does
    not seat, a folder it cannot write into (a usage error)."""


def simulation_of(game: GameContent) -> Simulation:
    """Return how bots play a game (importing its module on first use)."""
    source = game.rules.simulation_from
    if isinstance(source, str):
        source = getattr(importlib.import_module(source), "simulation", None)
    if source is None:
        raise SimulationError(f"{game.slug} has no bots to simulate it with")
    if not isinstance(source, Simulation) or source.play is None:
        raise SimulationError(f"{game.slug}'s simulation is not a referee.Simulation that "
                              "plays games")
    return source


def seat_bots(simulation: Simulation, bots: list[str], players: int) -> tuple[str, ...]:
    """Return each seat's bot: the names in order, repeated when fewer than the seats; raise
    :class:`SimulationError` for a bot the game lacks or a table it cannot seat."""
    fewest, most = simulation.players
    if not fewest <= players <= most:
        seats = f"{fewest} player" if fewest == most == 1 else (
            f"{fewest} players" if fewest == most else f"{fewest} to {most} players")
        raise SimulationError(f"the game seats {seats}, not {players}")
    for bot in bots:
        if bot.startswith(SLOPPY):
            _sloppy_bot(simulation, bot)
    unknown = [b for b in bots if bot_named(b)[0] not in simulation.bots]
    if unknown:
        raise SimulationError(f"no bot {unknown[0]!r}; the game has: "
                              + ", ".join(simulation.bots))
    if len(bots) > players:
        raise SimulationError(f"{len(bots)} bots for {players} seats: give at most one a seat")
    if simulation.one_bot and len(set(bots)) > 1:
        raise SimulationError("one bot plays every seat of this game; give one, not "
                              + ", ".join(bots))
    return tuple(bots[i % len(bots)] for i in range(players))


def _sloppy_bot(simulation: Simulation, seat: str) -> None:
    """Raise :class:`SimulationError` for a sloppy bot the game cannot field."""
    if not simulation.mistakes:
        raise SimulationError(f"no bot {seat!r}: the game's bots make no mistakes on purpose")
    try:
        rate = bot_named(seat)[1]
    except ValueError:
        rate = -1.0
    if not 0 < rate <= 1:
        raise SimulationError(f"{seat!r}: a sloppy bot's chance of a mistake, after '@', is "
                              "a number above 0 and at most 1")


@dataclass(frozen=True)
class Task:
    """A chunk of a run's games, as a worker plays it: games ``start`` to ``stop - 1``."""

    content_dir: Path
    slug: str
    seats: tuple[str, ...]
    run_seed: int
    start: int
    stop: int
    keep_records: bool
    cache: Path | None = None


@dataclass
class Chunk:
    """What a worker gives back for a task: its games in order (their chances tallied
    apart, so that little crosses between processes)."""

    start: int
    games: list[Played]
    chances: Counter[tuple[str, tuple[int, ...], bool]]
    rulings: Counter[tuple[str, str]] = field(default_factory=Counter)
    """How many times each ruling was made, as (code, rule)."""
    ruled: Counter[tuple[str, str]] = field(default_factory=Counter)
    """In how many games each ruling was made."""
    illegal: int = 0
    """How many games drew any ruling."""


_PREPARED: dict[tuple[Path, str], tuple[Simulation, Any]] = {}
"""The simulations and tables a process has prepared, by content folder and game: kept for
the process's life, so each worker loads a game once however many tasks it plays."""


def prepared(content_dir: Path, slug: str, cache: Path | None = None
             ) -> tuple[Simulation, Any]:
    """Return a game's simulation and the table its games are played on, loading the content
    on first use in this process."""
    key = (content_dir, slug)
    if key not in _PREPARED:
        from ..core.findings import Severity
        from .records import load_content

        if not (content_dir / slug / "game.yaml").is_file():
            raise SimulationError(f"no game {slug!r} in {content_dir}")
        game, found = load_content(content_dir, slug, cache)
        if game is None or any(f.severity is Severity.ERROR for f in found):
            raise SimulationError(f"the content of {slug!r} has errors; run "
                                  f"'pnp validate {slug}'")
        simulation = simulation_of(game)
        table = simulation.prepare(game) if simulation.prepare is not None else game
        _PREPARED[key] = (simulation, table)
    return _PREPARED[key]


def play_task(task: Task) -> Chunk:
    """Play a task's games in this process, in order."""
    simulation, table = prepared(task.content_dir, task.slug, task.cache)
    assert simulation.play is not None
    games: list[Played] = []
    chances: Counter[tuple[str, tuple[int, ...], bool]] = Counter()
    rulings: Counter[tuple[str, str]] = Counter()
    ruled: Counter[tuple[str, str]] = Counter()
    illegal = 0
    for index in range(task.start, task.stop):
        played = simulation.play(table, task.seats, game_seed(task.run_seed, index),
                                 task.keep_records)
        chances.update((c.table, c.key, c.passed) for c in played.chances)
        rulings.update(played.rulings)
        ruled.update(set(played.rulings))
        illegal += bool(played.rulings)
        games.append(Played(played.winner, played.length, played.end, played.scores,
                            record=played.record, figures=played.figures,
                            sides=played.sides))
    return Chunk(task.start, games, chances, rulings, ruled, illegal)
