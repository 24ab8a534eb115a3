"""Quiet moves: a move that meets nothing on its way, read without walking it hex by hex.

A quiet move flies straight through no weather, no airport and no closed airspace, near no
plane it could meet, to a legal end. The full walk (``flight.fly``) would find nothing in it
but the plane's new place, so the referee moves an ordinary one at once (``ordinary_end``) and
the bots score one without trying it on a fork. The tests hold both to the full walk.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.hexgrid import Hex, turn
from ..movement import MAX_LEVEL
from .arrive import take_off_cause, take_off_end, take_off_index
from .context import Context, Course
from .log import Move
from .run import SIDES, run_from
from .state import FAULT_CHANGES, Plane


def writes_nothing_to_match(move: Move) -> bool:
    """Return whether a move writes nothing a quiet move could not match: no entry or take-off,
    near miss, lightning, deal, cover-up, claim or payment."""
    return not (move.take_off or move.enter is not None or move.near_misses or move.lightning
                or move.deals or move.cover_up is not None or move.claim
                or move.paid is not None)


@dataclass(frozen=True, slots=True)
class QuietCourse:
    """A plane's run this turn, straight on at its level, when it meets nothing on the way
    (what every move of the plane shares; :func:`quiet_end_of` adds the move's end)."""

    level: int
    """The level it flies the run at."""
    heading: int
    course: Course
    closed: bool
    """Its last hex is closed at level 3 and below (5.10)."""
    at_end: tuple[tuple[int, bool], ...]
    """Each other plane on the map on or next to its last hex: (its level, on that hex)."""


def quiet_course(ctx: Context, plane: Plane, *, through_weather: bool = False
                 ) -> QuietCourse | None:
    """Return a plane's run this turn if it meets nothing on the way (see
    :func:`quiet_end`), else None; changes nothing. With ``through_weather`` a run may pass
    weather: the plane ends where it would without it, the penalty and the lightning rolls
    aside (a bot choosing a move weighs neither)."""
    if plane.where == "waiting":
        start = ctx.lookups.entries.get(plane.entry)
        if start is None or ctx.expected_entry.get(plane.id, plane.entry) != plane.entry:
            return None
        here, heading, level, _ = start
    elif plane.hex is None or plane.taking_off:
        return None
    else:
        here, heading, level = plane.hex, plane.facing, plane.level
    lookups = ctx.lookups
    course = run_from(ctx, plane, here, heading, level)
    path = course.path
    if not path or course.leaves or course.airport or (level <= 3 and course.restricted):
        return None
    if not through_weather and passes_weather(ctx, course):
        return None
    end = path[-1]
    near, zone = course.near, lookups.zone[end]
    at_end = []
    for other in ctx.state.planes.values():
        h = other.hex
        if other.where != "flying" or other is plane or (h not in near and h not in zone):
            continue
        if h in near and -2 < other.level - level < 2:
            return None  # met on the way (6.02, 7.02, 9.01)
        if h in zone:
            at_end.append((other.level, h == end))
    return QuietCourse(level, heading, course, end in lookups.restricted, tuple(at_end))


def passes_weather(ctx: Context, course: Course) -> bool:
    """Return whether a run passes a weather counter (its last hex included)."""
    return any(not course.hexes.isdisjoint(s.counters) for s in ctx.state.weather)


def quiet_end_of(ctx: Context, quiet: QuietCourse | None, plane: Plane, move: Move
                 ) -> tuple[Hex, int, int, bool, bool] | None:
    """Return where a move that writes nothing to match leaves a plane on its quiet run (see
    :func:`quiet_end`), or None."""
    if quiet is None:
        return None
    level = quiet.level
    new_level = level if move.level is None else move.level
    if new_level < 3 or not -2 < new_level - level < 2 or (new_level <= 3 and quiet.closed):
        return None
    if plane.fault is not None:
        allowed = FAULT_CHANGES.get(plane.fault)
        if allowed is None or not allowed[0] <= new_level - level <= allowed[1]:
            return None  # an engine failure, or a level change the fault forbids
    for other, on_end in quiet.at_end:
        if other == new_level or (on_end and -2 < other - new_level < 2):
            return None  # met at the end of the move
    path = quiet.course.path
    if move.path is not None and move.path != [ctx.names.name(h) for h in path]:
        return None
    heading = quiet.heading
    facing = turn(heading, SIDES[move.turn]) if move.turn else heading
    end = path[-1]
    return end, facing, new_level, quiet.closed, (end, facing % 6) in ctx.lookups.edge


def quiet_end(ctx: Context, plane: Plane, move: Move
              ) -> tuple[Hex, int, int, bool, bool] | None:
    """Return where a quiet move leaves a plane (hex, facing, level, whether that hex is
    closed at level 3 and below, and whether the plane faces off the map there), or None for
    any other move; changes nothing.

    Quiet: a plane flying on (or entering at its entry point as the card says, 2.06), not
    taking off, with no engine failure, straight through no weather, no airport and no closed
    airspace to a last hex on the map, with no plane on its way or at its end near enough to
    meet (:func:`quiet_course`), a legal turn and level change to level 3 or above (one its
    fault allows), and nothing recorded that needs matching."""
    if not writes_nothing_to_match(move):
        return None
    if plane.where == "flying" and move.level is not None and (
            move.level < 3 or not -2 < move.level - plane.level < 2):
        return None  # told at once, before the run is looked at (as quiet_end_of would)
    return quiet_end_of(ctx, quiet_course(ctx, plane), plane, move)


def ordinary_end(ctx: Context, plane: Plane, move: Move) -> tuple[Hex, int, int, bool] | None:
    """Return where an ordinary move leaves a plane (hex, facing, level, and whether that hex
    is closed at level 3 and below), or None for any other move; changes nothing.

    Ordinary: a quiet move (:func:`quiet_end`) that does not end facing off the map. The full
    walk finds nothing in such a move: it only moves the plane (3.05-3.12) and asks 1.36 and
    the path."""
    end = quiet_end(ctx, plane, move)
    if end is None or end[4]:
        return None
    return end[:4]


def quiet_take_off(ctx: Context, plane: Plane, move: Move
                   ) -> tuple[Hex, int, int, bool, int] | None:
    """Return where a quiet take-off move leaves a plane (hex, facing, level, whether it is
    still taking off) and how many rulings of 5.02 it draws, or None for any other move;
    changes nothing. Quiet: a plane taking off past the airport, with no fault, its run on
    the map with no plane on or next to it (weather aside: its penalty and lightning rolls
    are written after), ending at level 2 or above not facing off the map, and nothing
    recorded that needs matching."""
    here = plane.hex
    if (here is None or plane.where != "flying" or not plane.taking_off
            or plane.fault is not None or move.hold or not writes_nothing_to_match(move)):
        return None
    level = plane.level
    course = run_from(ctx, plane, here, plane.facing, level)
    path = course.path
    if not path or course.leaves:
        return None
    at = path[-1]
    zone = ctx.lookups.zone[at]
    if any(p.hex in course.near or p.hex in zone for p in ctx.state.planes.values()
           if p.where == "flying" and p is not plane):
        return None
    new_level = level if move.level is None else move.level
    if new_level < 2 or take_off_index(ctx, at) == 0:
        return None
    side = SIDES[move.turn] if move.turn else 0
    end = take_off_end(ctx, plane, at, level, new_level, side)
    facing = turn(plane.facing, side) if end.past_end else plane.facing
    if (at, facing % 6) in ctx.lookups.edge:
        return None
    free = take_off_cause(ctx, plane) not in ctx.reported  # ruled on once a turn
    low_on_the_way = (level < 3 and not plane.held_down(ctx.state.turn)
                      and ctx.lookups.approach[-1] in path[:-1])
    rulings = (int(end.turned_on_route) + int(end.bad_climb)
               + int(free and (low_on_the_way or end.too_low)))
    return at, facing, min(new_level, MAX_LEVEL), not end.past_end, rulings
