"""The Air Cargo referee: replays a full flight log (``replay``), checks a filled-in Pilot Log
(``sheet``), and draws a replayed game on the map (``trace``); ``engine`` is the game as a
machine that the replay and the bots share.

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....referee import Records

records = Records()
"""The kinds of record Air Cargo reads: ``flight-log`` and ``pilot-log``."""

from . import replay, sheet  # noqa: E402  (each registers its kind of record)

__all__ = ["records", "replay", "sheet"]
