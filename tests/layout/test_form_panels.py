"""The form features Air Cargo's pilot logs use: tick-box columns, panels side by side, rulers
of exact length, smaller text. (The pilot logs laid out with them:
tests/games/air_cargo/test_pilot_log.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from pnpcompiler.content.components import FormSheet, Sheet
from pnpcompiler.layout.forms import MARGIN, page_geometry, sheet_pages
from pnpcompiler.layout.model import Box, Face, Polygon, Text

EPS = 1e-6


def form(*sections: dict[str, Any]) -> FormSheet:
    return FormSheet.model_validate({"kind": "sheet", "name": "Form", "sections": list(sections)})


def string(t: Text) -> str:
    return " ".join("".join(run.text for run in line.runs) for line in t.lines)


def texts(face: Face, value: str) -> list[Text]:
    return [e for e in face.elements if isinstance(e, Text) and string(e) == value]


def boxes(face: Face, side: float) -> list[Box]:
    return [e for e in face.elements if isinstance(e, Box)
            and abs(e.w - side) < EPS and abs(e.h - side) < EPS]


def tick_boxes(face: Face) -> list[Box]:
    """Return the tick boxes drawn in table cells (white, slightly rounded)."""
    return [e for e in face.elements if isinstance(e, Box) and e.paint.fill == "#ffffff"
            and e.radius == pytest.approx(0.4) and e.w == e.h]


def table(title: str, rows: int, **keys: Any) -> dict[str, Any]:
    return {"kind": "table", "title": title, "row_height": "6mm",
            "columns": [{"title": "", "width": "8mm", "tick": True}, "Weight"],
            "rows": [["X" if i == 0 else "", i + 1] for i in range(rows)], **keys}


def test_a_tick_column_draws_a_box_in_every_row_with_its_value_inside() -> None:
    page, findings = sheet_pages(form(table("Cargo", 4, blank_rows=2)), "a4")
    assert findings == []
    ticks = boxes(page.pages[0], 4.2)
    assert len(ticks) == 6
    (x_mark,) = texts(page.pages[0], "X")
    first = min(ticks, key=lambda b: b.y)
    assert first.x - EPS <= x_mark.x and x_mark.x + x_mark.w <= first.x + first.w + EPS


def test_a_plain_sheet_keeps_its_four_section_kinds() -> None:
    """Generic sheet content is unchanged; rows of panels and rulers are built in code."""
    with pytest.raises(ValidationError):
        Sheet.model_validate({"kind": "sheet", "sections": [
            {"kind": "ruler", "length": "50mm"}]})
    assert form({"kind": "ruler", "length": "50mm"}).sections[0].kind == "ruler"


def test_panels_sit_side_by_side_from_the_same_top() -> None:
    sheet = form({"kind": "text", "text": "Above."},
                 {"kind": "panels", "gap": "5mm", "panels": [
                     {"width": "60mm", "sections": [table("Left", 10)]},
                     {"sections": [table("Right", 3), {"kind": "text", "text": "Under."}]}]},
                 {"kind": "text", "text": "Below."})
    page, findings = sheet_pages(sheet, "a4")
    assert findings == []
    face = page.pages[0]
    (left,), (right,) = texts(face, "Left"), texts(face, "Right")
    assert left.y == pytest.approx(right.y)
    assert left.x == pytest.approx(MARGIN) and right.x == pytest.approx(MARGIN + 65 + 0.0)
    (under,), (below,) = texts(face, "Under."), texts(face, "Below.")
    assert under.x == pytest.approx(MARGIN + 65) and under.y < below.y
    # The row ends under its tallest panel: the ten-row table.
    assert below.y > left.y + 10 * 6


def test_a_row_of_panels_that_does_not_fit_moves_to_the_next_page() -> None:
    sheet = form(table("First", 35), {"kind": "panels", "panels": [
        {"sections": [table("A", 12)]}, {"sections": [table("B", 12)]}]})
    pages, _ = sheet_pages(sheet, "a4")
    assert len(pages.pages) == 2
    assert texts(pages.pages[1], "A") and texts(pages.pages[1], "B")


def test_a_panel_taller_than_a_page_is_a_warning() -> None:
    sheet = form({"kind": "panels", "panels": [{"sections": [table("Long", 60)]},
                                                {"sections": [table("Short", 2)]}]})
    _, findings = sheet_pages(sheet, "a4")
    assert [f.code for f in findings] == ["sheet.panel-too-tall"]


def test_a_ruler_is_exactly_its_length_right_aligned_at_the_foot() -> None:
    sheet = form({"kind": "text", "text": "Some text."},
                 {"kind": "ruler", "title": "STEP", "length": "55mm", "height": "9mm",
                  "divisions": 10, "tick_labels": ["0", "", "50"], "align": "right",
                  "at_foot": True, "label": "longest leg", "note": "Cut it out."})
    page, findings = sheet_pages(sheet, "a4")
    assert findings == []
    face = page.pages[0]
    geo = page_geometry("a4", "portrait")
    (strip,) = [e for e in face.elements if isinstance(e, Box) and abs(e.h - 9.0) < EPS]
    assert strip.w == pytest.approx(55.0, abs=1e-9)
    assert strip.x + strip.w == pytest.approx(geo.right)
    assert strip.y + strip.h + 3.0 == pytest.approx(geo.bottom)
    ticks = [e for e in face.elements if isinstance(e, Polygon) and len(e.points) == 2
             and strip.y - EPS <= e.points[0][1] <= strip.y + EPS and e.points[0][0] > MARGIN]
    assert len(ticks) == 11
    assert texts(face, "50") and texts(face, "longest leg")
    (note,) = texts(face, "Cut it out.")
    assert note.x + note.w <= strip.x


def test_a_ruler_longer_than_the_page_warns() -> None:
    _, findings = sheet_pages(form({"kind": "ruler", "length": "300mm"}), "a4")
    assert [f.code for f in findings] == ["sheet.too-wide"]


def test_text_size_and_column_alignment() -> None:
    sheet = form({"kind": "text", "text": "Small print.", "size": 6},
                 {"kind": "table", "columns": [{"title": "Name", "align": "left"}, "N"],
                  "rows": [["Oro", 1]]})
    page, _ = sheet_pages(sheet, "a4")
    (small,) = texts(page.pages[0], "Small print.")
    assert small.size == 6
    (oro,) = texts(page.pages[0], "Oro")
    assert oro.lines[0].runs[0].x == pytest.approx(0.0)
