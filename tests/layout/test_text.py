"""Text fitting: shrinking to fit then reporting overflow, runs for bold, italic and icons,
centring; and the direct setting of plain one-line text, which is what reportlab's Paragraph
gives, to the last bit, so the shortcut can never change a kit."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnpcompiler.layout.text import TextStyle, _one_line, _paragraph, fit

TEXTS = st.text(alphabet=st.sampled_from(list("abcXYZ 019.,-'\"éÅ!?()/\t<&:")), max_size=40)


@given(TEXTS, st.sampled_from(["regular", "bold", "italic", "bold-italic"]),
       st.floats(4, 20), st.floats(5, 120), st.sampled_from(["left", "center", "right"]),
       st.sampled_from(["#000000", "#1A2B3C", "#ffffff"]), st.floats(1.0, 1.5))
@settings(max_examples=500, deadline=None)
@example("Route AA103", "bold", 11.0, 57.5, "left", "#000000", 1.2)
@example("  two  spaces  ", "regular", 9.0, 60.0, "center", "#000000", 1.2)
def test_one_line_shortcut_matches_the_paragraph(text: str, font: str, size: float,
                                                  width: float, align: str, colour: str,
                                                  leading: float) -> None:
    style = TextStyle(font=font, size=size, align=align, colour=colour, leading=leading)
    fast = _one_line(text, style, size, width)
    if fast is not None:
        assert fast == _paragraph(text, style, size, width)


def test_markup_icons_and_long_lines_take_the_paragraph() -> None:
    style = TextStyle()
    assert _one_line("<b>Bonus</b> 500", style, 9, 60) is None
    assert _one_line("Pay :cash: now", style, 9, 60) is None
    assert _one_line("a line far too long for a box this narrow", style, 9, 10) is None
    assert _one_line("two\nlines", style, 9, 60) is None


def test_fits_are_remembered() -> None:
    style = TextStyle(size=10)
    assert fit("Route AA103", style, 50.0, 10.0) is fit("Route AA103", style, 50.0, 10.0)


def test_text_shrinks_to_fit_then_reports_overflow() -> None:
    text = "Fly from the entry point to the exit point within schedule. " * 3
    roomy = fit(text, TextStyle(size=9, min_size=6), 55, 40)
    tight = fit(text, TextStyle(size=9, min_size=6), 55, 14)
    hopeless = fit(text * 4, TextStyle(size=9, min_size=6), 55, 14)
    assert roomy.size == 9 and roomy.fits
    assert 6 <= tight.size < 9 and tight.fits and tight.height <= 14
    assert hopeless.size == 6 and not hopeless.fits and hopeless.height > 14


def test_bold_italic_and_icons_become_runs() -> None:
    fitted = fit("a <b>bold</b> and <i>italic</i> :storm: word", TextStyle(size=9), 80, 20)
    runs = [run for line in fitted.lines for run in line.runs]
    assert {r.font for r in runs if r.text.strip() == "bold"} == {"Vera-Bold"}
    assert {r.font for r in runs if r.text.strip() == "italic"} == {"Vera-Italic"}
    assert [r.icon for r in runs if r.icon] == ["storm"]
    xs = [r.x for r in runs]
    assert xs == sorted(xs)


def test_centred_text_is_centred() -> None:
    fitted = fit("<b>HAND-OFF</b>", TextStyle(size=16, align="center"), 50, 10)
    (run,) = fitted.lines[0].runs
    assert run.font == "Vera-Bold"
    assert run.x + run.width / 2 == pytest.approx(25, abs=0.05)
