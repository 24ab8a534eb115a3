"""A print shop's card PDF: one card a page, the page its bleed box, trim and bleed boxes set,
fonts embedded (the kit's fonts are TrueType, embedded as subsets), drawn colours in CMYK.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from ..layout.model import Face
from .pdf import K, PageDraw, new_canvas


def to_cmyk(value: Any) -> Any:
    """Return the CMYK colour for any colour (:func:`rgb_to_cmyk` of an RGB or gray one)."""
    from reportlab.lib.colors import CMYKColor, toColor

    parsed = toColor(value)
    if isinstance(parsed, CMYKColor):
        return parsed
    c, m, y, k = rgb_to_cmyk(parsed.red, parsed.green, parsed.blue)
    return CMYKColor(c, m, y, k, alpha=parsed.alpha)


def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """Return the CMYK (0 to 1) that prints an RGB colour (0 to 1) in the plain arithmetic
    model: black takes what the three inks share, and each ink the rest of its share of
    what black leaves, so that (1 - C)(1 - K) gives R back. (reportlab's ``rgb2cmyk`` takes
    black away without that scaling, and prints every dark colour browner and duller.)"""
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return 0.0, 0.0, 0.0, 1.0
    return ((1.0 - r - k) / (1.0 - k), (1.0 - g - k) / (1.0 - k), (1.0 - b - k) / (1.0 - k), k)


def cards_pdf(pages: Sequence[Face | None], trim: tuple[float, float], bleed: float, *,
              cmyk: bool) -> bytes:
    """Return a PDF of ``pages`` (None: a blank page), each ``trim`` mm plus ``bleed``."""
    from ..layout.text import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    # Vera as the page's first font: reportlab's own, Helvetica, is never embedded.
    canvas = new_canvas(buffer, enforceColorSpace=to_cmyk if cmyk else None,
                        initialFontName="Vera")
    w, h = trim
    page_w, page_h = w + 2 * bleed, h + 2 * bleed
    for face in pages:
        canvas.setPageSize((page_w * K, page_h * K))
        canvas.setBleedBox((0, 0, page_w * K, page_h * K))
        canvas.setTrimBox((bleed * K, bleed * K, (bleed + w) * K, (bleed + h) * K))
        if face is not None:
            PageDraw(canvas, page_h).face(face, bleed, bleed)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
