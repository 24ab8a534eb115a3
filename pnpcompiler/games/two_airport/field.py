"""The playing field as a grid of card-sized spaces, and where an aircraft may move on it.

A space is named by its column letter and row number (``c4``). Aircraft of one airport fly
towards the other along the rows: forward is one row nearer their destination airport,
sideways one column either way, backwards one row away from it (only from the side of the
destination airport, 5.5). The spaces of the two airports are not spaces an aircraft may
enter; landing is a move from the destination's runway (its Arrival Zone) into the airport.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from .model import AirportLetter, FlightField

Cell = tuple[int, int]
"""A space as (column index from 0, row number from 1)."""


@dataclass(frozen=True)
class FieldAirport:
    """An airport's place on the field."""

    letter: AirportLetter
    at: Cell
    runway: Cell
    departure_zones: tuple[Cell, ...]


@dataclass(frozen=True)
class Grid:
    """The field's spaces and airports, looked up once per content."""

    columns: tuple[str, ...]
    rows: int
    airports: dict[str, FieldAirport]
    spaces: frozenset[Cell] = dataclasses.field(init=False, repr=False, compare=False)
    """The cells an aircraft or a card may be on: every cell but the airports'."""
    runways: frozenset[Cell] = dataclasses.field(init=False, repr=False, compare=False)
    opposite: dict[str, FieldAirport] = dataclasses.field(init=False, repr=False,
                                                          compare=False)
    """Each airport's destination: the other airport."""
    headings: dict[str, int] = dataclasses.field(init=False, repr=False, compare=False)
    cells: dict[str, Cell] = dataclasses.field(init=False, repr=False, compare=False)
    """Every cell of the grid by its space name."""

    def __post_init__(self) -> None:
        # The referee and the bots ask these thousands of times a game: worked out once.
        airports = self.airports.values()
        spaces = frozenset((col, row) for col in range(len(self.columns))
                           for row in range(1, self.rows + 1)
                           if not any(a.at == (col, row) for a in airports))
        opposite = {start: other for start in self.airports
                    if (other := next((a for letter, a in self.airports.items()
                                       if letter != start), None)) is not None}
        headings = {start: 1 if home.at[1] > self.airports[start].at[1] else -1
                    for start, home in opposite.items()}
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "runways", frozenset(a.runway for a in airports))
        object.__setattr__(self, "opposite", opposite)
        object.__setattr__(self, "headings", headings)
        object.__setattr__(self, "cells", {
            f"{letter}{row}": (col, row) for col, letter in enumerate(self.columns)
            for row in range(1, self.rows + 1)})

    def cell(self, name: str) -> Cell | None:
        """Return the cell a space name names, None when it is not on the grid."""
        found = self.cells.get(name)
        if found is not None or len(name) < 2 or name[0] not in self.columns \
                or not name[1:].isdigit():
            return found
        row = int(name[1:])  # a row written otherwise (c04)
        return (self.columns.index(name[0]), row) if 1 <= row <= self.rows else None

    def name(self, cell: Cell) -> str:
        """Return a cell's space name."""
        return f"{self.columns[cell[0]]}{cell[1]}"

    def inside(self, cell: Cell) -> bool:
        """Return whether a cell is on the grid."""
        return 0 <= cell[0] < len(self.columns) and 1 <= cell[1] <= self.rows

    def is_airport(self, cell: Cell) -> bool:
        """Return whether a cell is an airport's own space."""
        return any(a.at == cell for a in self.airports.values())

    def is_space(self, cell: Cell) -> bool:
        """Return whether an aircraft or a card may be on the cell."""
        return cell in self.spaces

    def arrival_zones(self) -> frozenset[Cell]:
        """Return both runways' spaces."""
        return self.runways

    def destination(self, start: str) -> FieldAirport:
        """Return the airport opposite ``start``."""
        return self.opposite[start]

    def heading(self, start: str) -> int:
        """Return +1 or -1: the row step forward for aircraft from ``start``."""
        return self.headings[start]

    def beyond_arrival(self, start: str, cell: Cell) -> bool:
        """Return whether a cell is on the side of the destination airport (5.5)."""
        return cell[1] == self.destination(start).at[1]

    def flights(self, start: str, cell: Cell, *, back: bool = True) -> Iterator[Cell]:
        """Yield the spaces one fly move reaches from ``cell``: forward, sideways and, from
        beyond the Arrival Zone, one step back; emptiness is not considered."""
        step = self.heading(start)
        ahead = [(cell[0], cell[1] + step), (cell[0] - 1, cell[1]), (cell[0] + 1, cell[1])]
        if back and self.beyond_arrival(start, cell):
            ahead.append((cell[0], cell[1] - step))
        for to in ahead:
            if self.is_space(to) and not self.past_airport(start, to):
                yield to

    def diagonals(self, start: str, cell: Cell) -> Iterator[Cell]:
        """Yield the spaces a diagonal move forward reaches (8.2)."""
        step = self.heading(start)
        for to in ((cell[0] - 1, cell[1] + step), (cell[0] + 1, cell[1] + step)):
            if self.is_space(to) and not self.past_airport(start, to):
                yield to

    def past_airport(self, start: str, cell: Cell) -> bool:
        """Return whether a cell lies beyond the destination airport (5.7)."""
        return (cell[1] - self.destination(start).at[1]) * self.heading(start) > 0

    def move_kind(self, start: str, frm: Cell, to: Cell) -> str:
        """Return how a one-space move goes: forward, sideways, back, diagonal or far."""
        step = self.heading(start)
        dcol, drow = to[0] - frm[0], to[1] - frm[1]
        if (abs(dcol), drow) == (0, step):
            return "forward"
        if (abs(dcol), drow) == (1, 0):
            return "sideways"
        if (abs(dcol), drow) == (0, -step):
            return "back"
        if (abs(dcol), drow) == (1, step):
            return "diagonal"
        return "far"

    def reaches(self, start: str, frm: Cell, goal: Cell) -> bool:
        """Return whether fly moves over an empty field lead from ``frm`` to ``goal``."""
        seen, todo = {frm}, deque([frm])
        while todo:
            cell = todo.popleft()
            if cell == goal:
                return True
            for nxt in self.flights(start, cell):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return False


def grid_of(field: FlightField) -> Grid | None:
    """Return the field as a grid, None when a space it names is not on it."""
    shell = Grid(tuple(field.columns), field.rows, {})
    airports: dict[str, FieldAirport] = {}
    for a in field.airports:
        cells = [shell.cell(n) for n in (a.at, a.runway, *a.departure_zones)]
        if any(c is None for c in cells):
            return None
        at, runway, *zones = [c for c in cells if c is not None]
        airports[a.airport] = FieldAirport(a.airport, at, runway, tuple(zones))
    if set(airports) != {"A", "B"}:
        return None
    return Grid(tuple(field.columns), field.rows, airports)
