"""The Air Cargo map as a board: one layout face at print scale, for SVG and PDF alike.

The map at its content's scale (the leg template on the Pilot Log measures legs on it), with
the shore and borders for orientation, the mountain hazard circles with their hazard numbers,
the radio beacons and the airports with their IDs, landing hazards and a box to cross out when
visited; beside it the legend, the scale, the longest leg and the airports by ID.
Lengths are millimetres; font sizes are given in millimetres and turned into points.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout import drawing as draw
from ...layout.drawing import Frame
from ...layout.hooks import BOARD
from ...layout.model import Box, Element, Face, Group, Paint, Polygon, Text
from ...layout.overlaps import Scene
from ...layout.printables import Board
from ...layout.text import PT_PER_MM, TextStyle, fit
from .checks import game_rules
from .map_checks import sound_network
from .model import AirCargoMap, AirCargoRules, Airport, Beacon, Mountain

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

MARGIN = 8.0
TITLE_H = 14.0
PANEL_GAP = 7.0
PANEL_W = 96.0
INK = "#1d2731"
MUTED = "#5b6670"
LAND = "#f6f2e8"
SEA = "#d7e7f2"
SHORE = "#7ea3c0"
BORDER = "#b9af9b"
REGION = "#cbbfa6"
AIRPORT = "#1f3a5f"
START = "#b3261e"
BEACON = "#1d6f8f"
MOUNTAIN_EDGE = "#8a5a2b"
MOUNTAIN_FILL = {1: "#efe4d0", 2: "#e7d4b5", 3: "#ddc39a"}
XY = tuple[float, float]

#: Where a label block sits beside its place: unit steps east and south, clockwise from north.
SIDES = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1),
         "w": (-1, 0), "nw": (-1, -1)}


def sides_from(side: str) -> list[str]:
    """Return every side, the given one first, then the nearest to it round the compass."""
    names = list(SIDES)
    i = names.index(side)
    return [names[(i + k) % len(names)] for k in (0, 1, -1, 2, -2, 3, -3, 4)]


def map_frame(board: AirCargoMap) -> Frame:
    """Return where the map's units land on its face: below the title, one unit to scale."""
    return Frame(MARGIN, MARGIN + TITLE_H, board.unit, w=board.width * board.unit,
                 h=board.height * board.unit)


def panel_left(f: Frame) -> float:
    """Return the left edge of the panel beside the map."""
    return f.left + f.w + PANEL_GAP


def face_width(f: Frame) -> float:
    """Return the width of the map's face: the map, the panel and the margins."""
    return panel_left(f) + PANEL_W + MARGIN


def map_face(board: AirCargoMap, tables: AirCargoRules | None = None) -> Face:
    """Return the face of the map at print scale.

    The land, sea, shore and borders are a backdrop that labels may cross, as on any map.
    The circles, beacons and airports are drawn first; then each label goes on its place's
    side unless something is there, else on the nearest free side round the place (a
    mountain's name inside its circle while it fits there).
    """
    f = map_frame(board)
    frame = Box(f.left, f.top, f.w, f.h, Paint(None, INK, 0.6))
    regions = tuple(_regions(f, board))
    fills = tuple(_mountain_fills(f, board))
    mountains = {m.id: tuple(_mountain(f, m)) for m in board.mountains}
    beacons = {b.id: tuple(_beacon_symbol(*f.at(b.x, b.y))) for b in board.beacons}
    airports = {a.id: tuple(_airport_symbol(*f.at(a.x, a.y), a.start)) for a in board.airports}
    scene = Scene([frame, *regions, *fills, *(e for group in (mountains, beacons, airports)
                                              for drawn in group.values() for e in drawn)])
    airports = {a.id: airports[a.id] + tuple(scene.place(_airport_labels(f, a)))
                for a in board.airports}
    beacons = {b.id: beacons[b.id] + tuple(scene.place(_beacon_labels(f, b)))
               for b in board.beacons}
    mountains = {m.id: mountains[m.id] + tuple(scene.place(_mountain_names(f, m)))
                 for m in board.mountains}
    groups = [
        Group("title", tuple(_title(f, board))),
        Group("land", tuple(_land(f, board)), backdrop=True),
        Group("regions", regions),
        Group("mountains", (*fills, *(Group(f"mountain-{m}", e) for m, e in mountains.items()))),
        Group("beacons", tuple(Group(b, e) for b, e in beacons.items())),
        Group("airports", tuple(Group(f"airport-{a}", e) for a, e in airports.items())),
        Group("frame", (frame,)),
        Group("legend", tuple(_legend(f, board, tables))),
    ]
    return Face(face_width(f), f.top + f.h + MARGIN, 0.0, "#ffffff",
                tuple(g for g in groups if g.elements))


def _title(f: Frame, board: AirCargoMap) -> Iterator[Element]:
    yield draw.text(board.title, f.left, MARGIN + 7.0, 7.5, font="title", colour=INK)
    yield draw.text("Fly cargo between the airports of the north-western USA. Solitaire roll and "
                    "write.", f.left, MARGIN + 12.0, 2.8, colour=MUTED)


# --- the land ---------------------------------------------------------------------------------


def _clipped(f: Frame, board: AirCargoMap, geometry: Any) -> Iterator[list[XY]]:
    """Yield the outlines of a shapely geometry clipped to the map, in face millimetres."""
    import shapely

    clipped = shapely.clip_by_rect(geometry, 0, 0, board.width, board.height)
    parts = getattr(clipped, "geoms", [clipped])
    for part in parts:
        if part.is_empty:
            continue
        coords = part.exterior.coords if part.geom_type == "Polygon" else part.coords
        yield [f.at(x, y) for x, y in coords]


def _land(f: Frame, board: AirCargoMap) -> Iterator[Element]:
    """Paint the land, the sea west of the shore, the borders and the region names."""
    import shapely

    art = board.artwork
    yield Box(f.left, f.top, f.w, f.h, Paint(LAND))
    if len(art.coast) >= 2:
        first, last = art.coast[0], art.coast[-1]
        # The sea: west of the shore, closed along the map's west edge.
        ring = [*art.coast, (0.0, last[1]), (0.0, first[1])]
        sea = shapely.make_valid(shapely.Polygon(ring))
        for outline in _clipped(f, board, sea):
            yield Polygon(tuple(outline), Paint(SEA))
        for outline in _clipped(f, board, shapely.LineString(art.coast)):
            yield draw.line(outline, SHORE, 0.45, cap="round")
    for border in art.borders:
        if len(border) >= 2:
            for outline in _clipped(f, board, shapely.LineString(border)):
                yield draw.line(outline, BORDER, 0.35, (1.6, 1.0))


def _regions(f: Frame, board: AirCargoMap) -> Iterator[Element]:
    """Name the states and the ocean."""
    for region in board.artwork.regions:
        x, y = f.at(region.x, region.y)
        sea = region.text.endswith("OCEAN")
        yield draw.text(region.text, x, y, 3.0, font="italic" if sea else "bold", anchor="middle",
                        colour=SHORE if sea else REGION)


# --- mountains, beacons, airports ---------------------------------------------------------------


def _mountain_fills(f: Frame, board: AirCargoMap) -> Iterator[Element]:
    """Fill every hazard circle (all fills first, so edges stay visible where circles
    overlap)."""
    for m in board.mountains:
        x, y = f.at(m.x, m.y)
        yield draw.circle(x, y, f.mm(m.radius), Paint(MOUNTAIN_FILL.get(m.hazard, "#d6b98a")))


def _mountain(f: Frame, m: Mountain) -> Iterator[Element]:
    """Draw a hazard circle's edge, three peaks and its hazard number."""
    x, y = f.at(m.x, m.y)
    r = f.mm(m.radius)
    yield draw.circle(x, y, r, Paint(None, MOUNTAIN_EDGE, 0.5, (1.8, 1.0)))
    # Three peaks above the hazard number, so the circle reads as mountains at a glance.
    size = min(2.2, r * 0.3)
    for dx, scale in ((-size * 1.1, 0.8), (0.0, 1.0), (size * 1.1, 0.75)):
        h = size * 1.3 * scale
        base = y - 1.9
        yield Polygon(((x + dx - size * scale, base), (x + dx, base - h),
                       (x + dx + size * scale, base)), Paint("#f8f1e4", MOUNTAIN_EDGE, 0.3))
    yield Box(x - 3.1, y - 1.5, 6.2, 3.9, Paint("#ffffff", MOUNTAIN_EDGE, 0.35), radius=0.8)
    yield draw.text(f"H{m.hazard}", x, y + 1.45, 3.0, font="bold", anchor="middle",
                    colour=MOUNTAIN_EDGE)


NAME_MM = 2.1
"""A mountain's name, in italic."""


def _mountain_names(f: Frame, m: Mountain) -> Iterator[list[Element]]:
    """Yield where a mountain's name may go, best first: inside its circle under the hazard
    number (on one line, on two, a little smaller) when its side is south, then outside
    the circle, its side first."""
    x, y = f.at(m.x, m.y)
    r = f.mm(m.radius)
    name = (m.name or m.id).upper()

    def lines(words: list[str], size: float) -> list[Element]:
        return [draw.text(w, x, y + 4.5 + i * size * 1.2, size, font="italic",
                          anchor="middle", colour=MOUNTAIN_EDGE) for i, w in enumerate(words)]

    if m.label_side == "s":
        yield lines([name], NAME_MM)
        if " " in name:
            cut = min((i for i, c in enumerate(name) if c == " "),
                      key=lambda i: abs(i - len(name) / 2))
            yield lines([name[:cut], name[cut + 1:]], NAME_MM)
        yield lines([name], NAME_MM * 0.85)
    for side in sides_from(m.label_side):
        dx, dy = SIDES[side]
        reach = (r + 1.0) / math.hypot(dx, dy)  # just off the circle, on the diagonals too
        lx = x + dx * reach
        ly = y + dy * reach + (1.6 if dy > 0 else 0.7 if dy == 0 else -0.3)
        anchor = "start" if dx > 0 else "end" if dx < 0 else "middle"
        yield [draw.text(name, lx, ly, NAME_MM, font="italic", anchor=anchor,
                         colour=MOUNTAIN_EDGE)]


def _beacon_symbol(x: float, y: float) -> Iterator[Element]:
    yield Polygon(draw.hexagon_points(x, y, 1.7), Paint("#ffffff", BEACON, 0.45))
    yield draw.circle(x, y, 0.45, Paint(BEACON))


def _beacon_labels(f: Frame, b: Beacon) -> Iterator[list[Element]]:
    """Yield where a beacon's code may go: its side first, then round it."""
    x, y = f.at(b.x, b.y)
    for side in sides_from(b.label_side):
        dx, dy = SIDES[side]
        lx, ly = x + dx * 2.5, y + dy * 3.6 + 1.0
        anchor = "start" if dx > 0 else "end" if dx < 0 else "middle"
        yield [draw.text(b.code, lx, ly, 2.3, font="bold", anchor=anchor, colour=BEACON)]


def airport_id(airport: Airport) -> str:
    """Return the airport's ID as the tables print it: ``41 (0)``, or ``XX`` for the start."""
    if airport.start:
        return str(airport.dice_id)
    return f"{airport.dice_id} ({airport.hazard})"


def _airport_symbol(x: float, y: float, start: bool) -> Iterator[Element]:
    if start:
        yield draw.circle(x, y, 2.3, Paint("#ffffff", START, 0.7))
        yield draw.circle(x, y, 1.2, Paint(START))
    else:
        yield draw.circle(x, y, 1.9, Paint(AIRPORT, "#ffffff", 0.3))
        yield draw.circle(x, y, 0.75, Paint("#ffffff"))


def _airport_labels(f: Frame, a: Airport) -> Iterator[list[Element]]:
    """Yield where an airport's label block may go: its side first, then round it."""
    for side in sides_from(a.label_side):
        yield _airport_label(f, a, side)


def _airport_label(f: Frame, a: Airport, side: str) -> list[Element]:
    """Return an airport's label block on one side: a box to cross out, its name and ID."""
    x, y = f.at(a.x, a.y)
    name = (a.name or a.id).upper()
    code = f"{airport_id(a)} - START" if a.start else airport_id(a)
    colour = START if a.start else AIRPORT
    big = draw.text(name, 0, 0, 2.7, font="bold")
    small = draw.text(code, 0, 0, 2.4, font="bold")
    box = 3.6
    text_w = max(big.w, small.w)
    block_w, block_h = box + 0.9 + text_w, 5.2
    dx, dy = SIDES[side]
    gap = 3.0 if dx else 2.2
    left = (x + gap if dx > 0 else x - gap - block_w if dx < 0 else x - block_w / 2)
    top = (y - block_h / 2 if dy == 0 else y - gap - block_h if dy < 0 else y + gap)
    if dx != 0 and dy != 0:
        top = y - block_h + 0.6 if dy < 0 else y - 0.6
    # The box sits next to the symbol; the text on the far side of it.
    if dx < 0:
        box_x, text_x, anchor = left + text_w + 0.9, left + text_w, "end"
    else:
        box_x, text_x, anchor = left, left + box + 0.9, "start"
    box_y = top + (block_h - box) / 2
    elements: list[Element] = [Box(box_x, box_y, box, box, Paint("#ffffff", INK, 0.35), 0.4)]
    if a.start:  # visited before the game begins, as the table prints it: "X XX PENDELETON"
        elements += [draw.line(((box_x + 0.7, box_y + 0.7), (box_x + box - 0.7, box_y + box - 0.7)),
                               INK, 0.4),
                     draw.line(((box_x + 0.7, box_y + box - 0.7), (box_x + box - 0.7, box_y + 0.7)),
                               INK, 0.4)]
    elements += [draw.text(name, text_x, top + 2.2, 2.7, font="bold", anchor=anchor, colour=colour),
                 draw.text(code, text_x, top + 4.9, 2.4, font="bold", anchor=anchor, colour=INK)]
    return elements


# --- the panel beside the map -----------------------------------------------------------------


def _legend(f: Frame, board: AirCargoMap, tables: AirCargoRules | None) -> Iterator[Element]:
    x0, y = panel_left(f), f.top
    w = PANEL_W
    yield Box(x0, y, w, f.h, Paint("#fbfaf6", INK, 0.4))
    x, right = x0 + 4.0, x0 + w - 4.0
    y += 7.0
    yield draw.text("LEGEND", x, y, 3.4, font="bold", colour=INK)
    y += 7.0
    rows: list[tuple[Iterator[Element], str, str]] = [
        (_airport_symbol(x + 2.5, y, False), "AIRPORT  ID (landing hazard)",
         "Cross out its box here and on the Pilot Log when visited."),
        (_airport_symbol(x + 2.5, y + 11, True), "START  Pendleton, ID XX",
         "The first flight starts here."),
        (_beacon_symbol(x + 2.5, y + 22), "RADIO BEACON",
         "Every leg ends at a beacon or at the destination."),
    ]
    for i, (symbol, head, text) in enumerate(rows):
        yield from symbol
        yield draw.text(head, x + 7.5, y + i * 11 + 1.0, 2.6, font="bold", colour=INK)
        yield draw.text(text, x + 7.5, y + i * 11 + 4.8, 2.3, colour=MUTED)
    y += 33
    yield draw.circle(x + 2.5, y, 4.2, Paint(MOUNTAIN_FILL[2], MOUNTAIN_EDGE, 0.5, (1.8, 1.0)))
    yield draw.text("H2", x + 2.5, y + 1.1, 2.4, font="bold", anchor="middle", colour=MOUNTAIN_EDGE)
    yield draw.text("MOUNTAIN  hazard number", x + 9.0, y - 0.9, 2.6, font="bold", colour=INK)
    yield draw.text("A leg touching the circle is a hazard check.", x + 9.0, y + 2.9, 2.3,
                    colour=MUTED)
    y += 11
    yield from _check(x, y, right, tables)
    y += 17
    yield from _scale(f, board, x, y)
    y += 16
    yield from _step(f, board, x, y)
    y += 19
    yield from _index(f, board, x, y, right)
    y += 5.0 + math.ceil(sum(1 for a in board.airports if not a.start) / 2) * 4.2 + 6.0
    yield from _flying(x, y, right, f.top + f.h - 4.0)


def _check(x: float, y: float, right: float, tables: AirCargoRules | None) -> Iterator[Element]:
    limit = tables.hazard_check.pass_at_most if tables else 12
    yield Box(x, y - 4.0, right - x, 14.0, Paint("#ffffff", INK, 0.35), radius=1.0)
    yield draw.text("HAZARD CHECK", x + 2.5, y + 0.4, 2.6, font="bold", colour=INK)
    yield draw.text("hazard + weather + cargo class + 2 dice", x + 2.5, y + 4.4, 2.4, colour=INK)
    yield draw.text(f"= {limit} or less to pass", x + 2.5, y + 8.2, 2.4, font="bold", colour=INK)


def _scale(f: Frame, board: AirCargoMap, x: float, y: float) -> Iterator[Element]:
    step = board.scale_step
    marks = max(1, int((PANEL_W - 20.0) // f.mm(step)))
    unit = board.unit_name
    yield from draw.scale_bar(x, y, f.mm(step), step, marks, unit,
                              heading=f"SCALE  one {unit} = {board.unit:g} mm", ink=INK,
                              muted=MUTED)


def _step(f: Frame, board: AirCargoMap, x: float, y: float) -> Iterator[Element]:
    length = f.mm(board.leg_length)
    yield draw.text("STEP DISTANCE  the longest leg", x, y, 2.6, font="bold", colour=INK)
    yield Box(x, y + 2.5, length, 5.0, Paint("#ffffff", INK, 0.35))
    ticks = 5
    for k in range(ticks + 1):
        tx = x + length * k / ticks
        yield draw.line(((tx, y + 2.5), (tx, y + (7.5 if k in (0, ticks) else 4.5))), INK, 0.25)
    yield draw.text(f"{board.leg_length:g} {board.unit_name}s = {board.leg_mm:g} mm",
                    x + length / 2, y + 6.8, 2.2, font="bold", anchor="middle", colour=INK)
    yield draw.text("Measure with the template of the Pilot Log, printed at 100%.", x, y + 11.5,
                    2.2, colour=MUTED)


def _index(f: Frame, board: AirCargoMap, x: float, y: float, right: float) -> Iterator[Element]:
    """List the airports by ID, in two columns, to find a rolled destination."""
    airports = sorted((a for a in board.airports if not a.start), key=lambda a: str(a.dice_id))
    yield draw.text("AIRPORTS BY ID", x, y, 2.6, font="bold", colour=INK)
    per_col = math.ceil(len(airports) / 2)
    col_w = (right - x) / 2
    for i, a in enumerate(airports):
        col, row = divmod(i, per_col)
        cx, cy = x + col * col_w, y + 5.0 + row * 4.2
        yield draw.text(airport_id(a), cx, cy, 2.4, font="bold", colour=AIRPORT)
        yield draw.text((a.name or a.id).upper(), cx + 10.5, cy, 2.4, colour=INK)


FLYING = (
    "<b>Plan:</b> roll both dice for a cargo weight or an airport ID.",
    "<b>Fly</b> from the last airport visited (the first flight from Pendleton) to a "
    "planned destination with a planned cargo.",
    "<b>Each leg</b> is a straight line no longer than the step distance, to a beacon or "
    "to the destination. Cross out a weather box before each leg.",
    "<b>Check</b> for every hazard circle a leg touches, and on landing.",
)


def _flying(x: float, y: float, right: float, bottom: float) -> Iterator[Element]:
    """Sum up a flight in a few lines, in the space left under the index."""
    style = TextStyle(size=2.4 * PT_PER_MM, min_size=5.5, leading=1.25, colour=INK)
    yield draw.text("FLYING", x, y, 2.6, font="bold", colour=INK)
    y += 2.5
    for step in FLYING:
        if y >= bottom:
            return
        fitted = fit(step, style, right - x, bottom - y)
        yield Text(x, y, right - x, fitted.height, fitted.lines, fitted.size)
        y += fitted.height + 1.6


@rules.on(BOARD, AirCargoMap)
def map_boards(game: GameContent, component: AirCargoMap) -> list[Board]:
    """Return the map as a board, unless its places have errors (it would mislead)."""
    if game.fact(sound_network) is None:
        return []
    return [Board(component.component or component.kind, "map", component.name or "Map",
                  map_face(component, game_rules(game)))]
