"""What every component file shares: its kind, the bill-of-materials entry it fills, provenance."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import Field

from ...core.model import Id, Model, RefersTo, Scalar, Source

TemplateName = Annotated[str, RefersTo("template")]
"""A face template's name under ``templates/`` (``rushing-tin/hand-off-front``)."""


class Item(Model):
    """Something with an identity inside a component: a card, a tile, a hex, an airport."""

    id: Id
    """Unique within the game."""
    name: str | None = None
    source: Source | None = None
    """Overrides the component's ``source`` for this item (``designer`` where a picture was
    missing from the rulebook)."""
    notes: str | None = None


class PrintedSide(Model):
    """One printed side: the template that draws it and the text fields it fills."""

    template: TemplateName | None = None
    """Template name under ``templates/`` (e.g. ``rushing-tin/hand-off-front``)."""
    fields: dict[str, Scalar] = Field(default_factory=dict)
    """Free text fields the template prints."""


class Component(Model):
    """A content file: one family of components from the bill of materials."""

    kind: str
    component: Id | None = None
    """The bill-of-materials entry (in ``game.yaml``) this file provides; none for data that
    is not a physical component (rules tables)."""
    name: str | None = None
    source: Source = "rulebook"
    """``rulebook`` when every value is in the rulebook's text, ``designer`` when chosen by the
    content author, ``mixed`` when items say which."""
    notes: str | None = None

    #: Generic kind this model is built on (deck, tiles, hex-map, point-map, sheet, rulebook).
    base_kind: ClassVar[str] = ""

    def items(self) -> list[Any]:
        """Return the identified items in this component (cards, tiles, points)."""
        return []

    def counts(self) -> dict[str, int]:
        """Return how many of each bill-of-materials entry this file provides, in the entry's
        unit (pieces, or the worth of a game's cash)."""
        return {self.component: 1} if self.component else {}

    def pieces(self) -> int:
        """Return how many physical pieces this file provides (its cash notes, not their
        worth)."""
        return sum(self.counts().values())
