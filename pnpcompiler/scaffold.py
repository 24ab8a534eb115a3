"""``pnp new``: a new game folder that validates out of the box."""

from __future__ import annotations

import re
from pathlib import Path

from .fsutil import write_atomic
from .schemas import schema_comment


class ScaffoldError(Exception):
    """The game cannot be created (bad name, or it exists)."""


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")

GAME_YAML = """\
{comment}
title: {title}
seed: rulebook.txt        # the rulebook this content follows
players: {{min: 1, max: 4}}
bill_of_materials:
  - id: cards
    name: Cards
    kind: deck
    count: 3
contradictions: []
"""

CARDS_YAML = """\
{comment}
kind: deck
component: cards
size: poker
backs:
  - id: standard
    fields: {{title: {title}}}
cards:
  - id: card-1
    name: First card
    fields: {{body: Replace this text with the card's rules.}}
  - id: card-2
    name: Second card
    copies: 2
    fields: {{body: Two copies of this card are printed.}}
"""

RULES_PY = '''\
"""Rule checks for {title}: functions that look at the content and yield findings."""

from __future__ import annotations

from collections.abc import Iterator

from pnpcompiler.components import Deck
from pnpcompiler.findings import Finding, warning
from pnpcompiler.plugin import Rules
from pnpcompiler.project import GameContent

rules = Rules()


@rules.check
def cards_have_text(game: GameContent) -> Iterator[Finding]:
    """Warn about a card with no body text."""
    for deck in game.of_type(Deck):
        for card in deck.cards:
            if not card.fields.get("body"):
                yield warning("card.no-text", f"card {{card.id!r}} has no body text",
                              card.where())
'''


def scaffold(content_dir: Path, slug: str, title: str) -> list[Path]:
    """Create ``content_dir/slug`` with a manifest, a sample deck and a rules module."""
    if not _SLUG.match(slug):
        raise ScaffoldError(f"game name {slug!r} must be lowercase letters, digits and hyphens "
                            "(e.g. 'my-game')")
    game_dir = content_dir / slug
    if game_dir.exists():
        raise ScaffoldError(f"{game_dir} already exists")
    schemas = content_dir.parent / "schemas"
    safe_title = title.replace('"', "'")
    quoted = f'"{safe_title}"'
    files = {
        game_dir / "game.yaml": GAME_YAML.format(
            comment=schema_comment(game_dir / "game.yaml", schemas, "game"), title=quoted),
        game_dir / "cards" / "cards.yaml": CARDS_YAML.format(
            comment=schema_comment(game_dir / "cards" / "cards.yaml", schemas, "deck"),
            title=quoted),
        game_dir / "rules.py": RULES_PY.format(title=safe_title),
    }
    for path, text in files.items():
        write_atomic(path, text)
    return list(files)
