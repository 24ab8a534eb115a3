"""A Sector Log's rows: the sheet being checked, and each row read into a flight placed in time
and checked on its own (its times, deals, random events, W, P, D and CM).

:mod:`.sheet` checks the rows together and :mod:`.sheet_money` plays them out for the money.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ....core.findings import Location
from ....core.model import Model
from ....referee import Rulings
from ....referee.rulings import CURRENT, CurrentTurn, Piece
from ..model import RandomEventCard, Sector
from ..routes import CELEBRITY, TURN_MINUTES, Route, hhmm, minutes, parse_route
from .context import Tables
from .log import DealNote, SectorLogRecord, SheetRow
from .state import Shift

PAID = ("perfect", "imperfect", "overshoot")
"""Hand-offs whose Schedule Bonus depends on the ATC's status at the finish."""
NEVER = 10**6
"""The end of a flight still in the air when the shift ends."""
LAND_WITHIN = {"food-poisoning": "FOOD POISONING", "mucho-grande": "MUCHO GRANDE",
               "passenger-freak-out": "PASSENGER FREAK-OUT"}
"""The random event cards that give a plane a time to land, each as the rulebook names it."""


@dataclass
class Deal:
    """A deal of a flight (or one covered up, 12.07) and when it counts."""

    kind: str
    at: int
    timed: bool
    """The sheet gave its time; otherwise it counts at the flight's finish."""
    here: Location | None


@dataclass(frozen=True)
class Doubt:
    """What a row the referee cannot read or trust leaves open: the money and record of its
    ATC (every ATC's when the row does not say whose it is) and, from ``since``, its airline's
    status cards, on which that airline's later payments depend (every airline's when the row
    does not say which; none when only money is open)."""

    why: str
    atc: str | None
    airlines: frozenset[str] | None
    since: int
    record: bool = True
    """The ATC's commendations and deals are open too, not only their money."""


@dataclass(frozen=True)
class StatusChange:
    """Why an ATC's status card with an airline last changed: the step that changed it
    (perfect, overshoot, minor, major or covered), the card it left them (None: neutral) and
    whether the step was their own (else another ATC's step took their card)."""

    why: str
    step: str
    card: str | None
    own: bool


@dataclass
class Flight:
    """A row placed in time: its route, ATC, plane, minutes since midnight and how it ended."""

    row: SheetRow
    n: int
    route: Route
    atc: str
    plane: int
    start: int
    finish: int | None
    schedule: int
    quality: str | None = None
    """perfect, imperfect, overshoot, deal, emergency, crash, collision; None still flying."""
    judged: bool = True
    """Its payment can be worked out from the row (not when P is missing)."""
    deals: list[Deal] = field(default_factory=list)
    events: list[tuple[RandomEventCard, int | None]] = field(default_factory=list)

    @property
    def code(self) -> str:
        """Return the flight's route code."""
        return self.route.code

    @property
    def celebrity(self) -> bool:
        """Return whether it is a Celebrity Jet (its plane is not from the Plane Pool)."""
        return self.route.airline == CELEBRITY

    @property
    def end(self) -> int:
        """Return when its plane is free again."""
        return self.finish if self.finish is not None else NEVER

    def span(self) -> str:
        """Return e.g. ``AA105 (8:00-10:15)``."""
        last = hhmm(self.finish) if self.finish is not None else "the end"
        return f"{self.code} ({hhmm(self.start)}-{last})"


@dataclass
class Sheet(Rulings):
    """A Sector Log being checked: the record, the rulebook's tables, the state and rulings."""

    record: SectorLogRecord
    tables: Tables
    sector: Sector
    cubes: set[int]
    shift: Shift = field(default_factory=Shift)
    flights: list[Flight] = field(default_factory=list)
    cause: dict[tuple[str, str], StatusChange] = field(default_factory=dict)
    """Why an ATC's status with an airline last changed."""
    read_perfect: frozenset[int] = frozenset()
    """Rows whose P 0 without CM or W is read as perfect, as the rest of the sheet reads it."""
    missed: dict[tuple[str, str], StatusChange] = field(default_factory=dict)
    """A status change a payment was found to leave out (its card then claimed as the payment
    had it is the same mistake)."""
    fired: dict[str, str] = field(default_factory=dict)
    doubts: list[Doubt] = field(default_factory=list)
    """What the rows that cannot be read or trusted leave open."""
    written: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per ATC, how far a part of their money stands on the sheet's own boxes from the part
    recomputed, by a box already ruled wrong (a payment): claims may carry it."""

    @property
    def end(self) -> int:
        """Return when the shift ends on the time track (15:45)."""
        return minutes(self.tables.rules.shift.end) or NEVER

    @property
    def airlines(self) -> list[str]:
        """Return the airlines that hand out status cards."""
        return [a.code for a in self.tables.rules.airlines]

    def rule(self, code: str, rule: str | None, message: str, where: Location | None, *,
             turn: int | CurrentTurn | None = CURRENT, piece: Piece = None, warn: bool = False,
             at: int | None = None) -> None:
        """Record a ruling; ``at`` (minutes) gives its turn on the time track."""
        super().rule(code, rule, message, where, piece=piece, warn=warn,
                     turn=self.turn(at) if at is not None else turn)

    def doubt(self, why: str, atc: str | None, airlines: frozenset[str] | None = frozenset(),
              since: int | None = None, *, record: bool = True) -> None:
        """Leave open what a row the referee cannot read or trust may change (:class:`Doubt`):
        it then rules on none of it, so the row's one mistake is its one finding."""
        known = atc if atc in self.shift.controllers else None
        self.doubts.append(Doubt(why, known, airlines,
                                 self.tables.start if since is None else since, record))

    def unread(self, row: SheetRow) -> None:
        """Leave open what a row that cannot be read may change: its ATC's money and record,
        its airline's cards from its start."""
        route = parse_route(row.flight)
        since = minutes(row.start) if row.start is not None else None
        self.doubt(f"row {row.flight} could not be read", row.ctr,
                   frozenset({route.airline}) if route else None, since)

    def unchecked(self, atc: str) -> str | None:
        """Return why an ATC's money cannot be checked, or None."""
        return next((d.why for d in self.doubts if d.atc in (None, atc)), None)

    def record_open(self, atc: str, t: int) -> bool:
        """Return whether an ATC's commendations and deals by ``t`` are open."""
        return any(d.record and d.atc in (None, atc) and d.since <= t for d in self.doubts)

    def status_open(self, airline: str, t: int) -> str | None:
        """Return why the status cards of an airline at ``t`` are open, or None."""
        return next((d.why for d in self.doubts if d.since <= t and (
            d.airlines is None or airline in d.airlines)), None)

    def carry(self, atc: str, part: str, by: int) -> None:
        """Note that the sheet's boxes put ``part`` of an ATC's money ``by`` off."""
        parts = self.written.setdefault(atc, {})
        parts[part] = parts.get(part, 0) + by

    def turn(self, at: int) -> int | None:
        """Return the turn whose time on the track is ``at`` (None outside the shift)."""
        if self.tables.start <= at < self.tables.time_of(self.tables.rules.shift.turns + 1):
            return (at - self.tables.start) // TURN_MINUTES + 1
        return None

    def incident_at(self, at: int, kind: str, **detail: Any) -> None:
        """Note what the sheet shows happened (deals, hand-offs, payments) at a time."""
        self.incident(kind, None, turn=self.turn(at), time=hhmm(at), **detail)

    def time(self, model: Model, key: str, text: str) -> int | None:
        """Return a time on the track in minutes, or rule that it is not one."""
        t = minutes(text)
        if t is None or (t - self.tables.start) % TURN_MINUTES:
            self.rule("time.off-track", "1.90", f"{text} is not on the time track: each turn "
                      f"is {TURN_MINUTES} minutes ({hhmm(self.tables.start)}, "
                      f"{hhmm(self.tables.start + TURN_MINUTES)}, ...)", model.where(key))
            return None
        if not self.tables.start <= t <= self.end:
            self.rule("time.outside-shift", "THE END OF THE SHIFT", f"{text} is outside the shift "
                      f"({hhmm(self.tables.start)} to {hhmm(self.end)})", model.where(key))
            return None
        return t


# --- one row ---------------------------------------------------------------------------------


def read_row(sheet: Sheet, n: int, row: SheetRow) -> Flight | None:
    """Check one row on its own; return it as a flight when it can be placed in time."""
    route = parse_route(row.flight)
    if route is None or row.flight not in sheet.tables.schedules:
        hint = ""
        if close := nearest_flights(row.flight, sheet.tables.schedules):
            *first, last = map(repr, close)
            hint = f"; did you mean {', '.join(first) + ' or ' if first else ''}{last}?"
        sheet.rule("row.unknown-flight", "SECTOR LOG", f"there is no flight {row.flight} on "
                   f"the Sector Log of {sheet.sector.code}{hint}", row.where("flight"))
        return None
    if any(r.flight == row.flight for r in sheet.record.rows[:n]):
        sheet.rule("row.flight-twice", "1.01", f"flight {row.flight} is on an earlier row: "
                   "each hand-off card exists once", row.where("flight"))
        return None
    if row.ctr is None or row.id is None or row.start is None:
        empty = next(k for k in ("ctr", "id", "start") if getattr(row, k) is None)
        sheet.rule("row.incomplete", "SECTOR LOG", f"flight {row.flight} needs ctr, id and "
                   f"start, and {empty} is empty: an accepted hand-off notes the ATC's "
                   "initials, the Plane ID and the time it started", cell(row, empty))
        return None
    if row.ctr not in sheet.shift.controllers:
        sheet.rule("row.unknown-atc", "SECTOR LOG", f"{row.ctr} is not an ATC on this shift "
                   f"({', '.join(sheet.shift.seating)})", row.where("ctr"), piece=row.id)
        return None
    start = sheet.time(row, "start", row.start)
    finish = sheet.time(row, "finish", row.finish) if row.finish is not None else None
    if start is None or (row.finish is not None and finish is None):
        return None
    if finish is not None and finish <= start:
        sheet.rule("row.finish-before-start", "1.43", f"{row.flight} finishes at {row.finish}, "
                   f"not after its start at {row.start}: a plane is active from the turn after "
                   "its hand-off is accepted", row.where("finish"), at=finish, piece=row.id)
        return None
    flight = Flight(row, n, route, row.ctr, row.id, start, finish,
                    sheet.tables.schedules[row.flight])
    flight.deals = read_deals(sheet, flight)
    flight.events = read_events(sheet, flight)
    flight.quality = "perfect" if n in sheet.read_perfect else read_quality(flight)
    check_marks(sheet, flight)
    return flight


def nearest_flights(written: str, flights: Iterable[str]) -> list[str]:
    """Return the flights a misspelt FLIGHT ID is nearest to, two slips or fewer away, a slip
    being a wrong, missing or extra character or two swapped (AA240 for AA204)."""
    by_slips: dict[int, list[str]] = {}
    for flight in flights:
        slips = typing_slips(written.upper(), flight)
        if slips <= 2:
            by_slips.setdefault(slips, []).append(flight)
    return sorted(by_slips[min(by_slips)])[:3] if by_slips else []


def typing_slips(a: str, b: str) -> int:
    """Return the fewest slips that turn ``a`` into ``b`` (optimal string alignment)."""
    d = [[i + j if not i * j else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def cell(row: SheetRow, key: str) -> Location | None:
    """Return where a cell left empty is: its key when written blank, else the row (the path
    names the cell either way)."""
    return row.where(key, key=key in row.model_fields_set)


def read_deals(sheet: Sheet, f: Flight) -> list[Deal]:
    """Return the deals behind D and W, each at its time (the finish when not given)."""
    row, default = f.row, f.finish if f.finish is not None else sheet.end
    if row.deals is None:
        if row.d >= 2:
            sheet.rule("sheet.deal-split", "12.06", f"D {row.d} may be minor or major deals (a "
                       f"major deal counts 2) and the sheet does not say which: counted as "
                       f"{row.d} minor deals; write them as deals: [minor, major, ...]",
                       row.where("d"), at=f.finish, piece=f.plane, warn=True)
        return [Deal("minor", default, False, row.where("d")) for _ in range(row.d)]
    out = []
    for i, note in enumerate(row.deals):
        kind, at, timed = (note.kind if isinstance(note, DealNote) else note), default, False
        if isinstance(note, DealNote) and note.at is not None:
            t = sheet.time(note, "at", note.at)
            if t is not None and not f.start <= t <= default:
                sheet.rule("row.deal-time", "SECTOR LOG", f"a deal at {note.at} is outside "
                           f"{f.span()}", note.where("at"), at=t, piece=f.plane)
            elif t is not None:
                at, timed = t, True
        out.append(Deal(kind, at, timed, row.where("deals", i)))
    counted = sum(2 if d.kind == "major" else 1 for d in out if d.kind != "covered")
    if counted != row.d:
        sheet.rule("row.deals", "12.06", f"D is {row.d}; the deals listed count {counted} (a "
                   "major deal counts 2; a covered-up deal is a final warning in W, not a D)",
                   row.where("d"), at=f.finish, piece=f.plane)
        sheet.doubt(f"row {f.code}'s D and deals disagree", f.atc,
                    frozenset({f.route.airline}), f.start)
    return out


def read_events(sheet: Sheet, f: Flight) -> list[tuple[RandomEventCard, int | None]]:
    """Return the random events that struck the flight, with the turn each was drawn."""
    out: list[tuple[RandomEventCard, int | None]] = []
    for event in f.row.events:
        card = sheet.tables.random_events.get(event.card)
        if card is None or card.event in ("celebrity-alert", "appraisal"):
            what = (f"no random event card {event.card!r}" if card is None else
                    "a Celebrity Alert is a CJ row of its own and an Appraisal the record's "
                    "'appraisal:'")
            sheet.rule("row.event", "RANDOM EVENTS", what, event.where("card"), piece=f.plane)
            continue
        at = sheet.time(event, "at", event.at) if event.at is not None else None
        if at is not None and not f.start <= at <= min(f.end, sheet.end):
            sheet.rule("row.event-time", "RANDOM EVENTS", f"{event.card} at {event.at} is "
                       f"outside {f.span()}", event.where("at"), at=at, piece=f.plane)
        if card.land_within and event.at is None:
            sheet.rule("sheet.event-time", LAND_WITHIN.get(card.event, card.title.upper()),
                       f"{card.title} gives "
                       f"{card.land_within} to land from the turn it is drawn, which the sheet "
                       "does not say: the landing counts as in time; write 'at:'",
                       event.where("card"), piece=f.plane, warn=True)
        out.append((card, at))
    return out


def read_quality(f: Flight) -> str | None:
    """Return how the flight ended: as written, or read from W, CM and P."""
    row = f.row
    if f.finish is None:
        return None
    if row.hand_off is not None:
        return row.hand_off
    covered = sum(1 for d in f.deals if d.kind == "covered")
    if row.w > covered:
        return "overshoot"
    # P above 0 says the hand-off was not perfect, whatever CM says.
    return "perfect" if row.cm and not row.p else "imperfect"


def open_to_perfect(f: Flight) -> bool:
    """Return whether the boxes leave it open that the hand-off was perfect: read as
    imperfect from P 0 without CM or W (perfect, or not along the hand-off route)."""
    return f.quality == "imperfect" and f.row.hand_off is None and f.row.p == 0


def check_marks(sheet: Sheet, f: Flight) -> None:
    """4.12, 12.06-12.08, 4.14, 11.01: W, D and the finish agree with how the flight ended."""
    row, q = f.row, f.quality
    covered = sum(1 for d in f.deals if d.kind == "covered")
    say = partial(sheet.rule, at=f.finish or f.start, piece=f.plane)
    if f.finish is None and row.hand_off is not None:
        say("row.no-finish", "SECTOR LOG", f"{f.code} ended ({row.hand_off}) but has no "
            "finish time: note when it was handed off or left play", row.where("hand_off"))
    wanted = covered + (q == "overshoot")
    if row.w != wanted:
        why = (["an overshoot is a final warning noted in W (4.12)"] if q == "overshoot" else
               [f"{f.code} did not overshoot"] if q is not None else [])
        why.append(f"{covered} covered-up deal(s) listed, each a final warning (12.07)")
        say("row.warnings", "4.12" if q == "overshoot" else "12.08", f"W is {row.w}, the row "
            f"explains {wanted}: {'; '.join(why)}", row.where("w"))
    if q == "deal" and not any(d.kind != "covered" for d in f.deals):
        say("row.no-deal", "4.14", "handing off by another hex side is a deal (a major one by "
            "an unmonitored side, 4.15); D is 0", row.where("d"))
    if q == "emergency" and not any(c.event == "engine-failure" for c, _ in f.events):
        say("row.emergency", "11.01", "an emergency landing follows an Engine Failure card: "
            "list it in events", row.where("hand_off"))
    check_hand_off(sheet, f)


def check_hand_off(sheet: Sheet, f: Flight) -> None:
    """4.01-4.08, PENALTIES: P and CM agree with how the flight was handed off."""
    row, q = f.row, f.quality
    say = partial(sheet.rule, at=f.finish or f.start, piece=f.plane)
    if q is None and (row.p is not None or row.cm):
        say("row.not-finished", "SECTOR LOG", f"P and CM are noted at the hand-off; {f.code} "
            "has no finish time", row.where("p" if row.p is not None else "cm"))
        sheet.doubt(f"row {f.code} has P or CM but no finish", f.atc,
                    frozenset({f.route.airline}), f.start)
    if row.cm and q is not None and q != "perfect":
        ended = (f"P is {row.p}" if row.p else "W notes an overshoot" if q == "overshoot"
                 else f"it ended as {q}")
        say("row.commendation", "4.05", f"a commendation is for a perfect hand-off (P 0, no "
            f"overshoot); {f.code}: {ended}", row.where("cm"))
    if q == "perfect" and row.p:
        say("row.perfect-p", "4.01", f"a perfect hand-off ends on the exit point at its level: "
            f"P is 0, not {row.p}", row.where("p"))
    if q == "overshoot" and row.p == 0:
        say("row.overshoot-p", "4.10", "an overshooting plane finishes its move past the exit "
            "point, so it is at least 1 hex away: P is at least 1 (PENALTIES)", row.where("p"))
    if q == "perfect" and not row.cm:
        read = (" (P 0 and no W, and the payments and claims after it count it as perfect)"
                if f.n in sheet.read_perfect else "")
        say("row.no-commendation", "4.05", "a perfect hand-off earns a commendation, noted in "
            f"CM{read}", row.where("cm"))
    if open_to_perfect(f):
        say("row.no-commendation", "4.05", "P 0 and no W reads as a perfect hand-off, which "
            "earns a commendation in CM; counted as imperfect (write hand_off: imperfect if it "
            "did not follow the hand-off route)", row.where("cm"), warn=True)
    if q in PAID and row.p is None:
        say("row.no-p", "PENALTIES", f"{f.code} was handed off: note P, the levels and hexes "
            "away from a perfect hand-off (0 on the exit point at its level)", cell(row, "p"))
        f.judged = False
        sheet.doubt(f"row {f.code} has no P", f.atc, record=False)
