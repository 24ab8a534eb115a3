"""Air Cargo's map geometry checks: places in mountains, example flights, reachability."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from ...content.checks import points_on_map
from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, error, warning
from .checks import airports_match_the_table, game_map
from .legs import Network, Route, best_routes, mountains_crossed, network, within_exactly
from .model import AirCargoMap, Airport, Beacon, Mountain

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

#: Checks whose errors make the map's geometry meaningless to search.
BLOCKING = (points_on_map, airports_match_the_table)


@dataclass(frozen=True)
class Reach:
    """The best flights from the start airport to every airport it can reach."""

    fewest_legs: dict[str, Route]
    fewest_crossings: dict[str, Route]


def map_network(game: GameContent) -> Network | None:
    """Return the legal legs of the game's map, computed once per load."""
    board = game_map(game)
    return None if board is None else game.memo("air-cargo.network", lambda: network(board))


def reach(game: GameContent) -> Reach | None:
    """Return the best flights from the start airport, computed once per load."""
    board = game_map(game)
    net = map_network(game)
    start = board.start() if board else None
    if net is None or start is None:
        return None

    def compute() -> Reach:
        return Reach(best_routes(net, start.id, "legs"), best_routes(net, start.id, "crossings"))

    return game.memo("air-cargo.reach", compute)


@rules.fact("sound map network", needs=BLOCKING)
def sound_network(game: GameContent) -> Network | None:
    """The legal legs of the game's map (None without one map), when its places and airports
    have no error: routes searched on a broken map would mislead."""
    return map_network(game)


def _inside(place: Airport | Beacon, mountain: Mountain) -> bool:
    return within_exactly((place.x, place.y), (mountain.x, mountain.y), mountain.radius)


@rules.check
def places_lie_outside_mountains(game: GameContent) -> Iterator[Finding]:
    """No airport or beacon lies inside a mountain hazard circle (every leg to it would be a
    hazard check)."""
    for board in game.of_type(AirCargoMap):
        for place in board.places():
            what = "airport" if isinstance(place, Airport) else "beacon"
            for mountain in board.mountains:
                if _inside(place, mountain):
                    yield warning(f"{what}.in-mountains",
                                  f"{what} {place.id!r} at ({place.x:g}, {place.y:g}) lies inside "
                                  f"the hazard circle of {mountain.id!r} (H{mountain.hazard}): "
                                  "every leg to or from it crosses the mountains",
                                  place.where("x"))


@rules.check
def example_flights_are_legal(game: GameContent) -> Iterator[Finding]:
    """Each example flight runs from an airport through beacons to an airport, in legs no
    longer than the leg template."""
    for board in game.of_type(AirCargoMap):
        places = {p.id: p for p in board.places()}
        for f, flight in enumerate(board.examples):
            stops = []
            for i, place_id in enumerate(flight.route):
                where = flight.where("route", i)
                place = places.get(place_id)
                if place is None:
                    yield error("leg.unknown-place", f"flight {flight.id!r}: no airport or "
                                f"beacon {place_id!r} on the map", where)
                    continue
                last = i in (0, len(flight.route) - 1)
                if last and not isinstance(place, Airport):
                    yield error("leg.not-an-airport", f"flight {flight.id!r} must start and "
                                f"end at an airport, found beacon {place_id!r}", where)
                elif not last and not isinstance(place, Beacon):
                    yield error("leg.not-a-beacon", f"flight {flight.id!r} stops at "
                                f"{place_id!r} on the way: the next leg must be a beacon or "
                                "the planned destination", where)
                stops.append((i, place))
            for (_, a), (i, b) in pairwise(stops):
                if not within_exactly((a.x, a.y), (b.x, b.y), board.leg_length):
                    length = ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5
                    yield error("leg.too-long",
                                f"flight {flight.id!r}: the leg from {a.id!r} to {b.id!r} is "
                                f"{length:.1f} {board.unit_name}s, longer than the leg template "
                                f"({board.leg_length:g} {board.unit_name}s)",
                                board.where("examples", f, "route", i))


def example_crossings(board: AirCargoMap) -> dict[str, list[tuple[str, ...]]]:
    """Return, for each example flight, the mountain ranges each of its legs crosses."""
    places = {p.id: p for p in board.places()}
    out = {}
    for flight in board.examples:
        stops = [places[p] for p in flight.route if p in places]
        legs = [((a.x, a.y), (b.x, b.y)) for a, b in pairwise(stops)]
        out[flight.id] = mountains_crossed(board, legs)
    return out


@rules.check
def every_airport_is_reachable(game: GameContent) -> Iterator[Finding]:
    """Every airport can be flown to from the start airport in one flight of legal legs."""
    board = game_map(game)
    if board is None or game.fact(sound_network) is None:
        return
    found = reach(game)
    start = board.start()
    if found is None or start is None:
        return
    for airport in board.airports:
        if airport.start or airport.id in found.fewest_legs:
            continue
        yield error("airport.unreachable",
                    f"airport {airport.id!r} ({airport.dice_id}) cannot be reached from "
                    f"{start.id!r}: no flight of legs of at most {board.leg_length:g} "
                    f"{board.unit_name}s through beacons gets there", airport.where("id"))
