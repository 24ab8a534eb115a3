"""The loaded Magnificent Flying Machines content, shared by this folder's tests."""

from __future__ import annotations

import pytest

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core.findings import Finding
from tests.paths import CONTENT

GAME = "magnificent-flying-machines"


@pytest.fixture(scope="package")
def loaded() -> tuple[GameContent, list[Finding]]:
    """Return the game as shipped and its validation findings."""
    game, findings = load_game(CONTENT, GAME)
    assert game is not None, findings
    return game, findings


@pytest.fixture(scope="package")
def game(loaded: tuple[GameContent, list[Finding]]) -> GameContent:
    """Return the game as shipped."""
    return loaded[0]
