"""Air Cargo's two pilot logs as the kit prints them: one page each, the leg template at its
lower right, every box to tick."""

from __future__ import annotations

import pytest

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.games.air_cargo.checks import game_map
from pnpcompiler.games.air_cargo.model import PilotLog
from pnpcompiler.games.air_cargo.pilot_log import pilot_log
from pnpcompiler.layout.forms import page_geometry, sheet_pages
from pnpcompiler.layout.model import Box
from tests.layout.test_form_panels import EPS, boxes, texts, tick_boxes
from tests.paths import CONTENT


@pytest.fixture(scope="module")
def game() -> GameContent:
    loaded, _ = load_game(CONTENT, "air-cargo")
    assert loaded is not None
    return loaded


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("version", ["first-game", "clean"])
def test_each_pilot_log_is_one_page_with_the_template_at_its_lower_right(
        game: GameContent, paper: str, version: str) -> None:
    (log,) = [c for c in game.of_type(PilotLog) if c.version == version]
    sheet = pilot_log(game, log)
    assert sheet is not None
    pages, findings = sheet_pages(sheet, paper)
    assert findings == []
    assert len(pages.pages) == 1
    face = pages.pages[0]
    board = game_map(game)
    assert board is not None
    (strip,) = [e for e in face.elements if isinstance(e, Box) and abs(e.h - 9.0) < EPS]
    assert strip.w == pytest.approx(board.leg_mm, abs=1e-9) == 55.0
    geo = page_geometry(paper, "portrait")
    assert strip.x + strip.w == pytest.approx(geo.right)
    assert strip.y + strip.h == pytest.approx(geo.bottom - 3.0)
    # Boxes to tick: 16 cargo, 15 x 3 weather, 19 airports; the reroll and stamina rows.
    assert len(tick_boxes(face)) == 16 + 45 + 19
    assert len(boxes(face, 6.0)) == 10 + 10 + 3
    described = bool(texts(face, "At any time during a check, tick a box to reroll one or "
                                 "both dice."))
    assert described is (version == "first-game")
