"""What a component contributes to a kit, before and after its templates are resolved.

Generic kinds (decks, tiles, sheets) are turned into these by the core; a game's own kinds by
the functions its module registers with ``@rules.printable``, ``@rules.sheet`` and
``@rules.board``. The kit builder and the renderers see only these objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..core.findings import Location
from .model import Face


class Shape(StrEnum):
    """The outline an item is cut along: a cut line is drawn round every shape but ``RECT``."""

    RECT = "rect"
    ROUND = "round"
    HEX = "hex"
    """Flat-topped."""


@dataclass(frozen=True)
class Side:
    """One side of an item before resolution: its template and the fields it prints."""

    template: str
    fields: dict[str, Any] = field(default_factory=dict)
    where: Location | None = None
    """Where content names the template (the deck's or the card's ``template:``): a missing
    template is reported there, once however many items it draws."""


@dataclass
class PrintableItem:
    """One item design (a card, a counter, a note, a cube net) and how many to print."""

    id: str
    front: Side
    back: Side | None = None
    back_id: str | None = None
    """Items naming the same back id share one drawing of it (a PDF form)."""
    copies: int = 1
    item: dict[str, Any] = field(default_factory=dict)
    """The item's validated data, seen by templates as ``item``."""
    context: dict[str, Any] = field(default_factory=dict)
    """Extra template variables for this item."""
    where: Location | None = None
    """Where the item is written in content, for template errors."""


@dataclass
class Printable:
    """A family of same-size items to impose on sheets: cards, counters, notes, nets."""

    component: str
    """The bill-of-materials id (or the file's kind when it names none)."""
    name: str
    size: tuple[float, float]
    """Trim width and height in mm."""
    items: list[PrintableItem]
    noun: str = "cards"
    """What the items are called on the contents page (cards, counters, notes, nets)."""
    shape: Shape = Shape.RECT
    bleed: float | None = None
    """The bleed in mm; the kit's ``--bleed`` when None (cube nets use 0)."""
    crop_marks: bool = True
    """Crop marks at the trim lines; off for items that carry their own cut lines."""


@dataclass
class ItemFaces:
    """One resolved item: its front, its back (if any), and how many copies to print."""

    id: str
    front: Face
    back: Face | None
    back_id: str | None
    copies: int
    where: Location | None = None
    """Where the item is written in content, for findings about its faces."""
    front_mark: str = ""
    back_mark: str = ""
    """The faces' version marks (short digests of what they print), printed outside the trim
    so a playtester can tell which cards a reprint replaces; none when empty."""


@dataclass
class ItemGroup:
    """A printable whose faces are resolved: what imposition and rendering see."""

    component: str
    name: str
    size: tuple[float, float]
    bleed: float
    noun: str = "cards"
    shape: Shape = Shape.RECT
    crop_marks: bool = True
    items: list[ItemFaces] = field(default_factory=list)

    @property
    def count(self) -> int:
        """Return how many items are printed."""
        return sum(item.copies for item in self.items)


@dataclass
class SheetPages:
    """A printable form (a log sheet, a score pad), laid out as whole pages."""

    component: str
    name: str
    pages: list[Face]
    """One face per page, the size of the paper (no bleed)."""
    copies: int = 1


@dataclass
class Board:
    """A game board or map at print scale, as one face (tiled over pages when too big)."""

    component: str
    id: str
    name: str
    face: Face
