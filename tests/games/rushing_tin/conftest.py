"""Fixtures for Rushing Tin's tests: its content, loaded once."""

from __future__ import annotations

import pytest

from pnpcompiler.content.project import GameContent, load_game
from tests.paths import CONTENT


@pytest.fixture(scope="session")
def rushing_tin() -> GameContent:
    """The real Rushing Tin content, loaded once for every test that reads it."""
    loaded, _ = load_game(CONTENT, "rushing-tin")
    assert loaded is not None
    return loaded
