"""Rushing Tin (Phil Roast, playtest v1.0): component kinds, rule checks, derived data, map."""

from __future__ import annotations

from ...content.plugin import AT_LEAST_ONE, EXACTLY_ONE, Rules
from . import board, checks, exports, kit, map_checks, references, sheets
from .model import KINDS, RulesTables, Sector

rules = Rules().include(checks.rules, map_checks.rules, exports.rules, kit.rules, sheets.rules,
                        board.rules, references.rules)
for _kind in KINDS:
    rules.kind(_kind)
rules.kind(RulesTables, count=EXACTLY_ONE)
rules.kind(Sector, count=AT_LEAST_ONE)
rules.not_printed(RulesTables, "the levels, costs and tables the rule checks and the referee "
                  "read; the rulebook prints them")

# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
# What bots play with pnp simulate, imported only to simulate.
rules.simulation(f"{__name__}.referee.simulation")

__all__ = ["board", "checks", "exports", "kit", "map_checks", "references", "rules",
           "sheets"]
