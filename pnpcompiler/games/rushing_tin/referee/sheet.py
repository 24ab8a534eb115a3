"""Check a filled-in Sector Log: flights, times, limits, bonuses, deals and money.

The Lead Controller's sheet (SECTORS AND THE SECTOR LOG) has a row per flight: who controlled
it, its plane, when it started and finished, and the W, P, D and CM boxes. ``check_sheet``
checks each row (:mod:`.sheet_rows`), then the rows together (planes, the Plane Pool, the
Shift Limit, what the sheet leaves unsaid), then plays the rows out in time order with the
money rules the shift replay uses and compares what follows with what the ATCs claim
(:mod:`.sheet_money`). docs/rushing-tin-sector-log.md lists every check and what a paper sheet
cannot prove.
"""

from __future__ import annotations

from ....content.project import GameContent
from ....core.findings import Severity
from ....referee import Records, Report, Scores
from ..model import PlaneCubes
from ..routes import hhmm, minutes
from . import money
from .log import SectorLogRecord
from .sheet_money import claims, name_winner, sheet_scores, timeline
from .sheet_rows import NEVER, PAID, Flight, Sheet, open_to_perfect, read_row
from .state import Controller, Shift
from .turns import build_context

records = Records()
"""The kind of record this module referees; the referee package includes it."""


# --- the library call ------------------------------------------------------------------------


def check_sheet(game: GameContent, record: SectorLogRecord) -> Sheet:
    """Check a validated Sector Log; return the sheet with its rulings and recomputed money.

    A hand-off at P 0 without CM may have been perfect (the CM forgotten) or imperfect (off
    the hand-off route): it is read as imperfect, unless reading those rows as perfect leaves
    fewer errors, the payments and claims after them counting them so.
    """
    sheet = read_sheet(game, record, frozenset())
    ambiguous = frozenset(f.n for f in sheet.flights if open_to_perfect(f))
    if ambiguous and errors(sheet):
        perfect = read_sheet(game, record, ambiguous)
        if errors(perfect) < errors(sheet):
            return perfect
    return sheet


def errors(sheet: Sheet) -> int:
    """Return how many errors the sheet has."""
    return sum(1 for f in sheet.findings if f.severity is Severity.ERROR)


def read_sheet(game: GameContent, record: SectorLogRecord, read_perfect: frozenset[int]
               ) -> Sheet:
    """Check the sheet with the given rows read as perfect hand-offs."""
    ctx = build_context(game, record.sector)
    assert ctx.geo.sector is not None
    cubes = {n for c in game.of_type(PlaneCubes) for n in c.planes} or set(range(1, 13))
    sheet = Sheet(record, ctx.tables, ctx.geo.sector, cubes, read_perfect=read_perfect)
    staff(sheet)
    for n, row in enumerate(record.rows):
        flight = read_row(sheet, n, row)
        if flight is not None:
            sheet.flights.append(flight)
        elif not copied(record, n):
            sheet.unread(row)
    planes(sheet)
    limits(sheet)
    gaps(sheet)
    timeline(sheet)
    claims(sheet)
    name_winner(sheet)
    return sheet


def copied(record: SectorLogRecord, n: int) -> bool:
    """Return whether row ``n`` repeats an earlier row word for word (it adds nothing)."""
    row = record.rows[n].model_dump()
    return any(earlier.model_dump() == row for earlier in record.rows[:n])


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
