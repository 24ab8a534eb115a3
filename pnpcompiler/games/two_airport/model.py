"""The two-airport game's component kinds: its four decks, the playing field, the turn rules."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...content.components import Card, Component, Deck
from ...core.model import Id, Model, RefersTo

AirportLetter = Literal["A", "B"]
AircraftNumber = Annotated[int, Field(ge=1, le=10, description="An aircraft's number, 1-10.")]
SpaceName = Annotated[str, Field(pattern=r"^[a-z][1-9][0-9]?$",
                                 description="A space of the field: column letter, row number "
                                             "(c4).")]
SpaceRef = Annotated[SpaceName, RefersTo("space", closed=False)]
"""A space of the field: the content's spaces are offered, but a record may lay the field out
otherwise (its own ``field``)."""
EventKind = Literal["extra-move", "extra-diagonal-move", "storm", "clear-sky", "holding", "pass",
                    "technical-return"]
MOVEMENT_EVENTS: frozenset[str] = frozenset({"extra-move", "extra-diagonal-move"})
"""8. Event Cards: the two "Movement Event cards"; every other kind is an "Other Event card"."""
TECHNICAL_RETURN = "technical-return"


# --- cards ----------------------------------------------------------------------------------


class AirportCard(Card):
    """An Airport or a Runway card, and the airport it belongs to."""

    role: Literal["airport", "runway"]
    airport: AirportLetter


class AirportDeck(Deck[AirportCard]):
    """The 4 Airport cards: 2 Airports and 2 Runways."""

    kind: Literal["airport-deck"] = "airport-deck"  # type: ignore[assignment]


class AircraftCard(Card):
    """An Aircraft card: its number and the airport it starts next to."""

    number: AircraftNumber
    start: AirportLetter


class AircraftDeck(Deck[AircraftCard]):
    """The 10 Aircraft cards."""

    kind: Literal["aircraft-deck"] = "aircraft-deck"  # type: ignore[assignment]


class GoalCard(Card):
    """A Goal card: the four aircraft its player must land."""

    aircraft: list[AircraftNumber] = Field(min_length=1, max_length=10)


class GoalDeck(Deck[GoalCard]):
    """The 10 Goal cards."""

    kind: Literal["goal-deck"] = "goal-deck"  # type: ignore[assignment]


class EventCard(Card):
    """An Event card: its kind, whether it is a Movement card, where it is played."""

    event: EventKind
    movement: bool = False
    """A Movement Event card (at most one is played a turn, 6.1)."""
    placed_on: Literal["space", "aircraft"] | None = None
    """Where the card stays when played: on an empty space (Storm), on an aircraft (Holding),
    or nowhere (it goes to the discard pile or out of the game)."""
    not_on: list[Literal["arrival-zone"]] = Field(default_factory=list)
    """Spaces the card may never be played on."""
    title: str
    text: str


class EventDeck(Deck[EventCard]):
    """The 30 Event cards."""

    kind: Literal["event-deck"] = "event-deck"  # type: ignore[assignment]


# --- the field ------------------------------------------------------------------------------


class FieldAirport(Model):
    """An airport on the field: its space, its runway (Arrival Zone), its Departure Zones."""

    airport: AirportLetter
    at: SpaceRef
    runway: SpaceRef
    departure_zones: list[SpaceRef] = Field(min_length=1, max_length=4)


class FlightField(Component):
    """The playing field: a grid of card-sized spaces between the two airports."""

    kind: Literal["flight-field"] = "flight-field"
    columns: list[Annotated[str, Field(pattern=r"^[a-z]$")]] = Field(min_length=1, max_length=26)
    rows: int = Field(ge=3, le=30)
    distance: int = Field(ge=1, le=28)
    """Card-lengths between the two airports (2. Game setup)."""
    airports: list[FieldAirport] = Field(min_length=1, max_length=2)

    base_kind = "other"


# --- the turn rules -------------------------------------------------------------------------


class Setup(Model):
    """What each player is given at the start (2. Game setup)."""

    goal_cards: int = Field(ge=1, le=10)
    event_cards: int = Field(ge=0, le=10)
    technical_return_cards: int = Field(ge=0, le=10)


class DesignerRuling(Model):
    """A question the rulebook leaves open and the reading chosen."""

    id: Id
    question: str
    chosen: str
    why: str


class TurnRules(Component):
    """The numbers of a turn (4. Gameplay, 5-6) and the rulings where the rulebook is silent."""

    kind: Literal["turn-rules"] = "turn-rules"
    setup: Setup
    draw: int = Field(ge=0, le=10)
    moves: int = Field(ge=1, le=10)
    cards: int = Field(ge=0, le=10)
    movement_cards: int = Field(ge=0, le=10)
    hand_limit: int = Field(ge=1, le=30)
    rulings: list[DesignerRuling] = Field(default_factory=list)


KINDS: tuple[type[Component], ...] = (AirportDeck, AircraftDeck, GoalDeck, EventDeck)
