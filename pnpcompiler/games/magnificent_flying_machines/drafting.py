"""The standard set-up's draft played out at random (6.7-6.9, 12.2): pilots from six face-up
cards, then the flying machines, then special equipment until every slot is filled, each part
picked anticlockwise from the first player's right, every pick one of the face-up cards the
player may take, chosen at random, and the deck filling its place.

The Two-Seater is never picked (its second pilot, section 14, is a choice of its own the bots
do not make); it may still lie face up and be dealt."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from .referee.log import Draft, DraftRound, Machine, Pick
from .referee.setup import FACE_UP, pickers
from .referee.state import Tables


@dataclass(frozen=True)
class Drafted:
    """What the draft gave: the machines in turn order and the draft as a record writes it."""

    machines: list[Machine]
    draft: Draft


def draft_round(deck: list[str], order: list[str], wants: Counter[str], rng: random.Random,
                barred: set[str], face_up: bool = True) -> DraftRound:
    """Return one part of the draft: a face-up row dealt from ``deck`` (or the whole deck
    when not ``face_up``), each player in turn taking a card not ``barred`` at random."""
    row, deck = (deck[:FACE_UP], deck[FACE_UP:]) if face_up else (sorted(deck), [])
    display = list(row) if face_up else []
    picks = []
    for player in pickers(order, wants):
        card = rng.choice([c for c in row if c not in barred])
        row.remove(card)
        dealt = deck.pop(0) if deck else None
        if dealt is not None:
            row.append(dealt)
        picks.append(Pick(player=player, card=card, dealt=dealt))
    return DraftRound(display=display, picks=picks)


def random_draft(tables: Tables, players: list[str], rng: random.Random) -> Drafted:
    """Return a draft played at random by ``players`` (the first player first) and the
    machines it sets up, in turn order (the two-player game's players each fly two, 12.2)."""
    per_player = tables.rules.variants.two_player.machines_per_player if len(players) == 2 else 1
    seats = Counter({p: per_player for p in players})
    order = list(reversed(players))
    two_player_barred = set(tables.rules.variants.two_player.excluded_pilots)
    never = {tables.rules.two_seater.equipment}
    pilots = draft_round(_shuffled(tables.pilots, rng), order, seats, rng,
                         two_player_barred if len(players) == 2 else set())
    boards = draft_round(sorted(tables.boards), order, seats, rng, set(), face_up=False)
    mine: dict[str, list[str]] = {p: [b.card for b in boards.picks if b.player == p]
                                  for p in players}
    slots = Counter({p: sum(tables.boards[b].equipment_slots for b in mine[p])
                     for p in players})
    kit = draft_round(_shuffled(tables.equipment, rng), order, slots, rng, never)
    machines = []
    for i in range(len(players) * per_player):
        player, k = players[i % len(players)], i // len(players)
        board = mine[player][k]
        held = [c.card for c in kit.picks if c.player == player]
        before = sum(tables.boards[b].equipment_slots for b in mine[player][:k])
        machines.append(Machine(
            player=player, dashboard=board,
            pilot=[c.card for c in pilots.picks if c.player == player][k],
            equipment=held[before:before + tables.boards[board].equipment_slots]))
    return Drafted(machines, Draft(pilots=pilots, machines=boards, equipment=kit))


def _shuffled(cards: Mapping[str, object], rng: random.Random) -> list[str]:
    """Return a deck's cards shuffled."""
    deck = sorted(cards)
    rng.shuffle(deck)
    return deck
