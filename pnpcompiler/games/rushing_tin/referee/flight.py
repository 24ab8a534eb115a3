"""One plane's move, replayed hex by hex (3.00-11.04).

The referee walks the plane forward from where the record left it: speed = level (plus or
minus a strong wind), straight ahead, then the end-of-move turn and level change. On the way
it finds the incidents the rules name (near misses, collisions, control zone, low flying,
leaving the map) and matches them with what the record says happened; at the end it decides
whether the flight was handed off, landed, or goes on.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Any

from ....core.findings import Location
from ....core.hexgrid import DIRECTIONS, Hex, distance, neighbor, turn
from ..movement import MAX_LEVEL, MIN_LEVEL_IN_FLIGHT
from .arrive import (
    arrive,
    end_changes,
    hand_off,
    sue,
    take_off_cause,
)
from .context import Context, Course, where
from .log import Move, NearMiss
from .quiet import ordinary_end
from .run import SIDES, in_control_zone, making_approach, speed_of
from .state import Plane
from .walk import Walk, deal, out_of_control

NEAR_MISS_DEALS = frozenset({"6.03", "7.03"})
"""The deals a near miss gives: the record writes those in ``near_misses``."""
ORDINARY_MOVES = True
"""Fly an ordinary move by its short cut (:func:`fly_ordinary`); with this off every move takes
the full walk, which the tests compare it with."""


def fly(ctx: Context, plane: Plane, move: Move) -> None:
    """Replay one plane's move."""
    if move.hold:
        if plane.where != "ground":
            ctx.rule("move.hold", "5.03", f"plane {plane.id} is not waiting to take off, so "
                     "it cannot hold: every active plane moves its full distance (3.06)",
                     where(move, "hold"), piece=plane.id)
        return
    if ORDINARY_MOVES and plane.where == "flying" and fly_ordinary(ctx, plane, move):
        return
    start = _start(ctx, plane, move)
    if start is None:
        return
    hexes, facing, level = start
    walk = Walk(plane, move, hexes, facing, level)
    walk.flying = [p for p in ctx.state.planes.values() if p.where == "flying" and p is not plane]
    walk.occupied = {p.hex for p in walk.flying}
    for system in ctx.state.weather:
        walk.weather.update(system.counters)
    speed = speed_of(ctx, plane, facing, level)
    course = ctx.lookups.course(hexes, facing, speed)
    if _quiet(ctx, walk, course):
        walk.hex = course.path[-1]
        walk.path += course.path
    else:
        for left in range(speed - 1, -1, -1):
            _step(ctx, walk, left)
            if walk.done:
                break
    if not walk.done:
        _end_of_move(ctx, walk)
    if plane.where == "flying":
        _blocks_entry(ctx, plane, move)
    _check_path(ctx, walk)
    _check_recorded(ctx, walk)
    plane.moved_turn = ctx.state.turn


def fly_ordinary(ctx: Context, plane: Plane, move: Move) -> bool:
    """Fly an ordinary move (:func:`ordinary_end`) and return True; return False, having
    changed nothing, for any other (the full walk judges it)."""
    end = ordinary_end(ctx, plane, move)
    if end is None:
        return False
    plane.hex, plane.facing, plane.level, closed = end
    plane.low_to_avoid = False  # back at level 3 or above (10.06)
    if not closed:
        plane.control_zone_breach = plane.go_around = False
    _blocks_entry(ctx, plane, move)
    plane.moved_turn = ctx.state.turn
    return True


_plane_id = attrgetter("id")


def _others(ctx: Context, walk: Walk) -> list[Plane]:
    """Return the other planes on the map, highest ID first.

    Sorted the first time the move comes near one, from the planes on the map when it began:
    until then nothing in the move changes which planes are on the map."""
    if walk.others is None:
        walk.others = sorted(walk.flying, key=_plane_id, reverse=True)
    return walk.others


def _start(ctx: Context, plane: Plane, move: Move) -> tuple[Hex, int, int] | None:
    """Return where a plane starts its move: (the hex behind its first, facing, level)."""
    if plane.where == "flying" and plane.hex is not None:
        if move.take_off or move.enter:
            ctx.rule("move.not-entering", "1.32", f"plane {plane.id} is already on the map; "
                     "it cannot enter or take off", where(move), piece=plane.id)
        return plane.hex, plane.facing, plane.level
    if plane.where == "ground":
        others = [p for p in ctx.state.planes.values() if p.where == "ground" and p.id > plane.id
                  and p.active_from <= ctx.state.turn and p.moved_turn != ctx.state.turn]
        if others and not move.queue_jump:
            ctx.rule("take-off.queue", "5.05", f"plane {plane.id} took off ahead of plane "
                     f"{others[0].id}: the highest ID leaves first unless every ATC in the queue "
                     "agrees (queue_jump, 5.06)", where(move), piece=plane.id)
        elif move.queue_jump:
            ctx.claim("5.06", f"every ATC in the take-off queue agreed plane {plane.id} could "
                      "go first", where(move, "queue_jump"), piece=plane.id)
        h, facing, level, _ = ctx.lookups.takeoff
        plane.where, plane.taking_off, plane.level = "flying", True, 1
        return h, facing, level
    if plane.where != "waiting":
        ctx.rule("move.not-in-play", "1.31", f"plane {plane.id} is not in play", where(move),
                 piece=plane.id)
        return None
    point = ctx.lookups.points.get(plane.entry)
    if point is None:
        ctx.rule("entry.no-point", "2.04", f"no entry point at level {plane.entry} in this "
                 "sector", where(move), piece=plane.id)
        return None
    h, facing, level, _ = ctx.lookups.entries[plane.entry]
    if move.enter is not None:
        h, facing, level = _altered_entry(ctx, plane, move, point.hex, point.outward, h,
                                          facing, level)
    else:
        expected = ctx.expected_entry.get(plane.id, plane.entry)
        if expected != plane.entry:
            ctx.rule("entry.must-alter", "2.06", f"plane {plane.id} must alter its entry: plane "
                     f"{ctx.entry_priority.get(plane.id)} enters at the same point first; by "
                     f"2.07 it enters at level {expected}", where(move), piece=plane.id)
    plane.where = "flying"
    return h, facing, level


def _altered_entry(ctx: Context, plane: Plane, move: Move, point: Hex, outward: int, h: Hex,
                   facing: int, level: int) -> tuple[Hex, int, int]:
    """Apply and check an altered entry (2.05-2.08)."""
    change = move.enter
    assert change is not None
    expected = ctx.expected_entry.get(plane.id, plane.entry)
    justified = expected != plane.entry or bool(move.claim)
    if not justified:
        ctx.rule("entry.altered", "2.05", f"plane {plane.id} altered its entry, but entering "
                 f"at level {plane.entry} at its entry point would not have caused an incident "
                 "with another plane entering there this turn", where(move, "enter"),
                 piece=plane.id)
    elif move.claim and expected == plane.entry:
        ctx.claim("2.05", f"plane {plane.id} could not enter safely ({move.claim})",
                  where(move, "claim"), piece=plane.id)
    if change.level is not None:
        if expected != plane.entry and change.level != expected and not move.claim:
            ctx.rule("entry.order", "2.07", f"plane {plane.id} entered at level {change.level}; "
                     f"2.07 gives level {expected} (one below the lowest, else one above the "
                     "highest plane entering there)", where(move, "enter", "level"),
                     piece=plane.id)
        level = change.level
    if change.at is not None:
        at = ctx.names.hex(change.at)
        on_side = neighbor(at, outward) not in ctx.lookups.hexes
        if distance(at, point) != 2 or not on_side:
            ctx.rule("entry.hex", "2.07", f"plane {plane.id} may enter two hexes to the right "
                     f"or left of its entry point on the same hand-off hex side; "
                     f"{change.at} is not", where(move, "enter", "at"), piece=plane.id)
        h = neighbor(at, outward)
    if change.diagonal is not None:
        _diagonal(ctx, plane, move, expected, ruled=not justified or (
            change.level is not None and change.level != expected and not move.claim))
        facing = turn(facing, SIDES[change.diagonal])
        h = neighbor(point, turn(facing, 3))
    return h, facing, level


def _diagonal(ctx: Context, plane: Plane, move: Move, expected: int, *, ruled: bool) -> None:
    """2.08: a diagonal entry only when none of 2.07's choices allows a safe entry."""
    if ruled:
        return  # the altered entry is already the move's one finding (2.05, 2.07)
    if move.claim:
        if expected != plane.entry:  # otherwise the claim is 2.05's, already accepted
            ctx.claim("2.08", f"none of 2.07's choices let plane {plane.id} enter safely "
                      f"({move.claim})", where(move, "claim"), piece=plane.id)
        return
    ctx.rule("entry.diagonal", "2.08", f"plane {plane.id} entered diagonally, but 2.07's "
             f"first choice lets it enter along the hand-off route at level {expected}; a "
             "diagonal entry is only for when none of 2.07's choices is safe (record why as "
             "a claim)", where(move, "enter", "diagonal"), piece=plane.id)


def _quiet(ctx: Context, walk: Walk, course: Course) -> bool:
    """Return whether the move meets nothing on its way to its last hex: it stays on the map,
    flies on from no airport, enters no weather hex, no restricted airspace at level 3 or
    below, is not taking off (5.02 is judged where the route ends) and passes no other plane
    (what ``_step`` would find hex by hex)."""
    if (not course.path or course.leaves or course.airport or walk.plane.taking_off
            or (walk.level <= 3 and course.restricted)
            or not walk.weather.isdisjoint(course.hexes)):
        return False
    if walk.occupied.isdisjoint(course.near):
        return True
    # Planes near the way: only one at the move's level or next to it can be met (6.02, 7.02,
    # 9.01), and no level changes before something is met.
    level, near = walk.level, course.near
    return not any(p.hex in near and -2 < p.level - level < 2 for p in walk.flying)


def _step(ctx: Context, walk: Walk, left: int) -> None:
    """Move one hex forward and deal with what is there; ``left`` hexes follow this one.

    The last hex is judged after the end-of-move level change (6.03, 7.03 and the collision
    note: a plane finishing there may still avoid the incident). A plane flying on into
    another's hex at its level collides; the near miss on the way in is part of it
    (COLLISIONS EXAMPLES 2)."""
    plane, here, facing = walk.plane, walk.hex, walk.facing
    step = DIRECTIONS[facing % 6]
    nxt = (here[0] + step[0], here[1] + step[1])
    lookups = ctx.lookups
    if nxt not in lookups.hexes:
        leave_map(ctx, walk, facing, left + 1)
        return
    if (here == lookups.airport and plane.exit_level == 1 and walk.level <= 3
            and facing == lookups.landing_direction and not plane.control_zone_breach):
        # 5.08: it flew on past the airport instead of landing; it must leave the control
        # zone before trying again (no further deal for that).
        plane.control_zone_breach = True
        deal(ctx, walk, major=False, rule="5.08",
              what=f"overshot the landing at {ctx.names.name(lookups.airport)}")
    walk.hex = nxt
    walk.path.append(nxt)
    if (plane.taking_off and left and nxt == lookups.approach[-1] and walk.level < 3
            and not plane.held_down(ctx.state.turn)):
        _take_off_too_low(ctx, walk)
    if nxt in walk.weather and left:  # the final hex: at the level it ends at (3.12)
        _weather(ctx, walk, nxt)
    if walk.level <= 3 and left:  # the final hex is judged at the level it ends at (3.12)
        _control_zone(ctx, walk, nxt, walk.level)
    if left == 0 or walk.occupied.isdisjoint(lookups.zone[nxt]):
        return
    ahead: set[Hex] | None = None
    around = lookups.around[nxt]
    for other in _others(ctx, walk):
        h = other.hex
        if h is None or walk.done or (h != nxt and h not in around):
            continue
        if h == nxt and other.level == walk.level:
            collide(ctx, walk, other)
            return
        if other.id in walk.met:
            continue
        if ahead is None:
            ahead = {_ahead(nxt, walk.facing, k) for k in range(1, left + 1)}
        if h in ahead and other.level == walk.level:
            continue
        if h == nxt and abs(other.level - walk.level) == 1:
            near_miss(ctx, walk, other, "vertical", final=False)
        elif h != nxt and other.level == walk.level:
            near_miss(ctx, walk, other, "horizontal", final=False)


def _take_off_too_low(ctx: Context, walk: Walk) -> None:
    """5.02: a plane taking off must be at level 3 when it reaches the end of the route; one
    that passes it mid-move is still at the level it started the move at (3.12). A plane whose
    level was held down (8.01: out of control after evasive action or with a fault, or a
    fault fixed only as this move began) is not ruled on: the near miss or the fault is the
    finding."""
    plane = walk.plane
    if ctx.once(take_off_cause(ctx, plane)):
        ctx.rule("take-off.level", "5.02", f"plane {plane.id} reaches the end of the take-off "
                 f"route at {ctx.hexname(walk.hex)} at level {walk.level}, before the end of "
                 "its move: it must be at level 3 by then (a level change counts only on the "
                 "final hex, 3.12)", where(walk.move, "level") or where(walk.move),
                 piece=plane.id)


def _ahead(h: Hex, facing: int, k: int) -> Hex:
    step = DIRECTIONS[facing % 6]
    return (h[0] + k * step[0], h[1] + k * step[1])


def _record_for(walk: Walk, other: int) -> tuple[int, NearMiss] | None:
    for i, entry in enumerate(walk.move.near_misses):
        if i not in walk.used and entry.with_ == other:
            walk.used.add(i)
            return i, entry
    return None


def near_miss(ctx: Context, walk: Walk, other: Plane, kind: str, *, final: bool) -> None:
    """Resolve a near miss the moving plane causes (6.01-6.11, 7.01-7.13)."""
    plane, move = walk.plane, walk.move
    walk.met.add(other.id)
    rule = "6.02" if kind == "horizontal" else "7.02"
    at = ctx.hexname(walk.hex)
    deal(ctx, walk, major=False, rule="6.03" if kind == "horizontal" else "7.03",
          what=f"{kind} near miss with plane {other.id} at {at}")
    found = _record_for(walk, other.id)
    if found is None:
        ctx.rule("near-miss.unrecorded", rule, f"plane {plane.id} caused a {kind} near miss "
                 f"with plane {other.id} at {at}; the record has no near miss (and panic roll) "
                 "for it", where(move), piece=plane.id)
        return
    i, entry = found
    here = (move, "near_misses", i)  # looked up only for a finding
    if entry.kind is not None and entry.kind != kind:
        ctx.rule("near-miss.kind", rule, f"the near miss with plane {other.id} at {at} is "
                 f"{kind}, not {entry.kind}", where(move, "near_misses", i, "kind"),
                 piece=plane.id)
    panics = entry.panic in ctx.tables.rules.dice.panic
    if not panics:
        if entry.evasive is not None:
            ctx.rule("near-miss.calm", "6.06", f"panic roll {entry.panic}: the pilot stays "
                     "calm and carries on; no evasive action is taken", where(*here),
                     piece=plane.id)
    else:
        _evasive(ctx, walk, other, kind, entry, i, final=final)
    if entry.voluntary is not None:
        _voluntary(ctx, other, entry, here)


def _evasive(ctx: Context, walk: Walk, other: Plane, kind: str, entry: NearMiss, i: int, *,
             final: bool) -> None:
    """Apply evasive action after a panic roll of 1-2 (6.08-6.11, 7.08-7.13)."""
    plane, move = walk.plane, walk.move
    evasive = entry.evasive

    def here() -> Location | None:
        """Where to report: the recorded evasive action, else the near miss."""
        return where(move, "near_misses", i, "evasive") or where(move, "near_misses", i)

    if kind == "vertical" and not walk.level_changed:
        # 7.08: pull up or descend one level clear of the other plane's zone, within 2-6.
        away = 1 if other.level < walk.level else -1
        target = walk.level + away
        if MIN_LEVEL_IN_FLIGHT <= target <= MAX_LEVEL and plane.can_change(away):
            wanted = "up" if away > 0 else "down"
            if evasive is None or evasive.level != wanted:
                ctx.rule("near-miss.evasive", "7.08", f"panic roll {entry.panic}: plane "
                         f"{plane.id} must {'pull up' if away > 0 else 'descend'} one level "
                         f"clear of plane {other.id}", here(), piece=plane.id)
            walk.level = target
            walk.level_changed = True
            walk.restricted = "level changed in evasive action (7.11)"
            out_of_control(plane, "vertical evasive action (7.13)")
            return
        # 7.12: it cannot clear the zone (the levels end, or a fault keeps it from that
        # change); evasive action as for a horizontal near miss.
    if evasive is None or evasive.turn is None:
        ctx.rule("near-miss.evasive", "6.08", f"panic roll {entry.panic}: plane {plane.id} must "
                 "turn one hex side away, the side chosen by the other plane's ATC (6.09); the "
                 "record gives no turn", here(), piece=plane.id)
    else:
        new = turn(walk.facing, SIDES[evasive.turn])
        straight = neighbor(walk.hex, walk.facing)
        assert other.hex is not None
        if distance(neighbor(walk.hex, new), other.hex) < distance(straight, other.hex):
            ctx.rule("near-miss.away", "6.08", f"turning {evasive.turn} takes plane {plane.id} "
                     f"towards plane {other.id}, not away from it",
                     where(move, "near_misses", i, "evasive"), piece=plane.id)
        walk.facing = new
    walk.restricted = "evasive action (6.10, 7.11)"
    out_of_control(plane, "evasive action (6.11)")
    del final


def _voluntary(ctx: Context, other: Plane, entry: NearMiss, here: tuple[Any, ...]) -> None:
    """6.07: the non-offending plane's own evasive action, a level and/or a turn (``here``
    is (model, key...) of the near miss: looked up only for a finding)."""
    change = entry.voluntary
    assert change is not None
    if change.level is not None:
        if abs(change.level - other.level) > 1:
            ctx.rule("near-miss.voluntary", "6.07", f"plane {other.id} may change one level in "
                     f"voluntary evasive action, not from {other.level} to {change.level}",
                     where(*here), piece=other.id)
        other.level = change.level
    if change.turn is not None:
        other.facing = turn(other.facing, SIDES[change.turn])


def collide(ctx: Context, walk: Walk, other: Plane) -> None:
    """9.01-9.04: both planes and their hand-offs leave play; their IDs go back to the pool."""
    plane = walk.plane
    deal(ctx, walk, major=True, rule="9.02",
          what=f"collision with plane {other.id} at {ctx.hexname(walk.hex)}")
    for p in (plane, other):
        p.where, p.hex = "gone", None
        if not p.celebrity:
            ctx.state.pool.add(p.id)
        sue(ctx, p)
    ctx.incident("collision", "9.03", piece=plane.id, other=other.id,
                 hex=ctx.names.name(walk.hex))
    walk.done = True


def _weather(ctx: Context, walk: Walk, h: Hex) -> None:
    """A plane at a weather system's level in one of its hexes pays its penalty once a turn;
    a storm rolls for lightning per hex (WEATHER SYSTEMS)."""
    plane, level = walk.plane, walk.level
    for n, system in enumerate(ctx.state.weather):
        if system.level != level or h not in system.counters:
            continue
        if n not in walk.systems:
            walk.systems.add(n)
            if not plane.out_of_control:  # 8.02: exempt while out of control
                plane.weather_penalty += system.penalty
        if system.kind == "storm":
            walk.storm_hexes += 1


def _control_zone(ctx: Context, walk: Walk, h: Hex, level: int) -> None:
    """5.10-5.11: a plane at level 3 or below entering the control zone (not taking off or
    landing along the approach) causes a major deal."""
    plane = walk.plane
    if not in_control_zone(ctx, plane, h, walk.facing, level):
        return
    claim = walk.move.claim
    if claim and plane.exit_level == 1 and making_approach(ctx, plane):
        # Where the plane stood when the move began: 5.13's "next move" is this one.
        ctx.claim("5.12", f"plane {plane.id} was making its approach and went around, unable "
                  f"to land for new air traffic ({claim})", where(walk.move, "claim"),
                  piece=plane.id)
        plane.go_around = True
        return
    if claim and level == 3:
        ctx.claim("5.14", f"plane {plane.id} reduced to level 3 in the airport's airspace as the "
                  f"only way to avoid a near miss or collision ({claim})",
                  where(walk.move, "claim"), piece=plane.id)
        return
    plane.control_zone_breach = True
    deal(ctx, walk, major=True, rule="5.11",
          what=f"entered the airport's control zone at level {level} ({ctx.names.name(h)})")


def _end_of_move(ctx: Context, walk: Walk) -> None:
    """Turn and level change at the end of the move (3.07-3.12), then what the final hex
    means: the control zone, weather and near misses at the level it ends at (3.12), low
    flying, landing, hand-off."""
    taking_off = walk.plane.taking_off
    end_changes(ctx, walk)
    if walk.done:
        return
    if walk.level <= 3 and not taking_off:
        _control_zone(ctx, walk, walk.hex, walk.level)
    if walk.hex in walk.weather:
        _weather(ctx, walk, walk.hex)
    # The end-of-move turn and level change do not move the plane to another hex.
    zone = ctx.lookups.zone.get(walk.hex)
    near = (not walk.occupied.isdisjoint(zone) if zone is not None
            else walk.hex in walk.occupied or not walk.occupied.isdisjoint(ctx.around(walk.hex)))
    around = ctx.around(walk.hex) if near else frozenset()
    for other in _others(ctx, walk) if near else ():
        h = other.hex
        if h is None or other.id in walk.met or (h != walk.hex and h not in around):
            continue
        if h == walk.hex and other.level == walk.level:
            collide(ctx, walk, other)
            return
        if h == walk.hex and abs(other.level - walk.level) == 1:
            near_miss(ctx, walk, other, "vertical", final=True)
        elif h != walk.hex and other.level == walk.level:
            near_miss(ctx, walk, other, "horizontal", final=True)
    arrive(ctx, walk)


def _blocks_entry(ctx: Context, plane: Plane, move: Move) -> None:
    """1.36: a plane may not end its move where a plane waiting to enter would, on entering,
    cause a near miss or a collision with it."""
    assert plane.hex is not None
    blocked = entry_blocked(ctx, plane.id, plane.hex, plane.level)
    if blocked is not None:
        waiting, level, what = blocked
        ctx.rule("entry.blocked", "1.36", f"plane {plane.id} ends its move at "
                 f"{ctx.hexname(plane.hex)}, level {plane.level}, in the way of plane "
                 f"{waiting} waiting to enter at level {level}: entering, it would "
                 f"cause a {what}", where(move), piece=plane.id)


def entry_blocked(ctx: Context, plane: int, at: Hex, level: int) -> tuple[int, int, str] | None:
    """Return the first plane waiting to enter that a plane ending its move at ``at`` and
    ``level`` is in the way of (1.36), as (its ID, its entry level, the incident entering
    would cause), or None."""
    for waiting in ctx.state.planes.values():
        if waiting.where != "waiting" or waiting.id == plane:
            continue
        entry = ctx.expected_entry.get(waiting.id, waiting.entry)
        if ctx.recorded_entry.get(waiting.id, entry) != entry:
            continue  # the record enters it otherwise: that mistake is ruled at its move
        if abs(entry - level) > 1:
            continue
        same_level, run = ctx.lookups.in_the_way(waiting.entry, entry)
        what = (same_level.get(at) if entry == level else "near miss" if at in run else None)
        if what is not None:
            return waiting.id, entry, what
    return None


def leave_map(ctx: Context, walk: Walk, side: int, beyond: int) -> None:
    """The plane crossed the map's edge during its move (4.10, 4.14, 4.15); its move ends
    ``beyond`` hexes past the last hex on the map."""
    hand_off(ctx, walk, side, overshoot=True, beyond=beyond)
    walk.done = True


def _check_path(ctx: Context, walk: Walk) -> None:
    """Compare the hexes the record lists with the hexes the plane must have passed."""
    move = walk.move
    if move.path is None:
        return
    expected = [ctx.names.name(h) for h in walk.path]
    recorded = list(move.path)
    if recorded == expected:
        return
    # Cite the rule the recorded path breaks first: where it leaves the expected hexes, or
    # that it stops short of (or runs past) them.
    split = next((i for i, (a, b) in enumerate(zip(recorded, expected, strict=False))
                  if a != b), None)
    if split == 0:
        rule, what = "3.02", "flies the way its nose points at the start of the move"
    elif split is not None:
        rule, what = "3.03", "may not change direction until it has moved its full speed"
    elif len(recorded) < len(expected):
        rule, what = "3.06", f"must move the full distance of its speed ({len(expected)} hexes)"
    else:
        rule, what = "3.05", f"moves as many hexes as its speed ({len(expected)})"
    ctx.rule("move.path", rule, f"plane {walk.plane.id} {what}: expected "
             f"{' '.join(expected) or 'no hexes'}, the record has {' '.join(recorded) or 'none'}",
             where(move, "path"), piece=walk.plane.id)


def _check_recorded(ctx: Context, walk: Walk) -> None:
    """Near misses the record invents, lightning rolls, and the deals it wrote down."""
    move, plane = walk.move, walk.plane
    for i, entry in enumerate(move.near_misses):
        if i not in walk.used:
            rule = "7.02" if entry.kind == "vertical" else "6.02"
            ctx.rule("near-miss.invented", rule, f"plane {plane.id} had no near miss with "
                     f"plane {entry.with_} on this move", where(move, "near_misses", i),
                     piece=plane.id)
    storm_hexes = walk.storm_hexes
    if len(move.lightning) != storm_hexes:
        ctx.rule("weather.lightning", "LIGHTNING STRIKES", f"plane {plane.id} passed "
                 f"{storm_hexes} storm hex(es) at the storm's level: one d6 each; the record "
                 f"has {len(move.lightning)}", where(move, "lightning") or where(move),
                 piece=plane.id)
    elif move.lightning and any(r in ctx.tables.rules.dice.lightning_strike
                                for r in move.lightning):
        plane.fault = "stuck"
        out_of_control(plane, "struck by lightning")
        ctx.incident("lightning strike", "LIGHTNING STRIKES", piece=plane.id)
    if move.deals is None:
        # Unwritten deals are found from the planes' positions all the same; only a near
        # miss's deal is written elsewhere (near_misses, or near-miss.unrecorded).
        unwritten = [(k, r) for k, r in walk.deals if r not in NEAR_MISS_DEALS]
        if unwritten:
            ctx.rule("deal.unrecorded", unwritten[0][1], f"plane {plane.id}'s move caused "
                     f"{', '.join(f'a {k} deal ({r})' for k, r in unwritten)}; the record "
                     "writes no deals for it", where(move), piece=plane.id)
        return
    caused, written = Counter(k for k, _ in walk.deals), Counter[str](move.deals)
    if caused != written:
        # The rule of the first deal the record leaves out; for one the move did not cause,
        # the rule that fines that kind of deal.
        missing = caused - written
        rule = next((r for k, r in walk.deals if k in missing),
                    "12.04" if (written - caused)["major"] else "12.01")
        ctx.rule("deal.mismatch", rule, f"plane {plane.id}'s move caused "
                 f"{', '.join(sorted(caused.elements())) or 'no'} deal(s); the record has "
                 f"{', '.join(move.deals) or 'none'}", where(move, "deals"), piece=plane.id)
