"""What a move is sure to come to, known before it is walked: a ruling it cannot escape, a deal
it must cause, or the place it must end in.

The bots leave untried a move sure to be worse than the best one found; each function here is
the rule the full walk applies (``flight.fly``), read from the plane's run alone, and the tests
hold each to the moves the bots' shifts try.
"""

from __future__ import annotations

from ....core.hexgrid import Hex, turn
from .arrive import level_two_allowed, take_off_end, take_off_index
from .context import Context, Course
from .log import Move
from .quiet import writes_nothing_to_match
from .run import SIDES, in_control_zone, run_from
from .state import FAULT_CHANGES, Plane


def run_start(ctx: Context, plane: Plane, move: Move) -> tuple[Hex, int, int] | None:
    """Return where a move of a plane flying on, or entering at its entry point as its card
    says (no ``enter`` written), starts (the hex behind its first, facing, level: as
    ``_start`` has it), or None for any other (taking off, on the ground, an altered entry)."""
    if plane.where == "flying":
        if plane.hex is None or plane.taking_off or move.enter is not None:
            return None
        return plane.hex, plane.facing, plane.level
    if plane.where == "waiting" and move.enter is None and plane.entry in ctx.lookups.points:
        here, facing, level, _ = ctx.lookups.entries[plane.entry]
        return here, facing, level
    return None


def stays_on_the_map(ctx: Context, plane: Plane, move: Move) -> tuple[Hex, int, int] | None:
    """Return where a move of a plane flying on leaves it (hex, facing, level) if the move
    can end nowhere else, whatever it meets on the way, or None: the plane is not taking off,
    its run neither leaves the map nor flies on from the airport, and at its end it neither
    faces off the map (a hand-off) nor is at level 1 or on the airport bound there (a
    landing); no near miss is written (evasive action would change its way). Meeting a plane
    may still end its flight in a collision. Changes nothing."""
    here = plane.hex
    if (here is None or plane.where != "flying" or plane.taking_off or move.hold
            or move.near_misses or move.take_off or move.enter is not None):
        return None
    course = run_from(ctx, plane, here, plane.facing, plane.level)
    if not course.path or course.leaves or course.airport:
        return None
    end = course.path[-1]
    level = plane.level if move.level is None else move.level
    facing = turn(plane.facing, SIDES[move.turn]) if move.turn else plane.facing
    if (level < 2 or (end, facing % 6) in ctx.lookups.edge
            or (plane.exit_level == 1 and end == ctx.lookups.airport)):
        return None
    return end, facing, level


def low_flying_ruled(ctx: Context, plane: Plane, move: Move, *, alone: bool = True) -> bool:
    """Return whether a move is sure to be ruled on for ending at level 2 where 10.04 forbids
    it: a plane flying on (or entering as its card says, :func:`run_start`) at level 3, with
    no fault, descends to level 2 at the end of a move that leaves the map nowhere and passes
    no plane it could meet on the way (so nothing ends the move before its end), where level 2
    is not allowed, with no claim and no near miss written that could make it evasive
    action. With ``alone`` off, planes on the way are let be: the move is then ruled on
    unless a collision (a major deal) ends it first."""
    start = run_start(ctx, plane, move)
    if (start is None or plane.fault is not None or start[2] != 3 or move.level != 2
            or move.claim or move.near_misses or move.take_off):
        return False
    here, facing, level = start
    course = run_from(ctx, plane, here, facing, level)
    return not (not course.path or course.leaves
                or (alone and passes_a_plane(ctx, plane, course))
                or level_two_allowed(ctx, plane, course.path[-1]))


def fault_ruled(ctx: Context, plane: Plane, move: Move, *, alone: bool = True) -> bool:
    """Return whether a move is sure to be ruled on for a level change its plane's fault
    forbids (ELECTRICAL FAILURE, LIGHTNING STRIKES: ``state.FAULT_CHANGES``): a plane flying
    on, not taking off, on a run that leaves the map nowhere and passes no plane it could
    meet on the way (so nothing ends the move before its end), with no claim and no near miss
    written that could make it evasive action, nor a repair roll that could fix the fault
    first. With ``alone`` off, planes on the way are let be: the move is then ruled on unless
    a collision (a major deal) ends it first."""
    allowed = FAULT_CHANGES.get(plane.fault or "")
    here = plane.hex
    if (allowed is None or move.level is None or here is None or plane.where != "flying"
            or plane.taking_off or allowed[0] <= move.level - plane.level <= allowed[1]
            or move.repair is not None or move.claim or move.near_misses or move.take_off
            or move.enter is not None):
        return False
    course = run_from(ctx, plane, here, plane.facing, plane.level)
    return not (not course.path or course.leaves
                or (alone and passes_a_plane(ctx, plane, course)))


def low_flying_deal(ctx: Context, plane: Plane, move: Move) -> str | None:
    """Return the deal a move is sure to cause at least, ``major`` or ``minor``, or None: a
    plane flying on (or entering as its card says, :func:`run_start`) with no engine failure
    descends to level 1 at the end of a run that stays on the map and ends off the airport:
    off its closed airspace that is low flying (10.02, a major deal), in it a landing outside
    the hand-off route (5.09, a minor one); a collision on the way is a major deal too.
    Nothing may be written that could change its way or pay for the deal (a near miss, a
    claim, a cover-up). Changes nothing."""
    start = run_start(ctx, plane, move)
    if (start is None or move.level != 1 or plane.fault in ("engine-1", "engine-2")
            or move.hold or not writes_nothing_to_match(move)):
        return None
    here, facing, level = start
    course = run_from(ctx, plane, here, facing, level)
    if not course.path or course.leaves or course.path[-1] == ctx.lookups.airport:
        return None
    return "minor" if course.path[-1] in ctx.lookups.restricted else "major"


def control_zone_dealt(ctx: Context, plane: Plane, move: Move) -> bool:
    """Return whether a move is sure to cause a major deal for ending in the airport's control
    zone (5.11, :func:`in_control_zone`, judged at the level and facing it ends with, 3.12):
    a plane flying on (or entering as its card says, :func:`run_start`) with no fault, on a
    run that stays on the map and passes no airport (where an overshot landing, 5.08, would
    stand for the deal); a deal earlier on the way (5.11 again, a collision) is major too.
    Nothing may be written that could change its way or excuse it (a near miss, a claim, a
    cover-up). Changes nothing."""
    start = run_start(ctx, plane, move)
    if (start is None or plane.fault is not None or move.hold
            or not writes_nothing_to_match(move)):
        return False
    here, heading, level = start
    course = run_from(ctx, plane, here, heading, level)
    if not course.path or course.leaves or course.airport:
        return False
    end = course.path[-1]
    new_level = level if move.level is None else move.level
    facing = turn(heading, SIDES[move.turn]) if move.turn else heading
    return in_control_zone(ctx, plane, end, facing, new_level)


def take_off_ruled(ctx: Context, plane: Plane, move: Move, *, alone: bool = True) -> bool:
    """Return whether a move of a plane taking off is sure to be ruled on for its turn or
    level change (5.02): short of the route's end it flies straight on, and it climbs at most
    one level a turn; with no fault, a move that leaves the map nowhere and passes no plane
    it could meet on the way (so nothing ends the move before its end), no claim and no near
    miss written. With ``alone`` off, planes on the way are let be: the move is then ruled on
    unless a collision (a major deal) ends it first."""
    here = plane.hex
    if (here is None or plane.where != "flying" or not plane.taking_off
            or plane.fault is not None or move.claim or move.near_misses or move.take_off
            or move.enter is not None):
        return False
    course = run_from(ctx, plane, here, plane.facing, plane.level)
    if not course.path or course.leaves or (alone and passes_a_plane(ctx, plane, course)):
        return False
    at = course.path[-1]
    if take_off_index(ctx, at) == 0:
        return False
    new_level = plane.level if move.level is None else move.level
    end = take_off_end(ctx, plane, at, plane.level, new_level, SIDES[move.turn] if move.turn
                       else 0)
    return end.turned_on_route or end.bad_climb


def passes_a_plane(ctx: Context, plane: Plane, course: Course) -> bool:
    """Return whether another plane on the map is on or next to a course before its end."""
    near = course.near
    return any(p.hex in near for p in ctx.state.planes.values()
               if p.where == "flying" and p is not plane)
