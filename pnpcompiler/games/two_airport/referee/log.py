"""The record a two-airport referee reads: a turn-by-turn log of one game (``record: turns``).

docs/two-airport.md explains every key with an example. Spaces are named as the field layout
prints them (``c4``: column c, row 4); cards by their kind (``storm``, ``extra-move``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from ....core.model import Id, Model, RefersTo
from ..model import AircraftNumber, EventKind, FieldAirport, SpaceRef

MoveKind = Literal["depart", "fly", "land", "back", "extra", "extra-diagonal"]
"""5. Moving Aircraft (depart, fly, land, one step back) and the two Movement cards (8.1,
8.2): an ``extra`` or ``extra-diagonal`` move is the Movement card played with its move."""
OtherEvent = Literal["storm", "clear-sky", "holding", "pass", "technical-return"]
"""The Other Event cards, played with a ``play`` action."""


class Seat(Model):
    """A player: their name, their secret Goal card and the Event card dealt to them."""

    name: str = Field(min_length=1, max_length=40)
    goal: Annotated[Id, RefersTo("goal-card")]
    """The Goal card's id (``goal-3``): secret in play, known to the referee."""
    dealt: EventKind | None = None
    """The Event card dealt at setup; checked against the deck when given."""


class Action(Model):
    """One step of a turn's second phase, in the order made: a move, a card played, or the
    winner's claim. Exactly one of ``move``, ``play`` and ``claim``."""

    # Frozen: the bots are offered the same action objects game after game (.offers).
    model_config = ConfigDict(frozen=True)

    move: MoveKind | None = None
    play: OtherEvent | None = None
    claim: Literal["win"] | None = None
    aircraft: AircraftNumber | list[AircraftNumber] | None = None
    """The aircraft moved, or played on (Holding, Technical return; both aircraft of a Pass)."""
    from_: SpaceRef | None = Field(None, alias="from")
    """Where a move starts; the referee knows it, and checks it when given."""
    to: SpaceRef | None = None
    """Where a move ends (a depart's Departure Zone, a flight's space); a landing needs none."""
    at: SpaceRef | None = None
    """The space a Storm is placed on, or the Storm a Clear sky removes."""
    player: str | None = None
    """Who claims the win; the turn's player when not given."""


class Turn(Model):
    """One player's turn: the card drawn, the actions in order, the discard."""

    model_config = ConfigDict(frozen=True)

    player: str
    reshuffle: list[EventKind] | None = None
    """When the draw pile is empty: the discard pile shuffled, top card first."""
    draw: EventKind | None = None
    """The Event card drawn from the top of the draw pile."""
    actions: list[Action] = Field(default_factory=list)
    discard: EventKind | None = None
    """The card discarded at the end of the turn, with more than the hand limit."""


class LaidOut(Model):
    """The field as the players laid it out, when not as the content's field layout sheet
    shows it: a grid of card-sized spaces, the airports, runways and Departure Zones."""

    columns: list[Annotated[str, Field(pattern=r"^[a-z]$")]] = Field(min_length=1,
                                                                      max_length=26)
    rows: int = Field(ge=3, le=30)
    airports: list[FieldAirport] = Field(min_length=1, max_length=2)


class TurnLog(Model):
    """A turn-by-turn record of a game of two-airport."""

    game: Literal["two-airport"]
    record: Literal["turns"]
    players: list[Seat] = Field(min_length=2, max_length=4)
    """In turn order (clockwise)."""
    start: str
    """The starting player: the one who most recently flew in an airplane."""
    deck: list[EventKind] | None = None
    """The Event cards to shuffle (all but the Technical Return cards), top card first."""
    seed: int | None = None
    """Instead of ``deck``: the deck is the content's cards shuffled with this seed."""
    field: LaidOut | None = None
    """The field the game was played on, when the players laid it out otherwise than the
    field layout sheet (checked as the content's field is: rules 2.1, 2.2, 5.2, 5.3)."""
    turns: list[Turn] = Field(default_factory=list)


# --- the record's turns as the engine plays them --------------------------------------------


@dataclass(frozen=True)
class Begin:
    """A turn's first phase: whose turn, any reshuffle, the card drawn (4.2, 6.3)."""

    turn: Turn


@dataclass(frozen=True)
class Step:
    """One action of a turn's second phase."""

    action: Action


@dataclass(frozen=True)
class End:
    """A turn's end: the moves made (5.1) and the discard (4.4, 4.5)."""

    turn: Turn


TurnAction = Begin | Step | End
