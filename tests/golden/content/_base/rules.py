"""Rule checks for the golden base game."""

from __future__ import annotations

from collections.abc import Iterator

from pnpcompiler.content.components import Deck
from pnpcompiler.content.plugin import Rules
from pnpcompiler.content.project import GameContent
from pnpcompiler.core.findings import Finding, warning

rules = Rules()


@rules.check
def cards_have_text(game: GameContent) -> Iterator[Finding]:
    """Warn about a card with no body text."""
    for deck in game.of_type(Deck):
        for card in deck.cards:
            if not card.fields.get("body"):
                yield warning("card.no-text", f"card {card.id!r} has no body text", card.where())
