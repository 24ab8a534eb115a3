"""The print engine: imposition geometry, text fitting, templates, the kit PDF and SVGs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.layout.impose import MARGIN, PAPERS, plan
from pnpcompiler.layout.templates import TemplateError, TemplateSet, resolve
from pnpcompiler.layout.text import TextStyle, fit
from tests.paths import GOLDEN

KIT_GOLDEN = GOLDEN / "kit"
PT = 72 / 25.4


# --- imposition --------------------------------------------------------------------------


def test_poker_cards_per_page() -> None:
    """Poker cards with 3 mm bleed: 8 on A4 and 6 on Letter (landscape), 16 on A3."""
    assert [(s.cols, s.rows, s.landscape) for s in
            (plan(63.5, 88.9, 3, p) for p in ("a4", "letter", "a3"))] == [
        (4, 2, True), (3, 2, True), (4, 4, False)]


@given(st.floats(20, 120), st.floats(20, 150), st.floats(0, 5), st.sampled_from(list(PAPERS)),
       st.sampled_from(["long", "short"]), st.floats(-3, 3), st.floats(-3, 3))
def test_trims_fit_the_page_and_backs_mirror_fronts(w: float, h: float, bleed: float,
                                                    paper: str, duplex: str, dx: float,
                                                    dy: float) -> None:
    """Every trim (plus bleed) lies inside the printable area; neighbouring trims are two
    bleeds apart; a back sits where its front lands after the flip, plus the offset."""
    try:
        sheet = plan(w, h, bleed, paper)
    except ValueError:
        return
    for i in range(sheet.per_page):
        x, y = sheet.trim(i)
        assert x - bleed >= MARGIN - 1e-6 and y - bleed >= MARGIN - 1e-6
        assert x + w + bleed <= sheet.page_w - MARGIN + 1e-6
        assert y + h + bleed <= sheet.page_h - MARGIN + 1e-6
        bx, by = sheet.back(i, duplex, (dx, dy))
        mirror_x = (duplex == "long") != sheet.landscape
        if mirror_x:
            assert bx - dx == pytest.approx(sheet.page_w - x - w) and by - dy == pytest.approx(y)
        else:
            assert by - dy == pytest.approx(sheet.page_h - y - h) and bx - dx == pytest.approx(x)
    if sheet.cols > 1:
        assert sheet.trim(1)[0] - sheet.trim(0)[0] == pytest.approx(w + 2 * bleed)


def test_crop_marks_stay_outside_the_bleed() -> None:
    sheet = plan(63.5, 88.9, 3, "a4")
    left, top, right, bottom = sheet.grid_box()
    for x1, y1, x2, y2 in sheet.crop_marks():
        for x, y in ((x1, y1), (x2, y2)):
            inside = left - 3 < x < right + 3 and top - 3 < y < bottom + 3
            assert not inside


def test_item_too_big_for_the_paper() -> None:
    with pytest.raises(ValueError, match="does not fit on A4"):
        plan(400, 400, 3, "a4")


# --- text --------------------------------------------------------------------------------


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


# --- templates ---------------------------------------------------------------------------


def _templates(tmp_path: Path, text: str) -> TemplateSet:
    folder = tmp_path / "templates" / "game"
    folder.mkdir(parents=True)
    (folder / "face.yaml").write_text(text, encoding="utf-8")
    return TemplateSet([tmp_path / "templates"])


def test_template_errors_name_file_line_and_column(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    templates = _templates(tmp_path, "elements:\n  - box: {x: 1, y: 2, w: 3mm, h: wide}\n")
    with pytest.raises(TemplateError) as info:
        resolve(templates, "game/face", {}, (60, 90), 3, "card-1")
    finding = info.value.finding
    assert finding.code == "template.bad-length"
    assert finding.location is not None
    assert (finding.location.file, finding.location.line, finding.location.col) == (
        "templates/game/face.yaml", 2, 34)


def test_template_unknown_key_lists_allowed(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 9, h: 9, txt: a}\n")
    with pytest.raises(TemplateError, match=r"unknown key.*txt.*allowed keys: align"):
        resolve(templates, "game/face", {}, (60, 90), 3, "card-1")


def test_templates_are_sandboxed(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 9, h: 9, "
                                     "text: \"{{ ''.__class__.__mro__ }}\"}\n")
    with pytest.raises(TemplateError, match=r"template.render|unsafe|SecurityError"):
        resolve(templates, "game/face", {}, (60, 90), 3, "card-1")


def test_template_names_cannot_escape(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements: []\n")
    with pytest.raises(TemplateError, match="stay inside"):
        resolve(templates, "../secret", {}, (60, 90), 3, "card-1")


def test_values_are_escaped_for_markup(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 50, h: 9, "
                                     "text: \"{{ item.name }}\"}\n")
    face, _ = resolve(templates, "game/face", {"item": {"name": "Fish & <Chips>"}},
                      (60, 90), 3, "card-1")
    (text,) = face.elements
    assert "".join(r.text for line in text.lines for r in line.runs) == "Fish & <Chips>"


def test_if_and_each(tmp_path: Path) -> None:
    templates = _templates(tmp_path, (
        "elements:\n"
        "  - circle: {cx: \"{{ 5 + n * 10 }}\", cy: 5, r: 2, fill: '#000000'}\n"
        "    each: \"range(3)\"\n"
        "    as: n\n"
        "  - box: {if: \"item.show\", x: 0, y: 0, w: 1, h: 1, fill: '#ff0000'}\n"))
    face, _ = resolve(templates, "game/face", {"item": {"show": False}}, (60, 90), 3, "c")
    assert [getattr(e, "cx", None) for e in face.elements] == [5.0, 15.0, 25.0]


def test_overflow_error_golden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               golden: Callable[[str, Path], None]) -> None:
    """A text that cannot fit is an error naming the card, the field and what it needs."""
    monkeypatch.chdir(tmp_path)
    templates = _templates(tmp_path, "elements:\n  - text: {x: 3, y: 3, w: 50, h: 10, "
                                     "field: rules, text: \"{{ item.rules }}\", size: 9, "
                                     "min_size: 7}\n")
    _, findings = resolve(templates, "game/face", {"item": {"rules": "Long rules text. " * 20}},
                          (63.5, 88.9), 3, "card-7")
    report = "\n".join(f"{f.location.file}:{f.location.line}:{f.location.col}: "
                       f"{f.severity.value} {f.code}: {f.message}" for f in findings
                       if f.location) + "\n"
    golden(report, KIT_GOLDEN / "overflow.txt")


def test_ink_saver_is_gray_without_backgrounds(tmp_path: Path) -> None:
    from pnpcompiler.layout.ink import ink_saver
    from pnpcompiler.layout.model import Box, Text

    templates = _templates(tmp_path, (
        "background: '#1f3a5f'\n"
        "elements:\n"
        "  - box: {x: 0, y: 0, w: 10, h: 10, fill: '#1f3a5f', stroke: '#cc0000'}\n"
        "  - text: {x: 1, y: 1, w: 50, h: 9, text: 'white on dark', colour: '#ffffff'}\n"))
    face, _ = resolve(templates, "game/face", {}, (60, 90), 3, "c")
    saved = ink_saver(face)
    assert saved.background is None
    box = next(e for e in saved.elements if isinstance(e, Box))
    text = next(e for e in saved.elements if isinstance(e, Text))
    for colour in (box.paint.fill, box.paint.stroke):
        assert colour is not None and colour[1:3] == colour[3:5] == colour[5:7]
    assert box.paint.fill is not None and int(box.paint.fill[1:3], 16) > 180  # pale
    assert {r.colour for line in text.lines for r in line.runs} == {"#000000"}
