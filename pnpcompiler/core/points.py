"""Geometry of point maps: places joined by straight legs, and circles a leg may cross.

Every rule test is exact: whether two places are at most a length apart, whether a leg comes
within a circle (its edge included). Many legs against many circles are measured at once with
shapely 2 (``shapely.distance`` on arrays); the few that land within a rounding error of a
limit are settled in rational arithmetic, so the answer equals an exact computation and a
grazing leg is never missed the way a polygonised buffer can miss it.

A printed map adds a question the exact test cannot answer: can a player, measuring on paper,
tell which side of a limit a distance falls? :func:`pairs_near_length` and
:func:`segments_near_circles` find the distances that lie less than a tolerance either side of
their limit, with the same exact distances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

XY = tuple[float, float]
Segment = tuple[XY, XY]
Circle = tuple[float, float, float]
"""Centre x, centre y and radius."""
BAND = 1e-6
"""Relative distance from a limit inside which floating point cannot be trusted."""


# --- exact distances --------------------------------------------------------------------------


def distance2_exactly(a: XY, b: XY) -> Fraction:
    """Return the squared distance between two points, exactly."""
    dx, dy = Fraction(b[0]) - Fraction(a[0]), Fraction(b[1]) - Fraction(a[1])
    return dx * dx + dy * dy


def segment_distance2_exactly(segment: Segment, centre: XY) -> Fraction:
    """Return the squared distance from ``centre`` to the segment, exactly."""
    (ax, ay), (bx, by) = ((Fraction(x), Fraction(y)) for x, y in segment)
    cx, cy = Fraction(centre[0]), Fraction(centre[1])
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return (cx - ax) ** 2 + (cy - ay) ** 2
    t = min(max(((cx - ax) * dx + (cy - ay) * dy) / length2, Fraction(0)), Fraction(1))
    px, py = ax + t * dx, ay + t * dy
    return (cx - px) ** 2 + (cy - py) ** 2


def crosses_exactly(segment: Segment, circle: Circle) -> bool:
    """Return whether the segment comes within the circle (its edge included), exactly."""
    cx, cy, r = circle
    return segment_distance2_exactly(segment, (cx, cy)) <= Fraction(r) ** 2


def within_exactly(a: XY, b: XY, length: float) -> bool:
    """Return whether the distance from ``a`` to ``b`` is at most ``length``, exactly."""
    fx, fy = float(b[0]) - float(a[0]), float(b[1]) - float(a[1])
    far, limit = fx * fx + fy * fy, float(length) ** 2
    if abs(far - limit) > 1e-9 * max(1.0, limit):
        return far < limit  # clear either way: only near-ties need exact arithmetic
    return distance2_exactly(a, b) <= Fraction(length) ** 2


def nearer_than(distance2: Fraction, limit: float, tolerance: float | Fraction) -> bool:
    """Return whether a distance (given squared) lies less than ``tolerance`` either side of
    ``limit``: exactly ``tolerance`` away is far enough."""
    low, high = Fraction(limit) - Fraction(tolerance), Fraction(limit) + Fraction(tolerance)
    return distance2 < high * high and (low <= 0 or distance2 > low * low)


# --- many at once -----------------------------------------------------------------------------


def centre_distances(segments: Sequence[Segment], centres: Sequence[XY]
                     ) -> npt.NDArray[np.float64]:
    """Return the distance from every segment (rows) to every centre (columns), in floating
    point: NaN or infinite where GEOS could not tell."""
    import numpy as np
    import shapely

    coords = np.asarray(segments, dtype=float)
    lines = shapely.linestrings(coords)
    # A zero-length segment is a point (a leg that goes nowhere, or a test's corner case).
    degenerate = np.all(coords[:, 0, :] == coords[:, 1, :], axis=1)
    if degenerate.any():
        lines[degenerate] = shapely.points(coords[degenerate, 0, :])
    points = shapely.points(np.asarray(centres, dtype=float))
    with np.errstate(invalid="ignore", divide="ignore"):
        found: npt.NDArray[np.float64] = shapely.distance(lines[:, np.newaxis],
                                                          points[np.newaxis, :])
    return found


def crossing_matrix(segments: Sequence[Segment], circles: Sequence[Circle]) -> list[list[bool]]:
    """Return, for every segment and every circle, whether the segment crosses the circle.

    One shapely call measures every segment against every centre; pairs whose distance lies
    within a rounding error of the radius are decided by :func:`crosses_exactly`.
    """
    import numpy as np

    if not segments or not circles:
        return [[False] * len(circles) for _ in segments]
    distance = centre_distances(segments, [(x, y) for x, y, _ in circles])
    radii = np.asarray([r for _, _, r in circles], dtype=float)
    crossed = distance <= radii[np.newaxis, :]
    # Far below a unit of length, GEOS may divide by nearly zero: decide those exactly too.
    unsure = ~np.isfinite(distance) | (
        np.abs(distance - radii[np.newaxis, :]) <= BAND * np.maximum(1.0, radii))
    for i, j in zip(*np.nonzero(unsure), strict=True):
        crossed[i, j] = crosses_exactly(segments[i], circles[j])
    return [[bool(v) for v in row] for row in crossed]


# --- what a printed map cannot decide ---------------------------------------------------------


@dataclass(frozen=True)
class Near:
    """A distance nearer its limit than a player can tell on paper."""

    first: int
    """The first point's (or the segment's) index."""
    second: int
    """The second point's (or the circle's) index."""
    distance: float
    limit: float

    @property
    def off(self) -> float:
        """Return how far the distance lies beyond its limit (negative: short of it)."""
        return self.distance - self.limit


def pairs_near_length(points: Sequence[XY], length: float, tolerance: float | Fraction
                      ) -> list[Near]:
    """Return every pair of points (``first`` < ``second``) whose distance lies less than
    ``tolerance`` either side of ``length``, decided exactly."""
    import numpy as np

    if len(points) < 2:
        return []
    xy = np.asarray(points, dtype=float)
    gaps = np.hypot(xy[:, np.newaxis, 0] - xy[np.newaxis, :, 0],
                    xy[:, np.newaxis, 1] - xy[np.newaxis, :, 1])
    reach = float(tolerance) + BAND * max(1.0, float(length))
    found = []
    for i, j in zip(*np.nonzero(np.abs(gaps - float(length)) <= reach), strict=True):
        if i < j and nearer_than(distance2_exactly(points[i], points[j]), length, tolerance):
            found.append(Near(int(i), int(j), float(gaps[i, j]), float(length)))
    return found


def segments_near_circles(segments: Sequence[Segment], circles: Sequence[Circle],
                          tolerance: float | Fraction) -> list[Near]:
    """Return every segment and circle where the distance from the segment to the centre lies
    less than ``tolerance`` either side of the radius (``distance`` and ``limit``), decided
    exactly."""
    import numpy as np

    if not segments or not circles:
        return []
    distance = centre_distances(segments, [(x, y) for x, y, _ in circles])
    radii = np.asarray([r for _, _, r in circles], dtype=float)
    reach = float(tolerance) + BAND * np.maximum(1.0, radii)
    unsure = ~np.isfinite(distance) | (np.abs(distance - radii[np.newaxis, :]) <= reach)
    found = []
    for i, j in zip(*np.nonzero(unsure), strict=True):
        (cx, cy, r), segment = circles[j], segments[i]
        exact = segment_distance2_exactly(segment, (cx, cy))
        if nearer_than(exact, r, tolerance):
            found.append(Near(int(i), int(j), float(exact) ** 0.5, float(r)))
    return found
