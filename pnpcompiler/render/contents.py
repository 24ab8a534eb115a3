"""The kit PDF's contents pages (what to print how, each component's pages, how to cut and
assemble) and the blank back of a one-sided sheet.

Lengths are millimetres from the page's top-left corner; every word sits inside the printer's
safe margin (``layout.impose.MARGIN``) with room to spare.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..layout.impose import MARGIN
from ..layout.text import TITLE_FONT

LEFT = 20.0
RIGHT = 200.0
"""The right edge of the words on a contents page (A4 and Letter alike)."""
ITEMS = 104.0
PAGES = 120.0
"""Right edges of the table's items and pages columns."""
TOP = 20.0
BOTTOM = 18.0
"""Space kept under the last line of a contents page."""
GREY = "#777777"


@dataclass(frozen=True)
class Cell:
    """Words at a place on a line: ``align`` is ``left`` or ``right`` of ``x``."""

    x: float
    text: str
    align: str = "left"
    width: float = 0.0
    """The most the words may take, in mm; they shrink to fit (no limit when 0)."""


@dataclass(frozen=True)
class Line:
    """One line of a contents page: its height (the space above its baseline), font, cells."""

    height: float
    font: str
    size: float
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class PageRange:
    """Pages to print one way: ``first`` to ``last`` and how."""

    first: int
    last: int
    how: str

    @property
    def pages(self) -> str:
        """Return the range as people write it (``pages 5-12``, ``page 5``)."""
        if self.first == self.last:
            return f"Page {self.first}"
        return f"Pages {self.first}-{self.last}"


class Row(Protocol):
    """A component's line in the table: its name, how many items, its pages, its layout."""

    @property
    def name(self) -> str: ...

    @property
    def items(self) -> str: ...

    @property
    def pages(self) -> str: ...

    @property
    def layout(self) -> str: ...


def _text(x: float, text: str, height: float = 4.5, size: float = 8.0,
          font: str = "Vera") -> Line:
    return Line(height, font, size, (Cell(x, text),))


def contents_lines(title: str, subtitle: str, ranges: Sequence[PageRange],
                   rows: Sequence[Row], notes: Sequence[str]) -> list[Line]:
    """Return every line of the contents, in order: the title, how to print each range of
    pages, the table of components (name, items, pages, layout), then the notes (paragraphs,
    each reflowed to the page's width)."""
    lines = [Line(0.0, TITLE_FONT, 24, (Cell(LEFT, title, width=RIGHT - LEFT),)),
             *[Line(5.0 if i else 8.0, "Vera", 10 if i == 0 else 8.5, (Cell(LEFT, words),))
               for i, words in enumerate(subtitle.split("\n"))],
             Line(11.0, "Vera-Bold", 10, (Cell(LEFT, "How to print"),))]
    for span in ranges:
        lines.append(Line(5.5, "Vera-Bold", 8.5, (Cell(LEFT, f"{span.pages}:"),)))
        lines += [_text(LEFT + 4, words) for words in span.how.split("\n")]
    lines.append(Line(11.0, "Vera-Bold", 9.5, (
        Cell(LEFT, "Component"), Cell(ITEMS, "Items", "right"), Cell(PAGES, "Pages", "right"),
        Cell(PAGES + 4, "Layout"))))
    for row in rows:
        lines.append(Line(5.5, "Vera", 8.5, (
            Cell(LEFT, row.name, width=ITEMS - LEFT - 20),
            Cell(ITEMS, row.items, "right", width=19),
            Cell(PAGES, row.pages, "right", width=PAGES - ITEMS - 2),
            Cell(PAGES + 4, row.layout, width=RIGHT - PAGES - 4))))
    lines.append(Line(11.0, "Vera-Bold", 10, (Cell(LEFT, "Cutting and assembly"),)))
    for n, paragraph in enumerate(notes):
        lines += [_text(LEFT, words, height=(6.0 if n and i == 0 else 4.5))
                  for i, words in enumerate(_wrapped(paragraph, "Vera", 8.0, RIGHT - LEFT))]
    return lines


def _wrapped(paragraph: str, font: str, size: float, width: float) -> list[str]:
    """Return ``paragraph`` broken into lines no wider than ``width`` mm."""
    from reportlab.lib.utils import simpleSplit

    from ..layout.text import PT_PER_MM

    return list(simpleSplit(paragraph, font, size, width * PT_PER_MM))


def paginate(lines: Sequence[Line], page_h: float) -> list[list[Line]]:
    """Split the lines over pages of ``page_h`` mm, the first line of each page at the top."""
    pages: list[list[Line]] = [[]]
    y = TOP
    for line in lines:
        if pages[-1] and y + line.height > page_h - BOTTOM:
            pages.append([])
            y = TOP
        y += line.height if pages[-1] else 0.0
        pages[-1].append(line)
    return pages


def draw_contents(canvas: Any, lines: Sequence[Line], page_h: float, number: int,
                  of: int) -> None:
    """Draw one contents page: its lines from the top, and which page of the contents it is
    at the foot when there are several."""
    from .pdf import PageDraw

    draw = PageDraw(canvas, page_h)
    y = TOP
    for i, line in enumerate(lines):
        y += line.height if i else 0.0
        for cell in line.cells:
            canvas.setFont(line.font, _fitted(cell, line.font, line.size))
            if cell.align == "right":
                canvas.drawRightString(draw.x(cell.x), draw.y(y), cell.text)
            else:
                canvas.drawString(draw.x(cell.x), draw.y(y), cell.text)
    if of > 1:
        canvas.setFont("Vera", 7)
        canvas.setFillColor(GREY)
        canvas.drawString(draw.x(LEFT), draw.y(page_h - BOTTOM + 8),
                          f"Contents, page {number} of {of}")


def _fitted(cell: Cell, font: str, size: float) -> float:
    """Return the size (down to two thirds of ``size``) at which the cell's words fit."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from ..layout.text import PT_PER_MM

    least = size * 2 / 3
    while cell.width and size > least and \
            stringWidth(cell.text, font, size) > cell.width * PT_PER_MM:
        size -= 0.25
    return size


def draw_blank(canvas: Any, page_h: float, sheet: int) -> None:
    """Draw the back of a one-sided sheet: blank but for a line saying so, in small type
    inside the safe margin."""
    from .pdf import PageDraw

    draw = PageDraw(canvas, page_h)
    canvas.saveState()
    canvas.setFont("Vera", 6)
    canvas.setFillColor(GREY)
    canvas.drawString(draw.x(MARGIN + 1), draw.y(page_h - MARGIN - 0.9),
                      f"Sheet {sheet}, back: this page is intentionally blank (its front prints "
                      "on one side only)")
    canvas.restoreState()
