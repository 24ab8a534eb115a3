"""The generic ``hex-map`` and ``point-map`` kinds as boards, drawn with the drawing toolkit.

A hex map prints its hexes at their declared size, each filled by its terrain, with its axial
``q,r`` and its label; a legend names the terrains. A point map prints its area at its unit's
scale, the zones as circles and the points as dots with their labels, under a scale bar.
Both come out as one face at print scale, tiled over pages, whole on A3 and as a poster like
any game's board.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..content.components.maps import HexMap, PointMap
from ..core import hexgrid
from ..core.hexgrid import Hex
from . import drawing as draw
from .drawing import Frame, HexFrame, LegendEntry
from .model import Box, Element, Face, Group, Paint

MARGIN = 12.0
TITLE_H = 14.0
LEGEND_GAP = 8.0
INK = "#222222"
MUTED = "#5b6670"
EDGE = Paint(None, "#6f6f6f", 0.3)
BLANK = "#f6f4ee"
"""Fill of a hex with no terrain."""

#: Terrain names a designer is likely to use, in the colours players expect of them.
TERRAIN_COLOURS = {
    "water": "#a9cbe8", "sea": "#a9cbe8", "ocean": "#a9cbe8", "lake": "#a9cbe8",
    "river": "#a9cbe8", "forest": "#9cc79a", "woods": "#9cc79a", "jungle": "#7fb27d",
    "plain": "#e3ecc0", "plains": "#e3ecc0", "clear": "#e3ecc0", "grass": "#d6e8b0",
    "grassland": "#d6e8b0", "field": "#e3ecc0", "hill": "#dcc79a", "hills": "#dcc79a",
    "mountain": "#b9a48a", "mountains": "#b9a48a", "desert": "#f1dfa4", "sand": "#f1dfa4",
    "swamp": "#b9c48f", "marsh": "#b9c48f", "city": "#c8c8cc", "town": "#d3d3d8",
    "road": "#e0d6c6", "ice": "#e4f0f6", "snow": "#eef3f6",
}
#: Colours for any other terrain, given out in the terrains' alphabetical order.
SPARE_COLOURS = ("#f2c6a0", "#c6b4dc", "#f0b8c0", "#b4dcd2", "#e6d28c", "#c0c0e6",
                 "#dcb4a0", "#b4c8a0")


def terrain_colours(terrains: set[str]) -> dict[str, str]:
    """Return a fill colour for each terrain: its usual colour, else the next spare one."""
    colours: dict[str, str] = {}
    spare = 0
    for terrain in sorted(terrains):
        known = TERRAIN_COLOURS.get(terrain.lower())
        if known is None:
            known = SPARE_COLOURS[spare % len(SPARE_COLOURS)]
            spare += 1
        colours[terrain] = known
    return colours


def map_title(component: Any) -> str:
    """Return the title printed on a generic board: its name, else its entry or kind."""
    return str(component.name or component.component or component.kind)


# --- hex maps -----------------------------------------------------------------------------------


def hex_map_face(board: HexMap[Any]) -> Face:
    """Return a hex map at print scale: its hexes, their coordinates and labels, a legend."""
    layout = hexgrid.Layout.from_flat_to_flat(board.orientation, board.hex_size)
    by_hex: dict[Hex, Any] = {(h.q, h.r): h for h in board.hexes}
    frame = HexFrame.around(layout, by_hex, MARGIN, MARGIN + TITLE_H)
    xs, ys = draw.corner_extent(layout, by_hex)
    map_w, map_h = max(xs) - min(xs), max(ys) - min(ys)
    colours = terrain_colours({h.terrain for h in board.hexes if h.terrain})
    swatch = "hex" if board.orientation == "flat" else "pointy-hex"
    entries = [LegendEntry(swatch, Paint(colour, EDGE.stroke, EDGE.stroke_width), terrain)
               for terrain, colour in colours.items()]
    entries.append(LegendEntry(swatch, Paint(BLANK, EDGE.stroke, EDGE.stroke_width),
                               "q,r: the hex's axial coordinates, as the content gives them"))
    top = MARGIN + TITLE_H + map_h + LEGEND_GAP
    subtitle = (f"{len(board.hexes)} hexes, {board.orientation}-topped, "
                f"{board.hex_size:g} mm across the flats")
    grid = draw.hex_grid(
        frame, by_hex,
        fill=lambda h: colours.get(by_hex[h].terrain or "", BLANK), edge=EDGE,
        name=lambda h: by_hex[h].label, size=min(2.4, board.hex_size / 8), colour=INK,
        muted=MUTED)
    groups = [
        Group("title", tuple(draw.title(map_title(board), MARGIN, MARGIN + 7.0,
                                        subtitle=subtitle, colour=INK, muted=MUTED))),
        Group("hexes", tuple(grid)),
        Group("edge", tuple(draw.line((a, b), INK, 0.8, cap="round")
                            for a, b in frame.outline(set(by_hex)))),
        Group("legend", tuple(draw.legend(MARGIN, top + 3.0, entries, colour=INK))),
    ]
    width = max(map_w + 2 * MARGIN, 150.0)
    height = top + 3.0 + draw.legend_height(entries) + MARGIN
    return Face(width, height, 0.0, "#ffffff", tuple(g for g in groups if g.elements))


# --- point maps ---------------------------------------------------------------------------------

ZONE = "#b3261e"
POINT = "#1f3a5f"
LAND = "#fbfaf6"


def point_map_face(board: PointMap[Any, Any]) -> Face:
    """Return a point map at its unit's scale: zones, points and labels, a scale bar."""
    frame = Frame(MARGIN, MARGIN + TITLE_H, board.unit, w=board.width * board.unit,
                  h=board.height * board.unit)
    top = frame.top + frame.h + LEGEND_GAP
    subtitle = (f"{len(board.points)} points, {len(board.zones)} zones; one map unit = "
                f"{board.unit:g} mm")
    entries = [LegendEntry("circle", Paint(POINT, "#ffffff", 0.3), "Point"),
               LegendEntry("circle", Paint(draw.tint(ZONE, 0.85), ZONE, 0.4, (1.6, 1.0)),
                           "Zone (its edge counts as inside)")]
    groups = [
        Group("title", tuple(draw.title(map_title(board), MARGIN, MARGIN + 7.0,
                                        subtitle=subtitle, colour=INK, muted=MUTED))),
        Group("area", (Box(frame.left, frame.top, frame.w, frame.h, Paint(LAND)),)),
        Group("zones", tuple(_zones(frame, board))),
        Group("points", tuple(_points(frame, board))),
        Group("frame", (Box(frame.left, frame.top, frame.w, frame.h, Paint(None, INK, 0.5)),)),
        Group("scale", tuple(_scale(frame, top))),
        Group("legend", tuple(draw.legend(frame.left + 100.0, top, entries, colour=INK))),
    ]
    width = max(frame.w, 160.0) + 2 * MARGIN
    height = top + max(12.0, draw.legend_height(entries)) + MARGIN
    return Face(width, height, 0.0, "#ffffff", tuple(g for g in groups if g.elements))


def _zones(frame: Frame, board: PointMap[Any, Any]) -> Iterator[Element]:
    """Draw every zone's fill first, so each edge stays visible where zones overlap."""
    for zone in board.zones:
        x, y = frame.at(zone.x, zone.y)
        yield draw.circle(x, y, frame.mm(zone.radius), Paint(draw.tint(ZONE, 0.85)))
    for zone in board.zones:
        x, y = frame.at(zone.x, zone.y)
        r = frame.mm(zone.radius)
        yield draw.circle(x, y, r, Paint(None, ZONE, 0.4, (1.6, 1.0)))
        yield draw.text(zone.name or zone.id, x, y - r + 3.4, 2.4, font="italic",
                        anchor="middle", colour=ZONE)


def _points(frame: Frame, board: PointMap[Any, Any]) -> Iterator[Element]:
    for point in board.points:
        x, y = frame.at(point.x, point.y)
        yield draw.circle(x, y, 1.6, Paint(POINT, "#ffffff", 0.3))
        words = point.label or point.name or point.id
        yield draw.text(words, x + 2.4, y + 0.9, 2.6, font="bold", colour=INK)


def _scale(frame: Frame, top: float) -> Iterator[Element]:
    """Draw a scale bar in round numbers of map units, about a centimetre a cell."""
    step = nice_step(10.0 / frame.scale)
    step_mm = frame.mm(step)
    marks = max(1, min(8, int(80.0 // step_mm)))
    yield from draw.scale_bar(frame.left, top + 3.0, step_mm, step, marks, "unit",
                              heading="SCALE", ink=INK, muted=MUTED)


def nice_step(length: float) -> float:
    """Return the round number (1, 2 or 5 times a power of ten) nearest above ``length``."""
    power = 10.0 ** math.floor(math.log10(length))
    return next(k * power for k in (1, 2, 5, 10) if k * power >= length)
