"""Two bots on the engine: one plays any legal action at random, one races its own goal
aircraft home."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from ....referee.writing import dump_record, record_dumper
from ..field import Cell
from .engine import TwoAirportEngine
from .log import Begin, End, Step, TurnAction, TurnLog
from .state import Table, Tables

NAMES = ("Ann", "Ben", "Cas", "Dee")
"""The players' names, seat by seat."""


class Bot(Protocol):
    """A player: chooses one of the open actions."""

    def choose(self, tables: Tables, table: Table, options: list[TurnAction]) -> TurnAction:
        """Return the action to play."""
        ...


@dataclass
class RandomBot:
    """Any legal action, at random; the win is always claimed."""

    rng: random.Random

    def choose(self, tables: Tables, table: Table, options: list[TurnAction]) -> TurnAction:
        """Claim the win when it can, else any legal action."""
        for option in options:
            if isinstance(option, Step) and option.action.claim:
                return option
        return self.rng.choice(options)


MOVE_NO_AIRCRAFT = frozenset({"storm", "clear-sky", "holding"})
"""The Other Event cards that leave every aircraft where it is, and so the racing bot's score
as it is: not worth trying on a fork."""


@dataclass
class RacingBot:
    """Moves its own goal aircraft nearer landing, with a Movement card when it has one;
    otherwise moves whatever brings the least harm, and never wastes its cards."""

    rng: random.Random
    wander: float = 0.2
    """How often a move the bot must make is any move rather than its best."""
    distances: dict[str, dict[Cell, int]] = field(default_factory=dict)

    def to_land(self, tables: Tables, number: int, cell: Cell | None) -> int:
        """Return the moves an aircraft needs to land over an empty field."""
        start = tables.starts[number]
        if start not in self.distances:
            self.distances[start] = distances_to_land(tables, start)
        far = 4 * tables.grid.rows * len(tables.grid.columns)
        if cell is None:
            zones = tables.grid.airports[start].departure_zones
            return 1 + min(self.distances[start].get(z, far) for z in zones)
        return self.distances[start].get(cell, far)

    def score(self, tables: Tables, table: Table, player: str) -> int:
        """Return how far the player's goal aircraft still are from landing (less is better)."""
        return sum(0 if n in table.landed else self.to_land(tables, n, table.at.get(n))
                   for n in table.goals[player])

    def choose(self, tables: Tables, table: Table, options: list[TurnAction]) -> TurnAction:
        """Claim; else the move or card that brings the goal nearest, if any does; else a
        move it must make (now and then any, so that two racers never circle for ever);
        else end the turn."""
        if not table.in_turn:
            return options[0]
        engine = TwoAirportEngine(tables)
        now = self.score(tables, table, table.player)
        ranked: list[tuple[int, float, Step]] = []
        for option in options:
            if not isinstance(option, Step):
                continue
            if option.action.claim:
                return option
            score = now
            if option.action.play not in MOVE_NO_AIRCRAFT:
                after, _ = engine.apply(engine.fork(table), option)
                score = self.score(tables, after, table.player)
            ranked.append((score, self.rng.random(), option))
        ranked.sort(key=lambda r: r[:2])
        if ranked and ranked[0][0] < now:
            return ranked[0][2]
        ends = [o for o in options if isinstance(o, End)]
        if ends:
            return ends[0]
        moves = [r for r in ranked if r[2].action.move is not None]
        if self.rng.random() < self.wander:
            return self.rng.choice(moves)[2]
        return moves[0][2]


def distances_to_land(tables: Tables, start: str) -> dict[Cell, int]:
    """Return, for each space, the moves to land an aircraft of ``start`` from it."""
    grid = tables.grid
    runway = grid.destination(start).runway
    cells = [(c, r) for c in range(len(grid.columns)) for r in range(1, grid.rows + 1)
             if grid.is_space((c, r))]
    back: dict[Cell, list[Cell]] = {cell: [] for cell in cells}
    for cell in cells:
        for to in grid.flights(start, cell):
            back[to].append(cell)
    dist, todo = {runway: 1}, deque([runway])
    while todo:
        cell = todo.popleft()
        for frm in back[cell]:
            if frm not in dist:
                dist[frm] = dist[cell] + 1
                todo.append(frm)
    return dist


@dataclass
class Game:
    """A game the bots played: its record (as a record file writes it) and its final table."""

    record: dict[str, object]
    table: Table
    turns: int


def play_game(tables: Tables, seats: dict[str, Bot], seed: int, *, max_turns: int = 2000
              ) -> Game:
    """Play a game with the seated bots (in turn order, the first starts) and a seeded deck;
    return it as a record. Every action goes through the engine, and none draws a ruling."""
    rng = random.Random(seed)
    goals = rng.sample(sorted(tables.goals), len(seats))
    players: list[dict[str, object]] = [{"name": name, "goal": goal}
                                        for name, goal in zip(seats, goals, strict=True)]
    header = {"game": "two-airport", "record": "turns", "players": players,
              "start": next(iter(seats)), "seed": seed}
    engine = TwoAirportEngine(tables)
    table = engine.initial(TurnLog.model_validate(header))
    for seat in players:
        seat["dealt"] = table.hands[str(seat["name"])][0]
    turns: list[dict[str, object]] = []
    while table.winner is None and (table.in_turn or len(turns) < max_turns):
        options = list(engine.legal_actions(table))
        bot = seats[table.player if table.in_turn else table.due()]
        choice = bot.choose(tables, table, options)
        table, found = engine.apply(table, choice)
        if found:
            raise AssertionError(f"a bot's action drew a ruling: {found[0].message}")
        written(turns, choice)
    return Game({**header, "turns": turns}, table, len(turns))


def written(turns: list[dict[str, object]], action: TurnAction) -> None:
    """Add an action to the record's turns, as a record writes it."""
    if isinstance(action, Step):
        steps = turns[-1]["actions"]
        assert isinstance(steps, list)
        steps.append(action.action.model_dump(by_alias=True, exclude_none=True))
        return
    keys = action.turn.model_dump(by_alias=True, exclude_none=True,
                                  exclude={"actions"} if isinstance(action, Begin) else None)
    if isinstance(action, Begin):
        turns.append({**keys, "actions": []})
    elif action.turn.discard is not None:
        turns[-1]["discard"] = action.turn.discard


BOTS: dict[str, type[RandomBot] | type[RacingBot]] = {"random": RandomBot, "racing": RacingBot}
"""The bots by name."""


def seat(kinds: tuple[str, ...] | list[str], players: int, seed: int) -> dict[str, Bot]:
    """Return the bots at the table, by name, in turn order, the kinds repeated round the
    table; they share one generator seeded with ``seed``."""
    rng = random.Random(seed)
    return {NAMES[i]: BOTS[kinds[i % len(kinds)]](rng) for i in range(players)}


def _one_line(value: dict[str, object]) -> bool:
    """Each action and each seat on one line, the rest as blocks."""
    return "turns" not in value and all(
        not isinstance(v, dict | list) or (isinstance(v, list) and len(v) <= 2)
        for v in value.values())


RecordDumper = record_dumper(_one_line)


def dump(record: dict[str, object], header: str) -> str:
    """Return a record as the YAML a record file holds, after a header of comments."""
    return dump_record(record, header, RecordDumper)
