"""The Rushing Tin referee: replays a recorded shift or checks a filled-in Sector Log."""

from __future__ import annotations

from . import replay, sheet, snapshot

__all__ = ["replay", "sheet", "snapshot"]
