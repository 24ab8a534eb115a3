"""The end of a move: the turn and level change, and what the final hex means (3.07-3.12,
4.01-4.15, 5.01-5.14, 10.01-10.07, 11.01-11.04), with the money a finished flight earns."""

from __future__ import annotations

from dataclasses import dataclass

from ....core.hexgrid import Hex, distance, neighbor, turn
from ..movement import MAX_LEVEL
from . import money
from .context import Context, where
from .state import Plane
from .walk import Walk, deal, out_of_control

SIDES = {"left": 1, "right": -1}


def take_off_index(ctx: Context, h: Hex) -> int | None:
    """Return a hex's place on the take-off route: 0 the airport, then the approach."""
    lookups = ctx.lookups
    line = (lookups.airport, *lookups.approach)
    return line.index(h) if h in line else None


def end_changes(ctx: Context, walk: Walk) -> None:
    """Apply and check the end-of-move turn and level change (3.07, 3.10-3.11)."""
    plane, move = walk.plane, walk.move
    new_level = move.level if move.level is not None else walk.level
    side = SIDES[move.turn] if move.turn else 0
    if plane.taking_off:
        _take_off(ctx, walk, new_level, side)
        return
    if walk.restricted and (side or new_level not in (walk.level,
                                                      plane.dropped_to(walk.level))):
        rule = "7.11" if walk.restricted.startswith("level changed in evasive") else "6.10"
        ctx.rule("move.restricted", rule,
                 f"plane {plane.id} may not turn or change level at the end of this move: "
                 f"{walk.restricted}", where(move), piece=plane.id)
    if abs(new_level - walk.level) > 1 and plane.fault != "engine-2":
        ctx.rule("move.level-step", "3.11", f"plane {plane.id} changed from level {walk.level} "
                 f"to {new_level}: one level a turn at most", where(move, "level"),
                 piece=plane.id)
    if plane.fault is not None:
        _faults(ctx, walk, new_level)
    # 3.07: the turn and the level change come in any order, so a plane climbing back to
    # level 3 may turn after it.
    if plane.low_to_avoid and side and new_level < 3:
        ctx.rule("level2.turn", "10.06", f"plane {plane.id} flies at level 2 to avoid trouble "
                 "and may not change direction until back at level 3", where(move, "turn"),
                 piece=plane.id)
    walk.facing = turn(walk.facing, side)
    if new_level == 2 and walk.level > 2:
        _level_two(ctx, walk)
    if new_level >= 3:
        plane.low_to_avoid = False
    # COLLISIONS note: a level changed at the end of the move leaves only a turn for any
    # evasive action the final hex then calls for.
    walk.level_changed = new_level != walk.level
    walk.level = new_level


def _take_off(ctx: Context, walk: Walk, new_level: int, side: int) -> None:
    """5.02: follow the approach to its end, at level 3 by then; level 2 once off the
    ground (TAKE OFF EXAMPLE)."""
    plane, move = walk.plane, walk.move
    if take_off_index(ctx, walk.hex) == 0:
        if side:
            ctx.rule("take-off.route", "5.02", f"plane {plane.id} must follow the hand-off "
                     "route all the way to its end when taking off", where(move, "turn"),
                     piece=plane.id)
        if move.level is not None and move.level != 2:
            ctx.rule("take-off.level", "5.02", f"plane {plane.id} is at level 2 once it is off "
                     "the ground (TAKE OFF EXAMPLE)", where(move, "level"), piece=plane.id)
        walk.level = 2
        return
    end = take_off_end(ctx, plane, walk.hex, walk.level, new_level, side)
    if end.turned_on_route:
        ctx.rule("take-off.route", "5.02", f"plane {plane.id} must follow the hand-off route "
                 "all the way to its end when taking off", where(move, "turn"), piece=plane.id)
    if end.bad_climb:
        ctx.rule("take-off.level", "5.02", f"plane {plane.id} climbs at most one level a turn "
                 f"on take-off, not from {walk.level} to {new_level}", where(move, "level"),
                 piece=plane.id)
    if end.past_end:
        if end.too_low and ctx.once(take_off_cause(ctx, plane)):
            ctx.rule("take-off.level", "5.02", f"plane {plane.id} must be at level 3 by the end "
                     f"of the take-off route, not {new_level}", where(move, "level"),
                     piece=plane.id)
        plane.taking_off = False
        walk.facing = turn(walk.facing, side)
    walk.level = min(new_level, MAX_LEVEL)


@dataclass(frozen=True, slots=True)
class TakeOffEnd:
    """What 5.02 makes of the end of a take-off move that ends past the airport."""

    past_end: bool
    """It ends past the end of the take-off route (the take-off runs straight out): the
    take-off is over, and the plane turns as the move says."""
    turned_on_route: bool
    """It turns short of the route's end (``take-off.route``)."""
    bad_climb: bool
    """It neither keeps its level nor climbs one (``take-off.level``)."""
    too_low: bool
    """It ends past the route's end below level 3, its level not held down
    (``take-off.level``, once a turn: see :func:`take_off_cause`)."""


def take_off_end(ctx: Context, plane: Plane, at: Hex, level: int, new_level: int, side: int
                 ) -> TakeOffEnd:
    """Return what 5.02 makes of a take-off move ending at ``at`` past the airport, begun at
    ``level``, with a level change to ``new_level`` and a turn to ``side`` (0: none); changes
    nothing."""
    index = take_off_index(ctx, at)
    past_end = index is None or index >= len(ctx.movement.air.approach)
    return TakeOffEnd(past_end, bool(side) and not past_end,
                      new_level not in (level, level + 1),
                      past_end and new_level < 3 and not plane.held_down(ctx.state.turn))


def take_off_cause(ctx: Context, plane: Plane) -> tuple[str, int, int]:
    """Return the cause a plane's take-off too low is ruled on under, once a turn (passing the
    route's end mid-move, or ending past it)."""
    return ("take-off level", plane.id, ctx.state.turn)


def _faults(ctx: Context, walk: Walk, new_level: int) -> None:
    """Electrical failure, lightning and engine failure limit the level (RANDOM EVENTS)."""
    plane, move = walk.plane, walk.move
    fault, level = plane.fault, walk.level
    problem, rule = None, "ELECTRICAL FAILURE"
    if fault == "cannot-climb" and new_level > level:
        problem = f"cannot fly above level {level} (electrical failure)"
    elif fault == "cannot-descend" and new_level < level:
        problem = f"cannot fly below level {level} (electrical failure)"
    elif fault == "stuck" and new_level != level:
        problem, rule = f"is stuck at level {level} (lightning strike)", "LIGHTNING STRIKES"
    elif (expected := plane.dropped_to(level)) is not None:
        rule = "ENGINE FAILURE"
        if new_level != expected:
            problem = (f"drops {1 if fault == 'engine-1' else 2} level(s) a turn (engine "
                       f"failure): level {expected}, not {new_level}")
    if problem:
        ctx.rule("event.fault", rule, f"plane {plane.id} {problem}",
                 where(move, "level") or where(move), piece=plane.id)


def _level_two(ctx: Context, walk: Walk) -> None:
    """10.04-10.05: level 2 only to hand off to the level-2 point within its zone, approaching
    to land, in evasive action, or as the only safe way (a claim)."""
    plane, move = walk.plane, walk.move
    airspace = ctx.lookups.restricted
    if level_two_allowed(ctx, plane, walk.hex):
        return
    if walk.restricted.startswith("level changed in evasive"):
        return
    if move.claim:
        if walk.hex in airspace:
            ctx.rule("level2.airspace", "10.05", f"plane {plane.id} may never reduce to level 2 "
                     "to avoid trouble within the airport's airspace", where(move, "level"),
                     piece=plane.id)
            return
        ctx.claim("10.04", f"level 2 was the only safe way for plane {plane.id} "
                  f"({move.claim})", where(move, "claim"), piece=plane.id)
        plane.low_to_avoid = True
        return
    ctx.rule("level2.not-allowed", "10.04", f"plane {plane.id} may not fly at level 2 at "
             f"{ctx.hexname(walk.hex)}: only to hand off to the level-2 exit point within the "
             "Level 2 Hand-off Zone, approaching to land, in evasive action, or when every ATC "
             "agrees it is the only safe way (record it as a claim)", where(move, "level"),
             piece=plane.id)


def level_two_allowed(ctx: Context, plane: Plane, at: Hex) -> bool:
    """Return whether a plane may end a move at level 2 on ``at`` without a claim or evasive
    action (10.04): handing off to the level-2 exit point within its zone, approaching to land
    in the airport's airspace, or making an emergency landing (11.04: low flying rules do not
    apply to it)."""
    if plane.fault in ("engine-1", "engine-2"):
        return True
    return ctx.movement.level_two_allowed(plane.exit_level, at)


def arrive(ctx: Context, walk: Walk) -> None:
    """Settle where the move ended: landing, low flying, the map edge, or flying on."""
    plane, move = walk.plane, walk.move
    plane.hex, plane.facing, plane.level = walk.hex, walk.facing, walk.level
    lookups = ctx.lookups
    if plane.control_zone_breach and walk.hex not in lookups.restricted:
        plane.control_zone_breach = False
    if plane.go_around and walk.hex not in lookups.restricted:
        plane.go_around = False
    if walk.level == 1:
        if plane.fault in ("engine-1", "engine-2"):
            _emergency_landing(ctx, walk)
        elif (walk.hex == lookups.airport and walk.facing == lookups.landing_direction
              and plane.exit_level == 1):
            land(ctx, walk)
        elif walk.hex in lookups.restricted:
            _landing_deal(ctx, walk, "5.09", "tried to land outside the hand-off route")
            plane.level = 2
        else:
            deal(ctx, walk, major=True, rule="10.02",
                 what=f"low flying at level 1 ({ctx.hexname(walk.hex)})")
            plane.level = 2
            out_of_control(plane, "low flying (10.03)")
        return
    facing_out = ((walk.hex, walk.facing % 6) in lookups.edge if walk.hex in lookups.hexes
                  else neighbor(walk.hex, walk.facing) not in lookups.hexes)
    if facing_out:
        hand_off(ctx, walk, walk.facing, overshoot=False)
    del move


def _landing_deal(ctx: Context, walk: Walk, rule: str, what: str) -> None:
    deal(ctx, walk, major=False, rule=rule, what=f"plane {walk.plane.id} {what}")


EXIT_RULES = {"perfect": "4.01", "not along the route": "4.01", "wrong level": "4.07",
              "off the exit point": "4.08", "overshoot": "4.10", "wrong side": "4.14",
              "unmonitored side": "4.15"}
"""The rule that names each way a flight leaving the map ends (``Exit.how``)."""


@dataclass(frozen=True, slots=True)
class Exit:
    """How a flight that leaves the map ends (4.01-4.15)."""

    quality: str
    """``perfect``, ``imperfect``, ``overshoot``, or ``deal`` (left by the wrong side)."""
    how: str
    """What named it (a key of :data:`EXIT_RULES`)."""
    away: int = 0
    """Levels and hexes away from the exit point (PENALTIES)."""
    deal: str | None = None
    """``major`` (an unmonitored side, 4.15) or ``minor`` (the wrong hand-off side, 4.14)."""


def exit_of(ctx: Context, plane: Plane, last: Hex, side: int, level: int, facing: int, *,
            overshoot: bool, beyond: int = 0) -> Exit:
    """Return how a plane leaving the map over a hex side facing ``side`` from ``last``, at
    ``level`` and facing ``facing``, ends its flight; an overshooting plane finishes its move
    ``beyond`` hexes past the last hex on the map. Changes nothing."""
    target = ctx.lookups.points.get(plane.exit_level)
    if target is None or target.name == "airport" or side != target.outward:
        if side not in ctx.lookups.monitored:
            return Exit("deal", "unmonitored side", deal="major")
        return Exit("deal", "wrong side", deal="minor")
    # PENALTIES: each level and hex away from the exit point where the move finishes; an
    # overshooting plane finishes past the map's edge (OVERSHOOTING EXAMPLE: "1 hex after").
    finish = last
    for _ in range(beyond):
        finish = neighbor(finish, side)
    away = distance(finish, target.hex) + abs(level - plane.exit_level)
    if overshoot:
        return Exit("overshoot", "overshoot", away)
    if last == target.hex and level == plane.exit_level and facing == target.outward:
        return Exit("perfect", "perfect", away)
    # Off the exit point on its hex side; on it at the wrong level; on it at its level but
    # not along the hand-off route, not the perfect hand-off of 4.01.
    how = ("off the exit point" if last != target.hex else "wrong level" if away
           else "not along the route")
    return Exit("imperfect", how, away)


def hand_off(ctx: Context, walk: Walk, side: int, *, overshoot: bool, beyond: int = 0
             ) -> None:
    """The plane leaves the map over a hex side facing ``side`` (4.01-4.15); an overshooting
    plane finishes its move ``beyond`` hexes past the last hex on the map."""
    plane = walk.plane
    out = exit_of(ctx, plane, walk.hex, side, walk.level, walk.facing, overshoot=overshoot,
                  beyond=beyond)
    plane.where = "gone"
    if not plane.celebrity:
        ctx.state.pool.add(plane.id)
    if out.deal is not None:
        major = out.deal == "major"
        why = ("an unmonitored hex side" if major else "the wrong hand-off hex side")
        if major and overshoot and walk.restricted:
            # VERTICAL NEAR MISS EXAMPLES: out of control after evasive action, leaving by an
            # unmonitored side counts as the one deal already had.
            ctx.incident("left the map out of control", "4.15", piece=plane.id)
        else:
            deal(ctx, walk, major=major, rule=EXIT_RULES[out.how],
                 what=f"left the map over {why} at {ctx.hexname(walk.hex)}")
        ctx.incident("hand-off", "4.14", piece=plane.id, atc=plane.atc, quality="deal",
                     paid=0)
        sue(ctx, plane)
        _check_paid(ctx, walk, 0)
        return
    if overshoot:
        _out_of_control_past_exit(ctx, walk)
    settle(ctx, walk, out.quality, out.away, rule=EXIT_RULES[out.how])


def _out_of_control_past_exit(ctx: Context, walk: Walk) -> None:
    """4.11: having overshot, the ATC is no longer in control of the plane and may not change
    its level (nor turn it: it has left the map). An engine failure's drop is no change the
    ATC makes (ENGINE FAILURE): written or not, it is not ruled on."""
    plane, move = walk.plane, walk.move
    level = move.level not in (None, walk.level, plane.dropped_to(walk.level))
    if level or move.turn:
        what = (f"change its level from {walk.level} to {move.level}" if level
                else f"turn it {move.turn}")
        ctx.rule("move.restricted", "4.11", f"plane {plane.id} overshot its hand-off: the ATC "
                 f"is no longer in control of it and may not {what}",
                 where(move, "level" if level else "turn"), piece=plane.id)


def land(ctx: Context, walk: Walk) -> None:
    """5.07: a landing on the airport at level 1 along the approach."""
    plane = walk.plane
    if plane.landing_bonus is None and plane.multi and not plane.landed_once:
        # MULTI-ROUTE: land, leave the board, then take off again for the final leg.
        plane.landed_once = True
        plane.where, plane.hex, plane.level = "ground", None, 1
        plane.out_of_control, plane.reason = False, ""  # safe on the ground
        plane.active_from = ctx.state.turn + 1
        ctx.incident("landed, first leg", "MULTI-ROUTE", piece=plane.id, atc=plane.atc)
        return
    plane.where = "gone"
    if not plane.celebrity:
        ctx.state.pool.add(plane.id)
    settle(ctx, walk, "perfect", 0, rule="5.07", landing=True)


def _emergency_landing(ctx: Context, walk: Walk) -> None:
    """11.01-11.02: on the runway it succeeds; elsewhere a 6 lands safely, else a crash."""
    plane, move = walk.plane, walk.move
    air = ctx.movement.air
    runway = safe = walk.hex == air.airport or walk.hex in air.approach
    if not safe:
        roll = move.emergency_roll
        if roll is None:
            ctx.rule("event.emergency-roll", "11.02", f"plane {plane.id} made an emergency "
                     "landing off the runway: roll 1d6, a 6 lands safely; the record has no "
                     "roll", where(move), piece=plane.id)
            roll = 1
        safe = roll in ctx.tables.rules.dice.emergency_landing
    plane.where = "gone"
    if not plane.celebrity:
        ctx.state.pool.add(plane.id)
    if not safe:
        ctx.incident("crash", "11.02", piece=plane.id, atc=plane.atc,
                     hex=ctx.names.name(walk.hex))
        sue(ctx, plane)
        _check_paid(ctx, walk, 0)
        return
    plane.extra_bonus += plane.emergency_bonus
    settle(ctx, walk, "emergency", 0, rule="11.01" if runway else "11.02", landing=True)


def settle(ctx: Context, walk: Walk, quality: str, away: int, *, rule: str,
           landing: bool = False) -> None:
    """Pay a finished flight and update the ATC's record (1.41-1.42, 4.05-4.13); ``rule`` is
    the rule that names how it ended."""
    plane = walk.plane
    state, tables = ctx.state, ctx.tables
    atc = state.controllers[plane.atc]
    now = tables.time_of(state.turn)
    on_time = now - plane.start <= plane.schedule
    card = tables.cards.get(plane.flight)
    bonus = int(getattr(card, "bonus", 0) or 0)
    penalty = int(getattr(card, "penalty", 0) or 0)
    why = ""
    if atc.fired:
        # GETTING FIRED removes the ATC from the premises: their planes fly on, unpaid.
        schedule, why = 0, "the ATC is fired (GETTING FIRED): no bonus"
        if plane.celebrity and not on_time:
            sue(ctx, plane)
    elif plane.celebrity:
        schedule = bonus if quality == "perfect" and on_time else 0
        if not on_time:
            why = sue(ctx, plane) or "late (already sued)"
    elif plane.landing_bonus is not None:
        amount, deadline = plane.landing_bonus
        schedule = amount if landing and now <= deadline else 0
        why = "landed in time" if schedule else "not landed in time: no bonus"
    elif plane.airline in atc.black_listed:
        schedule, why = 0, f"black-listed by {plane.airline}: no bonus"
    elif plane.out_of_control:
        schedule, why = 0, f"out of control ({plane.reason}): no bonus or penalty (8.02)"
    elif not on_time:
        schedule, why = 0, "outside its schedule: no bonus"
    else:
        modifier = money.status_modifier(atc, plane.airline, tables)
        schedule, why = money.schedule_bonus(
            bonus=bonus, penalty_per=penalty, away=away, modifier=modifier,
            weather=plane.weather_penalty, overshoot=quality == "overshoot", tables=tables)
    total = 0 if atc.fired else schedule + plane.extra_bonus
    atc.bonuses += total
    after = []
    if quality == "perfect":
        if plane.airline in atc.black_listed:
            # A black list ends the ATC's standing with the airline for the shift.
            atc.commendations += 1
            after.append("commendation")
        elif plane.airline in {a.code for a in tables.rules.airlines}:
            after.append(money.perfect_hand_off(state, atc, plane.airline))
        else:  # a Celebrity Jet: no airline to give a status card
            atc.commendations += 1
            after.append("commendation")
    elif quality == "overshoot":
        after.append(money.overshoot(state, atc, plane.airline))
    ctx.incident("hand-off", rule, piece=plane.id,
                 atc=plane.atc, flight=plane.flight, quality=quality, away=away,
                 time=now - plane.start, on_time=on_time, paid=total, why=why, result=after)
    _check_paid(ctx, walk, total)


def _check_paid(ctx: Context, walk: Walk, total: int) -> None:
    move = walk.move
    if move.paid is not None and move.paid != total:
        ctx.rule("payment.mismatch", "1.42", f"plane {walk.plane.id}'s flight {walk.plane.flight}"
                 f" earns {total}; the record paid {move.paid}", where(move, "paid"),
                 piece=walk.plane.id)


def sue(ctx: Context, plane: Plane) -> str:
    """CELEBRITY ALERT: a Celebrity Jet not flown to the end on schedule sues, once."""
    if not plane.celebrity or plane.sued:
        return ""
    plane.sued = True
    ctx.state.controllers[plane.atc].lawsuits += plane.lawsuit
    ctx.incident("lawsuit", "CELEBRITY ALERT", piece=plane.id, atc=plane.atc,
                 amount=plane.lawsuit)
    return f"the celebrity sues for {plane.lawsuit}"
