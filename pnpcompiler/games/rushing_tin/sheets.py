"""The Sector Log as a printable form (generic sheet sections)."""

from __future__ import annotations

from typing import Any

from ...content.components import Sheet
from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import FORM
from .model import EntryPoint, LogRow, RulesTables, Sector
from .routes import minutes

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

#: Rulebook defaults, used when the rules tables are missing or invalid.
WAGE = 500
NO_BONUS_BEYOND = 3
CASH_COLUMNS = ["ATC", "WAGE", "BONUSES", "PENALTIES", "FINES / DEALS", "TOTAL"]
CONTROLLERS = 4
"""Rows of the cash tally: the most ATCs a shift has (SHIFT LIMIT)."""


@rules.on(FORM, Sector)
def sector_log(game: GameContent, sector: Sector) -> Sheet:
    """Return the sector's log: ID strip, entry points, both route tables, notes, cash tally."""
    tables = game.of_type(RulesTables)
    wage = tables[0].wage if tables else WAGE
    beyond = tables[0].bonuses.no_bonus_beyond if tables else NO_BONUS_BEYOND
    sections: list[dict[str, Any]] = [
        {"kind": "fields", "id": "sector-id", "items": [
            {"label": "Sector code", "value": sector.code},
            {"label": "Starting planes", "value": sector.starting_planes},
            {"label": "Frequency", "value": frequency(sector)},
            {"label": "Lead Controller"},
            {"label": "Date"},
        ]},
        {"kind": "fields", "id": "entry-points",
         "items": [entry_point(p) for p in sector.entry_points]},
        routes_table("single-routes", "SINGLE ROUTES", sector.columns, sector.single_routes),
        {"kind": "text", "id": "how-to", "title": "Filling in the log", "text": how_to(beyond)},
        routes_table("multi-routes", "MULTI-ROUTES & CELEBRITY JETS", sector.columns,
                     sector.multi_routes),
        {"kind": "table", "id": "cash", "title": "CASH TALLY",
         "columns": [{"title": "ATC", "width": "45mm"},
                     *({"title": c, "width": "30mm"} for c in CASH_COLUMNS[1:])],
         "rows": [["", wage, "", "", "", ""] for _ in range(CONTROLLERS)]},
    ]
    return Sheet.model_validate({
        "kind": "sheet", "component": sector.component, "name": sector.name,
        "title": f"SECTOR LOG - {sector.code}", "paper": sector.paper,
        "orientation": "landscape", "sections": sections})


def frequency(sector: Sector) -> str:
    """Return the frequency as the log prints it: ``1 every 2 hrs``."""
    every = sector.frequency.every
    total = minutes(every)
    if total is not None and total % 60 == 0:
        hours = total // 60
        every = f"{hours} hr" if hours == 1 else f"{hours} hrs"
    return f"{sector.frequency.planes} every {every}"


def entry_point(point: EntryPoint) -> dict[str, Any]:
    """Return an entry point as a field: ``Entry point 02`` = ``Level 2``."""
    label = "Airport" if point.point == "airport" else f"Entry point {point.point}"
    return {"label": label, "value": f"Level {point.level}"}


def routes_table(id_: str, title: str, columns: list[str], rows: list[LogRow]) -> dict[str, Any]:
    """Return a route table in the log's columns, each row's flight and schedule printed."""
    keys = [c.upper().replace(" ", "") for c in columns]
    flight = keys.index("FLIGHTID") if "FLIGHTID" in keys else 0
    schedule = keys.index("SCHEDULE") if "SCHEDULE" in keys else None
    printed = []
    for row in rows:
        values: list[str] = [""] * len(columns)
        values[flight] = row.flight
        if schedule is not None:
            values[schedule] = row.schedule
        printed.append(values)
    return {"kind": "table", "id": id_, "title": title, "columns": columns, "rows": printed,
            "split": 2}


def how_to(no_bonus_beyond: int) -> str:
    """Return the rulebook's instructions for the log (SECTOR LOG, PENALTIES, DEALS)."""
    return (
        "When an ATC accepts a hand-off, the Lead Controller writes the ATC's initials in "
        "<b>CTR</b>, the plane's ID number in <b>ID</b> and the time in <b>TIME START</b>. "
        "<b>W</b>: the ATC received a Final Warning from the airline. "
        "<b>TIME FINISH</b>: the time of the successful hand-off; if the flight took no longer "
        "than its <b>SCHEDULE</b>, pay the bonus less any penalties. "
        "<b>P</b>: every level and hex the plane is away from its exit point (a bonus penalty "
        f"each; more than {no_bonus_beyond} cumulative hexes/levels away from a perfect "
        "hand-off: no bonus). <b>D</b>: deals the ATC caused. "
        "<b>CM</b>: a commendation for a perfect hand-off.")
