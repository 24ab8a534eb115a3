"""Rushing Tin as an engine (``referee.Engine``): the shift's turn sequence as actions that the
replay of a record, the bots and the simulator apply alike.

A turn is played as the rulebook orders it (1.20-1.90), one action a step:

    TurnEvent -> WeatherGrowth -> StartMoves -> PlaneMove ... -> EndMoves -> Draws
    -> PoolAdditions -> AcceptHandOff ... -> Payments -> EndTurn

and the shift closes with ``EndShift`` (THE END OF THE SHIFT, and the seeded dice). Each
action carries the part of the record it plays (a :class:`~.log.Turn`, a :class:`~.log.Move`,
an :class:`~.log.Accept`), dice included, so a bot writes the record as it plays. The state
is the replay's :class:`~.context.Context`: the shift on the table plus what the referee
remembers (which planes moved this turn, which causes were ruled on); the content's tables and
map are shared by every fork.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ....content.project import GameContent
from ....core.findings import Finding
from ....core.loader import Document
from .accepting import turn_acceptances
from .context import Context
from .events import growth
from .log import Accept, Move, ShiftLog, Turn
from .state import Plane
from .turns import (
    RecordDice,
    accept,
    build_context,
    check_dice,
    check_order,
    draws,
    end_moves,
    end_turn,
    entry_levels,
    finish,
    one_move,
    payments,
    pool,
    record_dice,
    setup,
    start_turn,
)


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """1.20-1.23: a turn begins (its number and time) with its event roll and card."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class WeatherGrowth:
    """WEATHER: each system in play when the turn began grows, shrinks or flips."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class StartMoves:
    """2.06-2.07 and 3.01: the entry levels of this turn, and the order the record moves in."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class PlaneMove:
    """3.00-11.00: one plane's move, with the dice it rolls on the way."""

    move: Move


@dataclass(frozen=True, slots=True)
class EndMoves:
    """3.06 and WEATHER: every active plane has moved; the weather counters move."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class Draws:
    """1.61: ATCs take new hand-off cards."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class PoolAdditions:
    """1.71: planes join the Plane Pool when the sector's frequency says."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class AcceptHandOff:
    """1.43, 1.80 and 2.01-2.04: an ATC accepts a pending hand-off with a plane."""

    accept: Accept


@dataclass(frozen=True, slots=True)
class Payments:
    """SCORING: money passed between ATCs."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class EndTurn:
    """1.80: no plane left in the pool that must be taken; the celebrity's deadline."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class EndShift:
    """THE END OF THE SHIFT: the money and the winner claimed; every die against the seed."""

    log: ShiftLog
    dice: RecordDice | None = None
    """The record's dice, when already read (else read when the shift ends)."""


Action = (TurnEvent | WeatherGrowth | StartMoves | PlaneMove | EndMoves | Draws | PoolAdditions
          | AcceptHandOff | Payments | EndTurn | EndShift)

def _accept(ctx: Context, action: AcceptHandOff) -> None:
    # Before turn 1 it is one of the setup's first acceptances (1.08-1.13).
    accept(ctx, action.accept, setup=ctx.state.turn == 0)


def _start_moves(ctx: Context, action: StartMoves) -> None:
    entry_levels(ctx, action.turn)
    check_order(ctx, action.turn)


def _pool_additions(ctx: Context, action: PoolAdditions) -> None:
    pool(ctx, action.turn)
    # The acceptances that follow are judged together, once the pool is complete (1.80).
    turn_acceptances(ctx, action.turn)


def _end_shift(ctx: Context, action: EndShift) -> None:
    finish(ctx, action.log)
    check_dice(ctx, action.log, action.dice)


PLAYS: dict[type, Callable[[Context, Any], None]] = {
    PlaneMove: lambda ctx, a: one_move(ctx, a.move),
    AcceptHandOff: _accept,
    TurnEvent: lambda ctx, a: start_turn(ctx, a.turn),
    WeatherGrowth: lambda ctx, a: growth(ctx, a.turn, ctx.active_systems),
    StartMoves: _start_moves,
    EndMoves: lambda ctx, a: end_moves(ctx, a.turn),
    Draws: lambda ctx, a: draws(ctx, a.turn),
    PoolAdditions: _pool_additions,
    Payments: lambda ctx, a: payments(ctx, a.turn),
    EndTurn: lambda ctx, a: end_turn(ctx, a.turn),
    EndShift: _end_shift,
}
"""How each action is played (a lookup by its type: the engine applies thousands a game)."""

LEVEL_CHANGES = (0, -1, 1)
TURNS: tuple[Literal["left", "right"] | None, ...] = (None, "left", "right")


class ShiftEngine:
    """A shift of Rushing Tin on one loaded content's sector (see the module's docs)."""

    def __init__(self, game: GameContent, *, snapshots: bool = False) -> None:
        self.game = game
        self.snapshots = snapshots
        """Keep the board at the end of every turn (what the referee draws)."""
        self.offers: dict[tuple[int, int | None, str | None, int | None, bool], PlaneMove] = {}
        """The moves ``legal_actions`` has offered, by what they say (see :meth:`offer`)."""
        self.offered: dict[tuple[int, bool, int | None, int, int | None],
                           tuple[PlaneMove, ...]] = {}
        """The moves offered a plane, by what decides them (see :meth:`moves_of`)."""
        self.dice: tuple[Document | None, RecordDice | None] | None = None
        """The last record's dice, with the document they were read from: a record replayed
        again is not walked again for its dice."""

    def initial(self, log: ShiftLog) -> Context:
        """Return the shift after its setup (1.00-1.14), as the record's header sets it up."""
        ctx = build_context(self.game, log.sector)
        ctx.keep_snapshots = self.snapshots
        setup(ctx, log)
        return ctx

    def apply(self, ctx: Context, action: Action) -> tuple[Context, list[Finding]]:
        """Play one action on the shift; return it and the rulings the action drew."""
        before = len(ctx.findings)
        PLAYS[type(action)](ctx, action)
        return ctx, ctx.findings[before:]

    def actions(self, log: ShiftLog) -> list[Action]:
        """Return a record's turns as the actions that play them, in order."""
        out: list[Action] = []
        for turn in log.turns:
            out += (TurnEvent(turn), WeatherGrowth(turn), StartMoves(turn))
            out += map(PlaneMove, turn.moves)
            out += (EndMoves(turn), Draws(turn), PoolAdditions(turn))
            out += map(AcceptHandOff, turn.accept)
            out += (Payments(turn), EndTurn(turn))
        out.append(EndShift(log, self.record_dice(log)))
        return out

    def record_dice(self, log: ShiftLog) -> RecordDice | None:
        """Return a record's dice, read once per record document."""
        doc = log._doc
        if self.dice is None or self.dice[0] is not doc or doc is None:
            self.dice = (doc, record_dice(log))
        return self.dice[1]

    def fork(self, ctx: Context) -> Context:
        """Return a copy of the shift to try actions on: the state and the rulings are
        copied, the content's lookups shared."""
        twin = object.__new__(Context)
        twin.__dict__ = ctx.__dict__.copy()  # at once: faster than filling an empty one
        twin.state = ctx.state.snapshot()
        twin.findings, twin.incidents = ctx.findings.copy(), ctx.incidents.copy()
        twin.reported, twin.snapshots = ctx.reported.copy(), []
        twin.expected_entry = ctx.expected_entry.copy()
        twin.recorded_entry = ctx.recorded_entry.copy()
        twin.entry_priority = ctx.entry_priority.copy()
        twin.moved, twin.keep_snapshots = ctx.moved.copy(), False
        return twin

    def fork_for(self, ctx: Context, action: Action) -> Context:
        """Return a fork of the shift to try one action on (see :meth:`fork`), sharing what
        the action cannot change: a plane's move changes the planes in play, the
        controllers, the pool and the rulings (``Shift.for_a_move``), never this turn's entry
        levels; any other action gets a whole fork."""
        if not isinstance(action, PlaneMove):
            return self.fork(ctx)
        twin = object.__new__(Context)
        twin.__dict__ = ctx.__dict__.copy()
        twin.state = ctx.state.for_a_move()
        twin.findings, twin.incidents = ctx.findings.copy(), ctx.incidents.copy()
        twin.reported, twin.snapshots = ctx.reported.copy(), []
        twin.moved, twin.keep_snapshots = ctx.moved.copy(), False
        return twin

    def settle(self, ctx: Context, fork: Context) -> Context:
        """Return a fork of ``ctx`` made by :meth:`fork_for`, with the move it was made for
        applied to it and nothing else, as the shift after that move: what the fork shares
        with ``ctx`` is what the move cannot change, and the board kept at the end of each
        turn is the shift's. ``ctx`` is not to be played on again."""
        fork.snapshots, fork.keep_snapshots = ctx.snapshots, ctx.keep_snapshots
        return fork

    def to_move(self, ctx: Context) -> list[Plane]:
        """Return the planes still to move this turn, in the order they move (3.01: highest
        level first, then highest ID)."""
        def level(p: Plane) -> int:
            if p.where == "waiting":
                return ctx.expected_entry.get(p.id, p.entry)
            return 1 if p.where == "ground" else p.level

        planes = [p for p in ctx.state.active() if p.id not in ctx.moved
                  and p.where in ("waiting", "ground", "flying")]
        return sorted(planes, key=lambda p: (-level(p), -p.id))

    def legal_actions(self, ctx: Context) -> Iterator[PlaneMove]:
        """Return the moves open to the next plane to move: straight on or turning, at its
        level or one up or down (a plane on the ground may hold; an engine failure allows
        only its descent). A move may still call for dice the record must write (a near
        miss's panic roll, lightning): apply it to a fork to see what it draws."""
        planes = self.to_move(ctx)
        if planes:
            yield from self.moves_of(ctx, planes[0])

    def moves_of(self, ctx: Context, plane: Plane) -> tuple[PlaneMove, ...]:
        """Return the moves open to a plane (see :meth:`legal_actions`), in the order they
        are offered (the same moves, built once, for the same plane, place and level)."""
        enter = None
        if plane.where == "waiting":
            expected = ctx.expected_entry.get(plane.id, plane.entry)
            if expected != plane.entry:
                enter = expected
            level = expected
        else:
            level = plane.level
        key = (plane.id, plane.where == "ground", enter, level, plane.dropped_to(level))
        found = self.offered.get(key)
        if found is None:
            found = self.offered[key] = tuple(self.offers_for(*key))
        return found

    def offers_for(self, plane: int, ground: bool, enter: int | None, level: int,
                   dropped: int | None) -> Iterator[PlaneMove]:
        """Return the moves offered a plane on the ground or not, entering altered to
        ``enter``, at ``level``, dropping to ``dropped`` (engine failure) if not None."""
        if ground:
            yield self.offer(plane, enter, None, None)
            yield self.offer(plane, enter, None, None, hold=True)
            return
        changes: tuple[int, ...] = LEVEL_CHANGES
        if dropped is not None:
            changes = (dropped - level,)
        for side in TURNS:
            for change in changes:
                if change and not 1 <= level + change <= 6:
                    continue
                yield self.offer(plane, enter, side, level + change if change else None)

    def offer(self, plane: int, enter: int | None, side: Literal["left", "right"] | None,
              level: int | None, *, hold: bool = False) -> PlaneMove:
        """Return a move as ``legal_actions`` offers it: the plane, its entry level when it
        must alter its entry, the end-of-move turn and level, or a hold. Each offer is built
        once per engine and offered again after (read only: apply it, do not change it)."""
        key = (plane, enter, side, level, hold)
        found = self.offers.get(key)
        if found is None:
            move: dict[str, object] = {"plane": plane}
            if enter is not None:
                move["enter"] = {"level": enter}
            if side:
                move["turn"] = side
            if level is not None:
                move["level"] = level
            if hold:
                move["hold"] = True
            found = self.offers[key] = PlaneMove(Move.model_validate(move))
        return found

if TYPE_CHECKING:
    from ....referee import Engine

    def _is_an_engine(game: GameContent) -> Engine[ShiftLog, Context, Action]:
        return ShiftEngine(game)
