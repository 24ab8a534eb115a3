"""The ink-saver version of a face: grayscale, no full-bleed background, light fills.

Fills keep a pale gray of their lightness, so boxes and bands stay visible; strokes and text
turn gray by lightness, and light text (white on a dark band) turns black, as the band it
sat on is now pale. Pictures are drawn in grayscale at their full strength: they are the
content of the face, so they are not washed out like fills.
"""

from __future__ import annotations

from dataclasses import replace

from .model import Box, Element, Ellipse, Face, Group, Image, Line, Paint, Polygon, Run, Text

FILL_STRENGTH = 0.25
"""How much of a fill's darkness is kept."""


def _luma(colour: str) -> float:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _gray(level: float) -> str:
    v = max(0, min(255, round(level)))
    return f"#{v:02x}{v:02x}{v:02x}"


def _fill(colour: str | None) -> str | None:
    if colour is None:
        return None
    return _gray(255 - (255 - _luma(colour)) * FILL_STRENGTH)


def _ink(colour: str | None) -> str | None:
    return None if colour is None else _gray(_luma(colour))


def _paint(p: Paint) -> Paint:
    return replace(p, fill=_fill(p.fill), stroke=_ink(p.stroke))


def _text_colour(colour: str) -> str:
    return "#000000" if _luma(colour) > 200 else _gray(min(_luma(colour), 90))


def _element(e: Element) -> Element:
    if isinstance(e, Box | Ellipse | Polygon):
        return replace(e, paint=_paint(e.paint))
    if isinstance(e, Text):
        lines = tuple(Line(line.baseline, tuple(
            Run(r.x, r.text, r.font, r.size, _text_colour(r.colour), r.width, r.icon)
            for r in line.runs)) for line in e.lines)
        return replace(e, lines=lines)
    if isinstance(e, Image):
        return replace(e, grayscale=True)
    if isinstance(e, Group):
        return replace(e, elements=tuple(_element(child) for child in e.elements))
    return e


def ink_saver(face: Face) -> Face:
    """Return ``face`` for printing with little ink."""
    return replace(face, background=None, elements=tuple(_element(e) for e in face.elements))
