"""The records a Rushing Tin referee reads: the turn-by-turn shift log and the filled-in
Sector Log. Both are YAML; docs/referee.md explains every key with an annotated example.

Hexes are written as the four digits printed in each hex of the sector map: column then row,
both from 01 (``"0412"`` is column 4, row 12). Dice results are written where they were
rolled; an optional ``seed`` lets the referee check them against a seeded die.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ....core.model import Model, RefersTo
from ..model import AirlineRef, RouteRef, Time

HexRef = Annotated[str, Field(pattern=r"^[0-9]{4}$",
                              description="A hex as printed on the map: column then row, "
                                          "e.g. '0412'."), RefersTo("hex")]
Initials = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{0,3}$",
                                description="An ATC's initials, e.g. 'PR'.")]
PlaneId = Annotated[int, Field(ge=1, le=99, description="A Plane ID (1-12; Celebrity Jets "
                                                        "may use 13 and up)."),
                   RefersTo("plane", closed=False)]
SectorCode = Annotated[str, RefersTo("sector")]
"""A sector of the content, by its code (``RT001``)."""
Die = Annotated[int, Field(ge=1, le=6, description="A d6 result.")]
Side = Literal["left", "right"]


class Atc(Model):
    """An Air Traffic Controller on the shift."""

    id: Initials
    name: str | None = None


class Accept(Model):
    """An accepted hand-off (2.01-2.04): the card, from whose pending hand-offs, the plane."""

    atc: Initials
    flight: RouteRef
    plane: PlaneId
    traded_from: Initials | None = None
    """When the card came from another ATC's pending hand-offs (1.11, 1.44)."""
    price: int | None = Field(None, ge=0)
    """Paid to ``traded_from`` for the card, if anything."""


class Setup(Model):
    """Game setup (1.00-1.14)."""

    pool: list[PlaneId] | None = None
    """Plane IDs in the Plane Pool (1.05); 1 to the sector's starting planes when omitted."""
    lead_rolls: dict[str, list[Die]] | None = None
    """1.06: each ATC's d6 (more than one when re-rolling ties)."""
    pending: dict[str, list[RouteRef]]
    """1.01: the three hand-offs dealt to each ATC."""
    accept: list[Accept] = Field(default_factory=list)
    """1.08-1.14, in the order they were accepted."""
    accept_rolls: dict[str, list[Die]] | None = None
    """1.14: the rolls that decided who had to accept the remaining planes."""


class Evasive(Model):
    """Evasive action after a panic roll of 1 or 2 (6.08-6.09, 7.08)."""

    turn: Side | None = None
    """Horizontal evasive action: the side the non-offending ATC chose (6.09)."""
    level: Literal["up", "down"] | None = None
    """Vertical evasive action: pull up or descend one level (7.08)."""


class Voluntary(Model):
    """The non-offending plane's own evasive action (6.07)."""

    turn: Side | None = None
    level: int | None = Field(None, ge=2, le=6)


class NearMiss(Model):
    """A near miss this move caused, as recorded: the other plane and the panic roll."""

    with_: PlaneId = Field(alias="with")
    kind: Literal["horizontal", "vertical"] | None = None
    panic: Die
    evasive: Evasive | None = None
    voluntary: Voluntary | None = None


class EntryChange(Model):
    """An altered entry (2.05-2.08): a different level, hex, or a diagonal entry."""

    level: int | None = Field(None, ge=2, le=6)
    at: HexRef | None = None
    diagonal: Side | None = None
    """2.08: entering from the point but not along the hand-off route."""


class CoverUp(Model):
    """12.07: the ATC paid each colleague to swear a deal was not their fault."""

    paid: dict[str, int]


class Move(Model):
    """One plane's move (3.00): what the ATC did and the dice it needed."""

    plane: PlaneId
    path: list[HexRef] | None = None
    """The hexes it passed through, in order (checked when given)."""
    turn: Side | None = None
    """The end-of-move turn of one hex side (3.07)."""
    level: int | None = Field(None, ge=1, le=6)
    """Its level after the move (3.07); unchanged when omitted."""
    enter: EntryChange | None = None
    take_off: bool = False
    """This move is the take-off from the airport (5.02)."""
    hold: bool = False
    """A plane waiting to take off stays on the ground this turn (5.03-5.04)."""
    queue_jump: bool = False
    """5.06: every other ATC in the take-off queue agreed to let it go first."""
    near_misses: list[NearMiss] = Field(default_factory=list)
    lightning: list[Die] = Field(default_factory=list)
    """One d6 per storm hex it passed through at the storm's level (LIGHTNING STRIKES)."""
    repair: Die | None = None
    """The turn's roll to fix an electrical fault or lightning strike."""
    emergency_roll: Die | None = None
    """11.02: the roll for an emergency landing off the runway."""
    regain_control: bool = False
    """8.03: the ATC confirmed with the Lead Controller the plane is back under control."""
    claim: str | None = None
    """A judgement the record can only state (10.04.3 'the only safe way', 5.14)."""
    paid: int | None = None
    """What the Lead Controller paid for this hand-off (1.41), as recorded."""
    deals: list[Literal["minor", "major"]] | None = None
    """The deals the players recorded for this move, if they wrote them down."""
    cover_up: CoverUp | None = None


class Event(Model):
    """A card drawn on an event roll of 1 or 2 (1.21-1.22) and the dice it needed."""

    card: str
    section: Die | None = None
    """The d6 that picked the section (RANDOM EVENTS, WEATHER SYSTEMS)."""
    plane: PlaneId | None = None
    """The plane the players found affected."""
    new_section: Die | None = None
    """RADAR FAILURE: the d6 for the plane's new section."""
    rolls: dict[str, list[Die]] | None = None
    """CELEBRITY ALERT / APPRAISAL: each ATC's d6 (re-rolls after ties)."""
    atc: Initials | None = None
    """The ATC chosen (celebrity) or appraised."""
    wind: Die | None = None
    """STRONG WINDS: the d6 for the wind's direction."""
    counters: list[HexRef] = Field(default_factory=list)
    """WEATHER SYSTEMS: where the counters were placed, in order."""
    celebrity_plane: PlaneId | None = None
    """CELEBRITY ALERT: the ID given to the Celebrity Jet (not from the Plane Pool)."""


class Growth(Model):
    """A weather system's growth or shrinking this turn (1.23)."""

    system: int = 1
    """Which system (1 = the first one placed)."""
    add: HexRef | None = None
    remove: HexRef | None = None


class WeatherMove(Model):
    """1.51: an ATC moved one weather counter within its system."""

    atc: Initials
    from_: HexRef = Field(alias="from")
    to: HexRef


class Draw(Model):
    """1.61: an ATC took a new pending hand-off from the deck."""

    atc: Initials
    flight: RouteRef


class Payment(Model):
    """Money changing hands between ATCs (bribes, blackmail, trades)."""

    from_: Initials = Field(alias="from")
    to: Initials
    amount: int = Field(ge=0)
    note: str | None = None


class Turn(Model):
    """One game turn (1.20-1.90)."""

    turn: int = Field(ge=1, le=31)
    time: Time | None = None
    """The time on the time track (checked when given)."""
    roll: Die
    """1.20: the event roll."""
    event: Event | None = None
    growth: list[Growth] = Field(default_factory=list)
    moves: list[Move] = Field(default_factory=list)
    accept: list[Accept] = Field(default_factory=list)
    weather_moves: list[WeatherMove] = Field(default_factory=list)
    draw: list[Draw] = Field(default_factory=list)
    pool: list[PlaneId] = Field(default_factory=list)
    """1.71: planes added to the Plane Pool this turn."""
    payments: list[Payment] = Field(default_factory=list)
    accept_rolls: dict[str, list[Die]] | None = None
    """1.82-1.83: the rolls that decided who chose, or had to take, the planes left."""


class End(Model):
    """The end of the shift: what each ATC claims to have, and the winner they named."""

    cash: dict[str, int] = Field(default_factory=dict)
    winner: Initials | None = None


class ShiftLog(Model):
    """A turn-by-turn record of a shift."""

    game: Literal["rushing-tin"]
    record: Literal["shift"]
    sector: SectorCode = "RT001"
    seed: int | None = None
    """When given, every die in the log is checked against a die seeded with it."""
    atcs: list[Atc] = Field(min_length=1, max_length=4)
    """In seating order; play passes to the left (the next in the list)."""
    lead: Initials
    setup: Setup
    turns: list[Turn] = Field(default_factory=list)
    end: End | None = None


AtcRef = Annotated[str, Field(description="An ATC's initials, as listed in atcs, e.g. 'PR'.")]
"""An ATC named on the sheet (CTR, the lead, the appraisal, the winner): any text, so one who
is not on the shift (a name for the initials, 'Pat') is the sheet's finding rather than an
unreadable record."""
SheetTime = Annotated[str, Field(description="A time on the time track as H:MM, e.g. 9:45.")]
"""A time as copied from the sheet: any text, so one that is not on the time track (9h45, 8:60)
is the sheet's finding (time.off-track) rather than an unreadable record."""
HandOff = Literal["perfect", "imperfect", "overshoot", "deal", "emergency", "crash",
                  "collision"]
"""How a flight on the Sector Log ended (docs/rushing-tin-sector-log.md)."""
DealKind = Literal["minor", "major", "covered"]
"""A deal (12.01, 12.04) or one covered up by the colleagues (12.07: a final warning)."""
Status = Literal["key-controller", "cautioned-controller", "black-listed"]
Airline = AirlineRef


class DealNote(Model):
    """One deal of a flight with the time it happened (the turn on the time track)."""

    kind: DealKind
    at: SheetTime | None = None
    """When it happened; the flight's finish (or the end of the shift) when omitted."""


class RowEvent(Model):
    """A random event card that struck this flight (RANDOM EVENTS)."""

    card: str
    """The card's id in the content, e.g. ``event-electrical-climb``."""
    at: SheetTime | None = None
    """The turn it was drawn; the land-at-the-airport cards count their deadline from it."""


FlightId = Annotated[str, Field(description="The route code printed on the row, e.g. AA105."),
                     RefersTo("route")]
"""A FLIGHT ID as copied from the sheet: any text, so a misspelt one is the sheet's finding
(row.unknown-flight, with the nearest flight) rather than an unreadable record."""


class SheetRow(Model):
    """One filled row of the Sector Log: the printed columns, then what they cannot say."""

    flight: FlightId
    """FLIGHT ID: the route code printed at the start of the row."""
    ctr: AtcRef | None = None
    """CTR: the initials of the ATC who accepted the hand-off."""
    id: PlaneId | None = None
    """ID: the Plane ID flying the route."""
    start: SheetTime | None = None
    """TIME START: when the hand-off was accepted (5.04: not when it took off)."""
    finish: SheetTime | None = None
    """TIME FINISH: when it was handed off, or left play; blank while it still flies."""
    w: int = Field(0, ge=0)
    """W: final warnings from the airline (an overshoot, 4.12; a covered-up deal, 12.08)."""
    p: int | None = Field(None, ge=0)
    """P: levels and hexes away from a perfect hand-off."""
    d: int = Field(0, ge=0, le=99)
    """D: deals (a major deal counts 2); the box holds two digits."""
    cm: int = Field(0, ge=0, le=1)
    """CM: 1 for a commendation (a perfect hand-off)."""
    hand_off: HandOff | None = None
    """How it ended, when W, P and CM do not say (read from them when omitted)."""
    deals: list[DealKind | DealNote] | None = None
    """The deals behind D (and the covered-up ones behind W), in order; needed when D is 2
    or more, and with ``at`` when a deal changed a status before the flight's finish."""
    events: list[RowEvent] = Field(default_factory=list)
    """Random events that struck this flight: their bonuses, or a landing deadline."""
    weather: int = Field(0, ge=0)
    """Weather system penalties the flight ran up, deducted from its Schedule Bonus."""
    out_of_control: bool = False
    """8.02: still out of control when handed off (no bonus, no penalty)."""
    paid: int | None = Field(None, ge=0)
    """What the Lead Controller paid for the hand-off (1.41), if noted."""


class ControllerClaim(Model):
    """What one ATC claims at the end: money, what it was made of, and their record."""

    cash: int
    """The money in front of the ATC at the end of the shift."""
    bonuses: int | None = None
    """Schedule Bonuses and random event bonuses, all together."""
    fines: int | None = Field(None, ge=0)
    """Fines for deals (12.01, 12.04)."""
    appraisal: int | None = None
    """APPRAISAL: paid (or docked, when negative)."""
    lawsuits: int | None = Field(None, ge=0)
    """CELEBRITY ALERT: paid to celebrities."""
    transfers: int = 0
    """Net money from other ATCs (bribes, trades, cover-ups): negative when paid out."""
    status: dict[Airline, Status] | None = None
    """The ATC status card held for each airline at the end (none: neutral)."""
    commendations: int | None = Field(None, ge=0)
    deals: int | None = Field(None, ge=0)
    """Deals counted for firing (a major deal counts 2)."""
    fired: bool | None = None


class SheetAppraisal(Model):
    """The APPRAISAL random event: the ATC it picked and the turn it was drawn."""

    atc: AtcRef
    at: SheetTime


class SectorLogRecord(Model):
    """A filled-in Sector Log (SECTORS AND THE SECTOR LOG): docs/rushing-tin-sector-log.md."""

    game: Literal["rushing-tin"]
    record: Literal["sector-log"]
    sector: SectorCode = "RT001"
    atcs: list[Atc] = Field(min_length=1, max_length=4)
    """The ATCs on the shift."""
    lead: AtcRef
    """The Lead Controller, who filled in the sheet (1.07)."""
    rows: list[SheetRow]
    """The filled rows, in any order (same-time hand-offs in the order the planes moved)."""
    appraisal: SheetAppraisal | None = None
    controllers: dict[str, ControllerClaim] = Field(default_factory=dict)
    """Each ATC's claim at the end of the shift, by initials."""
    winner: AtcRef | None = None
    """The winner the ATCs named."""
