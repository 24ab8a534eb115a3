"""What Rushing Tin's content checks compute again and again from an unchanged map, remembered
while its content is fuzzed (tests/conformance/test_content_fuzz.py)."""

from __future__ import annotations

import pytest

from pnpcompiler.games.rushing_tin.movement import Movement
from tests.fuzz_cases import remembered


def remember(patch: pytest.MonkeyPatch) -> None:
    """Remember the search for each route's fewest moves (a copy of the result each time)."""
    search = remembered(Movement.fewest_moves_to,
                        lambda movement, start, goals, limit=60: (
                            movement.air, start, tuple(goals), limit))
    patch.setattr(Movement, "fewest_moves_to", lambda *args: dict(search(*args)))
