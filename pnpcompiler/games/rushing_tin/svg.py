"""The sector map as SVG: sections, entry/exit points, hand-off routes, airport, zones, time.

Every level is shown by colour and by its printed number, so the map reads in grayscale and
for colour-blind players. Sizes are in millimetres at print scale.
"""

from __future__ import annotations

import math
from typing import Any

import svgwrite

from ...geometry import hexgrid
from ...geometry.hexgrid import Hex
from ...project import GameContent
from .model import RulesTables
from .sector_map import SectorGeometry

MARGIN = 16.0
TRACK_BOX = 11.0
TRACK_GAP = 14.0
"""Space between the map and the time track, room for the labels of bottom-edge points."""
INK = "#222222"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _f(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _pts(points: list[tuple[float, float]]) -> list[tuple[str, str]]:
    return [(_f(x), _f(y)) for x, y in points]


def _tint(colour: str, amount: float) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


class _Canvas:
    def __init__(self, geo: SectorGeometry) -> None:
        board = geo.board
        self.geo = geo
        self.layout = hexgrid.Layout.from_flat_to_flat(board.orientation, board.hex_size)
        xs, ys = [], []
        for h in geo.hexes:
            for x, y in self.layout.corners(h):
                xs.append(x)
                ys.append(y)
        self.dx = MARGIN - min(xs)
        self.dy = MARGIN + 8 - min(ys)
        self.map_w = max(xs) - min(xs)
        self.map_h = max(ys) - min(ys)
        self.width = self.map_w + 2 * MARGIN
        self.height = self.map_h + 2 * MARGIN + 8 + TRACK_GAP + TRACK_BOX * 2 + 8

    def at(self, h: Hex) -> tuple[float, float]:
        x, y = self.layout.to_pixel(h)
        return x + self.dx, y + self.dy

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        return [(x + self.dx, y + self.dy) for x, y in self.layout.corners(h)]

    def edge(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Return the two corners of the side of ``h`` facing ``direction``."""
        cx, cy = self.at(h)
        nx, ny = self.at(hexgrid.neighbor(h, direction))
        mx, my = (cx + nx) / 2, (cy + ny) / 2
        corners = self.corners(h)
        pairs = [(corners[i], corners[(i + 1) % 6]) for i in range(6)]
        return min(pairs, key=lambda p: math.dist(((p[0][0] + p[1][0]) / 2,
                                                   (p[0][1] + p[1][1]) / 2), (mx, my)))

    def outline(self, hexes: set[Hex]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Return the sides where a set of hexes meets the outside."""
        return [self.edge(h, d) for h in sorted(hexes) for d in range(6)
                if hexgrid.neighbor(h, d) not in hexes]


def render_sector_map(game: GameContent, geo: SectorGeometry) -> str:
    """Return the SVG text of a sector map with one sector in play."""
    c = _Canvas(geo)
    board, sector = geo.board, geo.sector
    tables = game.of_type(RulesTables)
    colours = {lv.level: lv.colour for lv in tables[0].levels} if tables else {}
    doc = svgwrite.Drawing(size=(f"{_f(c.width)}mm", f"{_f(c.height)}mm"), profile="full",
                           debug=False)
    doc.viewbox(0, 0, float(_f(c.width)), float(_f(c.height)))
    doc.add(doc.rect((0, 0), (_f(c.width), _f(c.height)), fill="#ffffff"))
    title = f"Rushing Tin - Sector {sector.code if sector else ''} map"
    doc.add(doc.text(title, insert=(_f(MARGIN), _f(MARGIN + 2)), font_size="5",
                     font_family=FONT, font_weight="bold", fill=INK))

    points = geo.points_in_play()
    section_of = geo.section_of()
    level_of_section: dict[str, int] = {}
    for level, point in points.items():
        sid = section_of.get(point.hex)
        if sid is not None:
            level_of_section[sid] = level

    grid = doc.add(doc.g(id="hexes", stroke="#9a9a9a", stroke_width="0.25"))
    for h in sorted(geo.hexes):
        level = level_of_section.get(section_of.get(h, ""), 0)
        fill = _tint(colours[level], 0.85) if level in colours else "#f4f4f4"
        grid.add(doc.polygon(_pts(c.corners(h)), fill=fill))

    bounds = doc.add(doc.g(id="sections", stroke=INK, stroke_width="0.9",
                           stroke_linecap="round"))
    for h in sorted(geo.hexes):
        for d in range(6):
            n = hexgrid.neighbor(h, d)
            if n in geo.hexes and section_of.get(n) == section_of.get(h):
                continue
            a, b = c.edge(h, d)
            width = "1.4" if n not in geo.hexes else "0.9"
            bounds.add(doc.line(_pts([a])[0], _pts([b])[0], stroke_width=width))
    zones = doc.add(doc.g(id="zones", fill="none"))
    _outline(doc, zones, c, set(geo.control_zone) | {geo.board.airport.hex, *geo.approach},
             stroke="#b8860b", dash="0.6,1.2", width=0.9)
    if geo.level2_route:
        _outline(doc, zones, c, set(geo.level2_zone) | set(geo.level2_route),
                 stroke=INK, dash="2.5,1.5", width=0.7)

    labels = doc.add(doc.g(id="section-labels", font_family=FONT, fill="#555555",
                           font_size="3.2", text_anchor="middle"))
    for section in board.sections:
        hexes = [(h[0], h[1]) for h in section.hexes]
        cx = sum(c.at(h)[0] for h in hexes) / len(hexes)
        cy = sum(c.at(h)[1] for h in hexes) / len(hexes)
        held = level_of_section.get(section.id)
        text = f"Section {section.id}" + (f" - level {held}" if held else "")
        labels.add(doc.text(text, insert=(_f(cx), _f(cy))))

    _routes(doc, c, geo, points)
    _airport(doc, c, geo)
    _points(doc, c, geo, points, colours)
    _time_track(doc, c, geo)
    _legend(doc, c, geo, colours)
    return str(doc.tostring())


def _outline(doc: Any, group: Any, c: _Canvas, hexes: set[Hex], *, stroke: str, dash: str,
             width: float) -> None:
    for a, b in c.outline(hexes):
        group.add(doc.line(_pts([a])[0], _pts([b])[0], stroke=stroke, stroke_width=_f(width),
                           stroke_dasharray=dash, stroke_linecap="round"))


def _arrow(doc: Any, group: Any, tail: tuple[float, float], tip: tuple[float, float],
           width: float) -> None:
    group.add(doc.line(_pts([tail])[0], _pts([tip])[0], stroke_width=_f(width)))
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    size = 2.4
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    group.add(doc.polygon(_pts([tip, left, right]), stroke="none"))


def _routes(doc: Any, c: _Canvas, geo: SectorGeometry, points: dict[int, Any]) -> None:
    group = doc.add(doc.g(id="hand-off-routes", stroke=INK, fill=INK))
    for _, point in sorted(points.items()):
        if point.name == "airport":
            continue
        route = geo.hand_off_route(point)
        inner = c.at(route[-1])
        outer = c.at(hexgrid.neighbor(point.hex, point.outward))
        edge = c.at(point.hex)
        tip = ((edge[0] + outer[0]) / 2, (edge[1] + outer[1]) / 2)
        group.add(doc.line(_pts([inner])[0], _pts([edge])[0], stroke_width="0.5",
                           stroke_dasharray="1.2,0.9"))
        _arrow(doc, group, edge, tip, 0.5)


def _airport(doc: Any, c: _Canvas, geo: SectorGeometry) -> None:
    group = doc.add(doc.g(id="airport"))
    a = geo.board.airport.hex
    ends = [c.at(a), c.at(geo.approach[-1])] if geo.approach else [c.at(a)]
    group.add(doc.line(_pts([ends[0]])[0], _pts([ends[-1]])[0], stroke="#555555",
                       stroke_width=_f(c.layout.size * 0.55), stroke_linecap="round"))
    group.add(doc.line(_pts([ends[0]])[0], _pts([ends[-1]])[0], stroke="#ffffff",
                       stroke_width="0.6", stroke_dasharray="1.5,1.5"))
    x, y = c.at(a)
    s = c.layout.size * 0.7
    group.add(doc.rect((_f(x - s / 2), _f(y - s / 2)), (_f(s), _f(s)), fill="#ffffff",
                       stroke=INK, stroke_width="0.6"))
    group.add(doc.text("1", insert=(_f(x), _f(y + 1.4)), font_size="4", font_family=FONT,
                       font_weight="bold", text_anchor="middle", fill=INK))
    # The label goes on the side away from the runway.
    bx, by = c.at(hexgrid.neighbor(a, hexgrid.turn(geo.direction(geo.board.airport.direction),
                                                    3)))
    ux, uy = (bx - x), (by - y)
    norm = math.hypot(ux, uy) or 1.0
    lx, ly = x + ux / norm * (s / 2 + 3.5), y + uy / norm * (s / 2 + 3.5) + 0.9
    group.add(doc.text("AIRPORT", insert=(_f(lx), _f(ly)), font_size="2.6",
                       font_family=FONT, font_weight="bold", text_anchor="middle", fill=INK))


def _points(doc: Any, c: _Canvas, geo: SectorGeometry, points: dict[int, Any],
            colours: dict[int, str]) -> None:
    active = {p.name: level for level, p in points.items()}
    group = doc.add(doc.g(id="entry-exit-points", font_family=FONT, text_anchor="middle"))
    radius = c.layout.size * 0.55
    for p in sorted(geo.board.points, key=lambda p: p.number):
        h = (p.hex[0], p.hex[1])
        x, y = c.at(h)
        level = active.get(p.number)
        if level is None:
            group.add(doc.text(p.number, insert=(_f(x), _f(y + 1)), font_size="2.6",
                               fill="#8a8a8a"))
            continue
        group.add(doc.circle((_f(x), _f(y)), _f(radius), fill=colours.get(level, "#ffffff"),
                             stroke=INK, stroke_width="0.6"))
        group.add(doc.circle((_f(x), _f(y)), _f(radius * 0.62), fill="#ffffff",
                             stroke="none"))
        group.add(doc.text(str(level), insert=(_f(x), _f(y + 1.5)), font_size="4.2",
                           font_weight="bold", fill=INK))
        ox, oy = c.at(hexgrid.neighbor(h, geo.direction(p.direction)))
        lx, ly = x + (ox - x) * 0.85, y + (oy - y) * 0.85
        group.add(doc.text(p.number, insert=(_f(lx), _f(ly + 1.2)), font_size="3.4",
                           font_weight="bold", fill=INK))


def _time_track(doc: Any, c: _Canvas, geo: SectorGeometry) -> None:
    track = geo.board.time_track
    group = doc.add(doc.g(id="time-track", font_family=FONT, text_anchor="middle", fill=INK))
    top = MARGIN + 8 + c.map_h + TRACK_GAP
    per_row = math.ceil(track.turns / 2)
    box = min(TRACK_BOX, (c.width - 2 * MARGIN) / per_row)
    group.add(doc.text("TIME", insert=(_f(MARGIN), _f(top - 1.5)), font_size="3",
                       font_weight="bold", text_anchor="start"))
    start_h, start_m = (int(x) for x in track.start.split(":"))
    for turn_no in range(1, track.turns + 1):
        row, col = divmod(turn_no - 1, per_row)
        x = MARGIN + col * box
        y = top + row * box
        group.add(doc.rect((_f(x), _f(y)), (_f(box), _f(box)), fill="#ffffff", stroke=INK,
                           stroke_width="0.3"))
        total = start_h * 60 + start_m + (turn_no - 1) * 15
        group.add(doc.text(f"{total // 60:02d}:{total % 60:02d}",
                           insert=(_f(x + box / 2), _f(y + box / 2 - 0.5)), font_size="2.2"))
        group.add(doc.text(str(turn_no), insert=(_f(x + box / 2), _f(y + box - 1.5)),
                           font_size="2.6", font_weight="bold"))


def _legend(doc: Any, c: _Canvas, geo: SectorGeometry, colours: dict[int, str]) -> None:
    """Explain the colours and lines, to the right of the time track."""
    track = geo.board.time_track
    per_row = math.ceil(track.turns / 2)
    box = min(TRACK_BOX, (c.width - 2 * MARGIN) / per_row)
    x0 = MARGIN + per_row * box + 10
    top = MARGIN + 8 + c.map_h + TRACK_GAP
    if x0 + 60 > c.width - MARGIN:
        return  # no room beside the track on a narrow map
    group = doc.add(doc.g(id="legend", font_family=FONT, fill=INK, font_size="2.8"))
    group.add(doc.text("LEVELS", insert=(_f(x0), _f(top - 1.5)), font_size="3",
                       font_weight="bold"))
    for i, level in enumerate(sorted(colours)):
        cx = x0 + 3 + i * 9
        group.add(doc.circle((_f(cx), _f(top + 3.5)), "3", fill=colours[level], stroke=INK,
                             stroke_width="0.4"))
        group.add(doc.circle((_f(cx), _f(top + 3.5)), "1.9", fill="#ffffff", stroke="none"))
        group.add(doc.text(str(level), insert=(_f(cx), _f(top + 4.6)), font_size="2.8",
                           font_weight="bold", text_anchor="middle"))
    rows = [("#b8860b", "0.6,1.2", 0.9, "Airport Control Zone, level 3 and below (5.10)"),
            (INK, "2.5,1.5", 0.7, "Level 2 Hand-off Zone (10.04)"),
            (INK, "1.2,0.9", 0.5, "Hand-off route; the arrow crosses the hand-off hex side")]
    for i, (stroke, dash, width, text) in enumerate(rows):
        y = top + 11 + i * 4.5
        group.add(doc.line((_f(x0), _f(y)), (_f(x0 + 10), _f(y)), stroke=stroke,
                           stroke_width=_f(width), stroke_dasharray=dash))
        group.add(doc.text(text, insert=(_f(x0 + 13), _f(y + 1))))
    y = top + 11 + len(rows) * 4.5
    group.add(doc.text("07", insert=(_f(x0 + 5), _f(y + 1)), fill="#8a8a8a",
                       text_anchor="middle", font_size="2.6"))
    group.add(doc.text("Entry/exit position used by other sectors (unmonitored in this one)",
                       insert=(_f(x0 + 13), _f(y + 1))))
