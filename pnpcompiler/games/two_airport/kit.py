"""What the two-airport templates see besides each card (an aircraft's destination, a goal's
four flights, an event's icon), and the field layout sheet drawn from the field."""

from __future__ import annotations

from typing import Any

from ...content.components import Sheet
from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import FORM, ITEM_CONTEXT, ItemContext
from .checks import sound_field, start_airport
from .field import Grid
from .model import AircraftDeck, AirportDeck, EventDeck, FlightField, GoalDeck

rules = Rules()
"""This module's hooks; the game's package includes them."""

EVENT_ICONS = {"extra-move": "arrow", "extra-diagonal-move": "diagonal", "storm": "storm",
               "clear-sky": "sun", "holding": "hold", "pass": "swap",
               "technical-return": "return"}
OTHER = {"A": "B", "B": "A"}
CARD = (63.5, 88.9)
"""A poker card's width and length in millimetres: one space of the field."""


@rules.on(ITEM_CONTEXT, AirportDeck)
def airport_context(game: GameContent, deck: AirportDeck) -> ItemContext:
    """The aircraft that depart from and land at each airport."""
    return lambda card: {
        "departing": "1-5" if getattr(card, "airport", "A") == "A" else "6-10",
        "arriving": "6-10" if getattr(card, "airport", "A") == "A" else "1-5"}


@rules.on(ITEM_CONTEXT, AircraftDeck)
def aircraft_context(game: GameContent, deck: AircraftDeck) -> ItemContext:
    """The airport each aircraft flies to."""
    return lambda card: {"destination": OTHER.get(getattr(card, "start", "A"), "B")}


@rules.on(ITEM_CONTEXT, GoalDeck)
def goal_context(game: GameContent, deck: GoalDeck) -> ItemContext:
    """Each goal aircraft with the airports it flies from and to."""
    def flights(card: Any) -> dict[str, Any]:
        numbers = getattr(card, "aircraft", [])
        return {"flights": [{"number": n, "start": f"Airport {start_airport(n)}",
                             "to": f"Airport {OTHER[start_airport(n)]}"} for n in numbers]}
    return flights


@rules.on(ITEM_CONTEXT, EventDeck)
def event_context(game: GameContent, deck: EventDeck) -> ItemContext:
    """The kind's icon and the card's footer."""
    def context(card: Any) -> dict[str, Any]:
        event = getattr(card, "event", "storm")
        footer = ("Kept apart; out of the game once used"
                  if event == "technical-return" else
                  "Movement card: at most one a turn" if getattr(card, "movement", False)
                  else "Up to two Event cards a turn")
        return {"icon": EVENT_ICONS.get(event, "plane"), "footer": footer}
    return context


def space_label(grid: Grid, cell: tuple[int, int]) -> str:
    """Return what the layout prints in a space: an airport, a runway, a Departure Zone."""
    for a in grid.airports.values():
        if cell == a.at:
            return f"AIRPORT {a.letter}"
        if cell == a.runway:
            return f"Runway {a.letter}: Arrival Zone ({'6-10' if a.letter == 'A' else '1-5'})"
        if cell in a.departure_zones:
            return f"Departure Zone {a.letter} ({'1-5' if a.letter == 'A' else '6-10'})"
    return ""


@rules.on(FORM, FlightField)
def field_layout(game: GameContent, field: FlightField) -> Sheet | None:
    """Return the field layout sheet: the grid of spaces with their names and roles."""
    grid = game.fact(sound_field)
    if grid is None:
        return None
    rows = [[str(row), *(f"{grid.name((c, row))} {space_label(grid, (c, row))}".strip()
                         for c in range(len(grid.columns)))]
            for row in range(grid.rows, 0, -1)]
    width, length = len(grid.columns) * CARD[0], grid.rows * CARD[1]
    how = (f"Lay the cards out as this grid shows: every space is one card ({CARD[0]} x "
           f"{CARD[1]} mm), the whole field {width:.0f} x {length:.0f} mm. The airports lie "
           f"{field.distance} card-lengths apart (2. Game setup). Aircraft 1-5 fly up the "
           f"page from Airport A to Airport B, aircraft 6-10 down from B to A. A record "
           f"names a space by its column and row, as printed in each space.")
    sections: list[dict[str, Any]] = [
        {"kind": "text", "id": "how-to-lay-out", "text": how},
        {"kind": "table", "id": "grid", "title": "THE PLAYING FIELD",
         "columns": [{"title": "Row", "width": "14mm"},
                     *({"title": f"Column {c}"} for c in grid.columns)],
         "rows": rows, "row_height": "18mm"},
    ]
    return Sheet.model_validate({
        "kind": "sheet", "component": field.component, "name": field.name,
        "title": "TWO-AIRPORT - FIELD LAYOUT", "paper": "a4", "orientation": "portrait",
        "sections": sections})
