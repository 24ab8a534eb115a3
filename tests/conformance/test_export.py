"""Every game's export is stable: export -> load -> export gives the same JSON."""

from __future__ import annotations

import pytest

from tests.conformance.games import GAMES
from tests.content.test_export import roundtrip
from tests.paths import CONTENT


@pytest.mark.parametrize("game", GAMES)
def test_export_round_trips(game: str) -> None:
    roundtrip(CONTENT, game)
