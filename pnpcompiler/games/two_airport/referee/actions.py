"""The actions open to the player to act now (a turn's ``Begin``, each ``Step``, its ``End``:
:mod:`.log`), legal by the rules: what the bots choose among, built once each (:mod:`.offers`)."""

from __future__ import annotations

import random
from collections import Counter

from ..field import Cell
from .log import Begin, Step, Turn, TurnAction
from .moves import EXTRA_CARDS
from .state import Table, Tables


def begin(tables: Tables, table: Table) -> Begin:
    """Return the start of the next turn: reshuffle the discard pile when the pile is empty,
    draw its top card."""
    pile = table.pile
    if pile or not table.discards:
        return tables.offers.begin(table.due(), pile[0] if pile else None)
    pile = random.Random(len(table.rulings.findings) * 7919 + table.rulings.turn
                         ).sample(table.discards, len(table.discards))
    return Begin(Turn.model_validate({"player": table.due(), "reshuffle": pile,
                                      "draw": pile[0]}))


def moves_of(tables: Tables, table: Table, kind: str, taken: set[Cell]) -> list[Step]:
    """Return the moves of a kind open now: ``fly`` for the turn's moves (depart, fly, step
    back, land), ``extra`` and ``extra-diagonal`` for the Movement cards; ``taken``: the
    spaces with an aircraft or a Storm on them."""
    moves, at, landed, held = tables.offers.moves, table.at, table.landed, table.held
    return [move for number in tables.numbers if number not in landed and number not in held
            for needs, move in moves(kind, number, at.get(number)) if needs not in taken]


def plays(tables: Tables, table: Table, taken: set[Cell]) -> list[Step]:
    """Return the Other Event cards the player may play now."""
    card, hand, at = tables.offers.card, table.hands[table.player], table.at
    out = [storm for cell, storm in tables.offers.storms() if cell not in taken] \
        if "storm" in hand else []
    if "clear-sky" in hand:
        out += [card("clear-sky", at=cell) for cell in sorted(table.storms)]
    on_field = sorted(at)
    if "holding" in hand:
        # Not the last free aircraft of its direction: another is neither landed nor held.
        starts, held, runways = tables.starts, table.held, tables.grid.runways
        free = Counter(s for m, s in starts.items() if m not in table.landed and m not in held)
        out += [card("holding", aircraft=n) for n in on_field
                if n not in held and free[starts[n]] > 1 and at[n] not in runways]
    if "pass" in hand:
        out += passes(tables, table, on_field)
    if table.returns.get(table.player, 0) > 0:
        out += [card("technical-return", aircraft=n) for n in on_field]
    return out


def passes(tables: Tables, table: Table, on_field: list[int]) -> list[Step]:
    """Return the Pass cards open: two aircraft nose to nose, flying in opposite directions,
    neither held (8.6)."""
    at, starts, headings = table.at, tables.starts, tables.headings
    on = {at[n]: n for n in reversed(on_field)}  # the lowest number on a space
    out = []
    for a in on_field:
        col, row = at[a]
        b = on.get((col, row + headings[a]))
        if (b is not None and a < b and starts[a] != starts[b]
                and (at[b][0], at[b][1] + headings[b]) == at[a] and not table.held & {a, b}):
            out.append(tables.offers.card("pass", aircraft=(a, b)))
    return out


def open_actions(tables: Tables, table: Table) -> list[TurnAction]:
    """Return every action open now, legal by the rules."""
    if table.winner is not None:
        return []
    if not table.in_turn:
        return [begin(tables, table)]
    rules, offers = tables.rules, tables.offers
    taken = {*table.at.values(), *table.storms}
    out: list[TurnAction] = []
    if table.goals[table.player] and table.goals[table.player] <= table.landed:
        out.append(offers.claim)
    turn_moves = moves_of(tables, table, "fly", taken) if table.moves < rules.moves else []
    out += turn_moves
    if table.cards < rules.cards:
        hand = table.hands[table.player]
        if table.movement < rules.movement_cards:
            for kind, card in EXTRA_CARDS.items():
                if card in hand:
                    out += moves_of(tables, table, kind, taken)
        out += plays(tables, table, taken)
    if table.moves >= rules.moves or not turn_moves:
        hand = table.hands[table.player]
        over = len(hand) > rules.hand_limit
        discards: list[str | None] = [*sorted(set(hand))] if over else [None]
        out += [offers.end(table.player, discard) for discard in discards]
    return out
