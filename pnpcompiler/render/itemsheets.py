"""Sheets of imposed items in the kit PDF: the fronts page, the backs page (or both halves of
a folded page), their crop marks, cut outlines, fold line and label.

Each item is drawn inside its cell (``layout.impose.Sheet.cell``): its bleed, but not over a
neighbour it shares a cut with. A shared back is drawn once per document as a form and placed
by reference. Lengths are millimetres from the page's top-left corner.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from ..layout.impose import (
    LABEL_ROOM,
    MARGIN,
    MARK_GAP,
    MARK_LENGTH,
    Band,
    Box,
    Page,
    Sheet,
    turn_box,
)
from ..layout.model import Face
from ..layout.printables import ItemFaces, ItemGroup

CUT_LINE = "#555555"
FOLD_LINE = "#888888"
LABEL_GREY = "#777777"
LABEL_SIZE = 6.0
LABEL_MIN_SIZE = 4.5
MARK_SIZE = 4.0
"""Points: a version mark is about 1.4 mm tall."""
MARK_CLEARANCE = 0.6
"""Millimetres between the trim and a version mark, so a cut a little off misses it."""
_K = 72 / 25.4


@dataclass
class ItemSheet:
    """What drawing a sheet of items needs: the groups, each one's copies in order, which
    have backs, and the print options that place them."""

    groups: list[ItemGroup]
    copies: list[list[ItemFaces]]
    with_backs: list[bool]
    crop_marks: bool
    duplex: str
    back_offset: tuple[float, float]
    forms: dict[tuple[int, str], str] = field(default_factory=dict)
    """The name of each back drawn so far as a form, by group and back id."""

    def marks(self, band: Band) -> bool:
        """Return whether the band's items get crop marks."""
        return self.crop_marks and self.groups[band.request].crop_marks

    def names(self, bands: tuple[Band, ...] | list[Band]) -> str:
        """Return the names of the components on some bands, each once."""
        return ", ".join(dict.fromkeys(self.groups[b.request].name for b in bands))


def draw_fronts(canvas: Any, kit: ItemSheet, page: Page, sheet: int) -> None:
    """Draw a sheet's fronts page (with the backs beside them when folded)."""
    from .pdf import PageDraw

    draw = PageDraw(canvas, page.page_h)
    boxes = [band.sheet.grid_box(band.count) for band in page.bands]
    for band in page.bands:
        group = kit.groups[band.request]
        s = band.sheet
        for i, item in enumerate(kit.copies[band.request][band.start:band.start + band.count]):
            x, y = s.trim(i)
            _clipped(canvas, draw, s.cell(i, band.count),
                     lambda x=x, y=y, face=item.front: draw.face_repeated(face, x, y))
            _version_mark(canvas, draw, s.cell(i, band.count), x, y + s.item_h,
                          item.front_mark)
            _cut_line(canvas, draw, group.shape, x, y, s.item_w, s.item_h)
        if kit.marks(band):
            _marks(canvas, draw, s, band.count)
    backs = [b for b in page.bands if kit.with_backs[b.request]]
    names = kit.names(page.bands)
    if page.fold:
        for band in backs:
            _backs(canvas, kit, band, "fold", (0.0, 0.0))
            boxes.append(_turned(band.sheet.grid_box(band.count), band.sheet, "fold"))
        if backs:
            _fold_line(canvas, draw, page)
        heads: tuple[str, ...] = (f"Sheet {sheet}: ",)
        tail = " - fold on the dashed line, glue, then cut" if backs else " (one-sided)"
    elif backs:
        heads, tail = (f"Sheet {sheet}, fronts: ",), ""
    else:  # a sheet with no backs has fronts alone: where room is short, it says so less
        heads, tail = (f"Sheet {sheet}, fronts: ", f"Sheet {sheet}: "), " (one-sided)"
    _boxes(canvas, page, boxes)
    _label(canvas, draw, page, _label_spot(kit, page, back=False), heads, names, tail)


def draw_backs(canvas: Any, kit: ItemSheet, page: Page, sheet: int) -> None:
    """Draw a sheet's backs page: each back where its front lands once the sheet is turned
    over, shifted by the printer offset."""
    from .pdf import PageDraw

    draw = PageDraw(canvas, page.page_h)
    backs = [b for b in page.bands if kit.with_backs[b.request]]
    for band in backs:
        _backs(canvas, kit, band, kit.duplex, kit.back_offset)
    _boxes(canvas, page, [_turned(b.sheet.grid_box(b.count), b.sheet, kit.duplex,
                                  kit.back_offset) for b in backs])
    _label(canvas, draw, page, _label_spot(kit, page, back=True),
           (f"Sheet {sheet}, backs ({kit.duplex}-edge duplex): ",), kit.names(backs))


def _turned(box: Box, sheet: Sheet, duplex: str,
            offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    return turn_box(box, sheet.page_w, sheet.page_h, sheet.mirrors_x(duplex), offset)


def _clipped(canvas: Any, draw: Any, cell: Box, paint: Any) -> None:
    """Run ``paint`` with everything it draws kept inside ``cell``."""
    canvas.saveState()
    # Every sheet of a band clips the same cells: each clip's operators are written once.
    key = (*cell, draw.top, canvas._fillMode)
    clip = _CLIPS.get(key)
    if clip is None:
        left, top, right, bottom = cell
        path = canvas.beginPath()
        path.rect(draw.x(left), draw.y(bottom), (right - left) * _K, (bottom - top) * _K)
        canvas.clipPath(path, stroke=0, fill=0)
        if len(_CLIPS) >= _MOST_KEPT:
            _CLIPS.clear()
        _CLIPS[key] = canvas._code[-1]
    else:
        canvas._code.append(clip)
    paint()
    canvas.restoreState()


_MOST_KEPT = 4096
"""Clips and crop marks kept to repeat, at most (then they are made afresh)."""
_CLIPS: dict[tuple[float, ...], str] = {}
"""A cell's clipping operators, by its box, the page's height and the fill mode."""
_MARKS: dict[tuple[Sheet, int, float], list[str]] = {}
"""A band's crop mark operators, by its sheet, its items and the page's height."""


def _backs(canvas: Any, kit: ItemSheet, band: Band, duplex: str,
           offset: tuple[float, float]) -> None:
    """Draw each back of a band where its front lands once the sheet is turned over (or
    folded); a shared back is drawn once per document as a form and placed by reference."""
    from .pdf import PageDraw

    sheet = band.sheet
    draw = PageDraw(canvas, sheet.page_h)
    items = kit.copies[band.request][band.start:band.start + band.count]
    for i, item in enumerate(items):
        if item.back is None:
            continue
        x, y = sheet.back(i, duplex, offset)
        key = (band.request, item.back_id or item.id)
        if key not in kit.forms:
            kit.forms[key] = f"back{len(kit.forms)}"
            _define_form(canvas, kit.forms[key], item.back)
        form = kit.forms[key]

        def place(x: float = x, y: float = y, form: str = form) -> None:
            canvas.translate((x - sheet.bleed) * _K,
                             (sheet.page_h - y - sheet.item_h - sheet.bleed) * _K)
            canvas.doForm(form)

        cell = sheet.back_cell(i, band.count, duplex, offset)
        _version_mark(canvas, draw, cell, x, y + sheet.item_h, item.back_mark)
        whole = (x - sheet.bleed, y - sheet.bleed, x + sheet.item_w + sheet.bleed,
                 y + sheet.item_h + sheet.bleed)
        if all(abs(a - b) < 1e-9 for a, b in zip(cell, whole, strict=True)):
            canvas.saveState()  # the form's own box keeps it to its bleed
            place()
            canvas.restoreState()
        else:
            _clipped(canvas, draw, cell, place)


def _version_mark(canvas: Any, draw: Any, cell: Box, left: float, trim_bottom: float,
                  mark: str) -> None:
    """Print a face's version mark in the bleed under its trim's bottom-left corner, on a
    white ground so it reads over the bleed's art; none where the bleed is too narrow to
    hold it (the cut takes it away with the bleed)."""
    top = trim_bottom + MARK_CLEARANCE
    bottom = top + MARK_SIZE * 1.15 / _K + 0.2
    if not mark or bottom > cell[3] + 1e-9:
        return
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from .pdf import colour, draw_string

    width = stringWidth(mark, "Vera", MARK_SIZE) / _K + 0.4
    canvas.saveState()
    canvas.setFillColor(colour("#ffffff"))
    canvas.rect(draw.x(left), draw.y(bottom), width * _K, (bottom - top) * _K, stroke=0,
                fill=1)
    canvas.setFont("Vera", MARK_SIZE)
    canvas.setFillColor(colour(LABEL_GREY))
    draw_string(canvas, draw.x(left + 0.2), draw.y(bottom - 0.45), mark)
    canvas.restoreState()


def _colour(value: str) -> Any:
    """Return reportlab's colour for ``value``, parsed once (every sheet draws the same few)."""
    from .pdf import colour

    return colour(value)


def _boxes(canvas: Any, page: Page, boxes: list[Box]) -> None:
    """Set the page's TrimBox round the trims of every band (both halves when folded) and
    its BleedBox a bleed further out."""
    if not boxes:
        return
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
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
    canvas.setStrokeColor(_colour(CUT_LINE))
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
    canvas.setStrokeColor(_colour("#000000"))
    canvas.setLineWidth(0.25)
    # Each full sheet of a band has the same marks: their operators are written once.
    key = (sheet, count, draw.top)
    lines = _MARKS.get(key)
    if lines is None:
        start = len(canvas._code)
        for x1, y1, x2, y2 in sheet.crop_marks(count):
            canvas.line(draw.x(x1), draw.y(y1), draw.x(x2), draw.y(y2))
        if len(_MARKS) >= _MOST_KEPT:
            _MARKS.clear()
        _MARKS[key] = canvas._code[start:]
    else:
        canvas._code.extend(lines)
    canvas.restoreState()


def _fold_line(canvas: Any, draw: Any, page: Page) -> None:
    """Dash the fold line across the page, inside the safe margin, and name it."""
    canvas.saveState()
    canvas.setStrokeColor(_colour(FOLD_LINE))
    canvas.setLineWidth(0.3 * _K)
    canvas.setDash([2 * _K, 1.5 * _K])
    canvas.setFont("Vera", 6)
    canvas.setFillColor(_colour(FOLD_LINE))
    if page.fold == "vertical":
        x = page.page_w / 2
        canvas.line(draw.x(x), draw.y(MARGIN + 1), draw.x(x),
                    draw.y(page.page_h - MARGIN - LABEL_ROOM))
        canvas.drawCentredString(draw.x(x), draw.y(page.page_h - MARGIN - 0.9), "fold")
    else:
        y = page.page_h / 2
        canvas.line(draw.x(MARGIN + 1), draw.y(y), draw.x(page.page_w - MARGIN - 8),
                    draw.y(y))
        canvas.drawString(draw.x(page.page_w - MARGIN - 6.5), draw.y(y + 0.8), "fold")
    canvas.restoreState()


def _extents(kit: ItemSheet, page: Page, back: bool) -> list[Box]:
    """Return what the page draws, band by band: items with their bleed, and the crop marks
    on a page of fronts (a folded page's backs half included)."""
    out = []
    for band in page.bands:
        s = band.sheet
        left, top, right, bottom = s.grid_box(band.count)
        room = MARK_GAP + MARK_LENGTH if kit.marks(band) and not back else 0.0
        box = (left - s.bleed - room, top - s.bleed - room, right + s.bleed + room,
               bottom + s.bleed + room)
        if back:
            box = _turned(box, s, kit.duplex, kit.back_offset)
        out.append(box)
        if page.fold and kit.with_backs[band.request]:
            out.append(_turned(box, s, "fold"))
    return out


def _label_spot(kit: ItemSheet, page: Page, back: bool) -> tuple[float, float, float] | None:
    """Return (left, baseline, width) for the sheet's label: under everything when there is
    room, else above it, else between two crop marks under the lowest band."""
    right = page.page_w / 2 - 4 if page.fold == "vertical" else page.page_w - MARGIN - 1
    boxes = _extents(kit, page, back)
    if all(b[3] <= page.page_h - MARGIN - LABEL_ROOM + 1e-6 for b in boxes):
        return (MARGIN + 1, page.page_h - MARGIN - 0.9, right - MARGIN - 1)
    if all(b[1] >= MARGIN + LABEL_ROOM - 1e-6 for b in boxes):
        return (MARGIN + 1, MARGIN + LABEL_ROOM - 0.9, right - MARGIN - 1)
    if back:
        return None
    lowest = max(page.bands, key=lambda band: band.sheet.grid_box(band.count)[3])
    if not kit.marks(lowest):
        return None
    s = lowest.sheet
    xs, _ = s.trim_lines(lowest.count)
    edges = [MARGIN, *xs, right + 1]
    left, width = max(((a + 0.5, b - a - 1.0) for a, b in itertools.pairwise(edges)),
                      key=lambda spot: spot[1])
    baseline = s.grid_box(lowest.count)[3] + s.bleed + MARK_GAP + MARK_LENGTH - 0.9
    return (left, baseline, width)


def _label(canvas: Any, draw: Any, page: Page, spot: tuple[float, float, float] | None,
           heads: tuple[str, ...], names: str, tail: str = "") -> None:
    """Write the sheet's label, a head, ``names`` and ``tail``, at ``spot``: in smaller type,
    then with the next (shorter) of ``heads``, then with the names cut short, to fit its
    width (the sheet's number and how to print it stay)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if spot is None:
        return
    left, baseline, width = spot
    for head in heads:
        text = head + names + tail
        size = LABEL_SIZE
        while size > LABEL_MIN_SIZE and stringWidth(text, "Vera", size) > width * _K:
            size -= 0.5
        if stringWidth(text, "Vera", size) <= width * _K:
            break
    if stringWidth(text, "Vera", size) > width * _K:
        while names and stringWidth(f"{head}{names}...{tail}", "Vera", size) > width * _K:
            names = names[:-1]
        text = f"{head}{names.rstrip(' ,:')}...{tail}"
    canvas.saveState()
    canvas.setFont("Vera", size)
    canvas.setFillColor(_colour(LABEL_GREY))
    canvas.drawString(draw.x(left), draw.y(baseline), text)
    canvas.restoreState()
