"""Check a filled-in Sector Log: flights, times, limits, bonuses, deals and money."""

from __future__ import annotations
