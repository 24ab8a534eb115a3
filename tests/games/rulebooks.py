"""The games' rulebooks: their text beside the project (shared/seeds/), and the rules each
game's rulebook content lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpcompiler.content.rulemap import build_map
from tests.paths import CONTENT, REPO

SEEDS = REPO.parent / "shared" / "seeds"


def seed_text(name: str) -> str:
    """Return a rulebook's text (skip when it is not beside the project)."""
    path: Path = SEEDS / name
    if not path.is_file():
        pytest.skip(f"the rulebook's text is not beside the project ({path})")
    return path.read_text(encoding="utf-8")


def catalogue(game: str, kind: str | None = None) -> list[str]:
    """Return the rule ids of a game's rulebook content (of one kind), in order."""
    rule_map, findings = build_map(CONTENT, game, None)
    assert rule_map is not None, findings
    return [entry.rule.id for entry in rule_map.rules if kind in (None, entry.rule.kind)]
