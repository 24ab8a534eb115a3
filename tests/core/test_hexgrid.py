"""Hex grid geometry against Red Blob Games' guide to hexagonal grids, plus properties."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.core import hexgrid as hg

coord = st.integers(min_value=-40, max_value=40)
hexes = st.tuples(coord, coord)
direction = st.integers(min_value=0, max_value=5)

# Red Blob's offset-coordinate neighbour tables, as [column, row] differences in the
# same direction order as the axial directions (+1,0), (+1,-1), (0,-1), (-1,0), (-1,+1), (0,+1).
OFFSET_NEIGHBOURS = {
    "odd-q": ([(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)],
              [(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)]),
    "even-q": ([(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)],
               [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)]),
}
# For the row layouts Red Blob lists [column, row] differences per row parity in the order
# east, north-east, north-west, west, south-west, south-east (the axial order for pointy hexes).
OFFSET_NEIGHBOURS_R = {
    "odd-r": ([(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)],
              [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)]),
    "even-r": ([(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)],
               [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)]),
}


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
@pytest.mark.parametrize("col", [4, 5])
def test_offset_neighbour_tables_for_columns(layout: str, col: int) -> None:
    """Axial neighbours land where Red Blob's column-offset tables say."""
    row = 3
    h = hg.offset_to_axial(col, row, layout)
    table = OFFSET_NEIGHBOURS[layout][col & 1]
    for d, (dc, dr) in enumerate(table):
        assert hg.axial_to_offset(hg.neighbor(h, d), layout) == (col + dc, row + dr)


@pytest.mark.parametrize("layout", ["odd-r", "even-r"])
@pytest.mark.parametrize("row", [4, 5])
def test_offset_neighbour_tables_for_rows(layout: str, row: int) -> None:
    """Axial neighbours land where Red Blob's row-offset tables say."""
    col = 3
    h = hg.offset_to_axial(col, row, layout)
    table = OFFSET_NEIGHBOURS_R[layout][row & 1]
    for d, (dc, dr) in enumerate(table):
        assert hg.axial_to_offset(hg.neighbor(h, d), layout) == (col + dc, row + dr)


def test_flat_direction_names_point_where_they_say() -> None:
    """Flat-topped hexes: se, ne, n, nw, sw, s in axial order, with y growing downward."""
    layout = hg.Layout("flat", 1.0)
    expected_angle = {"se": 30, "ne": -30, "n": -90, "nw": -150, "sw": 150, "s": 90}
    for name, angle in expected_angle.items():
        x, y = layout.to_pixel(hg.neighbor((0, 0), hg.direction_index("flat", name)))
        assert math.degrees(math.atan2(y, x)) == pytest.approx(angle)


def test_pointy_direction_names_point_where_they_say() -> None:
    layout = hg.Layout("pointy", 1.0)
    expected_angle = {"e": 0, "ne": -60, "nw": -120, "w": 180, "sw": 120, "se": 60}
    for name, angle in expected_angle.items():
        x, y = layout.to_pixel(hg.neighbor((0, 0), hg.direction_index("pointy", name)))
        assert math.degrees(math.atan2(y, x)) % 360 == pytest.approx(angle % 360)


def test_unknown_direction_and_layout_are_refused() -> None:
    with pytest.raises(ValueError):
        hg.direction_index("flat", "e")
    with pytest.raises(ValueError):
        hg.direction_index("round", "n")
    with pytest.raises(ValueError):
        hg.offset_to_axial(0, 0, "odd-x")


def test_distance_examples() -> None:
    """Red Blob: distance is half the sum of the cube coordinate differences."""
    assert hg.distance((0, 0), (3, -3)) == 3
    assert hg.distance((0, 0), (2, 1)) == 3
    assert hg.distance((-2, 3), (1, -1)) == 4
    assert hg.distance((1, 1), (1, 1)) == 0


def test_ring_and_spiral_sizes_and_order() -> None:
    """A ring of radius N has 6N hexes starting from the direction-4 corner; a spiral has
    3N(N+1)+1 hexes."""
    ring = hg.ring((0, 0), 2)
    assert ring[0] == (-2, 2)
    assert len(ring) == 12 and len(set(ring)) == 12
    assert all(hg.distance((0, 0), h) == 2 for h in ring)
    assert len(hg.spiral((5, -2), 3)) == 3 * 3 * 4 + 1
    assert hg.ring((1, 1), 0) == [(1, 1)]


def test_line_example() -> None:
    """A straight line along an axis walks that axis."""
    assert hg.line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert hg.line((0, 0), (0, -2)) == [(0, 0), (0, -1), (0, -2)]
    assert hg.line((2, 2), (2, 2)) == [(2, 2)]


def test_rotation_examples() -> None:
    """Red Blob: rotating (q, r, s) right gives (-r, -s, -q); left gives (-s, -q, -r)."""
    assert hg.rotate_right((1, 0)) == (0, 1)
    assert hg.rotate_left((1, 0)) == (1, -1)


def test_flat_to_flat_size_and_corners() -> None:
    """A hex's flat-to-flat width is what the layout was made with; corners are ``size``
    from the centre."""
    for orientation in ("flat", "pointy"):
        layout = hg.Layout.from_flat_to_flat(orientation, 30.0)
        a, b = layout.to_pixel((0, 0)), layout.to_pixel((1, 0))
        assert math.dist(a, b) == pytest.approx(30.0)
        assert all(math.dist(c, a) == pytest.approx(layout.size)
                   for c in layout.corners((0, 0)))
        assert hg.polygon(layout, [(0, 0)]).area == pytest.approx(
            3 * math.sqrt(3) / 2 * layout.size ** 2)


def test_polygon_of_a_rectangle_is_one_piece_with_exact_area() -> None:
    layout = hg.Layout.from_flat_to_flat("flat", 1.0)
    cells = hg.rectangle(6, 7, "odd-q")
    shape = hg.polygon(layout, cells)
    assert shape.geom_type == "Polygon"
    assert shape.area == pytest.approx(42 * hg.polygon(layout, [(0, 0)]).area)
    assert hg.polygon(layout, []).is_empty


def test_boundary_of_a_rectangle() -> None:
    """An offset rectangle's boundary is its outer columns and rows."""
    cells = hg.rectangle(6, 7, "odd-q")
    edge = hg.boundary_hexes(cells)
    offsets = {hg.axial_to_offset(h, "odd-q") for h in edge}
    assert offsets == {(c, r) for c in range(6) for r in range(7)
                       if c in (0, 5) or r in (0, 6)}
    top_odd = hg.offset_to_axial(3, 0, "odd-q")
    assert hg.outward_directions(top_odd, cells) == [hg.direction_index("flat", "n")]
    top_even = hg.offset_to_axial(2, 0, "odd-q")
    assert sorted(hg.outward_directions(top_even, cells)) == [1, 2, 3]


def test_connectivity() -> None:
    assert hg.is_connected(hg.rectangle(4, 4, "even-r"))
    assert not hg.is_connected([(0, 0), (2, 0)])
    assert hg.is_connected([])


# --- properties ----------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_is_a_metric(a: hg.Hex, b: hg.Hex) -> None:
    assert hg.distance(a, b) == hg.distance(b, a) >= 0
    assert (hg.distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: hg.Hex, b: hg.Hex, c: hg.Hex) -> None:
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


@given(hexes, direction)
def test_neighbours_are_one_step_and_opposites_cancel(h: hg.Hex, d: int) -> None:
    n = hg.neighbor(h, d)
    assert hg.distance(h, n) == 1
    assert hg.neighbor(n, hg.turn(d, 3)) == h
    assert len(set(hg.neighbors(h))) == 6


@given(hexes, hexes)
def test_line_is_contiguous_and_as_long_as_the_distance(a: hg.Hex, b: hg.Hex) -> None:
    path = hg.line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == hg.distance(a, b) + 1
    assert all(hg.distance(p, q) == 1 for p, q in pairwise(path))


@given(hexes)
def test_six_rotations_are_the_identity(h: hg.Hex) -> None:
    r = h
    for _ in range(6):
        r = hg.rotate_left(r)
        assert hg.distance((0, 0), r) == hg.distance((0, 0), h)
    assert r == h
    assert hg.rotate_right(hg.rotate_left(h)) == h


@given(hexes, st.sampled_from(hg.LAYOUTS))
def test_offset_round_trip(h: hg.Hex, layout: str) -> None:
    col, row = hg.axial_to_offset(h, layout)
    assert hg.offset_to_axial(col, row, layout) == h


@given(hexes, st.sampled_from(["flat", "pointy"]),
       st.floats(min_value=0.5, max_value=100), st.floats(min_value=-0.45, max_value=0.45),
       st.floats(min_value=-0.45, max_value=0.45))
def test_pixel_round_trip(h: hg.Hex, orientation: str, size: float, dx: float,
                          dy: float) -> None:
    """The centre of a hex, and any point well inside it, converts back to that hex."""
    layout = hg.Layout(orientation, size, origin=(7.0, -3.0))
    x, y = layout.to_pixel(h)
    assert layout.from_pixel(x, y) == h
    # Points within the inscribed circle (radius size * sqrt(3)/2) belong to the hex.
    assert layout.from_pixel(x + dx * size, y + dy * size) == h


@given(hexes, st.integers(min_value=0, max_value=6))
def test_spiral_is_everything_within_radius(center: hg.Hex, radius: int) -> None:
    cells = hg.spiral(center, radius)
    assert len(cells) == len(set(cells)) == 3 * radius * (radius + 1) + 1
    assert all(hg.distance(center, c) <= radius for c in cells)


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=12),
       st.sampled_from(hg.LAYOUTS))
def test_rectangles_are_connected_single_polygons(columns: int, rows: int,
                                                  layout: str) -> None:
    cells = hg.rectangle(columns, rows, layout)
    assert len(set(cells)) == columns * rows
    assert hg.is_connected(cells)
    orientation = "flat" if layout.endswith("q") else "pointy"
    shape = hg.polygon(hg.Layout(orientation, 1.0), cells)
    assert shape.geom_type == "Polygon"
    assert len(hg.boundary_hexes(cells)) <= columns * rows
