"""Every action a player may be offered on a field, each built once and shared after.

The bots are offered every open action at each decision, thousands a game, and an action is
a validated record model that takes microseconds to build. So each distinct one is built the
first time it is offered and kept for the content's life (the models are frozen: an action
offered twice is the same object, never changed). A move is kept with the space that must be
empty for it, so what is open now is the kept moves filtered by the spaces taken.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..field import Cell, Grid
from .log import Action, Begin, End, Step, Turn

Offer = tuple[Cell | None, Step]
"""An action and the space that must be empty for it (None: none must be)."""
CardKey = tuple[str, int | tuple[int, int] | None, Cell | None]
"""An Other Event card played: the card, its aircraft (both of a Pass), its space."""


def step(**keys: str | int | list[int]) -> Step:
    """Return a step of the given keys, as a record would write it."""
    return Step(Action.model_validate(keys))


class Offers:
    """The actions of one field and its aircraft, built on first offer (see the module)."""

    def __init__(self, grid: Grid, starts: dict[int, str]) -> None:
        self.grid = grid
        self.starts = starts
        self.claim = step(claim="win")
        self.moves_made: dict[tuple[str, int, Cell | None], tuple[Offer, ...]] = {}
        self.cards_made: dict[CardKey, Step] = {}
        self.storms_made: tuple[Offer, ...] | None = None
        self.begins: dict[tuple[str, str | None], Begin] = {}
        self.ends: dict[tuple[str, str | None], End] = {}

    def moves(self, kind: str, number: int, cell: Cell | None) -> tuple[Offer, ...]:
        """Return the moves of a kind (``fly``, ``extra``, ``extra-diagonal``) an aircraft
        on ``cell`` (None: off the field) has, each with the space it needs empty."""
        key = (kind, number, cell)
        made = self.moves_made.get(key)
        if made is None:
            made = self.moves_made[key] = tuple(self.moves_on_empty_field(kind, number, cell))
        return made

    def moves_on_empty_field(self, kind: str, number: int, cell: Cell | None
                             ) -> Iterator[Offer]:
        """Yield an aircraft's moves of a kind: depart, land, fly forward, sideways or back,
        or the Movement cards' extra moves (5, 8.1, 8.2)."""
        grid, start = self.grid, self.starts[number]
        if cell is None:
            if kind != "extra-diagonal":
                for zone in grid.airports[start].departure_zones:
                    yield zone, step(move="depart" if kind == "fly" else kind, aircraft=number,
                                     to=grid.name(zone))
            return
        if kind == "extra-diagonal":
            for to in grid.diagonals(start, cell):
                yield to, step(move=kind, aircraft=number, to=grid.name(to))
            return
        home = grid.destination(start)
        if cell == home.runway:
            yield None, (step(move="land", aircraft=number) if kind == "fly" else
                         step(move=kind, aircraft=number, to=grid.name(home.at)))
        for to in grid.flights(start, cell, back=kind == "fly"):
            shape = grid.move_kind(start, cell, to)
            yield to, step(move="back" if shape == "back" else kind, aircraft=number,
                           to=grid.name(to))

    def storms(self) -> tuple[Offer, ...]:
        """Return a Storm played on each space it may go on (not an Arrival Zone, 8.3),
        column by column."""
        if self.storms_made is None:
            grid = self.grid
            self.storms_made = tuple(
                ((col, row), step(play="storm", at=grid.name((col, row))))
                for col in range(len(grid.columns)) for row in range(1, grid.rows + 1)
                if (col, row) in grid.spaces and (col, row) not in grid.runways)
        return self.storms_made

    def card(self, play: str, *, aircraft: int | tuple[int, int] | None = None,
             at: Cell | None = None) -> Step:
        """Return an Other Event card played on an aircraft (a pair for Pass) or a space."""
        key = (play, aircraft, at)
        made = self.cards_made.get(key)
        if made is None:
            keys: dict[str, str | int | list[int]] = {"play": play}
            if aircraft is not None:
                keys["aircraft"] = list(aircraft) if isinstance(aircraft, tuple) else aircraft
            if at is not None:
                keys["at"] = self.grid.name(at)
            made = self.cards_made[key] = step(**keys)
        return made

    def begin(self, player: str, draw: str | None) -> Begin:
        """Return a turn's start without a reshuffle: its player and the card drawn."""
        made = self.begins.get((player, draw))
        if made is None:
            keys = {"player": player} if draw is None else {"player": player, "draw": draw}
            made = self.begins[player, draw] = Begin(Turn.model_validate(keys))
        return made

    def end(self, player: str, discard: str | None) -> End:
        """Return a turn's end: its player and the card discarded (None: no discard)."""
        made = self.ends.get((player, discard))
        if made is None:
            made = self.ends[player, discard] = End(Turn.model_validate(
                {"player": player, "discard": discard}))
        return made
