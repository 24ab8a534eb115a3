"""The Magnificent Flying Machines referee: replays a race log (``replay``); ``engine`` is
the game as a machine that the replay and the bots share.

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....referee import Records
from . import replay

records = Records().include(replay.records)
"""The kinds of record Magnificent Flying Machines reads: ``race``."""

__all__ = ["records", "replay"]
