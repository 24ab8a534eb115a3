"""Rushing Tin's engine, the referee's Engine protocol: replaying a record is the engine
applied to the record's actions, and a move tried on a fork leaves the shift as it was."""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.content.project import load_game
from pnpcompiler.core.findings import Severity
from pnpcompiler.core.loader import load_file
from pnpcompiler.core.validate import validate_document
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.engine import PlaneMove, ShiftEngine, StartMoves
from pnpcompiler.games.rushing_tin.referee.log import ShiftLog
from pnpcompiler.referee import play, referee_file, replay
from tests.paths import CONTENT, EXAMPLES, GOLDEN


def _shift_engine() -> tuple[ShiftEngine, ShiftLog]:
    game, _ = load_game(CONTENT, "rushing-tin")
    assert game is not None
    doc, _ = load_file(EXAMPLES / "rushing-tin" / "shift-2atc.yaml", "shift-2atc.yaml")
    log, _ = validate_document(doc, ShiftLog)
    assert log is not None
    return ShiftEngine(game), log


def test_rushing_tin_replay_is_the_engine_applied_to_the_records_actions() -> None:
    engine, log = _shift_engine()
    ctx, rulings = play(engine, engine.initial(log), engine.actions(log))
    report = referee_file(EXAMPLES / "rushing-tin" / "shift-2atc.yaml", CONTENT)
    assert rulings == [] and report.legal
    assert {a: c.cash for a, c in ctx.state.controllers.items()} == {
        a: s["cash"] for a, s in report.scores.items()}


def test_rushing_tin_legal_actions_and_forks() -> None:
    """Play the record up to the first move of turn 5, then try every move the engine
    offers on a fork: the shift it was forked from does not change."""
    engine, log = _shift_engine()
    ctx = engine.initial(log)
    for action in engine.actions(log):
        engine.apply(ctx, action)
        if isinstance(action, StartMoves) and action.turn.turn == 5:
            break
    before = render_board(ctx)
    offered = list(engine.legal_actions(ctx))
    assert offered and all(isinstance(a, PlaneMove) for a in offered)
    plane = offered[0].move.plane
    assert {a.move.plane for a in offered} == {plane}
    assert plane == engine.to_move(ctx)[0].id
    legal = 0
    for action in offered:
        fork = engine.fork(ctx)
        _, found = engine.apply(fork, action)
        legal += not any(f.severity is Severity.ERROR for f in found)
        assert plane in fork.moved and plane not in ctx.moved
    assert legal >= 1, "at least one offered move is legal as it stands"
    assert render_board(ctx) == before


def render_board(ctx: Context) -> str:
    state = ctx.state
    return repr(sorted((p.id, p.where, p.hex, p.level, p.facing)
                       for p in state.planes.values()))


def _record(path: Path) -> ShiftLog:
    doc, _ = load_file(path, path.name)
    log, _ = validate_document(doc, ShiftLog)
    assert log is not None
    return log


def test_1_20_dice_read_once_per_record_and_checked_on_every_replay() -> None:
    """An engine reads a record's dice once; each replay still rules on a die the seed does
    not roll, and another record replayed in between is judged by its own dice."""
    engine, legal = _shift_engine()
    wrong = _record(GOLDEN / "rt-shift" / "die-not-from-the-seed" / "record.yaml")
    first = [f.code for f in replay(engine, wrong)[1]]
    assert "dice.seed" in first
    assert replay(engine, legal)[1] == []
    assert [f.code for f in replay(engine, wrong)[1]] == first
    assert replay(engine, legal)[1] == []


def test_12_07_cover_up_pays_once_and_the_record_replays_the_same_every_time() -> None:
    """A move whose deal is covered up pays each colleague once; replaying the same record
    object again gives the same rulings and money (the record is read, never changed)."""
    from pnpcompiler.games.rushing_tin.referee.log import CoverUp

    engine, log = _shift_engine()
    # The example's first move with a deal, and the ATC who accepted that plane last before.
    atc_of = {a.plane: a.atc for a in log.setup.accept}
    for turn in log.turns:
        move = next((m for m in turn.moves if m.deals), None)
        if move is not None:
            break
        atc_of.update({a.plane: a.atc for a in turn.accept})
    assert move is not None
    plane_atc = atc_of[move.plane]
    other = next(a.id for a in log.atcs if a.id != plane_atc)
    move.cover_up = CoverUp(paid={other: 100})
    first, _ = replay(engine, log)
    second, _ = replay(engine, log)
    kinds = [i["kind"] for i in first.incidents]
    assert kinds.count("covered-up deal") == 1
    assert [i["kind"] for i in second.incidents] == kinds
    assert [f.message for f in second.findings] == [f.message for f in first.findings]
    for ctx in (first, second):
        assert ctx.state.controllers[other].transfers == 100
        assert ctx.state.controllers[plane_atc].transfers == -100
