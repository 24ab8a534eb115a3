"""What Rushing Tin adds to the export: every route with its schedule and fewest turns."""

from __future__ import annotations

from typing import Any

from ...content.plugin import Rules
from ...content.project import GameContent
from .map_checks import geometry_for
from .model import HandOffDeck
from .routes import TURN_MINUTES, hhmm, parse_route
from .schedule import route_times_of
from .sector_map import MapError

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""


@rules.derive("routes")
def routes(game: GameContent) -> list[dict[str, Any]]:
    """Every route of every sector: code, airline, type, levels, schedule and fewest turns."""
    cards = {card.route: card for deck in game.of_type(HandOffDeck) for card in deck.cards}
    out: list[dict[str, Any]] = []
    for geo in geometry_for(game):
        sector = geo.sector
        if sector is None:
            continue
        try:
            times = route_times_of(game, geo)
        except MapError:
            times = {}
        for row in sector.rows():
            route = parse_route(row.flight)
            if route is None:
                continue
            rt = times.get(row.flight)
            fewest = rt.fewest_turns if rt else None
            card = cards.get(row.flight)
            out.append({
                "sector": sector.code,
                "code": row.flight,
                "airline": route.airline,
                "type": route.type_name,
                "entry_level": route.entry,
                "exit_level": route.exit,
                "schedule": row.schedule,
                "schedule_turns": rt.schedule_turns if rt else None,
                "fewest_turns": fewest,
                "fewest_time": None if fewest is None else hhmm(fewest * TURN_MINUTES),
                "slack_turns": rt.slack if rt else None,
                "bonus": card.bonus if card else None,
                "penalty": card.penalty if card else None,
            })
    return out
