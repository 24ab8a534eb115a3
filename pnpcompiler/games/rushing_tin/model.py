"""Rushing Tin's component kinds: the sector log, the sector map, its cards, pieces and tables."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...content.components import Card, Component, Deck, MapOfHexes, TemplateName
from ...core.model import Model, RefersTo, Source
from ...core.units import Length
from .routes import ROUTE_CODE_PATTERN, SCHEDULE_PATTERN

RouteCode = Annotated[str, Field(pattern=ROUTE_CODE_PATTERN,
                                 description="Airline initials, entry level, type digit "
                                 "(0 single, 1 multi-route), exit level: e.g. AA105.")]
Time = Annotated[str, Field(pattern=SCHEDULE_PATTERN, description="A time as H:MM.")]
Level = Annotated[int, Field(ge=1, le=6)]
WeatherLevel = Annotated[int, Field(ge=3, le=6)]
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="#rrggbb")]
AxialHex = tuple[int, int]
PointNumber = Annotated[str, Field(pattern=r"^[0-9]{2}$", description="Two digits, e.g. '02'.")]
RouteRef = Annotated[RouteCode, RefersTo("route")]
"""A route a hand-off card flies, or a Celebrity Jet's (its Celebrity Alert card)."""
AirlineRef = Annotated[str, Field(pattern=r"^[A-Z]{2}$", description="Airline initials, e.g. "
                                  "AA."), RefersTo("airline")]
"""An airline of the rules tables, by its initials."""
EntryPointRef = Annotated[PointNumber, RefersTo("entry-point")]
"""An entry/exit point of the sector map, by its number."""


# --- rules tables -------------------------------------------------------------------------


class Airline(Model):
    """An airline: initials used in route codes, and its name."""

    code: Annotated[str, Field(pattern=r"^[A-Z]{2}$")]
    name: str
    source: Source = "rulebook"


class FlightLevel(Model):
    """A flight level: its speed (hexes per move, rule 3.05) and ring colour on the cubes."""

    level: Level
    speed: int = Field(ge=1, le=6)
    colour: Colour
    colour_name: str
    source: Source = "rulebook"


class ShiftLimit(Model):
    """The Shift Limit for a shift size: accepted and pending hand-offs per ATC."""

    atcs: int = Field(ge=1, le=4)
    accepted: int = Field(ge=1)
    pending: int = Field(ge=1)


class Shift(Model):
    """The shift's clock: turn length, start, number of turns and end time."""

    turn_minutes: int = Field(ge=1)
    start: Time
    turns: int = Field(ge=1)
    end: Time


class Fines(Model):
    """Fines for deals (12.01, 12.04)."""

    minor: int = Field(ge=0)
    major: int = Field(ge=0)


class Deals(Model):
    """How deals count (12.06) and when an ATC is fired."""

    major_counts_as: int = Field(ge=1)
    fired_after_more_than: int = Field(ge=0)


class Appraisal(Model):
    """The Appraisal random event's amounts."""

    per_commendation: int = Field(ge=0)
    per_deal: int = Field(ge=0)


class Bonuses(Model):
    """Schedule bonus limits (PENALTIES, 4.12)."""

    no_bonus_beyond: int = Field(ge=0)
    """Cumulative hexes/levels away from a perfect hand-off beyond which no bonus is paid."""
    overshoot_penalty_percent: int = Field(ge=0, le=100)


class Dice(Model):
    """The die results the rules name."""

    random_event: list[int]
    weather_event: list[int]
    panic: list[int]
    lightning_strike: list[int]
    electrical_fix: list[int]
    emergency_landing: list[int]
    weather_flip: list[int]


class WeatherRules(Model):
    """Weather system sizes and growth (WEATHER SYSTEMS)."""

    counters_per_system: int = Field(ge=1)
    grow_on: Literal["even"]
    shrink_on: Literal["odd"]


class RulesTables(Component):
    """The numbers of the rules, as data for the referee."""

    kind: Literal["rules-tables"] = "rules-tables"
    airlines: list[Airline] = Field(min_length=1)
    levels: list[FlightLevel] = Field(min_length=6, max_length=6)
    shift: Shift
    shift_limits: list[ShiftLimit] = Field(min_length=1)
    wage: int = Field(ge=0)
    fines: Fines
    deals: Deals
    appraisal: Appraisal
    bonuses: Bonuses
    dice: Dice
    weather: WeatherRules


# --- the sector log -------------------------------------------------------------------------


class EntryPoint(Model):
    """An entry/exit point active in a sector, and its level."""

    point: EntryPointRef | Literal["airport"]
    level: Level


class Frequency(Model):
    """How often new planes join the Plane Pool."""

    planes: int = Field(ge=1)
    every: Time


class LogRow(Model):
    """One printed row of the Sector Log: a flight and its schedule."""

    flight: RouteRef
    schedule: Time


class Sector(Component):
    """A sector: its Sector Log (starting planes, frequency, entry points, routes, schedules)."""

    kind: Literal["sector"] = "sector"
    code: Annotated[str, Field(pattern=r"^RT[0-9]{3}$")]
    starting_planes: int = Field(ge=1, le=12)
    frequency: Frequency
    entry_points: list[EntryPoint] = Field(min_length=1)
    columns: list[str] = Field(min_length=1)
    """The log's columns, as printed."""
    single_routes: list[LogRow]
    """The SINGLE ROUTES table, in printed order (down the left half, then the right)."""
    multi_routes: list[LogRow]
    """The MULTI-ROUTES & CELEBRITY JETS table, in printed order."""
    paper: Literal["a4", "letter", "a3"] = "a4"

    base_kind = "sheet"

    def rows(self) -> list[LogRow]:
        """Return every row of the log."""
        return [*self.single_routes, *self.multi_routes]


# --- the sector map -------------------------------------------------------------------------


class Grid(Model):
    """The map's hexes: an offset rectangle (half hexes at the edges are map hexes)."""

    layout: Literal["odd-q", "even-q", "odd-r", "even-r"]
    columns: int = Field(ge=1, le=200)
    rows: int = Field(ge=1, le=200)


class MapSection(Model):
    """A section of the map (rolled for by random events and weather)."""

    id: str
    hexes: list[AxialHex] = Field(min_length=1)


class EdgePoint(Model):
    """A numbered entry/exit position on the map boundary and its hand-off route direction."""

    number: PointNumber
    hex: AxialHex
    direction: str
    """The hand-off route's direction, pointing off the map (e.g. ``n``)."""


class Airport(Model):
    """The airport (the level-1 entry/exit point) and its approach, the runway."""

    hex: AxialHex
    direction: str
    """Direction of take-off along the approach, away from the airport."""
    approach_length: int = Field(ge=1, le=20)
    """Approach hexes beyond the airport hex."""


class TimeTrack(Model):
    """The time counter track: one box per turn."""

    turns: int = Field(ge=1, le=200)
    start: Time


class SectorMap(MapOfHexes):
    """The sector map board: grid, sections, entry/exit positions, airport, time track."""

    kind: Literal["sector-map"] = "sector-map"
    grid: Grid
    sections: list[MapSection] = Field(min_length=1)
    points: list[EdgePoint] = Field(min_length=1)
    airport: Airport
    hand_off_route_length: int = Field(ge=1, le=10)
    """Hexes of each hand-off route, drawn inward from its entry/exit point."""
    time_track: TimeTrack


# --- cards ----------------------------------------------------------------------------------


class HandOffCard(Card):
    """A hand-off card: the route it flies, its schedule bonus and penalty per hex/level."""

    route: RouteCode
    bonus: int = Field(ge=0)
    penalty: int = Field(ge=0)


class HandOffDeck(Deck[HandOffCard]):
    """Single-route or multi-route hand-off cards."""

    kind: Literal["hand-off-deck"] = "hand-off-deck"  # type: ignore[assignment]


RandomEvent = Literal["electrical-failure", "engine-failure", "re-route", "radar-failure",
                      "go-around", "food-poisoning", "mucho-grande", "passenger-freak-out",
                      "celebrity-alert", "appraisal"]


class RandomEventCard(Card):
    """A random event card; which keys it needs depends on its ``event``."""

    event: RandomEvent
    title: str
    text: str
    variant: Literal["cannot-climb", "cannot-descend", "single", "double"] | None = None
    bonus: int | None = Field(None, ge=0)
    exit_point: EntryPointRef | None = None
    """Re-route: the new exit point."""
    land_within: Time | None = None
    """Food poisoning, Mucho Grande, Passenger Freak-out: land at the airport within this."""
    route: RouteCode | None = None
    """Celebrity Alert: the Celebrity Jet's route."""
    lawsuit: int | None = Field(None, ge=0)
    per_commendation: int | None = Field(None, ge=0)
    per_deal: int | None = Field(None, ge=0)


class RandomEventDeck(Deck[RandomEventCard]):
    """The random event cards."""

    kind: Literal["random-event-deck"] = "random-event-deck"  # type: ignore[assignment]


class WeatherEventCard(Card):
    """A weather event card: a storm or turbulence system at a level, or strong winds."""

    weather: Literal["storm", "turbulence", "strong-winds"]
    title: str
    text: str
    level: WeatherLevel
    penalty: int | None = Field(None, ge=0)
    """Storm and turbulence: paid every turn a plane is in the system at this level."""
    directions: dict[int, str] | None = None
    """Strong winds: the d6 result -> wind direction table."""


class WeatherEventDeck(Deck[WeatherEventCard]):
    """The weather event cards."""

    kind: Literal["weather-event-deck"] = "weather-event-deck"  # type: ignore[assignment]


class StatusCard(Card):
    """An ATC status card for one airline and its bonus payment modifier."""

    airline: AirlineRef
    status: Literal["key-controller", "cautioned-controller", "black-listed"]
    modifier: int | None = None
    """Added to every schedule bonus for the airline; none for Black Listed (no control)."""


class StatusDeck(Deck[StatusCard]):
    """The ATC status cards."""

    kind: Literal["status-deck"] = "status-deck"  # type: ignore[assignment]


# --- pieces ---------------------------------------------------------------------------------


class PlaneCubes(Component):
    """The plane cubes, printed as cube nets: one face per flight level, with glue tabs."""

    kind: Literal["plane-cubes"] = "plane-cubes"
    planes: list[int] = Field(min_length=1)
    """Plane IDs, one cube each."""
    face: Length
    """Edge of one cube face."""
    glue_tabs: bool = True
    levels: list[Level] = Field(default=[1, 2, 3, 4, 5, 6], min_length=6, max_length=6)
    """The level on each face of the net: top cap, the band of four left to right, bottom
    cap. Neighbouring levels on neighbouring faces make a climb or descent one push of the
    cube."""
    template: TemplateName = "rushing-tin/plane-cube-net"

    base_kind = "other"

    def counts(self) -> dict[str, int]:
        return {self.component: len(self.planes)} if self.component else {}


class Note(Model):
    """A denomination of cash and how many notes of it are printed."""

    value: int = Field(ge=1)
    count: int = Field(ge=0)


class Cash(Component):
    """Play money: notes by value; the bill of materials counts its total worth."""

    kind: Literal["cash"] = "cash"
    symbol: str = ""
    denominations: list[Note] = Field(min_length=1)
    width: Length
    height: Length
    template: TemplateName = "rushing-tin/cash-note"

    base_kind = "cash"

    def total(self) -> int:
        """Return the worth of all the notes."""
        return sum(n.value * n.count for n in self.denominations)

    def counts(self) -> dict[str, int]:
        return {self.component: self.total()} if self.component else {}

    def pieces(self) -> int:
        return sum(note.count for note in self.denominations)


KINDS: tuple[type[Component], ...] = (
    RulesTables, Sector, SectorMap, HandOffDeck, RandomEventDeck, WeatherEventDeck, StatusDeck,
    PlaneCubes, Cash,
)
