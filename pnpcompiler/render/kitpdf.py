"""The kit PDF: a contents page, imposed sheets of items with their backs, forms, tiled boards.

Every page is planned before anything is drawn, so the contents page can give page numbers.
Lengths are millimetres from the page's top-left corner, as everywhere in the layout model.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from ..layout.impose import PAPERS, Band, Page, Request, Sheet, pack, plan
from ..layout.model import Face, Text
from ..layout.printables import Board, ItemFaces, ItemGroup, SheetPages
from ..layout.text import TITLE_FONT, TextStyle, fit

CUT_LINE = "#555555"
FOLD_LINE = "#888888"


@dataclass(frozen=True)
class PdfOptions:
    """What the kit PDF needs to know of the build options."""

    paper: str
    bleed: float
    crop_marks: bool
    duplex: str
    """``long``, ``short`` or ``fold``."""
    back_offset: tuple[float, float]


@dataclass(frozen=True)
class ContentsRow:
    """One line of the contents page."""

    name: str
    count: int
    noun: str
    first_page: int
    layout: str

    @property
    def items(self) -> str:
        """Return the count with its noun, singular for one (``1 counter``, ``30 cards``)."""
        noun = self.noun[:-1] if self.count == 1 and self.noun.endswith("s") else self.noun
        return f"{self.count} {noun}"


@dataclass
class PdfReport:
    """What went into a kit PDF."""

    path: Any
    pages: int
    rows: list[ContentsRow]


def _has_backs(group: ItemGroup) -> bool:
    return any(item.back for item in group.items)


def _requests(groups: list[ItemGroup], options: PdfOptions) -> list[Request]:
    return [Request(g.size[0], g.size[1], g.bleed, options.crop_marks and g.crop_marks,
                    g.count, _has_backs(g)) for g in groups]


def _sides(page: Page, with_backs: list[bool]) -> int:
    """Return how many PDF pages a sheet takes: fronts, and backs unless folded
    (``with_backs``: whether each group has backs)."""
    backs = any(with_backs[band.request] for band in page.bands)
    return 2 if backs and not page.fold else 1


def _layout_text(group: ItemGroup, band: Band, options: PdfOptions) -> str:
    """Describe a component's sheet: how many fit one, in what grid, how backs print."""
    sheet = band.sheet
    full = plan(sheet.item_w, sheet.item_h, sheet.bleed, options.paper,
                marks=options.crop_marks and group.crop_marks, fold=bool(sheet.fold))
    text = (f"{full.per_page} a sheet ({full.cols} x {full.rows}, "
            f"{'landscape' if full.landscape else 'portrait'})")
    if _has_backs(group):
        text += ", folded" if sheet.fold else ", backs"
    return text


def write_kit_pdf(title: str, groups: list[ItemGroup], sheets: list[SheetPages],
                  boards: list[Board], options: PdfOptions,
                  progress: Callable[[int], None] | None = None) -> tuple[bytes, PdfReport]:
    """Return the kit PDF's bytes and what went into it."""
    from ..layout.text import register_fonts
    from .board import draw_tiles, tile_plan
    from .pdf import new_canvas

    register_fonts()
    pages = pack(_requests(groups, options), options.paper, fold=options.duplex == "fold")
    board_plans = [(board, tile_plan(board.face.width, board.face.height, options.paper))
                   for board in boards]
    # Once per group, not per sheet: a big deck has many sheets of many items.
    with_backs = [_has_backs(group) for group in groups]
    rows: list[ContentsRow] = []
    first: dict[int, tuple[int, Band]] = {}
    number = 2
    for page in pages:
        for band in page.bands:
            first.setdefault(band.request, (number, band))
        number += _sides(page, with_backs)
    for g, group in enumerate(groups):
        at, band = first[g]
        rows.append(ContentsRow(group.name, group.count, group.noun, at,
                                _layout_text(group, band, options)))
    for form in sheets:
        rows.append(ContentsRow(form.name, form.copies, "sheets", number,
                                f"{len(form.pages)} page{'s' if len(form.pages) > 1 else ''}"))
        number += len(form.pages)
    for board, tiles in board_plans:
        rows.append(ContentsRow(board.name, 1, "boards", number,
                                f"{tiles.rows} x {tiles.cols} sheets, overlapped"))
        number += tiles.rows * tiles.cols

    buffer = io.BytesIO()
    pw, ph = PAPERS[options.paper]
    canvas = new_canvas(buffer, pagesize=(pw * _K, ph * _K), initialFontName="Vera",
                        initialFontSize=9)
    canvas.setTitle(f"{title} - print-and-play kit ({options.paper.upper()})")
    canvas.setAuthor("pnpcompiler")
    canvas.setCreator("pnpcompiler")
    _contents_page(canvas, title, rows, options, pw, ph)
    forms: dict[tuple[int, str], str] = {}
    copies = [_copies(group) for group in groups]
    for n, page in enumerate(pages, start=1):
        _draw_page(canvas, n, page, groups, copies, options, forms, with_backs)
        if progress:
            progress(_sides(page, with_backs))
    for form in sheets:
        for face in form.pages:
            _sheet_page(canvas, face)
            if progress:
                progress(1)
    for board, tiles in board_plans:
        draw_tiles(canvas, board.face, tiles, title=board.name)
        if progress:
            progress(tiles.rows * tiles.cols)
    count = canvas.getPageNumber() - 1
    canvas.save()
    return buffer.getvalue(), PdfReport(None, count, rows)


_K = 72 / 25.4
NOTES = TextStyle(size=8.5, min_size=7, leading=1.35)
"""The contents page's printing notes: paragraphs reflowed to the page's width."""


def _copies(group: ItemGroup) -> list[ItemFaces]:
    return [item for item in group.items for _ in range(item.copies)]


def _draw_page(canvas: Any, n: int, page: Page, groups: list[ItemGroup],
               copies: list[list[ItemFaces]], options: PdfOptions,
               forms: dict[tuple[int, str], str], with_backs: list[bool]) -> None:
    """Draw one sheet of items: its fronts page and its backs page (or both, folded)."""
    from .pdf import PageDraw

    names = ", ".join(dict.fromkeys(groups[b.request].name for b in page.bands))
    _new_page(canvas, page)
    draw = PageDraw(canvas, page.page_h)
    for band in page.bands:
        group = groups[band.request]
        for i, item in enumerate(copies[band.request][band.start:band.start + band.count]):
            x, y = band.sheet.trim(i)
            draw.face(item.front, x, y)
            _cut_line(canvas, draw, group.shape, x, y, band.sheet.item_w, band.sheet.item_h)
        if options.crop_marks and group.crop_marks:
            _marks(canvas, draw, band.sheet, band.count)
    backs = [b for b in page.bands if with_backs[b.request]]
    if page.fold:
        if backs:
            for band in backs:
                _backs(canvas, band, copies[band.request], options, forms)
            _fold_line(canvas, draw, page)
        _label(canvas, draw, page, f"Sheet {n}: {names}"
               + (" - fold on the dashed line, glue, then cut" if backs else ""))
        canvas.showPage()
        return
    _label(canvas, draw, page, f"Sheet {n}, fronts: {names}")
    canvas.showPage()
    if not backs:
        return
    _new_page(canvas, page)
    draw = PageDraw(canvas, page.page_h)
    for band in backs:
        _backs(canvas, band, copies[band.request], options, forms)
    _label(canvas, draw, page, f"Sheet {n}, backs ({options.duplex}-edge duplex): {names}")
    canvas.showPage()


def _backs(canvas: Any, band: Band, items: list[ItemFaces], options: PdfOptions,
           forms: dict[tuple[int, str], str]) -> None:
    """Draw each back where its front lands once the sheet is flipped (or folded); a shared
    back is drawn once per document as a form and placed by reference."""
    sheet = band.sheet
    offset = (0.0, 0.0) if sheet.fold else options.back_offset
    for i, item in enumerate(items[band.start:band.start + band.count]):
        if item.back is None:
            continue
        x, y = sheet.back(i, options.duplex, offset)
        key = (band.request, item.back_id or item.id)
        if key not in forms:
            forms[key] = f"back{len(forms)}"
            _define_form(canvas, forms[key], item.back)
        canvas.saveState()
        canvas.translate((x - sheet.bleed) * _K,
                         (sheet.page_h - y - sheet.item_h - sheet.bleed) * _K)
        canvas.doForm(forms[key])
        canvas.restoreState()


def _new_page(canvas: Any, page: Page) -> None:
    """Start a page; its TrimBox spans the trims of every band (both halves when folded)."""
    canvas.setPageSize((page.page_w * _K, page.page_h * _K))
    boxes = [band.sheet.grid_box(band.count) for band in page.bands]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if page.fold == "vertical":
        right = page.page_w - left
    elif page.fold == "horizontal":
        bottom = page.page_h - top
    b = max(band.sheet.bleed for band in page.bands)
    ph = page.page_h
    canvas.setTrimBox((left * _K, (ph - bottom) * _K, right * _K, (ph - top) * _K))
    canvas.setBleedBox(((left - b) * _K, (ph - bottom - b) * _K, (right + b) * _K,
                        (ph - top + b) * _K))


def _define_form(canvas: Any, name: str, face: Face) -> None:
    """Draw a back once as a reusable form (its bleed box from the origin)."""
    from .pdf import PageDraw

    w, h = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    canvas.beginForm(name, lowerx=0, lowery=0, upperx=w * _K, uppery=h * _K)
    PageDraw(canvas, h).face(face, face.bleed, face.bleed)
    canvas.endForm()


def _cut_line(canvas: Any, draw: Any, shape: str, x: float, y: float, w: float, h: float
              ) -> None:
    """Outline a round or hex counter's cut: crop marks cannot show a curve or a corner."""
    if shape == "rect":
        return
    canvas.saveState()
    canvas.setStrokeColor(CUT_LINE)
    canvas.setLineWidth(0.25 * _K)
    if shape == "round":
        canvas.circle(draw.x(x + w / 2), draw.y(y + h / 2), min(w, h) / 2 * _K, stroke=1,
                      fill=0)
    else:  # a flat-topped hex: corners left and right, flat top and bottom
        cx, cy, r = x + w / 2, y + h / 2, w / 2
        path = canvas.beginPath()
        for k in range(6):
            px = cx + r * math.cos(math.radians(60 * k))
            py = cy + r * math.sin(math.radians(60 * k))
            (path.moveTo if k == 0 else path.lineTo)(draw.x(px), draw.y(py))
        path.close()
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _marks(canvas: Any, draw: Any, sheet: Sheet, count: int) -> None:
    canvas.saveState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.25)
    for x1, y1, x2, y2 in sheet.crop_marks(count):
        canvas.line(draw.x(x1), draw.y(y1), draw.x(x2), draw.y(y2))
    canvas.restoreState()


def _fold_line(canvas: Any, draw: Any, sheet: Page) -> None:
    canvas.saveState()
    canvas.setStrokeColor(FOLD_LINE)
    canvas.setLineWidth(0.3 * _K)
    canvas.setDash([2 * _K, 1.5 * _K])
    canvas.setFont("Vera", 6)
    canvas.setFillColor(FOLD_LINE)
    if sheet.fold == "vertical":
        x = sheet.page_w / 2
        canvas.line(draw.x(x), draw.y(3), draw.x(x), draw.y(sheet.page_h - 3))
        canvas.drawCentredString(draw.x(x), draw.y(sheet.page_h - 4.5), "fold")
    else:
        y = sheet.page_h / 2
        canvas.line(draw.x(3), draw.y(y), draw.x(sheet.page_w - 3), draw.y(y))
        canvas.drawString(draw.x(sheet.page_w - 10), draw.y(y - 1), "fold")
    canvas.restoreState()


def _label(canvas: Any, draw: Any, sheet: Page, text: str) -> None:
    canvas.saveState()
    canvas.setFont("Vera", 6)
    canvas.setFillColor("#777777")
    canvas.drawString(draw.x(6), draw.y(sheet.page_h - 2.5), text[:150])
    canvas.restoreState()


def _sheet_page(canvas: Any, face: Face) -> None:
    """Draw a form page (a face the size of the paper) and its trim box."""
    from .pdf import PageDraw

    canvas.setPageSize((face.width * _K, face.height * _K))
    canvas.setTrimBox((0, 0, face.width * _K, face.height * _K))
    canvas.setBleedBox((0, 0, face.width * _K, face.height * _K))
    PageDraw(canvas, face.height).face(face, 0, 0, clip=False)
    canvas.showPage()


def _contents_page(canvas: Any, title: str, rows: list[ContentsRow], options: PdfOptions,
                   pw: float, ph: float) -> None:
    from .pdf import PageDraw

    draw = PageDraw(canvas, ph)
    canvas.setFont(TITLE_FONT, 24)
    canvas.drawString(draw.x(20), draw.y(30), title)
    canvas.setFont("Vera", 10)
    how = ("fold-in-half sheets" if options.duplex == "fold"
           else f"{options.duplex}-edge duplex")
    canvas.drawString(draw.x(20), draw.y(38), f"Print-and-play kit, {options.paper.upper()}, "
                      f"{options.bleed:g} mm bleed, {how}")
    canvas.setFont("Vera-Bold", 10)
    y = 52.0
    canvas.drawString(draw.x(20), draw.y(y), "Component")
    canvas.drawRightString(draw.x(112), draw.y(y), "Items")
    canvas.drawRightString(draw.x(128), draw.y(y), "Page")
    canvas.drawString(draw.x(134), draw.y(y), "Layout")
    canvas.setFont("Vera", 9)
    for row in rows:
        y += 6
        canvas.drawString(draw.x(20), draw.y(y), row.name[:42])
        canvas.drawRightString(draw.x(112), draw.y(y), row.items[:16])
        canvas.drawRightString(draw.x(128), draw.y(y), str(row.first_page))
        canvas.drawString(draw.x(134), draw.y(y), row.layout[:40])
    y += 10
    if options.duplex == "fold":
        printing = ("Print at 100% (no 'fit to page'), one-sided. Fold each sheet on its dashed "
                    "line, glue the halves together, then cut along the crop marks through both "
                    "layers.")
    else:
        printing = ("Print at 100% (no 'fit to page'). Each sheet of fronts is followed by its "
                    f"backs: print double-sided, flipping on the {options.duplex} edge. If "
                    "backs land off-centre, measure the shift and rebuild with --back-offset "
                    "X,Y (mm).")
    notes = "\n\n".join((
        printing,
        "Cut along the crop marks in the margins; the coloured bleed around each item is "
        "waste. Round and hex counters: cut on the thin grey outline. Cube nets: cut on the "
        "solid lines, fold on the dashed ones, glue the grey tabs inside.",
        "Boards print on several sheets: trim on the outer lines, glue each pale dashed strip "
        "under the next sheet, crosshair on crosshair. boards/ holds each board whole on A3."))
    fitted = fit(escape(notes), NOTES, pw - 40, ph - y - 15)
    draw.element(Text(20, y, pw - 40, fitted.height, fitted.lines, fitted.size), 0, 0)
    canvas.showPage()
