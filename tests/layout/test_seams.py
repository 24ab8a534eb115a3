"""Where a tiled board is cut (layout/seams.py): each seam off the board's texts, as near its
even share as the paper allows; the windows still cover the board, overlap as before and fit
their sheets."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.layout.seams import CLEARANCE, clear_seams, spans_across

OVERLAP = 10.0


def _covers(windows: list[tuple[float, float]], length: float, rooms: list[float]) -> None:
    assert windows[0][0] == 0.0
    assert abs(windows[-1][0] + windows[-1][1] - length) < 1e-6
    for (start, size), (after, _) in pairwise(windows):
        assert abs(start + size - OVERLAP - after) < 1e-6  # neighbours overlap as before
    for (_, size), room in zip(windows, rooms, strict=True):
        assert OVERLAP < size <= room + 1e-6


def test_a_seam_through_a_label_moves_off_it() -> None:
    even = [(0.0, 155.0), (145.0, 155.0)]
    label = (140.0, 150.0)  # the second sheet's edge, 145, would cut it
    windows = clear_seams(even, 300.0, [180.0, 180.0], OVERLAP, [label])
    _covers(windows, 300.0, [180.0, 180.0])
    seam = windows[1][0]
    assert seam >= label[1] + CLEARANCE or seam + OVERLAP <= label[0] - CLEARANCE
    assert seam == 151.0  # the nearest place clear of it, cut under the next sheet too


def test_a_seam_with_nowhere_clear_to_go_stays() -> None:
    even = [(0.0, 155.0), (145.0, 155.0)]
    everywhere = [(100.0, 200.0)]
    assert clear_seams(even, 300.0, [155.0, 155.0], OVERLAP, everywhere) == even


def test_only_the_texts_beside_a_strip_move_its_seams() -> None:
    boxes = [(140.0, 10.0, 150.0, 14.0), (40.0, 200.0, 60.0, 204.0)]
    assert spans_across(boxes, 0, (0.0, 100.0)) == [(140.0, 150.0)]
    assert spans_across(boxes, 1) == [(10.0, 14.0), (200.0, 204.0)]


@settings(max_examples=200, deadline=None)
@given(length=st.floats(200.0, 900.0), room=st.floats(120.0, 260.0),
       spans=st.lists(st.tuples(st.floats(0.0, 900.0), st.floats(1.0, 40.0)), max_size=12))
def test_seams_moved_off_texts_still_tile_the_board(
        length: float, room: float, spans: list[tuple[float, float]]) -> None:
    count = 1
    while count * room - (count - 1) * OVERLAP < length:
        count += 1
    size = (length + (count - 1) * OVERLAP) / count
    even = [(i * (size - OVERLAP), size) for i in range(count)]
    texts = [(a, a + w) for a, w in spans]
    windows = clear_seams(even, length, [room] * count, OVERLAP, texts)
    _covers(windows, length, [room] * count)
    if count == 2:  # one seam: a clear place the paper allows is found
        lowest, highest = max(length - room, OVERLAP), room - OVERLAP
        clear = [x / 10 for x in range(int(lowest * 10) + 1, int(highest * 10))
                 if all(x / 10 <= a - CLEARANCE or x / 10 >= b + CLEARANCE for a, b in texts)]
        seam = windows[1][0]
        if clear:
            assert all(seam <= a - CLEARANCE + 1e-6 or seam >= b + CLEARANCE - 1e-6
                       for a, b in texts)
