"""Boards: the sector map as a layout face, tiled over sheets, or whole on A3 or a poster."""

from __future__ import annotations

import io
import itertools
import math
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.layout.collect import boards_of
from pnpcompiler.layout.impose import PAPERS
from pnpcompiler.layout.ink import ink_saver
from pnpcompiler.layout.model import Face, Group, Paint, Polygon, Text
from pnpcompiler.layout.printables import Board
from pnpcompiler.layout.text import PT_PER_MM, label
from pnpcompiler.render.board import (
    MARGIN,
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

CONTENT = Path(__file__).resolve().parent.parent / "content"
SVG = "{http://www.w3.org/2000/svg}"
K = PT_PER_MM
EPS = 1e-6


def _boards(game: GameContent) -> list[Board]:
    (sector_map,) = [c for c in game.components.values() if c.kind == "sector-map"]
    return boards_of(game, sector_map)


@pytest.fixture(scope="module")
def board() -> Board:
    game, _ = load_game(CONTENT, "rushing-tin")
    assert game is not None
    (only,) = _boards(game)
    return only


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


def test_the_sector_map_takes_five_sheets_of_a4_or_letter(board: Board) -> None:
    """Three portrait sheets across the top, two landscape ones across the foot: one sheet
    fewer than a grid of 2 x 3 either way."""
    for paper in ("a4", "letter"):
        plan = tile_plan(board.face.width, board.face.height, paper)
        assert plan.pages == 5 and plan.by == "rows", paper
        assert [(t.name, t.landscape) for t in plan.tiles] == [
            ("A1", False), ("B1", False), ("C1", False), ("A2", True), ("B2", True)], paper


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


def _tiled(face: Face, paper: str) -> tuple[bytes, int]:
    from reportlab.pdfgen.canvas import Canvas

    from pnpcompiler.layout.text import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="Vera")
    plan = tile_plan(face.width, face.height, paper)
    pages = draw_tiles(canvas, face, plan, title="Sector map - RT001")
    canvas.save()
    return buffer.getvalue(), pages


def _box_mm(box: object) -> tuple[float, ...]:
    return tuple(round(float(v) / K, 2) for v in box)  # type: ignore[attr-defined]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_pdf_has_a_page_per_tile_with_trim_boxes(board: Board, paper: str) -> None:
    data, pages = _tiled(board.face, paper)
    plan = tile_plan(board.face.width, board.face.height, paper)
    reader = PdfReader(io.BytesIO(data))
    assert pages == len(reader.pages) == plan.pages == 5
    forms = set()
    for page, tile in zip(reader.pages, plan.tiles, strict=True):
        page_w, page_h = tile.page
        assert _box_mm(page.mediabox) == (0, 0, round(page_w, 2), round(page_h, 2))
        px, py = tile.at
        _, _, w, h = tile.window
        expected = (px, page_h - py - h, px + w, page_h - py)
        assert _box_mm(page.trimbox) == pytest.approx(expected, abs=0.02)
        assert _box_mm(page.bleedbox) == _box_mm(page.trimbox)
        forms |= {ref.idnum for ref in page["/Resources"]["/XObject"].values()}
        text = page.extract_text()
        across = 3 if tile.row == 0 else 2
        assert (f"sheet {tile.name} (row {tile.row + 1} of 2, column {tile.col + 1} of "
                f"{across})" in text)
    assert len(forms) == 1, "the board is drawn once, as one form for every sheet"
    first = reader.pages[0].extract_text()
    assert "overlap - glue under the next sheet" in first
    # Five sheets of one form cost little more than the board drawn once.
    assert len(data) < 1.5 * len(board_pdf(board.face, fit="poster", title="x"))


def test_a3_page_shows_the_whole_board_and_its_scale(board: Board) -> None:
    data = board_pdf(board.face, fit="a3", title="Sector map - RT001")
    (page,) = PdfReader(io.BytesIO(data)).pages
    scale, pw, ph = fit_scale(board.face.width, board.face.height, "a3")
    assert {round(pw), round(ph)} == {297, 420}
    assert _box_mm(page.mediabox)[2:] == (round(pw, 2), round(ph, 2))
    x0, y0, x1, y1 = _box_mm(page.trimbox)
    assert (x1 - x0, y1 - y0) == pytest.approx(
        (board.face.width * scale, board.face.height * scale), abs=0.02)
    assert x0 >= MARGIN - 0.01 and x1 <= pw - MARGIN + 0.01
    assert y0 >= MARGIN - 0.01 and y1 <= ph - MARGIN + 0.01
    # Width-bound: the 381 mm map spans A3's 287 mm printable width, portrait.
    assert pw < ph and x1 - x0 == pytest.approx(pw - 2 * MARGIN, abs=0.02)
    content = page.get_contents()
    assert content is not None
    matrix = re.search(rb"q\n([\d.]+) 0 0 ([\d.]+) [\d.]+ [\d.]+ cm", content.get_data())
    assert matrix is not None
    assert float(matrix.group(1)) == float(matrix.group(2)) == pytest.approx(scale, abs=1e-6)
    assert "scaled to 75%: print at 100%" in page.extract_text()
    assert "381 x 403 mm" in page.extract_text()


def test_a3_never_enlarges_a_small_board() -> None:
    face = Face(100, 80, 0, "#ffffff", ())
    assert fit_scale(100, 80)[0] == 1.0
    text = PdfReader(io.BytesIO(board_pdf(face, fit="a3", title="Small"))).pages[0].extract_text()
    assert "true size (100 x 80 mm)" in text


def test_poster_is_the_board_at_true_size_plus_margins(board: Board) -> None:
    (page,) = PdfReader(io.BytesIO(board_pdf(board.face, fit="poster", title="t"))).pages
    w, h = board.face.width, board.face.height
    assert _box_mm(page.mediabox)[2:] == pytest.approx(
        (w + 2 * POSTER_MARGIN, h + 2 * POSTER_MARGIN), abs=0.01)
    assert _box_mm(page.trimbox) == pytest.approx(
        (POSTER_MARGIN, POSTER_MARGIN, POSTER_MARGIN + w, POSTER_MARGIN + h), abs=0.01)
    with pytest.raises(ValueError, match="fit"):
        board_pdf(board.face, fit="a4", title="t")


def test_board_pdfs_are_byte_identical_across_runs(board: Board) -> None:
    for fit in ("a3", "poster"):
        assert (board_pdf(board.face, fit=fit, title="t")
                == board_pdf(board.face, fit=fit, title="t"))
    assert _tiled(board.face, "a4") == _tiled(board.face, "a4")


# --- the map face --------------------------------------------------------------------------


def test_map_board_is_named_after_its_sector(board: Board) -> None:
    assert (board.component, board.id, board.name) == ("sector-map", "rt001",
                                                       "Sector map - RT001")
    face = board.face
    assert (face.bleed, face.background) == (0.0, "#ffffff")
    assert (round(face.width, 1), round(face.height, 1)) == (381.3, 403.0)


def test_map_svg_holds_the_map(board: Board) -> None:
    root = ET.fromstring(face_svg(board.face, title=board.name))
    assert root.get("width") == "381.297mm" and root.get("height") == "403mm"
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert len(groups["hexes"].findall(f"{SVG}polygon")) == 18 * 14
    points = groups["entry-exit-points"]
    # Five edge points in play, each a coloured ring round a white disc; the sixth, level 1,
    # is the airport.
    assert len(points.findall(f"{SVG}ellipse")) == 2 * 5
    texts = {t.text for t in points.iter(f"{SVG}text")}
    assert {"02", "09", "15", "21", "24"} <= texts
    assert {"2", "3", "4", "5", "6"} <= texts
    assert {"1", "AIRPORT"} <= {t.text for t in groups["airport"].iter(f"{SVG}text")}
    assert len(groups["time-track"].findall(f"{SVG}rect")) == 31
    clock = [t.text for t in groups["time-track"].iter(f"{SVG}text")]
    assert "08:00" in clock and "15:30" in clock
    assert any(line.get("stroke-linecap") == "round"
               for line in groups["sections"].iter(f"{SVG}polyline"))
    assert "Level 2 Hand-off Zone (10.04)" in {t.text for t in root.iter(f"{SVG}text")}


def test_broken_map_gives_no_board(tmp_path: Path) -> None:
    shutil.copytree(CONTENT / "rushing-tin", tmp_path / "rushing-tin")
    path = tmp_path / "rushing-tin" / "maps" / "sector-map.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("direction: s,", "direction: up,"), encoding="utf-8")
    game, _ = load_game(tmp_path, "rushing-tin")
    assert game is not None
    assert _boards(game) == []


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

    from pnpcompiler.layout.templates import _scaled
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
    scaled = _scaled(face.elements[0], 2, 1, 1)
    assert isinstance(scaled, Group) and isinstance(scaled.elements[1], Text)
    scaled_line = scaled.elements[0]
    assert isinstance(scaled_line, Polygon)
    assert scaled_line.points == ((1, 1), (21, 1)) and scaled_line.paint.cap == "round"
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(20 * K, 20 * K), invariant=1, pageCompression=0)
    PageDraw(canvas, 20).face(face, 0, 0)
    canvas.save()
    content = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].get_contents()
    assert content is not None and b"1 J" in content.get_data()
