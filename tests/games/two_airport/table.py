"""A two-airport table set up for a rulebook example: aircraft where the example has them,
cards in hand, a draw pile; turns played through the referee's engine (two-airport)."""

from __future__ import annotations

from functools import cache
from typing import Any

from pnpcompiler.content.project import load_game
from pnpcompiler.games.two_airport.referee.engine import TwoAirportEngine
from pnpcompiler.games.two_airport.referee.log import (
    Action,
    Begin,
    End,
    Step,
    Turn,
    TurnAction,
    TurnLog,
)
from pnpcompiler.games.two_airport.referee.state import Table, Tables, tables_for
from tests.paths import CONTENT


@cache
def tables() -> Tables:
    """Return the referee's tables of the real content."""
    game, _ = load_game(CONTENT, "two-airport")
    assert game is not None
    return tables_for(game)


class Game:
    """Ann and Ben (Ann starts; goals 1 2 6 8 and 3 4 6 9) at a table the test arranges."""

    def __init__(self, at: dict[int, str] | None = None, *, pile: list[str] | None = None,
                 hands: dict[str, list[str]] | None = None) -> None:
        self.engine = TwoAirportEngine(tables())
        log = TurnLog.model_validate({
            "game": "two-airport", "record": "turns", "start": "Ann", "seed": 1,
            "players": [{"name": "Ann", "goal": "goal-1"}, {"name": "Ben", "goal": "goal-8"}]})
        self.table: Table = self.engine.initial(log)
        grid = tables().grid
        for number, name in (at or {}).items():
            if name == "landed":
                self.table.landed.add(number)
            else:
                cell = grid.cell(name)
                assert cell is not None
                self.table.at[number] = cell
        self.table.pile = list(["storm"] * 10 if pile is None else pile)
        self.table.hands = {"Ann": [], "Ben": []} | (hands or {})

    def turn(self, player: str, *actions: dict[str, Any], discard: str | None = None,
             **keys: Any) -> list[tuple[str, str | None]]:
        """Play a turn; return its rulings as (code, rule)."""
        keys.setdefault("draw", self.table.pile[0] if self.table.pile else None)
        turn = Turn.model_validate({"player": player, "discard": discard, **keys})
        found = []
        played: list[TurnAction] = [Begin(turn), *(Step(Action.model_validate(a))
                                                   for a in actions), End(turn)]
        for action in played:
            _, rulings = self.engine.apply(self.table, action)
            found += [(f.code, f.extra.get("rule")) for f in rulings]
        return found

    def where(self, number: int) -> str:
        """Return where an aircraft is: its space, ``off`` or ``landed``."""
        if number in self.table.landed:
            return "landed"
        cell = self.table.at.get(number)
        return "off" if cell is None else tables().grid.name(cell)
