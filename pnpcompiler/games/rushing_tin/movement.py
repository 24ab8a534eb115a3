"""How Rushing Tin planes move, and the fewest moves a route can be flown in.

The model follows rules 3.01-3.12, 5.01-5.14 and 10.01-10.07:

- a plane moves exactly as many hexes as its level (speed = level), straight ahead;
- only at the end of a move may it turn one hex side and change one level (3.07, 3.11);
- in flight it stays at levels 2-6; level 2 only inside the level-2 hand-off zone (or route)
  or on the airport's approach when landing (10.04), and the searches for a way to an exit
  come down to level 2 only where a plane bound for that exit may: a plane handing off to
  the level-2 exit within the zone, a plane landing within the airport's airspace; level 1
  only when landing (10.01);
- at level 3 or below it never enters the airport's control zone, the airport or its
  approach, except when taking off or landing along the approach line (5.10-5.11);
- it never leaves the map during a move;
- entering from the map edge, its first hex is the entry point, facing along the hand-off
  route into the map (MOVEMENT EXAMPLES 1);
- taking off: its first move is one hex, onto the airport, after which it is at level 2
  (TAKE OFF EXAMPLE); it then follows the approach without turning, climbing one level a move,
  and is at level 3 by the end of the approach (5.02);
- a perfect hand-off ends a move exactly on the exit point, at the exit level and facing
  along its hand-off route, after the end-of-move turn and level change (4.01-4.03);
- landing ends a move exactly on the airport at level 1, having flown the approach toward the
  airport (5.07).

The same model serves the content checks (schedule feasibility) and the referee.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from ...core.hexgrid import DIRECTIONS, Hex, add, neighbors, scale, turn

#: A plane between moves: where it is, which way it faces, its level, and whether it is still
#: following the take-off route.
State = tuple[Hex, int, int, bool]

MIN_LEVEL_IN_FLIGHT = 2
MAX_LEVEL = 6
CONTROL_ZONE_CEILING = 3


@dataclass(frozen=True)
class Airspace:
    """What movement needs to know about a sector map in play."""

    hexes: frozenset[Hex]
    airport: Hex
    takeoff_direction: int
    approach: tuple[Hex, ...]
    """The approach hexes beyond the airport, nearest first."""
    control_zone: frozenset[Hex]
    level2_allowed: frozenset[Hex]
    """The level-2 hand-off route and zone: where a plane may fly at level 2."""

    @property
    def landing_direction(self) -> int:
        """Return the direction a landing plane flies along the approach."""
        return turn(self.takeoff_direction, 3)

    @cached_property
    def restricted(self) -> frozenset[Hex]:
        """Return the hexes a plane at level 3 or below may not enter, except on approach
        (the airport's airspace; worked out once)."""
        return self.control_zone | {self.airport, *self.approach}


def _unit(direction: int) -> Hex:
    return DIRECTIONS[direction]


def control_zone(airport: Hex, approach: tuple[Hex, ...], hexes: frozenset[Hex]
                 ) -> frozenset[Hex]:
    """Return the airport's control zone: the map hexes adjacent to the airport and approach."""
    core = {airport, *approach}
    ring = {n for h in core for n in neighbors(h)} - core
    return frozenset(ring & hexes)


def route_hexes(point: Hex, outward: int, length: int) -> tuple[Hex, ...]:
    """Return a hand-off route's hexes: the point, then inward from it."""
    inward = _unit(turn(outward, 3))
    return tuple(add(point, scale(inward, i)) for i in range(length))


def level2_zone(route: tuple[Hex, ...], hexes: frozenset[Hex]) -> frozenset[Hex]:
    """Return the level-2 hand-off zone: the map hexes adjacent to the level-2 route."""
    ring = {n for h in route for n in neighbors(h)} - set(route)
    return frozenset(ring & hexes)


@dataclass(frozen=True)
class Goal:
    """Where a flight ends: an exit point (hex, outward direction, level) or a landing."""

    hex: Hex
    facing: int
    level: int
    """The exit's level: 1 for a landing."""
    landing: bool = False


class Movement:
    """Legal moves in an airspace, and searches over them."""

    def __init__(self, airspace: Airspace) -> None:
        self.air = airspace
        self._line = {add(airspace.airport, scale(_unit(airspace.takeoff_direction), i)): i
                      for i in range(0, 64)
                      if add(airspace.airport, scale(_unit(airspace.takeoff_direction), i))
                      in airspace.hexes}
        self._steps: dict[State, tuple[list[Hex], tuple[State, ...]] | None] = {}
        self._moves_to: dict[Goal, dict[State, int]] = {}
        self._paths: dict[tuple[Hex, int, int], list[Hex]] = {}

    # -- starts ---------------------------------------------------------------------------

    def entry_state(self, point: Hex, outward: int, level: int) -> State:
        """Return the state of a plane about to enter at an edge point (off the map)."""
        start = add(point, _unit(outward))
        return (start, turn(outward, 3), level, False)

    def takeoff_state(self) -> State:
        """Return the state of a plane about to take off (off the map, behind the airport)."""
        d = self.air.takeoff_direction
        return (add(self.air.airport, _unit(turn(d, 3))), d, 1, True)

    # -- one move -------------------------------------------------------------------------

    def path(self, state: State) -> list[Hex]:
        """Return the hexes a plane passes through on its next move, in order (read only:
        worked out once for each start, facing and level)."""
        h, facing, level, _ = state
        key = (h, facing, level)
        found = self._paths.get(key)
        if found is None:
            dq, dr = DIRECTIONS[facing]
            q, r = h
            found = self._paths[key] = [(q + dq * i, r + dr * i) for i in range(1, level + 1)]
        return found

    def along_line(self, path: list[Hex], facing: int) -> bool:
        """Return whether a move runs along the approach line (taking off or landing)."""
        d = self.air.takeoff_direction
        if facing not in (d, turn(d, 3)):
            return False
        return all(h in self._line for h in path)

    def path_is_legal(self, state: State, path: list[Hex]) -> bool:
        """Return whether a move stays on the map and out of forbidden airspace."""
        _, facing, level, takeoff = state
        air = self.air
        if any(h not in air.hexes for h in path):
            return False
        if takeoff and level < 3 and air.approach and air.approach[-1] in path[:-1]:
            return False  # 5.02 with 3.12: at level 3 on the route's end, not a hex later
        if level <= CONTROL_ZONE_CEILING and not (takeoff or self.along_line(path, facing)):
            restricted = air.restricted
            if any(h in restricted for h in path):
                return False
        if level == 2 and not (takeoff or self.along_line(path, facing)):
            return all(h in air.level2_allowed for h in path)
        return level != 1 or takeoff or self.along_line(path, facing)

    def after_move(self, state: State, end: Hex) -> Iterator[State]:
        """Yield the states a plane may choose at the end of a move (turn and level change)."""
        _, facing, level, takeoff = state
        air = self.air
        on_line = end in self._line
        if takeoff:
            past_end = self._line.get(end, len(air.approach)) >= len(air.approach)
            if not past_end:
                # Straight along the approach, climbing; on the airport it is at level 2.
                for nl in ((2,) if level == 1 else (level, level + 1)):
                    yield (end, facing, min(nl, MAX_LEVEL), True)
                return
            for nl in (level, level + 1):
                if not CONTROL_ZONE_CEILING <= nl <= MAX_LEVEL:
                    continue
                for df in (-1, 0, 1):
                    nf = turn(facing, df)
                    if nl > CONTROL_ZONE_CEILING or end not in air.restricted or (
                            on_line and nf == facing):
                        yield (end, nf, nl, False)
            return
        landing = on_line and facing == air.landing_direction
        for dl in (-1, 0, 1):
            nl = level + dl
            if not (1 if landing else MIN_LEVEL_IN_FLIGHT) <= nl <= MAX_LEVEL:
                continue
            for df in (-1, 0, 1):
                nf = turn(facing, df)
                keeps_landing = landing and nf == facing
                if nl == 1 and not keeps_landing:
                    continue
                if nl == 2 and end not in air.level2_allowed and not keeps_landing:
                    continue
                if nl <= CONTROL_ZONE_CEILING and end in air.restricted and not (
                        on_line and nf in (air.landing_direction, air.takeoff_direction)):
                    continue
                yield (end, nf, nl, False)

    def reaches(self, state: State, path: list[Hex], goal: Goal) -> bool:
        """Return whether this move completes the flight (hand-off or landing)."""
        end = path[-1]
        _, facing, level, takeoff = state
        if takeoff or end != goal.hex:
            return False
        if goal.landing:
            return (facing == self.air.landing_direction and self.along_line(path, facing)
                    and level in (1, 2))
        return abs(level - goal.level) <= 1 and abs(((goal.facing - facing + 3) % 6) - 3) <= 1

    def moves(self, state: State) -> Iterator[tuple[list[Hex], State]]:
        """Yield each legal move from a state with the state it leads to."""
        path = self.path(state)
        if not self.path_is_legal(state, path):
            return
        for nxt in self.after_move(state, path[-1]):
            yield path, nxt

    # -- search ---------------------------------------------------------------------------

    def fewest_moves(self, start: State, goal: Goal, limit: int = 60) -> int | None:
        """Return the fewest moves from ``start`` to ``goal``, or None if it cannot be done."""
        return self.fewest_moves_to(start, [goal], limit).get(goal)

    def step(self, state: State) -> tuple[list[Hex], tuple[State, ...]] | None:
        """Return a state's next move and the states it may lead to, or None when the move
        is not legal; worked out once per state (searches from several starts share it)."""
        try:
            return self._steps[state]
        except KeyError:
            pass
        path = self.path(state)
        found = ((path, tuple(self.after_move(state, path[-1])))
                 if self.path_is_legal(state, path) else None)
        self._steps[state] = found
        return found

    def level_two_allowed(self, exit_level: int, h: Hex) -> bool:
        """Return whether a plane bound for the exit at ``exit_level`` (1: landing) may come
        down to level 2 on ``h`` (10.04): approaching to land within the airport's airspace,
        or handing off to the level-2 exit point within the level-2 hand-off zone (evasive
        action, an engine failure and the claim of 10.04's "only safe way" aside)."""
        if exit_level == 1:
            return h in self.air.restricted
        return exit_level == 2 and h in self.air.level2_allowed

    def may_follow(self, state: State, nxt: State, exit_level: int) -> bool:
        """Return whether a plane bound for the exit at ``exit_level`` may go from ``state``
        to ``nxt`` (one of the states its move leads to) on its way there: not down to level
        2 where 10.04 keeps it out (:meth:`level_two_allowed`)."""
        return not (nxt[2] == 2 and state[2] > 2
                    and not self.level_two_allowed(exit_level, nxt[0]))

    def moves_to(self, goal: Goal) -> dict[State, int]:
        """Return the fewest moves to ``goal`` from every state on the map that can reach it,
        worked out for all at once (once per goal) by searching backwards from the states
        whose next move completes the flight: what :meth:`fewest_moves` finds from each. A
        move down to level 2 counts only where 10.04 lets a plane bound for ``goal`` come
        down (:meth:`level_two_allowed`), as the referee rules."""
        found = self._moves_to.get(goal)
        if found is None:
            found = self._moves_to[goal] = self._search_back(goal)
        return found

    def _search_back(self, goal: Goal) -> dict[State, int]:
        before: dict[State, list[State]] = {}
        done: list[State] = []
        for state in self.states():
            step = self.step(state)
            if step is None:
                continue
            path, after = step
            if path[-1] == goal.hex and self.reaches(state, path, goal):
                done.append(state)
            for nxt in after:
                if self.may_follow(state, nxt, goal.level):
                    before.setdefault(nxt, []).append(state)
        found = dict.fromkeys(done, 1)
        frontier, n = done, 1
        while frontier:
            n += 1
            following: list[State] = []
            for state in frontier:
                for prev in before.get(state, ()):
                    if prev not in found:
                        found[prev] = n
                        following.append(prev)
            frontier = following
        return found

    def states(self) -> Iterator[State]:
        """Yield every state of a plane on the map (the states its moves lead to)."""
        for h in self.air.hexes:
            for facing in range(6):
                for level in range(1, MAX_LEVEL + 1):
                    yield (h, facing, level, False)
                    yield (h, facing, level, True)

    def fewest_moves_to(self, start: State, goals: list[Goal], limit: int = 60
                        ) -> dict[Goal, int]:
        """Return the fewest moves from ``start`` to each reachable goal (breadth first; one
        search for the goals of each exit level, since 10.04 lets a plane bound for one exit
        come down to level 2 where a plane bound for another may not)."""
        by_exit: dict[int, list[Goal]] = {}
        for goal in goals:
            by_exit.setdefault(goal.level, []).append(goal)
        found: dict[Goal, int] = {}
        for exit_level, bound_there in by_exit.items():
            found.update(self._search_forward(start, bound_there, exit_level, limit))
        return found

    def _search_forward(self, start: State, goals: list[Goal], exit_level: int, limit: int
                        ) -> dict[Goal, int]:
        found: dict[Goal, int] = {}
        pending = set(goals)
        by_hex: dict[Hex, list[Goal]] = {}
        for goal in goals:
            by_hex.setdefault(goal.hex, []).append(goal)
        seen = {start}
        frontier = [start]
        n = 0
        while frontier and pending and n < limit:
            n += 1
            following: list[State] = []
            for state in frontier:
                step = self.step(state)
                if step is None:
                    continue
                path, after = step
                for goal in by_hex.get(path[-1], ()):
                    if goal in pending and self.reaches(state, path, goal):
                        found[goal] = n
                        pending.discard(goal)
                for nxt in after:
                    if nxt not in seen and self.may_follow(state, nxt, exit_level):
                        seen.add(nxt)
                        following.append(nxt)
            frontier = following
        return found
