"""What every shift a process plays shares, and how each controller takes on work.

The staff room: the engine (and through it the map's tables), each exit's distances from every
place a plane can be, the hand-off routes each hex lies on, the sector's cards; worked out once
and kept for every shift the process plays.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ....content.project import GameContent
from ....core.hexgrid import Hex
from ..movement import MAX_LEVEL, State
from . import events as ev
from .context import Context
from .engine import ShiftEngine
from .state import Plane


@dataclass(frozen=True)
class Style:
    """How an ATC takes on work."""

    solo_planes: int
    """Solo, draw a new hand-off only with fewer planes than this accepted."""
    team_planes: int
    """With colleagues, the same."""


STYLES = {
    "careful": Style(solo_planes=4, team_planes=2),
    "busy": Style(solo_planes=6, team_planes=3),
}
"""``careful`` takes a new hand-off only with few planes in the air, which keeps the sector
from crowding; ``busy`` takes more and earns (or loses) more."""


STATES_A_HEX = 6 * (MAX_LEVEL + 1) * 2
"""The states a plane can be in on one hex: a facing, a level, taking off or not."""


def state_index(state: State) -> int | None:
    """Return where a state is in its hex's row of :meth:`Staff.moves_to` (None: no facing
    or level a plane flies with)."""
    _, facing, level, taking_off = state
    if not (0 <= facing < 6 and 0 <= level <= MAX_LEVEL):
        return None
    return (facing * (MAX_LEVEL + 1) + level) * 2 + taking_off


@dataclass
class Staff:
    """What every shift a process plays shares: the engine (and through it the map's tables)."""

    game: GameContent
    engine: ShiftEngine = field(init=False)

    routes: dict[int, dict[Hex, int]] = field(default_factory=dict)
    """By exit level: how many other points' hand-off routes cross each hex."""
    exits: dict[int, dict[Hex, list[int | None]]] = field(default_factory=dict)
    """By exit level: the fewest moves from each state on the map to that exit (see
    :meth:`moves_to`)."""
    cards: tuple[str, ...] | None = None
    """The hand-off cards the controllers draw from (see :meth:`deck`)."""
    sections: dict[str, frozenset[Hex]] = field(default_factory=dict)
    """Each section's hexes, by its name."""
    crowds: dict[State, tuple[frozenset[Hex], dict[Hex, int]]] = field(default_factory=dict)
    """By a plane's place: what :meth:`spots` says of it."""

    def __post_init__(self) -> None:
        self.engine = ShiftEngine(self.game)

    def spots(self, ctx: Context, plane: Plane) -> tuple[frozenset[Hex], dict[Hex, int]]:
        """Return where a plane on the map is and the hexes it flies through going straight
        on, and how many of those each hex is next to (worked out once per place)."""
        assert plane.hex is not None
        key = (plane.hex, plane.facing, plane.level, plane.taking_off)
        found = self.crowds.get(key)
        if found is None:
            spots = (plane.hex, *ctx.movement.path(key))
            found = self.crowds[key] = (frozenset(spots),
                                        Counter(n for h in spots for n in ctx.around(h)))
        return found

    def section(self, ctx: Context, section: str) -> frozenset[Hex]:
        """Return a section's hexes (looked up once a section)."""
        found = self.sections.get(section)
        if found is None:
            found = self.sections[section] = frozenset(ev.section_hexes(ctx, section))
        return found

    def deck(self, ctx: Context) -> tuple[str, ...]:
        """Return the sector's hand-off cards the controllers draw from (the Sector Log's
        rows but the Celebrity Jet's), in the log's order."""
        if self.cards is None:
            sector = ctx.geo.sector
            assert sector is not None
            self.cards = tuple(r.flight for r in sector.rows() if not r.flight.startswith("CJ"))
        return self.cards

    def moves_to(self, ctx: Context, exit_level: int) -> dict[Hex, list[int | None]]:
        """Return the fewest moves from each state on the map to the exit at ``exit_level``
        (``Movement.moves_to``), a row a hex, each state's at :func:`state_index` (None:
        the exit out of reach), worked out once a level."""
        found = self.exits.get(exit_level)
        if found is None:
            found = self.exits[exit_level] = {}
            for state, moves in ctx.movement.moves_to(ctx.lookups.goals[exit_level]).items():
                index = state_index(state)
                if index is not None:
                    found.setdefault(state[0], [None] * STATES_A_HEX)[index] = moves
        return found

    def routes_across(self, ctx: Context, exit_level: int) -> dict[Hex, int]:
        """Return how many hand-off routes of the points in play, but the airport and the
        exit at ``exit_level``, each hex lies on (the shift's sector; worked out once)."""
        found = self.routes.get(exit_level)
        if found is None:
            found = self.routes[exit_level] = Counter(
                h for level, point in ctx.geo.points_in_play().items()
                if point.name != "airport" and level != exit_level
                for h in set(ctx.geo.hand_off_route(point)))
        return found
