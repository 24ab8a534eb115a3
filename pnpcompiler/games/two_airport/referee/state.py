"""The state of a game of two-airport as the referee keeps it, and what the content gives it.

The referee derives everything from positions: where each aircraft is (off the field until it
departs), which have landed, the Storms on the field, the aircraft under a Holding card, each
hand, the draw pile and the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ....content.project import GameContent
from ....referee import RefereeError, Rulings
from ....referee.engine import due_after
from ..checks import sound_field
from ..field import Cell, Grid
from ..model import TECHNICAL_RETURN, AircraftDeck, EventDeck, GoalDeck, TurnRules
from .offers import Offers


@dataclass(frozen=True)
class Tables:
    """What the content gives the referee, looked up once: field, cards, turn numbers."""

    grid: Grid
    rules: TurnRules
    starts: dict[int, str]
    """Each aircraft's start airport."""
    goals: dict[str, frozenset[int]]
    """Each Goal card's four aircraft."""
    movement: frozenset[str]
    """The Movement card kinds."""
    deck: tuple[str, ...]
    """The Event cards shuffled at setup (every card but the Technical Return cards), in the
    content's order."""
    offers: Offers = field(init=False, repr=False, compare=False)
    """The actions of this field, built on first offer (made anew for another field)."""
    numbers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The aircraft in number order."""
    headings: dict[int, int] = field(init=False, repr=False, compare=False)
    """Each aircraft's row step forward."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "offers", Offers(self.grid, self.starts))
        object.__setattr__(self, "numbers", tuple(sorted(self.starts)))
        object.__setattr__(self, "headings", {n: self.grid.heading(start)
                                              for n, start in self.starts.items()
                                              if start in self.grid.headings})

    def heading(self, aircraft: int) -> int:
        """Return +1 or -1: the row step forward of an aircraft."""
        return self.headings[aircraft]

    def progress(self, aircraft: int, cell: Cell | None) -> int:
        """Return how far an aircraft has flown: rows from its airport (-1 off the field)."""
        if cell is None:
            return -1
        start = self.grid.airports[self.starts[aircraft]].at[1]
        return (cell[1] - start) * self.heading(aircraft)


def tables_for(game: GameContent) -> Tables:
    """Return the referee's tables for the game's content."""
    grid = game.fact(sound_field)
    rules = game.of_type(TurnRules)
    aircraft = game.of_type(AircraftDeck)
    goals = game.of_type(GoalDeck)
    events = game.of_type(EventDeck)
    if grid is None or not (rules and aircraft and goals and events):
        raise RefereeError("the two-airport content has errors: run 'pnp validate "
                           "two-airport'")
    deck = tuple(card.event for card in events[0].cards for _ in range(card.copies)
                 if card.event != TECHNICAL_RETURN)
    return Tables(grid, rules[0], {c.number: c.start for c in aircraft[0].cards},
                  {c.id: frozenset(c.aircraft) for c in goals[0].cards},
                  frozenset(c.event for c in events[0].cards if c.movement), deck)


@dataclass(kw_only=True)
class TurnRulings(Rulings):
    """The rulings of one record, at the current turn."""

    turn: int = 0

    def current_turn(self) -> int | None:
        return self.turn or None


@dataclass(kw_only=True)
class Table:
    """The game as it stands: the field, the cards, whose turn and what it has done."""

    order: tuple[str, ...]
    """Players in turn order, the starting player first."""
    goals: dict[str, frozenset[int]]
    at: dict[int, Cell] = field(default_factory=dict)
    """Aircraft on the field and their spaces."""
    landed: set[int] = field(default_factory=set)
    storms: set[Cell] = field(default_factory=set)
    written: dict[int, tuple[Cell, ...]] = field(default_factory=dict)
    """Where the record may have meant an aircraft to be after a move ruled illegal, which
    the referee keeps where it was: the square written, then those the move could reach."""
    held: set[int] = field(default_factory=set)
    """Aircraft under a Holding card."""
    hands: dict[str, list[str]] = field(default_factory=dict)
    """Each player's Event cards, Technical Return cards kept apart."""
    returns: dict[str, int] = field(default_factory=dict)
    """Each player's Technical Return cards."""
    pile: list[str] = field(default_factory=list)
    """The draw pile, top card first."""
    discards: list[str] = field(default_factory=list)
    player: str = ""
    in_turn: bool = False
    """Between a turn's draw and its end."""
    moves: int = 0
    """Moves made this turn, besides those of a Movement card."""
    cards: int = 0
    movement: int = 0
    winner: str | None = None
    won_in: int = 0
    """The turn the winner claimed in."""
    rulings: TurnRulings = field(default_factory=lambda: TurnRulings(piece_word="aircraft"))

    def due(self) -> str:
        """Return whose turn comes next: clockwise from the player of the last turn, so that a
        turn out of order is one finding and the turns after it are judged from it."""
        return due_after(self.order, self.player, self.rulings.turn)

    def occupant(self, cell: Cell) -> str | None:
        """Return what is on a space: ``aircraft N``, ``a Storm``, or None."""
        for number, where in self.at.items():
            if where == cell:
                return f"aircraft {number}"
        return "a Storm" if cell in self.storms else None

    def hand_size(self, player: str) -> int:
        """Return the cards counted for the hand limit (Technical Return never is, 4.5)."""
        return len(self.hands[player])

    def copy(self) -> Table:
        """Return a copy that actions can be tried on."""
        rulings = TurnRulings(findings=list(self.rulings.findings),
                              reported=set(self.rulings.reported),
                              piece_word="aircraft", turn=self.rulings.turn)
        return Table(order=self.order, goals=dict(self.goals), at=dict(self.at),
                     landed=set(self.landed), storms=set(self.storms), held=set(self.held),
                     written=dict(self.written),
                     hands={p: list(h) for p, h in self.hands.items()},
                     returns=dict(self.returns), pile=list(self.pile),
                     discards=list(self.discards), player=self.player,
                     in_turn=self.in_turn, moves=self.moves,
                     cards=self.cards, movement=self.movement, winner=self.winner,
                     won_in=self.won_in, rulings=rulings)


def same_cards(a: Sequence[str], b: Sequence[str]) -> bool:
    """Return whether two lists hold the same cards in any order."""
    return Counter(a) == Counter(b)
