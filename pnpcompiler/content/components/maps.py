"""Boards: hex maps in axial coordinates and point maps with circular zones."""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import Field

from ...core.model import Model, Scalar
from ...core.units import Length
from .base import Component, Item


class Hex(Model):
    """One hex of a hex map, in axial coordinates (q, r)."""

    q: int = Field(ge=-1000, le=1000)
    r: int = Field(ge=-1000, le=1000)
    terrain: str | None = None
    label: str | None = None
    fields: dict[str, Scalar] = Field(default_factory=dict)


H = TypeVar("H", bound=Hex)


class HexMap(Component, Generic[H]):
    """A board of hexes. Axial coordinates in content; cube algorithms inside."""

    kind: Literal["hex-map"] = "hex-map"
    orientation: Literal["flat", "pointy"]
    hex_size: Length
    """Flat-to-flat width of one hex as printed."""
    hexes: list[H]

    base_kind = "hex-map"


class Point(Item):
    """A named point on a point map (an airport, a beacon)."""

    x: float
    y: float
    label: str | None = None
    fields: dict[str, Scalar] = Field(default_factory=dict)


class Zone(Item):
    """A circular zone on a point map (a hazard circle)."""

    x: float
    y: float
    radius: float = Field(gt=0)
    fields: dict[str, Scalar] = Field(default_factory=dict)


P = TypeVar("P", bound=Point)
Z = TypeVar("Z", bound=Zone)


class PointMap(Component, Generic[P, Z]):
    """A board of points joined by straight legs, with circular zones."""

    kind: Literal["point-map"] = "point-map"
    width: float = Field(gt=0)
    """Map width in map units."""
    height: float = Field(gt=0)
    """Map height in map units."""
    unit: Length = 1.0
    """Printed length of one map unit."""
    points: list[P] = Field(default_factory=list)
    zones: list[Z] = Field(default_factory=list)

    base_kind = "point-map"

    def items(self) -> list[Point | Zone]:
        return [*self.points, *self.zones]
