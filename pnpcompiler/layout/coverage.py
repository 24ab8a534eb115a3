"""What each element of a face covers, as the layout check sees it: a text's ink glyph by
glyph, a shape's fill and stroke band, a picture's box, and the cut.

Ink is measured glyph by glyph from the font's outlines (each glyph's bounding box, placed
where the renderers place it); shapes are taken as drawn, with shapely: a circle as a
circle, a stroke as a band of its width, an open line with its caps. Each element's shapes
are worked out once and only when needed: a box round each (and the bare or filled
rectangles inside a box's stroke) lets the check clear most texts without them.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.identity import ByIdentity
from .model import Box, Element, Ellipse, Face, Group, Icon, Image, Paint, Polygon, Text
from .text import PT_PER_MM, register_fonts

ACROSS_SLACK = 1 / PT_PER_MM
"""How far a line may run past its box's side before it overflows: a point, as the fitting
allows."""
ASCENT, HEIGHT = 0.93, 1.16
"""A line's ascent and its height as shares of the size, as the fitting sets them."""

Geometry = Any
"""A shapely geometry."""


# --- ink ----------------------------------------------------------------------------------------


class Outlines:
    """A TrueType font's glyph boxes and advance widths (in thousandths of the size), read
    from the font file reportlab registered."""

    def __init__(self, font: str) -> None:
        from reportlab.pdfbase import pdfmetrics

        register_fonts()
        face = pdfmetrics.getFont(font).face
        self.glyf: bytes = face.get_table("glyf")
        self.positions: list[int] = face.glyphPos
        self.glyphs: dict[int, int] = face.charToGlyph
        self.scale = 1000.0 / face.unitsPerEm
        self.widths: dict[int, float] = face.charWidths
        self.default_width = float(face.defaultWidth)
        self.fallback = tuple(float(v) for v in face.bbox)
        self.boxes: dict[str, tuple[float, float, float, float] | None] = {}

    def box(self, char: str) -> tuple[float, float, float, float] | None:
        """Return a character's glyph box (x0, y0, x1, y1), y up; None for a blank glyph."""
        if char not in self.boxes:
            self.boxes[char] = self._read(char)
        return self.boxes[char]

    def _read(self, char: str) -> tuple[float, float, float, float] | None:
        glyph = self.glyphs.get(ord(char))
        if glyph is None or glyph + 1 >= len(self.positions):
            # Drawn as the font's missing glyph: assume the font's whole box.
            x0, y0, x1, y1 = self.fallback
            return (0.0, y0, self.width(char), y1) if not char.isspace() else None
        start, end = self.positions[glyph], self.positions[glyph + 1]
        if end - start < 10:
            return None  # a glyph with no outline: a space
        _, x0, y0, x1, y1 = struct.unpack(">hhhhh", self.glyf[start:start + 10])
        k = self.scale
        return x0 * k, y0 * k, x1 * k, y1 * k

    def width(self, char: str) -> float:
        """Return a character's advance width."""
        return float(self.widths.get(ord(char), self.default_width))


@lru_cache(maxsize=64)
def outlines(font: str) -> Outlines | None:
    """Return a registered font's outlines, None when it has none to read."""
    try:
        return Outlines(font)
    except (KeyError, AttributeError, TypeError, struct.error):
        return None


def glyph_boxes(t: Text, *, whole_runs: bool = False) -> list[tuple[float, float, float, float]]:
    """Return the box of every glyph a text prints, (x0, y0, x1, y1) in face mm, y down;
    with ``whole_runs``, one box round each run's glyphs."""
    boxes = []
    for line in t.lines:
        baseline = t.y + line.baseline
        for run in line.runs:
            if run.icon or not run.text.strip():
                continue
            placed = _run_glyphs(t.x + run.x, baseline, run.text, run.font, run.size,
                                 run.width)
            if whole_runs and placed:
                x0, y0, x1, y1 = zip(*placed, strict=True)
                placed = [(min(x0), min(y0), max(x1), max(y1))]
            boxes += placed
    return boxes


def _run_glyphs(x: float, baseline: float, text: str, font_name: str, size: float,
                width: float) -> list[tuple[float, float, float, float]]:
    """Return the glyph boxes of one run set at (x, baseline)."""
    font = outlines(font_name)
    if font is None:  # no outlines to read: the run's advance, ascent to descent
        return [(x, baseline - ASCENT * size / PT_PER_MM, x + width,
                 baseline + (HEIGHT - ASCENT) * size / PT_PER_MM)]
    k = size / 1000 / PT_PER_MM
    boxes = []
    for char in text:
        box = font.box(char)
        if box is not None:
            boxes.append((x + box[0] * k, baseline - box[3] * k, x + box[2] * k,
                          baseline - box[1] * k))
        x += font.width(char) * k
    return boxes


def text_ink(t: Text, *, whole_runs: bool = False) -> Geometry:
    """Return the area a text's glyphs cover (each run's box round them with
    ``whole_runs``), as one shapely geometry, empty when the text prints nothing."""
    return _text_ink(t, whole_runs)


@lru_cache(maxsize=8192)
def _text_ink(t: Text, whole_runs: bool) -> Geometry:
    """Return :func:`text_ink`, worked out once per text: cards repeat their labels."""
    import shapely

    boxes = glyph_boxes(t, whole_runs=whole_runs)
    if not boxes:
        return shapely.Polygon()
    x0, y0, x1, y1 = zip(*boxes, strict=True)
    ink = shapely.union_all(shapely.box(x0, y0, x1, y1))
    # A text that did not fit prints only inside its box.
    return ink.intersection(shapely.box(t.x, t.y, t.x + t.w, t.y + t.h)) if t.clip else ink


def _text_ink_now(t: Text) -> Painted:
    """Return a text's ink: the box round its runs' glyphs at once, their shapes when
    asked for."""
    boxes = glyph_boxes(t, whole_runs=True)
    if t.clip or not boxes or not all(x0 < x1 and y0 < y1 for x0, y0, x1, y1 in boxes):
        # Cut to its box, a hairline or nothing at all: the shapes say (a rare text).
        return _with_box(Painted(text_ink(t, whole_runs=True)))
    x0, y0, x1, y1 = zip(*boxes, strict=True)
    return Painted(make=lambda: (text_ink(t, whole_runs=True), None),
                   box=(min(x0), min(y0), max(x1), max(y1)))


_text_painted = ByIdentity(_text_ink_now)
"""A text's ink, worked out once per text: faces share their rules text and labels."""


def overrun(t: Text) -> tuple[float, float]:
    """Return how far a text's set lines run past its box: (across, down), in mm."""
    return _overrun(t)


def _overrun_now(t: Text) -> tuple[float, float]:
    runs = [(line, run) for line in t.lines for run in line.runs]
    if not runs:
        return 0.0, 0.0
    left = min(run.x for _, run in runs)
    right = max(run.x + run.width for _, run in runs)
    first, last = t.lines[0], t.lines[-1]
    top = first.baseline - ASCENT * max((r.size for r in first.runs), default=t.size) / PT_PER_MM
    bottom = last.baseline + (HEIGHT - ASCENT) * max((r.size for r in last.runs),
                                                     default=t.size) / PT_PER_MM
    across = max(right - t.w, -left, 0.0)
    down = max(bottom - t.h, -top, 0.0)
    return across, down


_overrun = ByIdentity(_overrun_now)


def overflows(t: Text) -> bool:
    """Return whether a text's lines run past its box (more than the fitting allows)."""
    across, down = overrun(t)
    return across > ACROSS_SLACK or down > 0.01


# --- shapes -------------------------------------------------------------------------------------


Rect = tuple[float, float, float, float]
"""A rectangle (x0, y0, x1, y1) in face mm, y down."""


class Painted:
    """An element's ink as shapes, shared by every face that draws the element: where it
    paints and its inside for text to sit on (made when first asked for: a glance at its box
    clears most texts), the box round it, and rectangles inside its stroke that it fills
    (``filled``) or leaves bare."""

    def __init__(self, area: Geometry | None = None, inside: Geometry | None = None, *,
                 box: Rect | None = None, inner: tuple[Rect, ...] = (), filled: bool = False,
                 make: Callable[[], tuple[Geometry, Geometry | None]] | None = None) -> None:
        self._area = area
        self._inside = inside
        self._make = make
        self.box = box
        """A box round the ink (it may be a little larger), None when it paints nothing."""
        self.inner = inner
        self.filled = filled

    def _shapes(self) -> None:
        if self._make is not None:
            self._area, self._inside = self._make()
            self._make = None

    @property
    def area(self) -> Geometry:
        """Return where the element paints."""
        self._shapes()
        return self._area

    @property
    def inside(self) -> Geometry | None:
        """Return a filled shape's inside, clear of its stroke; None for anything text cannot
        sit on."""
        self._shapes()
        return self._inside


@dataclass(frozen=True)
class Ink:
    """What one drawn element covers: where it paints, and where text may sit on it."""

    order: int
    """Its place in the drawing order."""
    element: Element
    painted: Painted

    @property
    def area(self) -> Geometry:
        """Return where the element paints."""
        return self.painted.area

    @property
    def inside(self) -> Geometry | None:
        """For a filled shape: its inside, clear of its stroke; None for anything text
        cannot sit on."""
        return self.painted.inside


CAPS = {"butt": "flat", "round": "round", "square": "square"}


SQUARE = 1e-6
"""A box's corner radius, in mm, up to which its corners are square: shapely draws no round
corner of a hair's radius (it gives nothing), and the print shows none."""


def _region(e: Box | Ellipse | Polygon) -> Geometry:
    """Return the region a closed shape outlines."""
    import shapely
    from shapely import affinity

    if isinstance(e, Box):
        r = min(e.radius, e.w / 2, e.h / 2)
        if r > SQUARE:
            return shapely.box(e.x + r, e.y + r, e.x + e.w - r, e.y + e.h - r).buffer(r)
        return shapely.box(e.x, e.y, e.x + e.w, e.y + e.h)
    if isinstance(e, Ellipse):
        unit = shapely.Point(e.cx, e.cy).buffer(1.0, quad_segs=32)
        return affinity.scale(unit, e.rx, e.ry)
    return shapely.make_valid(shapely.Polygon(e.points))


def shape_ink(e: Box | Ellipse | Polygon, order: int) -> Ink | None:
    """Return what a shape paints (fill and stroke band), None when it paints nothing."""
    painted = _shape_painted(e)
    return Ink(order, e, painted) if painted is not None else None


@lru_cache(maxsize=8192)
def _painted(e: Box | Ellipse | Polygon) -> Painted | None:
    """Return a shape's painted area and the inside text may sit on, once per shape: faces
    repeat their frames, bands and rings. A box's shapes wait until a text comes near it."""
    paint: Paint = e.paint
    stroke = paint.stroke_width if paint.stroke else 0.0
    if isinstance(e, Box) and e.w > 0 and e.h > 0 and (paint.fill or stroke > 0):
        # The stroke's mitred corners reach a hair past half its width round a curve.
        grow = stroke * 0.55 + 1e-6
        return Painted(make=lambda: _box_shapes(e, stroke), inner=_inner_rects(e, stroke),
                       filled=bool(paint.fill),
                       box=(e.x - grow, e.y - grow, e.x + e.w + grow, e.y + e.h + grow))
    shapes = _shapes(e, stroke)
    if shapes is None:
        return None
    return _with_box(Painted(*shapes, filled=bool(paint.fill)))


def _box_shapes(e: Box, stroke: float) -> tuple[Geometry, Geometry | None]:
    """Return what a box that paints paints, and its inside (nothing for a box whose round
    corners shapely cannot draw: a radius of a hair)."""
    return _shapes(e, stroke) or _nothing()


def _shapes(e: Box | Ellipse | Polygon, stroke: float
            ) -> tuple[Geometry, Geometry | None] | None:
    """Return what a shape paints and its inside, None when it paints nothing."""
    import shapely

    paint: Paint = e.paint
    if isinstance(e, Polygon) and (not e.closed or len(e.points) < 3):
        if stroke <= 0 or len(e.points) < 2:
            return None
        cap = CAPS.get(paint.cap, "flat")
        band = shapely.LineString(e.points).buffer(stroke / 2, cap_style=cap, join_style="mitre")
        return band, None
    region = _region(e)
    if region.is_empty or not (paint.fill or stroke > 0):
        return None
    parts = [region] if paint.fill else []
    if stroke > 0:
        parts.append(region.boundary.buffer(stroke / 2, join_style="mitre"))
    inside = None
    if paint.fill:
        inside = region.buffer(-stroke / 2, join_style="mitre") if stroke > 0 else region
    return shapely.union_all(parts), inside


_shape_painted = ByIdentity(_painted)
"""A shape's ink by the shape itself (faces share their frames), else by its values."""


def _with_box(painted: Painted) -> Painted:
    area = painted.area
    painted.box = None if area.is_empty else tuple(area.bounds)
    return painted


def _inner_rects(e: Box, stroke: float) -> tuple[Rect, ...]:
    """Return two rectangles (a cross) inside a box's stroke: what it fills, or the hole a
    frame leaves. A hair in from the exact edge: a round corner is drawn as short chords,
    a little inside its arc."""
    r = min(e.radius, e.w / 2, e.h / 2)
    edge = stroke / 2 + 0.01 * (stroke + r) + 1e-6
    x0, y0, x1, y1 = e.x + edge, e.y + edge, e.x + e.w - edge, e.y + e.h - edge
    if x0 >= x1 or y0 >= y1:
        return ()
    if r <= SQUARE:
        return ((x0, y0, x1, y1),)
    # Each arm of the cross clear of the round corners, and of the stroke where the corners
    # are rounder on the outside than half its width (inside, the corner is then square).
    corner = r + 1e-6
    top, bottom = max(y0, e.y + corner), min(y1, e.y + e.h - corner)
    left, right = max(x0, e.x + corner), min(x1, e.x + e.w - corner)
    return tuple(rect for rect in ((x0, top, x1, bottom), (left, y0, right, y1))
                 if rect[0] < rect[2] and rect[1] < rect[3])


def _nothing() -> tuple[Geometry, None]:
    import shapely

    return shapely.Polygon(), None


def element_inks(elements: Iterable[Element], start: int = 0) -> list[Ink]:
    """Return the ink of every drawn element, groups opened, in drawing order (counted from
    ``start``); a backdrop group counts as the face's background."""
    out: list[Ink] = []
    _add_inks(elements, start, out)
    return out


def _add_inks(elements: Iterable[Element], start: int, out: list[Ink]) -> None:
    """Append the ink of each element to ``out``, opening groups."""
    # A function of its own, not a closure calling itself: that closure and the list it
    # fills would hold each other, and only the cycle collector would free them.
    for e in elements:
        if isinstance(e, Group):
            if not e.backdrop:
                _add_inks(e.elements, start, out)
            continue
        order = start + len(out)
        ink: Ink | None
        if isinstance(e, Text):
            ink = Ink(order, e, _text_painted(e))
        elif isinstance(e, Image):
            import shapely

            x, y, w, h = e.placed()
            area = shapely.box(x, y, x + w, y + h)
            if e.fit == "cover":
                area = area.intersection(shapely.box(e.x, e.y, e.x + e.w, e.y + e.h))
            ink = Ink(order, e, _with_box(Painted(area)))
        elif isinstance(e, Icon):
            import shapely

            area = shapely.box(e.x, e.y, e.x + e.size, e.y + e.size)
            ink = Ink(order, e, _with_box(Painted(area)))
        else:
            ink = shape_ink(e, order)
        # Every element keeps its place, painted or not: the order is the index.
        out.append(ink if ink is not None else Ink(order, e, Painted(make=_nothing)))


# --- the cut ------------------------------------------------------------------------------------


def cut_outline(face: Face) -> Geometry:
    """Return the outline the face is cut along: its trim, or its round or hex counter."""
    return _cut(face.shape, face.width, face.height)


@lru_cache(maxsize=256)
def _cut(shape: str, w: float, h: float) -> Geometry:
    import math

    import shapely

    if shape == "round":
        return shapely.Point(w / 2, h / 2).buffer(min(w, h) / 2, quad_segs=64)
    if shape == "hex":  # flat-topped: corners left and right, as the cut line is drawn
        r = w / 2
        return shapely.Polygon([(w / 2 + r * math.cos(math.radians(60 * k)),
                                 h / 2 + r * math.sin(math.radians(60 * k))) for k in range(6)])
    return shapely.box(0.0, 0.0, w, h)


@lru_cache(maxsize=256)
def keep_zone(shape: str, w: float, h: float, margin: float) -> Geometry:
    """Return where text keeps: ``margin`` mm inside the cut (worked out once per size)."""
    cut = _cut(shape, w, h)
    return cut.buffer(-margin, join_style="mitre") if margin > 0 else cut
