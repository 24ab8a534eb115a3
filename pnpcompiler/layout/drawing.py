"""The drawing toolkit for boards and diagrams: placement frames, primitives and furniture.

Everything here returns layout elements (``layout.model``) in millimetres, so a board drawn
with it prints and renders like any face. Font sizes are given in millimetres, as a drawing is
laid out, and turned into points for the layout model. A game's boards, the referee's
snapshots and map traces, and the generic ``hex-map`` and ``point-map`` boards all draw with
it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..core import hexgrid
from ..core.hexgrid import Hex
from .model import Box, Element, Ellipse, Paint, Polygon, Text
from .text import PT_PER_MM, label

XY = tuple[float, float]
INK = "#222222"
MUTED = "#5b6670"


# --- placement ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Where content units land on a face: ``left + x * scale``, ``top + y * scale``.

    With ``flip_height`` set, content y grows upward from the bottom of a drawing that many
    units high (map coordinates); otherwise downward, as on the face.
    """

    left: float
    top: float
    scale: float = 1.0
    """Millimetres per content unit."""
    flip_height: float | None = None
    w: float = 0.0
    """Width of the drawing area in millimetres (for a frame box, a panel beside it)."""
    h: float = 0.0
    """Height of the drawing area in millimetres."""

    def at(self, x: float, y: float) -> XY:
        """Return the face position of a content point."""
        if self.flip_height is not None:
            y = self.flip_height - y
        return self.left + x * self.scale, self.top + y * self.scale

    def mm(self, length: float) -> float:
        """Return a content length in millimetres."""
        return length * self.scale


class HexFrame:
    """Where the hexes of a grid land on a face: a hexgrid layout shifted by (dx, dy)."""

    def __init__(self, layout: hexgrid.Layout, dx: float, dy: float) -> None:
        self.layout = layout
        self.dx = dx
        self.dy = dy

    @classmethod
    def around(cls, layout: hexgrid.Layout, hexes: Iterable[Hex], left: float, top: float
               ) -> HexFrame:
        """Return the frame that puts the hexes' top-left corner at (left, top)."""
        xs, ys = corner_extent(layout, hexes)
        return cls(layout, left - min(xs), top - min(ys))

    def at(self, h: Hex) -> XY:
        """Return the centre of a hex on the face."""
        x, y = self.layout.to_pixel(h)
        return x + self.dx, y + self.dy

    def corners(self, h: Hex) -> list[XY]:
        """Return the six corners of a hex on the face."""
        return [(x + self.dx, y + self.dy) for x, y in self.layout.corners(h)]

    def edge(self, h: Hex, direction: int) -> tuple[XY, XY]:
        """Return the two corners of the side of ``h`` facing ``direction``."""
        cx, cy = self.at(h)
        nx, ny = self.at(hexgrid.neighbor(h, direction))
        mx, my = (cx + nx) / 2, (cy + ny) / 2
        corners = self.corners(h)
        pairs = [(corners[i], corners[(i + 1) % 6]) for i in range(6)]
        return min(pairs, key=lambda p: math.dist(((p[0][0] + p[1][0]) / 2,
                                                   (p[0][1] + p[1][1]) / 2), (mx, my)))

    def outline(self, hexes: set[Hex]) -> list[tuple[XY, XY]]:
        """Return the sides where a set of hexes meets the outside."""
        return [self.edge(h, d) for h in sorted(hexes) for d in range(6)
                if hexgrid.neighbor(h, d) not in hexes]

    def unit(self, direction: int) -> XY:
        """Return the unit vector on the face from a hex towards its neighbour."""
        x, y = self.layout.to_pixel(hexgrid.DIRECTIONS[direction % 6])
        ox, oy = self.layout.origin
        norm = math.hypot(x - ox, y - oy)
        return (x - ox) / norm, (y - oy) / norm


def corner_extent(layout: hexgrid.Layout, hexes: Iterable[Hex]
                  ) -> tuple[list[float], list[float]]:
    """Return the x and y of every corner of the hexes, to find the grid's extent."""
    xs, ys = [], []
    for h in hexes:
        for x, y in layout.corners(h):
            xs.append(x)
            ys.append(y)
    return xs, ys


# --- primitives --------------------------------------------------------------------------------


def text(words: str, x: float, y: float, mm: float, **style: str) -> Text:
    """Return a one-line label at baseline (x, y) whose font size is given in millimetres."""
    return label(words, x, y, mm * PT_PER_MM, **style)


def line(points: Sequence[XY], colour: str, width: float, dash: tuple[float, ...] = (),
         cap: str = "butt") -> Polygon:
    """Return an open line through the points (two for a segment, more for a polyline)."""
    return Polygon(tuple(points), Paint(None, colour, width, dash, cap), closed=False)


def circle(x: float, y: float, r: float, paint: Paint) -> Ellipse:
    """Return a circle of radius ``r`` centred on (x, y)."""
    return Ellipse(x, y, r, r, paint)


def polygon(points: Sequence[XY], paint: Paint) -> Polygon:
    """Return a closed polygon through the points."""
    return Polygon(tuple(points), paint)


def hexagon_points(x: float, y: float, r: float, orientation: str = "flat"
                   ) -> tuple[XY, ...]:
    """Return the corners of a hexagon of circumradius ``r`` centred on (x, y)."""
    turn = 0.0 if orientation == "flat" else math.pi / 6
    return tuple((x + r * math.cos(math.pi / 3 * k + turn), y + r * math.sin(math.pi / 3 * k
                                                                               + turn))
                 for k in range(6))


def hexagon(x: float, y: float, r: float, paint: Paint, orientation: str = "flat") -> Polygon:
    """Return a hexagon of circumradius ``r`` centred on (x, y), flat-topped or pointy."""
    return Polygon(hexagon_points(x, y, r, orientation), paint)


def tint(colour: str, amount: float) -> str:
    """Return ``#rrggbb`` mixed with white: 0 keeps the colour, 1 is white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


# --- furniture ---------------------------------------------------------------------------------


def title(heading: str, x: float, y: float, *, subtitle: str | None = None, size: float = 7.0,
          colour: str = INK, muted: str = MUTED) -> list[Element]:
    """Return a board's title at baseline (x, y), with an optional line under it."""
    drawn: list[Element] = [text(heading, x, y, size, font="title", colour=colour)]
    if subtitle:
        drawn.append(text(subtitle, x, y + size * 0.7, size * 0.4, colour=muted))
    return drawn


@dataclass(frozen=True)
class LegendEntry:
    """One row of a legend: a swatch (``box``, ``circle``, ``hex``, ``pointy-hex`` or
    ``line``) and its text."""

    swatch: str
    paint: Paint
    words: str


LEGEND_ROW = 5.0


def legend(x: float, y: float, entries: Sequence[LegendEntry], *, heading: str = "LEGEND",
           size: float = 2.6, colour: str = INK) -> list[Element]:
    """Return a legend: a heading at baseline (x, y), then one swatch and text per row."""
    drawn: list[Element] = [text(heading, x, y, size * 1.15, font="bold", colour=colour)]
    for i, entry in enumerate(entries):
        cy = y + 5.0 + i * LEGEND_ROW
        drawn.append(_swatch(entry, x + 2.5, cy))
        drawn.append(text(entry.words, x + 7.0, cy + size * 0.35, size, colour=colour))
    return drawn


def legend_height(entries: Sequence[LegendEntry]) -> float:
    """Return how far a legend reaches below its heading's baseline."""
    return 5.0 + len(entries) * LEGEND_ROW


def _swatch(entry: LegendEntry, x: float, y: float) -> Element:
    if entry.swatch == "circle":
        return circle(x, y, 1.8, entry.paint)
    if entry.swatch in ("hex", "pointy-hex"):
        return hexagon(x, y, 2.0, entry.paint, "flat" if entry.swatch == "hex" else "pointy")
    if entry.swatch == "line":
        return line(((x - 2.5, y), (x + 2.5, y)), entry.paint.stroke or INK,
                    entry.paint.stroke_width, entry.paint.dash, entry.paint.cap)
    return Box(x - 2.0, y - 1.6, 4.0, 3.2, entry.paint)


def ruler(x: float, y: float, length: float, marks: int, height: float, ink: str = INK
          ) -> Iterator[Element]:
    """Yield a bar of alternating dark and light cells, ``marks`` of them."""
    step = length / marks
    for k in range(marks):
        fill = ink if k % 2 == 0 else "#ffffff"
        yield Box(x + k * step, y, step, height, Paint(fill))
    yield Box(x, y, length, height, Paint(None, ink, 0.3))


def scale_bar(x: float, y: float, step_mm: float, step: float, marks: int, unit: str, *,
              heading: str | None = None, ink: str = INK, muted: str = MUTED
              ) -> Iterator[Element]:
    """Yield a scale bar under a heading at baseline ``y``: ``marks`` cells of ``step`` units
    (``step_mm`` millimetres each), numbered under each tick, the unit after the last."""
    if heading:
        yield text(heading, x, y, 2.6, font="bold", colour=ink)
    yield from ruler(x, y + 2.5, step_mm * marks, marks, 1.8, ink)
    for k in range(marks + 1):
        value = f"{step * k:g}" + (f" {unit}s" if k == marks else "")
        yield text(value, x + step_mm * k, y + 7.4, 2.2,
                   anchor="middle" if k < marks else "start", colour=muted)


def hex_grid(frame: HexFrame, hexes: Iterable[Hex], *, fill: Callable[[Hex], str | None],
             edge: Paint, name: Callable[[Hex], str | None] | None = None,
             coordinates: bool = True, size: float = 2.0, colour: str = INK,
             muted: str = MUTED) -> Iterator[Element]:
    """Yield each hex filled and outlined, its axial ``q,r`` near its top and its name (when
    ``name`` gives one) across its centre, fitted to the hex's width."""
    layout = frame.layout
    for h in sorted(hexes):
        yield Polygon(tuple(frame.corners(h)), Paint(fill(h), edge.stroke, edge.stroke_width))
    for h in sorted(hexes):
        x, y = frame.at(h)
        if coordinates:
            top = y - layout.height / 2 + (2.6 if layout.orientation == "flat" else 4.2)
            yield text(f"{h[0]},{h[1]}", x, top, size * 0.8, anchor="middle", colour=muted)
        words = name(h) if name is not None else None
        if words:
            yield _fitted_name(words, x, y, layout.width * 0.82, size * 1.3, colour)


def _fitted_name(words: str, x: float, y: float, room: float, size: float, colour: str
                 ) -> Text:
    """Return a hex's name centred on (x, y), shrunk until it fits ``room`` mm."""
    drawn = text(words, x, y + size * 0.35, size, font="bold", anchor="middle", colour=colour)
    if drawn.w > room:
        smaller = max(size * room / drawn.w, size * 0.5)
        drawn = text(words, x, y + smaller * 0.35, smaller, font="bold", anchor="middle",
                     colour=colour)
    return drawn
