"""3.05-3.12: an ordinary move, flown by its short cut, ends exactly as the full walk ends it.

The short cut (``flight.ORDINARY_MOVES``) must never change a ruling, an incident, a score or
the board: every example shift, every golden shift and simulated shifts by careful, busy and
sloppy controllers are replayed with it and without it and compared whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.loader import load_file
from pnpcompiler.core.validate import validate_document
from pnpcompiler.games.rushing_tin.referee import flight
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.engine import Action, PlaneMove, ShiftEngine
from pnpcompiler.games.rushing_tin.referee.log import ShiftLog
from pnpcompiler.referee import referee_file
from pnpcompiler.referee.records import Loaded
from pnpcompiler.referee.simulation import Played, game_seed, prepared
from tests.paths import CONTENT, EXAMPLES, GOLDEN

SHIFTS = sorted((EXAMPLES / "rushing-tin").glob("shift-*.yaml"))
RECORDS = sorted([*(EXAMPLES / "rushing-tin").glob("shift-*.yaml"),
                  *(GOLDEN / "rt-shift").glob("*/record.yaml")])
SEATS = [("careful", "busy"), ("sloppy-careful@0.3", "busy", "sloppy-busy@0.3"),
         ("sloppy-busy@0.5",), ("busy", "careful", "sloppy-careful@0.2", "busy")]
LOADED: Loaded = {}


def _refereed(record: Path, *, ordinary: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Return everything a report holds of a record, replayed with or without the short cut."""
    monkeypatch.setattr(flight, "ORDINARY_MOVES", ordinary)
    report = referee_file(record, CONTENT, loaded=LOADED)
    return (report.to_json(), [(f.code, f.message, f.location) for f in report.findings],
            report.incidents, report.state, report.snapshots)


def _tried(engine: ShiftEngine, ctx: Context, action: Action, *, ordinary: bool,
           monkeypatch: pytest.MonkeyPatch) -> Any:
    """Return the shift and everything ruled after one action applied to a fork."""
    monkeypatch.setattr(flight, "ORDINARY_MOVES", ordinary)
    twin, _ = engine.apply(engine.fork(ctx), action)
    return twin.state, twin.findings, twin.incidents, twin.reported


@pytest.mark.parametrize("record", SHIFTS, ids=lambda p: p.stem)
def test_3_07_every_move_offered_ends_as_the_full_walk_ends_it(
        record: Path, rushing_tin: GameContent, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every turn and level change at every move of a shift: near misses and collisions at the
    # end of the move, edges, the control zone, weather, all against the short cut.
    doc, _ = load_file(record, record.name)
    log, _ = validate_document(doc, ShiftLog)
    assert log is not None
    engine = ShiftEngine(rushing_tin)
    ctx, tried = engine.initial(log), 0
    for action in engine.actions(log):
        if isinstance(action, PlaneMove):
            for offered in engine.legal_actions(ctx):
                assert (_tried(engine, ctx, offered, ordinary=True, monkeypatch=monkeypatch)
                        == _tried(engine, ctx, offered, ordinary=False,
                                  monkeypatch=monkeypatch)), offered
                tried += 1
        engine.apply(ctx, action)
    assert tried > 5 * sum(len(turn.moves) for turn in log.turns)


def _ordinary_count(record: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """Return how many of a record's moves take the short cut."""
    taken: list[bool] = []
    ordinary = flight.fly_ordinary

    def counted(*args: Any) -> bool:
        taken.append(ordinary(*args))
        return taken[-1]

    monkeypatch.setattr(flight, "fly_ordinary", counted)
    referee_file(record, CONTENT, loaded=LOADED)
    return sum(taken)


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name if p.stem == "record"
                         else p.stem)
def test_3_05_ordinary_moves_replay_every_shift_as_the_full_walk_does(
        record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert (_refereed(record, ordinary=True, monkeypatch=monkeypatch)
            == _refereed(record, ordinary=False, monkeypatch=monkeypatch))


def test_3_05_most_moves_of_an_example_shift_are_ordinary(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Without ordinary moves taken the comparison above would compare the full walk with
    # itself.
    record = EXAMPLES / "rushing-tin" / "shift-4atc.yaml"
    moves = sum(len(turn["moves"]) for turn in yaml.safe_load(record.read_text("utf-8"))["turns"])
    assert _ordinary_count(record, monkeypatch) > moves // 2


def _played(seats: tuple[str, ...], seed: int, *, ordinary: bool,
            monkeypatch: pytest.MonkeyPatch) -> Played:
    monkeypatch.setattr(flight, "ORDINARY_MOVES", ordinary)
    simulation, staff = prepared(CONTENT, "rushing-tin")
    assert simulation.play is not None
    return simulation.play(staff, seats, seed, True)


@pytest.mark.parametrize(("game", "seats"), list(enumerate(SEATS)))
def test_3_05_ordinary_moves_play_simulated_shifts_as_the_full_walk_does(
        game: int, seats: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    # The bots try moves on forks of the shift and choose by what the engine rules, so the
    # record, its rulings and the money show any difference the short cut made.
    seed = game_seed(12, game)
    assert (_played(seats, seed, ordinary=True, monkeypatch=monkeypatch)
            == _played(seats, seed, ordinary=False, monkeypatch=monkeypatch))
