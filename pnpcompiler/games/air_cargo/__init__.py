"""Air Cargo (Oystein Eker, rules V3): component kinds, rule checks, derived data, the kit."""

from __future__ import annotations

from ...plugin import Rules
from .model import KINDS

rules = Rules()
for _kind in KINDS:
    rules.kind(_kind)

# Importing these registers their checks, derived data and outputs on ``rules``.
from . import board, checks, exports, kit, map_checks, pilot_log, referee  # noqa: E402

__all__ = ["board", "checks", "exports", "kit", "map_checks", "pilot_log", "referee", "rules"]
