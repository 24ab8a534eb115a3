"""The resolved layout model: what a face looks like, in millimetres, ready to draw.

Templates produce it; the PDF and SVG renderers only read it, so the two outputs cannot drift.
Coordinates are millimetres from the top-left corner of the trim box, y growing downward (as
in SVG); the bleed extends ``bleed`` beyond each edge.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Paint:
    """Fill and stroke of a shape; ``None`` means not painted."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3
    dash: tuple[float, ...] = ()
    cap: str = "butt"
    """Line ends: ``butt``, ``round`` or ``square``."""


@dataclass(frozen=True)
class Box:
    """A rectangle, optionally with rounded corners."""

    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0


@dataclass(frozen=True)
class Ellipse:
    """A circle or ellipse given by its centre and radii."""

    cx: float
    cy: float
    rx: float
    ry: float
    paint: Paint


@dataclass(frozen=True)
class Polygon:
    """A closed polygon, or an open polyline when ``closed`` is false."""

    points: tuple[tuple[float, float], ...]
    paint: Paint
    closed: bool = True


@dataclass(frozen=True)
class Run:
    """A piece of a text line in one font: text, or an icon when ``icon`` is set."""

    x: float
    """Offset from the line's left edge."""
    text: str
    font: str
    size: float
    colour: str
    width: float
    icon: str | None = None


@dataclass(frozen=True)
class Line:
    """One line of fitted text: its baseline and its runs."""

    baseline: float
    """Offset from the text box's top."""
    runs: tuple[Run, ...]


@dataclass(frozen=True)
class Text:
    """Text fitted into a box: the lines are already broken and sized."""

    x: float
    y: float
    w: float
    h: float
    lines: tuple[Line, ...]
    size: float
    """The font size the text was fitted at."""
    clip: bool = False
    """Drawn clipped to its box: the text did not fit it, and never prints past it."""


@dataclass(frozen=True)
class Icon:
    """An icon drawn in a square box."""

    name: str
    x: float
    y: float
    size: float
    colour: str | None = None
    """The icon's main colour, passed to its template as ``colour``."""


@dataclass(frozen=True)
class Image:
    """A PNG or JPEG picture from the game's folder, fitted into a box.

    The picture is named by its resolved path and the SHA-256 of its bytes, so a face that
    shows another picture (or the same file changed) is another face.
    """

    path: str
    """The file, resolved inside the game's content folder (absolute)."""
    digest: str
    """SHA-256 (hex) of the file's bytes."""
    format: str
    """``png`` or ``jpeg``, as read from the file's bytes."""
    pixels: tuple[int, int]
    """The picture's width and height in pixels."""
    x: float
    y: float
    w: float
    h: float
    fit: str = "contain"
    """``contain`` (all of it, centred, aspect kept), ``cover`` (fills the box, aspect kept,
    clipped to the box) or ``stretch`` (fills the box exactly)."""
    grayscale: bool = False
    """Drawn in shades of gray (the ink saver)."""

    def placed(self) -> tuple[float, float, float, float]:
        """Return where the picture itself lands: (x, y, w, h) in mm.

        Inside the box for ``contain``, over it for ``cover`` (the renderers clip to the
        box), the box itself for ``stretch``.
        """
        pw, ph = self.pixels
        if self.fit == "stretch" or pw <= 0 or ph <= 0 or self.w <= 0 or self.h <= 0:
            return self.x, self.y, self.w, self.h
        pick = max if self.fit == "cover" else min
        scale = pick(self.w / pw, self.h / ph)
        w, h = pw * scale, ph * scale
        return self.x + (self.w - w) / 2, self.y + (self.h - h) / 2, w, h


@dataclass(frozen=True)
class Group:
    """Elements drawn together under a name (an SVG ``<g id>``; the PDF just draws them)."""

    id: str
    elements: tuple[Element, ...]
    backdrop: bool = False
    """Art that text may be printed over, as labels are over a map's land, sea and borders:
    the check of a face's text does not count it."""


Element = Box | Ellipse | Polygon | Text | Icon | Image | Group


def leaves(element: Element) -> Iterator[Element]:
    """Yield the drawn elements of an element: itself, or every element inside a group."""
    if isinstance(element, Group):
        for child in element.elements:
            yield from leaves(child)
    else:
        yield element


@dataclass(frozen=True)
class Overflow:
    """Text that did not fit its box even at the minimum size."""

    field: str
    size: float
    needed: float
    """Height the text needs at the minimum size, in mm."""
    available: float


@dataclass(frozen=True)
class Face:
    """One printed side of an item: size, bleed, background and elements, in mm."""

    width: float
    height: float
    bleed: float
    background: str | None
    elements: tuple[Element, ...]
    overflows: tuple[Overflow, ...] = field(default=())
    shape: str = "rect"
    """``rect``, ``round`` or ``hex``: the cut line drawn for counters."""
    safe: float | None = None
    """How far inside the cut its text keeps, in mm, when the face sets its own margin (a
    small counter); the kit's margin when None."""


def scaled(e: Element, k: float, dx: float, dy: float) -> Element:
    """Return an element scaled by ``k`` about the origin, then moved by (dx, dy)."""

    def p(paint: Paint) -> Paint:
        return replace(paint, stroke_width=paint.stroke_width * k,
                       dash=tuple(d * k for d in paint.dash))

    if isinstance(e, Group):
        return Group(e.id, tuple(scaled(child, k, dx, dy) for child in e.elements))
    if isinstance(e, Box):
        return Box(e.x * k + dx, e.y * k + dy, e.w * k, e.h * k, p(e.paint), e.radius * k)
    if isinstance(e, Ellipse):
        return Ellipse(e.cx * k + dx, e.cy * k + dy, e.rx * k, e.ry * k, p(e.paint))
    if isinstance(e, Polygon):
        return Polygon(tuple((x * k + dx, y * k + dy) for x, y in e.points), p(e.paint),
                       e.closed)
    if isinstance(e, Image):
        return replace(e, x=e.x * k + dx, y=e.y * k + dy, w=e.w * k, h=e.h * k)
    if isinstance(e, Text):
        lines = tuple(Line(line.baseline * k, tuple(
            Run(r.x * k, r.text, r.font, r.size * k, r.colour, r.width * k, r.icon)
            for r in line.runs)) for line in e.lines)
        return Text(e.x * k + dx, e.y * k + dy, e.w * k, e.h * k, lines, e.size * k, e.clip)
    return Icon(e.name, e.x * k + dx, e.y * k + dy, e.size * k, e.colour)
