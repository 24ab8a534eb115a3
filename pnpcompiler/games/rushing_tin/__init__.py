"""Rushing Tin (Phil Roast, playtest v1.0): component kinds, rule checks, derived data, map."""

from __future__ import annotations

from ...content.plugin import Rules, deferred
from .model import KINDS

rules = Rules()
for _kind in KINDS:
    rules.kind(_kind)
rules.not_printed("rules-tables", "the levels, costs and tables the rule checks and the "
                  "referee read; the rulebook prints them")

# Importing these registers their checks, derived data and outputs on ``rules``.
from . import board, checks, exports, kit, map_checks, sheets  # noqa: E402

# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
rules.snapshot(deferred(f"{__name__}.referee.snapshot", "board_at"))

__all__ = ["board", "checks", "exports", "kit", "map_checks", "rules", "sheets"]
