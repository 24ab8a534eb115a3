"""Now Boarding's component kinds: passenger tiles and the rules tables.

The rules tables are data the rule checks, the kit and the referee read: colours, airports,
the schedule, planes, purchases, score tiers, and the readings chosen where the text is silent.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...content.components import Card, Component, Deck, Tile, TileSet
from ...core.model import Id, Model, Source

Letter = Literal["A", "B", "C", "D"]
"""An airport: the International Hub "A" or City "B", "C" or "D"."""
Edges = str
"""A passenger tile's four edge colours (G, Y or R) in the order they reach the top."""


class Passenger(Tile):
    """A passenger tile: its colour (the player it belongs to), destination, value, edges."""

    colour: Id
    """The player colour; the destination is that colour's airport."""
    destination: Letter
    value: int = Field(ge=0, le=99)
    """The dollars printed on the tile (what it pays in the Purchase step and scores)."""
    edges: Edges = Field(pattern=r"^[GYR]{4}$")
    """Top, left, bottom, right: each 90 degree clockwise turn brings the next to the top."""

    def patience(self) -> int:
        """Return how many agings the tile survives: it is lost when aged off a red top."""
        return self.edges.index("R") if "R" in self.edges else len(self.edges)


class PassengerTiles(TileSet[Passenger]):
    """The 132 passenger tiles, 22 in each player colour."""

    kind: Literal["passenger-tiles"] = "passenger-tiles"  # type: ignore[assignment]


class AirportBoard(Card):
    """A player's airport board: the International Hub "A" or a City "B", "C" or "D"."""

    colour: Id
    letter: Letter


class AirportBoards(Deck[AirportBoard]):
    """The hub and city boards, each with its Tarmac; a hub's also print a Gate and a Runway."""

    kind: Literal["airport-boards"] = "airport-boards"  # type: ignore[assignment]


class AidCards(Deck[Card]):
    """Cards each player keeps: the Purchase step's prices and the score chart."""

    kind: Literal["aid-cards"] = "aid-cards"  # type: ignore[assignment]


class Colour(Model):
    """A player colour: the colour of a hub, its cities and its passengers."""

    id: Id
    name: str
    ink: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    """How the kit prints it."""
    source: Source = "designer"


class Day(Model):
    """A day of the Schedule: the airports each player has, so the draws per round."""

    day: int = Field(ge=1, le=9)
    airports: list[Letter] = Field(min_length=1)
    """One draw per airport each round but the Redeye."""


class Schedule(Model):
    """The Schedule board: days of rounds of steps, the Redeye the last round of each day."""

    rounds_per_day: int = Field(ge=1, le=20)
    redeye_round: int = Field(ge=1, le=20)
    steps: list[str] = Field(min_length=1)
    days: list[Day] = Field(min_length=1)


class Plane(Model):
    """A plane's side: how many passengers it carries and how many seats away it flies."""

    capacity: int = Field(ge=1, le=20)
    range: int = Field(0, ge=0, le=5)
    gate: bool = True
    """Whether it needs a Gate to be loaded and to de-board (a Helicopter does not)."""
    ages: bool = True
    """Whether its passengers age aboard (a Private Jet's do not)."""
    source: Source = "rulebook"


class Planes(Model):
    """Jets (starting side, upgraded back side) and Commuters; a Gate holds this many Jets."""

    jet: Plane
    upgraded_jet: Plane
    commuter: Plane
    gate_holds: int = Field(ge=1, le=5)
    starting_jets: int = Field(ge=0, le=5)
    starting_commuters: int = Field(ge=0, le=5)


class Purchase(Model):
    """An item of the Purchase step: its price and what it does."""

    id: Id
    name: str
    price: int = Field(ge=1, le=99)
    text: str
    optional: bool = False
    """One of the "Additional ideas for items to add": off unless a game turns it on."""
    plane: Plane | None = None
    """A plane the item adds to a Tarmac, as a New Jet; it has no upgraded side."""
    commuters: int = Field(0, ge=0, le=5)
    """Commuters the item adds that serve only two adjacent airports (a Commuter Train)."""


class Tier(Model):
    """A line of the score chart: final scores from ``low`` to ``high`` (none: and up)."""

    low: int = Field(ge=0)
    high: int | None = Field(None, ge=0)
    name: str


class Reading(Model):
    """A point the text leaves silent, and what the content and the referee take it to be."""

    id: Id
    question: str
    chosen: str | int | bool
    why: str
    source: Source = "designer"


class TilesPerColour(Model):
    """Setup: how many passenger tiles each player colour has."""

    per_colour: int = Field(ge=1, le=200)
    colours: int = Field(ge=1, le=20)


class NowBoardingRules(Component):
    """The numbers of Now Boarding: colours, schedule, planes, purchases, tiers, readings."""

    kind: Literal["now-boarding-rules"] = "now-boarding-rules"
    version: str | None = None
    """The version of the rules the content follows; a round record's content_version must
    name it."""
    colours: list[Colour] = Field(min_length=1)
    passengers: TilesPerColour
    edge_colours: dict[Literal["G", "Y", "R"], str]
    schedule: Schedule
    planes: Planes
    purchases: list[Purchase] = Field(min_length=1)
    tiers: list[Tier] = Field(min_length=1)
    three_player_range: dict[Literal["left", "right"], int]
    """In a 3 player game the player to your left is range 1, the one to your right range 2."""
    departure_seconds: int = Field(ge=1, le=3600)
    """Advanced variant: the Departure step's timer."""
    advanced_loss_factor: int = Field(ge=1, le=10)
    """Advanced variant: the players lose when the Lost pile holds more than this times the
    number of players."""
    readings: list[Reading] = Field(default_factory=list)

    def purchase(self, item: str) -> Purchase | None:
        """Return the purchase of that id, if there is one."""
        return next((p for p in self.purchases if p.id == item), None)

    def tier(self, score: int) -> str | None:
        """Return the name of the tier a final score falls in."""
        for tier in self.tiers:
            if score >= tier.low and (tier.high is None or score <= tier.high):
                return tier.name
        return None

    def day(self, number: int) -> Day | None:
        """Return that day of the schedule."""
        return next((d for d in self.schedule.days if d.day == number), None)


KINDS: tuple[type[Component], ...] = (PassengerTiles, AirportBoards, AidCards,
                                            NowBoardingRules)
