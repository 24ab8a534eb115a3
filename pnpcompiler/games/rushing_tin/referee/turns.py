"""A recorded shift's rules, step by step (1.00-1.90, THE END OF THE SHIFT): the set-up,
accepting hand-offs, each phase of a turn, the end of the shift, the dice against the seed.

The engine (``engine.ShiftEngine``) runs these steps for the replay, the bots and the
simulator; ``replay.replay`` is the library call.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import partial
from typing import Any

from ....content.project import GameContent
from ....referee import RefereeError, RolledDie, Scores, check_seeded, first_unseeded
from ..map_checks import geometry_for
from ..model import HandOffDeck, RandomEventDeck, RulesTables, StatusDeck, WeatherEventDeck
from ..movement import Movement
from ..routes import hhmm, minutes, parse_route
from ..sector_map import SectorGeometry
from . import money
from .accepting import check_rollers, setup_acceptances
from .arrive import sue
from .context import Context, Tables, where
from .events import resolve_event, weather_moves
from .flight import fly
from .log import Accept, Move, ShiftLog, Turn
from .state import Controller, HexNames, Plane, Shift

DICE_KEYS = {"lead_rolls": "1.06", "accept_rolls": "1.14", "roll": "1.20",
             "section": "RANDOM EVENTS", "new_section": "RADAR FAILURE",
             "rolls": "RANDOM EVENTS", "wind": "STRONG WINDS", "panic": "6.05",
             "lightning": "LIGHTNING STRIKES", "repair": "ELECTRICAL FAILURE",
             "emergency_roll": "11.02"}
"""The keys a record writes dice under, each with the rule the die is rolled by."""
ROLL_OFFS = {"lead_rolls", "accept_rolls", "rolls"}
"""Dice rolled round by round, re-rolling ties: written per player, read back by rounds."""
LEAVES = frozenset({int, str, bool, float, type(None)})
"""What most of a record is: values with nothing under them (told apart by their type alone,
the fastest test)."""


def build_context(game: GameContent, sector_code: str) -> Context:
    """Return a fresh replay context for a sector of the game's content."""
    # The map, its movement model and the tables are read only: every replay of the loaded
    # content shares them.
    geo, movement, tables, names = game.memo(("rushing-tin.referee.sector", sector_code),
                                             lambda: _sector(game, sector_code))
    return Context(game, geo, movement, names, tables)


def _sector(game: GameContent, sector_code: str
            ) -> tuple[SectorGeometry, Movement, Tables, HexNames]:
    """Return a sector's map, its movement model, the rules' tables and its hex names,
    looked up once."""
    geos = [g for g in geometry_for(game) if g.sector and g.sector.code == sector_code]
    if not geos:
        known = sorted(g.sector.code for g in geometry_for(game) if g.sector)
        raise RefereeError(f"no sector {sector_code!r} in the content (known: "
                           f"{', '.join(known) or 'none'})", code="record.sector", key="sector")
    geo = geos[0]
    tables = game.of_type(RulesTables)[0]
    assert geo.sector is not None
    schedules = {row.flight: minutes(row.schedule) or 0 for row in geo.sector.rows()}
    cards: dict[str, Any] = {c.route: c for d in game.of_type(HandOffDeck) for c in d.cards}
    randoms = {c.id: c for d in game.of_type(RandomEventDeck) for c in d.cards}
    for card in randoms.values():
        if card.route:
            cards[card.route] = card
    weathers = {c.id: c for d in game.of_type(WeatherEventDeck) for c in d.cards}
    status = {(c.airline, c.status): c for d in game.of_type(StatusDeck) for c in d.cards}
    routes = {code: parse_route(code) for code in cards}
    return geo, geo.movement(), Tables(tables, schedules, cards, randoms, weathers, status,
                                       routes), HexNames(geo.board.grid)


# --- setup ---------------------------------------------------------------------------------


def setup(ctx: Context, log: ShiftLog) -> None:
    """1.00-1.14: wages, pending hand-offs, the lead, the plane pool, first acceptances."""
    state, tables = ctx.state, ctx.tables
    sector = ctx.geo.sector
    assert sector is not None
    ids = [a.id for a in log.atcs]
    for i, person in enumerate(log.atcs):
        if person.id in ids[:i]:
            ctx.rule("setup.atc-twice", "1.00", f"ATC {person.id} is listed twice",
                     where(person, "id"))
    state.seating = list(dict.fromkeys(ids))
    state.controllers = {a: Controller(a, wage=tables.rules.wage) for a in state.seating}
    if log.lead not in state.controllers:
        ctx.rule("setup.lead", "1.06", f"the Lead Controller {log.lead} is not one of the ATCs",
                 where(log, "lead"))
    state.lead = log.lead
    check_rollers(ctx, log.setup.lead_rolls, log.setup, "lead_rolls", "1.06")
    check_rollers(ctx, log.setup.accept_rolls, log.setup, "accept_rolls", "1.14")
    _check_lead_rolls(ctx, log)
    pool = log.setup.pool or list(range(1, sector.starting_planes + 1))
    if len(set(pool)) != sector.starting_planes:
        ctx.rule("setup.pool", "1.05", f"sector {sector.code} starts with "
                 f"{sector.starting_planes} planes in the Plane Pool; the record has "
                 f"{len(set(pool))}", where(log.setup, "pool"))
    state.pool = set(pool)
    state.out_of_play = set(range(1, 13)) - state.pool
    _, pending_limit = tables.shift_limit(len(state.seating))
    for atc, flights in log.setup.pending.items():
        if atc not in state.controllers:
            ctx.rule("setup.unknown-atc", "1.01", f"{atc} is not an ATC on this shift",
                     where(log.setup, "pending", atc))
            continue
        if len(flights) != pending_limit:
            ctx.rule("setup.pending", "1.01", f"each ATC is dealt {pending_limit} pending "
                     f"hand-offs; {atc} has {len(flights)}", where(log.setup, "pending", atc))
        for n, flight in enumerate(flights):
            if _take_card(ctx, flight, (log.setup, "pending", atc, n)):
                state.controllers[atc].pending.append(flight)
    first = _check_first_round(ctx, log)
    if first is not None:  # a wrong first round is the one finding
        setup_acceptances(ctx, log.setup.accept, first, log.setup.accept_rolls)
    for acc in log.setup.accept:
        accept(ctx, acc, setup=True)
    must_accept(ctx, log.setup, "1.13")


def _check_lead_rolls(ctx: Context, log: ShiftLog) -> None:
    rolls = log.setup.lead_rolls
    if not rolls:
        return
    winner, tied = money.roll_off({a: list(r) for a, r in rolls.items()})
    if winner != log.lead:
        result = winner or f"a tie between {' and '.join(tied)}"
        ctx.rule("setup.lead", "1.06", f"the highest roll becomes Lead Controller (re-rolling "
                 f"ties): the rolls give {result}, the record names {log.lead}",
                 where(log.setup, "lead_rolls"))


def _check_first_round(ctx: Context, log: ShiftLog) -> int | None:
    """1.08-1.10: the Lead Controller accepts first, then each ATC to the left, one each.
    Return how many acceptances the first round holds, or None when it is ruled on."""
    seating = ctx.state.seating
    if log.lead not in seating:
        return None
    start = seating.index(log.lead)
    order = seating[start:] + seating[:start]
    first = [a.atc for a in log.setup.accept[:len(order)]]
    wanted = order[:min(len(order), len(ctx.state.pool))]
    if first[:len(wanted)] != wanted:
        ctx.rule("setup.accept-order", "1.10", f"the first acceptances go Lead Controller "
                 f"first, then to the left, one each: {', '.join(wanted)}; the record has "
                 f"{', '.join(first) or 'none'}", where(log.setup, "accept"))
        return None
    return len(wanted)


def _take_card(ctx: Context, flight: str, here: tuple[Any, ...]) -> bool:
    """Take a hand-off card from the deck: each exists once.

    ``here`` is (model, key...): the location is looked up only for a finding."""
    if flight not in ctx.tables.cards or ctx.tables.route(flight) is None:
        ctx.rule("card.unknown", "1.01", f"there is no hand-off card {flight}", where(*here))
        return False
    if flight in ctx.state.used_flights:
        # Reported; the ATC holds it all the same, as the record says.
        ctx.rule("card.twice", "1.01", f"hand-off card {flight} is already dealt or played; "
                 "each card exists once", where(*here))
        return True
    ctx.state.used_flights.add(flight)
    return True


# --- accepting hand-offs -------------------------------------------------------------------


def accept(ctx: Context, acc: Accept, *, setup: bool = False) -> None:
    """2.01-2.04: an ATC accepts one of their pending hand-offs with a plane from the pool."""
    state, tables = ctx.state, ctx.tables
    atc = state.controllers.get(acc.atc)
    if atc is None:
        ctx.rule("accept.unknown-atc", "2.01", f"{acc.atc} is not an ATC on this shift", where(acc))
        return
    if atc.fired:
        # Reported, then played as recorded: the plane is on the table all the same, so its
        # moves are judged as the record makes them (one mistake, one finding).
        ctx.rule("accept.fired", "GETTING FIRED", f"{acc.atc} has been fired and accepts no "
                 "more hand-offs", where(acc))
    holder = state.controllers.get(acc.traded_from) if acc.traded_from else atc
    if holder is None or acc.flight not in holder.pending:
        # Reported, then played as recorded: the plane is on the table whatever the card.
        whose = acc.traded_from or acc.atc
        ctx.rule("accept.not-pending", "2.01", f"{acc.flight} is not among {whose}'s pending "
                 "hand-offs", where(acc, "flight"))
        # The card is played all the same: it leaves the hand that holds it, if any.
        other = next((c for c in state.controllers.values() if acc.flight in c.pending), None)
        if other is not None:
            other.pending.remove(acc.flight)
        holder = None
    route = ctx.tables.route(acc.flight)
    assert route is not None
    if route.airline in atc.black_listed:
        ctx.rule("accept.black-listed", "BLACK LISTED CONTROLLER", f"{acc.atc} is black-listed "
                 f"by {route.airline} and may not control its planes", where(acc, "flight"))
    accepted_limit, _ = tables.shift_limit(len(state.seating))
    load = state.load()
    if load[acc.atc] >= accepted_limit and not all(n >= accepted_limit for n in load.values()):
        ctx.rule("accept.shift-limit", "SHIFT LIMIT", f"{acc.atc} already controls "
                 f"{load[acc.atc]} planes, the Shift Limit for {len(state.seating)} ATC(s), "
                 "and not every ATC is at the limit", where(acc))
    in_play = state.planes.get(acc.plane)
    if acc.plane not in state.pool:
        ctx.rule("accept.no-plane", "2.02", f"plane {acc.plane} is not in the Plane Pool "
                 f"(pool: {', '.join(map(str, sorted(state.pool))) or 'empty'})",
                 where(acc, "plane"), piece=acc.plane)
        if in_play is not None and in_play.where != "gone":
            return  # the plane is flying: it cannot be in two places
        state.out_of_play.discard(acc.plane)
    if holder is not None:
        holder.pending.remove(acc.flight)
        if acc.traded_from and acc.price:
            atc.transfers -= acc.price
            holder.transfers += acc.price
    state.pool.discard(acc.plane)
    ctx.forget(("left in pool", acc.plane))
    turn = 1 if setup else state.turn
    state.planes[acc.plane] = Plane(
        acc.plane, acc.flight, acc.atc, route.airline, route.entry, route.exit, route.multi,
        tables.schedules.get(acc.flight, 0), tables.time_of(turn),
        active_from=1 if setup else state.turn + 1,
        where="ground" if route.entry == 1 else "waiting", level=route.entry)


def must_accept(ctx: Context, part: Any, rule: str) -> None:
    """1.13 / 1.83: planes left in the pool must go to ATCs with pending hand-offs."""
    state, tables = ctx.state, ctx.tables
    if not state.pool:
        return
    limit, _ = tables.shift_limit(len(state.seating))
    load = state.load()
    everyone_full = all(n >= limit for n in load.values())
    able = [a for a, c in state.controllers.items()
            if any(f[:2] not in c.black_listed for f in c.pending) and not c.fired
            and (load[a] < limit or everyone_full)]
    fresh = [p for p in sorted(state.pool) if ctx.once(("left in pool", p))]
    if able and fresh:
        ctx.rule("accept.pool-left", rule, f"plane(s) {', '.join(map(str, fresh))} left in the "
                 f"Plane Pool while {', '.join(able)} had pending hand-offs: they must be "
                 "accepted", where(part))


# --- one turn ------------------------------------------------------------------------------


def start_turn(ctx: Context, turn: Turn) -> None:
    """1.20-1.23 and 1.90: the turn's number and time, its event roll and card."""
    state, tables = ctx.state, ctx.tables
    if turn.turn != ctx.next_turn:
        state.turn = turn.turn
        ctx.rule("turn.number", "1.90", f"expected turn {ctx.next_turn} next, found turn "
                 f"{turn.turn}", where(turn, "turn"))
    ctx.next_turn = turn.turn + 1
    state.turn = turn.turn
    ctx.moved = set()
    if turn.time is not None and minutes(turn.time) != tables.time_of(turn.turn):
        ctx.rule("turn.time", "1.90", f"turn {turn.turn} is at "
                 f"{hhmm(tables.time_of(turn.turn))} on the time track, not {turn.time}",
                 where(turn, "time"))
    ctx.systems_at_start = len(state.weather)
    resolve_event(ctx, turn)


def end_moves(ctx: Context, turn: Turn) -> None:
    """3.06: every active plane moved; then the weather counters the record moves."""
    for plane in ctx.state.active():
        if plane.id in ctx.moved:
            continue
        if plane.where in ("waiting", "flying"):
            ctx.rule("move.missing", "3.06", f"plane {plane.id} is active and must move its "
                     "full distance this turn; the record has no move for it", where(turn),
                     piece=plane.id)
        elif plane.where == "ground":
            # Waiting to take off is a choice the record makes (hold: true), never silence.
            ctx.rule("move.missing", "5.04", f"plane {plane.id} is ready to take off; the "
                     "record has no move for it (take off, or hold: true to wait until it is "
                     "safe)", where(turn), piece=plane.id)
    weather_moves(ctx, turn)


def payments(ctx: Context, turn: Turn) -> None:
    """SCORING: money passed between ATCs this turn."""
    for payment in turn.payments:
        for atc, amount in ((payment.from_, -payment.amount), (payment.to, payment.amount)):
            if atc in ctx.state.controllers:
                ctx.state.controllers[atc].transfers += amount
            else:
                ctx.rule("payment.unknown-atc", "SCORING", f"{atc} is not an ATC on this shift",
                         where(payment))


def end_turn(ctx: Context, turn: Turn) -> None:
    """1.80-1.83: planes left in the pool; the celebrity's deadline; the board kept."""
    must_accept(ctx, turn, "1.83")
    celebrity_deadlines(ctx)
    if ctx.keep_snapshots:
        ctx.snapshots.append(ctx.state.snapshot())


def celebrity_deadlines(ctx: Context) -> None:
    """A Celebrity Jet still flying at the end of the last turn it could be handed off on
    schedule has failed it: the celebrity sues (CELEBRITY ALERT), the shift's last turn
    included."""
    later = ctx.tables.time_of(ctx.state.turn + 1)
    for plane in ctx.state.planes.values():
        if plane.celebrity and plane.where != "gone" and later - plane.start > plane.schedule:
            sue(ctx, plane)


def one_move(ctx: Context, move: Move) -> None:
    """Fly one plane's move of the turn (3.00-3.14 and all that a move meets)."""
    seen = ctx.moved
    state = ctx.state
    plane = state.planes.get(move.plane)
    if plane is None:
        if ctx.once(("not in play", move.plane)):
            ctx.rule("move.unknown-plane", "1.31", f"plane {move.plane} is not in play (no "
                     "accepted hand-off has it); its later moves are not reported again",
                     where(move, "plane"), piece=move.plane)
        return
    if move.plane in seen:
        ctx.rule("move.twice", "3.06", f"plane {move.plane} already moved this turn",
                 where(move, "plane"), piece=move.plane)
        return
    seen.add(move.plane)
    if plane.active_from > state.turn:
        ctx.rule("move.not-active", "1.43", f"plane {move.plane} was accepted this turn and is "
                 "not active until the next", where(move, "plane"),
                 piece=move.plane)
        return
    if plane.where == "gone":
        if ctx.once(("gone", move.plane, plane.flight)):
            ctx.rule("move.gone", "1.31", f"plane {move.plane} is not in play (its flight "
                     f"{plane.flight} has ended); its later moves are not reported again",
                     where(move, "plane"), piece=move.plane)
        return
    controller = state.controllers.get(plane.atc)
    if controller is not None and controller.fired:
        ctx.incident("moved for a fired ATC", "GETTING FIRED", piece=plane.id, atc=plane.atc)
    if plane.fault is not None or move.repair is not None:
        _repair(ctx, plane, move)
    if move.regain_control:
        if plane.out_of_control and plane.fault is None:
            ctx.claim("8.03", f"the ATC confirmed plane {plane.id} is back under control",
                      where(move, "regain_control"), piece=plane.id)
            plane.out_of_control, plane.reason = False, ""
        elif plane.fault is not None:
            ctx.rule("control.fault", "8.01", f"plane {plane.id} stays out of control until its "
                     f"fault ({plane.fault}) is fixed", where(move, "regain_control"),
                     piece=plane.id)
    fly(ctx, plane, move)


def _repair(ctx: Context, plane: Plane, move: Move) -> None:
    """ELECTRICAL FAILURE / LIGHTNING STRIKES: roll every turn until fixed (a 6 for an
    electrical failure, another 1 for a lightning strike)."""
    dice = ctx.tables.rules.dice
    if plane.fault not in ("cannot-climb", "cannot-descend", "stuck"):
        if move.repair is not None:
            ctx.rule("event.no-fault", "ELECTRICAL FAILURE", f"plane {plane.id} has nothing to "
                     "repair", where(move, "repair"), piece=plane.id)
        return
    if move.repair is None:
        what = ("been struck by lightning" if plane.fault == "stuck"
                else "an electrical failure")
        rule = "LIGHTNING STRIKES" if plane.fault == "stuck" else "ELECTRICAL FAILURE"
        ctx.rule("event.repair-roll", rule, f"plane {plane.id} has {what}: roll 1d6 "
                 "every turn until it is fixed; the record has no roll", where(move),
                 piece=plane.id)
        return
    fixes = dice.lightning_strike if plane.fault == "stuck" else dice.electrical_fix
    if move.repair in fixes:
        ctx.incident("fixed", "RANDOM EVENTS", piece=plane.id, fault=plane.fault)
        plane.fault, plane.out_of_control, plane.reason = None, False, ""
        plane.fixed_turn = ctx.state.turn


def entry_levels(ctx: Context, turn: Turn) -> None:
    """2.06-2.07: of the planes entering at one point this turn, the highest ID enters at the
    card's level; each other goes one level below the lowest or else one above the highest.
    Also note the level the record enters each at (its ``enter`` level, else the card's)."""
    ctx.expected_entry.clear()
    ctx.entry_priority.clear()
    ctx.recorded_entry.clear()
    for move in turn.moves:
        plane = ctx.state.planes.get(move.plane)
        if plane is not None and plane.where == "waiting":
            ctx.recorded_entry[plane.id] = (move.enter.level if move.enter and move.enter.level
                                            else plane.entry)
    by_point: dict[int, list[Plane]] = {}
    for plane in ctx.state.active():
        if plane.where == "waiting":
            by_point.setdefault(plane.entry, []).append(plane)
    for level, planes in by_point.items():
        taken: list[int] = []
        for plane in sorted(planes, key=lambda p: -p.id):
            if not taken:
                ctx.expected_entry[plane.id] = level
            else:
                low, high = min(taken) - 1, max(taken) + 1
                # Level 2 only where 10.04 allows it, when nothing safer is left; never 1.
                ctx.expected_entry[plane.id] = (low if low >= 3 else high if high <= 6
                                                else 2)
                ctx.entry_priority[plane.id] = min(p.id for p in planes if p.id > plane.id)
            taken.append(ctx.expected_entry[plane.id])


def check_order(ctx: Context, turn: Turn) -> None:
    """3.01 / 1.33-1.34: highest level first, then highest ID."""
    state = ctx.state

    def key(move: Move) -> tuple[int, int]:
        plane = state.planes.get(move.plane)
        if plane is None:
            return (0, 0)
        if plane.where == "waiting":
            # The record's own entry level: a wrong one is ruled once, at the plane's move.
            level = ctx.recorded_entry.get(plane.id, plane.entry)
        elif plane.where == "ground":
            level = 1
        else:
            level = plane.level
        return (-level, -plane.id)

    moves = [(m, key(m)) for m in turn.moves if not m.hold and m.plane in state.planes
             and state.planes[m.plane].where != "gone"]
    for (a, key_a), (b, key_b) in itertools.pairwise(moves):
        if key_a > key_b:
            ctx.rule("move.order", "3.01", f"plane {b.plane} (level {-key_b[0]}) must move "
                     f"before plane {a.plane} (level {-key_a[0]}), which the record moves first: "
                     "the highest level moves first, then the highest ID (1.33-1.34)",
                     where(b, "plane"), piece=b.plane)
            return


def draws(ctx: Context, turn: Turn) -> None:
    """1.61: an ATC with fewer than 3 pending hand-offs may take one from the deck."""
    _, limit = ctx.tables.shift_limit(len(ctx.state.seating))
    for draw in turn.draw:
        atc = ctx.state.controllers.get(draw.atc)
        if atc is None:
            ctx.rule("draw.unknown-atc", "1.61", f"{draw.atc} is not an ATC on this shift",
                     where(draw))
            continue
        if len(atc.pending) >= limit:
            ctx.rule("draw.limit", "1.61", f"{draw.atc} already has {len(atc.pending)} pending "
                     f"hand-offs; only an ATC with fewer than {limit} may take one",
                     where(draw))
            continue
        if _take_card(ctx, draw.flight, (draw, "flight")):
            atc.pending.append(draw.flight)


def pool(ctx: Context, turn: Turn) -> None:
    """1.71: when the next turn is due a new plane (the sector's frequency), the Lead
    Controller adds an out-of-play plane to the pool."""
    state, tables = ctx.state, ctx.tables
    sector = ctx.geo.sector
    assert sector is not None
    every = minutes(sector.frequency.every) or 0
    since = tables.time_of(turn.turn + 1) - tables.start
    due = sector.frequency.planes if every and since > 0 and since % every == 0 and (
        turn.turn < tables.rules.shift.turns) else 0
    for n, plane in enumerate(turn.pool):
        if n >= due:
            ctx.rule("pool.not-due", "1.71", f"no plane is due for the next turn "
                     f"({hhmm(tables.time_of(turn.turn + 1))}); planes arrive "
                     f"{sector.frequency.planes} every {sector.frequency.every}",
                     where(turn, "pool", n), piece=plane)
            continue
        if plane not in state.out_of_play:
            ctx.rule("pool.not-out-of-play", "1.71", f"plane {plane} is not out of play",
                     where(turn, "pool", n), piece=plane)
            continue
        state.out_of_play.discard(plane)
        state.pool.add(plane)
    if due and not turn.pool and state.out_of_play:
        ctx.rule("pool.missed", "1.71", f"{due} plane(s) join the Plane Pool for "
                 f"{hhmm(tables.time_of(turn.turn + 1))} (FREQUENCY); the record adds none",
                 where(turn), warn=True)


# --- the end ---------------------------------------------------------------------------------


def finish(ctx: Context, log: ShiftLog) -> None:
    """THE END OF THE SHIFT: money, the claims, the winner."""
    state, tables = ctx.state, ctx.tables
    last = log.turns[-1].turn if log.turns else 0
    if log.end is not None and last < tables.rules.shift.turns:
        ctx.rule("end.early", "THE END OF THE SHIFT", f"the shift ends after turn "
                 f"{tables.rules.shift.turns} ({tables.rules.shift.end}); the record ends after "
                 f"turn {last}", where(log, "end"), warn=True)
    if log.end is None:
        return
    state.turn = last
    for atc, claimed in log.end.cash.items():
        controller = state.controllers.get(atc)
        if controller is None:
            ctx.rule("end.unknown-atc", "SCORING", f"{atc} is not an ATC on this shift",
                     where(log.end, "cash", atc))
        elif controller.cash != claimed:
            ctx.rule("score.cash", "SCORING", f"{atc} ends with {controller.cash} (wage "
                     f"{controller.wage}, bonuses {controller.bonuses}, fines "
                     f"-{controller.fines}, transfers {controller.transfers:+d}, appraisal "
                     f"{controller.appraisal:+d}, lawsuits -{controller.lawsuits}); the record "
                     f"claims {claimed}", where(log.end, "cash", atc))
    best = money.winner(state)
    if log.end.winner is not None and log.end.winner != best:
        ctx.rule("score.winner", "THE END OF THE SHIFT", f"the winner is "
                 f"{best or 'undecided (a tie)'}: most money, then most commendations and "
                 f"fewest deals; the record names {log.end.winner}", where(log.end, "winner"))
    del tables


def scores(state: Shift) -> dict[str, Scores]:
    """Return each ATC's recomputed money and record for the report."""
    out: dict[str, Scores] = {}
    for atc in state.seating:
        c = state.controllers[atc]
        out[atc] = {"cash": c.cash, "wage": c.wage, "bonuses": c.bonuses, "fines": c.fines,
                    "transfers": c.transfers, "appraisal": c.appraisal, "lawsuits": c.lawsuits,
                    "commendations": c.commendations, "deals": c.deals, "fired": c.fired,
                    "key_controller": dict(sorted(c.key.items())),
                    "cautioned": sorted(c.cautioned), "black_listed": sorted(c.black_listed)}
    return out


@dataclass(frozen=True, slots=True)
class RecordDice:
    """Every die a seeded record writes, in record order with its path, and whether the seed
    rolls them all: read from the record once (a simulator replays it again and again)."""

    seed: int
    found: tuple[tuple[tuple[Any, ...], int], ...]
    seeded: bool
    """The seed rolls every die: nothing to rule on."""


def record_dice(log: ShiftLog) -> RecordDice | None:
    """Return the dice a record writes, or None when it has no seed to check them against."""
    doc = log._doc
    if log.seed is None or doc is None:
        return None
    found = tuple(_dice(doc.data, ()))
    return RecordDice(log.seed, found, first_unseeded(log.seed, (v for _, v in found)) is None)


def check_dice(ctx: Context, log: ShiftLog, dice: RecordDice | None = None) -> None:
    """With a ``seed``, every die in the record, in the record's order, must be what the
    seeded dice roll (1.20); ``dice`` is the record's, when already read."""
    doc = log._doc
    if dice is None:
        dice = record_dice(log)
    if dice is None or doc is None or dice.seeded:
        return  # every die is the seed's: nothing to rule on, nothing to locate
    rolled = (RolledDie(value, partial(doc.locate, path), _die_rule(path))
              for path, value in dice.found)
    check_seeded(ctx, dice.seed, rolled, order="record order")


def _die_rule(path: tuple[Any, ...]) -> str:
    """Return the rule a die at ``path`` was rolled by (its key's, the last on the path)."""
    return next(DICE_KEYS[k] for k in reversed(path) if isinstance(k, str) and k in DICE_KEYS)


def _dice(data: Any, path: tuple[Any, ...],
          out: list[tuple[tuple[Any, ...], int]] | None = None
          ) -> list[tuple[tuple[Any, ...], int]]:
    """Return the dice under ``data`` in record order, each with its path."""
    if out is None:
        out = []
    # Paths are built only on the way to dice: most of a record is not dice.
    if isinstance(data, list):
        for i, value in enumerate(data):  # a list index is never a dice key
            if type(value) not in LEAVES and isinstance(value, (dict, list)):
                _dice(value, (*path, i), out)
        return out
    if not isinstance(data, dict):
        return out
    for key, value in data.items():
        kind = type(value)
        if kind in LEAVES:
            if kind is int and key in DICE_KEYS:
                out.append(((*path, key), value))
        elif key in DICE_KEYS:
            if key in ROLL_OFFS and isinstance(value, dict):
                out += _rounds(value, (*path, key))
            else:
                out += _flat(value, (*path, key))
        elif isinstance(value, (dict, list)):
            _dice(value, (*path, key), out)
    return out


def _rounds(rolls: dict[Any, Any], path: tuple[Any, ...]
            ) -> list[tuple[tuple[Any, ...], int]]:
    """Return roll-off dice in the order they were rolled: everyone once, then the tied
    players again, round by round (each player's list holds their rolls in order)."""
    out: list[tuple[tuple[Any, ...], int]] = []
    lists = {k: v for k, v in rolls.items() if isinstance(v, list)}
    for i in range(max((len(v) for v in lists.values()), default=0)):
        for who, values in lists.items():
            if i < len(values) and isinstance(values[i], int) and not isinstance(values[i], bool):
                out.append(((*path, who, i), values[i]))
    return out


def _flat(value: Any, path: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], int]]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [(path, value)]
    if isinstance(value, list):
        return [x for i, v in enumerate(value) for x in _flat(v, (*path, i))]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in _flat(v, (*path, k))]
    return []
