"""Draw a replayed game of Air Cargo on its map (``pnp referee LOG --map-trace``).

The printed map with, on top, every leg flown: a line in its flight's colour with an arrow
and the number of the weather box crossed at its start; each hazard check marked where it was
made (the leg's nearest point to the mountain's centre, or beside the airport), green when it
passed, red when it failed; a check the map asks for and the log omits as a magenta ``?``, one
the map does not ask for ringed in magenta; the crash, if any, and where the game ended.
Below the map, the score, the rank and each flight in its colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ....content.project import GameContent
from ....layout import drawing
from ....layout.drawing import Frame
from ....layout.model import Box, Element, Ellipse, Face, Group, Paint, Polygon
from ..board import INK, MARGIN, MUTED, SIDES, face_width, map_face, map_frame
from .context import LANDING, Chart, chart_for
from .state import CheckMark, FlownFlight, PilotState

XY = tuple[float, float]
FLIGHT_COLOURS = ("#1f5fbf", "#e07b00", "#7b3fa0", "#00897b", "#c2185b", "#5d4037",
                  "#9e9d24", "#0097a7", "#546e7a", "#c79100")
"""One colour per flight, in turn; none is the green or red of a check's result."""
PASS, FAIL, MISSING = "#2e7d32", "#c62828", "#d81b60"
WHITE = "#ffffff"
ROW = 5.0
"""Height of a flight's line under the map."""
SUMMARY_W = 110.0


def colour_of(number: int) -> str:
    """Return the colour of a flight (numbered from 1)."""
    return FLIGHT_COLOURS[(number - 1) % len(FLIGHT_COLOURS)]


def draw(game: GameContent, state: object) -> Face:
    """Return the map with the game's route, checks, crash and score drawn on it."""
    if not isinstance(state, PilotState):
        raise ValueError("a filled-in Pilot Log shows no legs to draw: --map-trace needs a "
                         "flight log (record: flight-log)")
    chart = chart_for(game)
    base = game.memo("air-cargo.trace-map", lambda: map_face(chart.board, chart.tables))
    f = map_frame(chart.board)
    lines, numbers = _route(f, chart, state)
    elements: list[Element] = []
    for group in base.elements:
        if isinstance(group, Group) and group.id == "beacons":
            # The route runs under the beacons and airports, so each stop stays visible.
            elements.append(Group("route", tuple(lines)))
        elements.append(group)
    elements += [
        Group("checks", tuple(_checks(f, chart, state))),
        Group("leg-numbers", tuple(numbers)),
        Group("missing-checks", tuple(_missing(f, chart, state))),
        Group("crash", tuple(_crash(f, chart, state))),
        Group("end", tuple(_end(f, chart, state))),
    ]
    top = f.top + f.h + 6.0
    elements += [Group("summary", tuple(_summary(f, chart, state, top))),
                 Group("flights", tuple(_flights(f, chart, state, top))),
                 Group("key", tuple(_key(f, top + _band_height(state) - 4.0)))]
    height = top + _band_height(state) + MARGIN
    return Face(base.width, height, 0.0, base.background,
                tuple(e for e in elements if not isinstance(e, Group) or e.elements))


def _band_height(state: PilotState) -> float:
    rows = math.ceil(len(state.flights) / 2)
    return max(46.0, 12.0 + rows * ROW + 14.0)


# --- on the map -------------------------------------------------------------------------------


def _offset(a: XY, b: XY, by: float) -> tuple[XY, XY]:
    """Return the segment moved ``by`` mm to the right of its direction of travel, so a leg
    flown back the other way is drawn beside it rather than over it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * by, dx / length * by
    return (a[0] - nx, a[1] - ny), (b[0] - nx, b[1] - ny)


def _route(f: Frame, chart: Chart, state: PilotState
           ) -> tuple[list[Element], list[Element]]:
    """Return every leg's line, and its arrow and number (placed clear of the checks, the
    places and each other)."""
    lines: list[Element] = []
    numbers: list[Element] = []
    taken = [f.at(p.x, p.y) for p in chart.board.places()]
    taken += [_where(f, chart, mark) for mark in state.checks]
    for flight in state.flights:
        colour = colour_of(flight.number)
        for leg in flight.legs:
            a, b = f.at(*leg.start), f.at(*leg.end)
            if a == b:
                continue
            a, b = _offset(a, b, 0.55)
            lines.append(Polygon((a, b), Paint(None, WHITE, 1.6, cap="round"), closed=False))
            lines.append(Polygon((a, b), Paint(None, colour, 0.8, cap="round"), closed=False))
            t = _clear_spot(a, b, taken)
            taken.append(_along(a, b, t))
            lines.append(_arrow(a, b, t + 0.2 if t <= 0.6 else t - 0.2, colour))
            numbers.extend(_number(a, b, t, str(leg.box), colour))
    return lines, numbers


SPOTS = (0.42, 0.58, 0.3, 0.7, 0.5, 0.22, 0.78)
"""Where along a leg its number may go, in order of preference."""


def _clear_spot(a: XY, b: XY, taken: list[XY]) -> float:
    """Return the first spot along the leg at least 4.5 mm from everything drawn, or the
    one furthest from it."""
    def room(t: float) -> float:
        x, y = _along(a, b, t)
        return min((math.hypot(x - px, y - py) for px, py in taken), default=99.0)

    for t in SPOTS:
        if room(t) >= 4.5:
            return t
    return max(SPOTS, key=room)


def _along(a: XY, b: XY, t: float) -> XY:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _arrow(a: XY, b: XY, t: float, colour: str) -> Polygon:
    x, y = _along(a, b, t)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    size = 1.5
    tip = (x + math.cos(angle) * size, y + math.sin(angle) * size)
    left = (x + math.cos(angle + 2.5) * size, y + math.sin(angle + 2.5) * size)
    right = (x + math.cos(angle - 2.5) * size, y + math.sin(angle - 2.5) * size)
    return Polygon((tip, left, right), Paint(colour, WHITE, 0.2))


def _number(a: XY, b: XY, t: float, text: str, colour: str) -> Iterator[Element]:
    x, y = _along(a, b, t)
    yield Ellipse(x, y, 1.75, 1.75, Paint(WHITE, colour, 0.45))
    yield drawing.text(text, x, y + 0.75, 2.0 if len(text) < 2 else 1.8, font="bold",
                       anchor="middle", colour=colour)


def _where(f: Frame, chart: Chart, mark: CheckMark) -> XY:
    """Return where a check's marker goes: on the leg for a mountain; beside the airport,
    away from its label, for a landing."""
    return _spot(f, chart, mark.at, mark.point)


def _spot(f: Frame, chart: Chart, at: str, point: XY) -> XY:
    x, y = f.at(*point)
    if at != LANDING:
        return x, y
    airport = next((a for a in chart.board.airports if (a.x, a.y) == point), None)
    dx, dy = SIDES[airport.label_side] if airport else (1, 0)
    length = math.hypot(dx, dy) or 1.0
    return x - dx / length * 3.6, y - dy / length * 3.6


def _checks(f: Frame, chart: Chart, state: PilotState) -> Iterator[Element]:
    for mark in state.checks:
        x, y = _where(f, chart, mark)
        yield from _marker(x, y, mark.passed, invented=not mark.derived)


def _marker(x: float, y: float, passed: bool, *, invented: bool = False
            ) -> Iterator[Element]:
    """A check's marker: a tick on green (passed) or a cross on red (failed)."""
    if invented:  # a check the map does not ask for: ringed in the colour of a missing one
        yield Ellipse(x, y, 2.2, 2.2, Paint(None, MISSING, 0.45, (0.8, 0.5)))
    yield Ellipse(x, y, 1.45, 1.45, Paint(PASS if passed else FAIL, WHITE, 0.3))
    if passed:
        yield Polygon(((x - 0.75, y + 0.05), (x - 0.2, y + 0.6), (x + 0.8, y - 0.6)),
                      Paint(None, WHITE, 0.4, cap="round"), closed=False)
    else:
        for sx in (-1, 1):
            yield Polygon(((x - 0.65 * sx, y - 0.65), (x + 0.65 * sx, y + 0.65)),
                          Paint(None, WHITE, 0.4, cap="round"), closed=False)


def _missing(f: Frame, chart: Chart, state: PilotState) -> Iterator[Element]:
    """Mark each check the log omits: a '?' inside the mountain's circle beside the leg (so
    another flight's check there stays visible), or where the landing check would be."""
    for flight in state.flights:
        for leg in flight.legs:
            for at, point in leg.missing:
                x, y = _spot(f, chart, at, point)
                mountain = chart.mountain(at)
                if mountain is not None:
                    cx, cy = f.at(mountain.x, mountain.y)
                    d = math.hypot(cx - x, cy - y)
                    x, y = (x + (cx - x) / d * 2.8, y + (cy - y) / d * 2.8) if d > 0.5 else (
                        x, y - 2.8)
                yield from _missing_marker(x, y)


def _missing_marker(x: float, y: float) -> Iterator[Element]:
    yield Polygon(((x, y - 2.3), (x + 2.3, y), (x, y + 2.3), (x - 2.3, y)),
                  Paint(MISSING, WHITE, 0.35))
    yield drawing.text("?", x, y + 0.95, 2.6, font="bold", anchor="middle", colour=WHITE)


def _crash(f: Frame, chart: Chart, state: PilotState) -> Iterator[Element]:
    """Mark the crash where its failed check is marked, with a burst and a label."""
    failed = [mark for mark in state.checks if not mark.passed]
    if state.crash is None or not failed:
        return
    x, y = _where(f, chart, failed[-1])
    spikes = 12
    star = tuple((x + (4.2 if k % 2 == 0 else 2.0) * math.cos(math.pi * k / spikes),
                  y + (4.2 if k % 2 == 0 else 2.0) * math.sin(math.pi * k / spikes))
                 for k in range(2 * spikes))
    yield Polygon(star, Paint("#ffcc00", FAIL, 0.5))
    yield from _marker(x, y, False)
    yield Box(x - 6.5, y - 10.4, 13.0, 4.4, Paint(WHITE, FAIL, 0.4), radius=0.8)
    yield drawing.text("CRASH", x, y - 7.1, 2.8, font="bold", anchor="middle", colour=FAIL)


def _end(f: Frame, chart: Chart, state: PilotState) -> Iterator[Element]:
    """Ring the airport the game ended at (a stop, or no valid roll left)."""
    if state.crash is not None or not state.flights:
        return
    place = chart.place(state.position)
    if place is None:
        return
    x, y = f.at(place.x, place.y)
    yield Ellipse(x, y, 3.4, 3.4, Paint(None, INK, 0.6))
    yield Box(x - 5.0, y + 4.0, 10.0, 3.8, Paint(INK, None), radius=0.8)
    yield drawing.text("END", x, y + 6.9, 2.5, font="bold", anchor="middle", colour=WHITE)


# --- under the map ----------------------------------------------------------------------------

ENDINGS = {"stop": "stopped flying", "crash": "crashed: the game is lost",
           "nothing-valid": "no valid roll and no reroll left"}


def _summary(f: Frame, chart: Chart, state: PilotState, top: float) -> Iterator[Element]:
    """The score box: points and rank, the sum, how it ended, what was used."""
    x = f.left
    h = _band_height(state)
    yield Box(x, top, SUMMARY_W, h, Paint("#fbfaf6", INK, 0.5), radius=1.2)
    t = state.tally
    x += 4.0
    yield drawing.text("FLIGHT LOG", x, top + 7.0, 3.2, font="bold", colour=INK)
    if t is None:
        return
    if t.lost:
        head, colour = "CRASH - GAME LOST", FAIL
    else:
        head = f"{t.points} POINTS - {(t.rank or 'no rank').upper()}"
        colour = PASS if t.rank else INK
    yield drawing.text(head, x, top + 15.0, 4.4, font="bold", colour=colour)
    boxes = chart.tables.boxes
    used = state.resources
    checks = state.checks
    failed = sum(1 for c in checks if not c.passed)
    sums = (f"delivered {sum(t.delivered)} before the crash: a crash counts no points" if t.lost
            else f"delivered {sum(t.delivered)} - {t.undelivered_cargo} cargo not delivered - "
            f"{t.unvisited_destinations} airport(s) not visited = {t.points}")
    lines = [
        sums,
        f"ended: {ENDINGS.get(state.end or '', state.end or '?')}",
        f"{len(state.flights)} flights, {state.legs} legs, weather boxes {state.weather}"
        f"/{chart.weather_boxes}",
        f"{len(checks)} hazard checks: {len(checks) - failed} passed, {failed} failed",
        f"plan rerolls {used.plan_rerolls}/{boxes.plan_reroll.count}, stamina "
        f"{used.stamina}/{boxes.stamina.count}, prayers {used.prayers}/"
        f"{boxes.prayer_reroll.count}",
    ]
    for i, line in enumerate(lines):
        yield drawing.text(line, x, top + 22.0 + i * 4.6, 2.5, colour=INK if i else MUTED)


def _flights(f: Frame, chart: Chart, state: PilotState, top: float) -> Iterator[Element]:
    """Each flight in its colour: where from and to, its cargo, its legs and checks."""
    x0 = f.left + SUMMARY_W + 6.0
    width = face_width(f) - MARGIN - x0
    yield drawing.text("FLIGHTS  (leg numbers are the weather boxes crossed)", x0, top + 4.0, 2.8,
                       font="bold", colour=INK)
    per_col = max(1, math.ceil(len(state.flights) / 2))
    col_w = width / 2
    for i, flight in enumerate(state.flights):
        col, row = divmod(i, per_col)
        x, y = x0 + col * col_w, top + 10.0 + row * ROW
        colour = colour_of(flight.number)
        yield Polygon(((x, y - 0.9), (x + 7.0, y - 0.9)), Paint(None, colour, 1.4, cap="round"),
                      closed=False)
        yield drawing.text(_flight_words(chart, flight), x + 9.0, y, 2.4, colour=INK)


def _flight_words(chart: Chart, flight: FlownFlight) -> str:
    def name(place_id: str) -> str:
        place = chart.place(place_id)
        return (place.name or place.id) if place else "?"

    boxes = [leg.box for leg in flight.legs]
    legs = (f"legs {boxes[0]}-{boxes[-1]}" if len(boxes) > 1 else
            f"leg {boxes[0]}" if boxes else "no legs")
    checks = [c for leg in flight.legs for c in leg.checks]
    failed = sum(1 for c in checks if not c.passed)
    how = " CRASH" if flight.crashed else ""
    return (f"{flight.number}. {name(flight.origin)} > {name(flight.destination)}, cargo "
            f"{flight.cargo}, {legs}, {len(checks)} check(s)"
            f"{f', {failed} failed' if failed else ''}{how}")


def _key(f: Frame, y: float) -> Iterator[Element]:
    """What the markers mean, along the bottom of the band."""
    x = f.left + SUMMARY_W + 6.0
    yield from _marker(x + 1.5, y - 0.9, True)
    yield drawing.text("check passed", x + 4.0, y, 2.3, colour=MUTED)
    yield from _marker(x + 30.0, y - 0.9, False)
    yield drawing.text("check failed", x + 32.5, y, 2.3, colour=MUTED)
    yield from _missing_marker(x + 58.5, y - 0.9)
    yield drawing.text("check missing from the log", x + 61.5, y, 2.3, colour=MUTED)
    yield from _marker(x + 104.0, y - 0.9, True, invented=True)
    yield drawing.text("check the map does not ask for", x + 107.8, y, 2.3, colour=MUTED)
