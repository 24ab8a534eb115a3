"""Every game's boards tiled over sheets as its kit prints them: no seam a player sees once
the sheets are glued cuts through a text (a town's name, a hex's number)."""

from __future__ import annotations

import pytest

from pnpcompiler.layout.seams import text_boxes
from pnpcompiler.render.board import board_plan
from tests.conformance.faces import shipped_faces
from tests.conformance.games import GAMES


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_seam_cuts_a_text(game: str, paper: str) -> None:
    cut = []
    for name, face in shipped_faces(game)[0].get("boards", []):
        texts = text_boxes(face)
        for tile in board_plan(face, paper).tiles:
            x, y, w, h = tile.window
            for x0, y0, x1, y1 in texts:
                if x > 0 and y0 < y + h and y1 > y and x0 < x < x1:
                    cut.append(f"{name}: the left edge of sheet {tile.row + 1}.{tile.col + 1} "
                               f"at {x:.1f} mm cuts the text at x {x0:.1f}-{x1:.1f} mm")
                if y > 0 and x0 < x + w and x1 > x and y0 < y < y1:
                    cut.append(f"{name}: the top edge of sheet {tile.row + 1}.{tile.col + 1} "
                               f"at {y:.1f} mm cuts the text at y {y0:.1f}-{y1:.1f} mm")
    assert cut == []
