"""Check a resolved face for text that is not where it belongs: on art, past the cut, past
its own box.

Four kinds of clash, each about one text:

- ``layout.overlap``: its ink touches an element it does not sit on: another text, an icon,
  a ring, a line, a picture. Text *sits on* a shape when the shape is filled, drawn before the
  text, and holds all of the text's ink inside its outline (inside the stroke, clear of it):
  a card's header band, a table's shaded row, the white disc inside a ring. Of the shapes
  holding a text, the last drawn is the one it sits on; what was drawn before that is hidden
  under it where the text is, and only what was drawn after it can clash.
- ``layout.trim``: its ink crosses the cut (the trim, or a round or hex counter's outline).
- ``layout.safe``: its ink comes closer to the cut than the safe margin (the kit's, or the
  face's own for a small piece).
- ``text.overflow``: its lines run past its own box (it did not fit, and prints clipped).

Ink is measured glyph by glyph from the font's outlines (each glyph's bounding box, placed
where the renderers place it); shapes are taken as drawn, with shapely: a circle as a
circle, a stroke as a band of its width, an open line with its caps.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.findings import Finding, Location, error, warning
from ..core.identity import ByIdentity
from .model import Box, Element, Ellipse, Face, Group, Icon, Image, Paint, Polygon, Text
from .printables import Board
from .text import PT_PER_MM, plain, register_fonts

SAFE_MARGIN = 3.0
"""How far inside the cut text keeps, in mm, unless the kit or the face says otherwise."""
CLEARANCE = 0.2
"""The least gap, in mm, between a text's ink and anything it does not sit on."""
OVERLAP, TRIM, SAFE, OVERFLOW = "layout.overlap", "layout.trim", "layout.safe", "text.overflow"
ACROSS_SLACK = 1 / PT_PER_MM
"""How far a line may run past its box's side before it overflows: a point, as the fitting
allows."""
ASCENT, HEIGHT = 0.93, 1.16
"""A line's ascent and its height as shares of the size, as the fitting sets them."""

Geometry = Any
"""A shapely geometry."""


@dataclass(frozen=True)
class Clash:
    """Text found where it does not belong."""

    code: str
    text: Text
    message: str
    other: Element | None = None
    """The element it overlaps, for ``layout.overlap``."""


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
    return Painted(make=lambda: text_ink(t, whole_runs=True),
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
    paints (made when first asked for: a glance at its box clears most texts), its inside
    for text to sit on, its box, and rectangles inside its stroke that it fills (``filled``)
    or leaves bare."""

    def __init__(self, area: Geometry | None = None, inside: Geometry | None = None, *,
                 box: Rect | None = None, inner: tuple[Rect, ...] = (), filled: bool = False,
                 make: Callable[[], Geometry] | None = None) -> None:
        self._area = area
        self._make = make
        self.inside = inside
        self.box = box
        """The box round the ink, None when it paints nothing."""
        self.inner = inner
        self.filled = filled

    @property
    def area(self) -> Geometry:
        """Return where the element paints."""
        if self._area is None:
            assert self._make is not None
            self._area = self._make()
        return self._area


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


def _region(e: Box | Ellipse | Polygon) -> Geometry:
    """Return the region a closed shape outlines."""
    import shapely
    from shapely import affinity

    if isinstance(e, Box):
        r = min(e.radius, e.w / 2, e.h / 2)
        if r > 0:
            return shapely.box(e.x + r, e.y + r, e.x + e.w - r, e.y + e.h - r).buffer(r)
        return shapely.box(e.x, e.y, e.x + e.w, e.y + e.h)
    if isinstance(e, Ellipse):
        unit = shapely.Point(e.cx, e.cy).buffer(1.0, quad_segs=32)
        return affinity.scale(unit, e.rx, e.ry)
    return shapely.make_valid(shapely.Polygon(e.points))


def shape_ink(e: Box | Ellipse | Polygon, order: int) -> Ink | None:
    """Return what a shape paints (fill and stroke band), None when it paints nothing."""
    painted = _painted(e)
    return Ink(order, e, painted) if painted is not None else None


@lru_cache(maxsize=8192)
def _painted(e: Box | Ellipse | Polygon) -> Painted | None:
    """Return a shape's painted area and the inside text may sit on, once per shape: faces
    repeat their frames, bands and rings."""
    import shapely

    paint: Paint = e.paint
    stroke = paint.stroke_width if paint.stroke else 0.0
    if isinstance(e, Polygon) and (not e.closed or len(e.points) < 3):
        if stroke <= 0 or len(e.points) < 2:
            return None
        cap = CAPS.get(paint.cap, "flat")
        band = shapely.LineString(e.points).buffer(stroke / 2, cap_style=cap, join_style="mitre")
        return _with_box(Painted(band))
    region = _region(e)
    if region.is_empty or not (paint.fill or stroke > 0):
        return None
    parts = [region] if paint.fill else []
    if stroke > 0:
        parts.append(region.boundary.buffer(stroke / 2, join_style="mitre"))
    inside = None
    if paint.fill:
        inside = region.buffer(-stroke / 2, join_style="mitre") if stroke > 0 else region
    inner = _inner_rects(e, stroke) if isinstance(e, Box) else ()
    return _with_box(Painted(shapely.union_all(parts), inside, inner=inner,
                             filled=bool(paint.fill)))


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
    if r <= 0:
        return ((x0, y0, x1, y1),)
    corner = r + 1e-6
    return ((x0, e.y + corner, x1, e.y + e.h - corner),
            (e.x + corner, y0, e.x + e.w - corner, y1))


def element_inks(elements: Iterable[Element], start: int = 0) -> list[Ink]:
    """Return the ink of every drawn element, groups opened, in drawing order (counted from
    ``start``); a backdrop group counts as the face's background."""
    import shapely

    out: list[Ink] = []

    def walk(items: Iterable[Element]) -> None:
        for e in items:
            if isinstance(e, Group):
                if not e.backdrop:
                    walk(e.elements)
                continue
            order = start + len(out)
            ink: Ink | None
            if isinstance(e, Text):
                ink = Ink(order, e, _text_painted(e))
            elif isinstance(e, Image):
                x, y, w, h = e.placed()
                area = shapely.box(x, y, x + w, y + h)
                if e.fit == "cover":
                    area = area.intersection(shapely.box(e.x, e.y, e.x + e.w, e.y + e.h))
                ink = Ink(order, e, _with_box(Painted(area)))
            elif isinstance(e, Icon):
                area = shapely.box(e.x, e.y, e.x + e.size, e.y + e.size)
                ink = Ink(order, e, _with_box(Painted(area)))
            else:
                ink = shape_ink(e, order)
            # Every element keeps its place, painted or not: the order is the index.
            out.append(ink if ink is not None else Ink(order, e, Painted(shapely.Polygon())))

    walk(elements)
    return out


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
def _safe_zone(shape: str, w: float, h: float, margin: float) -> Geometry:
    """Return where text keeps: ``margin`` mm inside the cut (worked out once per size)."""
    cut = _cut(shape, w, h)
    return cut.buffer(-margin, join_style="mitre") if margin > 0 else cut


# --- the check ----------------------------------------------------------------------------------


def exact(ink: Ink) -> Geometry:
    """Return an element's exact ink: glyph by glyph for a text (its ``area`` holds each
    run's box round its glyphs, which is enough to clear most texts)."""
    return text_ink(ink.element) if isinstance(ink.element, Text) else ink.area


def check_face(face: Face, *, safe: float = SAFE_MARGIN, clearance: float = CLEARANCE,
               name: Callable[[Element], str] | None = None) -> list[Clash]:
    """Return every clash of a face's text, in drawing order; ``safe`` is the kit's margin
    (the face's own wins), ``name`` says how to name another element in a message."""
    import shapely

    inks = element_inks(face.elements)
    trees: list[Any] = []

    def tree() -> Any:
        if not trees:
            trees.append(shapely.STRtree([ink.area for ink in inks]))
        return trees[0]

    margin = face.safe if face.safe is not None else safe
    describe = name or describe_element
    clashes: list[Clash] = []
    for ink in inks:
        t = ink.element
        if not isinstance(t, Text):
            continue
        if overflows(t):
            clashes.append(_overflow(t))
        if ink.painted.box is None:
            continue
        if not _clear_at_a_glance(ink, inks, clearance):
            clashes += _overlaps(ink, inks, tree(), clearance, describe)
        if _safe_at_a_glance(face, ink.painted.box, margin):
            continue
        cut = cut_outline(face)
        safe_zone = _safe_zone(face.shape, face.width, face.height, margin)
        if safe_zone.contains(ink.area):
            continue
        area = exact(ink)
        if not cut.contains(area):
            clashes.append(Clash(TRIM, t, f"{words(t)} at {_at(area)} crosses the cut line of "
                                 f"the {face.width:g} x {face.height:g} mm {_shape_name(face)}:"
                                 " part of it would be cut off"))
        elif not safe_zone.contains(area):
            gap = area.distance(cut.boundary)
            clashes.append(Clash(SAFE, t, f"{words(t)} at {_at(area)} comes {gap:.1f} mm from "
                                 f"the cut; text keeps {margin:g} mm inside it"))
    return clashes


def _safe_at_a_glance(face: Face, box: Rect, margin: float) -> bool:
    """Return whether a text's box lies inside a rectangular face's safe zone."""
    m = max(margin, 0.0)
    return (face.shape == "rect" and box[0] >= m and box[1] >= m
            and box[2] <= face.width - m and box[3] <= face.height - m)


def _clear_at_a_glance(ink: Ink, inks: list[Ink], clearance: float) -> bool:
    """Return whether a text plainly meets nothing, by boxes alone: every element whose box
    reaches the text's (grown by the clearance) leaves a bare hole round it, or holds it
    and was drawn before it, or is a text drawn before it (which reports the pair), or lies
    under a shape that holds it. Else the exact check decides."""
    box = ink.painted.box
    assert box is not None
    x0, y0, x1, y1 = box[0] - clearance, box[1] - clearance, box[2] + clearance, \
        box[3] + clearance
    holder = -1
    met: list[Ink] = []
    for other in inks:
        theirs = other.painted.box
        if (other.order == ink.order or theirs is None or theirs[0] > x1 or theirs[2] < x0
                or theirs[1] > y1 or theirs[3] < y0):
            continue
        within = any(a <= x0 and b <= y0 and x1 <= c and y1 <= d
                     for a, b, c, d in other.painted.inner)
        if within and not other.painted.filled:
            continue  # in a frame's bare hole
        if within and other.order < ink.order:
            holder = max(holder, other.order)
            continue
        met.append(other)
    return all(o.order <= holder or (isinstance(o.element, Text) and o.order < ink.order)
               for o in met)


def _overlaps(ink: Ink, inks: list[Ink], tree: Any, clearance: float,
              describe: Callable[[Element], str]) -> Iterator[Clash]:
    """Yield a clash for each element a text's ink touches and does not sit on."""
    t = ink.element
    assert isinstance(t, Text)
    for other in _met(ink, inks, tree, clearance, earlier_texts=False):
        area = exact(ink)
        yield Clash(OVERLAP, t, f"{words(t)} at {_at(area)} {_how(ink, area, other)} "
                    f"{describe(other.element)}", other.element)


def _met(ink: Ink, inks: list[Ink], tree: Any, clearance: float, *,
         earlier_texts: bool) -> list[Ink]:
    """Return the elements a text touches and does not sit on; texts drawn before it only
    with ``earlier_texts`` (else the earlier one reports)."""
    import shapely

    t = ink.element
    assert isinstance(t, Text)
    # The ink's box grown by the clearance: it holds the exact zone below, so it finds every
    # element that zone can meet, at a fraction of a buffer's cost.
    x0, y0, x1, y1 = ink.area.bounds
    rough = shapely.box(x0 - clearance, y0 - clearance, x1 + clearance, y1 + clearance)
    near = [inks[i] for i in sorted(tree.query(rough)) if inks[i].order != ink.order]
    near = [other for other in near if other.area.intersects(rough)]
    # Each run's box round its glyphs clears most texts: on their panel, touching nothing.
    holds = max((o.order for o in near if o.order < ink.order and o.inside is not None
                 and o.inside.contains(rough)), default=-1)
    if all(o.order <= holds or (isinstance(o.element, Text) and o.order < ink.order
                                and not earlier_texts) for o in near):
        return []
    zone = exact(ink).buffer(clearance)
    holder = max((o.order for o in near if o.order < ink.order and o.inside is not None
                  and o.inside.contains(zone)), default=-1)
    own = _own_icons(t)
    met = []
    for other in near:
        if other.order <= holder:
            continue  # under the shape the text sits on
        if isinstance(other.element, Text) and other.order < ink.order and not earlier_texts:
            continue
        if own is not None and own.contains(other.area):
            continue  # an icon set inside the text's own line
        if exact(other).intersects(zone):
            met.append(other)
    return met


class Scene:
    """What a drawing holds so far, to put each label where it meets nothing, by the rules
    of the check: a label may sit on a filled shape that holds it, and touches nothing else."""

    def __init__(self, elements: Iterable[Element] = (), clearance: float = CLEARANCE) -> None:
        self.inks: list[Ink] = []
        self.clearance = clearance
        self.tree: Any = None
        self.add(*elements)

    def add(self, *elements: Element) -> None:
        """Draw ``elements`` on top of what is there."""
        self.inks += element_inks(elements, start=len(self.inks))
        self.tree = None

    def clear(self, elements: Sequence[Element]) -> bool:
        """Return whether ``elements``, drawn on top now, meet nothing: their text touches
        only what it sits on, and their shapes cover no text."""
        import shapely

        inks = self.inks
        if self.tree is None:
            self.tree = shapely.STRtree([ink.area for ink in inks])
        for ink in element_inks(elements, start=len(inks)):
            if ink.painted.box is None:
                continue
            if isinstance(ink.element, Text):
                if _met(ink, inks, self.tree, self.clearance, earlier_texts=True):
                    return False
                continue
            zone = ink.area.buffer(self.clearance)
            if any(isinstance(inks[i].element, Text) and exact(inks[i]).intersects(zone)
                   for i in self.tree.query(zone)):
                return False
        return True

    def place(self, candidates: Iterable[Sequence[Element]]) -> Sequence[Element]:
        """Draw the first of ``candidates`` that is clear (the first when none is: the check
        then reports it) and return it."""
        options = list(candidates)
        chosen = next((c for c in options if self.clear(c)), options[0])
        self.add(*chosen)
        return chosen


def _how(ink: Ink, area: Geometry, other: Ink) -> str:
    """Return how a text's ink meets another element: too close, across it, under it."""
    theirs = exact(other)
    if other.inside is not None and other.inside.contains(area):
        return f"comes {area.distance(other.inside.boundary):.2f} mm from the edge of"
    if not area.intersects(theirs):
        return f"comes {area.distance(theirs):.2f} mm from"
    return "is covered by" if other.order > ink.order else "runs into"


def _own_icons(t: Text) -> Geometry | None:
    """Return the squares of the icons set inside a text's lines (its own, not a clash)."""
    import shapely

    squares = [shapely.box(t.x + run.x, t.y + line.baseline - run.width * 0.78,
                           t.x + run.x + run.width, t.y + line.baseline + run.width * 0.22)
               for line in t.lines for run in line.runs if run.icon]
    return shapely.union_all(squares).buffer(0.05) if squares else None


def shortfall(t: Text) -> str:
    """Return what a text that does not fit its box needs: ``it needs 26.6 mm of height``."""
    across, down = overrun(t)
    needs = []
    if down > 0.01:
        needs.append(f"{t.h + down:.1f} mm of height")
    if across > ACROSS_SLACK:
        needs.append(f"{t.w + across:.1f} mm of width (a word longer than the line)")
    return "it needs " + " and ".join(needs) if needs else "it fits"


def _overflow(t: Text) -> Clash:
    return Clash(OVERFLOW, t, f"{words(t)} does not fit its {t.w:.1f} x {t.h:.1f} mm box at "
                 f"{t.size:g} pt: {shortfall(t)}; it prints cut off at the box")


# --- findings -----------------------------------------------------------------------------------


def clash_findings(clashes: list[Clash], about: str,
                   where: Callable[[Text], Location | None] = lambda t: None, *,
                   reported: Callable[[Text], bool] = lambda t: False) -> list[Finding]:
    """Return clashes as findings: a text that does not fit is an error (unless ``reported``
    says its fitting already reported it), the others are warnings. Each names ``about``
    (the item and its template, the sheet's page, the board) and sits where ``where`` says
    its text was written."""
    out = []
    for clash in clashes:
        if clash.code == OVERFLOW:
            if not reported(clash.text):
                out.append(error(OVERFLOW, f"{about}: {clash.message}", where(clash.text)))
            continue
        out.append(warning(clash.code, f"{about}: {clash.message}", where(clash.text)))
    return out


def board_findings(board: Board, safe: float = SAFE_MARGIN) -> list[Finding]:
    """Return what the check of a board's text finds (a board is drawn by code: its
    findings name the board, not a line)."""
    return clash_findings(check_face(board.face, safe=safe), f"board {board.name!r}")


# --- words for messages -------------------------------------------------------------------------


def printed(t: Text) -> str:
    """Return the words a text prints, its lines joined with ' / '."""
    return " / ".join("".join(run.text for run in line.runs).strip() for line in t.lines)


def words(t: Text) -> str:
    """Return how a message names a text: its first words, quoted."""
    shown = plain(printed(t))
    return f"text {shown[:40] + ('...' if len(shown) > 40 else '')!r}"


def _at(area: Geometry) -> str:
    x0, y0, _, _ = area.bounds
    return f"({x0:.1f}, {y0:.1f}) mm"


def _shape_name(face: Face) -> str:
    return {"round": "round counter", "hex": "hex counter"}.get(face.shape, "face")


def describe_element(e: Element) -> str:
    """Return a short description of an element and where it is, for messages."""
    if isinstance(e, Text):
        return f"{words(e)} at ({e.x:.1f}, {e.y:.1f}) mm"
    if isinstance(e, Ellipse):
        ring = " ring" if e.paint.stroke else ""
        if abs(e.rx - e.ry) < 1e-6:
            return f"the{ring} circle at ({e.cx:.1f}, {e.cy:.1f}) mm, radius {e.rx:.1f} mm"
        return f"the{ring} ellipse at ({e.cx:.1f}, {e.cy:.1f}) mm"
    if isinstance(e, Box):
        return f"the box at ({e.x:.1f}, {e.y:.1f}) mm, {e.w:.1f} x {e.h:.1f} mm"
    if isinstance(e, Polygon):
        (x, y), kind = e.points[0], "shape" if e.closed else "line"
        return f"the {kind} from ({x:.1f}, {y:.1f}) mm"
    if isinstance(e, Image):
        return f"the picture at ({e.x:.1f}, {e.y:.1f}) mm"
    if isinstance(e, Icon):
        return f"the icon {e.name!r} at ({e.x:.1f}, {e.y:.1f}) mm"
    return f"the group {e.id!r}"
