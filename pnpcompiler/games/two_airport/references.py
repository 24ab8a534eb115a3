"""What the two-airport game's content defines for the references its records make: the Goal
cards and the spaces of the field; ``pnp schema`` lists them."""

from __future__ import annotations

from collections.abc import Iterator

from ...content.game import GameContent
from ...content.plugin import Rules
from .model import FlightField, GoalDeck

rules = Rules()


@rules.reference("goal-card")
def goal_cards(game: GameContent) -> Iterator[str]:
    """Yield the id of every Goal card."""
    for deck in game.of_type(GoalDeck):
        yield from (card.id for card in deck.cards)


@rules.reference("space")
def spaces(game: GameContent) -> Iterator[str]:
    """Yield every space of the field: column letter, then row number."""
    for field in game.of_type(FlightField):
        yield from (f"{column}{row}" for column in field.columns
                    for row in range(1, field.rows + 1))
