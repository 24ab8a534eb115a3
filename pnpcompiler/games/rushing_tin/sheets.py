"""The Sector Log as a printable form (generic sheet sections)."""

from __future__ import annotations
