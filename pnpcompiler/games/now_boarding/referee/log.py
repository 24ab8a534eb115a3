"""The round record the Now Boarding referee reads (``record: rounds``).

A header (players in seat order with their colours, the variant, optional items turned on,
the content version, a seed if any), then each day's rounds, and in each round what each
player did in its Departure, Arrival and Purchase steps, then the game's end. Tiles are named
by their ids (``blue-b2``), Jets by theirs (each player's starting Jet is ``jet-<colour>``; a
New Jet is named where it is bought). docs/now-boarding.md explains every key.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ....core.model import Id, Model
from ..model import Letter

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
Ending = Literal["day-3", "tiles-ran-out", "advanced-loss"]
"""Game End: the end of Day 3, too few tiles at the start of a Departure step, or (advanced
variant) more than twice as many Lost passengers as players."""


class Seat(Model):
    """A player, in seat order (the next in the list sits to the left)."""

    name: PlayerName
    colour: Id


class Draw(Model):
    """A tile drawn for one airport, and the tiles drawn in its place when it matched."""

    airport: Letter
    tile: Id
    redraw: list[Id] = Field(default_factory=list)
    """Each tile drawn again, in order, when the one before was bound for this airport."""


class Load(Model):
    """A waiting passenger put into a Jet (by its id), a Commuter (``commuter``) or a
    Commuter Train serving its airport (``commuter-train``)."""

    tile: Id
    into: Id


class JetMove(Model):
    """A Jet sent from a Gate or Tarmac: to its own Tarmac, or to a player's Runway."""

    jet: Id
    to: str
    """``tarmac``, or the name of the player whose Runway it lands on."""
    airport: Letter = "A"
    """Which of that player's airports: the hub unless a city was upgraded into one."""


class Departure(Model):
    """A player's Departure step: draws, loads, Jets sent; the time taken is never judged."""

    player: PlayerName
    draws: list[Draw] = Field(default_factory=list)
    loads: list[Load] = Field(default_factory=list)
    jets: list[JetMove] = Field(default_factory=list)
    elapsed: str | None = None


class Deboard(Model):
    """Where a Commuter's passenger is placed (any of its player's airports)."""

    tile: Id
    to: Letter


class Arrival(Model):
    """A player's Arrival step: Jets moved from Tarmac into Gates, de-boarding choices,
    Concessions used, and the passengers the record says scored or were lost."""

    player: PlayerName
    gates: list[Id] = Field(default_factory=list)
    deboard: list[Deboard] = Field(default_factory=list)
    concessions: list[Id] = Field(default_factory=list)
    """Passengers a Concession kept from aging this round."""
    scored: list[Id] | None = None
    lost: list[Id] | None = None


class Buy(Model):
    """One item bought: where it goes, which Jet or passenger it concerns."""

    item: Id
    at: Letter | None = None
    jet: Id | None = None
    tile: Id | None = None
    between: list[Letter] | None = None
    """A Commuter Train's two adjacent airports."""


class Purchase(Model):
    """A player's Purchase step: the items bought and the face-up passengers paid."""

    player: PlayerName
    buy: list[Buy] = Field(default_factory=list)
    paid: list[Id] = Field(default_factory=list)


class Round(Model):
    """One round of the Schedule: each player's Departure, Arrival and Purchase steps."""

    round: int = Field(ge=1, le=20)
    departure: list[Departure] = Field(default_factory=list)
    arrival: list[Arrival] = Field(default_factory=list)
    purchase: list[Purchase] = Field(default_factory=list)


class Day(Model):
    """A day of rounds."""

    day: int = Field(ge=1, le=9)
    rounds: list[Round] = Field(default_factory=list)


class End(Model):
    """The game's end: why, each player's score pile total, the final score and tier."""

    reason: Ending
    totals: dict[PlayerName, int] | None = None
    score: int | None = None
    tier: str | None = None


class RoundLog(Model):
    """A Now Boarding game written up round by round."""

    game: str
    record: Literal["rounds"]
    content_version: str | None = None
    seed: int | None = None
    players: list[Seat] = Field(min_length=1, max_length=12)
    variant: Literal["standard", "advanced"] = "standard"
    optional: list[Id] = Field(default_factory=list)
    """Optional items ("Additional ideas") this game may buy."""
    days: list[Day] = Field(default_factory=list)
    end: End
