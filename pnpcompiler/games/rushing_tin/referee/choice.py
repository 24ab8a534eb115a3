"""How a controller chooses a plane's move: every move the engine offers scored, the least bad
chosen.

A score is a tuple, worst first: rulings, deals, how the flight ends, how far from its exit
and how crowded the move leaves the plane. A quiet move (``quiet``) is scored without playing
it; a move sure to be worse than the best found (``sure``) is not tried at all; the rest are
tried on forks of the shift, kept for the move's writing-down (:meth:`Choice.trial`). The
order the moves are scored in changes no choice: a tie goes to the move offered first.
"""

from __future__ import annotations

from typing import Any

from ....core.hexgrid import Hex, distance
from ..movement import State
from .arrive import exit_of
from .context import Context
from .engine import PlaneMove, ShiftEngine
from .flight import entry_blocked
from .log import Move
from .quiet import (
    passes_weather,
    quiet_course,
    quiet_end_of,
    quiet_take_off,
    writes_nothing_to_match,
)
from .staff import Staff, state_index
from .state import Plane
from .sure import (
    control_zone_dealt,
    fault_ruled,
    low_flying_deal,
    low_flying_ruled,
    stays_on_the_map,
    take_off_ruled,
)

Data = dict[str, Any]

AFTER_CHOOSING = ("near-miss.unrecorded", "weather.lightning", "deal.unrecorded")
"""What the player writes down after choosing a move (near misses, lightning, deals): no
error of the choice."""

REPAIRABLE = ("cannot-climb", "cannot-descend", "stuck")
"""The faults a plane rolls to repair every turn (ELECTRICAL FAILURE, LIGHTNING STRIKES)."""

QUALITY = {"perfect": 0, "imperfect": 1, "overshoot": 2, "emergency": 0}
"""How good a finished flight is, best first (a deal, or anything else, is 9)."""

HOLD = (0, 0, 0, 3, 60, 60, True)
"""The score of a plane holding on the ground with nothing else to rule on: chosen only when
taking off is worse (see :meth:`Choice.score`)."""

DEALT: dict[str | None, tuple[Any, ...]] = {"major": (0, 1, 0, 0, 0, 0, False),
                                           "minor": (0, 0, 1, 0, 0, 0, False)}
"""The best score a move sure to cause a major or a minor deal can have (see
:meth:`Choice.score`)."""

NEAR, ON_THE_WAY, BESIDE_THE_WAY = 3, 10, 4
"""How much each kind of crowding weighs (:meth:`Choice.crowding`): another plane
near it, a hex of my next move on its way, one beside its way. Weighed against the moves to
the exit, a near miss's likelihood matters more than a move or two: in 300 solo shifts of
seed 7 these weights (from 1, 2 and 2) took the deals from 4.85 to 3.96 a shift and the
shifts that end with the ATC fired from 83% to 64%, with no more rulings and at the same
speed."""

LANDING_SOON = 10
"""A plane this many moves from landing or fewer will fly the approach in, the way a plane
taking off flies out along it, straight, for turns: the departure counts it as three hexes on
its way (:meth:`Choice.crowding`), so a careful ATC holds a plane on the ground while one is
coming in to land (5.03) rather than launch it head-on into it. In 300 solo shifts of seed 7
this took the deals from 3.96 to 1.98 a shift and the shifts that end with the ATC fired from
64% to 24% (2, 5 and 8 moves: 3.74, 2.64, 2.08 deals; 14 and more the same as 10)."""

SEARCH_LIMIT = 30
"""The most moves a controller looks ahead for a plane's way to its exit."""


def as_written(move: Move) -> Data:
    """Return an offered move as the record writes it: plane, entry change, turn, level."""
    out: Data = {"plane": move.plane}
    if move.enter is not None and move.enter.level is not None:
        out["enter"] = {"level": move.enter.level}
    if move.hold:
        out["hold"] = True
    if move.turn is not None:
        out["turn"] = move.turn
    if move.level is not None:
        out["level"] = move.level
    return out


class Choice:
    """A controller's choice of one plane's move on the shift as it stands."""

    def __init__(self, staff: Staff, ctx: Context, plane: Plane) -> None:
        self.staff = staff
        self.engine: ShiftEngine = staff.engine
        self.ctx = ctx
        """The shift the plane chooses on."""
        self.tried: dict[str, tuple[Context, Plane]] = {}
        """The moves tried for the plane, by what they write (see :meth:`trial`)."""
        self.on_map = ctx.state.on_map()
        """The planes on the map as the plane chooses (see :meth:`crowding`)."""
        self.quiet = quiet_course(ctx, plane, through_weather=True)
        """The plane's quiet run, weather allowed (``quiet.quiet_course``), if any: every move
        of the plane flies the same run, and weather on it changes no score."""
        self.blocked: dict[tuple[Hex, int], int] = {}
        """By the place a move of the plane ends (hex, level): :meth:`blocks_entry`."""

    def trial(self, plane: Plane, cand: Data | PlaneMove) -> tuple[Context, Plane]:
        """Return a fork of the shift with the move tried on it, and the plane there (read
        only: the same move tried again for the same plane's move gives the same fork)."""
        key = repr(as_written(cand.move) if isinstance(cand, PlaneMove) else cand)
        found = self.tried.get(key)
        if found is None:
            action = (cand if isinstance(cand, PlaneMove)
                      else PlaneMove(Move.model_validate(cand)))
            ctx = self.engine.fork_for(self.ctx, action)
            twin = ctx.state.planes[plane.id]
            self.engine.apply(ctx, action)
            found = self.tried[key] = ctx, twin
        return found

    def best(self, plane: Plane, options: list[PlaneMove]) -> PlaneMove:
        """Return the least bad of the offered moves (the first of them, in the order they
        are offered). The quiet moves are scored first (without a fork), then the rest in
        order; once a move that breaks no rule is found, a move sure to be ruled on
        (``sure.low_flying_ruled``, ``sure.take_off_ruled``) cannot be the best: it is not
        tried; nor is one that cannot beat the best found so far (:meth:`at_least`). The
        order the moves are scored in changes no choice: a tie goes to the move offered
        first."""
        chosen, least, first = options[0], None, 0
        rest: list[tuple[int, PlaneMove]] = []
        flying: list[tuple[tuple[Any, ...], int, State]] = []
        for n, offered in enumerate(options):
            found = self.quiet_outcome(plane, offered)
            if found is None:
                rest.append((n, offered))
            elif found[1] is not None:
                flying.append((found[0], n, found[1]))
            elif least is None or (found[0], n) < (least, first):
                chosen, least, first = offered, found[0], n
        # A quiet move flying on scores no better than its head (crowding only adds): in the
        # order of their heads, the crowding is counted until a head is worse than the best.
        flying.sort()
        for head, n, at in flying:
            if least is not None and head[:5] > least[:5]:
                break
            found = self.crowded(self.ctx, plane, at, head, least)
            if least is None or (found, n) < (least, first):
                chosen, least, first = options[n], found, n
        for n, offered in rest:
            if least is not None:
                # Sure to be ruled on, or to collide first if nobody near: worse than a best
                # found without a ruling (and without a major deal, when planes are near).
                alone = least[1] > 0
                if least[0] == 0 and (
                        low_flying_ruled(self.ctx, plane, offered.move, alone=alone)
                        or take_off_ruled(self.ctx, plane, offered.move, alone=alone)):
                    continue
                bound = self.at_least(plane, offered, least)
                if bound is not None and (bound > least or (bound == least and n > first)):
                    continue  # worse than the best whatever it meets, or a tie it loses
            found = self.tried_score(plane, offered, least)
            if least is None or (found, n) < (least, first):
                chosen, least, first = offered, found, n
        return chosen

    def at_least(self, plane: Plane, offered: PlaneMove,
                 least: tuple[Any, ...] | None = None) -> tuple[Any, ...] | None:
        """Return a score an offered move cannot beat, known without trying it, or None: a
        move sure to leave the plane on the map (``sure.stays_on_the_map``) scores at best
        as it would breaking no rule and causing no deal, the other planes where they are
        (they move only in a collision, which only makes it worse: see :meth:`flying_on`,
        which ``least`` lets stop short once the move is worse); a move sure to cause a deal
        (``sure.control_zone_dealt``, ``sure.low_flying_deal``) scores its :data:`DEALT`
        at best; one sure to be ruled on for a level change its fault forbids
        (``sure.fault_ruled``) has that ruling besides the repair roll it does not make, or
        with planes on its way a collision's major deal instead. The highest of these."""
        move = offered.move
        bounds = []
        dealt = DEALT.get("major" if control_zone_dealt(self.ctx, plane, move)
                          else low_flying_deal(self.ctx, plane, move))
        if dealt is not None:
            bounds.append(dealt)
        if fault_ruled(self.ctx, plane, move, alone=False):
            unrolled = int(plane.fault in REPAIRABLE)
            bounds.append((1 + unrolled, 0, 0, 0, 0, 0, False)
                          if fault_ruled(self.ctx, plane, move)
                          else (unrolled, 1, 0, 0, 0, 0, False))
        end = stays_on_the_map(self.ctx, plane, move)
        if end is not None:
            bounds.append(self.flying_on(self.ctx, plane, (*end, False), 0, 0, 0, least))
        return max(bounds) if bounds else None

    def score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None = None,
              ) -> tuple[Any, ...]:
        """Return how bad an offered move is, worst first: rulings, deals, how the flight
        ends, how far and how crowded it leaves the plane. A move found worse than ``least``
        before its crowding is counted is given a score that only shows it is worse."""
        quick = self.quiet_score(plane, offered, least)
        return quick if quick is not None else self.tried_score(plane, offered, least)

    def tried_score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None
                    ) -> tuple[Any, ...]:
        """Return :meth:`score` of an offered move tried on a fork."""
        before_f, before_i = len(self.ctx.findings), len(self.ctx.incidents)
        ctx, twin = self.trial(plane, offered)
        hold = offered.move.hold
        errors = [f for f in ctx.findings[before_f:] if f.severity.value == "error"
                  and f.code not in AFTER_CHOOSING]
        new = ctx.incidents[before_i:]
        major = sum(1 for i in new if i["kind"] == "major deal")
        minor = sum(1 for i in new if i["kind"] == "minor deal")
        done = [i for i in new if i["kind"] == "hand-off"]
        if done:
            return (len(errors), major, minor, QUALITY.get(str(done[0]["quality"]), 9), 0, 0,
                    hold)
        if hold:  # waiting on the ground: only when taking off is worse
            return (len(errors), major, minor, *HOLD[3:])
        if twin.where == "gone" or twin.hex is None:  # landed for a first leg, or crashed
            return (len(errors), major, minor, 0 if twin.where == "ground" else 9, 0, 0,
                    hold)
        return self.flying_on(ctx, twin, (twin.hex, twin.facing, twin.level, twin.taking_off),
                              len(errors), major, minor, least)

    def flying_on(self, ctx: Context, plane: Plane, at: State, errors: int, major: int,
                  minor: int, least: tuple[Any, ...] | None) -> tuple[Any, ...]:
        """Return the score of a move that leaves the plane flying, ``at`` the place it
        ends in (hex, facing, level, still taking off; see :meth:`score`)."""
        return self.crowded(ctx, plane, at, self.flying_on_head(ctx, plane, at, errors, major,
                                                                minor), least)

    def flying_on_head(self, ctx: Context, plane: Plane, at: State, errors: int, major: int,
                       minor: int) -> tuple[Any, ...]:
        """Return :meth:`flying_on`'s score but its last place, with the planes near it not
        yet counted (:meth:`crowding`): its first five places are a bound no less than the
        score's (the planes only add)."""
        exit_level = plane.exit_level
        away = self.moves_to_exit(ctx, exit_level, at)
        trapped = away >= 99  # no legal way left to its exit: it will leave by another
        # Taking off with no legal way on (too low to reach the route's end at level 3, 5.02)
        # makes the next move illegal: as bad as an error now.
        routes = self.staff.routes_across(ctx, exit_level).get(at[0], 0)
        return (errors + int(trapped and at[3]), major, minor, 8 if trapped else 3,
                away + 2 * routes, away)

    def crowded(self, ctx: Context, plane: Plane, at: State, head: tuple[Any, ...],
                least: tuple[Any, ...] | None) -> tuple[Any, ...]:
        """Return :meth:`flying_on`'s score from its :meth:`flying_on_head`: the planes near
        it counted, unless the head is worse than ``least`` already."""
        if least is not None and head[:5] > least[:5]:
            return (*head, False)  # worse whatever its crowding
        return (*head[:4], head[4] + 2 * self.crowding(ctx, plane, at), head[5], False)

    def quiet_score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None
                    ) -> tuple[Any, ...] | None:
        """Return :meth:`score` of a quiet move (``quiet.quiet_end``, weather allowed) or a
        hold on the ground without trying it on a fork, or None for any other move (see
        :meth:`quiet_outcome`)."""
        found = self.quiet_outcome(plane, offered)
        if found is None:
            return None
        score, at = found
        return score if at is None else self.crowded(self.ctx, plane, at, score, least)

    def quiet_outcome(self, plane: Plane, offered: PlaneMove
                      ) -> tuple[tuple[Any, ...], State | None] | None:
        """Return what a quiet move or a hold on the ground comes to without trying it on a
        fork: (its score, None), or for a plane flying on (its :meth:`flying_on_head`, the
        place it ends in), its crowding yet to count; None for any other move. Such a move
        only moves the plane (the weather's penalty and lightning rolls are written after
        choosing), and the one rule it can break is a blocked entry (1.36), besides the
        repair roll a plane with a fault must make (ELECTRICAL FAILURE, LIGHTNING STRIKES: the
        moves offered have none); one that ends facing off the map hands the plane off there
        (``arrive.exit_of``), a deal if over the wrong side."""
        move = offered.move
        if move.repair is not None or move.regain_control:
            return None
        if move.hold and plane.where == "ground":
            # Holding on the ground does nothing and breaks no rule (5.03), a fault aside.
            return ((HOLD, None) if plane.fault is None and writes_nothing_to_match(move)
                    else None)
        ctx = self.ctx
        if plane.taking_off:
            took = quiet_take_off(ctx, plane, move)
            if took is None:
                return None
            at, facing, level, still, rulings = took
            errors = rulings + self.blocks_entry(plane, at, level)
            end = (at, facing, level, still)
            return self.flying_on_head(ctx, plane, end, errors, 0, 0), end
        quiet = self.quiet
        if (quiet is None or plane.where not in ("flying", "waiting") or move.hold
                or not writes_nothing_to_match(move)):
            return None
        found = quiet_end_of(ctx, quiet, plane, move)
        if found is None:
            return None
        unrolled = int(plane.fault in REPAIRABLE)  # no repair roll: event.repair-roll
        at, facing, level, _, faces_out = found
        if faces_out:
            out = exit_of(ctx, plane, at, facing, level, facing, overshoot=False)
            return (unrolled, int(out.deal == "major"), int(out.deal == "minor"),
                    QUALITY.get(out.quality, 9), 0, 0, False), None
        errors = unrolled + self.blocks_entry(plane, at, level)
        end = (at, facing, level, False)
        return self.flying_on_head(ctx, plane, end, errors, 0, 0), end

    def crowding(self, ctx: Context, plane: Plane, at: State) -> int:
        """Return how crowded with planes the plane's spot ``at`` (hex, facing, level, taking
        off) is (the other points' hand-off routes it lies on count in
        :meth:`flying_on_head`, one each).

        Each other plane within 2 hexes at about its level counts :data:`NEAR`; and where
        the other plane is now and where it goes if it flies straight on, my next move
        straight on should pass neither (a near miss is decided by the path taken): each hex
        of one on a hex of the other at about the same level counts :data:`ON_THE_WAY`, and
        each beside one at the same level :data:`BESIDE_THE_WAY`. A plane taking off flies
        the whole approach, and a plane about to land (:data:`LANDING_SOON`) is on its way."""
        here, _, level, taking_off = at
        mine = ctx.movement.path(at)
        if taking_off:  # it flies on along the approach, straight, for the turns to come
            mine = [*mine, *ctx.lookups.approach]
        crowd = 0
        # The shift itself has the planes on the map listed once for the plane choosing.
        for other in self.on_map if ctx is self.ctx else ctx.state.on_map():
            there = other.hex
            if other.id == plane.id or there is None:
                continue
            if (taking_off and other.exit_level == 1 and not other.taking_off
                    and self.moves_to_exit(ctx, 1, (there, other.facing, other.level, False))
                    <= LANDING_SOON):
                crowd += ON_THE_WAY * 3  # it flies in along the approach the departure flies
                continue
            if not -2 < other.level - level < 2:
                continue
            if distance(there, here) <= 2:
                crowd += NEAR
            spots, beside = self.staff.spots(ctx, other)
            crowd += ON_THE_WAY * len(spots.intersection(mine))
            if other.level == level:
                crowd += BESIDE_THE_WAY * sum([beside[g] for g in mine if g in beside])
        return crowd

    def blocks_entry(self, plane: Plane, at: Hex, level: int) -> int:
        """Return 1 when the plane ending its move at ``at`` and ``level`` would be in the way
        of a plane waiting to enter (1.36, ``flight.entry_blocked``), else 0 (looked up once
        a place for the plane choosing: its moves end on at most three)."""
        key = (at, level)
        found = self.blocked.get(key)
        if found is None:
            found = self.blocked[key] = int(
                entry_blocked(self.ctx, plane.id, at, level) is not None)
        return found

    def distance(self, ctx: Context, plane: Plane, at: State) -> int:
        """Return the fewest moves the plane needs from ``at`` (hex, facing, level, taking
        off) to its exit (99: none within 30)."""
        return self.moves_to_exit(ctx, plane.exit_level, at)

    def moves_to_exit(self, ctx: Context, exit_level: int, at: State) -> int:
        """Return the fewest moves from ``at`` to the exit at ``exit_level`` (see
        :meth:`distance`)."""
        rows = self.staff.exits.get(exit_level)
        row = rows.get(at[0]) if rows is not None else None
        if row is not None:  # the common case, looked up at once
            index = state_index(at)
            found = None if index is None else row[index]
        else:
            goal = ctx.lookups.goals.get(exit_level)
            if goal is None or at[0] is None:
                return 99
            if at[0] in ctx.lookups.hexes:
                row = self.staff.moves_to(ctx, exit_level).get(at[0])
                index = state_index(at)
                found = None if row is None or index is None else row[index]
            else:
                found = ctx.movement.fewest_moves(at, goal, limit=SEARCH_LIMIT)
        return 99 if found is None or found > SEARCH_LIMIT else found

    def ordinary(self, plane: Plane, offered: PlaneMove) -> bool:
        """Return whether an offered move is ordinary (``quiet.ordinary_end``), from its
        plane's quiet run (weather allowed): an ordinary one passes no weather."""
        quiet = self.quiet
        end = quiet_end_of(self.ctx, quiet, plane, offered.move)
        return (end is not None and not end[4] and quiet is not None
                and not passes_weather(self.ctx, quiet.course))

    def new(self, ctx: Context) -> list[Any]:
        """Return the findings a trial added."""
        return ctx.findings[len(self.ctx.findings):]
