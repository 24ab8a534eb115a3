"""Air Cargo (Oystein Eker, rules V3): component kinds, rule checks, derived data, the kit."""

from __future__ import annotations

from ...content.plugin import Rules, deferred
from .model import KINDS

rules = Rules()
for _kind in KINDS:
    rules.kind(_kind)
rules.not_printed("air-cargo-rules", "the cargo, weather, hazard and score tables the rule "
                  "checks and the referee read; the rulebook prints them")

# Importing these registers their checks, derived data and outputs on ``rules``.
from . import board, checks, exports, kit, map_checks, pilot_log  # noqa: E402

# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
rules.trace(deferred(f"{__name__}.referee.trace", "draw"))

__all__ = ["board", "checks", "exports", "kit", "map_checks", "pilot_log", "rules"]
