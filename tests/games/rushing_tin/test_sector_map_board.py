"""Rushing Tin's sector map as a board: its face and SVG, five sheets of A4 or Letter, whole on
A3 at 75%; no board from a broken map."""

from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.layout.collect import boards_of
from pnpcompiler.layout.impose import MARGIN
from pnpcompiler.layout.printables import Board
from pnpcompiler.render.board import board_pdf, fit_scale, tile_plan
from pnpcompiler.render.svg import face_svg
from tests.paths import CONTENT
from tests.pdfs import resources
from tests.render.test_board import box_mm, tiled

SVG = "{http://www.w3.org/2000/svg}"


def _boards(game: GameContent) -> list[Board]:
    (sector_map,) = [c for c in game.components.values() if c.kind == "sector-map"]
    return boards_of(game, sector_map)


@pytest.fixture(scope="module")
def board() -> Board:
    game, _ = load_game(CONTENT, "rushing-tin")
    assert game is not None
    (only,) = _boards(game)
    return only


def test_the_sector_map_takes_five_sheets_of_a4_or_letter(board: Board) -> None:
    """Three portrait sheets across the top, two landscape ones across the foot: one sheet
    fewer than a grid of 2 x 3 either way."""
    for paper in ("a4", "letter"):
        plan = tile_plan(board.face.width, board.face.height, paper)
        assert plan.pages == 5 and plan.by == "rows", paper
        assert [(t.name, t.landscape) for t in plan.tiles] == [
            ("A1", False), ("B1", False), ("C1", False), ("A2", True), ("B2", True)], paper


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_pdf_has_a_page_per_tile_with_trim_boxes(board: Board, paper: str) -> None:
    data, pages = tiled(board.face, paper, "Sector map - RT001")
    plan = tile_plan(board.face.width, board.face.height, paper)
    reader = PdfReader(io.BytesIO(data))
    assert pages == len(reader.pages) == plan.pages == 5
    forms = set()
    for page, tile in zip(reader.pages, plan.tiles, strict=True):
        page_w, page_h = tile.page
        assert box_mm(page.mediabox) == (0, 0, round(page_w, 2), round(page_h, 2))
        px, py = tile.at
        _, _, w, h = tile.window
        expected = (px, page_h - py - h, px + w, page_h - py)
        assert box_mm(page.trimbox) == pytest.approx(expected, abs=0.02)
        assert box_mm(page.bleedbox) == box_mm(page.trimbox)
        forms |= {ref.idnum for ref in resources(page)["/XObject"].values()}
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
    assert box_mm(page.mediabox)[2:] == (round(pw, 2), round(ph, 2))
    x0, y0, x1, y1 = box_mm(page.trimbox)
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



def _map_svgs(content: Path) -> dict[str, str]:
    """Load the game and return each sector map board's SVG by board id."""
    game, _ = load_game(content, "rushing-tin")
    assert game is not None
    return {board.id: face_svg(board.face, title=board.name) for board in _boards(game)}


def test_map_svg_is_byte_identical_across_loads() -> None:
    first = _map_svgs(CONTENT)
    second = _map_svgs(CONTENT)
    assert first["rt001"].encode() == second["rt001"].encode()
