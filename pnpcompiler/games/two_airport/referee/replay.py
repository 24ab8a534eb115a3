"""Replay a turn-by-turn record (``record: turns``): setup, every draw, move, card and
discard, the winner's claim. Findings cite the rule numbers of content/two-airport/
rulebook.yaml; their turn counts from 1, their piece is the aircraft concerned."""

from __future__ import annotations

from dataclasses import replace

from ....content.project import GameContent
from ....core.findings import Finding, unreadable
from ....referee import Records, Report, Scores, play
from ..checks import field_findings, field_geometry
from ..field import grid_of
from ..model import FlightField
from .engine import TwoAirportEngine
from .log import TurnLog
from .state import Table, Tables, TurnRulings, tables_for

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


FIELD_RULES = {"field.airports": "2.1", "field.space": "2.1", "field.distance": "2.1",
               "field.runway": "2.2", "field.departure-zone": "5.2", "field.path": "5.3"}
"""The rule each finding on a field breaks."""


def laid_out(game: GameContent, log: TurnLog, tables: Tables) -> tuple[Tables, TurnRulings]:
    """Return the tables with the field the record says it was played on (the content's
    when it says none), and the rulings on that field: it is checked as the content's is."""
    rulings = TurnRulings(piece_word="aircraft")
    if log.field is None:
        return tables, rulings
    (sheet,) = game.of_type(FlightField)
    field = FlightField.model_validate({
        "kind": sheet.kind, "component": sheet.component, "distance": sheet.distance,
        **log.field.model_dump(exclude_unset=True)})
    log.lend_source(field, "field")
    found = list(field_findings(field))
    grid = grid_of(field) if not found else None
    if grid is not None:
        found = list(field_geometry(field, grid))
    for f in found:
        rulings.rule(f.code, FIELD_RULES[f.code], f.message, f.location, turn=None)
    return (replace(tables, grid=grid) if grid is not None and not found else tables), rulings


def replay(game: GameContent, log: TurnLog) -> Table:
    """Replay a validated record; return the final table with its rulings. A record whose
    field cannot be played on is not replayed: its moves would be ruled on a field it was
    not played on."""
    tables, field_rulings = laid_out(game, log, tables_for(game))
    engine = TwoAirportEngine(tables)
    if field_rulings.findings:
        table = Table(order=tuple(seat.name for seat in log.players), goals={})
        table.rulings.findings += field_rulings.findings
        return table
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
