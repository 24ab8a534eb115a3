"""Tiles and counters: square, hex or round, one- or two-sided."""

from __future__ import annotations

import math
from typing import Generic, Literal, TypeVar

from pydantic import Field

from ...core.model import Id
from ...core.units import Length
from .base import Component, Item, PrintedSide, TemplateName


class Tile(Item):
    """One tile or counter design; ``copies`` says how many are printed."""

    copies: int = Field(1, ge=1, le=10_000)
    component: Id | None = None
    """The bill-of-materials entry this tile counts towards, when not the file's."""
    front: PrintedSide = Field(default_factory=PrintedSide)
    back: PrintedSide | None = None
    """Required when the set is two-sided, unless the set gives a shared ``back``."""


T = TypeVar("T", bound=Tile)


class TileSet(Component, Generic[T]):
    """A sheet of tiles or counters of one shape and size."""

    kind: Literal["tiles"] = "tiles"
    shape: Literal["square", "hex", "round"]
    size: Length
    """Edge for squares, flat-to-flat for hexes, diameter for round counters."""
    sides: Literal[1, 2] = 1
    template: TemplateName | None = None
    """The front template for tiles whose front names none."""
    back: PrintedSide | None = None
    """A back shared by every tile without its own; its template also draws tiles' own backs
    when they name none."""
    tiles: list[T]

    base_kind = "tiles"

    def size_mm(self) -> tuple[float, float]:
        """Return the trim's (width, height) in mm: a flat-topped hex is wider than tall."""
        if self.shape == "hex":
            return (self.size * 2 / math.sqrt(3), self.size)
        return (self.size, self.size)

    def items(self) -> list[T]:
        return list(self.tiles)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for tile in self.tiles:
            key = tile.component or self.component
            if key:
                out[key] = out.get(key, 0) + tile.copies
        return out
