"""Magnificent Flying Machines (Richard Denning, Medusa Games 2018): component kinds, rule
checks, the supply table and the kit."""

from __future__ import annotations

from ...content.plugin import EXACTLY_ONE, Rules
from . import checks, kit, markers, sheets
from .model import KINDS, TerrainTiles
from .tables import RulesTables

rules = Rules().include(checks.rules, markers.rules, kit.rules, sheets.rules)
for _kind in KINDS:
    rules.kind(_kind)
rules.kind(RulesTables, count=EXACTLY_ONE)
rules.kind(TerrainTiles, count=EXACTLY_ONE)
# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
rules.simulation(f"{__name__}.simulation")
rules.not_printed(RulesTables, "the CONTENTS, set-up, course, action and scoring tables the "
                  "rule checks read; the rulebook prints them")

__all__ = ["checks", "kit", "markers", "rules", "sheets"]
