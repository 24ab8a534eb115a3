"""Rule checks for the golden base game."""

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
                yield warning("card.no-text", f"card {card.id!r} has no body text", card.where())
