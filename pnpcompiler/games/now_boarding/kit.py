"""What Now Boarding's templates see beside each item: colours, edge colours, prices, tiers."""

from __future__ import annotations

from typing import Any

from ...content.components import Component
from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import ITEM_CONTEXT, ItemContext
from .checks import game_rules
from .model import AidCards, AirportBoards, PassengerTiles

rules = Rules()
"""This module's hooks; the game's package includes them."""

EDGE_INKS = {"G": "#3f9b4a", "Y": "#f2cf3a", "R": "#c8382c"}
"""How the edges print: mid green, light yellow, dark red, and each band carries its letter,
so the three read apart in grayscale too."""
NO_INK = "#888888"


def common(game: GameContent) -> dict[str, Any]:
    """Return the variables every Now Boarding face may use."""
    tables = game_rules(game)
    return {
        "inks": {c.id: c.ink for c in tables.colours} if tables else {},
        "colour_names": {c.id: c.name for c in tables.colours} if tables else {},
        "edge_inks": EDGE_INKS,
        "edge_names": dict(tables.edge_colours) if tables else {},
    }


@rules.on(ITEM_CONTEXT, PassengerTiles)
def passenger_context(game: GameContent, tiles: PassengerTiles) -> ItemContext:
    """The tile's colour ink and name, and its four edges' inks (top, left, bottom, right)."""
    shared = common(game)

    def context(tile: Any) -> dict[str, Any]:
        edges = getattr(tile, "edges", "GGGR")
        return {**shared, "ink": shared["inks"].get(getattr(tile, "colour", ""), NO_INK),
                "colour_name": shared["colour_names"].get(getattr(tile, "colour", ""), ""),
                "edge": [EDGE_INKS[e] for e in edges]}
    return context


@rules.on(ITEM_CONTEXT, AirportBoards)
def board_context(game: GameContent, boards: AirportBoards) -> ItemContext:
    """The board's colour ink and name."""
    shared = common(game)
    return lambda board: {
        **shared, "ink": shared["inks"].get(getattr(board, "colour", ""), NO_INK),
        "colour_name": shared["colour_names"].get(getattr(board, "colour", ""), "")}


@rules.on(ITEM_CONTEXT, AidCards)
def aid_context(game: GameContent, cards: Component) -> ItemContext:
    """The purchases (standard and optional) and the score chart."""
    tables = game_rules(game)
    purchases = [p for p in tables.purchases if not p.optional] if tables else []
    optional = [p for p in tables.purchases if p.optional] if tables else []
    tiers = [{"range": f"{t.low:02d}-{t.high:02d}" if t.high is not None else f"{t.low}+",
              "name": t.name} for t in tables.tiers] if tables else []
    return lambda card: {"purchases": purchases, "optional": optional, "tiers": tiers}
