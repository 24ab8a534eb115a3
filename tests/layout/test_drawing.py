"""The drawing toolkit: frames, primitives and furniture return layout elements in mm."""

from __future__ import annotations

import math

import pytest

from pnpcompiler.core import hexgrid
from pnpcompiler.layout import drawing as draw
from pnpcompiler.layout.map_boards import nice_step, terrain_colours
from pnpcompiler.layout.model import Box, Ellipse, Paint, Polygon, Text


def test_frame_scales_and_offsets_content_units() -> None:
    frame = draw.Frame(10.0, 20.0, 2.0)
    assert frame.at(5.0, 3.0) == (20.0, 26.0)
    assert frame.mm(4.5) == 9.0


def test_frame_flips_map_coordinates_so_y_grows_upward() -> None:
    frame = draw.Frame(10.0, 20.0, 2.0, flip_height=50.0)
    assert frame.at(5.0, 0.0) == (20.0, 120.0)  # the map's bottom edge
    assert frame.at(5.0, 50.0) == (20.0, 20.0)  # its top edge


def test_hex_frame_puts_the_grid_top_left_corner_where_asked() -> None:
    layout = hexgrid.Layout.from_flat_to_flat("pointy", 20.0)
    hexes = [(0, 0), (1, 0), (0, 1), (-1, 2)]
    frame = draw.HexFrame.around(layout, hexes, 12.0, 30.0)
    corners = [c for h in hexes for c in frame.corners(h)]
    assert min(x for x, _ in corners) == pytest.approx(12.0)
    assert min(y for _, y in corners) == pytest.approx(30.0)


def test_hex_frame_outline_of_one_hex_is_its_six_sides() -> None:
    frame = draw.HexFrame(hexgrid.Layout.from_flat_to_flat("flat", 20.0), 0.0, 0.0)
    sides = frame.outline({(0, 0)})
    assert len(sides) == 6
    for a, b in sides:  # each side is as long as the hex's corner radius
        assert math.dist(a, b) == pytest.approx(20.0 / math.sqrt(3))


@pytest.mark.parametrize(("orientation", "first"), [("flat", (13.0, 5.0)),
                                                     ("pointy", (10.0 + 3 * math.sqrt(3) / 2,
                                                                 6.5))])
def test_hexagon_first_corner_depends_on_orientation(orientation: str,
                                                      first: tuple[float, float]) -> None:
    points = draw.hexagon_points(10.0, 5.0, 3.0, orientation)
    assert len(points) == 6
    assert points[0] == pytest.approx(first)


def test_primitives_paint_as_asked() -> None:
    line = draw.line(((0, 0), (5, 0), (5, 5)), "#123456", 0.4, (1.0, 0.5), "round")
    assert line == Polygon(((0, 0), (5, 0), (5, 5)), Paint(None, "#123456", 0.4, (1.0, 0.5),
                                                           "round"), closed=False)
    assert draw.circle(1, 2, 3, Paint("#ffffff")) == Ellipse(1, 2, 3, 3, Paint("#ffffff"))
    label = draw.text("Harbour", 10, 20, 3.0, anchor="middle")
    assert isinstance(label, Text) and label.size == pytest.approx(3.0 * 72 / 25.4)
    assert label.x == pytest.approx(10 - label.w / 2)


def test_tint_mixes_with_white() -> None:
    assert draw.tint("#000000", 0.5) == "#808080"
    assert draw.tint("#b8860b", 0.0) == "#b8860b"
    assert draw.tint("#b8860b", 1.0) == "#ffffff"


def test_scale_bar_numbers_every_tick_and_names_the_unit_last() -> None:
    drawn = list(draw.scale_bar(0.0, 10.0, 12.0, 5.0, 4, "mile", heading="SCALE"))
    cells = [e for e in drawn if isinstance(e, Box) and e.paint.fill]
    numbers = [e.lines[0].runs[0].text for e in drawn if isinstance(e, Text)][1:]
    assert len(cells) == 4 and sum(c.w for c in cells) == pytest.approx(48.0)
    assert numbers == ["0", "5", "10", "15", "20 miles"]


def test_legend_has_a_swatch_and_text_per_entry() -> None:
    entries = [draw.LegendEntry("hex", Paint("#9cc79a"), "forest"),
               draw.LegendEntry("line", Paint(None, "#222222", 0.7, (2.0, 1.0)), "road")]
    drawn = draw.legend(0.0, 0.0, entries)
    words = [e.lines[0].runs[0].text for e in drawn if isinstance(e, Text)]
    assert words == ["LEGEND", "forest", "road"]
    assert isinstance(drawn[1], Polygon) and drawn[1].closed
    assert isinstance(drawn[3], Polygon) and not drawn[3].closed
    assert draw.legend_height(entries) == pytest.approx(15.0)
    pointy = draw.legend(0.0, 0.0, [draw.LegendEntry("pointy-hex", Paint("#ffffff"), "plain")])
    assert isinstance(pointy[1], Polygon)
    assert pointy[1].points[0] == pytest.approx((2.5 + math.sqrt(3), 6.0))


def test_hex_grid_labels_each_hex_with_its_axial_coordinates_and_name() -> None:
    frame = draw.HexFrame(hexgrid.Layout.from_flat_to_flat("flat", 24.0), 50.0, 50.0)
    names = {(0, 0): "Harbour"}
    drawn = list(draw.hex_grid(frame, [(1, 0), (0, 0)], fill=lambda h: "#eeeeee",
                               edge=Paint(None, "#666666", 0.3), name=names.get))
    words = [e.lines[0].runs[0].text for e in drawn if isinstance(e, Text)]
    assert sum(isinstance(e, Polygon) for e in drawn) == 2
    assert words == ["0,0", "Harbour", "1,0"]


def test_a_long_hex_name_shrinks_to_fit_its_hex_down_to_half_size() -> None:
    frame = draw.HexFrame(hexgrid.Layout.from_flat_to_flat("flat", 12.0), 0.0, 0.0)
    room = frame.layout.width * 0.82
    edge = Paint(None, "#666666", 0.3)
    fitted, floored = (next(e for e in draw.hex_grid(
        frame, [(0, 0)], fill=lambda h: None, edge=edge, coordinates=False,
        name={(0, 0): words}.get, size=2.0) if isinstance(e, Text))
        for words in ("Old Marshes", "Great Northern Marshes"))
    assert fitted.w == pytest.approx(room)
    assert fitted.size < 2.6 * 72 / 25.4
    assert floored.size == pytest.approx(1.3 * 72 / 25.4)  # half the name size, no smaller


@pytest.mark.parametrize(("length", "step"), [(7.3, 10.0), (1.2, 2.0), (0.04, 0.05),
                                              (5.0, 5.0), (31.0, 50.0)])
def test_scale_steps_are_round_numbers(length: float, step: float) -> None:
    assert nice_step(length) == pytest.approx(step)


def test_terrains_get_their_usual_colour_and_others_a_spare_one_in_order() -> None:
    colours = terrain_colours({"water", "ruins", "Forest", "badlands"})
    assert colours["water"] == "#a9cbe8"
    assert colours["Forest"] == "#9cc79a"
    assert colours["badlands"] != colours["ruins"]
    assert colours == terrain_colours({"badlands", "ruins", "Forest", "water"})
