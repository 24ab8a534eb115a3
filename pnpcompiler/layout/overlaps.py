"""Check a resolved face for text that is not where it belongs: on art, past the cut, past
its own box.

Four kinds of clash, each about one text:

- ``layout.overlap``: its ink touches an element it does not sit on: another text, an icon,
  a ring, a line, a picture. Text *sits on* a shape when the shape is filled, drawn before the
  text, and holds all of the text's ink inside its outline (inside the stroke, clear of it):
  a card's header band, a table's shaded row, the white disc inside a ring. Of the shapes
  holding a text, the last drawn is the one it sits on; what was drawn before that is hidden
  under it where the text is, and only what was drawn after it can clash.
- ``layout.trim``: its ink crosses the cut (the trim, or a round or hex counter's outline).
- ``layout.safe``: its ink comes closer to the cut than the safe margin (the kit's, or the
  face's own for a small piece).
- ``text.overflow``: its lines run past its own box (it did not fit, and prints clipped).

Ink is measured glyph by glyph from the font's outlines, shapes as drawn
(:mod:`.coverage`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.findings import Finding, Location, error, warning
from .coverage import (
    ACROSS_SLACK,
    Geometry,
    Ink,
    Rect,
    cut_outline,
    element_inks,
    keep_zone,
    overflows,
    overrun,
    text_ink,
)
from .model import Box, Element, Ellipse, Face, Icon, Image, Polygon, Text
from .printables import Board
from .text import plain

SAFE_MARGIN = 3.0
"""How far inside the cut text keeps, in mm, unless the kit or the face says otherwise."""
CLEARANCE = 0.2
"""The least gap, in mm, between a text's ink and anything it does not sit on."""
OVERLAP, TRIM, SAFE, OVERFLOW = "layout.overlap", "layout.trim", "layout.safe", "text.overflow"


@dataclass(frozen=True)
class Clash:
    """Text found where it does not belong."""

    code: str
    text: Text
    message: str
    other: Element | None = None
    """The element it overlaps, for ``layout.overlap``."""


# --- the check ----------------------------------------------------------------------------------


def exact(ink: Ink) -> Geometry:
    """Return an element's exact ink: glyph by glyph for a text (its ``area`` holds each
    run's box round its glyphs, which is enough to clear most texts)."""
    return text_ink(ink.element) if isinstance(ink.element, Text) else ink.area


def check_face(face: Face, *, safe: float = SAFE_MARGIN, clearance: float = CLEARANCE,
               name: Callable[[Element], str] | None = None) -> list[Clash]:
    """Return every clash of a face's text, in drawing order; ``safe`` is the kit's margin
    (the face's own wins), ``name`` says how to name another element in a message."""
    inks = element_inks(face.elements)
    trees: list[Any] = []

    def tree() -> Any:
        if not trees:
            import shapely

            trees.append(shapely.STRtree([ink.area for ink in inks]))
        return trees[0]

    margin = face.safe if face.safe is not None else safe
    describe = name or describe_element
    clashes: list[Clash] = []
    for ink in inks:
        t = ink.element
        if not isinstance(t, Text):
            continue
        if overflows(t):
            clashes.append(_overflow(t))
        if ink.painted.box is None:
            continue
        if not _clear_at_a_glance(ink, inks, clearance):
            clashes += _overlaps(ink, inks, tree(), clearance, describe)
        if _safe_at_a_glance(face, ink.painted.box, margin):
            continue
        cut = cut_outline(face)
        safe_zone = keep_zone(face.shape, face.width, face.height, margin)
        if safe_zone.contains(ink.area):
            continue
        area = exact(ink)
        if not cut.contains(area):
            clashes.append(Clash(TRIM, t, f"{words(t)} at {_at(area)} crosses the cut line of "
                                 f"the {face.width:g} x {face.height:g} mm {_shape_name(face)}:"
                                 " part of it would be cut off"))
        elif not safe_zone.contains(area):
            gap = area.distance(cut.boundary)
            clashes.append(Clash(SAFE, t, f"{words(t)} at {_at(area)} comes {gap:.1f} mm from "
                                 f"the cut; text keeps {margin:g} mm inside it"))
    return clashes


def _safe_at_a_glance(face: Face, box: Rect, margin: float) -> bool:
    """Return whether a text's box lies inside a rectangular face's safe zone."""
    m = max(margin, 0.0)
    return (face.shape == "rect" and box[0] >= m and box[1] >= m
            and box[2] <= face.width - m and box[3] <= face.height - m)


def _clear_at_a_glance(ink: Ink, inks: list[Ink], clearance: float) -> bool:
    """Return whether a text plainly meets nothing, by boxes alone: every element whose box
    reaches the text's (grown by the clearance) leaves a bare hole round it, or holds it
    and was drawn before it, or is a text drawn before it (which reports the pair), or lies
    under a shape that holds it. Else the exact check decides."""
    box = ink.painted.box
    assert box is not None
    x0, y0, x1, y1 = box[0] - clearance, box[1] - clearance, box[2] + clearance, \
        box[3] + clearance
    holder = -1
    met: list[Ink] = []
    for other in inks:
        theirs = other.painted.box
        if (theirs is None or theirs[0] > x1 or theirs[2] < x0 or theirs[1] > y1
                or theirs[3] < y0 or other.order == ink.order):
            continue
        within = False
        for a, b, c, d in other.painted.inner:
            if a <= x0 and b <= y0 and x1 <= c and y1 <= d:
                within = True
                break
        if within and not other.painted.filled:
            continue  # in a frame's bare hole
        if within and other.order < ink.order:
            holder = max(holder, other.order)
            continue
        met.append(other)
    for o in met:
        if o.order > holder and not (isinstance(o.element, Text) and o.order < ink.order):
            return False
    return True


def _overlaps(ink: Ink, inks: list[Ink], tree: Any, clearance: float,
              describe: Callable[[Element], str]) -> Iterator[Clash]:
    """Yield a clash for each element a text's ink touches and does not sit on."""
    t = ink.element
    assert isinstance(t, Text)
    for other in _met(ink, inks, tree, clearance, earlier_texts=False):
        area = exact(ink)
        yield Clash(OVERLAP, t, f"{words(t)} at {_at(area)} {_how(ink, area, other)} "
                    f"{describe(other.element)}", other.element)


def _met(ink: Ink, inks: list[Ink], tree: Any, clearance: float, *,
         earlier_texts: bool) -> list[Ink]:
    """Return the elements a text touches and does not sit on; texts drawn before it only
    with ``earlier_texts`` (else the earlier one reports)."""
    import shapely

    t = ink.element
    assert isinstance(t, Text)
    # The ink's box grown by the clearance: it holds the exact zone below, so it finds every
    # element that zone can meet, at a fraction of a buffer's cost.
    x0, y0, x1, y1 = ink.area.bounds
    rough = shapely.box(x0 - clearance, y0 - clearance, x1 + clearance, y1 + clearance)
    near = [inks[i] for i in sorted(tree.query(rough)) if inks[i].order != ink.order]
    near = [other for other in near if other.area.intersects(rough)]
    # Each run's box round its glyphs clears most texts: on their panel, touching nothing.
    holds = max((o.order for o in near if o.order < ink.order and o.inside is not None
                 and o.inside.contains(rough)), default=-1)
    if all(o.order <= holds or (isinstance(o.element, Text) and o.order < ink.order
                                and not earlier_texts) for o in near):
        return []
    zone = exact(ink).buffer(clearance)
    holder = max((o.order for o in near if o.order < ink.order and o.inside is not None
                  and o.inside.contains(zone)), default=-1)
    own = _own_icons(t)
    met = []
    for other in near:
        if other.order <= holder:
            continue  # under the shape the text sits on
        if isinstance(other.element, Text) and other.order < ink.order and not earlier_texts:
            continue
        if own is not None and own.contains(other.area):
            continue  # an icon set inside the text's own line
        if exact(other).intersects(zone):
            met.append(other)
    return met


class Scene:
    """What a drawing holds so far, to put each label where it meets nothing, by the rules
    of the check: a label may sit on a filled shape that holds it, and touches nothing else."""

    def __init__(self, elements: Iterable[Element] = (), clearance: float = CLEARANCE) -> None:
        self.inks: list[Ink] = []
        self.clearance = clearance
        self.tree: Any = None
        self.add(*elements)

    def add(self, *elements: Element) -> None:
        """Draw ``elements`` on top of what is there."""
        self.inks += element_inks(elements, start=len(self.inks))
        self.tree = None

    def clear(self, elements: Sequence[Element]) -> bool:
        """Return whether ``elements``, drawn on top now, meet nothing: their text touches
        only what it sits on, and their shapes cover no text."""
        import shapely

        inks = self.inks
        if self.tree is None:
            self.tree = shapely.STRtree([ink.area for ink in inks])
        for ink in element_inks(elements, start=len(inks)):
            if ink.painted.box is None:
                continue
            if isinstance(ink.element, Text):
                if _met(ink, inks, self.tree, self.clearance, earlier_texts=True):
                    return False
                continue
            zone = ink.area.buffer(self.clearance)
            if any(isinstance(inks[i].element, Text) and exact(inks[i]).intersects(zone)
                   for i in self.tree.query(zone)):
                return False
        return True

    def place(self, candidates: Iterable[Sequence[Element]]) -> Sequence[Element]:
        """Draw the first of ``candidates`` that is clear (the first when none is: the check
        then reports it) and return it."""
        options = list(candidates)
        chosen = next((c for c in options if self.clear(c)), options[0])
        self.add(*chosen)
        return chosen


def _how(ink: Ink, area: Geometry, other: Ink) -> str:
    """Return how a text's ink meets another element: too close, across it, under it."""
    theirs = exact(other)
    if other.inside is not None and other.inside.contains(area):
        return f"comes {area.distance(other.inside.boundary):.2f} mm from the edge of"
    if not area.intersects(theirs):
        return f"comes {area.distance(theirs):.2f} mm from"
    return "is covered by" if other.order > ink.order else "runs into"


def _own_icons(t: Text) -> Geometry | None:
    """Return the squares of the icons set inside a text's lines (its own, not a clash)."""
    import shapely

    squares = [shapely.box(t.x + run.x, t.y + line.baseline - run.width * 0.78,
                           t.x + run.x + run.width, t.y + line.baseline + run.width * 0.22)
               for line in t.lines for run in line.runs if run.icon]
    return shapely.union_all(squares).buffer(0.05) if squares else None


def shortfall(t: Text) -> str:
    """Return what a text that does not fit its box needs: ``it needs 26.6 mm of height``."""
    across, down = overrun(t)
    needs = []
    if down > 0.01:
        needs.append(f"{t.h + down:.1f} mm of height")
    if across > ACROSS_SLACK:
        needs.append(f"{t.w + across:.1f} mm of width (a word longer than the line)")
    return "it needs " + " and ".join(needs) if needs else "it fits"


def _overflow(t: Text) -> Clash:
    return Clash(OVERFLOW, t, f"{words(t)} does not fit its {t.w:.1f} x {t.h:.1f} mm box at "
                 f"{t.size:g} pt: {shortfall(t)}; it prints cut off at the box")


# --- findings -----------------------------------------------------------------------------------


def clash_findings(clashes: list[Clash], about: str,
                   where: Callable[[Text], Location | None] = lambda t: None, *,
                   reported: Callable[[Text], bool] = lambda t: False) -> list[Finding]:
    """Return clashes as findings: a text that does not fit is an error (unless ``reported``
    says its fitting already reported it), the others are warnings. Each names ``about``
    (the item and its template, the sheet's page, the board) and sits where ``where`` says
    its text was written."""
    out = []
    for clash in clashes:
        if clash.code == OVERFLOW:
            if not reported(clash.text):
                out.append(error(OVERFLOW, f"{about}: {clash.message}", where(clash.text)))
            continue
        out.append(warning(clash.code, f"{about}: {clash.message}", where(clash.text)))
    return out


def board_findings(board: Board, safe: float = SAFE_MARGIN) -> list[Finding]:
    """Return what the check of a board's text finds (a board is drawn by code: its
    findings name the board, not a line)."""
    return clash_findings(check_face(board.face, safe=safe), f"board {board.name!r}")


# --- words for messages -------------------------------------------------------------------------


def printed(t: Text) -> str:
    """Return the words a text prints, its lines joined with ' / '."""
    return " / ".join("".join(run.text for run in line.runs).strip() for line in t.lines)


def words(t: Text) -> str:
    """Return how a message names a text: its first words, quoted."""
    shown = plain(printed(t))
    return f"text {shown[:40] + ('...' if len(shown) > 40 else '')!r}"


def _at(area: Geometry) -> str:
    x0, y0, _, _ = area.bounds
    return f"({x0:.1f}, {y0:.1f}) mm"


def _shape_name(face: Face) -> str:
    return {"round": "round counter", "hex": "hex counter"}.get(face.shape, "face")


def describe_element(e: Element) -> str:
    """Return a short description of an element and where it is, for messages."""
    if isinstance(e, Text):
        return f"{words(e)} at ({e.x:.1f}, {e.y:.1f}) mm"
    if isinstance(e, Ellipse):
        ring = " ring" if e.paint.stroke else ""
        if abs(e.rx - e.ry) < 1e-6:
            return f"the{ring} circle at ({e.cx:.1f}, {e.cy:.1f}) mm, radius {e.rx:.1f} mm"
        return f"the{ring} ellipse at ({e.cx:.1f}, {e.cy:.1f}) mm"
    if isinstance(e, Box):
        return f"the box at ({e.x:.1f}, {e.y:.1f}) mm, {e.w:.1f} x {e.h:.1f} mm"
    if isinstance(e, Polygon):
        (x, y), kind = e.points[0], "shape" if e.closed else "line"
        return f"the {kind} from ({x:.1f}, {y:.1f}) mm"
    if isinstance(e, Image):
        return f"the picture at ({e.x:.1f}, {e.y:.1f}) mm"
    if isinstance(e, Icon):
        return f"the icon {e.name!r} at ({e.x:.1f}, {e.y:.1f}) mm"
    return f"the group {e.id!r}"
