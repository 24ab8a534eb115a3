"""Replay a full flight log (``record: flight-log``): every planning roll, every flight leg
by leg, every hazard check, the end and the score.

``replay(chart, log)`` is the library call: it returns the replay, whose ``state`` is the
final state (what the map trace draws) and whose ``rulings`` are the findings. The referee
re-derives everything from the map and the dice: which weights and airports a roll plans, leg
lengths against the leg template, the mountain ranges each leg crosses (exactly, edge
included), weather boxes and numbers, each check's total and result, the stamina, prayers and
plan rerolls used, how the game ended and its score. Findings cite the rulebook's sections;
their turn is the flight's number.
"""

from __future__ import annotations

from typing import Any

from .... import referee
from ....content.project import GameContent
from ....core.findings import unreadable
from ....referee import Records, Report, Scores
from .context import Chart, chart_for
from .engine import AirCargoEngine
from .flight import crossed, fly, game_over
from .log import FlightLog
from .state import PilotState, Replay, new_state

records = Records()
"""The kind of record this module referees; the referee package includes it."""

__all__ = ["Replay", "crossed", "fly", "game_over", "new_state", "replay"]


def replay(chart: Chart, log: FlightLog) -> Replay:
    """Replay a validated flight log; return the replay with its final state and rulings."""
    game, _ = referee.replay(AirCargoEngine(chart), log)
    return game


def scores(game: Replay) -> Scores:
    """Return the recomputed score, its parts, the rank and what was used, for the report."""
    state, chart = game.state, game.chart
    assert state.tally is not None
    boxes = chart.tables.boxes
    checks = state.checks
    return {**state.tally.as_scores(), "end": state.end, "flights": len(state.flights),
            "legs": state.legs, "weather_boxes": f"{state.weather}/{chart.weather_boxes}",
            "checks": len(checks), "checks_failed": sum(1 for c in checks if not c.passed),
            "plan_rerolls": f"{state.resources.plan_rerolls}/{boxes.plan_reroll.count}",
            "stamina": f"{state.resources.stamina}/{boxes.stamina.count}",
            "prayers": f"{state.resources.prayers}/{boxes.prayer_reroll.count}"}


def event_shape(log: FlightLog) -> list[Any]:
    """Return a finding for each event that is not exactly one of ``plan`` or ``fly``."""
    out = []
    for n, event in enumerate(log.events):
        given = [k for k in ("plan", "fly") if getattr(event, k) is not None]
        if len(given) != 1:
            found = " and ".join(given) or "neither"
            out.append(unreadable("record.event", f"events[{n}]: expected one of 'plan' or "
                                  f"'fly' in each event, found {found}", log.where("events", n)))
    return out


@records.kind("flight-log", FlightLog)
def referee_flight_log(game: GameContent, log: FlightLog,
                       report: Report[PilotState, Scores]) -> None:
    """Referee a full flight log."""
    report.findings += event_shape(log)
    if report.findings:
        return
    run = replay(chart_for(game), log)
    report.findings += run.findings
    report.scores = {log.pilot or "pilot": {**scores(run), **(
        {"claimed": log.end.score} if log.end.score is not None else {})}}
    report.state = run.state
