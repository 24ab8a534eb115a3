"""A fork of a Rushing Tin shift is independent: every move the controllers try, tried on
the fork the engine makes for it (``ShiftEngine.fork_for``, which shares what a move cannot
change), and every phase of a turn played on a whole fork, leave the shift as it was."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.rushing_tin.referee.bots import Controllers
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.engine import Action, PlaneMove, ShiftEngine
from pnpcompiler.games.rushing_tin.referee.staff import STYLES, Staff
from pnpcompiler.games.rushing_tin.referee.state import Shift


def kept(ctx: Context) -> tuple[Shift, list[Finding], list[Any], set[Any], set[int]]:
    """Return a deep copy of what an action may change in a shift and its rulings."""
    return copy.deepcopy((ctx.state, ctx.findings, ctx.incidents, ctx.reported, ctx.moved))


class ForkChecking(ShiftEngine):
    """The engine, playing each action first on a fork and checking the shift is unchanged."""

    def __init__(self, game: GameContent) -> None:
        super().__init__(game)
        self.checked = {"move": 0, "phase": 0}

    def apply(self, ctx: Context, action: Action) -> tuple[Context, list[Finding]]:
        if not getattr(self, "checking", False):
            self.checking = True
            try:
                before = kept(ctx)
                twin = self.fork_for(ctx, action)
                super().apply(twin, action)
                assert kept(ctx) == before, action
                self.checked["move" if isinstance(action, PlaneMove) else "phase"] += 1
            finally:
                self.checking = False
        return super().apply(ctx, action)


@pytest.mark.parametrize(("seed", "styles"), [(1, ("careful",)), (2, ("careful", "busy")),
                                              (3, ("busy", "careful", "busy", "careful"))])
def test_a_move_tried_on_its_fork_leaves_the_shift_as_it_was(
        rushing_tin: GameContent, seed: int, styles: tuple[str, ...]) -> None:
    staff = Staff(rushing_tin)
    staff.engine = ForkChecking(rushing_tin)
    Controllers(staff, seed, [STYLES[s] for s in styles]).play(31)
    assert staff.engine.checked["move"] > 100 and staff.engine.checked["phase"] > 100
