"""Tabletop Simulator's saved-object format: the objects a kit becomes on a virtual table.

A deck is a ``DeckCustom`` holding one ``Card`` per copy. Each card names its picture as
``CardID = deck key * 100 + slot``: the deck key picks an entry of ``CustomDeck`` (a sheet of
faces ``NumWidth`` x ``NumHeight``, read left to right, top to bottom, and its back), the
slot the card's place on that sheet. Counters and tiles are ``Custom_Tile`` objects (their
back is ``ImageSecondaryURL``), gathered in a ``Bag`` per family; boards are
``Custom_Board``. The field names are those of the game's save files; this module only
builds the data, :mod:`.outputs.tts` draws the pictures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..core.digests import digest

MAX_COLUMNS, MAX_ROWS = 10, 7
"""The largest grid of a card sheet the game reads."""
MIN_COLUMNS, MIN_ROWS = 2, 2
"""The smallest (a sheet of one card is still a grid of two by two)."""
MAX_PIXELS = 4096
"""The widest and tallest picture the game loads."""
SLOTS_PER_DECK_KEY = 100
"""Card ids count slots in hundreds: ``CardID = key * 100 + slot``."""
TILE_TYPES = {"rect": 0, "hex": 1, "round": 2}
"""``CustomTile.Type`` by the shape an item is cut along: box, hex, circle."""
TILE_THICKNESS = 0.2
"""How thick a counter or tile stands on the table (the game's own units)."""
SPACING = 4.0
"""Space between two objects laid out side by side on the table."""
POKER_MM = (63.5, 88.9)
"""The card every custom card is drawn on at scale 1 (its picture stretched to fit): a
larger or narrower card is this one scaled, a wide one this one lying sideways."""


@dataclass(frozen=True)
class Grid:
    """A card sheet's grid and the size of one card on it in pixels."""

    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def slots(self) -> int:
        """Return how many cards the sheet holds."""
        return self.columns * self.rows

    @property
    def pixels(self) -> tuple[int, int]:
        """Return the sheet's width and height in pixels."""
        return self.columns * self.cell[0], self.rows * self.cell[1]


def sheet_grid(cards: int, size_mm: tuple[float, float], dpi: float) -> Grid:
    """Return the grid for ``cards`` slots of cards ``size_mm`` wide and high, each drawn at
    ``dpi`` unless the sheet would pass the game's largest picture: then on the grid that
    draws them finest."""
    if not 1 <= cards <= MAX_COLUMNS * MAX_ROWS:
        raise ValueError(f"a sheet holds 1 to {MAX_COLUMNS * MAX_ROWS} cards, not {cards}")
    columns = min(MAX_COLUMNS, max(MIN_COLUMNS, cards))
    rows = max(MIN_ROWS, math.ceil(cards / columns))
    if _per_mm(columns, rows, size_mm, dpi) < dpi / 25.4:
        # Ten across is the usual sheet; large cards fit more finely on a squarer one.
        grids = [(c, r) for c in range(MIN_COLUMNS, MAX_COLUMNS + 1)
                 for r in range(MIN_ROWS, MAX_ROWS + 1) if c * r >= cards]
        columns, rows = min(grids, key=lambda g: (-_per_mm(g[0], g[1], size_mm, dpi),
                                                       g[0] * g[1]))
    per_mm = _per_mm(columns, rows, size_mm, dpi)
    width, height = size_mm
    return Grid(columns, rows, (max(1, math.floor(width * per_mm)),
                                max(1, math.floor(height * per_mm))))


def _per_mm(columns: int, rows: int, size_mm: tuple[float, float], dpi: float) -> float:
    """Return the pixels per mm a grid draws its cards at: ``dpi``, or less to fit."""
    width, height = size_mm
    return min(dpi / 25.4, MAX_PIXELS / (columns * width), MAX_PIXELS / (rows * height))


def transform(x: float, *, face_down: bool = False,
              scale: tuple[float, float] = (1.0, 1.0)) -> dict[str, float]:
    """Return an object's place on the table: ``x`` along it, upright or face down, scaled
    across and along the table by ``scale``."""
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": scale[0], "scaleY": 1.0,
            "scaleZ": scale[1]}


def sideways(size_mm: tuple[float, float]) -> bool:
    """Return whether a card ``size_mm`` is wider than high (the game turns the card)."""
    return size_mm[0] > size_mm[1]


def card_scale(size_mm: tuple[float, float]) -> tuple[float, float]:
    """Return the scale that gives a card ``size_mm`` its size and shape against a poker
    card (turned when the card lies sideways)."""
    across, along = POKER_MM[::-1] if sideways(size_mm) else POKER_MM
    return round(size_mm[0] / across, 4), round(size_mm[1] / along, 4)


def guid(*parts: str) -> str:
    """Return a stable six-hex-digit object id (the same kit gives the same save)."""
    return digest("tts-guid", *parts)[:6]


def base_object(name: str, nickname: str, x: float, *ids: str, face_down: bool = False,
                scale: tuple[float, float] = (1.0, 1.0)) -> dict[str, Any]:
    """Return the fields every saved object has; tagged with the first of ``ids`` (the
    bill-of-materials id), so a script finds a family by its id in the content."""
    return {"Name": name, "Transform": transform(x, face_down=face_down, scale=scale),
            "Nickname": nickname, "Description": "", "Tags": list(ids[:1]),
            "GUID": guid(name, nickname, *ids),
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "HideWhenFaceDown": name in ("Card", "DeckCustom")}


@dataclass(frozen=True)
class DeckSheet:
    """One ``CustomDeck`` entry: a sheet of faces and its back."""

    key: int
    face_url: str
    back_url: str
    grid: Grid
    back_is_hidden: bool

    def custom_deck(self) -> dict[str, Any]:
        """Return the entry as the save writes it."""
        return {"FaceURL": self.face_url, "BackURL": self.back_url,
                "NumWidth": self.grid.columns, "NumHeight": self.grid.rows,
                "BackIsHidden": self.back_is_hidden, "UniqueBack": False, "Type": 0}

    def card_id(self, slot: int) -> int:
        """Return the id of the card on ``slot`` of this sheet."""
        if not 0 <= slot < self.grid.slots:
            raise ValueError(f"slot {slot} is not on a {self.grid.columns} x "
                             f"{self.grid.rows} sheet")
        return self.key * SLOTS_PER_DECK_KEY + slot


@dataclass
class Deck:
    """A deck being put together: its cards (each copy), in order."""

    name: str
    component: str
    size: tuple[float, float]
    """The cards' trim in mm, which gives them their size and shape on the table."""
    cards: list[tuple[str, DeckSheet, int]] = field(default_factory=list)
    """(item id, sheet, slot) per copy."""

    def saved(self, x: float) -> dict[str, Any]:
        """Return the deck as a saved object (one ``Card`` when it holds a single card)."""
        sheets = {str(sheet.key): sheet.custom_deck()
                  for sheet in dict.fromkeys(sheet for _, sheet, _ in self.cards)}
        scale = card_scale(self.size)
        cards = []
        for n, (item, sheet, slot) in enumerate(self.cards):
            card = base_object("Card", item, x, self.component, str(n), face_down=True,
                               scale=scale)
            card["SidewaysCard"] = sideways(self.size)
            card["CardID"] = sheet.card_id(slot)
            card["CustomDeck"] = {str(sheet.key): sheet.custom_deck()}
            cards.append(card)
        if len(cards) == 1:
            return cards[0]
        deck = base_object("DeckCustom", self.name, x, self.component, face_down=True,
                           scale=scale)
        deck["SidewaysCard"] = sideways(self.size)
        deck["DeckIDs"] = [card["CardID"] for card in cards]
        deck["CustomDeck"] = sheets
        deck["ContainedObjects"] = cards
        return deck


def tile(nickname: str, front_url: str, back_url: str, shape: str, x: float,
         *ids: str) -> dict[str, Any]:
    """Return one counter or tile as a ``Custom_Tile``."""
    saved = base_object("Custom_Tile", nickname, x, *ids)
    saved["CustomImage"] = {
        "ImageURL": front_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomTile": {"Type": TILE_TYPES.get(shape, 0), "Thickness": TILE_THICKNESS,
                       "Stackable": True, "Stretch": True}}
    return saved


def bag(nickname: str, contents: list[dict[str, Any]], x: float, *ids: str) -> dict[str, Any]:
    """Return a bag holding ``contents`` (a family of counters)."""
    saved = base_object("Bag", nickname, x, *ids)
    saved["ContainedObjects"] = contents
    return saved


def board(nickname: str, url: str, x: float, *ids: str) -> dict[str, Any]:
    """Return a board or map as a ``Custom_Board``."""
    saved = base_object("Custom_Board", nickname, x, *ids)
    saved["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                            "WidthScale": 0.0}
    return saved


def saved_object(title: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the file the game loads from its Saved Objects folder."""
    return {"SaveName": title, "GameMode": "", "Date": "", "VersionNumber": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "TabStates": {}, "ObjectStates": objects}
