"""How ``pnp simulate magnificent-flying-machines`` plays the game: quick-start races of 2 to 6
players, every machine flown by the first bot named (:mod:`.bots` chooses for the whole
table) collecting and delivering passengers and cargo, a race's length counted in turns,
the winner by the race's own scoring and tie-break, each seat's victory points."""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from ...content.project import GameContent
from ...referee.simulation import Played, Simulation
from .bots import BOTS
from .races import NAMES, race
from .referee.engine import RaceEngine

simulation = Simulation(bots=tuple(BOTS), players=(2, len(NAMES)), length="turns")
"""The bots ``random`` (any legal choice) and ``heuristic`` (races for the final airfield)."""


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
    """Play one quick-start race with its cargo and passengers, seat 1 (Ann) first."""
    played = race(table.game, table.engine, len(bots), bots[0], seed, cargo=True)
    end = played.record["end"]
    names = NAMES[:len(bots)]
    winner = end.get("winner")
    text = None
    if keep:
        text = (f"# A race of Magnificent Flying Machines played by pnp simulate, bot "
                f"{bots[0]}, seed {seed}.\n" + yaml.safe_dump(
                    played.record, sort_keys=False, default_flow_style=None, width=100))
    return Played(winner=names.index(winner) if winner in names else None,
                  length=played.turns, end="race-over",
                  scores=tuple(end["scores"].get(name) for name in names), record=text)
