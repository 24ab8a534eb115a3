"""Air Cargo's engine, the referee's Engine protocol: replaying a record is the engine applied
to the record's actions; the flights and plans it offers follow the state and the dice."""

from __future__ import annotations

from pnpcompiler.content.project import load_game
from pnpcompiler.core.loader import load_file
from pnpcompiler.core.validate import validate_document
from pnpcompiler.referee import play
from tests.paths import CONTENT, EXAMPLES


def test_air_cargo_replay_is_the_engine_applied_to_the_records_actions() -> None:
    from pnpcompiler.games.air_cargo.referee.engine import AirCargoEngine, Flight
    from pnpcompiler.games.air_cargo.referee.log import FlightLog

    game, _ = load_game(CONTENT, "air-cargo")
    assert game is not None
    doc, _ = load_file(EXAMPLES / "air-cargo" / "gold-wing.yaml", "gold-wing.yaml")
    log, _ = validate_document(doc, FlightLog)
    assert log is not None
    engine = AirCargoEngine.of(game)
    state, rulings = play(engine, engine.initial(log), engine.actions(log))
    assert rulings == [] and state.state.tally is not None
    assert state.state.tally.points == 45
    # Half-way, the flights open are the planned, unvisited airports with planned cargo.
    half = engine.initial(log)
    for action in list(engine.actions(log))[:6]:
        engine.apply(half, action)
    offered = list(engine.legal_actions(half))
    assert all(isinstance(a, Flight) for a in offered)
    for action in offered:
        assert action.fly.to in half.state.planned and action.fly.to not in half.state.visited
        assert action.fly.cargo in half.state.planned_cargo
        fork = engine.fork(half)
        engine.apply(fork, action)
        assert len(fork.state.flights) == len(half.state.flights) + 1


def test_air_cargo_plan_options_follow_the_dice() -> None:
    from pnpcompiler.games.air_cargo.referee.engine import AirCargoEngine

    game, _ = load_game(CONTENT, "air-cargo")
    assert game is not None
    engine = AirCargoEngine.of(game)
    weights, airports = engine.plan_options(engine.initial(), [4, 6])
    assert set(weights) <= {4, 6, 10} and set(airports) <= {46, 64}
