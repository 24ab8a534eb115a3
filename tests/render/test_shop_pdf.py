"""The print shops' card PDF's colours (render/shop_pdf.py): RGB turned into the CMYK that
shows the same colour back in the plain arithmetic model."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.render.shop_pdf import rgb_to_cmyk, to_cmyk


def _shown(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)


def test_a_dark_red_stays_red() -> None:
    """Rushing Tin's crimson (140, 47, 57): reportlab's rgb2cmyk gave M 0.365, Y 0.325, which
    shows brown (162, 114, 104)."""
    c, m, y, k = rgb_to_cmyk(140 / 255, 47 / 255, 57 / 255)
    assert (c, round(m, 3), round(y, 3), round(k, 3)) == (0.0, 0.664, 0.593, 0.451)
    assert [round(v * 255) for v in _shown(c, m, y, k)] == [140, 47, 57]


@pytest.mark.parametrize(("rgb", "cmyk"), [((1, 1, 1), (0, 0, 0, 0)), ((0, 0, 0), (0, 0, 0, 1)),
                                           ((1, 0, 0), (0, 1, 1, 0)),
                                           ((0.5, 0.5, 0.5), (0, 0, 0, 0.5))])
def test_white_black_red_and_grey(rgb: tuple[float, float, float],
                                  cmyk: tuple[float, float, float, float]) -> None:
    assert rgb_to_cmyk(*rgb) == pytest.approx(cmyk)


@given(st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1)))
def test_every_colour_shows_itself_back(rgb: tuple[float, float, float]) -> None:
    inks = rgb_to_cmyk(*rgb)
    assert all(0 <= ink <= 1 + 1e-9 for ink in inks)
    assert _shown(*inks) == pytest.approx(rgb, abs=1e-9)


def test_a_template_colour_is_converted_with_its_alpha() -> None:
    colour = to_cmyk("#8c2f39")
    assert (round(colour.magenta, 3), round(colour.black, 3)) == (0.664, 0.451)
