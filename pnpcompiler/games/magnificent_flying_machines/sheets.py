"""The course layout sheet, printed from the rules tables: the quick-start course in order
(5.1), its tile table with both placement columns (section 5), the race stage stacks
(section 7) and fuel (8.4.1)."""

from __future__ import annotations

from typing import Any

from ...content.components import Sheet
from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import FORM
from .lookup import tables_of
from .model import CourseLayout
from .tables import RulesTables

rules = Rules()
"""This module's hooks; the game's package includes them."""

def quick_start_rows(tables: RulesTables) -> list[list[Any]]:
    """Return the tile table of section 5, one row per tile."""
    return [[row.tile, row.terrain.upper(), row.victory_points or "NONE",
             row.three_four.says, row.three_four.passengers, row.five_six.says,
             row.five_six.passengers] for row in tables.quick_start]


@rules.on(FORM, CourseLayout)
def course_layout(game: GameContent, layout: CourseLayout) -> Sheet | None:
    """Return the course layout sheet."""
    tables = tables_of(game)
    if tables is None:
        return None
    course = " - ".join(f"{row.tile} {row.terrain}" for row in tables.quick_start)
    stacks = [[f"{r.players} ({r.machines} machines)" if r.players == 2 else r.players,
               ", ".join(map(str, r.middle)), ", ".join(map(str, r.final))]
              for r in tables.race_stages]
    sections: list[dict[str, Any]] = [
        {"kind": "text", "id": "course", "title": "Quick start course (5.1), left to right",
         "text": course},
        {"kind": "table", "id": "tile-table", "title": "Tiles, victory points, cargo and "
         "passengers (section 5)", "row_height": "7mm",
         "columns": [{"title": "Tile", "width": "12mm"}, {"title": "Terrain", "width": "34mm"},
                     {"title": "VP", "width": "14mm"}, "3-4 players: cargo",
                     {"title": "Passengers", "width": "22mm"}, "5-6 players: cargo",
                     {"title": "Passengers", "width": "22mm"}],
         "rows": quick_start_rows(tables)},
        {"kind": "table", "id": "race-stages", "title": "Race stage placing markers "
         "(section 7), top of the stack first",
         "columns": ["Players", "Middle airfield", "Final airfield"], "rows": stacks},
        {"kind": "table", "id": "fuel", "title": "Fuel (8.4.1)",
         "columns": ["Terrain tiles crossed", *map(str, range(len(tables.fuel)))],
         "rows": [["Fuel cubes", *tables.fuel]]},
    ]
    return Sheet.model_validate({
        "kind": "sheet", "component": layout.component, "name": layout.name,
        "title": layout.title, "paper": layout.paper, "orientation": "landscape",
        "sections": sections})
