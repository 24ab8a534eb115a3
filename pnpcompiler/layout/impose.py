"""Imposition: how many items fit a sheet, where each trim goes, crop marks and duplex backs.

All lengths in millimetres from the page's top-left corner. Items sit with a gutter of two
bleeds between neighbouring trims, each cut on its own line; along an axis where that would
leave a row or column off the sheet, rectangular items with crop marks sit edge to edge
instead and share one cut (their bleed then shows only round the block). Crop marks run in
the margin outside the grid, one at each trim line, so no mark ever prints on an item.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
MARGIN = 5.0
"""Edge a home printer cannot print (most manage 3-5 mm); nothing is placed in it."""
MARK_LENGTH = 3.5
MARK_GAP = 1.0
"""Space between the bleed edge and the start of a crop mark."""
LABEL_ROOM = 3.0
"""Band kept free at the foot of a sheet for its label, when the items below have no crop
marks to hold the label between them."""

Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in mm."""


def mirror_x(duplex: str, landscape: bool, fold: str = "") -> bool:
    """Return whether turning the sheet over mirrors it left to right (else top to bottom).

    Flipping a sheet over its long edge mirrors it across the other axis: a portrait sheet
    turns left to right, a landscape one top to bottom; short-edge flipping the reverse.
    Folding mirrors across the fold line.
    """
    return fold == "vertical" if fold else (duplex == "long") != landscape


def turn_box(box: Box, page_w: float, page_h: float, across_x: bool,
             offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    """Return where ``box`` lands on the other side of the sheet, plus the printer offset."""
    left, top, right, bottom = box
    if across_x:
        left, right = page_w - right, page_w - left
    else:
        top, bottom = page_h - bottom, page_h - top
    dx, dy = offset
    return (left + dx, top + dy, right + dx, bottom + dy)


@dataclass(frozen=True)
class Sheet:
    """A page layout for items of one size: grid, orientation and where the grid starts."""

    paper: str
    page_w: float
    page_h: float
    item_w: float
    item_h: float
    bleed: float
    cols: int
    rows: int
    x0: float
    """Left edge of the first item's trim."""
    y0: float
    gap_x: float
    """Space between the trims of neighbours in a row: two bleeds, or 0 where they share a
    cut."""
    gap_y: float
    """Space between the trims of neighbours in a column."""
    fold: str = ""
    """``vertical`` or ``horizontal`` when fronts and backs share the page either side of a
    fold line (``--duplex fold``); empty for duplex printing."""

    @property
    def per_page(self) -> int:
        """Return how many items one page holds."""
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        """Return whether the page is wider than it is tall."""
        return self.page_w > self.page_h

    @property
    def shared_cuts(self) -> bool:
        """Return whether some neighbours sit edge to edge, one cut between them."""
        gutter = 2 * self.bleed - 1e-9
        return (self.cols > 1 and self.gap_x < gutter) or (self.rows > 1 and self.gap_y < gutter)

    def trim(self, index: int) -> tuple[float, float]:
        """Return the top-left corner of the ``index``-th item's trim (row by row)."""
        row, col = divmod(index, self.cols)
        return (self.x0 + col * (self.item_w + self.gap_x),
                self.y0 + row * (self.item_h + self.gap_y))

    def cell(self, index: int, count: int | None = None) -> Box:
        """Return what the ``index``-th item may paint: its trim and bleed, but only up to
        half the gap on a side where another of the ``count`` items is its neighbour."""
        count = self.per_page if count is None else min(count, self.per_page)
        row, col = divmod(index, self.cols)
        x, y = self.trim(index)
        b = self.bleed
        side_x, side_y = min(b, self.gap_x / 2), min(b, self.gap_y / 2)
        left = side_x if col > 0 else b
        right = side_x if col < self.cols - 1 and index + 1 < count else b
        top = side_y if row > 0 else b
        bottom = side_y if index + self.cols < count else b
        return (x - left, y - top, x + self.item_w + right, y + self.item_h + bottom)

    def back(self, index: int, duplex: str = "long", offset: tuple[float, float] = (0.0, 0.0)
             ) -> tuple[float, float]:
        """Return where the back of the ``index``-th item goes on the next page (or the other
        half of a folded page): where its front lands once the sheet is turned over, plus
        the printer offset."""
        x, y = self.trim(index)
        left, top, _, _ = turn_box((x, y, x + self.item_w, y + self.item_h), self.page_w,
                                   self.page_h, self.mirrors_x(duplex), offset)
        return (left, top)

    def back_cell(self, index: int, count: int | None, duplex: str,
                  offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """Return the cell of the ``index``-th item's back: its front's, turned over."""
        return turn_box(self.cell(index, count), self.page_w, self.page_h,
                        self.mirrors_x(duplex), offset)

    def mirrors_x(self, duplex: str) -> bool:
        """Return whether this sheet's backs are its fronts mirrored left to right."""
        return mirror_x(duplex, self.landscape, self.fold)

    def used(self, count: int | None = None) -> tuple[int, int]:
        """Return the (columns, rows) that ``count`` items occupy (all when None)."""
        if count is None or count >= self.per_page:
            return self.cols, self.rows
        count = max(count, 1)
        return min(count, self.cols), -(-count // self.cols)

    def grid_box(self, count: int | None = None) -> Box:
        """Return (left, top, right, bottom) of the outer trims of the cells in use."""
        cols, rows = self.used(count)
        right = self.x0 + cols * self.item_w + (cols - 1) * self.gap_x
        bottom = self.y0 + rows * self.item_h + (rows - 1) * self.gap_y
        return (self.x0, self.y0, right, bottom)

    def trim_lines(self, count: int | None = None) -> tuple[list[float], list[float]]:
        """Return the x of every vertical and the y of every horizontal trim line in use; a
        line two neighbours share is given once."""
        cols, rows = self.used(count)
        xs = {round(self.x0 + c * (self.item_w + self.gap_x) + d, 6)
              for c in range(cols) for d in (0.0, self.item_w)}
        ys = {round(self.y0 + r * (self.item_h + self.gap_y) + d, 6)
              for r in range(rows) for d in (0.0, self.item_h)}
        return sorted(xs), sorted(ys)

    def crop_marks(self, count: int | None = None) -> list[tuple[float, float, float, float]]:
        """Return crop mark segments (x1, y1, x2, y2) outside the grid, at every trim line of
        the cells that ``count`` items use (a part-filled sheet gets marks only where it is
        cut)."""
        left, top, right, bottom = self.grid_box(count)
        b = self.bleed
        xs, ys = self.trim_lines(count)
        out = []
        # A folded sheet has no marks on its fold side: the grid's bleed reaches the fold.
        for x in xs:
            out.append((x, top - b - MARK_GAP - MARK_LENGTH, x, top - b - MARK_GAP))
            if self.fold != "horizontal":
                out.append((x, bottom + b + MARK_GAP, x, bottom + b + MARK_GAP + MARK_LENGTH))
        for y in ys:
            out.append((left - b - MARK_GAP - MARK_LENGTH, y, left - b - MARK_GAP, y))
            if self.fold != "vertical":
                out.append((right + b + MARK_GAP, y, right + b + MARK_GAP + MARK_LENGTH, y))
        return out


def fit_count(room: float, item: float, bleed: float, gap: float) -> int:
    """Return how many items fit ``room`` mm in a line with ``gap`` between neighbouring
    trims and a bleed at either end."""
    return max(0, int((room - 2 * bleed + gap + 1e-9) // (item + gap)))


def line_up(room: float, item: float, bleed: float, butt: bool) -> tuple[int, float]:
    """Return how many items fit ``room`` in a line and the gap between them: two bleeds,
    or edge to edge (when ``butt`` allows) if that holds more."""
    gutter = 2 * bleed
    count = fit_count(room, item, bleed, gutter)
    if butt and fit_count(room, item, bleed, 0.0) > count:
        return fit_count(room, item, bleed, 0.0), 0.0
    return count, gutter


def _mark_room(marks: bool) -> float:
    return MARK_GAP + MARK_LENGTH if marks else 0.0


def _label_room(marks: bool) -> float:
    """Return the room kept under the items for the sheet's label: none when it fits
    between the crop marks."""
    return 0.0 if marks else LABEL_ROOM


def plan(item_w: float, item_h: float, bleed: float, paper: str, *, marks: bool = True,
         fold: bool = False, butt: bool = False) -> Sheet:
    """Lay items out on ``paper``, portrait or landscape, whichever holds more (portrait on a
    tie); the grid is centred. ``butt`` lets items sit edge to edge along an axis where
    gutters would leave a row or column off. With ``fold``, the grid fills one half of the
    page and the backs go in the other half, mirrored across the fold line (either fold
    direction, the one that holds more). Raises ValueError when not even one item fits."""
    pw, ph = PAPERS[paper]
    reserve = MARGIN + _mark_room(marks)
    best: Sheet | None = None
    folds = ("vertical", "horizontal") if fold else ("",)
    for w, h in ((pw, ph), (ph, pw)):
        for how in folds:
            # Each item takes its trim plus a bleed on either side; marks and margin frame it
            # all. On a folded page the grid runs up to the fold: the bleeds of fronts and
            # backs meet there, and the marks on the three outer sides mark every cut.
            area_w = (w / 2 - reserve) if how == "vertical" else w - 2 * reserve
            area_h = ((h / 2 - reserve) if how == "horizontal" else h - 2 * reserve) \
                - _label_room(marks)
            cols, gap_x = line_up(area_w, item_w, bleed, butt)
            rows, gap_y = line_up(area_h, item_h, bleed, butt)
            if cols < 1 or rows < 1:
                continue
            grid_w = cols * item_w + (cols - 1) * gap_x
            grid_h = rows * item_h + (rows - 1) * gap_y
            x0 = w / 2 - bleed - grid_w if how == "vertical" else (w - grid_w) / 2
            y0 = h / 2 - bleed - grid_h if how == "horizontal" else (h - grid_h) / 2
            sheet = Sheet(paper, w, h, item_w, item_h, bleed, cols, rows, x0, y0, gap_x,
                          gap_y, how)
            if best is None or sheet.per_page > best.per_page:
                best = sheet
    if best is None:
        raise ValueError(f"a {item_w:g} x {item_h:g} mm item with {bleed:g} mm bleed does not "
                         f"fit on {paper.upper()} paper")
    return best


@dataclass(frozen=True)
class Request:
    """A family of same-size items to place on sheets."""

    item_w: float
    item_h: float
    bleed: float
    marks: bool
    count: int
    backs: bool
    butt: bool = False
    """Whether neighbours may sit edge to edge, one cut between them (rectangles with crop
    marks)."""


@dataclass(frozen=True)
class Band:
    """Some items of one request, in rows across a page: a grid of its own."""

    request: int
    start: int
    """Index of the band's first item within its request."""
    count: int
    sheet: Sheet


@dataclass(frozen=True)
class Page:
    """One sheet of paper: bands of items stacked from the top."""

    page_w: float
    page_h: float
    fold: str
    bands: tuple[Band, ...]


BAND_GAP = 2.0
"""Space between two bands' bleeds, besides the room their crop marks need."""


@dataclass
class _Filling:
    paper: str
    page_w: float
    page_h: float
    fold: str
    cursor: float
    """Lowest point used so far, marks included."""
    bands: list[Band]

    def band(self, index: int, r: Request, start: int, remaining: int) -> Band | None:
        """Return a band of as many of ``remaining`` items as fit below the cursor."""
        w, h, b, room = self.page_w, self.page_h, r.bleed, _mark_room(r.marks)
        area_w = (w / 2 - MARGIN - room) if self.fold == "vertical" else w - 2 * (MARGIN + room)
        top = self.cursor + room + (BAND_GAP if self.bands else 0.0)
        # The label's room goes at the foot; a folded page's bands move down to the fold
        # when it is done, so its room is then above them (and below the mirrored backs).
        bottom = (h / 2 if self.fold == "horizontal" else h - MARGIN - room) \
            - _label_room(r.marks)
        cols, gap_x = line_up(area_w, r.item_w, b, r.butt)
        rows_fit, gap_y = line_up(bottom - top, r.item_h, b, r.butt)
        if cols < 1 or rows_fit < 1:
            return None
        take = min(remaining, cols * rows_fit)
        rows = -(-take // cols)
        # Gutters wherever the rows this band needs fit with them.
        if fit_count(bottom - top, r.item_h, b, 2 * b) >= rows:
            gap_y = 2 * b
        grid_w = cols * r.item_w + (cols - 1) * gap_x
        x0 = w / 2 - b - grid_w if self.fold == "vertical" else (w - grid_w) / 2
        sheet = Sheet(self.paper, w, h, r.item_w, r.item_h, b, cols, rows, x0, top + b,
                      gap_x, gap_y, self.fold)
        return Band(index, start, take, sheet)

    def add(self, band: Band, r: Request) -> None:
        _, _, _, bottom = band.sheet.grid_box()
        self.cursor = bottom + r.bleed + _mark_room(r.marks)
        self.bands.append(band)

    def page(self) -> Page:
        """Return the page with its bands centred down the page (or reaching the fold); when
        little room is left, it goes under the bands, for the sheet's label."""
        if self.fold == "horizontal":
            last = self.bands[-1].sheet
            shift = self.page_h / 2 - last.grid_box()[3] - last.bleed
        else:
            free = self.page_h - MARGIN - self.cursor
            shift = free / 2 if free >= 2 * LABEL_ROOM else max(0.0, free - LABEL_ROOM)
        bands = tuple(Band(b.request, b.start, b.count, replace(b.sheet, y0=b.sheet.y0 + shift))
                      for b in self.bands)
        return Page(self.page_w, self.page_h, self.fold, bands)


def pack(requests: list[Request], paper: str, *, fold: bool = False) -> list[Page]:
    """Place every request's items on pages, filling each page before the next: first the
    requests with backs, then those without, never both on one page (a sheet printed
    double-sided holds only items whose backs are on its other side).

    A request starts a page in the orientation that suits it best (as :func:`plan` chooses);
    a later one continues on the same page, in new rows below, when its items fit there in
    that orientation (all of them, or it prefers that orientation anyway). So a few counters
    of one kind share a sheet with the next kind instead of taking a sheet each. With
    ``fold``, requests with backs go on fold-in-half pages and the rest on plain ones.
    Raises ValueError when an item does not fit the paper at all.
    """
    two_sided = [i for i, r in enumerate(requests) if r.backs]
    one_sided = [i for i, r in enumerate(requests) if not r.backs]
    return _fill(requests, two_sided, paper, fold) + _fill(requests, one_sided, paper, fold)


def _fill(requests: list[Request], indices: list[int], paper: str, fold: bool) -> list[Page]:
    """Return the pages that the requests at ``indices`` fill, in order."""
    pages: list[Page] = []
    current: _Filling | None = None
    for index in indices:
        r = requests[index]
        best = plan(r.item_w, r.item_h, r.bleed, paper, marks=r.marks, fold=fold and r.backs,
                    butt=r.butt)
        start = 0
        while start < r.count:
            band = None
            if current is not None and current.fold == best.fold:
                band = current.band(index, r, start, r.count - start)
                same_way = (current.page_w > current.page_h) == best.landscape
                if band is not None and not (same_way or band.count == r.count - start):
                    band = None
            if band is None:
                if current is not None:
                    pages.append(current.page())
                current = _Filling(paper, best.page_w, best.page_h, best.fold, MARGIN, [])
                band = current.band(index, r, start, r.count - start)
                if band is None:  # plan() said it fits; a page of its own always holds one
                    raise ValueError("item does not fit the page")
            assert current is not None
            current.add(band, r)
            start += band.count
    if current is not None and current.bands:
        pages.append(current.page())
    return pages
