"""Find the game's cards, tiles and tables in its loaded content."""

from __future__ import annotations

from ...content.project import GameContent
from .model import (
    Counter,
    Counters,
    Dashboard,
    DashboardDeck,
    Equipment,
    EquipmentDeck,
    Pilot,
    PilotDeck,
    TerrainTile,
    TerrainTiles,
    TrickCard,
    TrickDeck,
    WeatherChange,
    WeatherChangeDeck,
    WeatherTile,
    WeatherTiles,
)
from .tables import RulesTables


def tables_of(game: GameContent) -> RulesTables | None:
    """Return the rules tables, when there is exactly one file of them."""
    found = game.of_type(RulesTables)
    return found[0] if len(found) == 1 else None


def dashboards(game: GameContent) -> list[Dashboard]:
    """Return every dashboard."""
    return [c for deck in game.of_type(DashboardDeck) for c in deck.cards]


def pilots(game: GameContent) -> list[Pilot]:
    """Return every pilot card."""
    return [c for deck in game.of_type(PilotDeck) for c in deck.cards]


def equipment(game: GameContent) -> list[Equipment]:
    """Return every special equipment card."""
    return [c for deck in game.of_type(EquipmentDeck) for c in deck.cards]


def tricks(game: GameContent) -> list[TrickCard]:
    """Return every trick and boost card design."""
    return [c for deck in game.of_type(TrickDeck) for c in deck.cards]


def terrain_tiles(game: GameContent) -> list[TerrainTile]:
    """Return every terrain tile."""
    return [t for tiles in game.of_type(TerrainTiles) for t in tiles.tiles]


def weather_tiles(game: GameContent) -> list[WeatherTile]:
    """Return every weather tile design."""
    return [t for tiles in game.of_type(WeatherTiles) for t in tiles.tiles]


def counters(game: GameContent) -> list[Counter]:
    """Return every token and marker design."""
    return [t for tiles in game.of_type(Counters) for t in tiles.tiles]


def weather_changes(game: GameContent) -> list[WeatherChange]:
    """Return the weather change cards (8.5)."""
    return [card for deck in game.of_type(WeatherChangeDeck) for card in deck.cards]
