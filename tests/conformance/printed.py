"""A kit PDF read back page by page as the tests see it: each page's sheet marker
(``/PnpSheet``), its clips, the forms placed on it, its text and its content stream; and the
size each piece of its text prints at."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from tests.pdfs import content_stream, resources

PT = 72 / 25.4
MARKER = re.compile(r"/PnpSheet <</Sheet (\d+) /Side /(\w+) /Holds /(\w+)>> DP")
CLIP = re.compile(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n")
PLACED = re.compile(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*(/\S+) Do")
LABEL = re.compile(r"Sheet (\d+)(?:, (fronts|backs)(?: \([a-z]+-edge duplex\))?)?: ([^\n]+?)"
                   r"(?: \(one-sided\))?$", re.M)
"""A sheet's label: its number, which side (none where a one-sided sheet's label is written
short, ``Sheet 24: Tokens (one-sided)``, or on a folded sheet) and what it holds."""


@dataclass(frozen=True)
class Printed:
    """One page of a kit PDF as the tests read it back."""

    number: int
    size: tuple[float, float]
    sheet: int
    side: str
    holds: str
    clips: tuple[tuple[float, ...], ...]
    """Every clip rectangle on the page (x, y, w, h in mm, PDF coordinates)."""
    placed: tuple[tuple[float, ...], ...]
    """Every form placed on the page (a shared back), as the box it covers."""
    text: str
    content: str


def read_pages(path: Path) -> list[Printed]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path.read_bytes()))
    out = []
    for number, page in enumerate(reader.pages, start=1):
        content = content_stream(page)
        marker = MARKER.search(content)
        assert marker, f"{path.name} page {number} has no sheet marker"
        clips = tuple(tuple(round(float(v) / PT, 3) for v in m.groups())
                      for m in CLIP.finditer(content))
        forms = resources(page).get("/XObject", {})
        placed = []
        for m in PLACED.finditer(content):
            _, _, w, h = (float(v) for v in forms[m.group(3)]["/BBox"])
            placed.append((float(m.group(1)) / PT, float(m.group(2)) / PT, w / PT, h / PT))
        out.append(Printed(number, (float(page.mediabox.width) / PT,
                                    float(page.mediabox.height) / PT),
                           int(marker.group(1)), marker.group(2), marker.group(3), clips,
                           tuple(placed), page.extract_text() or "", content))
    return out


def turned_centre(box: tuple[float, ...], size: tuple[float, float], duplex: str
            ) -> tuple[float, float]:
    """Return where the centre of a box on a back lands on its front: turning a sheet over
    its long edge mirrors a portrait page left to right and a landscape one top to bottom."""
    x, y, w, h = box
    page_w, page_h = size
    if (duplex == "long") == (page_w < page_h):
        return (page_w - x - w / 2, y + h / 2)
    return (x + w / 2, page_h - y - h / 2)


def on_a_front(centre: tuple[float, float], cells: tuple[tuple[float, ...], ...]) -> bool:
    """Return whether a back's centre, turned over, is the centre of a front's trim: inside
    one of the front's cells, off its middle by at most half a bleed where it shares a cut."""
    cx, cy = centre
    return any(x < cx < x + w and y < cy < y + h and abs(x + w / 2 - cx) <= 1.5 + 1e-3
               and abs(y + h / 2 - cy) <= 1.5 + 1e-3 for x, y, w, h in cells)


def blank(page: Printed) -> bool:
    """Return whether a page prints nothing but a line of text."""
    drawing = re.sub(r"BT.*?ET", "", page.content, flags=re.S)
    return (not page.clips and " Do" not in drawing and " re" not in drawing
            and not re.search(r"\s[lmcS]\s", drawing) and "intentionally blank" in page.text)


def labels(page: Printed) -> list[tuple[int, str, str]]:
    return [(int(n), side, names) for n, side, names in LABEL.findall(page.text)]




def segments(content: str) -> list[tuple[float, float, float, float]]:
    """Return the straight lines a page strokes (reportlab's ``x y m x y l S``), in mm."""
    return [tuple(float(v) / PT for v in m.groups())  # type: ignore[misc]
            for m in re.finditer(r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S", content)]


def type_sizes(path: Path) -> list[tuple[int, float, str]]:
    """Return every piece of text a PDF prints: its page, the size it prints at in points
    (its font size scaled by the text and graphics matrices, forms and icons included) and
    its words."""
    import math

    from pypdf import PdfReader

    out: list[tuple[int, float, str]] = []
    for number, page in enumerate(PdfReader(io.BytesIO(path.read_bytes())).pages, start=1):
        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float,
                  number: int = number) -> None:
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                out.append((number, size * math.sqrt(abs(a * d - b * c)), text.strip()))

        page.extract_text(visitor_text=visit)
    return out
