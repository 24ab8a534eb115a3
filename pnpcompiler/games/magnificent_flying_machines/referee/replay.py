"""Replay a race log (``record: race``): every turn, action and test, fuel, luck, the end
and the scores. Findings cite the rule broken and the record's line; their turn counts the
turns of the race from 1."""

from __future__ import annotations

from typing import Any

from ....content.project import GameContent
from ....referee import Records, Report
from .engine import RaceEngine
from .log import RaceLog
from .state import Race
from .turns import scores, winner

records = Records()
"""The kind of record this module referees; the referee package includes it."""


def replay(game: GameContent, log: RaceLog) -> Race:
    """Replay a validated race log; return the race with its final state and rulings."""
    engine = RaceEngine.of(game)
    race: Race = engine.initial(log)
    for action in engine.actions(log):
        race, _ = engine.apply(race, action)
    return race


@records.kind("race", RaceLog, piece="machine")
def referee_race(game: GameContent, log: RaceLog, report: Report[Race, Any]) -> None:
    """Referee a race log."""
    race = replay(game, log)
    report.findings += race.rulings.findings
    table = scores(race)
    report.scores = {player: dict(parts) for player, parts in table.items()}
    report.winner = winner(race, table)
    report.state = race
