"""The actions open to the player to act now (a turn's ``Begin``, each ``Step``, its ``End``:
:mod:`.log`), legal by the rules: what the bots choose among, built once each (:mod:`.offers`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

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
    hand = table.hands[table.player]
    storms: list[Step] = []
    if "storm" in hand:
        storms = [storm for cell, storm in tables.offers.storms() if cell not in taken]
    if not ("clear-sky" in hand or "holding" in hand or "pass" in hand
            or table.returns.get(table.player, 0) > 0):
        return storms
    return storms + list(plays_on_the_field(tables, table))


def plays_on_the_field(tables: Tables, table: Table) -> Iterator[Step]:
    """Yield the Clear sky, Holding, Pass and Technical Return cards the player may play."""
    offers, hand, runways = tables.offers, table.hands[table.player], tables.grid.runways
    on_field = sorted(table.at)
    if "clear-sky" in hand:
        for cell in sorted(table.storms):
            yield offers.card("clear-sky", at=cell)
    if "holding" in hand:
        # Not the last free aircraft of its direction: another is neither landed nor held.
        free = Counter(s for m, s in tables.starts.items()
                       if m not in table.landed and m not in table.held)
        for n in on_field:
            if n not in table.held and free[tables.starts[n]] > 1 \
                    and table.at[n] not in runways:
                yield offers.card("holding", aircraft=n)
    if "pass" in hand:
        on = {table.at[n]: n for n in reversed(on_field)}  # the lowest number on a space
        for a in on_field:
            b = on.get((table.at[a][0], table.at[a][1] + tables.heading(a)))
            if (b is not None and a < b and tables.starts[a] != tables.starts[b]
                    and (table.at[b][0], table.at[b][1] + tables.heading(b)) == table.at[a]
                    and not table.held & {a, b}):
                yield offers.card("pass", aircraft=(a, b))
    if table.returns.get(table.player, 0) > 0:
        for n in on_field:
            yield offers.card("technical-return", aircraft=n)


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
