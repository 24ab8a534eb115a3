"""Air Cargo's component kinds: the map, the rules tables, the pilot logs and the leg template.

The tables are data a referee can replay a game against: the cargo weight table, the weather
hazard table, the hazard check, the score thresholds, the tick boxes and the map's geometry.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...content.components import Component, Item, MapOfPoints, TemplateName
from ...core.model import Id, Model, RefersTo, Source
from ...core.units import Length

Side = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
"""Where a name is printed beside its place on the map (a compass direction)."""
Coordinate = Annotated[float, Field(ge=-100_000, le=100_000)]
XY = tuple[Coordinate, Coordinate]


# --- the map ----------------------------------------------------------------------------------


class Place(Item):
    """A place a leg may start or end at: its position in map units (x east, y south)."""

    x: Coordinate
    y: Coordinate
    label_side: Side = "e"
    """Where the map prints the place's name, so that names do not cover each other."""


class Airport(Place):
    """An airport (AIRPORTS): dice ID, landing hazard in parentheses, name."""

    dice_id: int | str
    """Two dice digits, e.g. 41; the start airport's is printed ``XX`` (it is never rolled)."""
    hazard: int | None = None
    """The landing hazard, 0-3 (``41 (0) SEATTLE``); none for the start airport."""
    start: bool = False
    """The airport the first flight starts from (Pendleton)."""


class Beacon(Place):
    """A radio beacon: the only place a flight may stop between two airports."""

    code: Annotated[str, Field(pattern=r"^[A-Z]{2,4}$", description="Beacon ident, e.g. YKM.")]


class Mountain(Item):
    """A mountain range's hazard circle and its hazard number (MOUNTAIN HAZARD NO)."""

    x: Coordinate
    y: Coordinate
    radius: float = Field(gt=0, le=100_000)
    hazard: int = Field(ge=0, le=9)
    label_side: Side = "s"


class Flight(Model):
    """An example flight: from an airport through beacons to a destination airport."""

    id: Id
    ref: str | None = None
    """The rulebook section the example illustrates."""
    route: list[Annotated[Id, RefersTo("place-id")]] = Field(min_length=2)
    """Place ids in flying order: airport, beacons, airport."""
    source: Source = "designer"
    notes: str | None = None


class RegionName(Model):
    """A faint name printed on the map (a state, the ocean)."""

    text: str
    x: Coordinate
    y: Coordinate


class Artwork(Model):
    """What the map shows for orientation only: coast, borders, region names (no rules)."""

    coast: list[XY] = Field(default_factory=list)
    """The shore, north to south; the sea lies west of it."""
    borders: list[list[XY]] = Field(default_factory=list)
    """Polylines of state and national borders."""
    regions: list[RegionName] = Field(default_factory=list)


class AirCargoMap(MapOfPoints):
    """The Air Cargo map: airports, radio beacons, mountain hazard circles, the longest leg."""

    kind: Literal["air-cargo-map"] = "air-cargo-map"
    title: str = "AIR CARGO MAP"
    width: float = Field(gt=0, le=100_000)
    """Map width in map units."""
    height: float = Field(gt=0, le=100_000)
    """Map height in map units."""
    unit: Length
    """Printed length of one map unit."""
    unit_name: str = "mile"
    leg_length: float = Field(gt=0, le=100_000)
    """The longest leg in map units: the leg template (STEP DISTANCE) at print scale."""
    scale_step: float = Field(100, gt=0, le=100_000)
    """Map units between the marks of the printed scale bar."""
    airports: list[Airport] = Field(min_length=1)
    beacons: list[Beacon] = Field(default_factory=list)
    mountains: list[Mountain] = Field(default_factory=list)
    examples: list[Flight] = Field(default_factory=list)
    artwork: Artwork = Field(default_factory=Artwork)

    def items(self) -> list[Any]:
        return [*self.airports, *self.beacons, *self.mountains]

    def places(self) -> list[Airport | Beacon]:
        """Return every place a leg may join: airports, then beacons."""
        return [*self.airports, *self.beacons]

    def start(self) -> Airport | None:
        """Return the start airport, when exactly one is marked."""
        starts = [a for a in self.airports if a.start]
        return starts[0] if len(starts) == 1 else None

    @property
    def leg_mm(self) -> float:
        """Return the printed length of the longest leg in millimetres."""
        return self.leg_length * self.unit


# --- the rules tables -------------------------------------------------------------------------


class CargoClass(Model):
    """A cargo class (LIGHT 1 ... X HEAVY 5): the weights it holds and what it adds to a check."""

    name: str
    hazard: int = Field(ge=0, le=20)
    """Added to a hazard check when carrying cargo of this class."""
    weights: tuple[int, int]
    """The lightest and heaviest weight of the class, as the table prints them."""
    source: Source = "rulebook"


class CargoBox(Model):
    """One box of the CARGO WEIGHT table: a weight (its victory points) and its class."""

    weight: int = Field(ge=1, le=99)
    cargo_class: str
    """The class name as printed, e.g. ``MEDIUM``."""


class WeatherColumn(Model):
    """A column of the weather hazard table and the die faces that pick it."""

    title: str
    faces: list[int] = Field(min_length=1)


class WeatherTable(Model):
    """WEATHER HAZARD: a row per weather step, a box per leg flown, a column per die range."""

    boxes_per_row: int = Field(ge=1, le=10)
    """Boxes crossed out row by row, one at the start of each leg."""
    columns: list[WeatherColumn] = Field(min_length=1)
    rows: list[list[int]] = Field(min_length=1)
    """Weather numbers, top row first, one per column."""
    source: Source = "rulebook"


class HazardCheck(Model):
    """Hazard pass check: hazard + weather + cargo class + the dice, at most ``pass_at_most``."""

    dice: int = Field(ge=1, le=6)
    pass_at_most: int
    adds: list[Literal["hazard", "weather", "cargo"]] = Field(min_length=1)
    panic_extra: int = Field(ge=0)
    """Panic: the stamina needed to pass, plus this much."""


class Rank(Model):
    """A score threshold: its name and the fewest points that reach it."""

    name: str
    points: int


class Scoring(Model):
    """Score: delivered cargo points less a point per order and destination left open."""

    undelivered_cargo: int
    """Points for each cargo ordered and not delivered (negative)."""
    unvisited_destination: int
    """Points for each destination planned and not visited (negative)."""
    ranks: list[Rank] = Field(min_length=1)


class BoxCount(Model):
    """How many tick boxes a row of the pilot log has."""

    count: int = Field(ge=1, le=100)
    source: Source = "rulebook"


class Boxes(Model):
    """The pilot log's rows of tick boxes."""

    plan_reroll: BoxCount
    stamina: BoxCount
    prayer_reroll: BoxCount


class Dice(Model):
    """The dice the game uses (You need: 2 D6 dice)."""

    count: int = Field(ge=1, le=10)
    sides: int = Field(ge=2, le=100)


class AirCargoRules(Component):
    """The numbers of the rules and the pilot log's tables, as data."""

    kind: Literal["air-cargo-rules"] = "air-cargo-rules"
    dice: Dice
    cargo_classes: list[CargoClass] = Field(min_length=1)
    cargo: list[CargoBox] = Field(min_length=1)
    """The CARGO WEIGHT table, top to bottom."""
    weather: WeatherTable
    hazard_check: HazardCheck
    scoring: Scoring
    boxes: Boxes

    def cargo_class(self, name: str) -> CargoClass | None:
        """Return the class of that name."""
        return next((c for c in self.cargo_classes if c.name == name), None)


# --- what is printed ----------------------------------------------------------------------------


class Descriptions(Model):
    """The explanations the first-game pilot log prints beside each part."""

    planning: str
    cargo: str
    destination: str
    flight: str
    weather: str
    hazard_check: str
    stamina: str
    prayer: str
    score: str
    leg_template: str


class PilotLog(Component):
    """A pilot log: the clean one, or the one with descriptions for a first game."""

    kind: Literal["pilot-log"] = "pilot-log"
    title: str = "PILOT LOG"
    version: Literal["first-game", "clean"]
    edition: str | None = None
    copies: int = Field(1, ge=1, le=100)
    descriptions: Descriptions | None = None
    """Printed beside each part; the first-game version has them, the clean one none."""

    base_kind = "sheet"

    def counts(self) -> dict[str, int]:
        return {self.component: self.copies} if self.component else {}


class LegTemplate(Component):
    """The leg template: a strip exactly the longest leg at map scale, with a ruler on it."""

    kind: Literal["leg-template"] = "leg-template"
    template: TemplateName
    """The face template that draws the strip."""
    width: Length
    """The strip's width (its length is the map's longest leg)."""
    copies: int = Field(1, ge=1, le=100)

    def counts(self) -> dict[str, int]:
        return {self.component: self.copies} if self.component else {}


KINDS: tuple[type[Component], ...] = (AirCargoMap, AirCargoRules, PilotLog, LegTemplate)
