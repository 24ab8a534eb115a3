"""A fork of a Now Boarding game is independent: every step the bots play, played instead on
a fork (and another on a fork of that fork), leaves the game it was forked from as it was.
The bots work out each Arrival on a fork."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.project import load_game
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.now_boarding.bots import play
from pnpcompiler.games.now_boarding.referee.engine import Action, NowBoardingEngine
from pnpcompiler.games.now_boarding.referee.replay import engine_of
from pnpcompiler.games.now_boarding.referee.state import Game, Table
from tests.forks import shared_mutables, snapshot
from tests.paths import CONTENT

COLOURS = ["blue", "orange", "purple", "teal", "pink", "brown"]


class ForkChecking(NowBoardingEngine):
    """The engine, checking a fork of the game before about one action in ``every``."""

    def __init__(self, engine: NowBoardingEngine, every: int, seed: int) -> None:
        super().__init__(engine.tables, list(engine.tiles.values()))
        self.every, self.chance = every, random.Random(seed)
        self.checked = 0

    def apply(self, game: Game, action: Action) -> tuple[Game, list[Finding]]:
        if self.chance.randrange(self.every) == 0:
            self.check(game, action)
        return super().apply(game, action)

    def check(self, game: Game, action: Action) -> None:
        """Play the action on a fork and on a fork of that fork; the game and the first fork
        stay as they were; a fork starts equal to its original and shares nothing an action
        changes."""
        before = snapshot(game, (Table,))
        twin = self.fork(game)
        assert twin == game and shared_mutables(game, twin, (Table,)) == []
        then = snapshot(twin, (Table,))
        grandchild = self.fork(twin)
        assert shared_mutables(twin, grandchild, (Table,)) == []
        super().apply(grandchild, action)
        assert twin == then
        super().apply(twin, action)
        assert game == before
        self.checked += 1


@cache
def shipped() -> NowBoardingEngine:
    """Return the engine of the game as shipped."""
    content, findings = load_game(CONTENT, "now-boarding")
    assert content is not None, findings
    return engine_of(content)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6),
       style=st.sampled_from(["random", "heuristic"]))
def test_actions_on_a_fork_never_change_the_game(seed: int, players: int, style: str) -> None:
    checking = ForkChecking(shipped(), every=4, seed=seed)
    play(checking, COLOURS[:players], seed, style)
    assert checking.checked > 0

