"""Schedule feasibility: the fewest turns each route of a sector can be flown in."""

from __future__ import annotations

from dataclasses import dataclass

from ...content.project import GameContent
from .movement import Goal, State
from .routes import TURN_MINUTES, Route, minutes, parse_route
from .sector_map import SectorGeometry


@dataclass(frozen=True)
class RouteTime:
    """A route's schedule against the fewest turns it can be flown in."""

    code: str
    schedule_turns: int
    fewest_turns: int | None
    """None when the route cannot be flown at all on this map."""

    @property
    def slack(self) -> int | None:
        """Return spare turns (negative when the schedule cannot be kept)."""
        return None if self.fewest_turns is None else self.schedule_turns - self.fewest_turns


def route_times_of(game: GameContent, geo: SectorGeometry) -> dict[str, RouteTime]:
    """Return the fewest turns of every route of a sector's log, computed once per loaded
    game (checks and exports share them)."""
    return game.memo(("rushing-tin.route-times", id(geo)), lambda: route_times(geo))


def route_times(geo: SectorGeometry) -> dict[str, RouteTime]:
    """Compute the fewest turns for every row of the sector's log that can be decoded."""
    if geo.sector is None:
        return {}
    points = geo.points_in_play()
    movement = geo.movement()
    starts: dict[int, State] = {}
    for level, point in points.items():
        starts[level] = (movement.takeoff_state() if point.name == "airport"
                         else movement.entry_state(point.hex, point.outward, level))
    goals = {level: point.goal for level, point in points.items()}
    # One breadth-first search per start, towards every goal at once.
    table = {level: movement.fewest_moves_to(start, list(goals.values()))
             for level, start in starts.items()}

    out: dict[str, RouteTime] = {}
    for row in geo.sector.rows():
        route = parse_route(row.flight)
        total = minutes(row.schedule)
        if (route is None or total is None or total % TURN_MINUTES
                or (route.multi and 1 in (route.entry, route.exit))):
            continue  # reported by the log checks
        out[row.flight] = RouteTime(row.flight, total // TURN_MINUTES,
                                    _fewest(route, table, goals))
    return out


def _fewest(route: Route, table: dict[int, dict[Goal, int]], goals: dict[int, Goal]
            ) -> int | None:
    if route.entry not in table or route.exit not in goals:
        return None
    if not route.multi:
        return table[route.entry].get(goals[route.exit])
    if 1 not in goals or 1 not in table:
        return None
    to_airport = table[route.entry].get(goals[1])
    from_airport = table[1].get(goals[route.exit])
    if to_airport is None or from_airport is None:
        return None
    return to_airport + from_airport
