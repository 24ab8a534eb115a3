"""Draw the sector map at the end of a turn of a replayed shift."""

from __future__ import annotations
