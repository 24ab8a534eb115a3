"""Magnificent Flying Machines' component kinds: dashboards, pilot, equipment, trick and boost
and weather change cards, terrain and weather tiles, counters, and the rules tables."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...content.components import Card, Component, Deck, Tile, TileSet
from ...core.model import Id, Model, Source

Test = Literal["take-off", "flying", "landing"]
"""The three tests, each with its own dice symbol (3.3)."""
Terrain = Literal["fields", "mountain", "town", "water", "airfield"]
Weather = Literal["sunny", "cloudy", "fog", "windy", "storms", "snow"]
Count = int


SYMBOL_FIELDS: dict[str, str] = {"take-off": "take_off", "flying": "flying",
                                 "landing": "landing"}
"""The field of :class:`Symbols` holding each test's number."""


class Symbols(Model):
    """A number of take-off, flying and landing symbols (or dice) for each test."""

    take_off: int = Field(0, ge=0, le=10)
    flying: int = Field(0, ge=0, le=10)
    landing: int = Field(0, ge=0, le=10)

    def of(self, test: Test) -> int:
        """Return the number for one test."""
        number: int = getattr(self, SYMBOL_FIELDS[test])
        return number


TESTS: tuple[Test, ...] = ("take-off", "flying", "landing")


# --- dashboards -------------------------------------------------------------------------------


class Preset(Model):
    """A dashboard's preset side (5.2): the pilot, equipment and spare parts it shows."""

    pilot: Id
    equipment: list[Id] = Field(min_length=1, max_length=3)
    spare_parts: Symbols = Field(default_factory=Symbols)


class Dashboard(Card):
    """A flying machine dashboard (3.2): its base symbols, storage and slots."""

    machine: str
    symbols: Symbols
    internal_storage: int = Field(ge=0, le=12)
    external_storage: int = Field(ge=0, le=12)
    passenger_seats: int = Field(ge=0, le=4)
    equipment_slots: int = Field(ge=2, le=3)
    """6.9: two or three special equipment slots."""
    special: str | None = None
    """Section 15's special ability, as printed."""
    preset: Preset


class DashboardDeck(Deck[Dashboard]):
    """The six flying machine dashboards, standard side and preset side."""

    kind: Literal["dashboard-deck"] = "dashboard-deck"  # type: ignore[assignment]


# --- pilots, equipment, trick and boost, weather change ---------------------------------------


class Pilot(Card):
    """A pilot card (section 13): as printed, with its bonuses as data."""

    title: str
    nationality: str
    ability: str
    dice: Symbols = Field(default_factory=Symbols)
    """Extra dice for each test (Amelia +2 flying, Sikosi +1 each, ...)."""
    charges: int | None = Field(None, ge=1, le=9)
    """Uses in a game, each shown by a charge marker (Vladimir: 4)."""
    hand_limit: int | None = Field(None, ge=1, le=9)
    draws: int | None = Field(None, ge=1, le=9)
    cad_per_turn: int | None = Field(None, ge=1, le=3)
    """A cad symbol restocked every turn (Sir Archibald)."""
    passenger_seats: int = Field(0, ge=0, le=2)
    external_storage: int = Field(0, ge=0, le=2)
    spare_part_space: int = Field(0, ge=0, le=2)


class PilotDeck(Deck[Pilot]):
    """The 18 pilot cards."""

    kind: Literal["pilot-deck"] = "pilot-deck"  # type: ignore[assignment]


class Equipment(Card):
    """A special equipment card (section 14): text, charges and what it adds."""

    text: str
    charges: int | None = Field(None, ge=1, le=9)
    """Uses in a game, each shown by a charge marker."""
    once_per_turn: bool = False
    dice: Symbols = Field(default_factory=Symbols)
    """Extra dice for every test of a kind, shown by an ability marker (6.10)."""
    charged_dice: Symbols = Field(default_factory=Symbols)
    """Extra dice a charge gives for one test."""
    any_test_charge_die: bool = False
    """A charge adds one die to any test (Drop of Courage)."""
    water_dice: Symbols = Field(default_factory=Symbols)
    """Extra dice on water tiles (Floats)."""
    passenger_seats: int = Field(0, ge=0, le=2)
    internal_storage: int = Field(0, ge=0, le=2)
    external_storage: int = Field(0, ge=0, le=2)


class EquipmentDeck(Deck[Equipment]):
    """The 24 special equipment cards."""

    kind: Literal["equipment-deck"] = "equipment-deck"  # type: ignore[assignment]


class TrickEffect(Model):
    """What a trick and boost card's text does (8.1), as the referee applies it. A dirty trick
    acts on a rival's machine, a boost on its player's own."""

    when: Literal["any", "test", "failed-test", "after-trick", "answer-dirty",
                  "answer-cad"] = "any"
    """When it is played: at any time; on a test as it is taken; on a test just failed; after
    a passed trick manoeuvre; in answer to a dirty trick or to a cad played on you."""
    test: Test | None = None
    """Only on this kind of test."""
    any_time: bool = False
    """A boost whose text lets it be played outside its player's turn."""
    dice: int = Field(0, ge=0, le=3)
    """Extra dice on the test."""
    need: int = Field(0, ge=0, le=3)
    """Symbols more the test needs."""
    reroll: bool = False
    """Re-roll any or all dice of the test."""
    pass_test: bool = False
    """Passes the failed test."""
    damage: int = Field(0, ge=0, le=2)
    """Damage markers placed (8.4.2)."""
    repair: int = Field(0, ge=0, le=2)
    """Damage markers moved from the fuel gauge to the scoring area (8.4.3)."""
    fuel: int = Field(0, ge=-2, le=2)
    """Fuel cubes taken (or, below zero, discarded)."""
    spare_parts: int = Field(0, ge=-2, le=0)
    """Spare parts discarded, of the player's choice."""
    altitude: int = Field(0, ge=-2, le=0)
    """Altitude bands dropped, never below the lowest."""
    top_band: bool = False
    """Up to the highest altitude band of the tile."""
    points: int = Field(0, ge=0, le=3)
    """Victory points scored."""
    back: int = Field(0, ge=0, le=1)
    """Terrain tiles moved back towards the starting airfield."""
    passengers: int = Field(0, ge=-1, le=0)
    """Passengers who disembark, scoring nothing (10.3.1)."""
    cancel: bool = False
    """The answered dirty trick or cad has no effect."""
    reflect: bool = False
    """The answered dirty trick acts on its own player instead."""
    scrutiny: bool = False
    """Every other player discards one dirty trick card from their hand, if they hold one."""


class TrickCard(Card):
    """A trick and boost card (8.1): its frame, its text and the symbol at its bottom."""

    frame: Literal["boost", "dirty-trick"]
    title: str
    text: str
    symbol: Literal["take-off", "flying", "landing", "cad"]
    """A spare part symbol of one test, or a cad symbol."""
    effect: TrickEffect | None = None
    """What the text does, as data the referee applies (8.1)."""


class TrickDeck(Deck[TrickCard]):
    """The 64 trick and boost cards."""

    kind: Literal["trick-deck"] = "trick-deck"  # type: ignore[assignment]


class WeatherChange(Card):
    """A weather change card (8.5)."""

    change: Literal["terrain", "easterly", "westerly", "no-change"]
    terrain: Terrain | None = None
    text: str


class WeatherChangeDeck(Deck[WeatherChange]):
    """The 8 weather change cards."""

    kind: Literal["weather-change-deck"] = "weather-change-deck"  # type: ignore[assignment]


# --- tiles and counters -----------------------------------------------------------------------


class ByPlayers(Model):
    """A number printed for three or four flying machines and for five or six (6.2)."""

    three_four: int = Field(ge=0, le=9)
    five_six: int = Field(ge=0, le=9)

    def for_machines(self, machines: int) -> int:
        """Return the number for a game of so many flying machines."""
        return self.three_four if machines <= 4 else self.five_six


class TerrainTile(Tile):
    """A terrain tile (3.1): number, terrain, test symbols, resources and what it holds."""

    number: int = Field(ge=1, le=15)
    terrain: Terrain
    airfield: Literal["starting", "middle", "final"] | None = None
    symbols: Symbols
    resource: int = Field(ge=0, le=3)
    """Spare parts or fuel cubes a repair and scavenge action takes here (8.3)."""
    first_to_land: int | None = Field(None, ge=1, le=5)
    """The first-to-land victory points (6.5); none on airfields."""
    passengers: ByPlayers
    cargo: ByPlayers
    air_bands: int = Field(ge=3, le=6)
    """Altitude bands above the ground region (8.3)."""


class TerrainTiles(TileSet[TerrainTile]):
    """The 15 terrain tiles."""

    kind: Literal["terrain-tiles"] = "terrain-tiles"  # type: ignore[assignment]


class WeatherTile(Tile):
    """A weather tile: its weather and the symbols it adds to each test (8.2)."""

    weather: Weather
    symbols: Symbols


class WeatherTiles(TileSet[WeatherTile]):
    """The 20 weather tiles, dealt face down over a common back."""

    kind: Literal["weather-tiles"] = "weather-tiles"  # type: ignore[assignment]


Token = Literal["spare-part", "luck", "special-cargo", "general-cargo", "passenger", "damage",
                "victory-points", "race-stage", "ability", "fuel", "charge", "machine", "base",
                "dice-label"]


class Counter(Tile):
    """A token or marker; what the rule checks count of it."""

    token: Token
    symbol: Test | None = None
    value: int | None = Field(None, ge=1, le=10)
    terrain: Terrain | None = None
    colour: str | None = None
    face: int | None = Field(None, ge=1, le=6)
    """A dice label's face: the rules tables' dice say what it shows."""


class Counters(TileSet[Counter]):
    """A sheet of tokens and markers."""

    kind: Literal["counters"] = "counters"  # type: ignore[assignment]


class CourseLayout(Component):
    """The course layout sheet: the quick-start course and its tile table in both placement
    columns, printed from the rules tables."""

    kind: Literal["course-layout"] = "course-layout"
    title: str
    paper: Literal["a4", "letter", "a3"] = "a4"

    base_kind = "sheet"

    def counts(self) -> dict[str, int]:
        return {self.component: 1} if self.component else {}


KINDS: tuple[type[Component], ...] = (DashboardDeck, PilotDeck, EquipmentDeck, TrickDeck,
                                      WeatherChangeDeck, TerrainTiles, WeatherTiles, Counters,
                                      CourseLayout)
__all__ = ["KINDS", "ByPlayers", "Count", "Source"]
