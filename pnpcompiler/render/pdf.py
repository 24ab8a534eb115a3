"""Draw resolved faces on a reportlab canvas, in millimetres from the page's top-left corner."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from ..layout.model import Box, Ellipse, Face, Group, Icon, Image, Paint, Polygon, Text
from ..layout.text import PT_PER_MM, register_fonts

K = PT_PER_MM
CAPS = {"butt": 0, "round": 1, "square": 2}
MOST_REPEATED = 65_536
"""Elements whose drawing a document keeps to repeat, at most (then it starts again)."""

Drawings = dict[tuple[int, str], tuple[Any, list[str], str]]
"""An element's PDF operators drawn at its face's corner, by the element's ``id`` and the
line cap in force before it: (the element, the operators, the line cap after them)."""
_DRAWINGS: WeakKeyDictionary[Any, Drawings] = WeakKeyDictionary()
"""Each canvas's drawings: font subsets and their names belong to one document."""


@lru_cache(maxsize=1024)
def colour(value: str) -> Any:
    """Return reportlab's colour for ``value``, parsed once: a kit repeats a few colours."""
    from reportlab.lib.colors import toColor

    return toColor(value)


def picture(path: str, digest: str, grayscale: bool) -> Any:
    """Return reportlab's reader for a picture file, read once per run and version of the
    file (path, time and size)."""
    from ..content.assets import file_version

    return _picture(path, *file_version(path), digest, grayscale)


@lru_cache(maxsize=16)
def _picture(path: str, mtime_ns: int, size: int, digest: str, grayscale: bool) -> Any:
    from reportlab.lib.utils import ImageReader

    from ..content.assets import picture_bytes

    data, _ = picture_bytes(path, digest, grayscale)
    # A JPEG stays a JPEG in the PDF (reportlab embeds its bytes as they are).
    return ImageReader(io.BytesIO(data))


def new_canvas(buffer: Any, **options: Any) -> Any:
    """Return a reportlab canvas writing to ``buffer`` the way every PDF of a kit is written:
    reproducible (no dates or random ids), compressed, and with binary streams rather than
    reportlab's default ASCII85 text (a seventh smaller)."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0
    return Canvas(buffer, invariant=1, pageCompression=1, **options)


class PageDraw:
    """Drawing on one page of a canvas with top-left millimetre coordinates."""

    def __init__(self, canvas: Any, page_height_mm: float) -> None:
        register_fonts()
        self.c = canvas
        self.top = page_height_mm * K
        # Caps are set only when they change: card faces never leave butt, the PDF default.
        self.cap = "butt"

    def x(self, mm: float) -> float:
        return mm * K

    def y(self, mm: float) -> float:
        return self.top - mm * K

    def paint(self, paint: Paint) -> tuple[bool, bool]:
        c = self.c
        if paint.fill:
            c.setFillColor(colour(paint.fill))
        if paint.stroke:
            c.setStrokeColor(colour(paint.stroke))
            c.setLineWidth(paint.stroke_width * K)
            c.setDash([d * K for d in paint.dash] if paint.dash else [])
            if paint.cap != self.cap:
                c.setLineCap(CAPS.get(paint.cap, 0))
                self.cap = paint.cap
        return bool(paint.fill), bool(paint.stroke)

    def face(self, face: Face, ox: float, oy: float, *, clip: bool = True,
             background: bool = True) -> None:
        """Draw ``face`` with its trim's top-left corner at (ox, oy) mm."""
        c = self.c
        c.saveState()
        cap = self.cap
        b = face.bleed
        if clip:
            path = c.beginPath()
            path.rect(self.x(ox - b), self.y(oy + face.height + b), (face.width + 2 * b) * K,
                      (face.height + 2 * b) * K)
            c.clipPath(path, stroke=0, fill=0)
        if face.background and background:
            c.setFillColor(colour(face.background))
            c.rect(self.x(ox - b), self.y(oy + face.height + b), (face.width + 2 * b) * K,
                   (face.height + 2 * b) * K, stroke=0, fill=1)
        for element in face.elements:
            self.element(element, ox, oy)
        c.restoreState()
        self.cap = cap

    def face_repeated(self, face: Face, ox: float, oy: float) -> None:
        """Draw ``face`` (unclipped: its cell clips it) with its trim's top-left corner at
        (ox, oy) mm, from its own corner moved into place, so that an element many faces
        share (a frame, rules text) is drawn once per document and its operators repeated."""
        c = self.c
        c.saveState()
        cap = self.cap
        b = face.bleed
        if face.background:
            c.setFillColor(colour(face.background))
            c.rect(self.x(ox - b), self.y(oy + face.height + b), (face.width + 2 * b) * K,
                   (face.height + 2 * b) * K, stroke=0, fill=1)
        c.translate(self.x(ox), self.y(oy))
        local = PageDraw(c, 0.0)
        local.cap = cap
        drawings = _DRAWINGS.setdefault(c, {})
        for element in face.elements:
            local.repeat(element, drawings)
        c.restoreState()
        self.cap = cap

    def repeat(self, e: Any, drawings: Drawings) -> None:
        """Draw ``e`` at the origin, repeating its operators when the document has drawn it
        before from the same line cap."""
        if not _repeatable(e):
            self.element(e, 0.0, 0.0)
            return
        # The canvas's operator list: what drawing the element appended is what repeats.
        code: list[str] = self.c._code
        key = (id(e), self.cap)
        known = drawings.get(key)
        if known is not None and known[0] is e:
            code.extend(known[1])
            self.cap = known[2]
            return
        start = len(code)
        self.element(e, 0.0, 0.0)
        if len(drawings) >= MOST_REPEATED:
            drawings.clear()
        drawings[key] = (e, code[start:], self.cap)

    def element(self, e: Any, ox: float, oy: float) -> None:
        c = self.c
        if isinstance(e, Box):
            fill, stroke = self.paint(e.paint)
            if fill or stroke:
                if e.radius > 0:
                    c.roundRect(self.x(ox + e.x), self.y(oy + e.y + e.h), e.w * K, e.h * K,
                                e.radius * K, stroke=int(stroke), fill=int(fill))
                else:
                    c.rect(self.x(ox + e.x), self.y(oy + e.y + e.h), e.w * K, e.h * K,
                           stroke=int(stroke), fill=int(fill))
        elif isinstance(e, Ellipse):
            fill, stroke = self.paint(e.paint)
            if fill or stroke:
                # A closed path: reportlab's own ellipse leaves it open, and a thick ring
                # then shows a notch where the outline starts and ends.
                path = c.beginPath()
                path.ellipse(self.x(ox + e.cx - e.rx), self.y(oy + e.cy + e.ry), 2 * e.rx * K,
                             2 * e.ry * K)
                path.close()
                c.drawPath(path, stroke=int(stroke), fill=int(fill))
        elif isinstance(e, Polygon):
            fill, stroke = self.paint(e.paint)
            if (fill and e.closed) or stroke:
                path = c.beginPath()
                (x0, y0), *rest = e.points
                path.moveTo(self.x(ox + x0), self.y(oy + y0))
                for px, py in rest:
                    path.lineTo(self.x(ox + px), self.y(oy + py))
                if e.closed:
                    path.close()
                c.drawPath(path, stroke=int(stroke), fill=int(fill and e.closed))
        elif isinstance(e, Text):
            self.text(e, ox, oy)
        elif isinstance(e, Image):
            self.image(e, ox, oy)
        elif isinstance(e, Group):
            for child in e.elements:
                self.element(child, ox, oy)
        elif isinstance(e, Icon):  # icons are expanded at layout time; nothing left to draw
            return

    def text(self, e: Text, ox: float, oy: float) -> None:
        """Draw fitted text, clipped to its box when it did not fit."""
        c = self.c
        if e.clip:
            c.saveState()
            path = c.beginPath()
            path.rect(self.x(ox + e.x), self.y(oy + e.y + e.h), e.w * K, e.h * K)
            c.clipPath(path, stroke=0, fill=0)
        for line in e.lines:
            for run in line.runs:
                if run.icon or not run.text:
                    continue
                c.setFillColor(colour(run.colour))
                c.setFont(run.font, run.size)
                draw_string(c, self.x(ox + e.x + run.x), self.y(oy + e.y + line.baseline),
                            run.text)
        if e.clip:
            c.restoreState()

    def image(self, e: Image, ox: float, oy: float) -> None:
        """Draw a picture fitted to its box (clipped to it for ``cover``)."""
        if e.w <= 0 or e.h <= 0:
            return
        reader = picture(e.path, e.digest, e.grayscale)
        c = self.c
        x, y, w, h = e.placed()
        clip = e.fit == "cover"
        if clip:
            c.saveState()
            path = c.beginPath()
            path.rect(self.x(ox + e.x), self.y(oy + e.y + e.h), e.w * K, e.h * K)
            c.clipPath(path, stroke=0, fill=0)
        c.drawImage(reader, self.x(ox + x), self.y(oy + y + h), w * K, h * K, mask="auto")
        if clip:
            c.restoreState()


def draw_string(canvas: Any, x: float, y: float, text: str) -> None:
    """Draw ``text`` from (x, y) in the canvas's font, as ``canvas.drawString`` does: in a
    TrueType font (every font a kit embeds) its operators are written here, the same text."""
    from reportlab.lib.rl_accel import escapePDF, fp_str
    from reportlab.pdfbase.pdfmetrics import getFont

    font = getFont(canvas._fontname)
    if not font._dynamicFont or not canvas.bottomup:
        canvas.drawString(x, y, text)
        return
    # reportlab would make a text object, measure the string it does not need and join the
    # same operators: a card's own texts (its title, its mark) are drawn this way by the
    # thousand. Each run of the text in one subset of the font is shown in that subset.
    doc = canvas._doc
    size = f"{fp_str(canvas._fontsize)} Tf {fp_str(canvas._leading)} TL"
    shown = []
    subset_now = -1
    for subset, chunk in font.splitString(text, doc):
        if subset != subset_now:
            shown.append(f"{font.getSubsetInternalName(subset, doc)} {size}")
            subset_now = subset
        shown.append(f"({escapePDF(chunk)}) Tj")
    canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(shown)} T* ET")


def _repeatable(e: Any) -> bool:
    """Return whether an element's operators stand alone: a picture also names its image
    among the page's resources, which repeating the operators would not."""
    if isinstance(e, Group):
        return all(_repeatable(child) for child in e.elements)
    return not isinstance(e, Image)
