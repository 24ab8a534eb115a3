"""Where a board tiled over several sheets is cut: seams moved off its texts.

A tiled board's neighbouring sheets overlap: the next sheet's edge is the seam a player sees
once the sheets are glued, and the sheet before is cut one overlap further on, under it. A
label either line crosses is cut in two, and the halves meet only as well as the sheets are
glued. So each seam goes to the place nearest its even share where neither line crosses a
text, as far as the paper allows; where no such place fits, the seam stays where it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from .coverage import element_inks
from .model import Face, Text

Span = tuple[float, float]
"""Where something lies along one axis of the board: (from, to) in mm."""
Rect = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in mm."""

CLEARANCE = 1.0
"""How far a seam keeps from the ink of a text, in mm."""


def text_boxes(face: Face) -> list[Rect]:
    """Return the box round the ink of each text the board prints."""
    return [ink.painted.box for ink in element_inks(face.elements)
            if isinstance(ink.element, Text) and ink.painted.box is not None]


def spans_across(boxes: Sequence[Rect], axis: int, band: Span | None = None) -> list[Span]:
    """Return the boxes' extents along ``axis`` (0: x, 1: y), of those that reach into
    ``band`` on the other axis (every box when None)."""
    other = 1 - axis
    return [(box[axis], box[axis + 2]) for box in boxes
            if band is None or (box[other + 2] > band[0] and box[other] < band[1])]


def clear_seams(windows: Sequence[tuple[float, float]], length: float,
                rooms: Sequence[float], overlap: float, spans: Sequence[Span]
                ) -> list[tuple[float, float]]:
    """Return (start, size) windows covering ``length`` as ``windows`` do, the ``i``-th at
    most ``rooms[i]`` long, each seam moved off ``spans`` as little as it can be."""
    starts = [start for start, _ in windows]
    count = len(starts)
    if count < 2 or not spans:
        return list(windows)
    for i in range(1, count):
        # The window before must fit its room, and those from here on must reach the end.
        highest = starts[i - 1] + rooms[i - 1] - overlap
        lowest = max(length - (sum(rooms[i:]) - (count - i - 1) * overlap),
                     starts[i - 1] + overlap)
        starts[i] = _clear_place(starts[i], lowest, highest, overlap, spans)
    ends = [start + overlap for start in starts[1:]] + [length]
    return [(start, end - start) for start, end in zip(starts, ends, strict=True)]


def _clear_place(want: float, lowest: float, highest: float, overlap: float,
                 spans: Sequence[Span]) -> float:
    """Return the start nearest ``want`` in [lowest, highest] whose seam and the cut under
    it cross no span (else whose seam alone crosses none; else the nearest to ``want``: the
    seams before it may have moved)."""
    want = min(max(want, lowest), highest)
    places = {want}
    for a, b in spans:
        for edge in (a - CLEARANCE, b + CLEARANCE):
            places.update((edge, edge - overlap))
    fitting = sorted((p for p in places if lowest - 1e-9 <= p <= highest + 1e-9),
                     key=lambda p: (abs(p - want), p))
    for lines in (lambda p: (p, p + overlap), lambda p: (p,)):
        for place in fitting:
            if all(_clear(line, spans) for line in lines(place)):
                return place
    return want


def _clear(line: float, spans: Sequence[Span]) -> bool:
    """Return whether ``line`` keeps :data:`CLEARANCE` from every span."""
    return all(line <= a - CLEARANCE + 1e-9 or line >= b + CLEARANCE - 1e-9 for a, b in spans)
