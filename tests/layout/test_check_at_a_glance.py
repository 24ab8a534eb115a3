"""The check of a face's text clears most texts by their boxes alone (layout/overlaps.py): a
text inside a frame's bare hole, on a panel drawn before it, or far from everything. The
glance may only spare the exact check, never change its verdict: on faces of frames, panels,
rings and labels placed at random, the check finds the same clashes with the glance as
without it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.layout.model import Box, Element, Ellipse, Face, Paint
from pnpcompiler.layout.overlaps import check_face
from pnpcompiler.layout.text import label

SIZE = 40.0
CHECK = "pnpcompiler.layout.overlaps"

coords = st.floats(min_value=-2.0, max_value=SIZE + 2.0, allow_nan=False)
lengths = st.floats(min_value=0.5, max_value=SIZE, allow_nan=False)
paints = st.builds(Paint, st.sampled_from([None, "#ffffff", "#1f3a5f"]),
                   st.sampled_from([None, "#d55e00"]),
                   st.floats(min_value=0.1, max_value=2.0, allow_nan=False))
boxes = st.builds(Box, coords, coords, lengths, lengths, paints,
                  st.floats(min_value=0.0, max_value=4.0, allow_nan=False))
rings = st.builds(Ellipse, coords, coords, lengths, lengths, paints)
labels = st.builds(label, st.sampled_from(["STORM 3", "Route AA103", "g", "Bonus 450"]),
                   coords, coords, st.sampled_from([4.0, 9.0, 16.0]))
elements = st.lists(st.one_of(boxes, boxes, rings, labels, labels), min_size=1, max_size=6)


def _face(drawn: list[Element], shape: str) -> Face:
    return Face(SIZE, SIZE, 3.0, "#ffffff", tuple(drawn), shape=shape)


@settings(max_examples=150, deadline=None)
@given(drawn=elements, shape=st.sampled_from(["rect", "rect", "round", "hex"]),
       safe=st.sampled_from([0.0, 3.0]))
def test_the_glance_only_spares_the_exact_check(drawn: list[Element], shape: str,
                                                 safe: float) -> None:
    face = _face(drawn, shape)
    glanced = check_face(face, safe=safe)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(f"{CHECK}._clear_at_a_glance", lambda *args: False)
        patch.setattr(f"{CHECK}._safe_at_a_glance", lambda *args: False)
        exact = check_face(face, safe=safe)
    assert [(c.code, c.message) for c in glanced] == [(c.code, c.message) for c in exact]


def test_a_frame_rounder_than_its_stroke_has_no_hole_in_its_stroke() -> None:
    """A frame whose corners are rounded less than half its stroke is wide has a square hole:
    a text on its stroke, where a round corner's cut would be, is met (found by the property
    above: the glance once took the arms of the hole's cross past the stroke)."""
    frame = Box(-1.0, 0.0, 8.0, 5.0, Paint(None, "#d55e00", 2.0), 0.5)
    face = _face([frame, label("STORM 3", 0.0, 3.0, 4.0)], "rect")
    glanced = check_face(face, safe=0.0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(f"{CHECK}._clear_at_a_glance", lambda *args: False)
        exact = check_face(face, safe=0.0)
    assert [c.code for c in exact] == ["layout.overlap"]
    assert [(c.code, c.message) for c in glanced] == [(c.code, c.message) for c in exact]


def test_a_title_in_a_frames_hole_is_clear_at_a_glance(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """A card's title inside its rounded frame meets nothing, and the glance says so: the
    exact check is not needed."""

    def exact(*args: object) -> None:
        raise AssertionError("the exact check ran")

    monkeypatch.setattr(f"{CHECK}._overlaps", exact)
    frame = Box(3.0, 3.0, 34.0, 34.0, Paint(None, "#1f3a5f", 0.6), 2.5)
    title = label("Route AA103", 6.0, 12.0, 9.0)
    assert check_face(_face([frame, title], "rect")) == []
