"""Boards tiled over sheets, or whole on A3 or a poster; labels, groups and caps as every
renderer draws them. (Rushing Tin's sector map as a board: tests/games/rushing_tin/.)"""

from __future__ import annotations

import io
import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from pnpcompiler.content.project import load_game
from pnpcompiler.layout.collect import boards_of
from pnpcompiler.layout.impose import PAPERS
from pnpcompiler.layout.ink import ink_saver
from pnpcompiler.layout.model import Face, Group, Paint, Polygon, Text
from pnpcompiler.layout.text import PT_PER_MM, label
from pnpcompiler.render.board import (
    POSTER_MARGIN,
    Tile,
    TilePlan,
    board_pdf,
    column_letters,
    draw_tiles,
    fit_scale,
    printable_area,
    tile_plan,
    whole_area,
)
from pnpcompiler.render.svg import face_svg
from tests.paths import SAMPLER

SVG = "{http://www.w3.org/2000/svg}"
K = PT_PER_MM
EPS = 1e-6


@pytest.fixture(scope="module")
def face() -> Face:
    """The sampler game's hex map, drawn as a board."""
    game, _ = load_game(SAMPLER / "content", "sampler")
    assert game is not None
    (hex_map,) = [c for c in game.components.values() if c.kind == "hex-map"]
    (board,) = boards_of(game, hex_map)
    return board.face


# --- the tile plan -------------------------------------------------------------------------


def _area(plan: TilePlan, tile: Tile) -> tuple[float, float, float, float]:
    return (whole_area if plan.pages == 1 else printable_area)(*tile.page)


@given(st.floats(5, 3000), st.floats(5, 3000), st.sampled_from(list(PAPERS)),
       st.floats(0, 40))
def test_windows_cover_the_board_and_overlap_exactly(w: float, h: float, paper: str,
                                                     overlap: float) -> None:
    """Windows tile the board edge to edge, neighbours share exactly ``overlap`` mm, and each
    window, where it is printed, lies in its sheet's printable area. Each row of sheets (or
    column, in a plan by columns) shares its top and height (left and width), spans the
    board, and is turned one way."""
    plan = tile_plan(w, h, paper, overlap=overlap)
    assert plan.pages == len(plan.tiles)
    rows = plan.by == "rows"
    lines: dict[int, list[Tile]] = {}
    for tile in plan.tiles:
        assert set(tile.page) == set(PAPERS[paper])
        ax, ay, aw, ah = _area(plan, tile)
        _, _, tw, th = tile.window
        assert tile is plan.tile(tile.row, tile.col)
        assert tw <= aw + EPS and th <= ah + EPS
        px, py = tile.at
        assert px >= ax - EPS and py >= ay - EPS
        assert px + tw <= ax + aw + EPS and py + th <= ay + ah + EPS
        lines.setdefault(tile.row if rows else tile.col, []).append(tile)
    spans = []
    for line in lines.values():
        assert len({t.page for t in line}) == 1
        across = [(t.window[0], t.window[2]) if rows else (t.window[1], t.window[3])
                  for t in line]
        spans.append({(t.window[1], t.window[3]) if rows else (t.window[0], t.window[2])
                      for t in line})
        assert across[0][0] == 0
        assert sum(across[-1]) == pytest.approx(w if rows else h, abs=EPS)
        for a, b in itertools.pairwise(across):
            assert a[0] + a[1] - b[0] == pytest.approx(overlap, abs=EPS)
    assert all(len(span) == 1 for span in spans)
    down = [span.pop() for span in spans]
    assert down[0][0] == 0
    assert sum(down[-1]) == pytest.approx(h if rows else w, abs=EPS)
    for a, b in itertools.pairwise(down):
        assert a[0] + a[1] - b[0] == pytest.approx(overlap, abs=EPS)


def _sheets(length: float, room: float, overlap: float) -> int:
    """Return the fewest windows of at most ``room`` mm that cover ``length`` with overlaps."""
    return 1 if length <= room else math.ceil((length - overlap) / (room - overlap) - 1e-9)


@given(st.floats(5, 3000), st.floats(5, 3000), st.sampled_from(list(PAPERS)))
def test_no_grid_of_sheets_turned_one_way_takes_fewer(w: float, h: float, paper: str) -> None:
    """Turning rows of sheets each their own way never takes more sheets than a grid all
    portrait or all landscape; when it saves none, every sheet is turned the same way
    (portrait on a tie)."""
    plan = tile_plan(w, h, paper)
    counts = []
    for pw, ph in (PAPERS[paper], PAPERS[paper][::-1]):
        _, _, aw, ah = printable_area(pw, ph)
        counts.append(_sheets(w, aw, 10) * _sheets(h, ah, 10))
    assert plan.pages <= min(counts)
    if plan.pages == min(counts) and plan.pages > 1:
        turned = {tile.landscape for tile in plan.tiles}
        assert turned == {counts[1] < counts[0]}


def test_a_board_that_fits_a_page_takes_one_sheet_with_no_targets() -> None:
    """The generic test game's chart (224 x 181 mm) fits a landscape A4 or Letter page once
    the room for targets, which one sheet does not need, is given to it."""
    for paper in ("a4", "letter"):
        plan = tile_plan(224, 181, paper)
        assert plan.pages == 1 and plan.tiles[0].landscape, paper


def test_small_board_is_one_sheet_and_bad_input_is_refused() -> None:
    plan = tile_plan(100, 150, "a4")
    assert plan.pages == 1 and plan.tiles[0].window == (0.0, 0.0, 100, 150)
    with pytest.raises(ValueError, match="paper"):
        tile_plan(100, 100, "a5")
    with pytest.raises(ValueError, match="overlap"):
        tile_plan(1000, 1000, "a4", overlap=500)
    assert [column_letters(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


# --- PDFs ----------------------------------------------------------------------------------


def tiled(face: Face, paper: str, title: str) -> tuple[bytes, int]:
    """Return the face tiled over sheets of ``paper`` as a PDF, and its page count."""
    from reportlab.pdfgen.canvas import Canvas

    from pnpcompiler.layout.text import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="Vera")
    plan = tile_plan(face.width, face.height, paper)
    pages = draw_tiles(canvas, face, plan, title=title)
    canvas.save()
    return buffer.getvalue(), pages


def box_mm(box: object) -> tuple[float, ...]:
    """Return a PDF box in mm, to the hundredth."""
    return tuple(round(float(v) / K, 2) for v in box)  # type: ignore[attr-defined]


def test_a3_never_enlarges_a_small_board() -> None:
    face = Face(100, 80, 0, "#ffffff", ())
    assert fit_scale(100, 80)[0] == 1.0
    text = PdfReader(io.BytesIO(board_pdf(face, fit="a3", title="Small"))).pages[0].extract_text()
    assert "true size (100 x 80 mm)" in text


def test_poster_is_the_board_at_true_size_plus_margins(face: Face) -> None:
    (page,) = PdfReader(io.BytesIO(board_pdf(face, fit="poster", title="t"))).pages
    w, h = face.width, face.height
    assert box_mm(page.mediabox)[2:] == pytest.approx(
        (w + 2 * POSTER_MARGIN, h + 2 * POSTER_MARGIN), abs=0.01)
    assert box_mm(page.trimbox) == pytest.approx(
        (POSTER_MARGIN, POSTER_MARGIN, POSTER_MARGIN + w, POSTER_MARGIN + h), abs=0.01)
    with pytest.raises(ValueError, match="fit"):
        board_pdf(face, fit="a4", title="t")


def test_board_pdfs_are_byte_identical_across_runs(face: Face) -> None:
    for fit in ("a3", "poster"):
        assert board_pdf(face, fit=fit, title="t") == board_pdf(face, fit=fit, title="t")
    assert tiled(face, "a4", "t") == tiled(face, "a4", "t")


# --- labels, groups and caps in the layout model ------------------------------------------


def test_label_anchors_on_its_width() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    start = label("Section A", 50, 20, 9)
    middle = label("Section A", 50, 20, 9, anchor="middle", font="bold")
    end = label("Section A", 50, 20, 9, anchor="end")
    width = stringWidth("Section A", "Vera", 9) / K
    assert start.x == 50 and end.x == pytest.approx(50 - width)
    assert middle.x + middle.w / 2 == pytest.approx(50)
    for t in (start, middle, end):
        (line,) = t.lines
        (run,) = line.runs
        assert t.y + line.baseline == pytest.approx(20) and run.x == 0 and run.size == 9
    with pytest.raises(ValueError, match="anchor"):
        label("x", 0, 0, 9, anchor="centre")


def test_label_draws_alike_in_svg_and_pdf() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from pnpcompiler.render.pdf import PageDraw

    t = label("Hello", 40, 30, 10, anchor="middle", colour="#123456")
    face = Face(100, 50, 0, None, (t,))
    (svg_text,) = ET.fromstring(face_svg(face)).iter(f"{SVG}text")
    assert float(svg_text.get("x", "")) == pytest.approx(t.x, abs=1e-3)
    assert float(svg_text.get("y", "")) == pytest.approx(30, abs=1e-3)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100 * K, 50 * K), invariant=1, pageCompression=0)
    PageDraw(canvas, 50).face(face, 0, 0)
    canvas.save()
    content = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].get_contents()
    assert content is not None
    match = re.search(rb"1 0 0 1 ([\d.]+) ([\d.]+) Tm", content.get_data())
    assert match is not None
    assert float(match.group(1)) / K == pytest.approx(t.x, abs=1e-3)
    assert 50 - float(match.group(2)) / K == pytest.approx(30, abs=1e-3)


def test_groups_and_round_caps_in_every_renderer() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from pnpcompiler.layout.model import scaled
    from pnpcompiler.render.pdf import PageDraw

    line = Polygon(((0, 0), (10, 0)), Paint(None, "#cc0000", 1, cap="round"), closed=False)
    face = Face(20, 20, 0, "#ffffff", (Group("g1", (line, label("x", 1, 5, 8))),))
    svg = ET.fromstring(face_svg(face))
    (group,) = svg.iter(f"{SVG}g")
    assert group.get("id") == "g1"
    (polyline,) = group.iter(f"{SVG}polyline")
    assert polyline.get("stroke-linecap") == "round"
    gray = ink_saver(face)
    (gray_group,) = gray.elements
    assert isinstance(gray_group, Group)
    gray_line = gray_group.elements[0]
    assert isinstance(gray_line, Polygon) and gray_line.paint.cap == "round"
    assert gray_line.paint.stroke != "#cc0000"
    moved = scaled(face.elements[0], 2, 1, 1)
    assert isinstance(moved, Group) and isinstance(moved.elements[1], Text)
    scaled_line = moved.elements[0]
    assert isinstance(scaled_line, Polygon)
    assert scaled_line.points == ((1, 1), (21, 1)) and scaled_line.paint.cap == "round"
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(20 * K, 20 * K), invariant=1, pageCompression=0)
    PageDraw(canvas, 20).face(face, 0, 0)
    canvas.save()
    content = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].get_contents()
    assert content is not None and b"1 J" in content.get_data()
