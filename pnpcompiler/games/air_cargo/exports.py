"""What Air Cargo adds to the export: reachability from Pendleton, every legal leg, the
leg template's printed length."""

from __future__ import annotations

from typing import Any

from ...content.plugin import Rules
from ...content.project import GameContent
from .checks import game_map
from .map_checks import reach, sound_network

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""


@rules.derive("reachability")
def reachability(game: GameContent) -> list[dict[str, Any]]:
    """Each airport's best flights from the start: the fewest legs, the fewest crossings."""
    board = game_map(game)
    if board is None or game.fact(sound_network) is None:
        return []
    found = reach(game)
    if found is None:
        return []
    out = []
    for airport in board.airports:
        if airport.start:
            continue
        quick = found.fewest_legs.get(airport.id)
        safe = found.fewest_crossings.get(airport.id)
        out.append({
            "airport": airport.id,
            "dice_id": airport.dice_id,
            "name": airport.name,
            "landing_hazard": airport.hazard,
            "reachable": quick is not None,
            "fewest_legs": quick.legs if quick else None,
            "crossings_on_fewest_legs": quick.crossings if quick else None,
            "route": list(quick.places) if quick else None,
            "fewest_crossings": safe.crossings if safe else None,
            "legs_on_fewest_crossings": safe.legs if safe else None,
            "safest_route": list(safe.places) if safe else None,
        })
    return out


@rules.derive("legs")
def legal_legs(game: GameContent) -> list[dict[str, Any]]:
    """Every legal leg of the map: its two places, length and the mountain ranges it crosses."""
    net = game.fact(sound_network)
    if net is None:
        return []
    return sorted(({"from": leg.a, "to": leg.b, "length": round(leg.length, 2),
                    "mountains": list(leg.crossings)} for leg in net.legs.values()),
                  key=lambda leg: (leg["from"], leg["to"]))


@rules.derive("leg_template")
def leg_template(game: GameContent) -> dict[str, Any] | None:
    """The longest leg in map units and as printed."""
    board = game_map(game)
    if board is None:
        return None
    return {"length": board.leg_length, "unit": board.unit_name,
            "printed_mm": round(board.leg_mm, 4)}
