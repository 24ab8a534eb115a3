"""The records an Air Cargo referee reads: the filled-in Pilot Log and the full flight log.

Both are YAML; docs/air-cargo-referee.md explains every key with an annotated example.
Airports are written by their dice ID (``46``) or name (``Los Angeles``), beacons by their
ident (``LKV``) or name, mountain ranges by their id or name as the map prints it. Every die
is written where it was rolled; an optional ``seed`` lets the referee check them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ....core.model import Model, RefersTo

Die = Annotated[int, Field(ge=1, le=6, description="A d6 result.")]
Dice = Annotated[list[Die], Field(min_length=2, max_length=2,
                                  description="Both dice, e.g. [1, 6].")]
PlaceRef = Annotated[int | str, Field(description="An airport's ID or name, or a beacon's "
                                                  "ident or name: 46, Los Angeles, LKV."),
                     RefersTo("place")]
DestinationRef = Annotated[int | str, Field(description="The airport ticked: its ID (the two "
                                                        "digits in either order) or name."),
                           RefersTo("place", closed=False)]
MountainRef = Annotated[str, Field(description="A mountain range's id or name, or 'landing'."),
                        RefersTo("hazard-check")]
Weight = Annotated[int, Field(ge=1, le=99, description="A cargo weight (its victory points).")]
Boxes = Annotated[int, Field(ge=0, le=1000, description="How many boxes are ticked.")]
Ending = Literal["stop", "crash", "nothing-valid"]
"""End game: a failed check (``crash``), no valid cargo or destination rolled for with no
rerolls left (``nothing-valid``), or stopping voluntarily (``stop``)."""
RankClaim = Annotated[str, Field(description="none, win, silver, gold, or a rank's name as "
                                             "the Pilot Log prints it (Gold Wing pilot).")]


class Reroll(Model):
    """One reroll (a PLAN REROLL or PRAYER REROLL box): the dice picked up and what came up."""

    reroll: list[Die] = Field(min_length=1, max_length=2)
    """The values of the dice picked up, e.g. [1] (one die) or [1, 6] (both)."""
    got: list[Die] = Field(min_length=1, max_length=2)
    """What they rolled, in the same number."""


# --- the full flight log --------------------------------------------------------------------


class Plan(Model):
    """A planning roll (Planning Phase): the dice, any rerolls, and what they planned."""

    dice: Dice
    rerolls: list[Reroll] = Field(default_factory=list)
    """Each ticks a PLAN REROLL box, in order."""
    cargo: Weight | None = None
    """Cargo planning: the weight ticked (one die, or the sum of both)."""
    destination: DestinationRef | None = None
    """Destination planning: the airport ticked (the two digits in either order)."""


class Check(Model):
    """A hazard check (Hazard pass check): where, the weather die, the dice, what it cost."""

    at: MountainRef
    """The mountain range crossed (its id or name), or ``landing``."""
    weather_die: Die
    """The die that picks the weather column (1-4 left, 5 centre, 6 right)."""
    column: str | None = None
    """The column read (``D1-4``, ``D5``, ``D6``); checked when given."""
    weather: int | None = None
    """The weather number read; checked when given."""
    stamina: Boxes = 0
    """STAMINA boxes ticked before the roll, subtracted from it."""
    dice: Dice
    """The 2d6 of the check, before any prayer."""
    prayers: list[Reroll] = Field(default_factory=list)
    """Each ticks a PRAYER REROLL box, in order."""
    panic: Boxes = 0
    """Panic: STAMINA boxes ticked after the roll (what it needs + 1)."""
    total: int | None = None
    """Hazard + weather + cargo + dice - stamina before, as added up; checked when given."""
    result: Literal["pass", "fail"]
    """``fail`` is a crash: the game ends, lost."""


class Leg(Model):
    """One leg (Execute flight): where it ends, its weather box, the checks flown on it."""

    to: PlaceRef
    """A beacon, or the flight's destination."""
    weather_box: int | None = Field(None, ge=1, le=1000)
    """The weather box crossed at its start, counted row by row from 1; checked when given."""
    checks: list[Check] = Field(default_factory=list)
    """In the order flown: the mountains the leg crosses, then the landing."""


class Fly(Model):
    """A flight (Prepare flight, Execute flight): destination, cargo and legs."""

    to: PlaceRef
    """The destination crossed out on the Pilot Log (its ID or name)."""
    cargo: Weight
    """The weight circled."""
    from_: PlaceRef | None = Field(None, alias="from")
    """Where it starts (Pendleton, then the last airport visited); checked when given."""
    legs: list[Leg] = Field(default_factory=list)


class Event(Model):
    """One step of the game, in the order played: a planning roll or a flight."""

    plan: Plan | None = None
    fly: Fly | None = None


class End(Model):
    """How the game ended, and the score the pilot counted."""

    reason: Ending
    score: int | None = None
    """The score claimed (checked)."""
    rank: RankClaim | None = None
    """The rank claimed (checked)."""


class FlightLog(Model):
    """A turn-by-turn record of a game of Air Cargo."""

    game: Literal["air-cargo"]
    record: Literal["flight-log"]
    pilot: str | None = None
    seed: int | None = None
    """When given, every die in the log is checked against a die seeded with it."""
    events: list[Event] = Field(default_factory=list)
    end: End


# --- the filled-in Pilot Log ----------------------------------------------------------------


class CargoBoxes(Model):
    """CARGO WEIGHT: the weights of the boxes ticked and of those circled."""

    planned: list[Weight] = Field(default_factory=list)
    """Every box ticked (planned), circled or not."""
    delivered: list[Weight] = Field(default_factory=list)
    """Every box circled (flown)."""


class AirportBoxes(Model):
    """AIRPORTS: the airports ticked (planned) and crossed out (visited)."""

    planned: list[PlaceRef] = Field(default_factory=list)
    """Every airport ticked, visited or not."""
    visited: list[PlaceRef] = Field(default_factory=list)
    """Every airport crossed out."""


class PilotLogRecord(Model):
    """A filled-in Pilot Log: the boxes as they stand at the end of the game."""

    game: Literal["air-cargo"]
    record: Literal["pilot-log"]
    pilot: str | None = None
    cargo: CargoBoxes = Field(default_factory=CargoBoxes)
    airports: AirportBoxes = Field(default_factory=AirportBoxes)
    route: list[PlaceRef] | None = None
    """The visited airports in the order flown, when remembered."""
    weather: Boxes
    """WEATHER HAZARD boxes crossed."""
    legs: Boxes | None = None
    """Legs flown, when counted apart from the weather boxes."""
    plan_rerolls: Boxes = 0
    stamina: Boxes = 0
    prayers: Boxes = 0
    end: Ending
    score: int | None = None
    rank: RankClaim | None = None
