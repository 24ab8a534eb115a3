"""What Air Cargo's content checks compute again and again from an unchanged map, remembered
while its content is fuzzed (tests/conformance/test_content_fuzz.py)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from pnpcompiler.games.air_cargo import legs, map_checks


def remember(patch: pytest.MonkeyPatch) -> None:
    """Remember the exact test of a leg against a circle, where the checks import it."""
    within = lru_cache(maxsize=1 << 16)(legs.within_exactly)
    patch.setattr(legs, "within_exactly", within)
    patch.setattr(map_checks, "within_exactly", within)
