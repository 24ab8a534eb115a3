"""A fork of a race is independent: every action the bots play, played instead on a fork (and
another on a fork of that fork), leaves the race it was forked from as it was. The bots try
every roll's outcome, every card and every turn's end on forks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.magnificent_flying_machines.races import race
from pnpcompiler.games.magnificent_flying_machines.referee.engine import Action, RaceEngine
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race, Tables
from tests.forks import shared_mutables, snapshot


class ForkChecking(RaceEngine):
    """The engine, checking a fork of the race before about one action in ``every``."""

    def __init__(self, tables: Tables, every: int, seed: int) -> None:
        super().__init__(tables)
        self.every, self.chance = every, random.Random(seed)
        self.checked = 0

    def apply(self, race: Race, action: Action) -> tuple[Race, list[Finding]]:
        if self.chance.randrange(self.every) == 0:
            self.check(race, action)
        return super().apply(race, action)

    def check(self, race: Race, action: Action) -> None:
        """Play the action on a fork and on a fork of that fork; the race and the first fork
        stay as they were; a fork starts equal to its original and shares nothing an action
        changes."""
        before = snapshot(race, (Tables,))
        twin = self.fork(race)
        assert twin == race and shared_mutables(race, twin, (Tables,)) == []
        then = snapshot(twin, (Tables,))
        grandchild = self.fork(twin)
        assert shared_mutables(twin, grandchild, (Tables,)) == []
        super().apply(grandchild, action)
        assert twin == then
        super().apply(twin, action)
        assert race == before
        self.checked += 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       bot=st.sampled_from(["random", "heuristic"]))
def test_actions_on_a_fork_never_change_the_race(game: GameContent, seed: int, players: int,
                                                  bot: str) -> None:
    engine = ForkChecking(RaceEngine.of(game).tables, every=8, seed=seed)
    race(game, engine, players, bot, seed, "standard", weather_changes=True, cargo=True,
         cards=True, drafted=True)
    assert engine.checked > 0
