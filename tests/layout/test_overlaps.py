"""The check of a face's text: overlaps, the cut and the safe margin, text that does not fit.

Each kind of finding on a small face made by hand, then through templates and the build.
Every face the games print is checked clean by the conformance suite
(tests/conformance/test_faces.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

from pnpcompiler.build.options import BuildOptions
from pnpcompiler.layout.coverage import overflows, text_ink
from pnpcompiler.layout.model import Box, Ellipse, Face, Group, Image, Paint, Polygon, Text
from pnpcompiler.layout.overlaps import (
    OVERFLOW,
    OVERLAP,
    SAFE,
    SAFE_MARGIN,
    TRIM,
    Clash,
    Scene,
    check_face,
)
from pnpcompiler.layout.templates import TemplateSet
from pnpcompiler.layout.text import PT_PER_MM, TextStyle, fit, label

CHECK_CODES = {OVERLAP, TRIM, SAFE, OVERFLOW, "sheet.header-split"}

# --- hand-made faces ----------------------------------------------------------------------------

RING = Ellipse(20.0, 20.0, 10.0, 10.0, Paint("#ffffff", "#d55e00", 2.0))


def card(*elements: object, shape: str = "rect", size: float = 40.0,
         safe: float | None = None) -> Face:
    return Face(size, size, 3.0, "#ffffff", tuple(elements), shape=shape,  # type: ignore[arg-type]
                safe=safe)


def words(text: str, x: float, baseline: float, size: float = 9.0) -> Text:
    return label(text, x, baseline, size)


def codes(face: Face, safe: float = SAFE_MARGIN) -> list[str]:
    return [clash.code for clash in check_face(face, safe=safe)]


def test_text_across_a_ring_overlaps_it() -> None:
    """STORM n over the ring: the text crosses the ring's band."""
    clash: Clash
    [clash] = check_face(card(RING, words("STORM 3", 12.0, 29.5)))
    assert clash.code == OVERLAP and clash.other is RING
    assert "STORM 3" in clash.message and "circle at (20.0, 20.0) mm" in clash.message


def test_text_inside_a_ring_sits_on_its_disc() -> None:
    assert check_face(card(RING, words("STORM", 15.5, 21.0))) == []


def test_text_inside_a_filled_band_sits_on_it() -> None:
    band = Box(-3.0, -3.0, 46.0, 15.0, Paint("#1f3a5f"))
    assert check_face(card(band, words("HAND-OFF", 4.0, 8.0))) == []


def test_text_half_on_a_band_overlaps_it() -> None:
    band = Box(-3.0, -3.0, 46.0, 10.0, Paint("#1f3a5f"))
    assert codes(card(band, words("HAND-OFF", 4.0, 8.5))) == [OVERLAP]


def test_a_shape_drawn_over_text_covers_it() -> None:
    cover = Box(10.0, 10.0, 20.0, 10.0, Paint("#ffffff"))
    [clash] = check_face(card(words("hidden words", 8.0, 16.0), cover))
    assert clash.code == OVERLAP and "is covered by" in clash.message


def test_a_shape_over_a_disc_is_not_hidden_by_the_disc() -> None:
    """Only what is drawn before the shape a text sits on is hidden under it."""
    disc = Ellipse(20.0, 20.0, 12.0, 12.0, Paint("#ffffff"))
    arrow = Polygon(((20.0, 10.0), (24.0, 18.0), (16.0, 18.0)), Paint("#222222"))
    assert codes(card(disc, arrow, words("WIND 3", 14.0, 19.5))) == [OVERLAP]
    assert codes(card(disc, arrow, words("WIND 3", 14.0, 24.5))) == []


def test_two_texts_that_meet_are_one_overlap() -> None:
    face = card(words("Section A - level 6", 4.0, 20.0), words("0404", 14.0, 21.0))
    [clash] = check_face(face)
    assert clash.code == OVERLAP and "0404" in clash.message


def test_text_too_close_to_a_line_overlaps_it() -> None:
    """Ink 0.1 mm from a line is nearer than the 0.2 mm clearance."""
    text = words("TIME", 10.0, 20.0)
    bottom = text_ink(text).bounds[3]
    line = Polygon(((5.0, bottom + 0.1 + 0.15), (35.0, bottom + 0.1 + 0.15)),
                   Paint(None, "#222222", 0.3), closed=False)
    [clash] = check_face(card(text, line))
    assert clash.code == OVERLAP and "comes 0.10 mm from" in clash.message
    assert check_face(card(text, line), clearance=0.05) == []


def test_text_over_a_picture_overlaps_it() -> None:
    art = Image("/nowhere/art.png", "0" * 64, "png", (100, 50), 5.0, 5.0, 30.0, 15.0)
    assert codes(card(art, words("Celebrity Alert", 6.0, 12.0))) == [OVERLAP]


def test_an_icon_in_a_line_of_text_belongs_to_it() -> None:
    fitted = fit("to level 2 :level-2:", TextStyle(size=9), 34.0, 6.0)
    text = Text(3.0, 10.0, 34.0, 6.0, fitted.lines, fitted.size)
    [icon] = [run for line in fitted.lines for run in line.runs if run.icon]
    top = 10.0 + fitted.lines[0].baseline - icon.width * 0.78
    disc = Ellipse(3.0 + icon.x + icon.width / 2, top + icon.width / 2, icon.width * 0.46,
                   icon.width * 0.46, Paint("#cc79a7", "#222222", 0.1))
    assert check_face(card(text, disc)) == []


def test_a_backdrop_is_not_counted() -> None:
    border = Polygon(((0.0, 20.0), (40.0, 20.0)), Paint(None, "#b9af9b", 0.35), closed=False)
    name = words("WASHINGTON", 5.0, 21.0)
    assert codes(card(Group("borders", (border,)), name)) == [OVERLAP]
    assert check_face(card(Group("land", (border,), backdrop=True), name)) == []


def test_text_past_the_trim_is_cut_off() -> None:
    [clash] = check_face(card(words("RUSHING TIN CASH", 30.0, 20.0)))
    assert clash.code == TRIM and "cut off" in clash.message


def test_text_in_a_round_counters_corner_is_past_its_cut() -> None:
    """Inside the square trim, outside the round cut."""
    assert codes(card(words("12", 1.0, 4.0), shape="round", safe=0.0)) == [TRIM]


def test_text_near_the_cut_is_inside_the_safe_margin() -> None:
    [clash] = check_face(card(words("ENTRY/EXIT", 10.0, 38.5)))
    assert clash.code == SAFE and "text keeps 3 mm inside it" in clash.message
    assert codes(card(words("ENTRY/EXIT", 10.0, 38.5)), safe=1.0) == []


def test_a_face_sets_its_own_safe_margin() -> None:
    """A 16 mm counter keeps its text 1.5 mm inside the cut, whatever the kit's margin."""
    text = words("TIME", 5.0, 13.9, 6.0)
    assert codes(card(text, size=16.0)) == [SAFE]
    assert codes(card(text, size=16.0, safe=1.5)) == []


def test_text_that_does_not_fit_its_box_overflows_and_is_clipped() -> None:
    style = TextStyle(size=9, min_size=7)
    fitted = fit("Long rules text. " * 20, style, 30.0, 10.0)
    assert not fitted.fits
    text = Text(5.0, 5.0, 30.0, 10.0, fitted.lines, fitted.size, clip=True)
    assert overflows(text)
    [clash] = check_face(card(text))
    assert clash.code == OVERFLOW and "of height" in clash.message
    # What prints is cut at the box: nothing past it to clash with.
    assert text_ink(text).bounds[3] <= 15.0 + 1e-9


def test_words_are_never_broken_inside_to_fit() -> None:
    """A header 'SCHEDULE' shrinks to fit its column whole, or does not fit."""
    style = TextStyle(font="bold", size=8, min_size=6, align="center")
    narrow = fit("SCHEDULE", style, 14.0, 10.0)
    assert narrow.fits and narrow.size < 8
    assert [[run.text for run in line.runs] for line in narrow.lines] == [["SCHEDULE"]]
    assert not fit("SCHEDULE", style, 10.0, 10.0).fits


def test_a_clipped_text_is_clipped_in_the_svg_and_the_png() -> None:
    from pnpcompiler.render.png import faces_to_png
    from pnpcompiler.render.svg import face_svg

    fitted = fit("<b>" + "W" * 40 + "</b>", TextStyle(size=12, min_size=12), 20.0, 8.0)
    text = Text(10.0, 10.0, 20.0, 8.0, fitted.lines, fitted.size, clip=not fitted.fits)
    face = Face(40.0, 30.0, 0.0, "#ffffff", (text,))
    assert text.clip and 'clip-path="url(#clip-' in face_svg(face)
    [(_, png)] = list(faces_to_png([face], 254, [Path("x.png")]))
    from io import BytesIO

    from PIL import Image as Picture

    pixels = Picture.open(BytesIO(png)).convert("L")
    inked = [x for x in range(pixels.width) for y in range(pixels.height)
             if cast(int, pixels.getpixel((x, y))) < 128]  # a grey level: "L"
    assert inked and min(inked) >= 100 - 1 and max(inked) <= 300 + 1  # 10 px a mm


def test_a_label_goes_where_nothing_is() -> None:
    """A map label tries its side first, then the next free one."""
    circle = Ellipse(20.0, 20.0, 8.0, 8.0, Paint("#ddc39a"))
    scene = Scene([circle])
    east = [label("CALDWELL", 27.0, 21.0, 7.5)]
    west = [label("CALDWELL", 11.0, 21.0, 7.5, anchor="end")]
    assert scene.place([east, west]) is west
    assert not scene.clear([label("SALERNO", 3.0, 21.0, 7.5)])


# --- through templates and the build -------------------------------------------------------------


def test_template_overlap_is_a_warning_at_the_text_element(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnpcompiler.layout.templates import resolve

    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "templates" / "game"
    folder.mkdir(parents=True)
    (folder / "counter.yaml").write_text(
        "shape: round\n"
        "safe: 1.5mm\n"
        "elements:\n"
        "  - circle: {cx: 8, cy: 8, r: 6.7, fill: '#ffffff', stroke: '#f0e442', "
        "stroke_width: 2.2}\n"
        "  - text: {x: 0, y: 10.8, w: 16, h: 3.4, text: '<b>STORM 3</b>', size: 5, "
        "align: center}\n", encoding="utf-8")
    face, findings = resolve(TemplateSet([tmp_path / "templates"]), "game/counter", {},
                             (16.0, 16.0), 3.0, "counter-weather-3")
    assert face.safe == 1.5
    [finding] = findings
    assert (finding.code, finding.severity) == (OVERLAP, "warning")
    assert finding.location is not None and finding.location.line == 5
    assert finding.message.startswith("counter-weather-3: game/counter: text 'STORM 3'")
    assert "(line 4)" in finding.message


def test_build_names_the_cards_own_line_for_text_that_does_not_fit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        pnp: Callable[..., tuple[int, str]]) -> None:
    monkeypatch.chdir(tmp_path)
    assert pnp("new", "my-game")[0] == 0
    cards = tmp_path / "content" / "my-game" / "cards" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    long = "Draw two cards and discard one of them. " * 30
    cards.write_text(text.replace("Replace this text with the card's rules.", long),
                     encoding="utf-8")
    code, out = pnp("build", "my-game", "--no-svg")
    assert code == 1
    line = next(i for i, row in enumerate(cards.read_text().splitlines(), 1) if "Draw two" in row)
    found = re.search(r"^(\S+):(\d+):\d+: error text\.overflow: .*$", out, re.M)
    assert found is not None, out
    assert (found.group(1), int(found.group(2))) == ("content/my-game/cards/cards.yaml", line)
    assert "templates/my-game/card-front.yaml:" in found.group(0)
    assert "it prints cut off at the box" in found.group(0)


def test_the_safe_margin_is_a_build_option(pnp: Callable[..., tuple[int, str]]) -> None:
    code, out = pnp("build", "--safe", "25")
    assert code == 2 and "--safe must be between 0 and 20 mm" in out


def test_ink_is_measured_glyph_by_glyph() -> None:
    """Capitals stand on the baseline, a 'g' hangs below it: not the line's whole height."""
    caps = text_ink(label("H", 0.0, 10.0, 10 * PT_PER_MM)).bounds
    assert caps[3] == pytest.approx(10.0, abs=0.01)
    assert caps[3] - caps[1] == pytest.approx(7.29, abs=0.05)  # Vera's cap height, 10 mm type
    assert text_ink(label("g", 0.0, 10.0, 10 * PT_PER_MM)).bounds[3] > 11.5


def test_a_header_too_wide_for_its_column_is_broken_and_warned() -> None:
    """The column header shrinks whole; when even its smallest size is too wide, it is
    broken inside the word and the sheet says so."""
    from pnpcompiler.content.components import Sheet
    from pnpcompiler.layout.forms import sheet_pages

    sheet = Sheet.model_validate({"kind": "sheet", "title": "Log", "sections": [
        {"kind": "table", "columns": [{"title": "EXTRAORDINARY", "width": "9mm"}, "NOTES"],
         "rows": [["1", "x"]]}]})
    pages, findings = sheet_pages(sheet, "a4")
    [split] = [f for f in findings if f.code == "sheet.header-split"]
    assert split.severity == "warning" and "'EXTRAORDINARY'" in split.message
    [header] = [e for e in pages.pages[0].elements if isinstance(e, Text)
                and "".join(r.text for line in e.lines for r in line.runs) == "EXTRAORDINARY"]
    assert len(header.lines) > 1


def test_the_build_keeps_text_as_far_inside_the_cut_as_the_layout_checks() -> None:
    """``pnp build``'s default --safe is the layout's own default margin."""
    assert BuildOptions().safe == SAFE_MARGIN
