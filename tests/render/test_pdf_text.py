"""PDF faces: a text's runs written straight as reportlab's drawString writes them."""

from __future__ import annotations

import io
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.layout.text import FONT_FILES, register_fonts
from pnpcompiler.render.pdf import draw_string, new_canvas

CHARACTERS = (st.characters(blacklist_categories=("Cs", "Cc"))
              | st.sampled_from(list("()\\\t\r\n%é€"))
              | st.characters(min_codepoint=0x20, max_codepoint=0x17F))
strings = st.tuples(
    st.floats(-500, 1000, allow_nan=False),
    st.floats(-500, 1000, allow_nan=False),
    st.text(CHARACTERS, max_size=40),
    st.sampled_from([*sorted(FONT_FILES), "Helvetica", "Times-Bold"]),
    st.floats(1, 40, allow_nan=False),
)


def _draw(runs: list[tuple[float, float, str, str, float]], straight: bool) -> tuple[list[str],
                                                                                   bytes]:
    """Draw the runs on a fresh canvas, by draw_string or by reportlab's own drawString;
    return the page's operators and the whole file."""
    register_fonts()
    buffer = io.BytesIO()
    canvas: Any = new_canvas(buffer)
    for x, y, text, font, size in runs:
        canvas.setFont(font, size)
        if straight:
            draw_string(canvas, x, y, text)
        else:
            canvas.drawString(x, y, text)
    operators = list(canvas._code)
    canvas.showPage()
    canvas.save()
    return operators, buffer.getvalue()


@settings(max_examples=150, deadline=None)
@given(st.lists(strings, min_size=1, max_size=6))
def test_text_drawn_straight_as_reportlab_draws_it(runs: list[tuple[float, float, str, str,
                                                                    float]]) -> None:
    assert _draw(runs, straight=True) == _draw(runs, straight=False)


def test_text_spanning_subsets_of_a_font_is_drawn_as_reportlab_draws_it() -> None:
    # Past the first 200-odd characters a TrueType font is embedded as a further subset,
    # which the same run switches to and back from.
    many = "".join(chr(c) for c in range(0x20, 0x17F) if c != 0x7F)
    runs = [(10.0, 20.0, many + "A", "Vera", 9.0), (10.0, 40.0, "(x) \\ y", "Vera-Bold", 6.5),
            (5.0, 5.0, "", "Vera", 4.0)]
    assert _draw(runs, straight=True) == _draw(runs, straight=False)
