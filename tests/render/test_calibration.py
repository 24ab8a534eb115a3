"""The calibration sheet: rulers for the scale, the printer's margin, and a vernier target
per axis that reads what to add to ``--back-offset``; read as a person reads it, held to the
light, for any shift of the back and any offset the kit was built with."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.layout.impose import PAPERS
from pnpcompiler.render.calibration import VERNIER_STEP, Target, targets, turned
from tests.conformance.printed import read_pages, segments

Kits = Callable[[str, str], Path]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_has_a_100_mm_and_a_4_inch_ruler_each_way(duplex_kits: Kits,
                                                                         paper: str) -> None:
    front = read_pages(duplex_kits("long", "sampler") / f"sampler-{paper}.pdf")[0]
    assert front.holds == "Calibration" and "calibration sheet" in front.text
    lengths = {(round(abs(x2 - x1), 2), round(abs(y2 - y1), 2))
               for x1, y1, x2, y2 in segments(front.content)}
    for length in (100.0, 101.6):
        assert (length, 0.0) in lengths and (0.0, length) in lengths, length
    assert "5 mm inside the paper's edge" in front.text


def _read(target: Target, shift: tuple[float, float], offset: tuple[float, float],
          size: tuple[float, float], duplex: str) -> float:
    """Read one axis of the alignment target as a person does, holding the printed sheet to
    the light: the back's scale, printed ``shift`` mm off (as seen on the back), under the
    front's lines, which show through where the sheet turned over puts them."""
    page_w, page_h = size
    axis = 0 if target.axis == "x" else 1
    ticks = [(seg[axis] + shift[axis], mm) for seg, mm in target.scale(offset)]
    lines = []
    for seg, k in target.vernier():
        x1, y1, _, _ = turned(seg, page_w, page_h, duplex)  # as the front draws it
        # Turned over: a long-edge flip of a portrait sheet mirrors across, a short one down.
        seen = (page_w - x1 if duplex == "long" else x1, y1 if duplex == "long" else page_h - y1)
        lines.append((seen[axis], k))
    zero = next(at for at, mm in ticks if mm == 0)
    index = next(at for at, k in lines if k == 0)
    sign = 1 if index >= zero - 1e-9 else -1
    whole = int(abs(index - zero) + 1e-9)
    # Counting outward from the long line (itself first), the first that meets a mark.
    for at, k in sorted(lines, key=lambda line: abs(line[1])):
        if k * sign >= 0 and any(abs(at - t) < VERNIER_STEP / 20 for t, _ in ticks):
            return sign * (whole + abs(k) / 10)
    raise AssertionError("no line meets a mark")


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(-20, 20), st.integers(-20, 20),
       st.sampled_from(["a4", "letter"]), st.sampled_from(["long", "short"]))
def test_the_alignment_target_reads_what_to_add_to_the_back_offset(
        sx: int, sy: int, ox: int, oy: int, paper: str, duplex: str) -> None:
    """Whatever the printer's shift of the back side (to the tenth, up to 5 mm) and the
    kit's offset, the two readings added to the offset give the offset that cancels the
    shift."""
    shift, offset = (sx / 10, sy / 10), (ox / 10, oy / 10)
    error = (shift[0] + offset[0], shift[1] + offset[1])
    if max(abs(error[0]), abs(error[1])) > 5:
        return
    across, down = targets(*PAPERS[paper])
    readings = [_read(t, shift, offset, PAPERS[paper], duplex) for t in (across, down)]
    assert offset[0] + readings[0] == pytest.approx(-shift[0], abs=1e-6)
    assert offset[1] + readings[1] == pytest.approx(-shift[1], abs=1e-6)


def test_the_calibration_sheet_front_draws_the_target_where_the_back_expects_it(
        duplex_kits: Kits) -> None:
    """The vernier lines on the front of the long- and short-edge kits are where the target
    puts them once turned over, and the back names the kit's offset."""
    for duplex in ("long", "short"):
        front, back = read_pages(duplex_kits(duplex, "sampler") / "sampler-a4.pdf")[:2]
        drawn = {tuple(round(v, 2) for v in seg) for seg in segments(front.content)}
        for target in targets(*PAPERS["a4"]):
            for seg, _ in target.vernier():
                x1, y1, x2, y2 = turned(seg, *PAPERS["a4"], duplex)
                assert (round(x1, 2), round(PAPERS["a4"][1] - y1, 2), round(x2, 2),
                        round(PAPERS["a4"][1] - y2, 2)) in drawn or \
                    (round(x1, 2), round(PAPERS["a4"][1] - y2, 2), round(x2, 2),
                     round(PAPERS["a4"][1] - y1, 2)) in drawn
        assert "--back-offset 0,0" in back.text
