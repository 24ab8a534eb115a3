"""The draw pile as the record shows it: a card drawn from lower in the pile, and a seed that
does not shuffle the cards the record deals and draws (2.5, 4.2)."""

from __future__ import annotations

from collections.abc import Sequence

from .log import TurnLog


def draw_from(pile: list[str], card: str) -> bool:
    """Take a drawn card from the pile and return whether it was the top card.

    A card lower in the pile is taken with the cards above it, as drawn unseen (the draws of
    a turn left out), so that the draws after it go on from the card the record drew and the
    slip is one finding. A card the pile does not hold takes the top card."""
    if pile and pile[0] == card:
        pile.pop(0)
        return True
    if card in pile:
        del pile[:pile.index(card) + 1]
    elif pile:
        pile.pop(0)
    return False


def record_cards(log: TurnLog, order: Sequence[str], dealt: int) -> list[str | None]:
    """Return the cards the record takes from the shuffled deck, in order: the deal in turn
    order, then each draw until the first reshuffle (None: a card it does not name)."""
    seats = {seat.name: seat for seat in log.players}
    cards: list[str | None] = []
    for name in order:
        cards += [seats[name].dealt, *[None] * (dealt - 1)][:dealt]
    for turn in log.turns:
        if turn.reshuffle is not None:
            break
        cards.append(turn.draw)
    return cards


def misplaced(cards: Sequence[str | None], deck: Sequence[str], dealt: int) -> int:
    """Return how many of the record's cards are not where the shuffled deck has them: the
    ``dealt`` first from the top, each draw going on from the card drawn (:func:`draw_from`)."""
    pile, count = list(deck), 0
    for n, card in enumerate(cards):
        if card is not None and (n >= dealt or not pile or pile[0] == card):
            count += not draw_from(pile, card)
        elif pile:
            count += card is not None
            pile.pop(0)
    return count


def in_record_order(cards: Sequence[str | None], deck: Sequence[str]) -> list[str]:
    """Return the deck with the cards the record takes on top, in the record's order, as far
    as the deck holds them; the rest as shuffled."""
    rest, top = list(deck), []
    for card in cards:
        if card is None:
            card = rest[0] if rest else None
        if card is None or card not in rest:
            break
        rest.remove(card)
        top.append(card)
    return top + rest
