"""Tiles and counters: square, hex or round, one- or two-sided."""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import Field

from ..model import Id
from ..units import Length
from .base import Component, Face, Item


class Tile(Item):
    """One tile or counter design; ``copies`` says how many are printed."""

    copies: int = Field(1, ge=1, le=10_000)
    component: Id | None = None
    """The bill-of-materials entry this tile counts towards, when not the file's."""
    front: Face = Field(default_factory=Face)
    back: Face | None = None
    """Required when the set is two-sided, unless the set gives a shared ``back``."""


T = TypeVar("T", bound=Tile)


class TileSet(Component, Generic[T]):
    """A sheet of tiles or counters of one shape and size."""

    kind: Literal["tiles"] = "tiles"
    shape: Literal["square", "hex", "round"]
    size: Length
    """Edge for squares, flat-to-flat for hexes, diameter for round counters."""
    sides: Literal[1, 2] = 1
    back: Face | None = None
    """A back shared by every tile without its own."""
    tiles: list[T]

    base_kind = "tiles"

    def items(self) -> list[T]:
        return list(self.tiles)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for tile in self.tiles:
            key = tile.component or self.component
            if key:
                out[key] = out.get(key, 0) + tile.copies
        return out
