"""The calibration sheet at the front of every kit: rulers that prove the print is at 100%,
the printer's safe margin, and a duplex alignment target that reads ``--back-offset``.

The target is a vernier in two parts. The back carries a millimetre scale for each axis; the
front carries, where the scale's 0 lands once the sheet is turned over, a long index line
and short lines every 0.9 mm either side of it. Held against the light, the long line shows
where the back side landed: the scale mark just before it (towards 0) gives the whole
millimetres, and the short line that meets a scale mark exactly, counted outward from the
long one, gives the tenths. The scale's numbers are what to add to the kit's back offset,
right and down positive, as ``--back-offset`` takes them.

Lengths are millimetres from the page's top-left corner (y grows downward).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..layout.impose import MARGIN, mirror_x, turn_box

INK = "#000000"
GREY = "#555555"
SCALE_REACH = 15
"""The scale runs this many millimetres either side of its 0; readings up to 5 mm either
way leave room for the ten short lines past the long one."""
READABLE = 5
VERNIER_STEP = 0.9
TICK = 2.5
"""Length of a millimetre mark on the scale; every fifth is longer."""
INDEX = 6.0
"""Length of the long index line on the front."""
APART = 1.0
"""Space between the scale's baseline and the front's lines, so that a sheet shifted across
the scale still shows both apart."""
FRAME_WIDTH = 0.3
INCH = 25.4

Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Target:
    """One axis of the alignment target: where the scale's 0 sits on the back (before any
    offset) and which way the scale runs (``x``: across, ``y``: down)."""

    axis: str
    at: tuple[float, float]

    def scale(self, offset: tuple[float, float]) -> list[tuple[Segment, int]]:
        """Return the back's scale marks, each with its millimetre value, shifted by the
        kit's back offset like every back; the marks stand on the side of the baseline
        towards the page's top (``x``) or left (``y``)."""
        u, v = self.at[0] + offset[0], self.at[1] + offset[1]
        marks = []
        for mm in range(-SCALE_REACH, SCALE_REACH + 1):
            length = TICK * (1.6 if mm % 5 == 0 else 1.0)
            if self.axis == "x":
                marks.append(((u + mm, v - length, u + mm, v), mm))
            else:
                marks.append(((u - length, v + mm, u, v + mm), mm))
        return marks

    def vernier(self) -> list[tuple[Segment, int]]:
        """Return the front's lines as they lie seen from the back (before turning over):
        the long index line where the scale's 0 belongs, and ten lines 0.9 mm apart either
        side, each with its count from the index (negative towards the scale's minus)."""
        u, v = self.at
        lines = []
        for k in range(-10, 11):
            length = INDEX if k == 0 else TICK * (1.4 if k % 5 == 0 else 1.0)
            at = k * VERNIER_STEP
            if self.axis == "x":
                lines.append(((u + at, v + APART, u + at, v + APART + length), k))
            else:
                lines.append(((u + APART, v + at, u + APART + length, v + at), k))
        return lines

    def area(self) -> tuple[float, float, float, float]:
        """Return the box the target takes on the back, kept clear of words on both sides
        so that it reads against the light."""
        u, v = self.at
        reach = SCALE_REACH + 3
        if self.axis == "x":
            return (u - reach, v - 10, u + reach, v + APART + INDEX + 3)
        return (u - 10, v - reach, u + APART + INDEX + 3, v + reach)


def targets(page_w: float, page_h: float) -> tuple[Target, Target]:
    """Return the across and down targets of the calibration sheet, placed near the middle
    of the page (where a sheet's shift is least mixed with its turn)."""
    return (Target("x", (page_w * 0.5, page_h * 0.5 - 10)),
            Target("y", (page_w * 0.5 + 35, page_h * 0.5 + 15)))


def turned(segment: Segment, page_w: float, page_h: float, duplex: str) -> Segment:
    """Return a segment drawn on one side of a portrait sheet where it lies on the other."""
    x1, y1, x2, y2 = segment
    left, top, right, bottom = turn_box((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)),
                                        page_w, page_h, mirror_x(duplex, page_w > page_h))
    return (left, top, right, bottom)


def _lines(canvas: Any, draw: Any, segments: list[Segment], width: float) -> None:
    canvas.setLineWidth(width * 72 / 25.4)
    for x1, y1, x2, y2 in segments:
        canvas.line(draw.x(x1), draw.y(y1), draw.x(x2), draw.y(y2))


def _ruler(canvas: Any, draw: Any, start: tuple[float, float], across: bool, inches: bool
           ) -> None:
    """Draw a 100 mm or 4 inch ruler from ``start``, its marks below (across) or to the
    right (down) of its line, numbered at each centimetre or inch."""
    x0, y0 = start
    steps = 64 if inches else 100
    unit = INCH / 16 if inches else 1.0
    segments = []
    for n in range(steps + 1):
        if inches:
            length = 4.0 if n % 16 == 0 else 3.0 if n % 8 == 0 else 2.2 if n % 4 == 0 else \
                1.6 if n % 2 == 0 else 1.1
        else:
            length = 4.0 if n % 10 == 0 else 2.6 if n % 5 == 0 else 1.5
        at = n * unit
        segments.append((x0 + at, y0, x0 + at, y0 + length) if across
                        else (x0, y0 + at, x0 + length, y0 + at))
    end = steps * unit
    segments.append((x0, y0, x0 + end, y0) if across else (x0, y0, x0, y0 + end))
    _lines(canvas, draw, segments, 0.15)
    canvas.setFont("Vera", 6)
    every = 16 if inches else 10
    for n in range(0, steps + 1, every):
        words = str(n // 16) if inches else str(n // 10)
        at = n * unit
        if across:
            canvas.drawCentredString(draw.x(x0 + at), draw.y(y0 + 6.5), words)
        else:
            canvas.drawString(draw.x(x0 + 5), draw.y(y0 + at + 0.8), words)
    name = "4 inches" if inches else "100 mm (10 cm)"
    if across:
        canvas.drawString(draw.x(x0 + end + 3), draw.y(y0 + 3), name)
    else:
        canvas.drawString(draw.x(x0 - 1), draw.y(y0 + end + 9), name)


def _frame(canvas: Any, draw: Any, box: tuple[float, float, float, float]) -> None:
    """Draw a thin grey frame round a target."""
    left, top, right, bottom = box
    canvas.saveState()
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.1 * 72 / 25.4)
    canvas.roundRect(draw.x(left), draw.y(bottom), (right - left) * 72 / 25.4,
                     (bottom - top) * 72 / 25.4, 1.5 * 72 / 25.4, stroke=1, fill=0)
    canvas.restoreState()


def _scale(canvas: Any, draw: Any, target: Target, offset: tuple[float, float]) -> None:
    """Draw a target's scale on the back, numbered every 5 mm, in its frame, with its name
    and which way is plus."""
    marks = target.scale(offset)
    _lines(canvas, draw, [seg for seg, _ in marks], 0.15)
    canvas.setFont("Vera", 5.5)
    for (x1, y1, x2, y2), mm in marks:
        if mm % 5 or abs(mm) > 10:
            continue
        words = f"{mm:+d}" if mm else "0"
        if target.axis == "x":
            canvas.drawCentredString(draw.x(x1), draw.y(min(y1, y2) - 1.2), words)
        else:
            canvas.drawRightString(draw.x(min(x1, x2) - 0.8), draw.y(y1 + 0.7), words)
    left, top, right, bottom = target.area()
    dx, dy = offset
    _frame(canvas, draw, (left + dx, top + dy, right + dx, bottom + dy))
    canvas.setFont("Vera-Bold", 7)
    if target.axis == "x":
        canvas.drawString(draw.x(left + dx + 1), draw.y(top + dy - 1.2),
                          "X: across (- left, right +)")
    else:
        canvas.drawString(draw.x(left + dx + 1), draw.y(top + dy - 1.2),
                          "Y: down (- up, down +)")


def _safe_frame(canvas: Any, draw: Any, page_w: float, page_h: float) -> None:
    """Draw the frame that shows the printer's safe margin, just inside it."""
    inset = MARGIN + FRAME_WIDTH / 2
    canvas.saveState()
    canvas.setStrokeColor(GREY)
    canvas.setDash([2 * 72 / 25.4, 1.2 * 72 / 25.4])
    canvas.setLineWidth(FRAME_WIDTH * 72 / 25.4)
    canvas.rect(draw.x(inset), draw.y(page_h - inset), (page_w - 2 * inset) * 72 / 25.4,
                (page_h - 2 * inset) * 72 / 25.4, stroke=1, fill=0)
    canvas.restoreState()


def _paragraph(canvas: Any, draw: Any, x: float, y: float, lines: list[str],
               size: float = 8.0) -> float:
    """Write lines from baseline ``y`` down; return the baseline after the last."""
    canvas.setFont("Vera", size)
    for words in lines:
        canvas.drawString(draw.x(x), draw.y(y), words)
        y += size * 0.48
    return y


@dataclass(frozen=True)
class Calibration:
    """What the calibration sheet says of its kit."""

    title: str
    paper: str
    duplex: str
    back_offset: tuple[float, float]


def draw_front(canvas: Any, page_w: float, page_h: float, kit: Calibration) -> None:
    """Draw the calibration sheet's front: rulers, safe margin frame, the target's front."""
    from .pdf import PageDraw

    draw = PageDraw(canvas, page_h)
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    canvas.setFont("Vera-Bold", 13)
    canvas.drawString(draw.x(14), draw.y(17), f"{kit.title}: calibration sheet")
    folded = kit.duplex == "fold"
    first = ("Print this page first, on its own, single-sided, at 100% (actual size; not "
             "'fit to page')." if folded else
             f"Print this sheet first, on its own: pages 1-2, double-sided, flipping on the "
             f"{kit.duplex} edge,")
    second = ("" if folded else "at 100% (actual size; not 'fit to page'). Then check it "
              "as below before printing the rest.")
    _paragraph(canvas, draw, 14, 23, [first, second], 8)
    _paragraph(canvas, draw, 14, 33, [
        "1. Scale. Measure these rulers with your own: each must be exactly 100 mm or 4 "
        "inches, across", "and down. Shorter means the printer scaled the page: choose "
        "'actual size' or '100%' and print again."], 8)
    _ruler(canvas, draw, (14, 42), True, False)
    _ruler(canvas, draw, (14, 56), True, True)
    _ruler(canvas, draw, (14, 72), False, False)
    _ruler(canvas, draw, (34, 72), False, True)
    _paragraph(canvas, draw, 14, page_h - 62, [
        "3. Printer's margin. The dashed frame runs 5 mm inside the paper's edge: nothing in "
        "this kit prints", "outside it. If part of the frame is missing, your printer clips "
        "more than 5 mm and the kit's edges", "(crop marks, labels) may be cut off: try "
        "another printer or tray, or a 'borderless' setting off."], 8)
    _target_words(canvas, draw, page_w, page_h, kit, folded)
    if not folded:
        for target in targets(page_w, page_h):
            front = [turned(seg, page_w, page_h, kit.duplex) for seg, _ in target.vernier()]
            _lines(canvas, draw, front, 0.2)
            left, top, right, bottom = turned(target.area(), page_w, page_h, kit.duplex)
            _frame(canvas, draw, (left, top, right, bottom))
            # Named below its frame: above it, the back names its scale.
            canvas.setFont("Vera-Bold", 7)
            canvas.drawString(draw.x(left + 1), draw.y(bottom + 3),
                              "X" if target.axis == "x" else "Y")
    _safe_frame(canvas, draw, page_w, page_h)
    canvas.setFont("Vera", 6)
    canvas.setFillColor(GREY)
    canvas.drawString(draw.x(MARGIN + 2), draw.y(page_h - MARGIN - 1.5),
                      f"{kit.title} - calibration - {kit.paper.upper()}, "
                      + ("folded sheets, one-sided" if folded else f"{kit.duplex}-edge duplex"))
    canvas.restoreState()


def _target_words(canvas: Any, draw: Any, page_w: float, page_h: float, kit: Calibration,
                  folded: bool) -> None:
    """Explain the alignment target on the front, clear of its lines."""
    x = 60.0
    y = 78.0
    if folded:
        _paragraph(canvas, draw, x, y, [
            "2. Backs. This kit is printed one-sided: each folded sheet",
            "carries its backs beside its fronts, so no duplex alignment",
            "is needed. Fold on the dashed line, glue, then cut."], 8)
        return
    _paragraph(canvas, draw, x, y, [
        "2. Back alignment. The lines below are the front half of a",
        "target; their other half is on the back. Turn the sheet over",
        "and read the back: it tells how far your printer puts the",
        "back side from where it belongs, as --back-offset takes it."], 8)


def draw_back(canvas: Any, page_w: float, page_h: float, kit: Calibration) -> None:
    """Draw the calibration sheet's back: the target's scales and how to read them."""
    from .pdf import PageDraw

    draw = PageDraw(canvas, page_h)
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    canvas.setFont("Vera-Bold", 13)
    canvas.drawString(draw.x(14), draw.y(17), f"{kit.title}: calibration sheet, back")
    dx, dy = kit.back_offset
    _paragraph(canvas, draw, 14, 25, [
        "Hold the sheet against a window or a lamp, this side towards you. On each scale, "
        "the long line that", "shows through from the front marks where the back landed:",
        "  - the scale mark just before it, towards 0, gives the whole millimetres (with "
        "the sign of its side);",
        "  - counting outward from the long line (itself first), the first line that meets "
        "a scale mark exactly", "    gives the tenths.",
        "Across (X) reads on the level scale, down (Y) on the upright one; right and down "
        "are positive.",
        f"This kit was built with --back-offset {dx:g},{dy:g}. Add your readings to it and "
        "rebuild:",
        "for instance, X reading +0.6 and Y reading -1.2 give --back-offset "
        f"{dx + 0.6:g},{dy - 1.2:g}. Both 0: the sides line up; keep it.",
        f"Readings beyond {READABLE} mm either way do not show: move the back by {READABLE} "
        "mm, print again and add."], 8)
    offset = kit.back_offset
    for target in targets(page_w, page_h):
        _scale(canvas, draw, target, offset)
    _safe_frame(canvas, draw, page_w, page_h)
    canvas.restoreState()
