"""What Air Cargo prints besides its map and pilot logs: the leg template strip."""

from __future__ import annotations

from typing import Any

from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import PRINTABLE
from ...layout.printables import Printable, PrintableItem, Side
from .checks import game_map
from .model import AirCargoMap, LegTemplate

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

TICKS = 10
"""Divisions of the strip's ruler (25 miles each on a 250-mile leg)."""


def ruler(board: AirCargoMap, ticks: int = TICKS) -> list[dict[str, Any]]:
    """Return the ruler's ticks along the strip: position in mm, label, and whether major."""
    step = board.leg_length / ticks
    return [{"x": board.leg_mm * k / ticks, "major": k % 2 == 0,
             "label": f"{step * k:g}" if k % 2 == 0 else ""} for k in range(ticks + 1)]


@rules.on(PRINTABLE, LegTemplate)
def leg_template_strip(game: GameContent, template: LegTemplate) -> list[Printable]:
    """Return the strip: exactly the longest leg long, so its crop marks give the length."""
    board = game_map(game)
    if board is None:
        return []
    leg = {"length": f"{board.leg_length:g}", "unit": board.unit_name,
           "mm": round(board.leg_mm, 4)}
    item = PrintableItem("leg-template", Side(template.template), copies=template.copies,
                         item={"leg": leg}, context={"leg": leg, "ticks": ruler(board)},
                         where=template.where("template"))
    # No bleed: the trim is the strip itself, its ends the two ends of the longest leg.
    return [Printable(template.component or template.kind, template.name or "Leg template",
                      (board.leg_mm, template.width), [item], noun="strips", bleed=0.0)]
