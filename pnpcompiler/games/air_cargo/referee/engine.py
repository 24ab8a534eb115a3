"""Air Cargo as an engine (``referee.Engine``): the replay of a flight log, the bots and the
simulator apply the same actions.

A game is a run of planning rolls and flights, then its end: ``PlanRoll`` (a Planning Phase:
the dice, the rerolls and what they plan), ``Flight`` (Prepare and Execute flight: the legs
and their hazard checks, dice included) and ``EndGame`` (how it ended, the claimed score and
rank, and every die against the seed). The state is the :class:`~.state.Replay`: the Pilot
Log's boxes, where the plane is, and the rulings so far; the chart is shared by every fork.

Chance is in the actions (a roll's dice are written in it), so the choices open now are the
flights: each planned destination not yet visited with each planned cargo, by the route of
fewest legs (``legal_actions``), with its checks left for the pilot to roll. What a planning
roll may plan depends on its dice: :meth:`AirCargoEngine.plan_options` lists it for dice in
hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....content.project import GameContent
from ....core.findings import Finding
from ..play import cargo_options, destination_options
from .context import Chart, chart_for
from .flight import fly, game_over
from .log import Event, FlightLog, Fly, Leg, Plan
from .phases import check_dice, finish, plan
from .state import Replay, new_state


# Actions are values, never changed once made; not frozen, because a frozen dataclass costs
# twice as much to make and a replay makes one an event.
@dataclass(slots=True)
class PlanRoll:
    """Planning Phase: a roll, its rerolls, and the cargo or destination it plans."""

    plan: Plan
    event: Event | None = None
    """The record's event that holds it (where a ruling on the whole event points)."""


@dataclass(slots=True)
class Flight:
    """Prepare flight and Execute flight: a destination, a cargo, the legs and their checks."""

    fly: Fly
    event: Event | None = None
    """The record's event that holds it (where a ruling on the whole event points)."""


@dataclass(slots=True)
class EndGame:
    """End game: how the log says it ended, its score and rank; every die against the seed."""

    log: FlightLog


Action = PlanRoll | Flight | EndGame


class AirCargoEngine:
    """A game of Air Cargo on one loaded content's map and tables (see the module's docs)."""

    def __init__(self, chart: Chart) -> None:
        self.chart = chart

    @classmethod
    def of(cls, game: GameContent) -> AirCargoEngine:
        """Return the engine of a loaded content (RefereeError when it has no sound map)."""
        return cls(chart_for(game))

    def initial(self, log: FlightLog | None = None) -> Replay:
        """Return a fresh Pilot Log: every box open, the plane at the start airport (the
        game has no setup to choose; ``log`` is the record's header, if any)."""
        return Replay(self.chart, new_state(self.chart))

    def apply(self, game: Replay, action: Action) -> tuple[Replay, list[Finding]]:
        """Play one action; return the game and the rulings the action drew."""
        findings = game.findings
        before = len(findings)
        over = game.state.over is not None
        if isinstance(action, PlanRoll):
            if over:
                game_over(game, action.event or action.plan)
            else:
                plan(game, action.plan)
        elif isinstance(action, Flight):
            if over:
                game_over(game, action.event or action.fly)
            else:
                fly(game, action.fly)
        else:
            finish(game, action.log)
            check_dice(game, action.log)
        return game, findings[before:]

    def actions(self, log: FlightLog) -> list[Action]:
        """Return a flight log's events as the actions that play them, then its end."""
        found: list[Action] = []
        for event in log.events:
            plan = event.plan  # a model's attributes are slow to read: each read once
            if plan is not None:
                found.append(PlanRoll(plan, event))
            elif (fly := event.fly) is not None:
                found.append(Flight(fly, event))
        found.append(EndGame(log))
        return found

    def fork(self, game: Replay) -> Replay:
        """Return a copy of the game to try actions on (the chart is shared)."""
        return game.copy()

    def plan_options(self, game: Replay, dice: list[int]) -> tuple[list[int], list[int]]:
        """Return what dice in hand may plan: the cargo weights with an open box, and the
        airports (dice IDs) not yet ticked."""
        state = game.state
        weights = cargo_options(dice, [w for w, left in state.open_cargo.items() if left > 0])
        airports = destination_options(dice, [a for a in self.chart.board.airports
                                               if a.id not in state.planned])
        return weights, airports

    def legal_actions(self, game: Replay) -> Iterator[Flight]:
        """Return the flights open now: each planned, unvisited destination with each planned
        cargo, by the route of fewest legs, heaviest cargo first; their checks are left to
        roll (a flight with checks still to write draws ``check.missing`` until they are)."""
        state = game.state
        if state.over is not None:
            return
        routes = self.chart.fewest_legs(state.position)
        for dest in state.planned:
            route = routes.get(dest)
            if dest in state.visited or route is None:
                continue
            for weight in sorted(set(state.planned_cargo), reverse=True):
                # Built from values already valid: a Leg and a Fly as validation makes them.
                legs = [Leg.model_construct({"to"}, to=place, weather_box=None, checks=[])
                        for place in route.places[1:]]
                yield Flight(Fly.model_construct({"to", "cargo", "legs"}, to=dest, cargo=weight,
                                                 from_=None, legs=legs))


if TYPE_CHECKING:
    from ....referee import Engine

    def _is_an_engine(game: GameContent) -> Engine[FlightLog, Replay, Action]:
        return AirCargoEngine.of(game)
