"""How ``pnp simulate two-airport`` plays the game: the bots of :mod:`.bots` at a table of two
to four, a game's length counted in turns; the first player's share of the wins shows the
advantage of starting."""

from __future__ import annotations

from ....content.project import GameContent
from ....referee.simulation import Played, Simulation
from .bots import BOTS, NAMES, dump, play_game, seat
from .state import Tables, tables_for

MAX_TURNS = 2000
"""A game still going after this many turns ends with no winner (``stuck``)."""

simulation = Simulation(bots=tuple(BOTS), players=(2, len(NAMES)), length="turns")
"""The bots ``random`` (any legal action) and ``racing`` (its goal aircraft home)."""


@simulation.prepares
def prepare(game: GameContent) -> Tables:
    """Return the game's tables (the field, the deck, the goals)."""
    return tables_for(game)


@simulation.plays
def play(tables: Tables, bots: tuple[str, ...], seed: int, keep: bool) -> Played:
    """Play one game: goals dealt and the deck shuffled with the seed, the first seat
    starting."""
    game = play_game(tables, seat(bots, len(bots), seed), seed, max_turns=MAX_TURNS)
    winner = game.table.winner
    text = None
    if keep:
        text = dump(game.record, f"# A game of two-airport played by pnp simulate, bots "
                                 f"{', '.join(bots)}, seed {seed}.\n")
    return Played(winner=None if winner is None else NAMES.index(winner), length=game.turns,
                  end="stuck" if winner is None else "won", record=text)
