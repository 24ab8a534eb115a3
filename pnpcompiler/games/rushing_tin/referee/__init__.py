"""The Rushing Tin referee: replays a recorded shift (``replay``) or checks a filled-in Sector
Log (``sheet``), and draws the board at the end of a turn (``snapshot``); ``engine`` is the
game as a machine that the replay and the bots share.

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....content.plugin import deferred
from ....referee import Records
from . import replay, sheet

records = Records().include(replay.records, sheet.records)
"""The kinds of record Rushing Tin reads: ``shift`` and ``sector-log``."""
# Drawing the board loads the layout toolkit: only when a board is asked for.
records.draws_snapshots(deferred(f"{__name__}.snapshot", "board_at"))

__all__ = ["records", "replay", "sheet"]
