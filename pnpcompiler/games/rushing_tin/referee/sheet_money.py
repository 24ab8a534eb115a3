"""A Sector Log's money: the rows played out in time order with the money rules the shift
replay uses (:mod:`.money`), then each ATC's claimed money, record and status cards compared
with what follows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ....referee import Scores
from ..routes import hhmm, minutes
from . import money
from .log import ControllerClaim
from .sheet_rows import PAID, Deal, Flight, Sheet, StatusChange
from .state import Controller, Shift
from .turns import scores

CARD_NAMES = {None: "no status card", "key-controller": "Key Controller",
              "cautioned-controller": "Cautioned Controller", "black-listed": "Black Listed"}


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
            sheet.doubt("the appraisal has no time on the track", appraisal.atc, record=False)
    for step in sorted(steps, key=lambda s: s[:4]):
        step[4]()


STATUS_RULES = {
    ("perfect", "key-controller", True): "KEY CONTROLLER",
    ("perfect", None, True): "REMOVING A CAUTION",
    ("perfect", None, False): "KEY CONTROLLER",
    ("overshoot", "cautioned-controller", True): "4.13",
    ("overshoot", None, True): "4.13",
    ("overshoot", None, False): "4.13",
    ("covered", "cautioned-controller", True): "12.09",
    ("covered", None, True): "12.09",
    ("covered", None, False): "12.09",
    ("minor", "cautioned-controller", True): "12.02",
    ("minor", None, True): "CAUTIONED CONTROLLER",
    ("minor", "black-listed", True): "BLACK LISTED CONTROLLER",
    ("minor", None, False): "12.03",
    ("major", "black-listed", True): "12.05",
}
"""The rule behind a status change: (the step, the card it left the ATC, their own step)."""


def changing(sheet: Sheet, step: str, who: str, what: str,
             act: Callable[[], str | list[str]]) -> list[str]:
    """Apply ``who``'s status change (a ``step``: perfect, overshoot, minor, major, covered)
    and remember it as the cause of every status it changed."""
    ctrl = sheet.shift.controllers
    before = {(a, x): money.status_card(c, x) for a, c in ctrl.items() for x in sheet.airlines}
    result = act()
    said = [result] if isinstance(result, str) else result
    for (a, x), old in before.items():
        card = money.status_card(ctrl[a], x)
        if card != old:
            sheet.cause[(a, x)] = StatusChange(f"{what}: {'; '.join(said)}", step, card,
                                               a == who)
    return said


def accept(sheet: Sheet, f: Flight) -> None:
    """A fired ATC accepts nothing; a black-listed one nothing of that airline (neither
    judged while a row that cannot be read or trusted leaves it open)."""
    atc = sheet.shift.controllers[f.atc]
    if sheet.record_open(f.atc, f.start) or sheet.status_open(f.route.airline, f.start):
        return
    if atc.fired:
        sheet.rule("row.fired", "GETTING FIRED", f"{f.atc} was fired ({sheet.fired[f.atc]}) "
                   f"and accepts no more hand-offs; {f.code} starts at {hhmm(f.start)}",
                   f.row.where("ctr"), at=f.start, piece=f.plane)
    elif f.route.airline in atc.black_listed:
        change = sheet.cause.get((f.atc, f.route.airline))
        sheet.rule("row.black-listed", "BLACK LISTED CONTROLLER", f"{f.atc} is black-listed by "
                   f"{f.route.airline} ({change.why if change else ''}) and may not control "
                   "its planes",
                   f.row.where("ctr"), at=f.start, piece=f.plane)


def deal(sheet: Sheet, f: Flight, d: Deal) -> None:
    """12.01-12.07: a deal's fine, count and status; a covered-up one is a final warning."""
    atc, airline = sheet.shift.controllers[f.atc], f.route.airline
    fired = atc.fired
    what = f"{d.kind} deal on {f.code} at {hhmm(d.at)}"
    if d.kind == "covered":
        after = changing(sheet, d.kind, f.atc, what,
                         lambda: money.final_warning(sheet.shift, atc, airline))
    else:
        after = changing(sheet, d.kind, f.atc, what, lambda: money.deal(
            sheet.shift, sheet.tables, f.atc, airline, d.kind == "major"))
    if atc.fired and not fired:
        sheet.fired[f.atc] = f"{atc.deals} deals by {hhmm(d.at)}, the last on {f.code}"
    sheet.incident_at(d.at, f"{d.kind} deal", flight=f.code, atc=f.atc, result=after)


def settle(sheet: Sheet, f: Flight) -> None:
    """1.41-1.42, 4.05-4.13: pay a finished flight, then update the ATC's record."""
    atc, airline, q = sheet.shift.controllers[f.atc], f.route.airline, f.quality
    schedule, extra, why = pay(sheet, f, atc) if q in (*PAID, "emergency") else (
        0, 0, f"{q}: no bonus")
    forgotten = without_card(sheet, f, atc)
    atc.bonuses += schedule + extra
    what = f"{f.code} at {hhmm(f.end)}"
    after: list[str] = []
    if q == "perfect" and airline in sheet.airlines and airline not in atc.black_listed:
        after = changing(sheet, q, f.atc, what,
                         lambda: money.perfect_hand_off(sheet.shift, atc, airline))
    elif q == "perfect":  # a Celebrity Jet, or an airline that black-listed the ATC
        atc.commendations += 1
        after = ["commendation"]
    elif q == "overshoot":
        after = changing(sheet, q, f.atc, what,
                         lambda: money.overshoot(sheet.shift, atc, airline))
    open_since = sheet.status_open(airline, f.end)
    if open_since or not f.judged:
        # What it earned hangs on a card or a box the sheet leaves open: not judged.
        if open_since:
            sheet.doubt(f"{f.code}'s payment hangs on {airline}'s status cards, left open "
                        f"as {open_since}", f.atc, record=False)
    else:
        check_paid(sheet, f, schedule + extra, why, forgotten)
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


def without_card(sheet: Sheet, f: Flight, atc: Controller) -> tuple[int, StatusChange] | None:
    """Return what the hand-off would earn had the ATC held no status card with its airline,
    and the change that gave them the card they hold; None when they hold none."""
    airline = f.route.airline
    change = sheet.cause.get((f.atc, airline))
    if money.status_card(atc, airline) is None or change is None or f.quality not in (
            *PAID, "emergency"):
        return None
    neutral = atc.copy()
    neutral.key.pop(airline, None)
    neutral.cautioned.discard(airline)
    neutral.black_listed.discard(airline)
    schedule, extra, _ = pay(sheet, f, neutral)
    return schedule + extra, change


def check_paid(sheet: Sheet, f: Flight, total: int, why: str,
               forgotten: tuple[int, StatusChange] | None) -> None:
    """1.41-1.42, SCHEDULES, PENALTIES: what the Lead Controller paid for the hand-off; paid
    as if the ATC held no status card, the rule that gave them the card."""
    paid = f.row.paid
    if paid is None or paid == total:
        return
    code, rule, but = "bonus.paid", "1.42", ""
    if paid > total and f.end - f.start > f.schedule:
        code, rule = "bonus.late", "SCHEDULES"
    elif paid > total and (f.row.p or 0) > sheet.tables.rules.bonuses.no_bonus_beyond:
        code, rule = "bonus.too-far", "PENALTIES"
    elif forgotten is not None and paid == forgotten[0]:
        change = forgotten[1]
        rule = STATUS_RULES.get((change.step, change.card, change.own), "ATC STATUS")
        but = (f", as if {f.atc} held no status card with {f.route.airline} "
               f"({CARD_NAMES[change.card]}: {change.why})")
        sheet.missed[(f.atc, f.route.airline)] = change
    sheet.rule(code, rule, f"{f.code} earns {total} ({why}); the sheet notes {paid} paid{but}",
               f.row.where("paid"), at=f.finish, piece=f.plane)
    sheet.carry(f.atc, "bonuses", paid - total)


def appraise(sheet: Sheet, at: int) -> None:
    """APPRAISAL: 500 per commendation so far, docked 500 per deal."""
    appraisal = sheet.record.appraisal
    assert appraisal is not None
    atc = sheet.shift.controllers.get(appraisal.atc)
    if atc is None:
        sheet.rule("appraisal.unknown-atc", "APPRAISAL", f"{appraisal.atc} is not an ATC on "
                   "this shift", appraisal.where("atc"), at=at)
        sheet.doubt(f"the appraisal names {appraisal.atc}", None, since=at, record=False)
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
        # What a row that cannot be read or trusted leaves open is not judged: that row has
        # its finding, and the scoreboard says the money is not checked.
        if not sheet.unchecked(atc):
            check_money(sheet, ctrl[atc], claim)
        if not sheet.record_open(atc, sheet.end):
            check_record(sheet, ctrl[atc], claim)
        check_status(sheet, ctrl[atc], claim)
    net = sum(c.transfers for c in record.controllers.values())
    if net and set(record.controllers) >= set(ctrl):
        sheet.rule("money.transfers", "SCORING", f"money between ATCs only changes hands, so "
                   f"the transfers add up to 0; they add up to {net:+d}",
                   record.where("controllers"))


def check_money(sheet: Sheet, c: Controller, claim: ControllerClaim) -> None:
    """Compare each part of the money, then the cash (SCORING); a part may carry a box
    already ruled wrong (a payment), as the player added it up, and a cash that adds up from
    parts already ruled wrong is their mistake, not another."""
    parts = (("bonuses", c.bonuses, claim.bonuses, "1.42"),
             ("fines", c.fines, claim.fines, "12.01"),
             ("appraisal", c.appraisal, claim.appraisal, "APPRAISAL"),
             ("lawsuits", c.lawsuits, claim.lawsuits, "CELEBRITY ALERT"))
    carried = sheet.written.get(c.id, {})
    as_claimed = c.copy()
    for name, have, said, rule in parts:
        if said is not None and said not in (have, have + carried.get(name, 0)):
            sheet.rule(f"money.{name}", rule, f"{c.id}'s {name} come to {have}; the claim says "
                       f"{said}", claim.where(name))
            setattr(as_claimed, name, said)
    if claim.cash not in (c.cash, as_written(sheet, c).cash) and (
            as_claimed.cash == c.cash or claim.cash != as_claimed.cash):
        sheet.rule("money.cash", "SCORING", f"{c.id} ends with {c.cash} (wage {c.wage}, "
                   f"bonuses {c.bonuses}, fines -{c.fines}, transfers {c.transfers:+d}, "
                   f"appraisal {c.appraisal:+d}, lawsuits -{c.lawsuits}); the claim says "
                   f"{claim.cash}", claim.where("cash"))


def check_record(sheet: Sheet, c: Controller, claim: ControllerClaim) -> None:
    """Compare commendations, deals and firing with the claim."""
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


def check_status(sheet: Sheet, c: Controller, claim: ControllerClaim) -> None:
    """Compare the status cards claimed with those the sheet gives, for each airline whose
    cards no unread or untrusted row leaves open."""
    if claim.status is None:
        return
    for airline in set(claim.status) - set(sheet.airlines):
        sheet.rule("status.airline", "ATC STATUS", f"no airline {airline} "
                   f"({', '.join(sheet.airlines)})", claim.where("status", airline, key=True))
    for airline in sheet.airlines:
        held, card = money.status_card(c, airline), claim.status.get(airline)
        change = sheet.cause.get((c.id, airline))
        if card is None and change is not None and sheet.missed.get((c.id, airline)) is change:
            continue  # the card a payment already left out, claimed as the payment had it
        if held != card and not sheet.status_open(airline, sheet.end):
            key = (change.step, change.card, change.own) if change else ("", None, True)
            rule = STATUS_RULES.get(key, "ATC STATUS")  # ATC STATUS: each starts neutral
            why = change.why if change else "nothing on the sheet changed it"
            sheet.rule("status.claim", rule, f"{c.id} holds {CARD_NAMES[held]} for "
                       f"{airline} ({why}); the claim says {CARD_NAMES[card]}",
                       claim.where("status", airline) if card else claim.where("status"))


def name_winner(sheet: Sheet) -> None:
    """THE END OF THE SHIFT: the most money wins; ties go to commendations, then fewest
    deals; a fired ATC cannot win. A winner named on a wrong payment already ruled on is
    that payment's mistake, not another."""
    record = sheet.record
    if record.winner is None or sheet.doubts:
        return
    best = money.winner(sheet.shift)
    written = Shift(controllers={a: as_written(sheet, c)
                                 for a, c in sheet.shift.controllers.items()})
    if record.winner not in (best, money.winner(written)):
        sheet.rule("score.winner", "THE END OF THE SHIFT", f"the winner is "
                   f"{best or 'undecided (a tie)'}: most money, then most commendations and "
                   f"fewest deals, and a fired ATC cannot win; the sheet names {record.winner}",
                   record.where("winner"))


def as_written(sheet: Sheet, c: Controller) -> Controller:
    """Return the ATC's money as the sheet's own boxes add up, a wrong payment and all."""
    twin = c.copy()
    twin.bonuses += sheet.written.get(c.id, {}).get("bonuses", 0)
    return twin


def sheet_scores(sheet: Sheet) -> dict[str, Scores]:
    """Return each ATC's recomputed money and record, with the cash they claimed and, when
    the sheet leaves their money open, why it is not checked."""
    out = scores(sheet.shift)
    for atc, score in out.items():
        claim = sheet.record.controllers.get(atc)
        score["claimed"] = claim.cash if claim else None
        why = sheet.unchecked(atc)
        if claim and why:
            score["claim"] = f"unchecked: {why}"
    return out
