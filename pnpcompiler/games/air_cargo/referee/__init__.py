"""The Air Cargo referee: replays a full flight log (``replay``), checks a filled-in Pilot Log
(``sheet``), and draws a replayed game on the map (``trace``); ``engine`` is the game as a
machine that the replay and the bots share.

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....content.plugin import deferred
from ....referee import Records
from . import replay, sheet

records = Records().include(replay.records, sheet.records)
"""The kinds of record Air Cargo reads: ``flight-log`` and ``pilot-log``."""
# Drawing the trace loads the layout toolkit: only when a trace is asked for.
records.draws_traces(deferred(f"{__name__}.trace", "draw"))

__all__ = ["records", "replay", "sheet"]
