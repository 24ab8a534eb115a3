"""Hex grids in axial coordinates (q, r), after Red Blob Games' guide to hexagonal grids.

Cube coordinates (q, r, s = -q - r) are used inside the algorithms. Screen y grows downward,
as in SVG.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Hex = tuple[int, int]

#: The six axial directions, in Red Blob's order.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIAGONALS: tuple[Hex, ...] = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))
FLAT_DIRECTION_NAMES = ("se", "ne", "n", "nw", "sw", "s")
POINTY_DIRECTION_NAMES = ("e", "ne", "nw", "w", "sw", "se")
LAYOUTS = ("odd-q", "even-q", "odd-r", "even-r")


def _names(orientation: str) -> tuple[str, ...]:
    if orientation == "flat":
        return FLAT_DIRECTION_NAMES
    if orientation == "pointy":
        return POINTY_DIRECTION_NAMES
    raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")


def direction_index(orientation: str, name: str) -> int:
    """Return the direction index a name stands for in an orientation."""
    names = _names(orientation)
    if name not in names:
        raise ValueError(f"unknown direction {name!r} for {orientation} hexes")
    return names.index(name)


def direction_name(orientation: str, index: int) -> str:
    """Return the name of a direction index in an orientation."""
    return _names(orientation)[index % 6]


def add(a: Hex, b: Hex) -> Hex:
    """Return a + b."""
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    """Return a - b."""
    return (a[0] - b[0], a[1] - b[1])


def scale(a: Hex, k: int) -> Hex:
    """Return a scaled by k."""
    return (a[0] * k, a[1] * k)


def neighbor(h: Hex, direction: int) -> Hex:
    """Return the neighbour of h in a direction."""
    return add(h, DIRECTIONS[direction % 6])


def neighbors(h: Hex) -> list[Hex]:
    """Return the six neighbours of h, in direction order."""
    return [add(h, d) for d in DIRECTIONS]


def diagonal_neighbors(h: Hex) -> list[Hex]:
    """Return the six diagonal neighbours of h."""
    return [add(h, d) for d in DIAGONALS]


def distance(a: Hex, b: Hex) -> int:
    """Return the number of steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn(direction: int, steps: int) -> int:
    """Return a direction turned by steps (+1 is counter-clockwise in Red Blob's order)."""
    return (direction + steps) % 6


def ring(center: Hex, radius: int) -> list[Hex]:
    """Return the hexes at exactly ``radius`` steps, walking round from direction 4."""
    if radius == 0:
        return [center]
    out = []
    h = add(center, scale(DIRECTIONS[4], radius))
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, d)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Return the hexes within ``radius`` steps, ring by ring."""
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def hex_round(qf: float, rf: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """Return the hexes on the straight line from a to b, both included."""
    n = distance(a, b)
    # Nudge off hex edges so ties break the same way every time.
    aq, ar = a[0] + 1e-6, a[1] + 2e-6
    bq, br = b[0] + 1e-6, b[1] + 2e-6
    if n == 0:
        return [a]
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def rotate_left(h: Hex) -> Hex:
    """Return h rotated 60 degrees counter-clockwise about the origin (cube -s, -q, -r)."""
    q, r = h
    s = -q - r
    return (-s, -q)


def rotate_right(h: Hex) -> Hex:
    """Return h rotated 60 degrees clockwise about the origin (cube -r, -s, -q)."""
    q, r = h
    return (-r, q + r)


def axial_to_offset(h: Hex, layout: str) -> tuple[int, int]:
    """Return (column, row) of h in an offset layout."""
    q, r = h
    if layout == "odd-q":
        return (q, r + (q - (q & 1)) // 2)
    if layout == "even-q":
        return (q, r + (q + (q & 1)) // 2)
    if layout == "odd-r":
        return (q + (r - (r & 1)) // 2, r)
    if layout == "even-r":
        return (q + (r + (r & 1)) // 2, r)
    raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, not {layout!r}")


def offset_to_axial(col: int, row: int, layout: str) -> Hex:
    """Return the axial hex at (column, row) of an offset layout."""
    if layout == "odd-q":
        return (col, row - (col - (col & 1)) // 2)
    if layout == "even-q":
        return (col, row - (col + (col & 1)) // 2)
    if layout == "odd-r":
        return (col - (row - (row & 1)) // 2, row)
    if layout == "even-r":
        return (col - (row + (row & 1)) // 2, row)
    raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, not {layout!r}")


def rectangle(columns: int, rows: int, layout: str) -> list[Hex]:
    """Return every hex of an offset rectangle, as axial coordinates."""
    if layout.endswith("q"):
        return [offset_to_axial(c, r, layout) for c in range(columns) for r in range(rows)]
    return [offset_to_axial(c, r, layout) for r in range(rows) for c in range(columns)]


@dataclass(frozen=True)
class Layout:
    """How hexes sit on the page: orientation, size (centre to corner) and origin."""

    orientation: str
    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def from_flat_to_flat(cls, orientation: str, flat_to_flat: float,
                          origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """Return a layout whose hexes measure ``flat_to_flat`` between opposite sides."""
        _names(orientation)
        return cls(orientation, flat_to_flat / math.sqrt(3), origin)

    @property
    def width(self) -> float:
        """Return a hex's width on the page."""
        return 2 * self.size if self.orientation == "flat" else math.sqrt(3) * self.size

    @property
    def height(self) -> float:
        """Return a hex's height on the page."""
        return math.sqrt(3) * self.size if self.orientation == "flat" else 2 * self.size

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        """Return the centre of a hex on the page."""
        q, r = h
        if self.orientation == "flat":
            x = self.size * 1.5 * q
            y = self.size * (math.sqrt(3) / 2 * q + math.sqrt(3) * r)
        else:
            x = self.size * (math.sqrt(3) * q + math.sqrt(3) / 2 * r)
            y = self.size * 1.5 * r
        return (x + self.origin[0], y + self.origin[1])

    def from_pixel(self, x: float, y: float) -> Hex:
        """Return the hex under a point of the page."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        if self.orientation == "flat":
            qf = 2 / 3 * px
            rf = -1 / 3 * px + math.sqrt(3) / 3 * py
        else:
            qf = math.sqrt(3) / 3 * px - 1 / 3 * py
            rf = 2 / 3 * py
        return hex_round(qf, rf)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """Return the six corners of a hex on the page."""
        cx, cy = self.to_pixel(h)
        start = 0.0 if self.orientation == "flat" else 30.0
        out = []
        for i in range(6):
            angle = math.radians(start + 60 * i)
            out.append((cx + self.size * math.cos(angle), cy + self.size * math.sin(angle)))
        return out


def polygon(layout: Layout, hexes: Iterable[Hex]) -> Any:
    """Return the union of the hexes' outlines as a shapely geometry.

    Neighbouring hexes compute their shared corners separately, so the union snaps to a grid
    a millionth of a hex wide; without it, float noise leaves slivers between the hexes.
    """
    import shapely

    rings = [layout.corners(h) for h in hexes]
    if not rings:
        return shapely.Polygon()
    return shapely.union_all(shapely.polygons(rings), grid_size=layout.size * 1e-6)


def is_connected(hexes: Iterable[Hex]) -> bool:
    """Return whether every hex can be reached from every other through neighbours."""
    cells = set(hexes)
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        for n in neighbors(stack.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def boundary_hexes(hexes: Iterable[Hex]) -> set[Hex]:
    """Return the hexes of a set that have a neighbour outside it."""
    cells = set(hexes)
    return {h for h in cells if any(n not in cells for n in neighbors(h))}


def outward_directions(h: Hex, hexes: Iterable[Hex]) -> list[int]:
    """Return the directions from h whose neighbour is outside the set."""
    cells = set(hexes)
    return [d for d in range(6) if neighbor(h, d) not in cells]
