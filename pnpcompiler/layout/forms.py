"""Lay out a generic sheet (tables, tick boxes, text, fields) as whole printable pages.

Sections flow top to bottom inside 10 mm margins, under the sheet's title and above a footer
with "page i of n". A table that fits a page is kept on one page; a longer one continues on
the next with its header repeated. Every piece of text is set with :func:`fit`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from xml.sax.saxutils import escape, unescape

from ..content.components.sheet import (
    BoxesSection,
    Column,
    FieldsSection,
    FormSection,
    PanelSection,
    PanelsSection,
    RulerSection,
    Section,
    Sheet,
    TableSection,
    TextSection,
)
from ..core.findings import Finding, Location, error, warning
from ..core.model import Scalar
from .impose import PAPERS
from .model import Box, Element, Face, Overflow, Paint, Polygon, Text
from .overlaps import SAFE_MARGIN, check_face, clash_findings, shortfall
from .printables import SheetPages
from .text import FONT_NAMES, PT_PER_MM, Fitted, TextStyle, fit, label, plain, register_fonts

MARGIN = 10.0
TITLE_H = 11.0
"""The title line, the rule under it and the space below."""
FOOTER_H = 5.0
GAP = 3.5
"""Space between sections."""
SECTION_TITLE_H = 5.5
BLOCK_GAP = 5.0
"""Space between the side-by-side blocks of a split table."""
ROW_H = 6.0
MIN_ROW_H = 5.0
ROW_STEP = 0.25
PAD = 1.0
"""Space between a cell's edge and its text."""
FIELD_H = 7.5
BLANK_W = 30.0
"""The shortest write-in line of a field."""
BOX = 6.0
BOX_GAP = 2.0

INK = "#000000"
MUTED = "#444444"
GRID = "#8c8c8c"
HEADER_FILL = "#d9d9d9"
ZEBRA = "#f2f2f2"

TITLE = TextStyle(font="title", size=16, min_size=10)
SECTION_TITLE = TextStyle(font="title", size=11, min_size=8)
HEADER = TextStyle(font="bold", size=8, min_size=6, leading=1.1, align="center",
                   valign="middle")
SPLIT_HEADER = replace(HEADER, split_words=True)
"""A header whose longest word is wider than its column even at the smallest size."""
CELL = TextStyle(size=8.5, min_size=6.5, align="center", valign="middle")
KEY_CELL = TextStyle(font="bold", size=8.5, min_size=6.5, align="center", valign="middle")
LONG_CELL = TextStyle(size=8.5, min_size=6.5, valign="middle")
LABEL = TextStyle(size=7.5, min_size=6, colour=MUTED)
VALUE = TextStyle(font="bold", size=9, min_size=6.5)
PARAGRAPH = TextStyle(size=8.5, min_size=7, leading=1.3)
BOX_VALUE = TextStyle(size=7.5, min_size=5.5, align="center", valign="middle", colour=MUTED)
TICK_VALUE = TextStyle(font="bold", size=7.5, min_size=5.5, align="center", valign="middle")
RULER_LABEL = TextStyle(font="bold", size=7, min_size=5.5, align="center", valign="middle")
RULER_NOTE = TextStyle(font="italic", size=7.5, min_size=6, valign="middle")
TICK_LABEL = 5.5
"""Point size of a ruler's tick labels."""
TICK_BOX = 4.2
"""Side of a tick box in a table cell, at most."""
FOOTER = TextStyle(size=7, min_size=6, colour=MUTED)
FOOTER_RIGHT = TextStyle(size=7, min_size=6, colour=MUTED, align="right")

GRID_PAINT = Paint(stroke=GRID, stroke_width=0.2)
BORDER = Paint(stroke=INK, stroke_width=0.4)


@dataclass(frozen=True)
class Geometry:
    """A page: its size and the box the sections flow in (below the title, above the footer)."""

    width: float
    height: float

    @property
    def left(self) -> float:
        return MARGIN

    @property
    def right(self) -> float:
        return self.width - MARGIN

    @property
    def top(self) -> float:
        return MARGIN + TITLE_H

    @property
    def bottom(self) -> float:
        return self.height - MARGIN - FOOTER_H

    @property
    def content_w(self) -> float:
        return self.right - self.left

    @property
    def content_h(self) -> float:
        return self.bottom - self.top


def page_geometry(paper: str, orientation: str) -> Geometry:
    """Return the page of ``paper`` (a key of PAPERS) turned to ``orientation``."""
    w, h = PAPERS[paper]
    if orientation == "landscape":
        w, h = max(w, h), min(w, h)
    return Geometry(w, h)


def sheet_pages(sheet: Sheet, paper: str, *, orientation: str | None = None,
                safe: float = SAFE_MARGIN) -> tuple[SheetPages, list[Finding]]:
    """Lay out ``sheet`` on pages of ``paper``; ``orientation`` overrides the sheet's. Each
    page's text is checked (see :mod:`.overlaps`), keeping ``safe`` mm inside the paper's
    edge."""
    geo = page_geometry(paper, orientation or sheet.orientation)
    auto = any(isinstance(s, TableSection) and s.row_height is None for s in sheet.sections)
    flow = _lay_out(sheet, geo, ROW_H)
    if auto and len(flow.pages) > 1:
        # Shrink automatic rows only when that saves a page, and only as far as needed.
        fewest = len(_lay_out(sheet, geo, MIN_ROW_H).pages)
        row_h = ROW_H
        while len(flow.pages) > fewest and row_h > MIN_ROW_H + 1e-9:
            row_h -= ROW_STEP
            flow = _lay_out(sheet, geo, row_h)
    faces = flow.faces(sheet_title(sheet))
    pages = SheetPages(sheet.component or sheet.kind, sheet_title(sheet), faces, sheet.copies)
    return pages, flow.findings + page_findings(flow, faces, safe)


def page_findings(flow: Flow, faces: list[Face], safe: float) -> list[Finding]:
    """Return what the check of each page's text finds, at the section that wrote it."""
    paper = f"{flow.geo.width:g} x {flow.geo.height:g} mm"
    return [finding for i, face in enumerate(faces) for finding in clash_findings(
        check_face(face, safe=safe), f"sheet {sheet_title(flow.sheet)!r}, page {i + 1} on "
        f"{paper}", lambda text: flow.origins.get(id(text), flow.sheet.where()),
        reported=lambda text: id(text) in flow.origins)]


def sheet_title(sheet: Sheet) -> str:
    """Return the title printed on the sheet."""
    return sheet.title or sheet.name or sheet.component or "Sheet"


# --- the flow of sections down the pages -----------------------------------------------------


@dataclass
class Flow:
    """Sections placed so far: elements per page and the current height on the last page."""

    sheet: Sheet
    geo: Geometry
    row_h: float
    pages: list[list[Element]] = field(default_factory=lambda: [[]])
    overflows: list[list[Overflow]] = field(default_factory=lambda: [[]])
    findings: list[Finding] = field(default_factory=list)
    y: float = 0.0
    left: float | None = None
    """Left edge of the column sections flow in; the page's margin when None (a panel sets
    its own)."""
    width: float | None = None
    top: float | None = None
    """Where the column starts on its first page; the top of the page when None."""
    foot: float | None = None
    """Where a strip placed ``at_foot`` ends: the foot of a row of panels, or the page's."""
    origins: dict[int, Location | None] = field(default_factory=dict)
    """Where each text set with :meth:`text` comes from, by the text's ``id``."""

    @property
    def x0(self) -> float:
        """Return the left edge sections are placed at."""
        return self.geo.left if self.left is None else self.left

    @property
    def w(self) -> float:
        """Return the width sections are laid out in."""
        return self.geo.content_w if self.width is None else self.width

    @property
    def space(self) -> float:
        """Return the height left on the current page."""
        return self.geo.bottom - self.y

    @property
    def at_top(self) -> bool:
        return self.y <= (self.geo.top if self.top is None else self.top) + 1e-6

    def new_page(self) -> None:
        self.pages.append([])
        self.overflows.append([])
        self.y = self.geo.top
        self.top = None

    def start(self, height: float) -> None:
        """Begin a section needing ``height`` mm: below a gap, or on a new page."""
        if self.at_top:
            return
        if height > self.space - GAP + 1e-6:
            self.new_page()
        else:
            self.y += GAP

    def add(self, *elements: Element) -> None:
        self.pages[-1].extend(elements)

    def text(self, markup: str, style: TextStyle, box: tuple[float, float, float, float],
             what: str, where: Location | None) -> None:
        """Fit ``markup`` into ``box`` (x, y, w, h); an error when it does not fit."""
        x, y, w, h = box
        fitted = fit_text(markup, style, w, h)
        text = Text(x, y, w, h, fitted.lines, fitted.size, clip=not fitted.fits)
        self.add(text)
        self.origins[id(text)] = where
        if not fitted.fits:
            title, shown = sheet_title(self.sheet), unescape(plain(markup))[:40]
            self.overflows[-1].append(Overflow(what, fitted.size, fitted.height, h))
            self.findings.append(error(
                "text.overflow", f"sheet {title!r}: {what}: {shown!r} does not fit "
                f"its {w:.1f} x {h:.1f} mm box even at {style.min_size:g} pt: "
                f"{shortfall(text)}; it prints cut off at the box", where))

    def section_title(self, title: str, name: str, where: Location | None) -> None:
        box = (self.x0, self.y, self.w, SECTION_TITLE_H - 1.0)
        self.text(escape(title), SECTION_TITLE, box, f"{name}, title", where)
        self.y += SECTION_TITLE_H

    def faces(self, title: str) -> list[Face]:
        """Return one face per page, each with the title and a footer."""
        g = self.geo
        out = []
        for i, (elements, overflows) in enumerate(zip(self.pages, self.overflows, strict=True)):
            head = _text(escape(title), TITLE, (g.left, MARGIN, g.content_w, 7.0))
            rule = _hline(g.left, g.right, MARGIN + 8.0, BORDER)
            foot_y = g.height - MARGIN - FOOTER_H
            foot_rule = _hline(g.left, g.right, foot_y + 1.0, Paint(stroke=GRID, stroke_width=0.2))
            box = (g.left, foot_y + 1.6, g.content_w, FOOTER_H - 1.6)
            left = _text(escape(title), FOOTER, box)
            right = _text(f"page {i + 1} of {len(self.pages)}", FOOTER_RIGHT, box)
            out.append(Face(g.width, g.height, 0.0, None,
                            (head, rule, *elements, foot_rule, left, right), tuple(overflows)))
        return out


def _lay_out(sheet: Sheet, geo: Geometry, row_h: float) -> Flow:
    flow = Flow(sheet, geo, row_h, y=geo.top)
    for index, section in enumerate(sheet.sections):
        name = section_name(section, index)
        if isinstance(section, PanelsSection):
            _panels(flow, section, name)
        else:
            _section(flow, section, name)
    return flow


def _section(flow: Flow, section: PanelSection, name: str) -> None:
    """Lay out one section that is not a row of panels."""
    if isinstance(section, TableSection):
        _table(flow, section, name)
    elif isinstance(section, BoxesSection):
        _boxes(flow, section, name)
    elif isinstance(section, TextSection):
        _paragraph(flow, section, name)
    elif isinstance(section, RulerSection):
        _ruler(flow, section, name)
    else:
        _fields(flow, section, name)


def section_name(section: Section | FormSection, index: int) -> str:
    """Return how messages name a section: its number, and its title or id."""
    label = section.title or section.id
    return f"section {index + 1}" + (f" ({label})" if label else "")


# --- tables -------------------------------------------------------------------------------------


def _table(flow: Flow, section: TableSection, name: str) -> None:
    g = flow.geo
    row_h = section.row_height or flow.row_h
    n = section.split
    titles = [c.title if isinstance(c, Column) else c for c in section.columns]
    block_w = (flow.w - (n - 1) * BLOCK_GAP) / n
    widths = column_widths(section.columns, block_w)
    if sum(widths) > block_w + 1e-6:
        flow.findings.append(warning(
            "sheet.too-wide", f"sheet {sheet_title(flow.sheet)!r}: {name}: the columns need "
            f"{sum(widths):.1f} mm, the page has {block_w:.1f} mm; printed narrower",
            section.where("columns")))
        widths = [w * block_w / sum(widths) for w in widths]
    for c, (title, w) in enumerate(zip(titles, widths, strict=True)):
        if header_style(title, w) is SPLIT_HEADER:
            flow.findings.append(_split_header(flow, name, title, w, section.where("columns", c)))
    header_h = header_height(titles, widths)
    rows: list[tuple[int, Sequence[Scalar]]] = list(enumerate(section.rows))
    rows += [(len(rows) + i, ()) for i in range(section.blank_rows)]
    title_h = SECTION_TITLE_H if section.title else 0.0
    whole = title_h + header_h + math.ceil(len(rows) / n) * row_h
    # Keep a table that fits a page on one page; start a longer one here when a few rows fit.
    flow.start(whole if whole <= g.content_h else title_h + header_h + 3 * row_h)
    first = True
    while True:
        if section.title:
            title = section.title if first else f"{section.title} (continued)"
            flow.section_title(title, name, section.where("title"))
        per_block = max(1, int((flow.space - header_h + 1e-6) // row_h))
        chunk, rows = rows[:per_block * n], rows[per_block * n:]
        depth = math.ceil(len(chunk) / n)
        for b in range(n):
            part = chunk[b * depth:(b + 1) * depth]
            if part or b == 0:
                x = flow.x0 + b * (sum(widths) + BLOCK_GAP)
                _block(flow, section, name, (x, flow.y), widths, titles, part,
                       (header_h, row_h))
        flow.y += header_h + depth * row_h
        if not rows:
            return
        flow.new_page()
        first = False


def column_widths(columns: Sequence[str | Column], available: float) -> list[float]:
    """Return each column's width: fixed ones as given, the rest sharing what is left."""
    fixed = [c.width if isinstance(c, Column) else None for c in columns]
    titles = [c.title if isinstance(c, Column) else c for c in columns]
    # Short headers (tick columns: W, P, CM) still need room for a tick or a digit.
    weights = [max(len(t), 2) + 2 if w is None else 0 for t, w in zip(titles, fixed, strict=True)]
    left = max(available - sum(w for w in fixed if w is not None), 0.0)
    total = sum(weights) or 1
    return [w if w is not None else max(left * k / total, 4.0)
            for w, k in zip(fixed, weights, strict=True)]


def header_style(title: str, width: float) -> TextStyle:
    """Return how a column's header is set: in whole words, shrunk as far as the header's
    smallest size; broken inside a word only when a word is too wide even then."""
    fitted = fit_text(escape(title), HEADER, max(width - 2 * PAD, 1.0), 100.0)
    return HEADER if fitted.fits else SPLIT_HEADER


def _split_header(flow: Flow, name: str, title: str, width: float,
                  where: Location | None) -> Finding:
    """Return the warning for a header broken inside a word."""
    smallest = replace(HEADER, size=HEADER.min_size)
    word = max(title.split(), key=lambda w: _string_w(w, smallest))
    return warning("sheet.header-split", f"sheet {sheet_title(flow.sheet)!r}: {name}: the "
                   f"header {title!r} is broken inside the word {word!r}: at "
                   f"{HEADER.min_size:g} pt it needs {_string_w(word, smallest):.1f} mm, its "
                   f"column has {width - 2 * PAD:.1f} mm; widen the column", where)


def header_height(titles: Sequence[str], widths: Sequence[float]) -> float:
    """Return the header row's height: one or more lines of the longest header, padded."""
    needed = max(fit_text(escape(t), header_style(t, w), max(w - 2 * PAD, 1.0), 100.0).height
                 for t, w in zip(titles, widths, strict=True))
    return max(ROW_H - 0.5, needed + 2.0)


def _block(flow: Flow, section: TableSection, name: str, at: tuple[float, float],
           widths: Sequence[float], titles: Sequence[str],
           rows: Sequence[tuple[int, Sequence[Scalar]]], heights: tuple[float, float]) -> None:
    """Draw one block of a table: the header row, then ``rows`` below it."""
    x0, y0 = at
    header_h, row_h = heights
    total_w, bottom = sum(widths), y0 + header_h + len(rows) * row_h
    edges = [x0 + sum(widths[:c]) for c in range(len(widths) + 1)]
    flow.add(Box(x0, y0, total_w, header_h, Paint(fill=HEADER_FILL)))
    # Every other row shaded, counted over the whole table, so the eye can follow a row.
    flow.add(*(Box(x0, y0 + header_h + i * row_h, total_w, row_h, Paint(fill=ZEBRA))
               for i, (r, _) in enumerate(rows) if r % 2))
    flow.add(*(_hline(x0, x0 + total_w, y0 + header_h + i * row_h, GRID_PAINT)
               for i in range(1, len(rows))))
    flow.add(*(_vline(x, y0, bottom, GRID_PAINT) for x in edges[1:-1]))
    flow.add(_hline(x0, x0 + total_w, y0 + header_h, Paint(stroke=INK, stroke_width=0.3)),
             Box(x0, y0, total_w, bottom - y0, BORDER))
    for c, (title, w) in enumerate(zip(titles, widths, strict=True)):
        flow.text(escape(title), header_style(title, w), _inset(edges[c], y0, w, header_h),
                  f"{name}, header {title!r}", section.where("columns", c))
    ticks = [isinstance(c, Column) and c.tick for c in section.columns]
    aligns = [c.align if isinstance(c, Column) else None for c in section.columns]
    for i, (r, values) in enumerate(rows):
        y = y0 + header_h + i * row_h
        for c, (title, w) in enumerate(zip(titles, widths, strict=True)):
            value = printed(values[c]) if c < len(values) else ""
            if ticks[c]:
                _tick_box(flow, (edges[c], y, w, row_h), value,
                          (f"{name}, row {r + 1}, column {title!r}", section.where("rows", r, c)))
            elif value:
                style = KEY_CELL if c == 0 else CELL if len(value) <= 12 else LONG_CELL
                align = aligns[c]
                if align is not None:
                    style = replace(style, align=align)
                flow.text(escape(value), style, _inset(edges[c], y, w, row_h),
                          f"{name}, row {r + 1}, column {title!r}", section.where("rows", r, c))


def _tick_box(flow: Flow, cell: tuple[float, float, float, float], value: str,
              what: tuple[str, Location | None]) -> None:
    """Draw a tick box in the middle of a cell, with ``value`` printed inside it."""
    x, y, w, h = cell
    side = min(TICK_BOX, h - 1.6, w - 1.6)
    bx, by = x + (w - side) / 2, y + (h - side) / 2
    flow.add(Box(bx, by, side, side, Paint("#ffffff", INK, 0.3), radius=0.4))
    if value:
        flow.text(escape(value), TICK_VALUE, (bx, by, side, side), *what)


def printed(value: Scalar) -> str:
    """Return a value as printed in a cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


# --- tick boxes, text and fields ------------------------------------------------------------


def _boxes(flow: Flow, section: BoxesSection, name: str) -> None:
    per_row = max(1, int((flow.w + BOX_GAP) // (BOX + BOX_GAP)))
    rows = math.ceil(section.count / per_row)
    title_h = SECTION_TITLE_H if section.title else 0.0
    flow.start(title_h + rows * BOX + (rows - 1) * BOX_GAP)
    if section.title:
        flow.section_title(section.title, name, section.where("title"))
    for i in range(section.count):
        row, col = divmod(i, per_row)
        x, y = flow.x0 + col * (BOX + BOX_GAP), flow.y + row * (BOX + BOX_GAP)
        flow.add(Box(x, y, BOX, BOX, Paint(stroke=INK, stroke_width=0.3), radius=0.6))
        value = printed(section.values[i]) if section.values and i < len(section.values) else ""
        if value:
            flow.text(escape(value), BOX_VALUE, _inset(x, y, BOX, BOX, 0.5),
                      f"{name}, box {i + 1}", section.where("values", i))
    flow.y += rows * BOX + (rows - 1) * BOX_GAP


def _paragraph(flow: Flow, section: TextSection, name: str) -> None:
    g = flow.geo
    style = PARAGRAPH if section.size is None else replace(
        PARAGRAPH, size=section.size, min_size=min(section.size, PARAGRAPH.min_size))
    markup = section.text.strip()
    try:
        natural = fit_text(markup, style, flow.w, 10_000.0).height
    except ValueError:  # not paragraph markup: print the text as it is
        markup = escape(markup)
        natural = fit_text(markup, style, flow.w, 10_000.0).height
    title_h = SECTION_TITLE_H if section.title else 0.0
    height = min(natural + 0.5, g.content_h - title_h)
    flow.start(title_h + height)
    if section.title:
        flow.section_title(section.title, name, section.where("title"))
    flow.text(markup, style, (flow.x0, flow.y, flow.w, height), f"{name}, text",
              section.where("text"))
    flow.y += height


def _fields(flow: Flow, section: FieldsSection, name: str) -> None:
    strips = field_rows(section, flow.w)
    title_h = SECTION_TITLE_H if section.title else 0.0
    flow.start(title_h + len(strips) * FIELD_H)
    if section.title:
        flow.section_title(section.title, name, section.where("title"))
    for strip in strips:
        x = flow.x0
        for n, (i, w) in enumerate(strip):
            if n:
                flow.add(_vline(x, flow.y, flow.y + FIELD_H, GRID_PAINT))
            _field(flow, section, name, i, (x, flow.y, w))
            x += w
        flow.add(Box(flow.x0, flow.y, x - flow.x0, FIELD_H, BORDER))
        flow.y += FIELD_H


def field_rows(section: FieldsSection, available: float) -> list[list[tuple[int, float]]]:
    """Pack the fields into strips of ``available`` mm: (field index, width) per field."""
    natural = [min(_natural_width(f.label, printed(f.value)) if f.width is None else f.width,
                   available) for f in section.items]
    strips: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(natural):
        if strips[-1] and used + w > available + 1e-6:
            strips.append([])
            used = 0.0
        strips[-1].append(i)
        used += w
    out = []
    for strip in strips:
        # Spare width goes to the write-in blanks, or to every stretchable field if none.
        loose = [i for i in strip if section.items[i].width is None]
        blanks = [i for i in loose if section.items[i].value is None] or loose
        spare = available - sum(natural[i] for i in strip)
        share = sum(natural[i] for i in blanks) or 1.0
        out.append([(i, natural[i] * (1 + spare / share) if i in blanks else natural[i])
                    for i in strip])
    return out


def _natural_width(label: str, value: str) -> float:
    value_w = _string_w(value, VALUE) if value else BLANK_W
    return PAD + _string_w(label, LABEL) + 2.0 + value_w + PAD * 2


def _field(flow: Flow, section: FieldsSection, name: str, i: int,
           at: tuple[float, float, float]) -> None:
    """Draw field ``i``: its label, then its value or a line to write on."""
    x, y, w = at
    item = section.items[i]
    value = printed(item.value)
    inner = w - 3 * PAD
    rest = _string_w(value, VALUE) + 0.6 if value else min(BLANK_W, inner / 2)
    label_w = min(_string_w(item.label, LABEL) + 0.6, max(inner - rest, inner * 0.4))
    baseline = y + FIELD_H - 2.2
    where = item.where("label")
    flow.text(escape(item.label), LABEL, _on_baseline(x + PAD, baseline, label_w, LABEL),
              f"{name}, field {item.label!r}", where)
    left = x + PAD + label_w + PAD
    if value:
        flow.text(escape(value), VALUE, _on_baseline(left, baseline, x + w - PAD - left, VALUE),
                  f"{name}, field {item.label!r}", item.where("value"))
    else:
        flow.add(_hline(left, x + w - 1.5 * PAD, baseline + 0.6,
                        Paint(stroke=INK, stroke_width=0.25)))


# --- panels side by side and rulers ----------------------------------------------------------


def _panels(flow: Flow, section: PanelsSection, name: str) -> None:
    """Lay out panels side by side, as one block kept on a page, under the section's title."""
    widths = panel_widths(section, flow.w)
    title_h = SECTION_TITLE_H if section.title else 0.0
    # Measure on an empty page first, so the block moves to a new page when it does not fit.
    top = flow.geo.top + title_h
    trial = _panel_flows(flow, section, name, widths, top, foot=top)
    height = max(sub.y for sub in trial) - top
    if any(len(sub.pages) > 1 for sub in trial):
        flow.findings.append(warning(
            "sheet.panel-too-tall", f"sheet {sheet_title(flow.sheet)!r}: {name}: a panel is "
            f"taller than a page ({flow.geo.content_h:.1f} mm); it continues on the next page",
            section.where("panels")))
    flow.start(title_h + height)
    if section.title:
        flow.section_title(section.title, name, section.where("title"))
    placed = _panel_flows(flow, section, name, widths, flow.y, foot=flow.y + height)
    base = len(flow.pages) - 1
    for sub in placed:
        for k, (elements, overflows) in enumerate(zip(sub.pages, sub.overflows, strict=True)):
            while len(flow.pages) <= base + k:
                flow.new_page()
            flow.pages[base + k].extend(elements)
            flow.overflows[base + k].extend(overflows)
        flow.findings.extend(sub.findings)
        flow.origins.update(sub.origins)
    last = max(len(sub.pages) for sub in placed)
    flow.y = max(sub.y for sub in placed if len(sub.pages) == last)


def panel_widths(section: PanelsSection, available: float) -> list[float]:
    """Return each panel's width: fixed ones as given, the others sharing what is left."""
    room = available - section.gap * (len(section.panels) - 1)
    fixed = [p.width for p in section.panels]
    loose = sum(1 for w in fixed if w is None)
    left = max(room - sum(w for w in fixed if w is not None), 0.0)
    return [w if w is not None else max(left / loose, 10.0) for w in fixed]


def _panel_flows(flow: Flow, section: PanelsSection, name: str, widths: Sequence[float],
                 top: float, foot: float) -> list[Flow]:
    """Lay each panel's sections out in a column of its own, starting at ``top``."""
    out = []
    x = flow.x0
    for i, (panel, w) in enumerate(zip(section.panels, widths, strict=True)):
        sub = Flow(flow.sheet, flow.geo, flow.row_h, y=top, left=x, width=w, top=top,
                   foot=foot)
        for j, part in enumerate(panel.sections):
            _section(sub, part, f"{name}, panel {i + 1}, {section_name(part, j)}")
        out.append(sub)
        x += w + section.gap
    return out


def _ruler(flow: Flow, section: RulerSection, name: str) -> None:
    """Draw a strip exactly ``length`` long with its ticks, label and tick labels."""
    length, height = section.length, section.height
    title_h = SECTION_TITLE_H if section.title else 0.0
    labels_h = 3.0 if section.tick_labels else 0.0
    total = title_h + height + labels_h
    if section.at_foot and flow.foot is None:
        if flow.y + total > flow.geo.bottom + 1e-6 and not flow.at_top:
            flow.new_page()
        flow.y = max(flow.y, flow.geo.bottom - total)
    elif section.at_foot and flow.foot is not None:  # the foot of a row of panels
        flow.y = max(flow.y, flow.foot - total)
    else:
        flow.start(total)
    if length > flow.w + 1e-6:
        flow.findings.append(warning(
            "sheet.too-wide", f"sheet {sheet_title(flow.sheet)!r}: {name}: the strip is "
            f"{length:.1f} mm long, the page has {flow.w:.1f} mm", section.where("length")))
    spare = flow.w - length
    x = flow.x0 + {"left": 0.0, "center": spare / 2, "right": spare}[section.align]
    if section.title:
        style = replace(SECTION_TITLE, align=section.align)
        flow.text(escape(section.title), style, (flow.x0, flow.y, flow.w, SECTION_TITLE_H - 1.0),
                  f"{name}, title", section.where("title"))
        flow.y += title_h
    y = flow.y
    flow.add(Box(x, y, length, height, Paint("#ffffff", INK, 0.3)))
    n = section.divisions
    for k in range(n + 1 if n else 0):
        tx = x + length * k / n
        depth = height if k in (0, n) else height * (0.45 if n % 2 == 0 and 2 * k == n else 0.3)
        flow.add(_vline(tx, y, y + depth, Paint(stroke=INK, stroke_width=0.25)))
    if section.label:
        box = (x + 1.0, y + height * 0.4, length - 2.0, height * 0.6 - 0.4)
        flow.text(escape(section.label), RULER_LABEL, box, f"{name}, label",
                  section.where("label"))
    for k, value in enumerate(section.tick_labels or []):
        if n and k <= n:
            flow.add(label(printed(value), x + length * k / n, y + height + 2.4, TICK_LABEL,
                           anchor="middle", colour=MUTED))
    if section.note and section.align != "center":
        # Beside the strip, in the room its alignment leaves.
        room = spare - 4.0
        left = flow.x0 if section.align == "right" else x + length + 4.0
        if room > 10.0:
            flow.text(section.note, RULER_NOTE, (left, y, room, height + labels_h),
                      f"{name}, note", section.where("note"))
    flow.y = y + height + labels_h


# --- helpers --------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def fit_text(markup: str, style: TextStyle, width: float, height: float) -> Fitted:
    """Return :func:`fit` of the arguments, once per distinct cell (tables repeat them)."""
    return fit(markup, style, width, height)


def _text(markup: str, style: TextStyle, box: tuple[float, float, float, float]) -> Text:
    x, y, w, h = box
    fitted = fit_text(markup, style, w, h)
    return Text(x, y, w, h, fitted.lines, fitted.size, clip=not fitted.fits)


def _inset(x: float, y: float, w: float, h: float,
           pad: float = PAD) -> tuple[float, float, float, float]:
    """Return a cell's text box: the cell less ``pad`` on the sides, a little less above."""
    return x + pad, y + pad * 0.4, w - 2 * pad, h - pad * 0.8


def _on_baseline(x: float, baseline: float, w: float,
                 style: TextStyle) -> tuple[float, float, float, float]:
    """Return a one-line text box whose first baseline falls at ``baseline``."""
    ascent = style.size * 0.93 / PT_PER_MM
    return x, baseline - ascent, w, style.size * 1.2 / PT_PER_MM


def _string_w(text: str, style: TextStyle) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return float(stringWidth(text, FONT_NAMES[style.font], style.size)) / PT_PER_MM


def _hline(x1: float, x2: float, y: float, paint: Paint) -> Polygon:
    return Polygon(((x1, y), (x2, y)), paint, closed=False)


def _vline(x: float, y1: float, y2: float, paint: Paint) -> Polygon:
    return Polygon(((x, y1), (x, y2)), paint, closed=False)
