"""A fork of the two-airport table is independent: whatever is played on it, and on a fork of
it, the table it was forked from stays as it was (the racing bot tries every move on one)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.games.two_airport.referee.bots import NAMES, RandomBot
from pnpcompiler.games.two_airport.referee.engine import TwoAirportEngine
from pnpcompiler.games.two_airport.referee.log import TurnLog
from pnpcompiler.games.two_airport.referee.state import Table
from tests.forks import shared_mutables, snapshot

from .table import tables


def set_up(engine: TwoAirportEngine, players: int, seed: int) -> Table:
    """Return a seeded game's table after setup."""
    goals = random.Random(seed).sample(sorted(engine.tables.goals), players)
    return engine.initial(TurnLog.model_validate({
        "game": "two-airport", "record": "turns", "start": NAMES[0], "seed": seed,
        "players": [{"name": n, "goal": g} for n, g in zip(NAMES, goals, strict=False)]}))


def check_forks(engine: TwoAirportEngine, table: Table) -> None:
    """Play every open action on a fork, and one more on a fork of that fork: neither the
    table nor the first fork changes; a fork starts equal to its original and shares nothing
    an action changes."""
    before = snapshot(table)
    for option in engine.legal_actions(table):
        twin = engine.fork(table)
        assert twin == table and shared_mutables(table, twin) == []
        engine.apply(twin, option)
        then = snapshot(twin)
        grandchild = engine.fork(twin)
        assert shared_mutables(twin, grandchild) == []
        more = list(engine.legal_actions(grandchild))
        if more:
            engine.apply(grandchild, more[-1])
        assert twin == then
    assert table == before


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), every=st.integers(3, 12))
def test_actions_on_a_fork_never_change_the_table(seed: int, players: int, every: int) -> None:
    engine = TwoAirportEngine(tables())
    table = set_up(engine, players, seed)
    bot = RandomBot(random.Random(seed))
    for step in range(600):
        if table.winner is not None:
            break
        options = list(engine.legal_actions(table))
        if step % every == 0:
            check_forks(engine, table)
        table, found = engine.apply(table, bot.choose(engine.tables, table, options))
        assert found == []
