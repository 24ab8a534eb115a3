"""Check a filled-in Sector Log: flights, times, limits, bonuses, deals and money.

The Lead Controller's sheet (SECTORS AND THE SECTOR LOG) has a row per flight: who controlled
it, its plane, when it started and finished, and the W, P, D and CM boxes. ``check_sheet``
checks each row, then plays the rows out in time order with the money rules the shift replay
uses (:mod:`.money`) and compares what follows with what the ATCs claim.
docs/rushing-tin-sector-log.md lists every check and what a paper sheet cannot prove.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ....content.project import GameContent
from ....core.findings import Location
from ....core.model import Model
from ....referee import Records, Report, Rulings, Scores
from ....referee.rulings import CURRENT, CurrentTurn, Piece
from ..model import PlaneCubes, RandomEventCard, Sector
from ..routes import CELEBRITY, TURN_MINUTES, Route, hhmm, minutes, parse_route
from . import money
from .context import Tables
from .log import ControllerClaim, DealNote, SectorLogRecord, SheetRow
from .state import Controller, Shift
from .turns import build_context, scores

records = Records()
"""The kind of record this module referees; the referee package includes it."""

PAID = ("perfect", "imperfect", "overshoot")
"""Hand-offs whose Schedule Bonus depends on the ATC's status at the finish."""
NEVER = 10**6
LAND_WITHIN = {"food-poisoning": "FOOD POISONING", "mucho-grande": "MUCHO GRANDE",
               "passenger-freak-out": "PASSENGER FREAK-OUT"}
"""The random event cards that give a plane a time to land, each as the rulebook names it."""
"""The end of a flight still in the air when the shift ends."""
CARD_NAMES = {None: "no status card", "key-controller": "Key Controller",
              "cautioned-controller": "Cautioned Controller", "black-listed": "Black Listed"}


@dataclass
class Deal:
    """A deal of a flight (or one covered up, 12.07) and when it counts."""

    kind: str
    at: int
    timed: bool
    """The sheet gave its time; otherwise it counts at the flight's finish."""
    here: Location | None


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
    cause: dict[tuple[str, str], str] = field(default_factory=dict)
    """Why an ATC's status with an airline last changed."""
    fired: dict[str, str] = field(default_factory=dict)
    unchecked: dict[str, str] = field(default_factory=dict)
    """ATCs whose money cannot be recomputed, and why."""

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


# --- the library call ------------------------------------------------------------------------


def check_sheet(game: GameContent, record: SectorLogRecord) -> Sheet:
    """Check a validated Sector Log; return the sheet with its rulings and recomputed money."""
    ctx = build_context(game, record.sector)
    assert ctx.geo.sector is not None
    cubes = {n for c in game.of_type(PlaneCubes) for n in c.planes} or set(range(1, 13))
    sheet = Sheet(record, ctx.tables, ctx.geo.sector, cubes)
    staff(sheet)
    for n, row in enumerate(record.rows):
        flight = read_row(sheet, n, row)
        if flight is not None:
            sheet.flights.append(flight)
        elif row.ctr is not None:
            sheet.unchecked.setdefault(row.ctr, f"row {row.flight} could not be read")
    planes(sheet)
    limits(sheet)
    gaps(sheet)
    timeline(sheet)
    claims(sheet)
    name_winner(sheet)
    return sheet


def staff(sheet: Sheet) -> None:
    """1.00, 1.07: the ATCs, each with a week's wages, and the Lead Controller among them."""
    record = sheet.record
    ids = [a.id for a in record.atcs]
    for i, person in enumerate(record.atcs):
        if person.id in ids[:i]:
            sheet.rule("sheet.atc-twice", "1.00", f"ATC {person.id} is listed twice",
                       person.where("id"))
    sheet.shift.seating = list(dict.fromkeys(ids))
    sheet.shift.controllers = {a: Controller(a, wage=sheet.tables.rules.wage)
                               for a in sheet.shift.seating}
    sheet.shift.lead = record.lead
    if record.lead not in sheet.shift.controllers:
        sheet.rule("sheet.lead", "1.07", f"the Lead Controller {record.lead} is not one of the "
                   f"ATCs ({', '.join(sheet.shift.seating)})", record.where("lead"))


# --- one row ---------------------------------------------------------------------------------


def read_row(sheet: Sheet, n: int, row: SheetRow) -> Flight | None:
    """Check one row on its own; return it as a flight when it can be placed in time."""
    route = parse_route(row.flight)
    if route is None or row.flight not in sheet.tables.schedules:
        sheet.rule("row.unknown-flight", "SECTOR LOG", f"there is no flight {row.flight} on "
                   f"the Sector Log of {sheet.sector.code}", row.where("flight"))
        return None
    if any(r.flight == row.flight for r in sheet.record.rows[:n]):
        sheet.rule("row.flight-twice", "1.01", f"flight {row.flight} is on an earlier row: "
                   "each hand-off card exists once", row.where("flight"))
        return None
    if row.ctr is None or row.id is None or row.start is None:
        sheet.rule("row.incomplete", "SECTOR LOG", f"flight {row.flight} needs ctr, id and "
                   "start: an accepted hand-off notes the ATC's initials, the Plane ID and the "
                   "time it started", row.where("flight"))
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
    flight.quality = read_quality(flight)
    check_marks(sheet, flight)
    return flight


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
        say("row.no-commendation", "4.05", "a perfect hand-off earns a commendation, noted in "
            "CM", row.where("cm"))
    if q == "imperfect" and row.hand_off is None and row.p == 0:
        say("row.no-commendation", "4.05", "P 0 and no W reads as a perfect hand-off, which "
            "earns a commendation in CM; counted as imperfect (write hand_off: imperfect if it "
            "did not follow the hand-off route)", row.where("cm"), warn=True)
    if q in PAID and row.p is None:
        say("row.no-p", "PENALTIES", f"{f.code} was handed off: note P, the levels and hexes "
            "away from a perfect hand-off (0 on the exit point at its level)", row.where())


# --- the sheet as a whole --------------------------------------------------------------------


def planes(sheet: Sheet) -> None:
    """2.02, 1.05, 1.71: a plane flies one route at a time, from the Plane Pool as it grows."""
    flights = sorted(sheet.flights, key=lambda f: (f.start, f.n))
    for i, b in enumerate(flights):
        other = next((a for a in flights[:i] if a.plane == b.plane
                      and a.celebrity == b.celebrity and b.start < a.end), None)
        if other is not None:
            sheet.rule("row.plane-busy", "2.02", f"plane {b.plane} still flies {other.span()} "
                       f"when {b.code} starts at {hhmm(b.start)}: a Plane ID counter is on one "
                       "hand-off card at a time", b.row.where("id"), at=b.start, piece=b.plane)
    seen: set[int] = set()
    for f in (f for f in flights if not f.celebrity):
        if f.plane not in sheet.cubes:
            sheet.rule("row.plane-id", "1.05", f"plane {f.plane} is not one of the plane IDs "
                       f"{min(sheet.cubes)}-{max(sheet.cubes)}; only Celebrity Jets fly planes "
                       "from outside the Plane Pool", f.row.where("id"), piece=f.plane)
            continue
        if f.plane in seen:
            continue
        seen.add(f.plane)
        allowed = available(sheet, f.start)
        if len(seen) > allowed:
            freq = sheet.sector.frequency
            sheet.rule("row.plane-pool", "1.71", f"{len(seen)} different planes by "
                       f"{hhmm(f.start)}: sector {sheet.sector.code} starts with "
                       f"{sheet.sector.starting_planes} in the Plane Pool and adds "
                       f"{freq.planes} every {freq.every}, {allowed} by then",
                       f.row.where("id"), at=f.start, piece=f.plane)


def available(sheet: Sheet, t: int) -> int:
    """Return how many planes the Plane Pool has held by the acceptances at ``t`` (1.71)."""
    tables, freq = sheet.tables, sheet.sector.frequency
    every = minutes(freq.every) or NEVER
    added = [tables.time_of(k) for k in range(1, tables.rules.shift.turns)
             if (tables.time_of(k + 1) - tables.start) % every == 0]
    return sheet.sector.starting_planes + freq.planes * sum(1 for a in added if a <= t)


def limits(sheet: Sheet) -> None:
    """SHIFT LIMIT: no ATC controls more planes than the limit unless every ATC is at it."""
    seating = sheet.shift.seating
    limit, _ = sheet.tables.shift_limit(len(seating))
    pool = [f for f in sheet.flights if not f.celebrity]
    for t in sorted({f.start for f in pool}):
        load = {a: sum(1 for f in pool if f.atc == a and f.start <= t < f.end)
                for a in seating}
        if all(n >= limit for n in load.values()):
            continue
        for atc, n in load.items():
            newest = [f for f in pool if f.atc == atc and f.start == t]
            if n > limit and newest:
                f = newest[-1]
                sheet.rule("row.shift-limit", "SHIFT LIMIT", f"{atc} controls {n} planes after "
                           f"accepting {f.code} at {hhmm(t)}; the Shift Limit for "
                           f"{len(seating)} ATC(s) is {limit} and not every ATC is at it",
                           f.row.where("ctr"), at=t, piece=f.plane)


def gaps(sheet: Sheet) -> None:
    """Warn where the sheet's silence could change the money: when a deal came, and which of
    two hand-offs in one turn went first."""
    handed = [f for f in sheet.flights if f.quality in PAID and not f.celebrity]
    appraisal = sheet.record.appraisal
    for f in sheet.flights:
        for d in (d for d in f.deals if not d.timed):
            before = [g.code + " at " + hhmm(g.end) for g in handed if g is not f
                      and g.route.airline == f.route.airline and f.start < g.end < d.at]
            if appraisal and appraisal.atc == f.atc and f.start < (
                    minutes(appraisal.at) or 0) <= d.at:
                before.append(f"{f.atc}'s appraisal at {appraisal.at}")
            if before:
                sheet.rule("sheet.deal-time", "SECTOR LOG", f"the sheet does not say when during "
                           f"{f.span()} this deal happened: it counts at {hhmm(d.at)}, after "
                           f"{', '.join(before)}, which it changes if it came first; write "
                           "deals: [{kind: ..., at: ...}]", d.here, at=d.at, piece=f.plane,
                           warn=True)
    turns: dict[tuple[str, int], list[Flight]] = {}
    for f in sorted(handed, key=lambda f: f.n):
        turns.setdefault((f.route.airline, f.end), []).append(f)
    for (airline, t), group in turns.items():
        changing = [f for f in group if f.quality in ("perfect", "overshoot")
                    or any(d.at == t for d in f.deals)]
        if len(group) > 1 and changing:
            sheet.rule("sheet.same-time", "3.01", f"{', '.join(f.code for f in group)} of "
                       f"{airline} were handed off in the same turn and the sheet does not say "
                       "which plane moved first (highest level first): they count in the "
                       "record's order", group[1].row.where("finish"), at=t, warn=True)


# --- the shift in time order -----------------------------------------------------------------


def timeline(sheet: Sheet) -> None:
    """Play the sheet out: at each turn the event, then the moves (deals, hand-offs), then
    the hand-offs accepted (1.20-1.90)."""
    steps: list[tuple[int, int, int, int, Callable[[], None]]] = []
    for f in sheet.flights:
        steps.append((f.start, 0 if f.celebrity else 2, f.n, 0, partial(accept, sheet, f)))
        for i, d in enumerate(f.deals):
            steps.append((d.at, 1, f.n, i, partial(deal, sheet, f, d)))
        if f.quality is not None:
            steps.append((f.end, 1, f.n, len(f.deals), partial(settle, sheet, f)))
        elif f.celebrity and f.start + f.schedule <= sheet.end:
            steps.append((sheet.end, 3, f.n, 0, partial(sue, sheet, f, "not handed off")))
    appraisal = sheet.record.appraisal
    if appraisal is not None:
        at = sheet.time(appraisal, "at", appraisal.at)
        if at is not None:
            steps.append((at, 0, -1, 0, partial(appraise, sheet, at)))
        else:
            sheet.unchecked.setdefault(appraisal.atc, "the appraisal has no time on the track")
    for step in sorted(steps, key=lambda s: s[:4]):
        step[4]()


def changing(sheet: Sheet, what: str, act: Callable[[], str | list[str]]) -> list[str]:
    """Apply a status change and remember it as the cause of every status it changed."""
    ctrl = sheet.shift.controllers
    before = {(a, x): money.status_card(c, x) for a, c in ctrl.items() for x in sheet.airlines}
    result = act()
    said = [result] if isinstance(result, str) else result
    for (a, x), old in before.items():
        if money.status_card(ctrl[a], x) != old:
            sheet.cause[(a, x)] = f"{what}: {'; '.join(said)}"
    return said


def accept(sheet: Sheet, f: Flight) -> None:
    """A fired ATC accepts nothing; a black-listed one nothing of that airline."""
    atc = sheet.shift.controllers[f.atc]
    if atc.fired:
        sheet.rule("row.fired", "GETTING FIRED", f"{f.atc} was fired ({sheet.fired[f.atc]}) "
                   f"and accepts no more hand-offs; {f.code} starts at {hhmm(f.start)}",
                   f.row.where("ctr"), at=f.start, piece=f.plane)
    elif f.route.airline in atc.black_listed:
        why = sheet.cause.get((f.atc, f.route.airline), "")
        sheet.rule("row.black-listed", "BLACK LISTED CONTROLLER", f"{f.atc} is black-listed by "
                   f"{f.route.airline} ({why}) and may not control its planes",
                   f.row.where("ctr"), at=f.start, piece=f.plane)


def deal(sheet: Sheet, f: Flight, d: Deal) -> None:
    """12.01-12.07: a deal's fine, count and status; a covered-up one is a final warning."""
    atc, airline = sheet.shift.controllers[f.atc], f.route.airline
    fired = atc.fired
    what = f"{d.kind} deal on {f.code} at {hhmm(d.at)}"
    if d.kind == "covered":
        after = changing(sheet, what, lambda: money.final_warning(sheet.shift, atc, airline))
    else:
        after = changing(sheet, what, lambda: money.deal(sheet.shift, sheet.tables, f.atc,
                                                         airline, d.kind == "major"))
    if atc.fired and not fired:
        sheet.fired[f.atc] = f"{atc.deals} deals by {hhmm(d.at)}, the last on {f.code}"
    sheet.incident_at(d.at, f"{d.kind} deal", flight=f.code, atc=f.atc, result=after)


def settle(sheet: Sheet, f: Flight) -> None:
    """1.41-1.42, 4.05-4.13: pay a finished flight, then update the ATC's record."""
    atc, airline, q = sheet.shift.controllers[f.atc], f.route.airline, f.quality
    schedule, extra, why = pay(sheet, f, atc) if q in (*PAID, "emergency") else (
        0, 0, f"{q}: no bonus")
    atc.bonuses += schedule + extra
    what = f"{f.code} at {hhmm(f.end)}"
    after: list[str] = []
    if q == "perfect" and airline in sheet.airlines and airline not in atc.black_listed:
        after = changing(sheet, what, lambda: money.perfect_hand_off(sheet.shift, atc, airline))
    elif q == "perfect":  # a Celebrity Jet, or an airline that black-listed the ATC
        atc.commendations += 1
        after = ["commendation"]
    elif q == "overshoot":
        after = changing(sheet, what, lambda: money.overshoot(sheet.shift, atc, airline))
    check_paid(sheet, f, schedule + extra, why)
    sheet.incident_at(f.end, "hand-off", flight=f.code, atc=f.atc, quality=q,
                   paid=schedule + extra, why=why, result=after)
    if f.celebrity and not (q in PAID and f.end - f.start <= f.schedule):
        sue(sheet, f, "late" if q in PAID else q or "")


def sue(sheet: Sheet, f: Flight, why: str) -> None:
    """CELEBRITY ALERT: a flight not completed on schedule is sued for the card's lawsuit."""
    card = sheet.tables.cards.get(f.code)
    amount = int(getattr(card, "lawsuit", 0) or 0)
    sheet.shift.controllers[f.atc].lawsuits += amount
    sheet.incident_at(min(f.end, sheet.end), "lawsuit", flight=f.code, atc=f.atc, amount=amount,
                   why=why)


def pay(sheet: Sheet, f: Flight, atc: Controller) -> tuple[int, int, str]:
    """Return the Schedule Bonus, the random event bonuses and how they were reached."""
    tables, row, airline = sheet.tables, f.row, f.route.airline
    card = tables.cards.get(f.code)
    bonus, penalty = int(getattr(card, "bonus", 0) or 0), int(getattr(card, "penalty", 0) or 0)
    took = f.end - f.start
    on_time = took <= f.schedule
    extra = sum(c.bonus or 0 for c, _ in f.events if c.event in (
        "electrical-failure", "radar-failure") or (
        c.event == "engine-failure" and f.quality == "emergency"))
    plus = f", event bonus {extra}" if extra else ""
    landing = next(((c, at) for c, at in f.events if c.land_within), None)
    if f.celebrity:
        ok = f.quality == "perfect" and on_time
        why = "perfect and on time" if ok else "only a perfect hand-off on schedule pays"
        return bonus if ok else 0, extra, f"celebrity: {why}" + plus
    if landing is not None:
        event, at = landing
        deadline = (at if at is not None else f.end) + (minutes(event.land_within or "") or 0)
        ok = f.quality == "perfect" and f.end <= deadline
        return (event.bonus or 0) if ok else 0, extra, (
            f"{event.title}: landed by {hhmm(deadline)}" if ok else
            f"{event.title}: not landed by {hhmm(deadline)}, no bonus") + plus
    nothing = (f"black-listed by {airline}" if airline in atc.black_listed else
               "out of control (8.02)" if row.out_of_control or f.quality == "emergency" else
               f"took {hhmm(took)}, schedule {hhmm(f.schedule)}" if not on_time else None)
    if nothing:
        return 0, extra, f"{nothing}: no bonus" + plus
    amount, why = money.schedule_bonus(
        bonus=bonus, penalty_per=penalty, away=row.p or 0,
        modifier=money.status_modifier(atc, airline, tables), weather=row.weather,
        overshoot=f.quality == "overshoot", tables=tables)
    return amount, extra, why + plus


def check_paid(sheet: Sheet, f: Flight, total: int, why: str) -> None:
    """1.41-1.42, SCHEDULES, PENALTIES: what the Lead Controller paid for the hand-off."""
    paid = f.row.paid
    if paid is None or paid == total:
        return
    code, rule = "bonus.paid", "1.42"
    if paid > total and f.end - f.start > f.schedule:
        code, rule = "bonus.late", "SCHEDULES"
    elif paid > total and (f.row.p or 0) > sheet.tables.rules.bonuses.no_bonus_beyond:
        code, rule = "bonus.too-far", "PENALTIES"
    sheet.rule(code, rule, f"{f.code} earns {total} ({why}); the sheet notes {paid} paid",
               f.row.where("paid"), at=f.finish, piece=f.plane)


def appraise(sheet: Sheet, at: int) -> None:
    """APPRAISAL: 500 per commendation so far, docked 500 per deal."""
    appraisal = sheet.record.appraisal
    assert appraisal is not None
    atc = sheet.shift.controllers.get(appraisal.atc)
    if atc is None:
        sheet.rule("appraisal.unknown-atc", "APPRAISAL", f"{appraisal.atc} is not an ATC on "
                   "this shift", appraisal.where("atc"), at=at)
        return
    amount = money.appraisal(atc, sheet.tables)
    atc.appraisal += amount
    sheet.incident_at(at, "appraisal", atc=atc.id, commendations=atc.commendations,
                   deals=atc.deals, amount=amount)


# --- the claims ------------------------------------------------------------------------------


def claims(sheet: Sheet) -> None:
    """SCORING: each ATC's claimed money, record and status cards against the sheet's."""
    record, ctrl = sheet.record, sheet.shift.controllers
    for atc in sheet.shift.seating:
        if record.controllers and atc not in record.controllers:
            sheet.rule("claim.missing", "SCORING", f"no claim for {atc}: their money is not "
                       "checked", record.where("controllers") or record.where(), warn=True)
    for atc, claim in record.controllers.items():
        if atc not in ctrl:
            sheet.rule("claim.unknown-atc", "SCORING", f"{atc} is not an ATC on this shift",
                       record.where("controllers", atc, key=True))
            continue
        ctrl[atc].transfers = claim.transfers
        if atc in sheet.unchecked:
            sheet.rule("claim.unchecked", "SCORING", f"{atc}'s money is not checked: "
                       f"{sheet.unchecked[atc]}", claim.where("cash"), warn=True)
            continue
        check_money(sheet, ctrl[atc], claim)
        check_record(sheet, ctrl[atc], claim)
    net = sum(c.transfers for c in record.controllers.values())
    if net and set(record.controllers) >= set(ctrl):
        sheet.rule("money.transfers", "SCORING", f"money between ATCs only changes hands, so "
                   f"the transfers add up to 0; they add up to {net:+d}",
                   record.where("controllers"))


def check_money(sheet: Sheet, c: Controller, claim: ControllerClaim) -> None:
    """Compare each part of the money, then the cash (SCORING)."""
    parts = (("bonuses", c.bonuses, claim.bonuses, "1.42"),
             ("fines", c.fines, claim.fines, "12.01"),
             ("appraisal", c.appraisal, claim.appraisal, "APPRAISAL"),
             ("lawsuits", c.lawsuits, claim.lawsuits, "CELEBRITY ALERT"))
    for name, have, said, rule in parts:
        if said is not None and said != have:
            sheet.rule(f"money.{name}", rule, f"{c.id}'s {name} come to {have}; the claim says "
                       f"{said}", claim.where(name))
    if claim.cash != c.cash:
        sheet.rule("money.cash", "SCORING", f"{c.id} ends with {c.cash} (wage {c.wage}, "
                   f"bonuses {c.bonuses}, fines -{c.fines}, transfers {c.transfers:+d}, "
                   f"appraisal {c.appraisal:+d}, lawsuits -{c.lawsuits}); the claim says "
                   f"{claim.cash}", claim.where("cash"))


def check_record(sheet: Sheet, c: Controller, claim: ControllerClaim) -> None:
    """Compare commendations, deals, firing and status cards with the claim."""
    for name, have, said, rule in (("commendations", c.commendations, claim.commendations,
                                    "4.05"), ("deals", c.deals, claim.deals, "12.06")):
        if said is not None and said != have:
            sheet.rule(f"claim.{name}", rule, f"{c.id} has {have} {name}; the claim says "
                       f"{said}", claim.where(name))
    if claim.fired is not None and claim.fired != c.fired:
        truth = f"was fired: {sheet.fired[c.id]}" if c.fired else "was not fired"
        sheet.rule("claim.fired", "GETTING FIRED", f"{c.id} {truth} (more than "
                   f"{sheet.tables.rules.deals.fired_after_more_than} deals, a major deal "
                   f"counting 2); the claim says {'fired' if claim.fired else 'not fired'}",
                   claim.where("fired"))
    if claim.status is None:
        return
    for airline in set(claim.status) - set(sheet.airlines):
        sheet.rule("status.airline", "ATC STATUS", f"no airline {airline} "
                   f"({', '.join(sheet.airlines)})", claim.where("status", airline, key=True))
    for airline in sheet.airlines:
        held, card = money.status_card(c, airline), claim.status.get(airline)
        if held != card:
            why = sheet.cause.get((c.id, airline), "nothing on the sheet changed it")
            sheet.rule("status.claim", "ATC STATUS", f"{c.id} holds {CARD_NAMES[held]} for "
                       f"{airline} ({why}); the claim says {CARD_NAMES[card]}",
                       claim.where("status", airline) if card else claim.where("status"))


def name_winner(sheet: Sheet) -> None:
    """THE END OF THE SHIFT: the most money wins; ties go to commendations, then fewest
    deals; a fired ATC cannot win."""
    record = sheet.record
    if record.winner is None or sheet.unchecked:
        return
    best = money.winner(sheet.shift)
    if record.winner != best:
        sheet.rule("score.winner", "THE END OF THE SHIFT", f"the winner is "
                   f"{best or 'undecided (a tie)'}: most money, then most commendations and "
                   f"fewest deals, and a fired ATC cannot win; the sheet names {record.winner}",
                   record.where("winner"))


def sheet_scores(sheet: Sheet) -> dict[str, Scores]:
    """Return each ATC's recomputed money and record, with the cash they claimed."""
    out = scores(sheet.shift)
    for atc, score in out.items():
        claim = sheet.record.controllers.get(atc)
        score["claimed"] = claim.cash if claim else None
    return out


# --- the command line ------------------------------------------------------------------------


@records.kind("sector-log", SectorLogRecord, piece="plane")
def referee_sector_log(game: GameContent, record: SectorLogRecord,
                       report: Report[Shift, Scores]) -> None:
    """Referee a filled-in Sector Log."""
    sheet = check_sheet(game, record)
    report.findings += sheet.findings
    report.incidents, report.state = sheet.incidents, sheet.shift
    report.scores = sheet_scores(sheet)
    report.winner = money.winner(sheet.shift)
