"""What Rushing Tin's card templates see besides the card itself: airline names, level
colours, the decoded route and its schedule from the sector log."""

from __future__ import annotations

from typing import Any

from ...project import GameContent
from . import rules
from .model import RulesTables, Sector
from .routes import parse_route


def _common(game: GameContent) -> dict[str, Any]:
    tables = game.of_type(RulesTables)
    t = tables[0] if tables else None
    colours = {lv.level: lv.colour for lv in t.levels} if t else {}
    return {
        "level_colour": {str(k): v for k, v in colours.items()},
        "levels": [{"level": lv.level, "colour": lv.colour, "speed": lv.speed}
                   for lv in (t.levels if t else [])],
        "airlines": {a.code: a.name for a in (t.airlines if t else [])},
    }


def _route(game: GameContent, code: str | None) -> dict[str, Any]:
    route = parse_route(code or "")
    if route is None:
        return {"route": None}
    schedule = next((row.schedule for sector in game.of_type(Sector) for row in sector.rows()
                     if row.flight == code), None)
    return {"route": {"code": code, "airline": route.airline, "entry": route.entry,
                      "exit": route.exit, "multi": route.multi, "type": route.type_name,
                      "schedule": schedule}}


@rules.template_context("hand-off-deck")
def hand_off_context(game: GameContent, deck: Any, card: Any) -> dict[str, Any]:
    """Airline, decoded route and schedule for a hand-off card."""
    out = _common(game)
    out.update(_route(game, getattr(card, "route", None)))
    return out


@rules.template_context("random-event-deck")
def random_event_context(game: GameContent, deck: Any, card: Any) -> dict[str, Any]:
    """Level colours, and the Celebrity Jet's route for a Celebrity Alert."""
    out = _common(game)
    out.update(_route(game, getattr(card, "route", None)))
    return out


@rules.template_context("weather-event-deck")
def weather_context(game: GameContent, deck: Any, card: Any) -> dict[str, Any]:
    """Level colours for weather cards."""
    return _common(game)


@rules.template_context("status-deck")
def status_context(game: GameContent, deck: Any, card: Any) -> dict[str, Any]:
    """Airline names for status cards."""
    return _common(game)
