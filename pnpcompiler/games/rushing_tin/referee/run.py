"""A plane's run this turn, straight on from where it stands: its speed (3.05, the winds), the
hexes it flies, and where 5.10 keeps it out of the airport's control zone.

What the full walk (``flight``), the quiet moves (``quiet``) and the moves sure to be ruled on
(``sure``) all read the same way.
"""

from __future__ import annotations

from ....core.hexgrid import Hex, turn
from .context import Context, Course
from .state import Plane

LEFT, RIGHT = 1, -1


SIDES = {"left": LEFT, "right": RIGHT}
"""A turn written ``left`` or ``right``, as the hex grid turns."""


def speed_of(ctx: Context, plane: Plane, facing: int, level: int) -> int:
    """Return hexes to move: the level (3.05), one more with a tail wind, one less into a
    head wind at or above the wind's level (HEAD-WIND, TAIL-WIND)."""
    wind = ctx.state.wind
    if wind is None or level < wind.level or plane.taking_off:
        return level
    if facing == wind.direction:
        return level + 1
    if facing == turn(wind.direction, 3):
        return max(level - 1, 1)
    return level


def run_from(ctx: Context, plane: Plane, here: Hex, heading: int, level: int) -> Course:
    """Return the run a plane flies straight on from ``here`` (the hex behind its first),
    heading and level given, at its speed (:func:`speed_of`)."""
    return ctx.lookups.course(here, heading, speed_of(ctx, plane, heading, level))


def in_control_zone(ctx: Context, plane: Plane, h: Hex, facing: int, level: int) -> bool:
    """Return whether a plane at ``level`` in ``h``, facing ``facing``, is where 5.10 keeps it
    out of the airport's control zone (a claim aside): at level 3 or below in its closed
    airspace, not taking off, not going around, not already there, and not along the approach
    to land on it (or for an emergency landing, 11.01)."""
    if level > 3 or plane.taking_off or plane.go_around or plane.control_zone_breach:
        return False
    if h not in ctx.lookups.restricted:
        return False
    on_line = ctx.movement.along_line([h], facing)
    return not (on_line and (plane.exit_level == 1 or plane.fault in ("engine-1", "engine-2")))


def making_approach(ctx: Context, plane: Plane) -> bool:
    """5.13: a plane bound for the airport is making its approach when its next move, straight
    on from where it stands, brings it into the airport's airspace: through it at level 3 or
    below, or onto it at level 4 and down to 3 at the move's end (3.07)."""
    if plane.exit_level != 1 or plane.hex is None or plane.level > 4:
        return False
    speed = speed_of(ctx, plane, plane.facing, plane.level)
    path = ctx.movement.path((plane.hex, plane.facing, speed, plane.taking_off))
    restricted = ctx.lookups.restricted
    if plane.level == 4:
        return bool(path) and path[-1] in restricted
    return any(h in restricted for h in path)
