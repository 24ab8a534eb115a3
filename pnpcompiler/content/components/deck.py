"""A deck of cards, with copies, front templates and shared or per-card backs."""

from __future__ import annotations

from typing import Annotated, Generic, Literal, TypeVar

from pydantic import Field

from ...core.model import Id, Model, RefersTo, Scalar
from ...core.units import Length
from .base import Component, Item, PrintedSide, TemplateName

#: Card size presets, width x height in millimetres (portrait).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (69.85, 120.65),
    "square": (69.85, 69.85),
}


class Size(Model):
    """A custom size."""

    width: Length
    height: Length


class Card(Item):
    """One card design; ``copies`` says how many of it are printed."""

    copies: int = Field(1, ge=1, le=1000)
    component: Id | None = None
    """The bill-of-materials entry this card counts towards, when not the file's."""
    template: TemplateName | None = None
    back: Annotated[Id, RefersTo("card-back")] | None = None
    """The id of one of the deck's ``backs``; the deck's default back when omitted."""
    fields: dict[str, Scalar] = Field(default_factory=dict)


C = TypeVar("C", bound=Card)


class Back(PrintedSide):
    """A card back, shared by every card that names it."""

    id: Id


class Deck(Component, Generic[C]):
    """A deck of cards."""

    kind: Literal["deck"] = "deck"
    size: Literal["poker", "bridge", "mini", "tarot", "square"] | Size = "poker"
    template: TemplateName | None = None
    """The front template for cards that do not name their own."""
    backs: list[Back] = Field(default_factory=list)
    """Card backs; the first is the default."""
    cards: list[C]

    base_kind = "deck"

    def size_mm(self) -> tuple[float, float]:
        """Return (width, height) in millimetres."""
        if isinstance(self.size, str):
            return CARD_SIZES[self.size]
        return (self.size.width, self.size.height)

    def items(self) -> list[C]:
        return list(self.cards)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for card in self.cards:
            key = card.component or self.component
            if key:
                out[key] = out.get(key, 0) + card.copies
        return out
