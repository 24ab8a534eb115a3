"""Each player's hand of trick and boost cards (4.2, 8.1): the deal, a played card taken from
its player's hand, the cards drawn at the end of a turn and the hand limit. A record that
writes no ``hands`` is not followed card by card: what is played is still applied."""

from __future__ import annotations

import difflib

from ....core.findings import Location
from ..model import TrickCard
from .log import RaceLog, Turn
from .state import Flyer, Race

DRAWS = 1
"""8.1: "the player draws one additional card" at the end of each turn."""


def hand_limit(race: Race, player: str) -> int:
    """Return a player's hand limit and starting hand: three, Marco Florentina's four."""
    return hand_rules(race, player)[0]


def hand_rules(race: Race, player: str) -> tuple[int, int]:
    """Return a player's hand limit (three, Marco Florentina's four) and the cards they draw
    at the end of a turn (one, Marco Florentina's two)."""
    # The pilots that change them only, in one pass: asked at every turn's end.
    limits: list[int] = []
    counts: list[int] = []
    for flyer in race.flyers.values():
        pilot = flyer.pilot
        if pilot is not None and (pilot.hand_limit or pilot.draws) \
                and flyer.machine.player == player:
            if pilot.hand_limit:
                limits.append(pilot.hand_limit)
            if pilot.draws:
                counts.append(pilot.draws)
    return (max(limits) if limits else race.tables.rules.setup.hand,
            max(counts) if counts else DRAWS)


def machine_of(race: Race, player: str) -> str | None:
    """Return the machine a player's finding names: the one whose turn it is, else their
    first."""
    now = race.current
    if now is not None and now.flyer.machine.player == player:
        return now.flyer.name
    return next((f.name for f in race.flyers.values() if f.machine.player == player), None)


def deal(race: Race, log: RaceLog) -> None:
    """Take the hands the record deals (4.2): three each, four for Marco Florentina's player
    (the recorded reading of contradiction hand-size-marco), of cards the deck holds."""
    if log.hands is None:
        return
    race.hands = {player: [] for player in log.players}
    dealt = log.where("hands")
    for player, cards in log.hands.items():
        where = log.where("hands", player)
        if player not in race.hands:
            race.rulings.rule("hand.deal", "4.2", f"{player} is not a player of this race",
                              where, piece=machine_of(race, player))
            continue
        known = [card for card in cards if known_card(race, card, where, player)]
        race.hands[player] = known
        size = hand_limit(race, player)
        if len(cards) != size:
            race.rulings.rule("hand.deal", "4.2", f"{player} starts with {size} trick and "
                              f"boost cards; found {len(cards)}", where,
                              piece=machine_of(race, player))
    for player in log.players:
        if player not in log.hands:
            race.rulings.rule("hand.deal", "4.2", f"no hand is dealt to {player}", dealt,
                              piece=machine_of(race, player))
    check_copies(race, sorted({c for cards in race.hands.values() for c in cards}), dealt,
                 None)


def known_card(race: Race, card: str, where: Location | None, player: str) -> bool:
    """Report a card the deck does not hold; return whether it is known."""
    if card in race.tables.tricks:
        return True
    race.rulings.rule("card.unknown", "8.1", f"no trick and boost card {card!r}", where,
                      piece=machine_of(race, player))
    return False


def read_as(race: Race, card: str, where: Location | None, player: str) -> TrickCard | None:
    """Report a card the deck does not hold that a player plays from their hand (8.1); return
    the card of their hand its name is closest to (a misspelling: the rest of the record is
    judged as if that card were written), or None when none is close."""
    hand = (race.hands or {}).get(player, [])
    close = difflib.get_close_matches(card, hand, n=1, cutoff=0.8)
    read = f"; read as {close[0]}, the card of {player}'s hand nearest to it" if close else ""
    race.rulings.rule("card.unknown", "8.1", f"no trick and boost card {card!r}{read}", where,
                      piece=machine_of(race, player))
    return race.tables.tricks[close[0]] if close else None


def check_copies(race: Race, cards: list[str], where: Location | None,
                 player: str | None) -> None:
    """Report a card dealt or drawn that is held more often at once than the deck has copies
    of it (4.2)."""
    if race.hands is None:
        return
    for card in cards:
        n = sum([hand.count(card) for hand in race.hands.values()])  # listed: every draw
        copies = race.tables.tricks[card].copies
        if n > copies:
            race.rulings.rule("card.copies", "4.2", f"{n} copies of {card} are held at once; "
                              f"the deck has {copies}", where,
                              piece=machine_of(race, player) if player else None)


def played_card(race: Race, player: str, card_id: str, where: Location | None
                ) -> TrickCard | None:
    """Return the card a player plays, taken from their hand (8.1); None when the deck holds
    no such card (reported)."""
    card = race.tables.tricks.get(card_id)
    if card is None:
        known_card(race, card_id, where, player)
        return None
    take(race, player, card_id, where)
    return card


def take(race: Race, player: str, card: str, where: Location | None) -> None:
    """Take a card a player plays or discards from their hand (8.1)."""
    if race.hands is None:
        return
    hand = race.hands.get(player)
    if hand is None:
        return
    if card in hand:
        hand.remove(card)
    else:
        race.rulings.rule("card.not-in-hand", "8.1", f"{player} plays {card}, which is not in "
                          f"their hand ({', '.join(hand) or 'empty'})", where,
                          piece=machine_of(race, player))


def end_turn(race: Race, turn: Turn, flyer: Flyer) -> None:
    """The draw at the end of the turn, then the discards down to the hand limit (8.1)."""
    if race.hands is None:
        return
    player = flyer.machine.player
    hand = race.hands.setdefault(player, [])
    limit, due = hand_rules(race, player)
    draw, discard = turn.where("draw"), turn.where("discard")
    if len(turn.draw) != due:
        race.rulings.rule("hand.draw", "8.1", f"{player} draws {due} trick and boost "
                          f"card{'s' if due > 1 else ''} at the end of the turn; found "
                          f"{len(turn.draw)}", draw, piece=machine_of(race, player))
    drawn = [card for card in turn.draw if card in race.tables.tricks
             or known_card(race, card, draw, player)]
    hand += drawn
    if drawn:
        check_copies(race, sorted(set(drawn)), draw, player)
    holding = len(hand)
    for card in turn.discard:
        take(race, player, card, discard)
    excess = max(0, holding - limit)
    if len(turn.discard) != excess:
        race.rulings.rule("hand.limit", "8.1", f"{player} holds {holding} cards after the draw "
                          f"and the hand limit is {limit}: {excess} discarded, found "
                          f"{len(turn.discard)}", discard, piece=machine_of(race, player))
