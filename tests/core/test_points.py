"""Point-map geometry: the distances that lie less than a tolerance either side of their limit,
found by vectorised search and decided exactly, against a scalar exact test."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.core.points import (
    Near,
    distance2_exactly,
    nearer_than,
    pairs_near_length,
    segment_distance2_exactly,
    segments_near_circles,
)

whole = st.integers(min_value=-60, max_value=60)


def _scalar_pairs(points: list[tuple[float, float]], length: float, tolerance: Fraction
                  ) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(points)) for j in range(i + 1, len(points))
            if nearer_than(distance2_exactly(points[i], points[j]), length, tolerance)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(whole, whole), min_size=2, max_size=12),
       st.integers(min_value=1, max_value=80), st.sampled_from([0, 1, 2, 3, 4]))
def test_pairs_near_length_finds_what_an_exact_scalar_test_finds(
        points: list[tuple[int, int]], length: int, tolerance: int) -> None:
    """Whole-number places put many pairs exactly on ``length`` +- ``tolerance``, where the
    vectorised distances must hand over to the exact ones."""
    xy = [(float(x), float(y)) for x, y in points]
    near = pairs_near_length(xy, float(length), Fraction(tolerance))
    assert [(n.first, n.second) for n in near] == _scalar_pairs(xy, length, Fraction(tolerance))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.tuples(whole, whole), st.tuples(whole, whole)), min_size=1,
                max_size=6),
       st.lists(st.tuples(whole, whole, st.integers(min_value=1, max_value=40)), min_size=1,
                max_size=4),
       st.sampled_from([0, 1, 3, 5]))
def test_segments_near_circles_finds_what_an_exact_scalar_test_finds(
        segments: list[Any], circles: list[tuple[int, int, int]], tolerance: int) -> None:
    segs = [((float(a), float(b)), (float(c), float(d))) for (a, b), (c, d) in segments]
    rings = [(float(x), float(y), float(r)) for x, y, r in circles]
    near = segments_near_circles(segs, rings, tolerance)
    expected = [(i, j) for i, s in enumerate(segs) for j, (x, y, r) in enumerate(rings)
                if nearer_than(segment_distance2_exactly(s, (x, y)), r, tolerance)]
    assert sorted((n.first, n.second) for n in near) == expected


def test_near_says_how_far_beyond_its_limit() -> None:
    assert Near(0, 1, 250.29, 250.0).off == pytest.approx(0.29)
    assert pairs_near_length([(0.0, 0.0), (3.0, 4.0)], 5.0, 0) == []
    assert [n.off for n in pairs_near_length([(0.0, 0.0), (3.0, 4.0)], 5.0, 0.5)] == [0.0]
