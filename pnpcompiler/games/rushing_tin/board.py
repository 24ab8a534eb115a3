"""The sector map as a board: one layout face at print scale, for SVG and PDF alike.

Sections, entry/exit points, hand-off routes, airport, zones, time track and legend. Every
level is shown by colour and by its printed number, so the map reads in grayscale and for
colour-blind players. Lengths are millimetres; font sizes are given in millimetres here and
turned into points for the layout model.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core import hexgrid
from ...core.hexgrid import Hex
from ...layout import drawing as draw
from ...layout.drawing import HexFrame, corner_extent
from ...layout.hooks import BOARD
from ...layout.model import Box, Element, Ellipse, Face, Group, Icon, Paint, Polygon, Text, leaves
from ...layout.printables import Board
from .map_checks import sound_geometry
from .model import RulesTables, SectorMap
from .sector_map import MapError, PointInPlay, SectorGeometry

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

MARGIN = 16.0
TRACK_BOX = 11.0
TRACK_GAP = 14.0
"""Space between the map and the time track, room for the labels of bottom-edge points."""
INK = "#222222"
ZONE = "#b8860b"
Point = tuple[float, float]


class MapPlacement(HexFrame):
    """Where the hexes of one map, its time track and its margins land on the drawing."""

    def __init__(self, geo: SectorGeometry) -> None:
        board = geo.board
        layout = hexgrid.Layout.from_flat_to_flat(board.orientation, board.hex_size)
        frame = HexFrame.around(layout, geo.hexes, MARGIN, MARGIN + 8)
        super().__init__(layout, frame.dx, frame.dy)
        self.geo = geo
        xs, ys = corner_extent(layout, geo.hexes)
        self.map_w = max(xs) - min(xs)
        self.map_h = max(ys) - min(ys)
        self.width = self.map_w + 2 * MARGIN
        self.height = self.map_h + 2 * MARGIN + 8 + TRACK_GAP + TRACK_BOX * 2 + 8
        self.track_top = MARGIN + 8 + self.map_h + TRACK_GAP

    def track_box(self) -> float:
        """Return the side of a time-track box (smaller on a narrow map)."""
        per_row = math.ceil(self.geo.board.time_track.turns / 2)
        return min(TRACK_BOX, (self.width - 2 * MARGIN) / per_row)

    def track_cell(self, turn_no: int) -> tuple[float, float, float]:
        """Return (left, top, side) of a turn's box on the time track."""
        per_row = math.ceil(self.geo.board.time_track.turns / 2)
        box = self.track_box()
        row, col = divmod(turn_no - 1, per_row)
        return MARGIN + col * box, self.track_top + row * box, box


def sector_map_face(game: GameContent, geo: SectorGeometry) -> Face:
    """Return the face of a sector map with one sector in play (raises MapError)."""
    m = MapPlacement(geo)
    tables = game.of_type(RulesTables)
    colours = {lv.level: lv.colour for lv in tables[0].levels} if tables else {}
    points = geo.points_in_play()
    section_of = geo.section_of()
    held: dict[str, int] = {}
    for level, point in points.items():
        sid = section_of.get(point.hex)
        if sid is not None:
            held[sid] = level
    title = f"Rushing Tin - Sector {geo.sector.code if geo.sector else ''} map"
    markings = [
        Group("hand-off-routes", tuple(_routes(m, points))),
        Group("airport", tuple(_airport(m))),
        Group("entry-exit-points", tuple(_points(m, points, colours))),
    ]
    markings.insert(0, Group("section-labels", tuple(_section_labels(m, held, markings))))
    groups = [
        Group("title", (draw.text(title, MARGIN, MARGIN + 2, 5.5, font="title", colour=INK),)),
        Group("hexes", tuple(_hexes(m, section_of, held, colours))),
        Group("sections", tuple(_sections(m, section_of))),
        Group("zones", tuple(_zones(m))),
        Group("hex-names", tuple(_hex_names(m, markings))),
        *markings,
        Group("time-track", tuple(_time_track(m))),
        Group("legend", tuple(_legend(m, colours))),
    ]
    return Face(m.width, m.height, 0.0, "#ffffff", tuple(g for g in groups if g.elements))


def _hexes(m: MapPlacement, section_of: dict[Hex, str], held: dict[str, int],
           colours: dict[int, str]) -> Iterator[Element]:
    """Fill each hex with a pale tint of its section's level."""
    edge = Paint(None, "#9a9a9a", 0.25)
    for h in sorted(m.geo.hexes):
        level = held.get(section_of.get(h, ""), 0)
        fill = draw.tint(colours[level], 0.85) if level in colours else "#f4f4f4"
        yield Polygon(tuple(m.corners(h)), Paint(fill, edge.stroke, edge.stroke_width))


def _sections(m: MapPlacement, section_of: dict[Hex, str]) -> Iterator[Element]:
    """Draw the sides between sections, and the map's edge a little heavier."""
    hexes = m.geo.hexes
    for h in sorted(hexes):
        for d in range(6):
            n = hexgrid.neighbor(h, d)
            if n in hexes and section_of.get(n) == section_of.get(h):
                continue
            a, b = m.edge(h, d)
            yield draw.line((a, b), INK, 1.4 if n not in hexes else 0.9, cap="round")


def _zones(m: MapPlacement) -> Iterator[Element]:
    """Outline the airport control zone and the level-2 hand-off zone."""
    geo = m.geo
    zone = set(geo.control_zone) | {geo.board.airport.hex, *geo.approach}
    for a, b in m.outline(zone):
        yield draw.line((a, b), ZONE, 0.9, (0.6, 1.2), "round")
    if geo.level2_route:
        for a, b in m.outline(set(geo.level2_zone) | set(geo.level2_route)):
            yield draw.line((a, b), INK, 0.7, (2.5, 1.5), "round")


HEX_NAME_MM = 2.0
HEX_NAME_GREY = "#8c8c8c"


def _hex_names(m: MapPlacement, markings: list[Group]) -> Iterator[Element]:
    """Print each hex's name as records write it, small, where no marking is."""
    from shapely import prepare, union_all

    from .referee.state import HexNames  # imported here: the referee draws on this module

    names = HexNames(m.geo.board.grid)
    taken = union_all([_footprint(e) for g in markings for e in leaves(g)])
    prepare(taken)
    for h in sorted(m.geo.hexes):
        spots = [draw.text(names.name(h), x, y, HEX_NAME_MM, anchor=anchor, colour=HEX_NAME_GREY)
                 for x, y, anchor in _name_spots(m, h)]
        # A name never hides the runway, a route, a point or a label: it takes the first
        # free spot, so a record can be transcribed from the printed map.
        yield next((t for t in spots if not taken.intersects(_footprint(t).buffer(0.3))),
                   spots[0])


def _name_spots(m: MapPlacement, h: Hex) -> list[tuple[float, float, str]]:
    """Return where a hex's name may go, best first: top centre, either side of the top (a
    route's arrow), the left and right corners (the runway), the bottom."""
    x, y = m.at(h)
    half_w, half_h = m.layout.width / 2, m.layout.height / 2
    # The glyphs' top stays clear of a heavy section line along the hex's top side; a
    # pointy hex narrows towards its top corner, so its name sits lower.
    top = y - half_h + (2.9 if m.layout.orientation == "flat" else 4.8)
    mid = y + HEX_NAME_MM * 0.36
    return [(x, top, "middle"), (x + 1.6, top, "start"), (x - 1.6, top, "end"),
            (x - half_w + 1.6, mid, "start"), (x + half_w - 1.6, mid, "end"),
            (x, y + half_h - 1.4, "middle")]



def _footprint(e: Element) -> Any:
    """Return the area an element covers on the drawing, as a shapely geometry."""
    import shapely

    if isinstance(e, Text | Icon):
        w, h = (e.w, e.h) if isinstance(e, Text) else (e.size, e.size)
        return shapely.box(e.x, e.y, e.x + w, e.y + h)
    if isinstance(e, Box):
        return shapely.box(e.x, e.y, e.x + e.w, e.y + e.h).buffer(_half_stroke(e.paint))
    if isinstance(e, Ellipse):
        return shapely.Point(e.cx, e.cy).buffer(max(e.rx, e.ry) + _half_stroke(e.paint))
    if isinstance(e, Polygon) and e.closed:
        return shapely.Polygon(e.points).buffer(_half_stroke(e.paint))
    if isinstance(e, Polygon):
        return shapely.LineString(e.points).buffer(max(_half_stroke(e.paint), 0.05))
    return shapely.Polygon()


def _half_stroke(paint: Paint) -> float:
    return paint.stroke_width / 2 if paint.stroke else 0.0


SECTION_MM = 3.2
SECTION_GREY = "#555555"


def _section_labels(m: MapPlacement, held: dict[str, int], markings: list[Group]
                    ) -> Iterator[Element]:
    """Name each section and the level it holds, on two lines inside one of its hexes: the
    one nearest its middle that no route, point or runway crosses."""
    from shapely import union_all

    taken = union_all([_footprint(e) for g in markings for e in leaves(g)])
    for section in m.geo.board.sections:
        hexes = [(h[0], h[1]) for h in section.hexes]
        cx = sum(m.at(h)[0] for h in hexes) / len(hexes)
        cy = sum(m.at(h)[1] for h in hexes) / len(hexes)
        level = held.get(section.id)
        words = [f"Section {section.id}", *([f"level {level}"] if level else [])]
        spots = [_section_label(m, h, words)
                 for h in sorted(hexes, key=lambda h: (math.dist(m.at(h), (cx, cy)), h))]
        yield from next((lines for lines in spots
                         if not any(taken.intersects(_footprint(t).buffer(0.5))
                                    for t in lines)), spots[0])


def _section_label(m: MapPlacement, h: Hex, words: list[str]) -> list[Text]:
    """Return a section's label lines centred in hex ``h``, below where its name goes."""
    x, y = m.at(h)
    step = SECTION_MM * 1.25
    first = y + 1.2 - step * (len(words) - 1) / 2
    return [draw.text(line, x, first + i * step, SECTION_MM, anchor="middle",
                      colour=SECTION_GREY) for i, line in enumerate(words)]


def _arrow(tail: Point, tip: Point, width: float) -> Iterator[Element]:
    yield draw.line((tail, tip), INK, width)
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    size = 2.4
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    yield Polygon((tip, left, right), Paint(INK))


def _routes(m: MapPlacement, points: dict[int, PointInPlay]) -> Iterator[Element]:
    """Draw each hand-off route inward from its point, the arrow across the hand-off side."""
    for _, point in sorted(points.items()):
        if point.name == "airport":
            continue
        route = m.geo.hand_off_route(point)
        inner = m.at(route[-1])
        outer = m.at(hexgrid.neighbor(point.hex, point.outward))
        edge = m.at(point.hex)
        tip = ((edge[0] + outer[0]) / 2, (edge[1] + outer[1]) / 2)
        yield draw.line((inner, edge), INK, 0.5, (1.2, 0.9))
        yield from _arrow(edge, tip, 0.5)


def _airport(m: MapPlacement) -> Iterator[Element]:
    """Draw the runway along the approach, the airport at level 1 and its name."""
    geo = m.geo
    a = geo.board.airport.hex
    start = m.at(a)
    end = m.at(geo.approach[-1]) if geo.approach else start
    yield draw.line((start, end), "#555555", m.layout.size * 0.55, cap="round")
    yield draw.line((start, end), "#ffffff", 0.6, (1.5, 1.5))
    x, y = start
    s = m.layout.size * 0.7
    yield Box(x - s / 2, y - s / 2, s, s, Paint("#ffffff", INK, 0.6))
    yield draw.text("1", x, y + 1.4, 4, font="bold", anchor="middle", colour=INK)
    # The name goes on the side away from the runway.
    away = hexgrid.turn(geo.direction(geo.board.airport.direction), 3)
    bx, by = m.at(hexgrid.neighbor(a, away))
    ux, uy = bx - x, by - y
    norm = math.hypot(ux, uy) or 1.0
    lx, ly = x + ux / norm * (s / 2 + 3.5), y + uy / norm * (s / 2 + 3.5) + 0.9
    yield draw.text("AIRPORT", lx, ly, 2.6, font="bold", anchor="middle", colour=INK)


def _points(m: MapPlacement, points: dict[int, PointInPlay], colours: dict[int, str]
            ) -> Iterator[Element]:
    """Ring each point in play in its level's colour with its level inside; name every point."""
    geo = m.geo
    active = {p.name: level for level, p in points.items()}
    radius = m.layout.size * 0.55
    for p in sorted(geo.board.points, key=lambda p: p.number):
        h = (p.hex[0], p.hex[1])
        x, y = m.at(h)
        level = active.get(p.number)
        if level is None:
            yield draw.text(p.number, x, y + 1, 2.6, anchor="middle", colour="#8a8a8a")
            continue
        yield draw.circle(x, y, radius, Paint(colours.get(level, "#ffffff"), INK, 0.6))
        yield draw.circle(x, y, radius * 0.62, Paint("#ffffff"))
        yield draw.text(str(level), x, y + 1.5, 4.2, font="bold", anchor="middle", colour=INK)
        ox, oy = m.at(hexgrid.neighbor(h, geo.direction(p.direction)))
        lx, ly = x + (ox - x) * 0.85, y + (oy - y) * 0.85
        yield draw.text(p.number, lx, ly + 1.2, 3.4, font="bold", anchor="middle", colour=INK)


def _time_track(m: MapPlacement) -> Iterator[Element]:
    """Draw one box per turn in two rows, each with its clock time and number."""
    track = m.geo.board.time_track
    yield draw.text("TIME", MARGIN, m.track_top - 1.5, 3, font="bold", colour=INK)
    start_h, start_m = (int(x) for x in track.start.split(":"))
    for turn_no in range(1, track.turns + 1):
        x, y, box = m.track_cell(turn_no)
        yield Box(x, y, box, box, Paint("#ffffff", INK, 0.3))
        total = start_h * 60 + start_m + (turn_no - 1) * 15
        yield draw.text(f"{total // 60:02d}:{total % 60:02d}", x + box / 2, y + box / 2 - 0.5, 2.2,
                        anchor="middle", colour=INK)
        yield draw.text(str(turn_no), x + box / 2, y + box - 1.5, 2.6, font="bold",
                        anchor="middle", colour=INK)


LEGEND_LINES = (
    (ZONE, (0.6, 1.2), 0.9, "Airport Control Zone, level 3 and below (5.10)"),
    (INK, (2.5, 1.5), 0.7, "Level 2 Hand-off Zone (10.04)"),
    (INK, (1.2, 0.9), 0.5, "Hand-off route; the arrow crosses the hand-off hex side"),
)


def _legend(m: MapPlacement, colours: dict[int, str]) -> Iterator[Element]:
    """Explain the colours and lines, to the right of the time track."""
    per_row = math.ceil(m.geo.board.time_track.turns / 2)
    x0 = MARGIN + per_row * m.track_box() + 10
    top = m.track_top
    if x0 + 60 > m.width - MARGIN:
        return  # no room beside the track on a narrow map
    yield draw.text("LEVELS", x0, top - 1.5, 3, font="bold", colour=INK)
    for i, level in enumerate(sorted(colours)):
        cx = x0 + 3 + i * 9
        yield draw.circle(cx, top + 3.5, 3, Paint(colours[level], INK, 0.4))
        yield draw.circle(cx, top + 3.5, 1.9, Paint("#ffffff"))
        yield draw.text(str(level), cx, top + 4.6, 2.8, font="bold", anchor="middle", colour=INK)
    yield draw.text("Grey four-digit hex names: column then row, as shift records write them",
                    x0 + 3 + len(colours) * 9 + 4, top + 4.6, 2.8, colour=INK)
    for i, (stroke, dash, width, text) in enumerate(LEGEND_LINES):
        y = top + 11 + i * 4.5
        yield draw.line(((x0, y), (x0 + 10, y)), stroke, width, dash)
        yield draw.text(text, x0 + 13, y + 1, 2.8, colour=INK)
    y = top + 11 + len(LEGEND_LINES) * 4.5
    yield draw.text("07", x0 + 5, y + 1, 2.6, anchor="middle", colour="#8a8a8a")
    yield draw.text("Entry/exit position used by other sectors (unmonitored in this one)",
                    x0 + 13, y + 1, 2.8, colour=INK)


@rules.on(BOARD, SectorMap)
def sector_map_boards(game: GameContent, component: SectorMap) -> list[Board]:
    """Return the map with each sector in play, as a board named after the sector."""
    geometry = game.fact(sound_geometry)
    if geometry is None:
        return []
    boards = []
    try:
        for geo in geometry:
            if geo.board is not component or geo.sector is None:
                continue
            code = geo.sector.code
            boards.append(Board(component.component or component.kind, code.lower(),
                                f"Sector map - {code}", sector_map_face(game, geo)))
    except MapError:
        return []
    return boards
