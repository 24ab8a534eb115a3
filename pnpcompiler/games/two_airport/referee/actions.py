"""The engine's actions (a turn's ``Begin``, each ``Step``, its ``End``) and those open to the
player to act now, legal by the rules: what the bots choose among."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..field import Cell
from .log import Action, Turn
from .moves import EXTRA_CARDS
from .state import Table, Tables


@dataclass(frozen=True)
class Begin:
    """A turn's first phase: whose turn, any reshuffle, the card drawn (4.2, 6.3)."""

    turn: Turn


@dataclass(frozen=True)
class Step:
    """One action of a turn's second phase."""

    action: Action


@dataclass(frozen=True)
class End:
    """A turn's end: the moves made (5.1) and the discard (4.4, 4.5)."""

    turn: Turn


TurnAction = Begin | Step | End


def act(**keys: Any) -> Step:
    """Return a step of the given keys, as a record would write it."""
    return Step(Action.model_validate(keys))


def begin(table: Table) -> Begin:
    """Return the start of the next turn: reshuffle the discard pile when the pile is empty,
    draw its top card."""
    keys: dict[str, Any] = {"player": table.due()}
    pile = list(table.pile)
    if not pile and table.discards:
        pile = random.Random(len(table.rulings.findings) * 7919 + table.rulings.turn
                             ).sample(table.discards, len(table.discards))
        keys["reshuffle"] = pile
    if pile:
        keys["draw"] = pile[0]
    return Begin(Turn.model_validate(keys))


def empty(table: Table, cell: Cell) -> bool:
    """Return whether nothing is on a space."""
    return table.occupant(cell) is None


def moves_of(tables: Tables, table: Table, kind: str) -> Iterator[Step]:
    """Yield the moves of a kind open now: ``fly`` for the turn's moves (depart, fly, step
    back, land), ``extra`` and ``extra-diagonal`` for the Movement cards."""
    grid = tables.grid
    for number, start in sorted(tables.starts.items()):
        if number in table.landed or number in table.held:
            continue
        cell = table.at.get(number)
        if cell is None and kind != "extra-diagonal":
            for zone in grid.airports[start].departure_zones:
                if empty(table, zone):
                    yield act(move="depart" if kind == "fly" else kind, aircraft=number,
                              to=grid.name(zone))
            continue
        if cell is None:
            continue
        home = grid.destination(start)
        if kind == "extra-diagonal":
            for to in grid.diagonals(start, cell):
                if empty(table, to):
                    yield act(move=kind, aircraft=number, to=grid.name(to))
            continue
        if cell == home.runway:
            yield (act(move="land", aircraft=number) if kind == "fly" else
                   act(move=kind, aircraft=number, to=grid.name(home.at)))
        for to in grid.flights(start, cell, back=kind == "fly"):
            if empty(table, to):
                shape = grid.move_kind(start, cell, to)
                yield act(move="back" if shape == "back" else kind, aircraft=number,
                          to=grid.name(to))


def plays(tables: Tables, table: Table) -> Iterator[Step]:
    """Yield the Other Event cards the player may play now."""
    grid, hand = tables.grid, table.hands[table.player]
    on_field = sorted(table.at)
    if "storm" in hand:
        for col in range(len(grid.columns)):
            for row in range(1, grid.rows + 1):
                cell = (col, row)
                if (grid.is_space(cell) and empty(table, cell)
                        and cell not in grid.arrival_zones()):
                    yield act(play="storm", at=grid.name(cell))
    if "clear-sky" in hand:
        for cell in sorted(table.storms):
            yield act(play="clear-sky", at=grid.name(cell))
    if "holding" in hand:
        for n in on_field:
            others = [m for m, s in tables.starts.items()
                      if s == tables.starts[n] and m != n and m not in table.landed | table.held]
            if others and n not in table.held and table.at[n] not in grid.arrival_zones():
                yield act(play="holding", aircraft=n)
    if "pass" in hand:
        for a in on_field:
            b = next((m for m in on_field if table.at[m] == (
                table.at[a][0], table.at[a][1] + tables.heading(a))), None)
            if (b is not None and a < b and tables.starts[a] != tables.starts[b]
                    and (table.at[b][0], table.at[b][1] + tables.heading(b)) == table.at[a]
                    and not table.held & {a, b}):
                yield act(play="pass", aircraft=[a, b])
    if table.returns.get(table.player, 0) > 0:
        for n in on_field:
            yield act(play="technical-return", aircraft=n)


def open_actions(tables: Tables, table: Table) -> list[TurnAction]:
    """Return every action open now, legal by the rules."""
    if table.winner is not None:
        return []
    if not table.in_turn:
        return [begin(table)]
    rules = tables.rules
    out: list[TurnAction] = []
    if table.goals[table.player] and table.goals[table.player] <= table.landed:
        out.append(act(claim="win"))
    turn_moves = list(moves_of(tables, table, "fly")) if table.moves < rules.moves else []
    out += turn_moves
    if table.cards < rules.cards:
        hand = table.hands[table.player]
        if table.movement < rules.movement_cards:
            for kind, card in EXTRA_CARDS.items():
                if card in hand:
                    out += moves_of(tables, table, kind)
        out += plays(tables, table)
    if table.moves >= rules.moves or not turn_moves:
        hand = table.hands[table.player]
        over = len(hand) > rules.hand_limit
        discards: list[str | None] = [*sorted(set(hand))] if over else [None]
        out += [End(Turn.model_validate({"player": table.player, "discard": discard}))
                for discard in discards]
    return out
