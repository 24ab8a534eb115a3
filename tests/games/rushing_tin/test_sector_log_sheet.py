"""Rushing Tin's Sector Log as the kit prints it: every flight with its schedule, the ID strips,
columns, notes and cash tally, two pages of A4 landscape (one of A3)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from pnpcompiler.content.components import Sheet
from pnpcompiler.content.project import GameContent
from pnpcompiler.layout.collect import form_of
from pnpcompiler.layout.forms import MIN_ROW_H, sheet_pages
from tests.layout.test_forms import assert_text_in_cells, find, one, string, texts


@pytest.fixture(scope="module")
def rt001(rushing_tin: GameContent) -> tuple[Any, Sheet]:
    from pnpcompiler.games.rushing_tin.model import Sector

    [sector] = rushing_tin.of_type(Sector)
    sheet = form_of(rushing_tin, sector)
    assert sheet is not None
    return sector, sheet


def test_rt001_log_holds_every_flight_with_its_schedule(rt001: tuple[Any, Sheet]) -> None:
    sector, sheet = rt001
    assert sheet.title == "SECTOR LOG - RT001"
    pages, findings = sheet_pages(sheet, "a4")
    assert findings == []
    faces = pages.pages
    for rows in (sector.single_routes, sector.multi_routes):
        face = next(f for f in faces if find(f, rows[0].flight))
        header = find(face, "FLIGHT ID")
        assert len(header) >= 2
        for i, row in enumerate(rows):
            flight = one(face, row.flight)
            # The schedule sits on the flight's row, in the same block.
            schedule = [t for t in find(face, row.schedule)
                        if t.y == pytest.approx(flight.y) and 0 < t.x - flight.x < 120]
            assert len(schedule) == 1, row.flight
            # Content order: the first 15 down the left block, the rest down the right.
            assert (flight.x < face.width / 2) == (i < 15), row.flight
    flights = [string(t) for f in faces for t in texts(f) if string(t)[:2] in
               {"AA", "CA", "TJ", "AL", "RA", "CJ"} and len(string(t)) == 5]
    assert sorted(flights) == sorted(row.flight for row in sector.rows())
    assert len(flights) == 60


def test_rt001_strips_columns_notes_and_cash_tally(rt001: tuple[Any, Sheet]) -> None:
    sector, sheet = rt001
    pages, _ = sheet_pages(sheet, "a4")
    words = {string(t) for f in pages.pages for t in texts(f)}
    assert {"RT001", "6", "1 every 2 hrs", "Lead Controller", "Date"} <= words
    assert {"Entry point 02", "Level 2", "Entry point 21", "Level 6", "Airport", "Level 1"} <= words
    assert set(sector.columns) <= words
    assert sector.columns == ["FLIGHT ID", "CTR", "ID", "TIME START", "TIME FINISH", "SCHEDULE",
                              "W", "P", "D", "CM"]
    assert {"ATC", "WAGE", "BONUSES", "PENALTIES", "FINES / DEALS", "TOTAL", "500"} <= words
    notes = next(s for s in sheet.sections if s.kind == "text")
    assert "more than 3 cumulative hexes/levels" in notes.text
    tables = [s for s in sheet.sections if s.kind == "table"]
    assert [t.split for t in tables] == [2, 2, 1]


def test_rt001_on_a4_landscape(rt001: tuple[Any, Sheet]) -> None:
    """30 rows of each route table at 5 mm or more cannot share one A4 page (the two tables
    alone need 172 of the 174 mm between title and footer), so the log is two pages: the ID
    strips, the single routes and the notes, then the multi-routes and the cash tally."""
    _, sheet = rt001
    pages, _ = sheet_pages(sheet, "a4")
    first, second = pages.pages
    assert all((f.width, f.height) == (297, 210) for f in pages.pages)
    assert find(first, "RT001") and find(first, "SINGLE ROUTES")
    assert find(first, "Filling in the log")
    assert find(second, "MULTI-ROUTES & CELEBRITY JETS") and find(second, "CASH TALLY")
    row = one(first, "AA204").y - one(first, "AA105").y
    assert row >= MIN_ROW_H
    for face in pages.pages:
        assert_text_in_cells(face)
    a3, _ = sheet_pages(sheet, "a3")
    assert len(a3.pages) == 1  # with room enough, the whole log is one page


def test_rt001_draws_as_a_pdf(rt001: tuple[Any, Sheet]) -> None:
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from pnpcompiler.layout.text import PT_PER_MM
    from pnpcompiler.render.pdf import PageDraw

    pages, _ = sheet_pages(rt001[1], "a4")
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1)
    for face in pages.pages:
        canvas.setPageSize((face.width * PT_PER_MM, face.height * PT_PER_MM))
        PageDraw(canvas, face.height).face(face, 0, 0, clip=False)
        canvas.showPage()
    canvas.save()
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert len(reader.pages) == len(pages.pages) == 2
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(
        (297 * PT_PER_MM, 210 * PT_PER_MM))
    text = reader.pages[0].extract_text()
    assert "SECTOR LOG - RT001" in text and "AA105" in text and "2:45" in text
