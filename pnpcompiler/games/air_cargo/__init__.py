"""Air Cargo (Oystein Eker, rules V3): component kinds, rule checks, derived data, the kit."""

from __future__ import annotations

from ...content.plugin import EXACTLY_ONE, Rules
from . import board, checks, exports, kit, map_checks, pilot_log, references
from .model import KINDS, AirCargoMap, AirCargoRules

rules = Rules().include(checks.rules, map_checks.rules, exports.rules, kit.rules,
                        pilot_log.rules, board.rules, references.rules)
for _kind in KINDS:
    rules.kind(_kind)
rules.kind(AirCargoMap, count=EXACTLY_ONE)
rules.kind(AirCargoRules, count=EXACTLY_ONE)
rules.not_printed(AirCargoRules, "the cargo, weather, hazard and score tables the rule checks "
                  "and the referee read; the rulebook prints them")

# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
# Its bots, imported only when the game is simulated.
rules.simulation(f"{__name__}.referee.simulation")

__all__ = ["board", "checks", "exports", "kit", "map_checks", "pilot_log", "references",
           "rules"]
