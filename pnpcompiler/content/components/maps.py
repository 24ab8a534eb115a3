"""Maps: hex maps in axial coordinates and point maps with circular zones.

A game's own map extends :class:`MapOfHexes` or :class:`MapOfPoints` (the Rushing Tin sector
map, the Air Cargo map): it keeps the fields and the core checks every map of its sort has,
and describes its hexes or places in its own words. The generic ``hex-map`` and ``point-map``
kinds are the plain maps of each sort.
"""

from __future__ import annotations

import math
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


class MapOfHexes(Component):
    """A map of hexes printed at one size. Axial coordinates in content; cube algorithms
    inside."""

    orientation: Literal["flat", "pointy"]
    hex_size: Length
    """Flat-to-flat width of one hex as printed."""

    base_kind = "hex-map"


class HexMap(MapOfHexes, Generic[H]):
    """A map that lists its hexes, each with its terrain and label."""

    kind: Literal["hex-map"] = "hex-map"
    hexes: list[H]


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


class MapOfPoints(Component):
    """A map of places joined by straight legs, with circular zones; ``items()`` are its places
    and zones, each with ``x`` and ``y`` in map units."""

    width: float = Field(gt=0)
    """Map width in map units."""
    height: float = Field(gt=0)
    """Map height in map units."""
    unit: Length = 1.0
    """Printed length of one map unit."""
    print_tolerance: Length = 1.0
    """The least gap a player measuring on the printed map can be trusted to see: a game's
    checks keep every distance a rule compares with a limit (a leg's length, a leg's distance
    from a zone's centre) at least this far from it."""

    base_kind = "point-map"

    @property
    def tolerance(self) -> float:
        """Return ``print_tolerance`` in map units (infinite on a map printed at no size)."""
        return self.print_tolerance / self.unit if self.unit > 0 else math.inf


class PointMap(MapOfPoints, Generic[P, Z]):
    """A map that lists its points and zones."""

    kind: Literal["point-map"] = "point-map"
    points: list[P] = Field(default_factory=list)
    zones: list[Z] = Field(default_factory=list)

    def items(self) -> list[Point | Zone]:
        return [*self.points, *self.zones]
