"""A fork of a race is independent: every action the bots play, played instead on a fork (and
another on a fork of that fork), leaves the race it was forked from as it was; so does a phase
played on the fork made for a phase, which shares what a phase cannot change. The bots try
cards on a test and after a turn's phases on forks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.magnificent_flying_machines.races import race
from pnpcompiler.games.magnificent_flying_machines.referee.cards import rivals_reached
from pnpcompiler.games.magnificent_flying_machines.referee.engine import (
    Action,
    PhaseAction,
    RaceEngine,
)
from pnpcompiler.games.magnificent_flying_machines.referee.state import (
    Race,
    Tables,
    fork_for_phase,
)
from tests.forks import shared_mutables, snapshot


class ForkChecking(RaceEngine):
    """The engine, checking a fork of the race before about one action in ``every``."""

    def __init__(self, tables: Tables, every: int, seed: int) -> None:
        super().__init__(tables)
        self.every, self.chance = every, random.Random(seed)
        self.checked = self.phases = 0

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
        if isinstance(action, PhaseAction):
            self.check_phase(race, action)
        self.checked += 1

    def check_phase(self, race: Race, action: PhaseAction) -> None:
        """Play a phase on the fork made for it (the engine's settle tries phases on it): the
        race stays as it was and the fork ends as a whole fork does."""
        before = snapshot(race, (Tables,))
        twin = fork_for_phase(race, rivals_reached(race, action.phase))
        whole = super().apply(self.fork(race), action)[0]
        assert super().apply(twin, action)[0] == whole
        assert race == before
        self.phases += 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       bot=st.sampled_from(["random", "heuristic"]))
def test_actions_on_a_fork_never_change_the_race(game: GameContent, seed: int, players: int,
                                                  bot: str) -> None:
    engine = ForkChecking(RaceEngine.of(game).tables, every=8, seed=seed)
    race(game, engine, players, bot, seed, "standard", weather_changes=True, cargo=True,
         cards=True, drafted=True)
    assert engine.checked > 0 and engine.phases > 0
