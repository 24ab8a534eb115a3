"""The protocol every game's engine follows, so that replay, bots and simulation share one
implementation of the rules.

An engine is made for one game's loaded content (its tables and map looked up once) and is
then a machine of three calls:

- ``initial(setup)``: the state at the start, from the setup a record writes (or a bot
  chooses);
- ``legal_actions(state)``: the actions open to the player to act now (a generator where
  enumerating them all would be costly: a bot takes the first it likes);
- ``apply(state, action)``: the state after the action and the rulings the action drew
  (none for a legal action);
- ``actions(record)``: a record's events as the actions that play them.

Chance is part of an action: an action carries the dice it rolled, as a record writes them,
so replaying a record and playing a seeded game are the same calls. Replaying a record is
parsing its events into actions and applying them in order (:func:`replay`); a bot is a choice
among ``legal_actions``. ``apply`` may update the state it is given and return it (a replay
needs no copy of each state); to try an action and keep the state before it, apply it to
``fork(state)``, which copies only what an action can change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from ..core.findings import Finding

SetupT = TypeVar("SetupT", contravariant=True)
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class Engine(Protocol[SetupT, StateT, ActionT]):
    """A game's rules as a machine (see the module's documentation)."""

    def initial(self, setup: SetupT) -> StateT:
        """Return the state at the start of a game set up as ``setup`` says."""
        ...

    def legal_actions(self, state: StateT) -> Iterable[ActionT]:
        """Return the actions open now, best first where the engine knows an order."""
        ...

    def apply(self, state: StateT, action: ActionT) -> tuple[StateT, list[Finding]]:
        """Return the state after ``action`` and the rulings it drew."""
        ...

    def fork(self, state: StateT) -> StateT:
        """Return a copy of a state that actions can be tried on."""
        ...

    def actions(self, record: SetupT) -> Iterable[ActionT]:
        """Return a record's events as the actions that play them, in order."""
        ...


def play(engine: Engine[SetupT, StateT, ActionT], state: StateT, actions: Iterable[ActionT]
         ) -> tuple[StateT, list[Finding]]:
    """Apply actions in order; return the final state and every ruling, in order."""
    rulings: list[Finding] = []
    for action in actions:
        state, found = engine.apply(state, action)
        rulings += found
    return state, rulings


def replay(engine: Engine[SetupT, StateT, ActionT], record: SetupT
           ) -> tuple[StateT, list[Finding]]:
    """Replay a record: its setup, then its events as actions; return the final state and
    every ruling, in order."""
    return play(engine, engine.initial(record), engine.actions(record))


def due_after(order: Sequence[str], last: str | None, turns: int) -> str:
    """Return whose turn comes next in ``order``: the seat after the one that played the last
    turn, so that a turn out of order or left out is one finding and the turns after it are
    judged from it; by the count of ``turns`` while no known seat has played."""
    if last is None or last not in order:
        return order[turns % len(order)]
    return order[(order.index(last) + 1) % len(order)]
