"""Referee a round record (``record: rounds``): replay it, then the recomputed scores."""

from __future__ import annotations

from .... import referee
from ....content.project import GameContent
from ....referee import Records, Report, Scores
from ..checks import game_rules, passengers
from .engine import NowBoardingEngine, engine_for
from .log import RoundLog
from .purchase import final_score, totals
from .state import Game

records = Records()
"""The kind of record this module referees; the referee package includes it."""


def engine_of(game: GameContent) -> NowBoardingEngine:
    """Return the engine for the loaded content."""
    tables = game_rules(game)
    return engine_for([tables] if tables else [], passengers(game))


def replay(engine: NowBoardingEngine, log: RoundLog) -> Game:
    """Replay a validated round record; return the final state (its rulings included)."""
    state, _ = referee.replay(engine, log)
    return state


@records.kind("rounds", RoundLog, piece="player")
def referee_rounds(game: GameContent, log: RoundLog, report: Report[Game, Scores]) -> None:
    """Referee a round record."""
    run = replay(engine_of(game), log)
    report.findings += run.rulings.findings
    score = final_score(run)
    piles = totals(run)
    report.scores = {p.name: {"colour": p.colour, "total": piles[p.name],
                              "claimed": (log.end.totals or {}).get(p.name)}
                     for p in run.players}
    if run.over == "advanced-loss":
        # Lost games have no score on the chart: say so rather than show a tier.
        report.scores["table"] = {"result": "lost", "lost": len(run.lost),
                                  "end": run.over}
    else:
        report.scores["table"] = {"score": score, "tier": run.table.tables.tier(score),
                                  "lost": len(run.lost), "end": run.over or "day-3"}
    report.state = run
