"""A Rushing Tin shift laid out for a test: the sector RT001 in turn 5 with the ATCs named."""

from __future__ import annotations

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.state import Controller
from pnpcompiler.games.rushing_tin.referee.turns import build_context


def shift_in_turn_5(game: GameContent, atcs: str) -> Context:
    """Return a shift in turn 5 (9:00) with one ATC per letter of ``atcs``, the first the
    Lead Controller, each with their wage and nothing on the map."""
    ctx = build_context(game, "RT001")
    ctx.state.turn = 5
    ctx.state.seating = list(atcs)
    ctx.state.lead = atcs[0]
    ctx.state.controllers = {a: Controller(a, wage=500) for a in atcs}
    return ctx
