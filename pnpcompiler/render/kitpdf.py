"""The kit PDF: a calibration sheet, the contents, imposed sheets of items with their backs,
forms and tiled boards, in an order that prints right double-sided as a whole.

Every page is planned before anything is drawn, so the contents can give page numbers. With
a duplex printer (``--duplex long`` or ``short``) the PDF is a run of sheets, two pages each:
first the double-sided ones (the calibration sheet, the contents, each sheet of items with
backs: fronts, then backs placed where the fronts land once the sheet is turned over), then
the one-sided ones (items without backs, forms, board tiles), each followed by a blank back.
So the whole file printed double-sided puts every back behind its front, and the one-sided
pages can be printed on their own as the odd pages of their range. With ``--duplex fold``
every page is one-sided.

Each page carries a marked-content point naming its sheet, side and what it holds
(``/PnpSheet <</Sheet 3 /Side /Back /Holds /Backs>> DP``): invisible, and there for tools
and tests to read the sheets back from the file. Lengths are millimetres from the page's
top-left corner, as everywhere in the layout model.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..layout.impose import PAPERS, Page, Request, Sheet, pack, plan
from ..layout.model import Face
from ..layout.printables import Board, ItemFaces, ItemGroup, Shape, SheetPages
from .calibration import Calibration, draw_back, draw_front
from .contents import Line, PageRange, contents_lines, draw_blank, draw_contents, paginate
from .itemsheets import ItemSheet, draw_backs, draw_fronts

if TYPE_CHECKING:
    from .board import Tile, TilePlan

_K = 72 / 25.4


@dataclass(frozen=True)
class PdfOptions:
    """What the kit PDF needs to know of the build options."""

    paper: str
    bleed: float
    crop_marks: bool
    duplex: str
    """``long``, ``short`` or ``fold``."""
    back_offset: tuple[float, float]

    @property
    def double_sided(self) -> bool:
        """Return whether the kit is printed double-sided (every sheet two pages)."""
        return self.duplex != "fold"


@dataclass(frozen=True)
class ContentsRow:
    """One line of the contents page."""

    name: str
    count: int
    noun: str
    first_page: int
    layout: str
    last_page: int = 0
    """The last page of the component's sheets (its backs or blank backs included)."""

    @property
    def items(self) -> str:
        """Return the count with its noun, singular for one (``1 counter``, ``30 cards``)."""
        noun = self.noun[:-1] if self.count == 1 and self.noun.endswith("s") else self.noun
        return f"{self.count} {noun}"

    @property
    def pages(self) -> str:
        """Return the component's pages as a range (``5-12``) or a page (``5``)."""
        if self.last_page > self.first_page:
            return f"{self.first_page}-{self.last_page}"
        return str(self.first_page)


@dataclass
class PdfReport:
    """What went into a kit PDF."""

    path: Any
    pages: int
    rows: list[ContentsRow]
    sheets: int = 0
    """Sheets of paper the whole kit takes, printed as the contents says."""


@dataclass(frozen=True)
class PdfPage:
    """One page of the kit PDF: what it holds, the sheet of paper and the side it prints on."""

    holds: str
    """``calibration``, ``contents``, ``items``, ``backs``, ``form``, ``board`` or ``blank``."""
    sheet: int
    side: str
    """``front`` or ``back``."""
    size: tuple[float, float]
    part: int = 0
    """Which contents page, sheet of items, form page or board tile (counted in order)."""


def _has_backs(group: ItemGroup) -> bool:
    return any(item.back for item in group.items)


def _requests(groups: list[ItemGroup], options: PdfOptions) -> list[Request]:
    requests = []
    for g in groups:
        marks = options.crop_marks and g.crop_marks
        requests.append(Request(g.size[0], g.size[1], g.bleed, marks, g.count, _has_backs(g),
                                butt=marks and g.shape == "rect"))
    return requests


def _sheet_plan(group: ItemGroup, options: PdfOptions) -> Sheet:
    """Return how a full sheet of a component's items is laid out."""
    marks = options.crop_marks and group.crop_marks
    return plan(group.size[0], group.size[1], group.bleed, options.paper, marks=marks,
                fold=options.duplex == "fold" and _has_backs(group),
                butt=marks and group.shape == "rect")


def _layout_text(group: ItemGroup, options: PdfOptions) -> str:
    """Describe a component's sheet: how many fit one, in what grid, how backs print."""
    full = _sheet_plan(group, options)
    text = (f"{full.per_page} a sheet ({full.cols} x {full.rows}, "
            f"{'landscape' if full.landscape else 'portrait'}"
            f"{', shared cuts' if full.shared_cuts else ''})")
    if _has_backs(group):
        text += ", folded" if full.fold else ", backs"
    return text


@dataclass(frozen=True)
class _Parts:
    """Everything the kit PDF prints, laid out, before its pages are numbered."""

    pages: list[Page]
    """The sheets of items, as imposed."""
    with_backs: list[bool]
    """Whether each group has backs."""
    forms: list[SheetPages]
    form_pages: list[tuple[int, Face]]
    """(form index, page) of every form page."""
    board_plans: list[TilePlan]
    tiles: list[tuple[int, TilePlan, Tile]]
    """(board index, tile plan, tile) of every board sheet."""


def _sequence(parts: _Parts, contents: int, options: PdfOptions) -> list[PdfPage]:
    """Return every page in print order: two-sided sheets, then one-sided ones (each with a
    blank back when the kit prints double-sided)."""
    out: list[PdfPage] = []
    double = options.double_sided
    portrait = PAPERS[options.paper]
    sheet = 0

    def add(holds: str, size: tuple[float, float], part: int, back: str = "blank",
            back_part: int | None = None) -> None:
        nonlocal sheet
        sheet += 1
        out.append(PdfPage(holds, sheet, "front", size, part))
        if double:
            out.append(PdfPage(back, sheet, "back", size, part if back_part is None
                               else back_part))

    add("calibration", portrait, 0, "calibration")
    step = 2 if double else 1
    for n in range(0, contents, step):
        more = n + 1 < contents
        add("contents", portrait, n, "contents" if more else "blank", n + 1 if more else n)
    one_sided = []
    for n, page in enumerate(parts.pages):
        two = double and not page.fold and any(parts.with_backs[b.request] for b in page.bands)
        if two:
            add("items", (page.page_w, page.page_h), n, "backs")
        else:
            one_sided.append(n)
    for n in one_sided:
        page = parts.pages[n]
        add("items", (page.page_w, page.page_h), n)
    for k, (_, face) in enumerate(parts.form_pages):
        add("form", (face.width, face.height), k)
    for k, (_, _, tile) in enumerate(parts.tiles):
        add("board", tile.page, k)
    return out


def _ranges(sequence: list[PdfPage], options: PdfOptions) -> list[PageRange]:
    """Return what to print how, as ranges of pages."""
    last = len(sequence)
    if not options.double_sided:
        return [PageRange(1, 1, "The calibration page: print it first, on its own, and check "
                                "it (it says how)."),
                PageRange(1, last, "Every page is one-sided: print single-sided, at 100% "
                                   "(actual size, not 'fit to page').\nFolded sheets carry "
                                   "their backs beside their fronts: fold on the dashed line, "
                                   "glue, then cut.")]
    edge = f"flipping on the {options.duplex} edge"
    # The double-sided run: the calibration sheet, the contents and the sheets with backs.
    two = max(n for n, p in enumerate(sequence, start=1)
              if p.side == "back" and (p.holds != "blank" or sequence[n - 2].holds == "contents"))
    ranges = [
        PageRange(1, 2, f"The calibration sheet: print it first, on its own, double-sided, "
                        f"{edge}, at 100%,\nand check it (it says how; its back reads any "
                        "--back-offset your printer needs)."),
        PageRange(1, two, f"Double-sided sheets: each front on an odd page, its back on the "
                          f"next. Print double-sided,\n{edge}, at 100% (actual size, not "
                          "'fit to page').")]
    if two < last:
        odd = f"page {two + 1}" if two + 1 == last - 1 else f"the odd pages {two + 1}-{last - 1}"
        ranges.append(PageRange(two + 1, last, "One-sided sheets, each page followed by a "
                                "blank back: print them with the rest (the whole\nPDF "
                                f"double-sided, in one go), or single-sided: {odd} only."))
    return ranges


def _rows(groups: list[ItemGroup], parts: _Parts, sequence: list[PdfPage],
          options: PdfOptions, boards: list[Board]) -> list[ContentsRow]:
    """Return the contents: each component with the pages of its sheets, in page order."""
    spans: dict[tuple[str, int], list[int]] = {}
    by_sheet: dict[int, list[int]] = {}
    for number, page in enumerate(sequence, start=1):
        by_sheet.setdefault(page.sheet, []).append(number)
    for page in sequence:
        if page.side != "front":
            continue
        sheet = by_sheet[page.sheet]
        keys: list[tuple[str, int]] = []
        if page.holds == "items":
            keys = [("group", band.request) for band in parts.pages[page.part].bands]
        elif page.holds == "form":
            keys = [("form", parts.form_pages[page.part][0])]
        elif page.holds == "board":
            keys = [("board", parts.tiles[page.part][0])]
        for key in keys:
            span = spans.setdefault(key, [sheet[0], sheet[-1]])
            span[1] = sheet[-1]
    rows = []
    for g, group in enumerate(groups):
        first, last = spans[("group", g)]
        rows.append(ContentsRow(group.name, group.count, group.noun, first,
                                _layout_text(group, options), last))
    for i, form in enumerate(parts.forms):
        first, last = spans[("form", i)]
        n = len(form.pages)
        rows.append(ContentsRow(form.name, form.copies, "sheets", first,
                                f"{n} page{'s' if n > 1 else ''}", last))
    for b, board in enumerate(boards):
        first, last = spans[("board", b)]
        tiles = parts.board_plans[b]
        rows.append(ContentsRow(board.name, 1, "boards", first, _tiles_text(tiles), last))
    # In the order they print, so the table reads down the kit (groups sharing sheets, and
    # the one-sided ones after every two-sided one, would otherwise jump about).
    return sorted(rows, key=lambda row: row.first_page)


def _tiles_text(tiles: TilePlan) -> str:
    """Describe a board's sheets (``2 x 2 sheets, overlapped``)."""
    if tiles.pages == 1:
        return "1 sheet"
    if tiles.by == "rows" and len({t.landscape for t in tiles.tiles}) == 1:
        return f"{tiles.rows} x {tiles.cols} sheets, overlapped"
    return f"{tiles.pages} sheets in {tiles.rows if tiles.by == 'rows' else tiles.cols} " \
           f"{tiles.by}, overlapped"


NOTE_BACKS = ("Each sheet of fronts is followed by its backs. If backs land off-centre, "
              "measure the shift on the calibration sheet's back and rebuild with "
              "--back-offset X,Y (mm).")
NOTE_FOLDED = ("Fold each folded sheet on its dashed line, glue the halves together, then cut "
               "along the crop marks through both layers.")
NOTE_CROP_MARKS = ("Cut along the crop marks in the margins; the coloured bleed around each "
                   "item is waste.")
NOTE_SHARED_CUTS = (" Where items sit edge to edge ('shared cuts'), one cut on each mark "
                    "separates two of them.")
NOTE_OUTLINES = "Round and hex counters: cut on the thin grey outline."
NOTE_NETS = "Cube nets: cut on the solid lines, fold on the dashed ones, glue the grey tabs inside."
NOTE_TILES = ("Boards print on several sheets: trim on the outer lines, glue each pale dashed "
              "strip under the next sheet, crosshair on crosshair.")
NOTE_WHOLE = "boards/ holds each board whole on A3."
"""The contents' notes on cutting and assembly, each printed only when the kit holds what
it is about (paragraphs, reflowed to the page's width)."""


def _notes(groups: list[ItemGroup], board_plans: list[TilePlan],
           options: PdfOptions) -> list[str]:
    """Return the notes on cutting and assembly that the kit's items and boards call for."""
    notes = []
    if any(_has_backs(group) for group in groups):
        notes.append(NOTE_FOLDED if options.duplex == "fold" else NOTE_BACKS)
    marked = [group for group in groups if options.crop_marks and group.crop_marks]
    if marked:
        shared = any(_sheet_plan(group, options).shared_cuts for group in marked)
        notes.append(NOTE_CROP_MARKS + (NOTE_SHARED_CUTS if shared else ""))
    cutting = [note for wanted, note in (
        (any(group.shape != Shape.RECT for group in groups), NOTE_OUTLINES),
        (any(group.noun == "nets" for group in groups), NOTE_NETS)) if wanted]
    if cutting:
        notes.append(" ".join(cutting))
    boards = [note for wanted, note in (
        (any(tiles.pages > 1 for tiles in board_plans), NOTE_TILES),
        (bool(board_plans), NOTE_WHOLE)) if wanted]
    if boards:
        notes.append(" ".join(boards))
    return notes


def write_kit_pdf(title: str, groups: list[ItemGroup], sheets: list[SheetPages],
                  boards: list[Board], options: PdfOptions,
                  progress: Callable[[int], None] | None = None) -> tuple[bytes, PdfReport]:
    """Return the kit PDF's bytes and what went into it."""
    from ..layout.text import register_fonts

    register_fonts()
    board_plans = _tile_plans(boards, options.paper)
    parts = _Parts(pack(_requests(groups, options), options.paper,
                        fold=options.duplex == "fold"),
                   [_has_backs(group) for group in groups], sheets,
                   [(i, face) for i, form in enumerate(sheets) for face in form.pages],
                   board_plans, [(b, tiles, tile) for b, tiles in enumerate(board_plans)
                                 for tile in tiles.tiles])
    pw, ph = PAPERS[options.paper]
    how = "folded sheets, one-sided" if options.duplex == "fold" else \
        f"{options.duplex}-edge duplex"
    notes = _notes(groups, board_plans, options)

    def contents(sequence: list[PdfPage]) -> list[list[Line]]:
        rows = _rows(groups, parts, sequence, options, boards)
        subtitle = (f"Print-and-play kit, {options.paper.upper()}, {options.bleed:g} mm bleed, "
                    f"{how}\n{len(sequence)} pages on {sequence[-1].sheet} sheets of "
                    f"{options.paper.upper()} paper")
        return paginate(contents_lines(title, subtitle, _ranges(sequence, options), rows,
                                       notes), ph)

    # The contents' length does not depend on its page numbers: count, then number.
    pages_of_contents = len(contents(_sequence(parts, 1, options)))
    sequence = _sequence(parts, pages_of_contents, options)
    contents_pages = contents(sequence)
    rows = _rows(groups, parts, sequence, options, boards)

    buffer = io.BytesIO()
    canvas = _canvas(buffer, title, options, pw, ph)
    drawing = _Drawing(canvas, Calibration(title, options.paper, options.duplex,
                                           options.back_offset),
                       groups, boards, parts, options, contents_pages)
    outline = _outline(sequence, rows)
    for number, page in enumerate(sequence, start=1):
        canvas.setPageSize((page.size[0] * _K, page.size[1] * _K))
        canvas.setTrimBox(None)
        canvas.setBleedBox(None)
        for n, words in enumerate(outline.get(number, [])):
            key = f"p{number}-{n}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(words, key, level=0)
        drawing.draw(page)
        canvas.addLiteral(f"/PnpSheet <</Sheet {page.sheet} /Side /{page.side.title()} "
                          f"/Holds /{page.holds.title()}>> DP")
        canvas.showPage()
        if progress:
            progress(1)
    canvas.save()
    report = PdfReport(None, len(sequence), rows, sequence[-1].sheet)
    return buffer.getvalue(), report


def _tile_plans(boards: list[Board], paper: str) -> list[TilePlan]:
    """Return how each board is tiled over sheets of ``paper``."""
    if not boards:
        return []  # no need to import the boards' drawing
    from .board import board_plan

    return [board_plan(board.face, paper) for board in boards]


def _canvas(buffer: io.BytesIO, title: str, options: PdfOptions, pw: float, ph: float
            ) -> Any:
    """Return the kit's canvas, asking viewers to print at actual size and as the kit is
    meant to be printed (double-sided over the chosen edge, or single-sided)."""
    from .pdf import new_canvas

    canvas = new_canvas(buffer, pagesize=(pw * _K, ph * _K), initialFontName="Vera",
                        initialFontSize=9)
    canvas.setTitle(f"{title} - print-and-play kit ({options.paper.upper()})")
    canvas.setAuthor("pnpcompiler")
    canvas.setCreator("pnpcompiler")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", {"long": "DuplexFlipLongEdge",
                                          "short": "DuplexFlipShortEdge"}.get(options.duplex,
                                                                               "Simplex"))
    canvas.showOutline()
    return canvas


def _outline(sequence: list[PdfPage], rows: list[ContentsRow]) -> dict[int, list[str]]:
    """Return the bookmarks to set on each page: the calibration sheet, the contents and
    every component at its first page."""
    marks: dict[int, list[str]] = {1: ["Calibration sheet"]}
    first_contents = next(n for n, p in enumerate(sequence, start=1) if p.holds == "contents")
    marks[first_contents] = ["Contents"]
    for row in sorted(rows, key=lambda r: r.first_page):
        marks.setdefault(row.first_page, []).append(row.name)
    return marks


class _Drawing:
    """Draws each kind of page of the kit on one canvas."""

    def __init__(self, canvas: Any, calibration: Calibration, groups: list[ItemGroup],
                 boards: list[Board], parts: _Parts, options: PdfOptions,
                 contents_pages: list[list[Line]]) -> None:
        self.canvas = canvas
        self.boards = boards
        self.parts = parts
        self.contents_pages = contents_pages
        self.calibration = calibration
        self.items = ItemSheet(groups, [_copies(group) for group in groups], parts.with_backs,
                               options.crop_marks, options.duplex, options.back_offset)
        self.board_forms: dict[int, str] = {}

    def draw(self, page: PdfPage) -> None:
        """Draw ``page`` on the canvas's current page."""
        canvas, (w, h) = self.canvas, page.size
        if page.holds == "calibration":
            (draw_front if page.side == "front" else draw_back)(canvas, w, h, self.calibration)
        elif page.holds == "contents":
            draw_contents(canvas, self.contents_pages[page.part], h, page.part + 1,
                          len(self.contents_pages))
        elif page.holds == "items":
            draw_fronts(canvas, self.items, self.parts.pages[page.part], page.sheet)
        elif page.holds == "backs":
            draw_backs(canvas, self.items, self.parts.pages[page.part], page.sheet)
        elif page.holds == "form":
            _form_page(canvas, self.parts.form_pages[page.part][1])
        elif page.holds == "board":
            self._board(page.part)
        else:
            draw_blank(canvas, h, page.sheet)

    def _board(self, part: int) -> None:
        """Draw one sheet of a tiled board; the board itself is drawn once, as a form."""
        from .board import define_board_form, draw_tile

        b, tiles, tile = self.parts.tiles[part]
        board = self.boards[b]
        if b not in self.board_forms:
            self.board_forms[b] = define_board_form(self.canvas, board.face, board.name)
        draw_tile(self.canvas, self.board_forms[b], board.face, tiles, tile, title=board.name)


def _copies(group: ItemGroup) -> list[ItemFaces]:
    return [item for item in group.items for _ in range(item.copies)]


def _form_page(canvas: Any, face: Face) -> None:
    """Draw a form page (a face the size of the paper) and its trim box."""
    from .pdf import PageDraw

    canvas.setTrimBox((0, 0, face.width * _K, face.height * _K))
    canvas.setBleedBox((0, 0, face.width * _K, face.height * _K))
    PageDraw(canvas, face.height).face(face, 0, 0, clip=False)
