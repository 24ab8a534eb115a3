"""The Air Cargo referee: replays a full flight log, checks a filled-in Pilot Log, and draws a
replayed game on the map."""

from __future__ import annotations

from . import replay, sheet, trace

__all__ = ["replay", "sheet", "trace"]
