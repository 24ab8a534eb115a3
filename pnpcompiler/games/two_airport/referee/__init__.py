"""The two-airport referee: replays a turn-by-turn record (``replay``); ``engine`` is the game
as a machine that the replay and the bots (``bots``) share.

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....referee import Records
from . import replay

records = Records().include(replay.records)
"""The kind of record two-airport reads: ``turns``."""

__all__ = ["records", "replay"]
