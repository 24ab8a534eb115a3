"""The Now Boarding referee: replays a round record (``replay``) through the engine the bots
share (``engine``).

The package is imported when a record is refereed (the game names it with
``rules.records``), never by validation or builds.
"""

from __future__ import annotations

from ....referee import Records
from . import replay

records = Records().include(replay.records)
"""The kind of record Now Boarding reads: ``rounds``."""

__all__ = ["records", "replay"]
