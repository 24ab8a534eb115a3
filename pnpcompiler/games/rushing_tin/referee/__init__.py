"""The Rushing Tin referee: replays a recorded shift (``replay``) or checks a filled-in Sector
Log (``sheet``), and draws the board at the end of a turn (``snapshot``); ``engine`` is the
game as a machine that the replay and the bots share.

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....referee import Records

records = Records()
"""The kinds of record Rushing Tin reads: ``shift`` and ``sector-log``."""

from . import replay, sheet  # noqa: E402  (each registers its kind of record)

__all__ = ["records", "replay", "sheet"]
