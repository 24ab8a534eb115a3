"""Air Cargo's leg geometry: the exact crossing test, its vectorised form, legal legs, routes."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from pnpcompiler.games.air_cargo.legs import (
    Circle,
    Segment,
    best_routes,
    crosses_exactly,
    crossing_matrix,
    entry_distance,
    in_order_met,
    network,
    route_legs,
)
from pnpcompiler.games.air_cargo.model import AirCargoMap
from tests.paths import CONTENT

coordinate = st.floats(min_value=-1000, max_value=1000, allow_nan=False, allow_infinity=False)
point = st.tuples(coordinate, coordinate)
radius = st.floats(min_value=0.01, max_value=500, allow_nan=False, allow_infinity=False)
whole = st.integers(min_value=-500, max_value=500)


@st.composite
def tangents(draw: Any) -> tuple[Segment, Circle, tuple[int, int]]:
    """A segment on a line exactly ``r`` from the centre, in whole numbers: the centre plus
    k * (a, b) is the touching point for a Pythagorean triple (a, b, c), r = k * c, and the
    segment runs along (-b, a) from t1 to t2 steps of that point."""
    m = draw(st.integers(min_value=2, max_value=12))
    n = draw(st.integers(min_value=1, max_value=m - 1))
    k = draw(st.integers(min_value=1, max_value=5))
    a, b, c = m * m - n * n, 2 * m * n, m * m + n * n
    sx, sy = draw(st.sampled_from([(1, 1), (1, -1), (-1, 1), (-1, -1)]))
    if draw(st.booleans()):
        a, b = b, a
    a, b = sx * a, sy * b
    cx, cy = draw(whole), draw(whole)
    t1, t2 = sorted((draw(st.integers(-6, 6)), draw(st.integers(-6, 6))))
    tx, ty = cx + k * a, cy + k * b
    seg = ((float(tx - t1 * b), float(ty + t1 * a)), (float(tx - t2 * b), float(ty + t2 * a)))
    return seg, (float(cx), float(cy), float(k * c)), (t1, t2)


@settings(deadline=None)  # the first example imports shapely
@given(tangents())
@example((((-5.0, 5.0), (5.0, 5.0)), (0.0, 0.0, 5.0), (-1, 1)))
def test_a_leg_grazing_a_circle_at_exactly_its_radius_crosses_it(
        case: tuple[Segment, Circle, tuple[int, int]]) -> None:
    seg, circle, (t1, t2) = case
    touches = t1 <= 0 <= t2  # the touching point lies on the segment
    assert crosses_exactly(seg, circle) is touches
    assert crossing_matrix([seg], [circle]) == [[touches]]


def test_a_polygonised_buffer_misses_a_grazing_leg_the_exact_test_does_not() -> None:
    """Why the test is exact: a tangent leg misses the polygon that stands for the circle."""
    import shapely

    # The line 3x + 4y = 25 touches the circle of radius 5 at (3, 4), between two corners of
    # the buffer's polygon.
    seg, circle = ((7.0, 1.0), (-1.0, 7.0)), (0.0, 0.0, 5.0)
    buffered = shapely.Point(0, 0).buffer(5.0, quad_segs=8)
    assert not buffered.intersects(shapely.LineString(seg))
    assert crossing_matrix([seg], [circle]) == [[True]]


@settings(deadline=None)
@given(point, point, radius, st.floats(min_value=0, max_value=0.999))
def test_a_leg_ending_inside_a_circle_crosses_it(a: tuple[float, float],
                                                 direction: tuple[float, float], r: float,
                                                 depth: float) -> None:
    """A leg whose end lies inside the circle crosses it, wherever it comes from."""
    angle = math.atan2(direction[1], direction[0])
    cx, cy = 17.0, -3.0
    end = (cx + depth * r * math.cos(angle), cy + depth * r * math.sin(angle))
    assume(math.dist(end, (cx, cy)) < r)
    assert crossing_matrix([(a, end)], [(cx, cy, r)]) == [[True]]
    assert crossing_matrix([(end, a)], [(cx, cy, r)]) == [[True]]


def _exact_distance(seg: Segment, centre: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = seg
    dx, dy = Fraction(bx) - Fraction(ax), Fraction(by) - Fraction(ay)
    length2 = dx * dx + dy * dy
    t = Fraction(0) if length2 == 0 else min(max(
        ((Fraction(centre[0]) - Fraction(ax)) * dx + (Fraction(centre[1]) - Fraction(ay)) * dy)
        / length2, Fraction(0)), Fraction(1))
    px, py = Fraction(ax) + t * dx, Fraction(ay) + t * dy
    return math.sqrt((Fraction(centre[0]) - px) ** 2 + (Fraction(centre[1]) - py) ** 2)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6),
       st.lists(st.tuples(point, radius), min_size=1, max_size=5),
       st.lists(st.sampled_from([-2, -1, 0, 1, 2]), min_size=5, max_size=5))
def test_the_vectorised_test_equals_the_exact_one(segments: list[Segment],
                                                  circles: list[tuple[tuple[float, float],
                                                                      float]],
                                                  nudges: list[int]) -> None:
    """Every pair, random or on the edge: a circle whose radius is the segment's exact
    distance moved by a few units in the last place is decided as the exact test decides."""
    rings: list[Circle] = [(c[0], c[1], r) for c, r in circles]
    # Put circles on the edge of the first segment, a few floating point steps either way.
    for i, ((cx, cy), _) in enumerate(circles):
        edge = _exact_distance(segments[0], (cx, cy))
        if edge > 0:
            r = edge
            for _ in range(abs(nudges[i])):
                r = math.nextafter(r, math.inf if nudges[i] > 0 else 0.0)
            rings.append((cx, cy, r))
    expected = [[crosses_exactly(s, c) for c in rings] for s in segments]
    assert crossing_matrix(segments, rings) == expected


def test_no_segments_or_no_circles() -> None:
    assert crossing_matrix([], [(0.0, 0.0, 1.0)]) == []
    assert crossing_matrix([((0.0, 0.0), (1.0, 0.0))], []) == [[]]
    assert crossing_matrix([((0.0, 0.0), (0.0, 0.0))], [(3.0, 4.0, 5.0)]) == [[True]]


# --- legal legs and best routes on a small map --------------------------------------------------


def small_map(**changes: Any) -> AirCargoMap:
    """Start A; airports C and D; beacon B; a mountain between A and C."""
    data: dict[str, Any] = {
        "kind": "air-cargo-map", "width": 100, "height": 100, "unit": "1mm",
        "leg_length": 50,
        "airports": [
            {"id": "a", "dice_id": "XX", "start": True, "x": 0, "y": 50},
            {"id": "c", "dice_id": 41, "hazard": 0, "x": 40, "y": 50},
            {"id": "d", "dice_id": 42, "hazard": 1, "x": 90, "y": 50},
        ],
        "beacons": [{"id": "b", "code": "BB", "x": 20, "y": 80}],
        "mountains": [{"id": "m", "x": 20, "y": 55, "radius": 5, "hazard": 2}],
    }
    data.update(changes)
    return AirCargoMap.model_validate(data)


def test_a_leg_exactly_the_template_long_is_legal() -> None:
    net = network(small_map())
    assert net.leg("c", "d") is not None and net.leg("c", "d").length == 50  # type: ignore[union-attr]
    assert net.leg("a", "d") is None  # 90 long
    assert net.leg("a", "c").crossings == ("m",)  # type: ignore[union-attr]  # grazes at 5


def test_best_routes_by_legs_and_by_crossings() -> None:
    net = network(small_map())
    quick = best_routes(net, "a", "legs")
    safe = best_routes(net, "a", "crossings")
    assert (quick["c"].places, quick["c"].crossings) == (("a", "c"), 1)
    assert (safe["c"].places, safe["c"].crossings) == (("a", "b", "c"), 0)
    # A flight stops only at beacons: D is 50 from C, but no beacon is within reach of D.
    assert "d" not in quick and "d" not in safe
    assert route_legs(net, ["a", "b", "c"])[1] is not None
    assert route_legs(net, ["a", "d"]) == [None]


def test_routes_through_a_beacon_reach_a_far_airport() -> None:
    beacons = [{"id": "b", "code": "BB", "x": 20, "y": 80},
               {"id": "e", "code": "EE", "x": 65, "y": 60}]
    net = network(small_map(beacons=beacons))
    route = best_routes(net, "a", "legs")["d"]
    assert (route.places, route.legs, route.crossings) == (("a", "b", "e", "d"), 3, 0)


def test_the_real_map_legs_match_a_scalar_exact_computation() -> None:
    """Every candidate leg of the Air Cargo map, measured one by one in rational arithmetic,
    gives the same legal legs and crossings as the vectorised network."""
    from itertools import combinations

    from pnpcompiler.content.project import load_game
    from pnpcompiler.games.air_cargo.checks import game_map
    from pnpcompiler.games.air_cargo.legs import within_exactly

    game, _ = load_game(CONTENT, "air-cargo")
    assert game is not None
    board = game_map(game)
    assert board is not None
    expected = {}
    for a, b in combinations(board.places(), 2):
        if within_exactly((a.x, a.y), (b.x, b.y), board.leg_length):
            seg = ((a.x, a.y), (b.x, b.y))
            expected[frozenset((a.id, b.id))] = tuple(
                m.id for m in board.mountains if crosses_exactly(seg, (m.x, m.y, m.radius)))
    net = network(board)
    assert {key: tuple(sorted(leg.crossings, key=[m.id for m in board.mountains].index))
            for key, leg in net.legs.items()} == expected
    assert all(sorted(leg.back) == sorted(leg.crossings) for leg in net.legs.values())
    assert len(expected) > 100


def test_hazards_a_leg_meets_the_ranges_in_order_from_its_start() -> None:
    """Hazards: the checks come in the order the leg meets the circles, by the distance along
    the leg to where it first enters each; flown back, the order is the entries from the other
    end, which need not be the reverse."""
    board = small_map(leg_length=200, mountains=[
        {"id": "big", "x": 60, "y": 50, "radius": 30, "hazard": 1},
        {"id": "small", "x": 35, "y": 50, "radius": 2, "hazard": 2}])
    east, west = ((0.0, 50.0), (100.0, 50.0)), ((100.0, 50.0), (0.0, 50.0))
    assert entry_distance(east, (60, 50, 30)) == 30 and entry_distance(east, (35, 50, 2)) == 33
    assert in_order_met(east, ["small", "big"], board) == ("big", "small")
    assert in_order_met(west, ["small", "big"], board) == ("big", "small")
    net = network(board)
    leg = net.leg("a", "d")
    assert leg is not None and leg.met_from("a") == ("big", "small") == leg.met_from("d")


def test_hazards_ties_go_to_the_nearer_centre_then_to_the_map_order() -> None:
    """Hazards: a leg that starts inside two circles meets them both at once; the one whose
    centre it passes first comes first, then the one the map lists first."""
    board = small_map(mountains=[
        {"id": "later", "x": 6, "y": 50, "radius": 10, "hazard": 1},
        {"id": "sooner", "x": 2, "y": 50, "radius": 10, "hazard": 1},
        {"id": "twin", "x": 2, "y": 50, "radius": 10, "hazard": 1}])
    leg = ((0.0, 50.0), (40.0, 50.0))
    assert in_order_met(leg, ["later", "twin", "sooner"], board) == ("sooner", "twin", "later")


def test_hazards_a_grazing_leg_meets_the_circle_where_it_touches() -> None:
    assert entry_distance(((0.0, 5.0), (20.0, 5.0)), (10.0, 0.0, 5.0)) == pytest.approx(10.0)


@given(st.tuples(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6)),
       st.tuples(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6)), st.floats(0, 3e6))
@example((0.0, 0.0), (3.0, 4.0), 5.0)  # exactly the length: a legal leg
@example((0.1, 0.2), (0.1, 250.2), 250.0)
def test_leg_length_test_agrees_with_exact_arithmetic(a: tuple[float, float],
                                                      b: tuple[float, float],
                                                      length: float) -> None:
    from pnpcompiler.games.air_cargo.legs import within_exactly

    dx, dy = Fraction(b[0]) - Fraction(a[0]), Fraction(b[1]) - Fraction(a[1])
    assert within_exactly(a, b, length) == (dx * dx + dy * dy <= Fraction(length) ** 2)
