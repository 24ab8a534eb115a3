"""Legs on the Air Cargo map: which are legal, which mountain circles each crosses, best routes.

A leg is a straight segment between two places (airports, beacons) no longer than the leg
template. It crosses a mountain range when the segment comes within the circle's radius of its
centre: a leg that grazes the circle (distance exactly the radius) crosses it, and so does a
leg that starts or ends inside. Both tests are the core's exact point-map geometry
(:mod:`pnpcompiler.core.points`): every candidate leg measured against every centre at once
with shapely 2, the few that land within a rounding error of a radius settled exactly in
rational arithmetic, so a grazing leg is never missed the way a polygonised buffer can miss it.

A leg meets the ranges it crosses in the order of the distance along it, from its start, to
where it first comes within each circle (0 for a leg that starts inside); ties go to the range
whose centre the leg passes nearest first, then to the range listed first on the map. So a leg
and the same leg flown back can meet two ranges in different orders, and each direction is
kept.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Literal

# The exact tests are the core's point-map geometry; the referee and the checks read them here.
from ...core.points import XY
from ...core.points import Circle as Circle
from ...core.points import Segment as Segment
from ...core.points import crosses_exactly as crosses_exactly
from ...core.points import crossing_matrix as crossing_matrix
from ...core.points import within_exactly as within_exactly
from .model import AirCargoMap, Airport, Beacon

# --- the network of legal legs ----------------------------------------------------------------


@dataclass(frozen=True)
class Leg:
    """A legal leg between two places: its length and the mountain circles it crosses."""

    a: str
    b: str
    length: float
    crossings: tuple[str, ...]
    """Ids of the mountain ranges crossed, in the order met flying from ``a`` to ``b``."""
    back: tuple[str, ...] = ()
    """The same ranges in the order met flying from ``b`` to ``a``."""

    def other(self, place: str) -> str:
        """Return the end of the leg that is not ``place``."""
        return self.b if place == self.a else self.a

    def met_from(self, place: str) -> tuple[str, ...]:
        """Return the ranges crossed in the order met flying from ``place``."""
        return self.crossings if place == self.a else self.back


@dataclass
class Network:
    """Every legal leg of a map, by place."""

    board: AirCargoMap
    legs: dict[frozenset[str], Leg] = field(default_factory=dict)
    near: dict[str, list[Leg]] = field(default_factory=dict)

    def leg(self, a: str, b: str) -> Leg | None:
        """Return the legal leg between two places, if any."""
        return self.legs.get(frozenset((a, b)))


def segment(a: Airport | Beacon, b: Airport | Beacon) -> Segment:
    """Return the straight line from one place to another."""
    return ((a.x, a.y), (b.x, b.y))


def circles(board: AirCargoMap) -> list[Circle]:
    """Return every mountain range's circle, in the map's order."""
    return [(m.x, m.y, m.radius) for m in board.mountains]


def mountains_crossed(board: AirCargoMap, legs: Sequence[Segment]) -> list[tuple[str, ...]]:
    """Return the ids of the mountain ranges each segment crosses, in the map's order."""
    ids = [m.id for m in board.mountains]
    return [tuple(i for i, hit in zip(ids, row, strict=True) if hit)
            for row in crossing_matrix(legs, circles(board))]


def entry_distance(segment: Segment, circle: Circle) -> float:
    """Return how far along a segment that crosses a circle, from its start, it first comes
    within it (0 when it starts inside; where it comes nearest when it only grazes)."""
    (ax, ay), (bx, by) = segment
    cx, cy, r = circle
    dx, dy = bx - ax, by - ay
    fx, fy = ax - cx, ay - cy
    length2 = dx * dx + dy * dy
    outside = fx * fx + fy * fy - r * r
    if outside <= 0 or length2 == 0:
        return 0.0
    half_b = fx * dx + fy * dy
    # A graze rounds to a slightly negative discriminant: it touches where it comes nearest.
    root = math.sqrt(max(half_b * half_b - length2 * outside, 0.0))
    t = min(max((-half_b - root) / length2, 0.0), 1.0)
    return t * math.sqrt(length2)


def in_order_met(segment: Segment, crossed: Iterable[str], board: AirCargoMap
                 ) -> tuple[str, ...]:
    """Return the ranges a segment crosses in the order it meets them from its start (see the
    module's documentation for ties)."""
    return _in_order(segment, tuple(crossed), _circles_by_id(board))


def _circles_by_id(board: AirCargoMap) -> dict[str, tuple[int, Circle]]:
    """Return each range's place in the map's list and its circle, by id."""
    return {m.id: (n, (m.x, m.y, m.radius)) for n, m in enumerate(board.mountains)}


def _in_order(segment: Segment, crossed: tuple[str, ...],
              circles_by_id: dict[str, tuple[int, Circle]]) -> tuple[str, ...]:
    if len(crossed) < 2:
        return crossed

    def met(mountain: str) -> tuple[float, float, int]:
        n, circle = circles_by_id[mountain]
        return (entry_distance(segment, circle), closest_point(segment, circle[:2])[0], n)

    return tuple(sorted(crossed, key=met))


def network(board: AirCargoMap) -> Network:
    """Return every legal leg between two places of the map."""
    places = board.places()
    pairs = [(a, b) for a, b in combinations(places, 2)
             if a.id != b.id and within_exactly((a.x, a.y), (b.x, b.y), board.leg_length)]
    crossed = mountains_crossed(board, [segment(a, b) for a, b in pairs])
    net = Network(board)
    by_id = _circles_by_id(board)
    for (a, b), hits in zip(pairs, crossed, strict=True):
        leg = Leg(a.id, b.id, ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5,
                  _in_order(segment(a, b), hits, by_id), _in_order(segment(b, a), hits, by_id))
        net.legs[frozenset((a.id, b.id))] = leg
        net.near.setdefault(a.id, []).append(leg)
        net.near.setdefault(b.id, []).append(leg)
    return net


# --- best routes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One flight: its places in order, its number of legs and of mountain crossings."""

    places: tuple[str, ...]
    crossings: int

    @property
    def legs(self) -> int:
        """Return how many legs the flight takes (a weather box each)."""
        return len(self.places) - 1


Priority = Literal["legs", "crossings"]


def best_routes(net: Network, origin: str, by: Priority) -> dict[str, Route]:
    """Return the best flight from ``origin`` to every airport it can reach.

    A flight stops only at beacons between its two airports (Execute flight: "The next leg
    must [be] a beacon or the planned destination"). ``by="legs"`` wants the fewest legs, then
    the fewest crossings; ``by="crossings"`` the reverse. Ties go to the route whose place ids
    sort first, so the answer is stable.
    """
    beacons = {b.id for b in net.board.beacons}

    def cost(route: Route) -> tuple[int, int]:
        return (route.legs, route.crossings) if by == "legs" else (route.crossings, route.legs)

    best: dict[str, Route] = {}
    settled: set[str] = set()
    heap: list[tuple[tuple[int, int], tuple[str, ...], Route]] = []
    first = Route((origin,), 0)
    heapq.heappush(heap, (cost(first), first.places, first))
    while heap:
        _, _, route = heapq.heappop(heap)
        here = route.places[-1]
        if here in settled:
            continue
        settled.add(here)
        if here != origin:
            best[here] = route
        if here != origin and here not in beacons:
            continue  # a flight ends at the first airport it reaches
        for leg in net.near.get(here, []):
            there = leg.other(here)
            if there in settled or there == origin:
                continue
            step = Route((*route.places, there), route.crossings + len(leg.crossings))
            heapq.heappush(heap, (cost(step), step.places, step))
    return {place: route for place, route in best.items() if place not in beacons}


def route_legs(net: Network, places: Iterable[str]) -> list[Leg | None]:
    """Return the legal leg for each step of a route (None where a step is not legal)."""
    stops = list(places)
    return [net.leg(a, b) for a, b in pairwise(stops)]


def closest_point(segment: Segment, centre: XY) -> tuple[float, XY]:
    """Return how far along the segment (0 at its start, 1 at its end) it comes closest to
    ``centre``, and that point: where a leg meets a mountain range, to order and mark it."""
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return 0.0, (ax, ay)
    t = min(max(((centre[0] - ax) * dx + (centre[1] - ay) * dy) / length2, 0.0), 1.0)
    return t, (ax + t * dx, ay + t * dy)
