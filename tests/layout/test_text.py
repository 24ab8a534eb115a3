"""Text fitting: shrinking to fit then reporting overflow, runs for bold, italic and icons,
centring; and the direct setting of plain one-line text, which is what reportlab's Paragraph
gives, to the last bit, so the shortcut can never change a kit; the title font shipped and
embedded; text reflowed into paragraphs."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnpcompiler.layout.model import Face, Group, Run, Text
from pnpcompiler.layout.text import (
    PARAGRAPH_SPACE,
    PT_PER_MM,
    TITLE_FONT,
    TITLE_SVG_FAMILY,
    TextStyle,
    fit,
    font_file,
    one_line,
    set_by_reportlab,
)
from tests.paths import REPO
from tests.pdfs import resources

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
    fast = one_line(text, style, size, width)
    if fast is not None:
        assert fast == set_by_reportlab(text, style, size, width)


def test_markup_icons_and_long_lines_take_the_paragraph() -> None:
    style = TextStyle()
    assert one_line("<b>Bonus</b> 500", style, 9, 60) is None
    assert one_line("Pay :cash: now", style, 9, 60) is None
    assert one_line("a line far too long for a box this narrow", style, 9, 10) is None
    assert one_line("two\nlines", style, 9, 60) is None


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


def texts(elements: tuple[Any, ...]) -> Iterator[Text]:
    """Yield every text among ``elements``, inside groups too."""
    for e in elements:
        if isinstance(e, Text):
            yield e
        elif isinstance(e, Group):
            yield from texts(e.elements)


def runs(face: Face) -> list[Run]:
    """Return every run of a face's texts that prints something."""
    return [run for t in texts(face.elements) for line in t.lines for run in line.runs
            if run.text.strip()]


def words(t: Text) -> str:
    """Return what a text prints, its runs joined by spaces."""
    return " ".join(run.text for line in t.lines for run in line.runs if run.text.strip())


# --- the title font ---------------------------------------------------------------------------


def test_the_title_font_ships_with_its_open_font_licence() -> None:
    file = font_file(TITLE_FONT)
    licence = (file.parent / "OFL.txt").read_text(encoding="utf-8")
    assert file.is_file() and file.suffix == ".ttf"
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"fonts/*.ttf", "fonts/*.txt"' in pyproject  # package data, so an install has it


def test_the_title_font_embeds_in_the_pdf_and_is_named_in_the_svg() -> None:
    from pypdf import PdfReader

    from pnpcompiler.render.png import faces_pdf
    from pnpcompiler.render.svg import face_svg

    fitted = fit("RANDOM EVENT", TextStyle(font="title", size=20), 50.0, 10.0)
    face = Face(60.0, 20.0, 0.0, "#ffffff", (Text(5.0, 5.0, 50.0, 10.0, fitted.lines, 20.0),))
    assert {run.font for run in runs(face)} == {TITLE_FONT}
    page = PdfReader(io.BytesIO(faces_pdf([face]))).pages[0]
    fonts = resources(page)["/Font"]
    [font] = [fonts[name].get_object() for name in fonts
              if str(fonts[name].get_object()["/BaseFont"]).endswith("+" + TITLE_FONT)]
    assert "/FontFile2" in font["/FontDescriptor"].get_object()  # the subset is embedded
    svg = face_svg(face)
    assert f'font-family="{TITLE_SVG_FAMILY}"' in svg and 'font-weight="bold"' in svg
    assert TITLE_SVG_FAMILY.endswith("sans-serif")


# --- reflowed text ----------------------------------------------------------------------------

STYLE = TextStyle(size=10, min_size=10)


def baselines(markup: str) -> list[float]:
    return [line.baseline for line in fit(markup, STYLE, 120.0, 100.0).lines]


def test_a_single_line_break_in_text_is_a_space() -> None:
    broken = fit("Roll both dice.\n  Tick a box.", STYLE, 120.0, 100.0)
    assert [[run.text for run in line.runs] for line in broken.lines] == [
        ["Roll both dice. Tick a box."]]


def test_a_blank_line_starts_a_paragraph_half_a_line_below() -> None:
    leading = STYLE.size * STYLE.leading / PT_PER_MM
    first, second = baselines("Roll both dice.\n \nTick a box.")
    assert second - first == pytest.approx(leading * (1 + PARAGRAPH_SPACE))
    first, second = baselines("Roll both dice.<br/>Tick a box.")  # a line break where it stands
    assert second - first == pytest.approx(leading)


def test_a_paragraph_that_does_not_fit_is_an_overflow() -> None:
    fitted = fit("Roll both dice.\n\nTick a box.", TextStyle(size=10, min_size=9), 120.0, 6.0)
    assert not fitted.fits and len(fitted.lines) == 2


def test_lines_are_never_squeezed_past_their_box() -> None:
    # reportlab would shrink this line's spaces to hold "plan"; the runs print whole spaces.
    text = ("Planning and flight have no common rules and no fixed order: switch between them "
            "as you like (plan five times, fly twice, plan again...).")
    fitted = fit(text, TextStyle(size=8.5, min_size=8.5), 190.0, 100.0)
    assert fitted.fits and fitted.size == 8.5
    assert all(run.x + run.width <= 190.0 + 1e-6 for line in fitted.lines for run in line.runs)
