"""The sector map as geometry: hexes, sections, edge points, the airport and derived zones.

The control zone and the level-2 hand-off zone are derived here from the airport, its approach
and the level-2 hand-off route (rules 5.10 and 10.04), never typed into content by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...core.hexgrid import Hex, direction_index, rectangle
from .model import Sector, SectorMap
from .movement import Airspace, Goal, Movement, control_zone, level2_zone, route_hexes

#: Rule 10.04: the Level 2 Hand-off Zone is the 9 hexes adjacent to the level-2 route.
LEVEL2_ZONE_SIZE = 9


class MapError(ValueError):
    """The map cannot be turned into geometry (an unknown direction name)."""


@dataclass(frozen=True)
class PointInPlay:
    """An active entry/exit point: where it is, the way out, and its level."""

    name: str
    hex: Hex
    outward: int
    level: int

    @property
    def goal(self) -> Goal:
        """Return where a flight bound for this point ends: the exit point, or a landing."""
        if self.name == "airport":
            return Goal(self.hex, self.outward, 1, landing=True)
        return Goal(self.hex, self.outward, self.level)


class SectorGeometry:
    """A sector map with one sector's entry points in play."""

    def __init__(self, board: SectorMap, sector: Sector | None = None) -> None:
        self.board = board
        self.sector = sector

    def direction(self, name: str) -> int:
        """Return a direction index for the map's orientation, or raise MapError."""
        try:
            return direction_index(self.board.orientation, name)
        except ValueError:
            raise MapError(name) from None

    @cached_property
    def hexes(self) -> frozenset[Hex]:
        """Return every hex of the map (half hexes at the edges included)."""
        g = self.board.grid
        return frozenset(rectangle(g.columns, g.rows, g.layout))

    @cached_property
    def approach(self) -> tuple[Hex, ...]:
        """Return the approach hexes beyond the airport, nearest first."""
        a = self.board.airport
        d = self.direction(a.direction)
        # The route's hexes run from the point inward; the approach runs from the airport out.
        from ...core.hexgrid import turn

        return route_hexes(a.hex, turn(d, 3), a.approach_length + 1)[1:]

    @cached_property
    def control_zone(self) -> frozenset[Hex]:
        """Return the airport's control zone (5.10)."""
        return control_zone(self.board.airport.hex, self.approach, self.hexes)

    def edge_point(self, number: str) -> PointInPlay | None:
        """Return a numbered edge point (level 0 when no sector is in play)."""
        for p in self.board.points:
            if p.number == number:
                return PointInPlay(number, p.hex, self.direction(p.direction),
                                   self.levels().get(number, 0))
        return None

    def levels(self) -> dict[str, int]:
        """Return the sector's entry/exit levels by point name (``airport`` included)."""
        if self.sector is None:
            return {}
        return {e.point: e.level for e in self.sector.entry_points}

    def points_in_play(self) -> dict[int, PointInPlay]:
        """Return the sector's active points by level (the airport at level 1)."""
        return dict(self._points_in_play)

    @cached_property
    def _points_in_play(self) -> dict[int, PointInPlay]:
        out: dict[int, PointInPlay] = {}
        for name, level in self.levels().items():
            if name == "airport":
                a = self.board.airport
                out[level] = PointInPlay("airport", a.hex, self.direction(a.direction), level)
                continue
            point = self.edge_point(name)
            if point is not None:
                out[level] = point
        return out

    def hand_off_route(self, point: PointInPlay) -> tuple[Hex, ...]:
        """Return a point's hand-off route hexes, from the point inward."""
        if point.name == "airport":
            return (point.hex, *self.approach)
        return route_hexes(point.hex, point.outward, self.board.hand_off_route_length)

    @cached_property
    def level2_route(self) -> tuple[Hex, ...]:
        """Return the level-2 hand-off route, or nothing when no point is at level 2."""
        point = self.points_in_play().get(2)
        return self.hand_off_route(point) if point else ()

    @cached_property
    def level2_zone(self) -> frozenset[Hex]:
        """Return the level-2 hand-off zone (10.04): map hexes adjacent to the level-2 route."""
        return level2_zone(self.level2_route, self.hexes) if self.level2_route else frozenset()

    def section_of(self) -> dict[Hex, str]:
        """Return the section id of each hex (the first section that lists it)."""
        return dict(self._section_of)

    @cached_property
    def _section_of(self) -> dict[Hex, str]:
        out: dict[Hex, str] = {}
        for section in self.board.sections:
            for h in section.hexes:
                out.setdefault(tuple(h), section.id)  # type: ignore[arg-type]
        return out

    def airspace(self) -> Airspace:
        """Return the movement model's view of this map."""
        a = self.board.airport
        return Airspace(
            hexes=self.hexes, airport=a.hex, takeoff_direction=self.direction(a.direction),
            approach=self.approach, control_zone=self.control_zone,
            level2_allowed=frozenset(self.level2_zone | set(self.level2_route)))

    def movement(self) -> Movement:
        """Return the movement model for this map."""
        return Movement(self.airspace())
