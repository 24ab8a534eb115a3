"""Replay a turn-by-turn record (``record: turns``): setup, every draw, move, card and
discard, the winner's claim. Findings cite the rule numbers of content/two-airport/
rulebook.yaml; their turn counts from 1, their piece is the aircraft concerned."""

from __future__ import annotations

from ....content.project import GameContent
from ....core.findings import Finding, unreadable
from ....referee import Records, Report, Scores, play
from .engine import TwoAirportEngine
from .log import TurnLog
from .state import Table, tables_for

records = Records()
"""The kind of record this module referees; the referee package includes it."""


def action_shape(log: TurnLog) -> list[Finding]:
    """Return a finding for each action that is not exactly one move, play or claim."""
    out = []
    for t, turn in enumerate(log.turns):
        for n, action in enumerate(turn.actions):
            given = [k for k in ("move", "play", "claim") if getattr(action, k) is not None]
            if len(given) != 1:
                found = " and ".join(given) or "none of them"
                out.append(unreadable("record.action", f"expected one of 'move', 'play' or "
                                      f"'claim', found {found}",
                                      log.where("turns", t, "actions", n)))
    return out


def replay(game: GameContent, log: TurnLog) -> Table:
    """Replay a validated record; return the final table with its rulings."""
    engine = TwoAirportEngine(tables_for(game))
    table, _ = play(engine, engine.initial(log), engine.actions(log))
    return table


def scores(game: GameContent, table: Table) -> dict[str, Scores]:
    """Return each player's goal aircraft landed, and their cards at the end."""
    return {name: {"goal_landed": f"{len(goal & table.landed)}/{len(goal)}",
                   "hand": len(table.hands.get(name, [])),
                   "technical_return": table.returns.get(name, 0)}
            for name, goal in table.goals.items()}


@records.kind("turns", TurnLog, piece="aircraft")
def referee_turns(game: GameContent, log: TurnLog, report: Report[Table, Scores]) -> None:
    """Referee a turn-by-turn record."""
    report.findings += action_shape(log)
    if report.findings:
        return
    table = replay(game, log)
    report.findings += table.rulings.findings
    report.scores = scores(game, table)
    report.winner = table.winner
    report.state = table
