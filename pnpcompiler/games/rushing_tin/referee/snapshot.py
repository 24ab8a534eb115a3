"""Draw the sector map at the end of a turn of a replayed shift.

The printed map with, on top, what the table shows at that moment: each plane as an arrow
pointing its heading with its ID inside a ring of its level's colour and the level at its
nose, weather counters, the wind, the turn on the time track and each ATC's money and
record. Built from layout elements only, so SVG and PDF draw it alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ....content.project import GameContent
from ....core import hexgrid
from ....core.hexgrid import Hex
from ....layout import drawing as draw
from ....layout.model import Box, Element, Ellipse, Face, Group, Icon, Paint, Polygon, Text
from ..board import INK, MARGIN, MapPlacement, sector_map_face
from ..map_checks import geometry_for
from ..model import RulesTables
from ..routes import hhmm, minutes
from ..sector_map import SectorGeometry
from .state import Controller, HexNames, Plane, Shift, WeatherSystem, Wind

Point = tuple[float, float]

HEADER = 46.0
"""Height of the title band and the table of ATCs above the map."""
LIFT = 10.0
"""How much of the map's own top margin (its title, dropped here) the header takes over."""
SIDE = 12.0
"""Extra margin left and right: room for planes waiting at the points on the sides."""
DROP = 8.0
"""Extra room between the map and its time track: planes waiting at a bottom point."""
BAND = 15.0
RED = "#d62728"
WHITE = "#ffffff"
STORM = ("#c9ccd6", "#5b6770")
"""Tint of a storm hex and the colour of its cloud."""
TURBULENCE = ("#d3e4f5", "#3d6fa8")
WAITING_OUT = 30.0
"""How far beyond its entry point a waiting plane sits: past the point's printed number."""


def board_at(game: GameContent, state: Shift) -> Face:
    """Return the sector map with the planes, weather, wind and money at the end of a turn."""
    geo = _geometry(game, state)
    m = MapPlacement(geo)
    colours = _level_colours(game)
    # Every turn of a shift draws on the same printed map (faces are immutable).
    base = game.memo(("rushing-tin.snapshot-map", id(geo)), lambda: sector_map_face(game, geo))
    printed = {t.lines[0].runs[0].text: t for g in base.elements
               if isinstance(g, Group) and g.id == "hex-names"
               for t in g.elements if isinstance(t, Text)}
    weather = Group("weather", tuple(_weather(m, state.weather, colours, printed)))
    under: list[Element] = []
    for group in base.elements:
        name = group.id if isinstance(group, Group) else ""
        if name == "title":
            continue
        if name == "hex-names":
            under.append(weather)  # counters lie on the map, its hex names stay readable
        under.append(group)
    on_top = [
        Group("turn-on-track", tuple(_turn_on_track(m, state.turn))),
        Group("planes-on-ground", tuple(_on_ground(m, state, colours))),
        Group("planes-waiting", tuple(_waiting(m, state, colours))),
        Group("planes-flying", tuple(_flying(m, state, colours))),
    ]
    dy = HEADER - LIFT
    width = base.width + 2 * SIDE
    below = ("time-track", "legend", "turn-on-track")
    header = [
        Group("title", tuple(_title(game, geo, state.turn, width))),
        Group("key", tuple(_key(colours))),
        Group("controllers", tuple(_controllers(state, width))),
    ]
    if state.wind is not None:
        header.append(Group("wind", tuple(_wind(m, state.wind, colours, width))))
    drawn = [_moved(e, SIDE, dy + (DROP if isinstance(e, Group) and e.id in below else 0))
             for e in (*under, *on_top) if not isinstance(e, Group) or e.elements]
    return Face(width, base.height + dy + DROP, 0.0, WHITE, (*header, *drawn))


def _geometry(game: GameContent, state: Shift) -> SectorGeometry:
    """Return the map and sector the shift is played on (the only one, or the one named)."""
    geos = [g for g in geometry_for(game) if g.sector is not None]
    if not geos:
        raise ValueError("the content has no sector map with a sector to draw")
    code = getattr(state, "sector", None)
    return next((g for g in geos if g.sector is not None and g.sector.code == code), geos[0])


def _level_colours(game: GameContent) -> dict[int, str]:
    tables = game.of_type(RulesTables)
    return {lv.level: lv.colour for lv in tables[0].levels} if tables else {}


def _turned(points: Iterable[Point], at: Point, forward: Point, k: float = 1.0
            ) -> tuple[Point, ...]:
    """Return shape points given with +x forward and +y to the right, placed at ``at``."""
    fx, fy = forward
    return tuple((at[0] + k * (x * fx - y * fy), at[1] + k * (x * fy + y * fx))
                 for x, y in points)


# --- planes ----------------------------------------------------------------------------------

BODY = ((-5.6, -5.6), (3.2, -5.6), (9.8, 0.0), (3.2, 5.6), (-5.6, 5.6))
NOSE = ((3.9, -4.9), (9.8, 0.0), (3.9, 4.9))


def _plane(plane: Plane, at: Point, heading: Point, colours: dict[int, str], *,
           k: float = 1.0, waiting: bool = False) -> Group:
    """Return a plane's marker group."""
    return Group(f"plane-{plane.id}", tuple(_marker(
        str(plane.id), plane.level, at, heading, colours, k=k, waiting=waiting,
        out_of_control=plane.out_of_control)))


def _marker(ident: str, level: int, at: Point, heading: Point, colours: dict[int, str], *,
            k: float = 1.0, waiting: bool = False, out_of_control: bool = False
            ) -> Iterator[Element]:
    """Draw a plane: a dark arrow pointing its heading, its ID in a ring of its level's colour,
    the level at its nose; pale and dashed while not on the map."""
    body = (Paint("#f2f2f2", INK, 0.5 * k, (1.2 * k, 0.8 * k)) if waiting
            else Paint(INK, INK, 0.5 * k))
    x, y = at
    nose = _turned(((6.4, 0.0),), at, heading, k)[0]
    if out_of_control:
        yield draw.circle(x, y, 10.3 * k, Paint(None, RED, 1.0 * k, (1.8 * k, 1.0 * k)))
    yield Polygon(_turned(BODY, at, heading, k), body)
    if waiting:
        yield Polygon(_turned(NOSE, at, heading, k), Paint(INK))
    yield draw.circle(x, y, 4.5 * k, Paint(WHITE, colours.get(level, "#999999"), 1.7 * k))
    yield draw.text(ident, x, y + 1.6 * k, 4.4 * k, font="bold", anchor="middle",
                    colour=RED if out_of_control else INK)
    yield draw.text(str(level), nose[0], nose[1] + 0.85 * k, 2.4 * k, font="bold",
                    anchor="middle", colour=WHITE)


def _flying(m: MapPlacement, state: Shift, colours: dict[int, str]) -> Iterator[Element]:
    """Draw the planes on the map; planes sharing a hex (at other levels) sit side by side."""
    by_hex: dict[Hex, list[Plane]] = {}
    for plane in sorted(state.planes.values(), key=lambda p: p.id):
        if plane.where == "flying" and plane.hex is not None:
            by_hex.setdefault(plane.hex, []).append(plane)
    for h, planes in sorted(by_hex.items()):
        x, y = m.at(h)
        k = 1.0 if len(planes) == 1 else 0.6
        for i, plane in enumerate(planes):
            dx = (i - (len(planes) - 1) / 2) * 11.5
            yield _plane(plane, (x + dx, y), m.unit(plane.facing), colours, k=k)


def _waiting(m: MapPlacement, state: Shift, colours: dict[int, str]) -> Iterator[Element]:
    """Draw planes due to enter beyond their entry point, pointing into the map."""
    points = m.geo.points_in_play()
    by_point: dict[int, list[Plane]] = {}
    for plane in sorted(state.planes.values(), key=lambda p: p.id):
        if plane.where == "waiting" and plane.entry in points:
            by_point.setdefault(plane.entry, []).append(plane)
    for level, planes in sorted(by_point.items()):
        point = points[level]
        px, py = m.at(point.hex)
        ox, oy = m.unit(point.outward)
        for i, plane in enumerate(planes):
            side = (i - (len(planes) - 1) / 2) * 13.0
            at = (px + ox * WAITING_OUT - oy * side, py + oy * WAITING_OUT + ox * side)
            yield _plane(plane, at, (-ox, -oy), colours, k=0.8, waiting=True)


def _on_ground(m: MapPlacement, state: Shift, colours: dict[int, str]) -> Iterator[Element]:
    """Draw planes waiting to take off in two files beside the airport and its runway, the
    next to leave (the highest ID, 5.05) first, facing the way they take off."""
    airport = m.geo.board.airport
    x, y = m.at((airport.hex[0], airport.hex[1]))
    forward = m.unit(m.geo.direction(airport.direction))
    across = (-forward[1], forward[0])
    planes = sorted((p for p in state.planes.values() if p.where == "ground"),
                    key=lambda p: -p.id)
    for i, plane in enumerate(planes):
        side = 8.4 if i % 2 == 0 else -8.4
        back = 1.0 - 9.6 * (i // 2)
        at = (x + across[0] * side - forward[0] * back, y + across[1] * side - forward[1] * back)
        yield _plane(plane, at, forward, colours, k=0.6, waiting=True)


# --- weather, wind, the time track ---------------------------------------------------------


def _weather(m: MapPlacement, systems: list[WeatherSystem], colours: dict[int, str],
             printed: dict[str, Text]) -> Iterator[Element]:
    """Tint each weather counter's hex, with its symbol and the level it affects; the symbol
    steps down out of the way of a hex name printed in the left corner."""
    names = HexNames(m.geo.board.grid).name
    for system in systems:
        tint, ink = STORM if system.kind == "storm" else TURBULENCE
        colour = colours.get(system.level, "#999999")
        for h in system.counters:
            x, y = m.at(h)
            inset = tuple((x + (cx - x) * 0.9, y + (cy - y) * 0.9) for cx, cy in m.corners(h))
            name = printed.get(names(h))
            low = 5.2 if name is not None and name.x + name.w < x - 4 else 0.0
            icon = list(_storm(x - 9.6, y - 2.6 + low, ink) if system.kind == "storm"
                        else _turbulence(x - 9.6, y - 2.6 + low, ink))
            yield Group(f"{system.kind}-{names(h)}", (
                Polygon(inset, Paint(tint, colour, 1.4)),
                *icon,
                *_level_badge(x + 9.0, y, system.level, colour, 2.6),
            ))


def _storm(x: float, y: float, ink: str) -> Iterator[Element]:
    """Draw icons/storm.yaml's cloud and bolt in a 5.2 mm box."""
    k = 0.52
    yield Ellipse(x + 5 * k, y + 4 * k, 4.5 * k, 2.6 * k, Paint(ink))
    yield draw.circle(x + 3.3 * k, y + 3.0 * k, 2.1 * k, Paint(ink))
    yield draw.circle(x + 6.2 * k, y + 2.6 * k, 2.4 * k, Paint(ink))
    bolt = ((5.4, 5.2), (3.6, 8.2), (5.0, 8.0), (4.2, 10), (7.0, 6.6), (5.5, 6.8), (6.4, 5.2))
    yield Polygon(tuple((x + px * k, y + py * k) for px, py in bolt), Paint("#f0c020"))


def _turbulence(x: float, y: float, ink: str) -> Iterator[Element]:
    """Draw icons/turbulence.yaml's three wavy lines in a 5.2 mm box."""
    k = 0.52
    wave = ((0.5, 2.5), (2.5, 1.2), (4.5, 2.5), (6.5, 1.2), (8.5, 2.5), (9.5, 1.8))
    for dy in (0.0, 3.0, 6.0):
        yield Polygon(tuple((x + px * k, y + (py + dy) * k) for px, py in wave),
                      Paint(None, ink, 0.6, cap="round"), closed=False)


def _level_badge(x: float, y: float, level: int, colour: str, r: float) -> Iterator[Element]:
    """Draw a level as the map does: its colour round a white disc with its number."""
    yield draw.circle(x, y, r, Paint(colour, INK, 0.4))
    yield draw.circle(x, y, r * 0.64, Paint(WHITE))
    yield draw.text(str(level), x, y + r * 0.36, r * 0.95, font="bold", anchor="middle",
                    colour=INK)


def _turn_on_track(m: MapPlacement, turn_no: int) -> Iterator[Element]:
    """Ring the turn's box on the time track."""
    if 1 <= turn_no <= m.geo.board.time_track.turns:
        x, y, box = m.track_cell(turn_no)
        yield Box(x - 0.4, y - 0.4, box + 0.8, box + 0.8, Paint(None, RED, 1.0), 0.8)


def _wind(m: MapPlacement, wind: Wind, colours: dict[int, str], width: float
          ) -> Iterator[Element]:
    """Draw the wind counter in the header's right corner: an arrow the way it blows."""
    x, y, r = width - SIDE - MARGIN - 9.0, BAND + 14.5, 8.5
    colour = colours.get(wind.level, "#999999")
    yield draw.circle(x, y, r, Paint(WHITE, colour, 2.2))
    arrow = ((-5.5, -1.0), (1.0, -1.0), (1.0, -3.2), (5.8, 0.0), (1.0, 3.2), (1.0, 1.0),
             (-5.5, 1.0))
    yield Polygon(_turned(arrow, (x, y), m.unit(wind.direction)), Paint(INK))
    name = hexgrid.direction_name(m.layout.orientation, wind.direction).upper()
    yield draw.text("STRONG WIND", x - r - 3.0, y - 1.0, 3.6, font="bold", anchor="end",
                    colour=INK)
    yield draw.text(f"blowing {name}, level {wind.level} and up", x - r - 3.0, y + 3.6, 2.8,
                    anchor="end", colour=INK)


# --- the header ------------------------------------------------------------------------------


def _title(game: GameContent, geo: SectorGeometry, turn_no: int, width: float
           ) -> Iterator[Element]:
    """Draw the band across the top: the turn and its time, the game and sector."""
    yield Box(0, 0, width, BAND, Paint(INK))
    left = SIDE + MARGIN
    yield draw.text(f"Turn {turn_no} - {_clock(game, turn_no)}", left, 11.0, 8, font="bold",
                    colour=WHITE)
    sector = geo.sector.code if geo.sector else ""
    yield draw.text(f"Rushing Tin - Sector {sector} - the board at the end of turn {turn_no}",
                    width - left, 10.0, 3.4, anchor="end", colour=WHITE)


def _clock(game: GameContent, turn_no: int) -> str:
    """Return the time on the time track during a turn (turn 1 is the shift's start)."""
    tables = game.of_type(RulesTables)
    start = minutes(tables[0].shift.start) if tables else None
    step = tables[0].shift.turn_minutes if tables else 15
    return hhmm((start or 8 * 60) + (max(turn_no, 1) - 1) * step)


KEY = (
    ("plane: its ID in the ring of its level's colour,", "the level at the nose, pointing "
     "its heading"),
    ("dashed: waiting to enter (beyond its entry point)", "or to take off (beside the "
     "airport)"),
    ("red dashed ring: out of control", ""),
)


def _key(colours: dict[int, str]) -> Iterator[Element]:
    """Explain the plane markers under the title band."""
    x0, y0 = SIDE + MARGIN, BAND + 6.0
    up, right = (0.0, -1.0), (1.0, 0.0)
    yield from _marker("7", 4, (x0 + 6, y0 + 6), up, colours)
    yield from _marker("3", 5, (x0 + 22, y0 + 6), up, colours, k=0.8, waiting=True)
    yield from _marker("9", 3, (x0 + 41, y0 + 6), right, colours, out_of_control=True)
    tx = x0 + 57
    for i, (first, second) in enumerate(KEY):
        y = y0 + 1.0 + i * 7.6
        yield draw.text(first, tx, y, 2.8, colour=INK)
        if second:
            yield draw.text(second, tx, y + 3.4, 2.8, colour=INK)


TABLE = (("ATC", "start"), ("Cash", "end"), ("Commendations", "end"), ("Deals", "end"))
COLUMN_WIDTHS = (14.0, 22.0, 30.0, 16.0)


def _controllers(state: Shift, width: float) -> Iterator[Element]:
    """Draw each ATC's cash, commendations and deals, in seating order."""
    x0 = width / 2 + 8.0
    y0 = BAND + 6.5
    order = [a for a in state.seating if a in state.controllers] or sorted(state.controllers)
    rows: list[tuple[str, ...]] = [tuple(title for title, _ in TABLE)]
    rows += [_row(state.controllers[a]) for a in order]
    pitch = min(4.6, 23.0 / max(len(rows), 1))
    yield Polygon(((x0, y0 + 1.2), (x0 + sum(COLUMN_WIDTHS), y0 + 1.2)),
                  Paint(None, INK, 0.3), closed=False)
    for r, row in enumerate(rows):
        x = x0
        for (_, anchor), w, cell in zip(TABLE, COLUMN_WIDTHS, row, strict=True):
            at = x if anchor == "start" else x + w
            yield draw.text(cell, at, y0 + r * pitch, 3.0, font="bold" if r == 0 else "regular",
                            anchor=anchor, colour=INK)
            x += w


def _row(c: Controller) -> tuple[str, ...]:
    return (c.id + (" (fired)" if c.fired else ""), f"{c.cash:,}", str(c.commendations),
            str(c.deals))


# --- moving the map under the header ---------------------------------------------------------


def _moved(e: Element, dx: float, dy: float) -> Element:
    """Return an element moved by (dx, dy) mm."""
    if isinstance(e, Group):
        return Group(e.id, tuple(_moved(c, dx, dy) for c in e.elements))
    if isinstance(e, Box):
        return replace(e, x=e.x + dx, y=e.y + dy)
    if isinstance(e, Ellipse):
        return replace(e, cx=e.cx + dx, cy=e.cy + dy)
    if isinstance(e, Polygon):
        return replace(e, points=tuple((x + dx, y + dy) for x, y in e.points))
    if isinstance(e, Text | Icon):
        return replace(e, x=e.x + dx, y=e.y + dy)
    return e
