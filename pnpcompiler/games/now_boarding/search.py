"""An exact search of a shuffle's first day: the most value a play without purchases can
deliver, so whether it can lose no passenger.

Day 1's draws do not depend on play (solver.first_day_draws), so a day is a game of loads,
Jet flights and Gate choices over known passengers. The search is a branch and bound over
every round's joint choices of all players, the likelier choices first: a position (round,
where every passenger and Jet is and how often each passenger has aged) reached before with
as much delivered is not played again, and a branch whose relaxation bound (solver) cannot
beat the best play found is cut. It stops at a time budget: then the best is a play found,
not proved best. Left out: purchases (so the result is exact for the starting Jets and
Commuters, and a lower bound on play that buys), and choices no better play needs: a Jet sent
to its own Tarmac goes empty, an empty Gate takes a Jet from the Tarmac when one waits, and a
Commuter's passenger de-boards at its destination when it is its player's, else at the hub,
where Jets leave from.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass

from .model import NowBoardingRules, Passenger
from .solver import first_day, first_day_draws, rounds_needed

HUB = "A"
Aboard = tuple[tuple[str, int], ...]
"""Passengers aboard a plane, each with how often it has aged."""
Waiting = tuple[str, int, str, int]
"""A waiting passenger: tile, the seat of the player whose airport it is at, that airport,
how often it has aged."""
Move = tuple[int, "Plane", int | None]
"""A Jet's Departure: its index, the plane as it leaves, the seat it flies to (None: stays)."""


@dataclass(frozen=True)
class Plane:
    """A Jet in the search: who holds it, whether in the Gate (else on the Tarmac or, between
    Departure and Arrival, the Runway) and who is aboard."""

    holder: int
    gated: bool
    aboard: Aboard = ()


@dataclass(frozen=True)
class Position:
    """Where everything is at the start of a round's Departure, before its draws."""

    waiting: tuple[Waiting, ...]
    """Sorted."""
    jets: tuple[Plane, ...]


@dataclass(frozen=True)
class DayResult:
    """The best value a play without purchases delivers on day 1, and whether it was proved."""

    best_value: int
    total_value: int
    exact: bool
    positions: int
    seconds: float

    @property
    def zero_losses(self) -> bool | None:
        """Return whether no passenger need be lost (None: the search ran out of time)."""
        if self.best_value == self.total_value:
            return True
        return False if self.exact else None


class OutOfTime(Exception):
    """The search used up its time budget."""


class DaySearch:
    """The memoised search over one shuffle's first day."""

    def __init__(self, tables: NowBoardingRules, tiles: list[Passenger], colours: list[str],
                 seed: int, budget: float) -> None:
        self.tables = tables
        self.tiles = {t.id: t for t in tiles}
        self.colours = colours
        self.draws = first_day_draws(tables, tiles, colours, seed)
        self.deadline = time.monotonic() + budget
        self.memo: dict[tuple[int, Position], int] = {}
        """The most value delivered on reaching each position so far."""
        self.best = 0
        bound = first_day(tables, tiles, colours, seed)
        self.later = [sum(self.tiles[t].value for draws in self.draws[r:] for _, _, t in draws
                          if t not in bound.undeliverable) for r in range(len(self.draws) + 2)]
        """The value the relaxation lets the draws after round r deliver."""
        self.reach = tables.planes.jet.range
        self.room = tables.planes.jet.capacity

    def targets(self, seat: int) -> list[int]:
        """Return the seats whose hub a starting Jet reaches from this seat (3.12, 3.13)."""
        n = len(self.colours)
        out = []
        for other in range(n):
            left = (other - seat) % n
            if left == 0:
                continue
            away = (self.tables.three_player_range["left"] if left == 1 else
                    self.tables.three_player_range["right"]) if n == 3 else min(left, n - left)
            if away <= self.reach:
                out.append(other)
        return out

    def explore(self, round_number: int, position: Position, scored: int) -> None:
        """Play on from this position with ``scored`` delivered so far; prune positions
        reached before with as much delivered, and any whose bound cannot beat the best."""
        key = (round_number, position)
        if self.memo.get(key, -1) >= scored:
            return
        self.memo[key] = scored
        if time.monotonic() > self.deadline:
            raise OutOfTime
        waiting = list(position.waiting)
        if round_number <= len(self.draws):
            waiting += [(t, s, a, 0) for s, a, t in self.draws[round_number - 1]]
        if scored + self.bound(round_number, waiting, position.jets) <= self.best:
            return
        for jets, commuting in self.departures(waiting, position.jets):
            for gained, following in self.arrivals(jets, commuting, waiting):
                if gained + scored > self.best:
                    self.best = gained + scored
                if round_number < self.tables.schedule.redeye_round:
                    self.explore(round_number + 1, following, scored + gained)

    def bound(self, round_number: int, waiting: list[Waiting], jets: tuple[Plane, ...]) -> int:
        """Return the most value the relaxation (solver.rounds_needed) lets the passengers in
        play and those still to be drawn deliver from here."""
        n = len(self.colours)
        rounds_left = self.tables.schedule.rounds_per_day - round_number + 1
        total = self.later[round_number]
        places = [*waiting, *[(t, j.holder, HUB, aged) for j in jets for t, aged in j.aboard]]
        for t, seat, airport, aged in places:
            passenger = self.tiles[t]
            owner = self.colours.index(passenger.colour)
            need = rounds_needed(self.tables, n, airport, (owner - seat) % n,
                                 passenger.destination)
            if need <= rounds_left and need - 1 <= passenger.patience() - aged:
                total += passenger.value
        return total

    def departures(self, waiting: list[Waiting], jets: tuple[Plane, ...]
                   ) -> Iterator[tuple[list[Move], list[Waiting]]]:
        """Yield every joint Departure: each Jet's (index, plane, seat it flies to or None)
        and the Commuter passengers (waiting entries taken), players choosing apart."""
        per_player = [list(self.player_choices(seat, waiting, jets))
                      for seat in range(len(self.colours))]
        for choice in itertools.product(*per_player):
            moved = [m for moves, _ in choice for m in moves]
            commuting = [c for _, taken in choice for c in taken]
            yield moved, commuting

    def player_choices(self, seat: int, waiting: list[Waiting],
                       jets: tuple[Plane, ...]
                       ) -> Iterator[tuple[list[Move], list[Waiting]]]:
        """Yield one player's Departures: a Commuter passenger, the gated Jet's loads and
        flight, and each Jet on their Tarmac flown or kept."""
        mine = [w for w in waiting if w[1] == seat]
        colour = self.colours[seat]
        riders: list[Waiting | None] = []
        for w in mine:
            passenger = self.tiles[w[0]]
            # A Commuter takes its player's passengers home and others to the hub.
            if passenger.colour == colour or w[2] != HUB:
                riders.append(w)
        riders.append(None)  # the likelier choices first: the best is found sooner
        held = [(n, j) for n, j in enumerate(jets) if j.holder == seat]
        for rider in riders:
            at_hub = [w for w in mine if w[2] == HUB and w is not rider
                      and self.tiles[w[0]].colour != colour]
            options: list[list[Move]] = []
            for n, jet in held:
                options.append(list(self.jet_choices(n, jet, seat, at_hub)))
            for combo in itertools.product(*options):
                used = [t for _, plane, _ in combo for t, _ in plane.aboard]
                if len(used) != len(set(used)):
                    continue
                yield list(combo), [rider] if rider else []

    def jet_choices(self, n: int, jet: Plane, seat: int,
                    at_hub: list[Waiting]
                    ) -> Iterator[Move]:
        """Yield a Jet's Departures: from the Gate, to its Tarmac empty or loaded to a hub
        in range; from the Tarmac, kept there or flown with who is aboard."""
        if not jet.gated:
            for target in self.targets(seat):
                yield n, jet, target
            yield n, jet, None
            return
        for size in range(min(self.room, len(at_hub)), 0, -1):
            for group in itertools.combinations(at_hub, size):
                aboard = tuple(sorted((t, aged) for t, _, _, aged in group))
                for target in self.targets(seat):
                    yield n, Plane(seat, False, aboard), target
        yield n, Plane(seat, False), None

    def arrivals(self, moved: list[Move], commuting: list[Waiting],
                 waiting: list[Waiting]
                 ) -> Iterator[tuple[int, Position]]:
        """Yield each Arrival's value scored and the next round's position, one per choice of
        the Jet each Gate takes."""
        taken = {w[0] for w in commuting} | {t for _, j, _ in moved for t, _ in j.aboard}
        left = [w for w in waiting if w[0] not in taken]
        landed = [Plane(j.holder if to is None else to, False, j.aboard) for _, j, to in moved]
        seats = range(len(self.colours))
        choices: list[list[int | None]] = [
            [n for n, j in enumerate(landed) if j.holder == s] or [None] for s in seats]
        # An empty Gate takes a Jet when one waits: which one is the choice.
        for gates in itertools.product(*choices):
            yield self.settle(landed, gates, commuting, left)

    def settle(self, landed: list[Plane], gates: tuple[int | None, ...], commuting: list[Waiting],
               left: list[Waiting]) -> tuple[int, Position]:
        """De-board, score, age and lose: return the value scored and the position after."""
        places = list(left)
        for t, seat, _, aged in commuting:
            passenger = self.tiles[t]
            own = passenger.colour == self.colours[seat]
            places.append((t, seat, passenger.destination if own else HUB, aged))
        jets: list[Plane] = []
        for n, jet in enumerate(landed):
            if n in gates:
                places += [(t, jet.holder, HUB, aged) for t, aged in jet.aboard]
                jets.append(Plane(jet.holder, True))
            else:
                jets.append(jet)
        scored, after = 0, []
        for t, seat, airport, aged in places:
            passenger = self.tiles[t]
            if passenger.colour == self.colours[seat] and passenger.destination == airport:
                scored += passenger.value
            elif aged < passenger.patience():
                after.append((t, seat, airport, aged + 1))
        kept = [Plane(j.holder, j.gated, tuple((t, a + 1) for t, a in j.aboard
                                               if a < self.tiles[t].patience()))
                for j in jets]
        return scored, Position(tuple(sorted(after)), tuple(kept))


def search_first_day(tables: NowBoardingRules, tiles: list[Passenger], colours: list[str],
                     seed: int, budget: float = 20.0) -> DayResult:
    """Search a shuffle's first day for the most value a play without purchases delivers."""
    search = DaySearch(tables, tiles, colours, seed, budget)
    start = time.monotonic()
    total = sum(search.tiles[t].value for draws in search.draws for _, _, t in draws)
    jets = tuple(Plane(seat, True) for seat in range(len(colours)))
    try:
        search.explore(1, Position((), jets), 0)
        exact = True
    except OutOfTime:
        exact = False
    return DayResult(search.best, total, exact, len(search.memo), time.monotonic() - start)
