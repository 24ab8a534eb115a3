"""Replay a recorded shift turn by turn (1.00-1.90, THE END OF THE SHIFT).

``replay(game, log)`` is the library call: it returns the context, whose ``state`` is the
final state and whose ``findings`` are the rulings. The ``shift`` referee wraps it for the
command line.
"""

from __future__ import annotations

from .... import referee
from ....content.project import GameContent
from ....referee import Records, Report, Scores
from . import money
from .context import Context
from .engine import ShiftEngine
from .log import ShiftLog
from .state import Shift
from .turns import scores

records = Records()
"""The kind of record this module referees; the referee package includes it."""


def replay(game: GameContent, log: ShiftLog, *, snapshots: bool = True) -> Context:
    """Replay a validated shift log; return the context with the final state and rulings."""
    ctx, _ = referee.replay(ShiftEngine(game, snapshots=snapshots), log)
    return ctx


ShiftReport = Report[Shift, Scores]


@records.kind("shift", ShiftLog, piece="plane")
def referee_shift(game: GameContent, log: ShiftLog, report: ShiftReport) -> None:
    """Referee a turn-by-turn shift log."""
    ctx = replay(game, log)
    report.findings += ctx.findings
    report.incidents = ctx.incidents
    report.scores = scores(ctx.state)
    report.winner = money.winner(ctx.state) if log.end is not None or (
        log.turns and log.turns[-1].turn >= ctx.tables.rules.shift.turns) else None
    report.state = ctx.state
    report.snapshots = ctx.snapshots
