"""A move in progress (``Walk``) and what any part of it may cause: a deal (12.01-12.07, with a
cover-up), a plane out of control (10.03)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....core.hexgrid import Hex
from . import money
from .context import Context, where
from .log import Move
from .state import Plane


@dataclass(slots=True)
class Walk:
    """A move in progress."""

    plane: Plane
    move: Move
    hex: Hex
    facing: int
    level: int
    path: list[Hex] = field(default_factory=list)
    restricted: str = ""
    """Why the end-of-move turn and level change are not allowed (evasive action, 4.11)."""
    met: set[int] = field(default_factory=set)
    """Planes it already had a near miss with on this move."""
    used: set[int] = field(default_factory=set)
    """Indexes of the record's near misses matched so far."""
    deals: list[tuple[str, str]] = field(default_factory=list)
    """(``minor`` or ``major``, the rule that made it a deal), in the order the move caused
    them."""
    level_changed: bool = False
    """It changed level at the end of the move (3.11: no more this turn)."""
    systems: set[int] = field(default_factory=set)
    """Weather systems it flew through at their level this move."""
    storm_hexes: int = 0
    others: list[Plane] | None = None
    """The other planes on the map, highest ID first, listed when the move first comes near
    one (their places change only by voluntary evasive action and collisions, which the loop
    reads live)."""
    flying: list[Plane] = field(default_factory=list)
    """The other planes on the map when the move began."""
    occupied: set[Hex | None] = field(default_factory=set)
    """The other planes' hexes when the move began: no plane changes hex during another's
    move (one may leave play in a collision), so a hex with none of these on or next to it
    has no plane to meet."""
    weather: set[Hex] = field(default_factory=set)
    """The hexes holding a weather counter (weather does not change during a move)."""
    done: bool = False
    """The plane left play during the move (off the map, collision)."""
    covered: bool = False
    """The record's cover-up paid for a deal of this move (12.07: it pays once)."""


def deal(ctx: Context, walk: Walk, *, major: bool, rule: str, what: str) -> None:
    """Record a deal caused by the moving plane's ATC, unless covered up (12.07)."""
    plane, move = walk.plane, walk.move
    walk.deals.append(("major" if major else "minor", rule))
    atc = ctx.state.controllers[plane.atc]
    if move.cover_up is not None and not walk.covered:
        _cover_up(ctx, walk)
        after = [money.final_warning(ctx.state, atc, plane.airline)]
        kind = "covered-up deal"
    else:
        after = money.deal(ctx.state, ctx.tables, plane.atc, plane.airline, major)
        kind = "major deal" if major else "minor deal"
    ctx.incident(kind, rule, piece=plane.id, atc=plane.atc, what=what, result=after)


def _cover_up(ctx: Context, walk: Walk) -> None:
    """12.07: every other ATC was paid to swear it was not the ATC's fault."""
    move, plane = walk.move, walk.plane
    assert move.cover_up is not None
    others = [a for a in ctx.state.seating if a != plane.atc]
    missing = [a for a in others if a not in move.cover_up.paid]
    if missing:
        ctx.rule("cover-up.everyone", "12.07", f"a cover-up needs every ATC on the shift; "
                 f"{', '.join(missing)} were not paid", where(move, "cover_up"), piece=plane.id)
    for atc, amount in move.cover_up.paid.items():
        if atc in ctx.state.controllers:
            ctx.state.controllers[atc].transfers += amount
            ctx.state.controllers[plane.atc].transfers -= amount
    walk.covered = True  # paid once, whatever else the move causes


def out_of_control(plane: Plane, reason: str) -> None:
    """Put a plane out of control, saying why."""
    plane.out_of_control = True
    plane.reason = reason
