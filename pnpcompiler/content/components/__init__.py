"""Generic component kinds that every game builds on."""

from __future__ import annotations

from .base import Component, Item, PrintedSide, TemplateName
from .deck import CARD_SIZES, Back, Card, Deck, Size
from .maps import Hex, HexMap, MapOfHexes, MapOfPoints, Point, PointMap, Zone
from .rulebook import REASONS, Rule, Rulebook, Unchecked
from .sheet import (
    BoxesSection,
    Column,
    Field,
    FieldsSection,
    FormSheet,
    Panel,
    PanelsSection,
    RulerSection,
    Sheet,
    TableSection,
    TextSection,
)
from .tiles import Tile, TileSet


class CardDeck(Deck[Card]):
    """A deck of cards whose text lives in each card's ``fields``."""


class Counters(TileSet[Tile]):
    """A set of tiles or counters whose text lives in each face's ``fields``."""


class PlainHexMap(HexMap[Hex]):
    """A hex map with no game-specific hex fields."""


class PlainPointMap(PointMap[Point, Zone]):
    """A point map with no game-specific point or zone fields."""


#: The generic kinds, by the name a content file gives in ``kind:``.
GENERIC_KINDS: dict[str, type[Component]] = {
    "deck": CardDeck,
    "tiles": Counters,
    "hex-map": PlainHexMap,
    "point-map": PlainPointMap,
    "sheet": Sheet,
    "rulebook": Rulebook,
}

__all__ = [
    "CARD_SIZES",
    "GENERIC_KINDS",
    "REASONS",
    "Back",
    "BoxesSection",
    "Card",
    "CardDeck",
    "Column",
    "Component",
    "Counters",
    "Deck",
    "Field",
    "FieldsSection",
    "FormSheet",
    "Hex",
    "HexMap",
    "Item",
    "MapOfHexes",
    "MapOfPoints",
    "Panel",
    "PanelsSection",
    "PlainHexMap",
    "PlainPointMap",
    "Point",
    "PointMap",
    "PrintedSide",
    "Rule",
    "Rulebook",
    "RulerSection",
    "Sheet",
    "Size",
    "TableSection",
    "TemplateName",
    "TextSection",
    "Tile",
    "TileSet",
    "Unchecked",
    "Zone",
]
