"""How ``pnp simulate now-boarding`` plays the game: the bots of :mod:`.bots`, every seat
playing one bot (the game is cooperative: the table scores together), a game's
length counted in rounds, the table's score against the tiers.

A cooperative game has no winning seat: every game counts as won by nobody, and the report's
scores (the same for every seat, the table's) and tiers say how the table did.
"""

from __future__ import annotations

import yaml

from ...content.project import GameContent
from ...referee.simulation import Played, Simulation
from .bots import STYLES, play
from .referee.engine import NowBoardingEngine
from .referee.replay import engine_of

simulation = Simulation(bots=STYLES, players=(3, 6), length="rounds", score_unit="points",
                        cooperative=True, one_bot=True)
"""The bots ``random`` and ``heuristic``, for 3 to 6 players, one of them at every seat."""


@simulation.prepares
def prepare(game: GameContent) -> NowBoardingEngine:
    """Return the engine for the game's content."""
    return engine_of(game)


@simulation.plays
def play_one(engine: NowBoardingEngine, bots: tuple[str, ...], seed: int,
             keep: bool) -> Played:
    """Play one standard game, the seats in the content's colour order."""
    colours = [c.id for c in engine.tables.colours][:len(bots)]
    played = play(engine, colours, seed, bots[0])
    end = played.record["end"]
    score = end.get("score")
    text = None
    if keep:
        text = (f"# A game of Now Boarding played by pnp simulate, bots {bots[0]}, seed "
                f"{seed}.\n" + yaml.safe_dump(played.record, sort_keys=False,
                                             default_flow_style=None, width=100))
    return Played(winner=None, length=played.rounds, end=str(end["reason"]),
                  scores=tuple(score for _ in bots), record=text)


@simulation.thresholds
def tiers(engine: NowBoardingEngine) -> list[tuple[str, int]]:
    """Return each tier above the first, at its lowest score."""
    return [(tier.name, tier.low) for tier in engine.tables.tiers if tier.low > 0]
