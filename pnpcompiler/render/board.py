"""Boards on paper: tiled over overlapping sheets at true size, or whole on one page.

All lengths are millimetres from the top-left corner of the board or of the page, y growing
downward. A tiled board is drawn once per document as a PDF form and each sheet shows a window
of it, so the file holds the board's drawing once however many sheets it spans.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..layout.impose import MARGIN, PAPERS
from ..layout.model import Face
from ..layout.seams import Rect, clear_seams, spans_across, text_boxes
from ..layout.text import PT_PER_MM

K = PT_PER_MM
MARK_ROOM = 8.0
"""Space round each window for the crosshair targets, inside the paper's margin."""
INDEX_ROOM = 12.0
"""Band at the foot of a sheet for its name and the overview of the grid."""
TARGET_AT = 4.0
"""Distance from the window's edge to the centre of a crosshair target."""
TARGET_RADIUS = 1.6
TARGET_ARM = 2.8
NOTE_ROOM = 8.0
"""Band at the foot of the A3 page for the scale note."""
POSTER_MARGIN = 10.0
INK = "#222222"
OVERLAP_NOTE = "overlap - glue under the next sheet"


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: its place in the grid, its window and where it prints."""

    row: int
    """0-based, from the top."""
    col: int
    """0-based, from the left."""
    window: tuple[float, float, float, float]
    """The part of the board on this sheet: x, y, w, h on the board."""
    at: tuple[float, float]
    """Where the window's top-left corner sits on the page."""
    page: tuple[float, float]
    """The sheet's width and height: each sheet is turned the way its window fits."""
    right: bool = False
    """Whether a sheet overlaps this one's right edge."""
    below: bool = False
    """Whether a sheet overlaps this one's foot."""

    @property
    def name(self) -> str:
        """Return the sheet's name: its column as letters, its row as a number (``B2``)."""
        return f"{column_letters(self.col)}{self.row + 1}"

    @property
    def landscape(self) -> bool:
        """Return whether the sheet is wider than it is tall."""
        return self.page[0] > self.page[1]


@dataclass(frozen=True)
class TilePlan:
    """A board split into overlapping windows, one per sheet, a row (or column) at a time:
    the sheets of one row share its height and orientation, and so do a column's when the
    plan goes by columns."""

    paper: str
    rows: int
    """Rows of sheets (by columns: the most in any column)."""
    cols: int
    """Columns of sheets (by rows: the most in any row)."""
    overlap: float
    board_w: float
    board_h: float
    tiles: tuple[Tile, ...]
    by: str = "rows"
    """``rows``: each row of sheets spans the board's width; ``cols``: each column its
    height."""

    @property
    def pages(self) -> int:
        """Return how many sheets the board takes."""
        return len(self.tiles)

    def tile(self, row: int, col: int) -> Tile:
        """Return the sheet at a row and column (0-based)."""
        for tile in self.tiles:
            if (tile.row, tile.col) == (row, col):
                return tile
        raise KeyError((row, col))

    def place(self, tile: Tile) -> str:
        """Return where a sheet sits, in words (``row 2 of 2, column 1 of 3``)."""
        if self.by == "rows":
            cols = sum(1 for t in self.tiles if t.row == tile.row)
            return f"row {tile.row + 1} of {self.rows}, column {tile.col + 1} of {cols}"
        rows = sum(1 for t in self.tiles if t.col == tile.col)
        return f"row {tile.row + 1} of {rows}, column {tile.col + 1} of {self.cols}"


def column_letters(index: int) -> str:
    """Return a 0-based column index as spreadsheet letters (A, B, ..., Z, AA)."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def printable_area(page_w: float, page_h: float) -> tuple[float, float, float, float]:
    """Return (x, y, w, h) of the area a tile's window may take on a page."""
    inset = MARGIN + MARK_ROOM
    return (inset, inset, page_w - 2 * inset, page_h - 2 * inset - INDEX_ROOM)


def whole_area(page_w: float, page_h: float) -> tuple[float, float, float, float]:
    """Return (x, y, w, h) a board on one sheet may take: nothing to line up, so no room for
    targets, only the margin and the index."""
    inset = MARGIN + 1.0
    return (inset, inset, page_w - 2 * inset, page_h - 2 * inset - INDEX_ROOM)


def _split(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """Return (start, size) of equal windows that cover ``length``, overlapping neighbours."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    if room <= overlap:
        raise ValueError(f"an overlap of {overlap:g} mm leaves no room on a {room:g} mm sheet")
    count = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count
    return [(i * (size - overlap), size) for i in range(count)]


def _strips(length: float, rooms: list[float], overlap: float) -> list[tuple[float, float]] | None:
    """Return (start, size) of strips that cover ``length``, overlapping neighbours, each at
    most its room and all in the same proportion to it; None when they cannot."""
    total = sum(rooms) - (len(rooms) - 1) * overlap
    if total < length - 1e-9:
        return None
    share = (length + (len(rooms) - 1) * overlap) / sum(rooms)
    sizes = [room * share for room in rooms]
    if len(sizes) > 1 and min(sizes) <= overlap + 1e-9:
        return None
    out, start = [], 0.0
    for size in sizes:
        out.append((start, size))
        start += size - overlap
    return out


def _single(board_w: float, board_h: float, paper: str, overlap: float) -> TilePlan | None:
    """Return the board on one sheet, portrait if it fits so, else landscape, or None."""
    pw, ph = PAPERS[paper]
    for w, h in ((pw, ph), (ph, pw)):
        ax, ay, aw, ah = whole_area(w, h)
        if board_w <= aw + 1e-9 and board_h <= ah + 1e-9:
            tile = Tile(0, 0, (0.0, 0.0, board_w, board_h),
                        (ax + (aw - board_w) / 2, ay + (ah - board_h) / 2), (w, h))
            return TilePlan(paper, 1, 1, overlap, board_w, board_h, (tile,))
    return None


def _lined_up(board_w: float, board_h: float, pages: list[tuple[float, float]],
              overlap: float, paper: str, by: str, avoid: Sequence[Rect] = ()
              ) -> TilePlan | None:
    """Return a plan whose ``i``-th row (``by="rows"``) or column of sheets is on pages of
    size ``pages[i]``, each split along into as few windows as fit, the seams off the boxes
    ``avoid`` (:mod:`~pnpcompiler.layout.seams`); None when the rows (or columns) cannot
    cover the board."""
    areas = [printable_area(w, h) for w, h in pages]
    rows = by == "rows"
    # The axis the rows (or columns) split, and the axis each of them is split along.
    split_axis, run_axis = (1, 0) if rows else (0, 1)
    lengths = (board_w, board_h)
    rooms = [a[3] if rows else a[2] for a in areas]
    strips = _strips(lengths[split_axis], rooms, overlap)
    if strips is None:
        return None
    strips = clear_seams(strips, lengths[split_axis], rooms, overlap,
                         spans_across(avoid, split_axis))
    tiles = []
    for i, ((start, size), page, (ax, ay, aw, ah)) in enumerate(
            zip(strips, pages, areas, strict=True)):
        room = aw if rows else ah
        windows = _split(lengths[run_axis], room, overlap)
        windows = clear_seams(windows, lengths[run_axis], [room] * len(windows), overlap,
                              spans_across(avoid, run_axis, (start, start + size)))
        last_i, last_j = i == len(strips) - 1, len(windows) - 1
        for j, (along, length) in enumerate(windows):
            if rows:
                row, col, window = i, j, (along, start, length, size)
                right, below = j < last_j, not last_i
            else:
                row, col, window = j, i, (start, along, size, length)
                right, below = not last_i, j < last_j
            tw, th = window[2], window[3]
            tiles.append(Tile(row, col, window, (ax + (aw - tw) / 2, ay + (ah - th) / 2), page,
                              right, below))
    tiles.sort(key=lambda t: (t.row, t.col))
    return TilePlan(paper, max(t.row for t in tiles) + 1, max(t.col for t in tiles) + 1,
                    overlap, board_w, board_h, tuple(tiles), by)


def tile_plan(board_w: float, board_h: float, paper: str, *, overlap: float = 10.0,
              avoid: Sequence[Rect] = ()) -> TilePlan:
    """Split a board into windows that fit the paper on as few sheets as can be: one sheet
    when the board fits a page; else rows of sheets (or columns), each turned portrait or
    landscape, whichever way takes fewest sheets in all. On a tie, sheets all turned the
    same way win, then portrait ones, then rows; neighbours overlap by ``overlap`` mm, and
    each seam keeps off the boxes ``avoid`` (the board's texts) where the paper lets it."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    if board_w <= 0 or board_h <= 0 or overlap < 0:
        raise ValueError("a board needs a positive size and an overlap of 0 mm or more")
    single = _single(board_w, board_h, paper, overlap)
    if single is not None:
        return single
    pw, ph = PAPERS[paper]
    sheets = ((pw, ph), (ph, pw))
    best: tuple[tuple[int, int, int, int], str, int, int] | None = None
    for by in ("rows", "cols"):
        choice = _fewest(board_w, board_h, sheets, overlap, by)
        if choice is not None and (best is None or choice[0] < best[0]):
            best = (choice[0], by, choice[1], choice[2])
    if best is None:
        raise ValueError(f"an overlap of {overlap:g} mm leaves no room on {paper.upper()} "
                         "paper")
    _, by, upright, count = best
    pages = [sheets[0]] * upright + [sheets[1]] * (count - upright)
    made = _lined_up(board_w, board_h, pages, overlap, paper, by, avoid)
    assert made is not None
    return made


def board_plan(face: Face, paper: str) -> TilePlan:
    """Return how a kit tiles a board's face over sheets of ``paper``: as
    :func:`tile_plan`, its seams kept off the face's texts."""
    return tile_plan(face.width, face.height, paper, avoid=text_boxes(face))


def _fewest(board_w: float, board_h: float, sheets: tuple[tuple[float, float], ...],
            overlap: float, by: str) -> tuple[tuple[int, int, int, int], int, int] | None:
    """Return the rank, the portrait rows and all rows (or columns) of the plan ``by`` rows
    (or columns) that takes fewest sheets, counted without drawing it up; None if none fits."""
    rows = by == "rows"
    length, other = (board_h, board_w) if rows else (board_w, board_h)
    rooms, across = [], []
    for w, h in sheets:
        _, _, aw, ah = printable_area(w, h)
        room, room_across = (ah, aw) if rows else (aw, ah)
        rooms.append(room)
        across.append(len(_split(other, room_across, overlap)) if room_across > overlap
                      or other <= room_across else 0)
    if max(rooms) <= overlap and length > max(rooms):
        return None
    # More rows than the narrowest rows need never take fewer sheets.
    step = min(r for r in rooms if r > overlap) - overlap if any(r > overlap for r in rooms) \
        else 1.0
    best: tuple[tuple[int, int, int, int], int, int] | None = None
    for count in range(1, math.ceil(length / step) + 2):
        for upright in range(count, -1, -1):
            used = [rooms[0]] * upright + [rooms[1]] * (count - upright)
            counts = [across[0]] * upright + [across[1]] * (count - upright)
            if 0 in counts or _strips(length, used, overlap) is None:
                continue
            mixed = 0 < upright < count
            rank = (sum(counts), int(mixed), 0 if upright else 1, 0 if rows else 1)
            if best is None or rank < best[0]:
                best = (rank, upright, count)
    return best


def fit_scale(board_w: float, board_h: float, paper: str = "a3"
              ) -> tuple[float, float, float]:
    """Return (scale, page_w, page_h) for a board shrunk to fit one page, never enlarged, in the
    orientation that gives the larger scale (portrait on a tie)."""
    pw, ph = PAPERS[paper]
    best = (0.0, pw, ph)
    for w, h in ((pw, ph), (ph, pw)):
        room_w, room_h = w - 2 * MARGIN, h - 2 * MARGIN - NOTE_ROOM
        scale = min(1.0, room_w / board_w, room_h / board_h)
        if scale > best[0] + 1e-12:
            best = (scale, w, h)
    return best


def _form_name(canvas: Any, title: str) -> str:
    base = "board-" + (re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "face")
    name, n = base, 1
    while canvas.hasForm(name):
        n += 1
        name = f"{base}-{n}"
    return name


def define_board_form(canvas: Any, face: Face, title: str) -> str:
    """Draw a whole face once as a form (its bleed box from the origin); return its name."""
    from .pdf import PageDraw

    name = _form_name(canvas, title)
    w, h = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    canvas.beginForm(name, lowerx=0, lowery=0, upperx=w * K, uppery=h * K)
    PageDraw(canvas, h).face(face, face.bleed, face.bleed)
    canvas.endForm()
    return name


def _place(canvas: Any, form: str, face: Face, page_h: float, x: float, y: float,
           scale: float = 1.0) -> None:
    """Draw the form with the face's trim top-left at (x, y) on the page, scaled."""
    b = face.bleed
    canvas.saveState()
    canvas.translate((x - scale * b) * K, (page_h - y - scale * (face.height + b)) * K)
    if scale != 1.0:
        canvas.scale(scale, scale)
    canvas.doForm(form)
    canvas.restoreState()


def _boxes(canvas: Any, page_h: float, x: float, y: float, w: float, h: float) -> None:
    box = (x * K, (page_h - y - h) * K, (x + w) * K, (page_h - y) * K)
    canvas.setTrimBox(box)
    canvas.setBleedBox(box)


def draw_tiles(canvas: Any, face: Face, plan: TilePlan, *, title: str) -> int:
    """Draw each tile of ``plan`` as a page of ``canvas``; return the number of pages."""
    from ..layout.text import register_fonts

    register_fonts()
    form = define_board_form(canvas, face, title)
    for tile in plan.tiles:
        canvas.setPageSize((tile.page[0] * K, tile.page[1] * K))
        draw_tile(canvas, form, face, plan, tile, title=title)
        canvas.showPage()
    return len(plan.tiles)


def draw_tile(canvas: Any, form: str, face: Face, plan: TilePlan, tile: Tile, *,
              title: str) -> None:
    """Draw one sheet of a tiled board on the current page (sized ``tile.page``): its window
    of the board's form, the overlap strips, the targets and the index."""
    page_h = tile.page[1]
    wx, wy, ww, wh = tile.window
    px, py = tile.at
    _boxes(canvas, page_h, px, py, ww, wh)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(px * K, (page_h - py - wh) * K, ww * K, wh * K)
    canvas.clipPath(clip, stroke=0, fill=0)
    _place(canvas, form, face, page_h, px - wx, py - wy)
    canvas.restoreState()
    _overlaps(canvas, plan, tile)
    if plan.pages > 1:  # one sheet has nothing to line up
        _targets(canvas, tile, plan.overlap)
    _index(canvas, plan, tile, title)


def _overlaps(canvas: Any, plan: TilePlan, tile: Tile) -> None:
    """Wash the strips the next sheets cover, dash where they start and say so."""
    from .pdf import PageDraw

    d = PageDraw(canvas, tile.page[1])
    px, py = tile.at
    _, _, ww, wh = tile.window
    o = plan.overlap
    right = tile.right and o > 0
    below = tile.below and o > 0
    canvas.saveState()
    canvas.setFillColor("#ffffff")
    canvas.setFillAlpha(0.45)
    if right:  # stops at the strip below, so the corner is not washed twice
        canvas.rect(d.x(px + ww - o), d.y(py + wh - (o if below else 0)), o * K,
                    (wh - (o if below else 0)) * K, stroke=0, fill=1)
    if below:
        canvas.rect(d.x(px), d.y(py + wh), ww * K, o * K, stroke=0, fill=1)
    canvas.setFillAlpha(1)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    canvas.setDash([3, 2])
    if right:
        canvas.line(d.x(px + ww - o), d.y(py), d.x(px + ww - o), d.y(py + wh))
    if below:
        canvas.line(d.x(px), d.y(py + wh - o), d.x(px + ww), d.y(py + wh - o))
    canvas.setDash([])
    if right:
        _note(canvas, d.x(px + ww - o / 2), d.y(py + (wh - (o if below else 0)) / 2), 90)
    if below:
        _note(canvas, d.x(px + ww / 2), d.y(py + wh - o / 2), 0)
    canvas.restoreState()


def _note(canvas: Any, x: float, y: float, angle: float) -> None:
    """Write the overlap note centred at (x, y) points, on a white label."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = 5.5
    width = stringWidth(OVERLAP_NOTE, "Vera", size)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(angle)
    canvas.setFillColor("#ffffff")
    canvas.roundRect(-width / 2 - 3, -size * 0.75, width + 6, size * 1.5, 2, stroke=0, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont("Vera", size)
    canvas.drawCentredString(0, -size * 0.35, OVERLAP_NOTE)
    canvas.restoreState()


def _targets(canvas: Any, tile: Tile, overlap: float) -> None:
    """Draw crosshairs in the margin on every cut line and overlap line, so that a sheet's
    crosshairs sit on its neighbour's when the two are lined up."""
    from .pdf import PageDraw

    d = PageDraw(canvas, tile.page[1])
    px, py = tile.at
    _, _, ww, wh = tile.window
    xs = [px, px + ww] + ([px + ww - overlap] if tile.right else [])
    ys = [py, py + wh] + ([py + wh - overlap] if tile.below else [])
    centres = [(x, y) for x in xs for y in (py - TARGET_AT, py + wh + TARGET_AT)]
    centres += [(x, y) for y in ys for x in (px - TARGET_AT, px + ww + TARGET_AT)]
    canvas.saveState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.3)
    for x, y in centres:
        canvas.circle(d.x(x), d.y(y), TARGET_RADIUS * K, stroke=1, fill=0)
        canvas.line(d.x(x - TARGET_ARM), d.y(y), d.x(x + TARGET_ARM), d.y(y))
        canvas.line(d.x(x), d.y(y - TARGET_ARM), d.x(x), d.y(y + TARGET_ARM))
    canvas.restoreState()


def _index(canvas: Any, plan: TilePlan, tile: Tile, title: str) -> None:
    """Name the sheet at the foot of the page, beside an overview of the grid."""
    from .pdf import PageDraw

    page_w, page_h = tile.page
    d = PageDraw(canvas, page_h)
    top = page_h - MARGIN - INDEX_ROOM
    left = MARGIN + 1
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setFont("Vera-Bold", 7.5)
    canvas.drawString(d.x(left), d.y(top + 5), f"{title} - sheet {tile.name} "
                      f"({plan.place(tile)})")
    canvas.setFont("Vera", 6)
    canvas.setFillColor("#555555")
    words = ("Print at 100%. Trim on the outer lines; glue each pale dashed strip under the "
             "next sheet, crosshair on crosshair." if plan.pages > 1 else
             "Print at 100%. The board is whole on this sheet: trim on its outer lines.")
    canvas.drawString(d.x(left), d.y(top + 9.5), words)
    _overview(canvas, d, plan, tile, page_w - MARGIN - 1, top + 1.5)
    canvas.restoreState()


def _overview(canvas: Any, d: Any, plan: TilePlan, tile: Tile, right: float, top: float
              ) -> None:
    """Draw the board's sheets in small, this one dark, ending at ``right``."""
    scale = min(9.0 / plan.board_h, 24.0 / plan.board_w)
    x0 = right - plan.board_w * scale
    canvas.setLineWidth(0.4)
    canvas.setStrokeColor("#555555")
    for t in (*[t for t in plan.tiles if t != tile], tile):
        x, y, w, h = t.window
        canvas.setFillColor(INK if t == tile else "#ffffff")
        canvas.rect(d.x(x0 + x * scale), d.y(top + (y + h) * scale), w * scale * K,
                    h * scale * K, stroke=1, fill=1)


def board_pdf(face: Face, *, fit: str, title: str) -> bytes:
    """Return a one-page PDF of the whole board: ``fit="a3"`` shrinks it to fit A3 and says
    by how much; ``fit="poster"`` prints it at true size with a 10 mm margin."""
    if fit == "a3":
        scale, pw, ph = fit_scale(face.width, face.height, "a3")
        w, h = face.width * scale, face.height * scale
        x, y = (pw - w) / 2, MARGIN + (ph - 2 * MARGIN - NOTE_ROOM - h) / 2
        note = (f"{title} - scaled to {scale * 100:.0f}%: print at 100%; the board's true size "
                f"is {face.width:.0f} x {face.height:.0f} mm" if scale < 1 else
                f"{title} - true size ({face.width:.0f} x {face.height:.0f} mm): print at 100%")
        note_y = ph - MARGIN - 2.5
    elif fit == "poster":
        scale, w, h = 1.0, face.width, face.height
        pw, ph = w + 2 * POSTER_MARGIN, h + 2 * POSTER_MARGIN
        x = y = POSTER_MARGIN
        note = f"{title} - true size, {w:.0f} x {h:.0f} mm: print at 100%"
        note_y = ph - POSTER_MARGIN / 2 - 1
    else:
        raise ValueError(f"fit must be a3 or poster, not {fit!r}")
    return _one_page(face, title, (pw, ph), (x, y, scale), note, note_y)


def _one_page(face: Face, title: str, page: tuple[float, float],
              at: tuple[float, float, float], note: str, note_y: float) -> bytes:
    from ..layout.text import register_fonts
    from .pdf import new_canvas

    register_fonts()
    pw, ph = page
    x, y, scale = at
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, pagesize=(pw * K, ph * K), initialFontName="Vera",
                        initialFontSize=9)
    canvas.setTitle(title)
    canvas.setAuthor("pnpcompiler")
    canvas.setCreator("pnpcompiler")
    _boxes(canvas, ph, x, y, face.width * scale, face.height * scale)
    form = define_board_form(canvas, face, title)
    _place(canvas, form, face, ph, x, y, scale)
    canvas.setFont("Vera", 7)
    canvas.setFillColor("#555555")
    canvas.drawString(x * K, (ph - note_y) * K, note)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
