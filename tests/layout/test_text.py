"""Text fitting: the direct setting of plain one-line text is what reportlab's Paragraph
gives, to the last bit, so the shortcut can never change a kit."""

from __future__ import annotations

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
