"""What the Magnificent Flying Machines kit prints: the weather tiles' common back, the dice
labels from the dice faces, the course layout from the quick-start table, the dashboards'
preset sides."""

from __future__ import annotations

from pnpcompiler.content.components.sheet import TableSection
from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.kit import preset_view
from pnpcompiler.games.magnificent_flying_machines.lookup import (
    counters,
    dashboards,
    tables_of,
)
from pnpcompiler.games.magnificent_flying_machines.model import CourseLayout, WeatherTiles
from pnpcompiler.games.magnificent_flying_machines.sheets import course_layout


def test_6_4_weather_tiles_share_one_back_so_face_down_tiles_cannot_be_told_apart(
        game: GameContent) -> None:
    (weather,) = game.of_type(WeatherTiles)
    assert weather.sides == 2 and weather.back is not None and not weather.back.fields
    assert all(tile.back is None for tile in weather.tiles)


def test_3_3_dice_labels_ten_of_each_face(game: GameContent) -> None:
    tables = tables_of(game)
    assert tables is not None
    labels = [c for c in counters(game) if c.token == "dice-label"]
    assert sorted(c.face or 0 for c in labels) == list(range(1, 7))
    assert {c.copies for c in labels} == {tables.dice.count}


def test_section_5_course_layout_prints_both_placement_columns_as_written(
        game: GameContent) -> None:
    (layout,) = game.of_type(CourseLayout)
    sheet = course_layout(game, layout)
    assert sheet is not None
    table = next(s for s in sheet.sections
                 if isinstance(s, TableSection) and s.id == "tile-table")
    rows = table.rows
    assert len(rows) == 11
    assert rows[6][5] == "2 x 2PTS & 1 x 2 PT GENERAL CARGO"
    assert [r[4] for r in rows] == [0, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0]


def test_5_2_preset_side_shows_pilot_equipment_and_markers(game: GameContent) -> None:
    triplane = next(b for b in dashboards(game) if b.id == "triplane")
    view = preset_view(game, triplane)
    assert view["pilot"] == "Amelia Skyfoot (The Nifty Flyer)"
    assert view["dice"] == [6, 7, 4]
    assert view["markers"] == ["+1", "+2", ""]
