"""Printable sheets: the generic sheet layout (tables, fields, boxes, text), page breaks and
column widths. (Rushing Tin's Sector Log: tests/games/rushing_tin/test_sector_log_sheet.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from pnpcompiler.content.components import Column, Sheet
from pnpcompiler.layout.forms import MARGIN, MIN_ROW_H, column_widths, sheet_pages
from pnpcompiler.layout.model import Box, Face, Polygon, Text

EPS = 1e-6


def make_sheet(*sections: dict[str, Any], **keys: Any) -> Sheet:
    return Sheet.model_validate({"kind": "sheet", "name": "Test log", **keys,
                                 "sections": list(sections)})


def table(n: int, **keys: Any) -> dict[str, Any]:
    return {"kind": "table", "title": "Flights", "columns": ["Flight", "Ctr", "Schedule"],
            "rows": [[f"R{i + 1}", "", f"{i % 6 + 1}:15"] for i in range(n)], **keys}


def string(t: Text) -> str:
    return " ".join("".join(run.text for run in line.runs) for line in t.lines)


def texts(face: Face) -> list[Text]:
    return [e for e in face.elements if isinstance(e, Text)]


def find(face: Face, value: str) -> list[Text]:
    return [t for t in texts(face) if string(t) == value]


def one(face: Face, value: str) -> Text:
    found = find(face, value)
    assert len(found) == 1, (value, len(found))
    return found[0]


def assert_text_in_cells(face: Face) -> None:
    """Every text lies inside the margins and crosses no grid line; its lines fit its box."""
    lines = [e.points for e in face.elements if isinstance(e, Polygon) and len(e.points) == 2]
    for t in texts(face):
        label = string(t)
        assert t.x >= MARGIN - EPS and t.x + t.w <= face.width - MARGIN + EPS, label
        assert t.y >= MARGIN - EPS and t.y + t.h <= face.height - MARGIN + EPS, label
        for line in t.lines:
            assert line.baseline <= t.h + EPS, label
            for run in line.runs:
                # reportlab may let a line run a fraction of a point over (see layout.text).
                assert run.x >= -0.36 and run.x + run.width <= t.w + 0.36, label
        for (x1, y1), (x2, y2) in lines:
            if x1 == x2:  # vertical
                crosses = (t.x + EPS < x1 < t.x + t.w - EPS
                           and min(y1, y2) < t.y + t.h - EPS and max(y1, y2) > t.y + EPS)
            else:
                crosses = (t.y + EPS < y1 < t.y + t.h - EPS
                           and min(x1, x2) < t.x + t.w - EPS and max(x1, x2) > t.x + EPS)
            assert not crosses, (label, (x1, y1), (x2, y2))


# --- the generic layout ----------------------------------------------------------------------


def test_a_long_table_continues_on_the_next_page_with_its_header() -> None:
    pages, findings = sheet_pages(make_sheet(table(70)), "a4")
    assert findings == []
    faces = pages.pages
    assert len(faces) == 2
    assert all((f.width, f.height, f.bleed, f.background) == (210, 297, 0, None) for f in faces)
    for face in faces:
        assert {"Flight", "Ctr", "Schedule"} <= {string(t) for t in texts(face)}
    assert find(faces[0], "Flights") and find(faces[1], "Flights (continued)")
    # Every row once, in order, the first page filled before the second starts.
    printed = [string(t) for face in faces for t in sorted(texts(face), key=lambda t: t.y)
               if string(t).startswith("R")]
    assert printed == [f"R{i + 1}" for i in range(70)]
    on_first = sum(1 for t in texts(faces[0]) if string(t).startswith("R"))
    assert on_first > 30
    assert one(faces[1], f"R{on_first + 1}").y < one(faces[1], "R70").y
    assert "page 1 of 2" in {string(t) for t in texts(faces[0])}
    assert "page 2 of 2" in {string(t) for t in texts(faces[1])}


def test_split_table_reads_down_the_first_block_then_the_next() -> None:
    pages, _ = sheet_pages(make_sheet(table(30, split=2)), "a4", orientation="landscape")
    [face] = pages.pages
    assert (face.width, face.height) == (297, 210)
    r1, r15, r16, r30 = (one(face, f"R{n}") for n in (1, 15, 16, 30))
    assert r16.y == pytest.approx(r1.y) and r16.x > face.width / 2 > r15.x
    assert r30.y == pytest.approx(r15.y) and r15.y > r1.y
    assert r1.x < face.width / 2
    assert len(find(face, "Schedule")) == 2  # the header over each block
    assert_text_in_cells(face)


def test_odd_split_puts_the_extra_row_in_the_first_block() -> None:
    pages, _ = sheet_pages(make_sheet(table(31, split=2)), "a4", orientation="landscape")
    face = pages.pages[0]
    assert one(face, "R17").y == pytest.approx(one(face, "R1").y)
    assert one(face, "R16").x < face.width / 2 < one(face, "R17").x


def test_rows_shrink_no_lower_than_five_mm_to_save_a_page() -> None:
    # 48 rows need two A4 portrait pages at 6 mm, one at a little less.
    pages, _ = sheet_pages(make_sheet(table(48)), "a4")
    [face] = pages.pages
    row = one(face, "R2").y - one(face, "R1").y
    assert MIN_ROW_H <= row < 6.0
    fixed, _ = sheet_pages(make_sheet(table(48, row_height="6mm")), "a4")
    assert len(fixed.pages) == 2
    short, _ = sheet_pages(make_sheet(table(10)), "a4")
    assert one(short.pages[0], "R2").y - one(short.pages[0], "R1").y == pytest.approx(6.0)


def test_column_widths_fixed_or_weighted_by_header() -> None:
    notes = Column.model_validate({"title": "NOTES", "width": "40mm"})
    columns: list[str | Column] = ["FLIGHT ID", notes, "W", "CM"]
    widths = column_widths(columns, 100.0)
    assert widths[1] == 40.0 and sum(widths) == pytest.approx(100.0)
    assert widths[0] > 2 * widths[2] and widths[2] == pytest.approx(widths[3])


def test_fields_print_labels_values_and_write_in_lines() -> None:
    fields = {"kind": "fields", "items": [{"label": "Sector code", "value": "RT001"},
                                          {"label": "Starting planes", "value": 6},
                                          {"label": "Date"}]}
    pages, findings = sheet_pages(make_sheet(fields, title="My log"), "a4")
    assert findings == []
    [face] = pages.pages
    title, footer = sorted(find(face, "My log"), key=lambda t: t.y)
    assert title.y < one(face, "Sector code").y < footer.y
    for label, value in (("Sector code", "RT001"), ("Starting planes", "6")):
        lab, val = one(face, label), one(face, value)
        assert val.x >= lab.x + lab.w and val.y < lab.y + lab.h
    date = one(face, "Date")
    write_in = [e for e in face.elements if isinstance(e, Polygon) and len(e.points) == 2
                and e.points[0][1] == e.points[1][1] and e.points[0][0] > date.x + date.w
                and date.y < e.points[0][1] < date.y + 6]
    assert write_in and write_in[0].points[1][0] - write_in[0].points[0][0] > 30
    assert_text_in_cells(face)


def test_boxes_and_text_sections() -> None:
    boxes = {"kind": "boxes", "title": "Weather", "count": 40, "values": list(range(40))}
    text = {"kind": "text", "title": "Rules", "text": "Tick a box.\n\n<b>W</b>: a warning & more"}
    pages, findings = sheet_pages(make_sheet(boxes, text), "a4")
    assert findings == []
    [face] = pages.pages
    ticks = [e for e in face.elements if isinstance(e, Box) and e.w == e.h == 6.0]
    assert len(ticks) == 40
    assert len({b.y for b in ticks}) == 2  # wrapped onto a second row
    assert find(face, "39") and one(face, "Rules").y > max(b.y for b in ticks)
    paragraph = next(t for t in texts(face) if string(t).startswith("Tick"))
    # Two paragraphs (a blank line between them), one line each.
    assert len(paragraph.lines) == 2 and string(paragraph).endswith("a warning & more")
    assert_text_in_cells(face)


def test_a_cell_too_long_for_its_column_is_an_overflow_error() -> None:
    long = table(3)
    long["rows"][2][1] = "X" * 80
    pages, findings = sheet_pages(make_sheet(long), "a4")
    [finding] = findings
    assert finding.code == "text.overflow" and finding.severity == "error"
    assert "'Test log'" in finding.message and "section 1 (Flights)" in finding.message
    assert "row 3" in finding.message and "'Ctr'" in finding.message
    assert pages.pages[0].overflows


def test_sheet_model_keys() -> None:
    assert make_sheet(table(1)).title is None
    with pytest.raises(ValidationError):
        make_sheet(table(1, split=5))
    with pytest.raises(ValidationError):
        make_sheet({"kind": "fields", "items": []})
    with pytest.raises(ValidationError):
        make_sheet(table(1, row_height=6))  # a length needs a unit
