"""Air Cargo's map geometry checks: places in mountains, example flights, reachability, and
whether a player measuring on the printed map can decide what the referee decides exactly."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from ...content.checks import points_on_map
from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, error, warning
from ...core.points import pairs_near_length, segments_near_circles
from .checks import airports_match_the_table, game_map
from .legs import (
    Leg,
    Network,
    Route,
    best_routes,
    circles,
    entry_distance,
    mountains_crossed,
    network,
    segment,
    within_exactly,
)
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


# --- what a player can measure ------------------------------------------------------------------


def printed_name(place: Airport | Beacon) -> str:
    """Return the name the map prints for a place: an airport's name, a beacon's ident."""
    return place.code if isinstance(place, Beacon) else place.name or place.id


def _off(board: AirCargoMap, off: float, over: str, under: str) -> str:
    """Return how far a distance lies from its limit, in map units and printed millimetres."""
    return (f"{abs(off):.2f} {board.unit_name}s {over if off > 0 else under} "
            f"({abs(off) * board.unit:.2f} mm)")


def measurable(board: AirCargoMap) -> bool:
    """Return whether the map prints at a size a player can measure on (``unit`` above 0)."""
    return math.isfinite(board.tolerance)


def _at_least(board: AirCargoMap) -> str:
    return (f"at least {board.print_tolerance:g} mm ({board.tolerance:.1f} "
            f"{board.unit_name}s)")


@rules.check
def legs_are_decidable_with_the_template(game: GameContent) -> Iterator[Finding]:
    """Execute flight: "Maximum leg distance is measured by template". No two places lie
    nearer the template's length than a player can tell on the printed map
    (``print_tolerance``), so that the referee's exact verdict is the one the template gives."""
    board = game_map(game)
    if board is None or not measurable(board) or game.fact(sound_network) is None:
        return
    places = board.places()
    for near in pairs_near_length([(p.x, p.y) for p in places], board.leg_length,
                                  board.tolerance):
        a, b = places[near.first], places[near.second]
        yield warning("leg.undecidable",
                      f"expected {printed_name(a)}-{printed_name(b)} {_at_least(board)} from "
                      f"the leg template's {board.leg_length:g} {board.unit_name}s, found "
                      f"{_off(board, near.off, 'over', 'under')}: measured with the template "
                      "on the printed map, the leg may be legal or not", b.where("x"))


@rules.check
def crossings_are_decidable_on_the_map(game: GameContent) -> Iterator[Finding]:
    """Hazards: a leg crosses a mountain range when it comes within its circle. No legal leg
    passes nearer a circle's edge than a player can tell on the printed map, and no leg
    meets two ranges nearer each other than that (the checks come in the order met)."""
    board = game_map(game)
    net = game.fact(sound_network)
    if board is None or net is None or not measurable(board):
        return
    places = {p.id: p for p in board.places()}
    legs = list(net.legs.values())
    for near in segments_near_circles(
            [segment(places[leg.a], places[leg.b]) for leg in legs], circles(board),
            board.tolerance):
        leg, mountain = legs[near.first], board.mountains[near.second]
        yield warning("leg.grazes-circle",
                      f"expected the leg {printed_name(places[leg.a])}-"
                      f"{printed_name(places[leg.b])} {_at_least(board)} from the edge of "
                      f"{mountain.name or mountain.id} (H{mountain.hazard}, radius "
                      f"{mountain.radius:g} {board.unit_name}s), found it "
                      f"{_off(board, near.off, 'clear', 'inside')}: on the printed map it may "
                      "cross the mountains or not", mountain.where("radius"))
    mountains = {m.id: m for m in board.mountains}
    for leg in legs:
        yield from _ranges_met_apart(board, places, mountains, leg)


def _ranges_met_apart(board: AirCargoMap, places: dict[str, Airport | Beacon],
                      mountains: dict[str, Mountain], leg: Leg) -> Iterator[Finding]:
    """Warn where a leg, flown either way, meets two ranges nearer each other than a player
    can tell: the referee asks for their checks in the order met."""
    for start, end, met in ((leg.a, leg.b, leg.crossings), (leg.b, leg.a, leg.back)):
        line = segment(places[start], places[end])
        entries = [(entry_distance(line, (m.x, m.y, m.radius)), m)
                   for m in (mountains[i] for i in met)]
        for (first, one), (then, other) in pairwise(entries):
            if then - first < board.tolerance:
                yield warning("leg.order-undecidable",
                              f"expected the leg {printed_name(places[start])}-"
                              f"{printed_name(places[end])} to meet {one.name or one.id} and "
                              f"{other.name or other.id} {_at_least(board)} apart, found "
                              f"{then - first:.2f} {board.unit_name}s "
                              f"({(then - first) * board.unit:.2f} mm): on the printed map "
                              "either check may come first", other.where("radius"))
