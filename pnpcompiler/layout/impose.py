"""Imposition: how many items fit a sheet, where each trim goes, crop marks and duplex backs.

All lengths in millimetres from the page's top-left corner. Items sit edge to edge with their
bleeds, so neighbouring trims are two bleeds apart; crop marks run in the margin outside the
grid, one at each trim line, so no mark ever prints on an item.
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

    def trim(self, index: int) -> tuple[float, float]:
        """Return the top-left corner of the ``index``-th item's trim (row by row)."""
        row, col = divmod(index, self.cols)
        return (self.x0 + col * (self.item_w + 2 * self.bleed),
                self.y0 + row * (self.item_h + 2 * self.bleed))

    def back(self, index: int, duplex: str = "long", offset: tuple[float, float] = (0.0, 0.0)
             ) -> tuple[float, float]:
        """Return where the back of the ``index``-th item goes on the next page.

        Flipping a sheet over its long edge mirrors it across the other axis: a portrait sheet
        turns left to right, a landscape one top to bottom; short-edge flipping the reverse.
        The printer offset is added last.
        """
        x, y = self.trim(index)
        # Folding mirrors across the fold line, the page's centre line.
        mirror_x = (self.fold == "vertical" if self.fold
                    else (duplex == "long") != self.landscape)
        if mirror_x:
            x = self.page_w - x - self.item_w
        else:
            y = self.page_h - y - self.item_h
        return (x + offset[0], y + offset[1])

    def used(self, count: int | None = None) -> tuple[int, int]:
        """Return the (columns, rows) that ``count`` items occupy (all when None)."""
        if count is None or count >= self.per_page:
            return self.cols, self.rows
        count = max(count, 1)
        return min(count, self.cols), -(-count // self.cols)

    def grid_box(self, count: int | None = None) -> tuple[float, float, float, float]:
        """Return (left, top, right, bottom) of the outer trims of the cells in use."""
        cols, rows = self.used(count)
        right = self.x0 + cols * self.item_w + (cols - 1) * 2 * self.bleed
        bottom = self.y0 + rows * self.item_h + (rows - 1) * 2 * self.bleed
        return (self.x0, self.y0, right, bottom)

    def crop_marks(self, count: int | None = None) -> list[tuple[float, float, float, float]]:
        """Return crop mark segments (x1, y1, x2, y2) outside the grid, at every trim line of
        the cells that ``count`` items use (a part-filled sheet gets marks only where it is
        cut)."""
        left, top, right, bottom = self.grid_box(count)
        cols, rows = self.used(count)
        b = self.bleed
        out = []
        xs = sorted({self.x0 + c * (self.item_w + 2 * b) + d
                     for c in range(cols) for d in (0.0, self.item_w)})
        ys = sorted({self.y0 + r * (self.item_h + 2 * b) + d
                     for r in range(rows) for d in (0.0, self.item_h)})
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


def plan(item_w: float, item_h: float, bleed: float, paper: str, *, marks: bool = True,
         fold: bool = False) -> Sheet:
    """Lay items out on ``paper``, portrait or landscape, whichever holds more (portrait on a
    tie); the grid is centred. With ``fold``, the grid fills one half of the page and the
    backs go in the other half, mirrored across the fold line (either fold direction, the one
    that holds more). Raises ValueError when not even one item fits."""
    pw, ph = PAPERS[paper]
    reserve = MARGIN + (MARK_GAP + MARK_LENGTH if marks else 0.0)
    best: Sheet | None = None
    folds = ("vertical", "horizontal") if fold else ("",)
    for w, h in ((pw, ph), (ph, pw)):
        for how in folds:
            # Each item takes its trim plus a bleed on either side; marks and margin frame it
            # all. On a folded page the grid runs up to the fold: the bleeds of fronts and
            # backs meet there, and the marks on the three outer sides mark every cut.
            area_w = (w / 2 - reserve) if how == "vertical" else w - 2 * reserve
            area_h = (h / 2 - reserve) if how == "horizontal" else h - 2 * reserve
            cols = int((area_w + 1e-9) // (item_w + 2 * bleed))
            rows = int((area_h + 1e-9) // (item_h + 2 * bleed))
            if cols < 1 or rows < 1:
                continue
            grid_w = cols * item_w + (cols - 1) * 2 * bleed
            grid_h = rows * item_h + (rows - 1) * 2 * bleed
            x0 = w / 2 - bleed - grid_w if how == "vertical" else (w - grid_w) / 2
            y0 = h / 2 - bleed - grid_h if how == "horizontal" else (h - grid_h) / 2
            sheet = Sheet(paper, w, h, item_w, item_h, bleed, cols, rows, x0, y0, how)
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


def _mark_room(marks: bool) -> float:
    return MARK_GAP + MARK_LENGTH if marks else 0.0


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
        bottom = h / 2 if self.fold == "horizontal" else h - MARGIN - room
        cols = int((area_w + 1e-9) // (r.item_w + 2 * b))
        rows_fit = int((bottom - top + 1e-9) // (r.item_h + 2 * b))
        if cols < 1 or rows_fit < 1:
            return None
        take = min(remaining, cols * rows_fit)
        rows = -(-take // cols)
        grid_w = cols * r.item_w + (cols - 1) * 2 * b
        x0 = w / 2 - b - grid_w if self.fold == "vertical" else (w - grid_w) / 2
        sheet = Sheet(self.paper, w, h, r.item_w, r.item_h, b, cols, rows, x0, top + b,
                      self.fold)
        return Band(index, start, take, sheet)

    def add(self, band: Band, r: Request) -> None:
        grid_h = band.sheet.rows * r.item_h + (band.sheet.rows - 1) * 2 * r.bleed
        self.cursor = band.sheet.y0 + grid_h + r.bleed + _mark_room(r.marks)
        self.bands.append(band)

    def page(self) -> Page:
        """Return the page with its bands centred down the page (or reaching the fold)."""
        if self.fold == "horizontal":
            last = self.bands[-1].sheet
            low = last.y0 + last.rows * last.item_h + (last.rows - 1) * 2 * last.bleed
            shift = self.page_h / 2 - low - last.bleed
        else:
            shift = (self.page_h - MARGIN - self.cursor) / 2
        bands = tuple(Band(b.request, b.start, b.count, replace(b.sheet, y0=b.sheet.y0 + shift))
                      for b in self.bands)
        return Page(self.page_w, self.page_h, self.fold, bands)


def pack(requests: list[Request], paper: str, *, fold: bool = False) -> list[Page]:
    """Place every request's items on pages, in order, filling each page before the next.

    A request starts a page in the orientation that suits it best (as :func:`plan` chooses);
    a later one continues on the same page, in new rows below, when its items fit there in
    that orientation (all of them, or it prefers that orientation anyway). So a few counters
    of one kind share a sheet with the next kind instead of taking a sheet each. With
    ``fold``, requests with backs go on fold-in-half pages and the rest on plain ones.
    Raises ValueError when an item does not fit the paper at all.
    """
    pages: list[Page] = []
    current: _Filling | None = None
    for index, r in enumerate(requests):
        best = plan(r.item_w, r.item_h, r.bleed, paper, marks=r.marks, fold=fold and r.backs)
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
