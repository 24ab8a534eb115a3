"""The two-airport card game (Brain Games, 2012): component kinds, rule checks, the kit."""

from __future__ import annotations

from ...content.plugin import EXACTLY_ONE, Rules
from . import checks, kit, references
from .model import KINDS, FlightField, TurnRules

rules = Rules().include(checks.rules, kit.rules, references.rules)
for _kind in KINDS:
    rules.kind(_kind, count=EXACTLY_ONE)
rules.kind(FlightField, count=EXACTLY_ONE)
rules.kind(TurnRules, count=EXACTLY_ONE)
rules.not_printed(TurnRules, "the numbers of a turn and the designer's rulings, which the "
                  "referee reads; the turn summary cards print them")

# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
# Its bots, imported only when the game is simulated.
rules.simulation(f"{__name__}.referee.simulation")

__all__ = ["checks", "kit", "references", "rules"]
