"""What the Rushing Tin referee works with: the content's tables and map, the state, and the
rulings found so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ....content.project import GameContent
from ....core.findings import Location
from ....core.hexgrid import DIRECTIONS, Hex, neighbor, neighbors
from ....core.model import Model
from ....referee import Rulings
from ..model import RandomEventCard, RulesTables, StatusCard, WeatherEventCard
from ..movement import Goal, Movement, State
from ..routes import TURN_MINUTES, Route, minutes, parse_route
from ..sector_map import PointInPlay, SectorGeometry
from .state import HexNames, Shift, WeatherSystem


@dataclass
class Tables:
    """The numbers of the rules and the cards, looked up once."""

    rules: RulesTables
    schedules: dict[str, int]
    """Minutes allowed per flight, from the sector's log."""
    cards: dict[str, Any]
    """Hand-off cards by route code."""
    random_events: dict[str, RandomEventCard]
    weather_events: dict[str, WeatherEventCard]
    status: dict[tuple[str, str], StatusCard] | dict[Any, StatusCard]
    """(airline, status) -> card."""
    routes: dict[str, Route | None] = field(default_factory=dict)
    """The hand-off cards' route codes decoded (None for a code that is not one)."""

    @cached_property
    def start(self) -> int:
        """Return the shift's start in minutes since midnight (read once: every turn asks)."""
        return minutes(self.rules.shift.start) or 480

    def route(self, code: str) -> Route | None:
        """Return a route code decoded (looked up for the deck's cards, else decoded)."""
        return self.routes[code] if code in self.routes else parse_route(code)

    def time_of(self, turn: int) -> int:
        """Return the time on the track during a turn (turn 1 is the start)."""
        return self.start + (max(turn, 1) - 1) * TURN_MINUTES

    def shift_limit(self, atcs: int) -> tuple[int, int]:
        """Return (accepted, pending) hand-offs allowed per ATC for the shift's size."""
        for limit in self.rules.shift_limits:
            if limit.atcs == atcs:
                return limit.accepted, limit.pending
        last = self.rules.shift_limits[-1]
        return last.accepted, last.pending

    def modifier(self, airline: str, status: str) -> int:
        """Return a status card's bonus payment modifier (0 when there is none)."""
        card = self.status.get((airline, status))
        return card.modifier or 0 if card else 0


@dataclass(frozen=True, slots=True)
class Course:
    """A straight run of a given speed from a hex and facing, with what the sector map has
    along it: what a move asks hex by hex, answered once for the whole run."""

    path: tuple[Hex, ...]
    """The map hexes passed, in order (fewer than the speed when the run leaves the map)."""
    leaves: bool
    """The run crosses the map's edge."""
    hexes: frozenset[Hex]
    near: frozenset[Hex]
    """The hexes on or next to the run before its last hex: a plane elsewhere is not met
    on the way (the last hex is judged after the end-of-move changes)."""
    airport: bool
    """The run flies on from the airport (it may be overshooting a landing, 5.08)."""
    restricted: bool
    """The run enters the control zone, the airport or the approach (5.10)."""


@dataclass(frozen=True)
class MapLookups:
    """What a move asks of the sector map at every hex, worked out once per sector."""

    hexes: frozenset[Hex]
    around: dict[Hex, frozenset[Hex]]
    """The six neighbours of each map hex."""
    zone: dict[Hex, frozenset[Hex]]
    """Each map hex and its six neighbours: where another plane is near enough to meet."""
    airport: Hex
    approach: tuple[Hex, ...]
    landing_direction: int
    restricted: frozenset[Hex]
    """The control zone, the airport and its approach: closed at level 3 and below (5.10)."""
    points: dict[int, PointInPlay]
    """The sector's entry/exit points in play by level (the airport at level 1); read only."""
    monitored: frozenset[int]
    """The directions of the hand-off hex sides ATC monitors (4.09)."""
    entries: dict[int, State]
    """Where a plane entering at each point starts, by level: off the map, facing in."""
    takeoff: State
    """Where a plane taking off starts: behind the airport, facing along the approach."""
    sections: dict[str, tuple[Hex, ...]]
    """Each section's hexes."""
    section_of: dict[Hex, str]
    """The section of each hex (the first that lists it); read only."""
    edge: frozenset[tuple[Hex, int]]
    """(hex, facing) of each map hex side on the map's edge: a plane there facing out ends
    its move facing off the map."""
    goals: dict[int, Goal]
    """Where a flight bound for each point in play ends, by the point's level; read only."""
    courses: dict[tuple[Hex, int, int], Course] = field(default_factory=dict, compare=False)
    """Straight runs met so far by (start, facing, speed): worked out once each."""
    entry_blocks: dict[tuple[int, int], tuple[dict[Hex, str], frozenset[Hex]]] = field(
        default_factory=dict, compare=False)
    """By (entry point, entry level): the hexes where a plane at the entry level would be in
    the entering plane's way, with the incident it would be (the first met along the entry
    move), and the hexes where a plane one level off would be (1.36); worked out once each."""

    def course(self, start: Hex, facing: int, speed: int) -> Course:
        """Return the straight run of ``speed`` hexes from ``start`` facing ``facing``."""
        key = (start, facing, speed)
        found = self.courses.get(key)
        if found is None:
            found = self.courses[key] = self._course(start, facing, speed)
        return found

    def _course(self, start: Hex, facing: int, speed: int) -> Course:
        dq, dr = DIRECTIONS[facing % 6]
        path: list[Hex] = []
        h = start
        for _ in range(speed):
            h = (h[0] + dq, h[1] + dr)
            if h not in self.hexes:
                break
            path.append(h)
        near: set[Hex] = set()
        for h in path[:-1]:
            near |= self.zone[h]
        before = (start, *path[:-1])
        return Course(tuple(path), len(path) < speed, frozenset(path), frozenset(near),
                      self.airport in before, not self.restricted.isdisjoint(path))

    def entry_run(self, entry: int, level: int) -> tuple[Hex, ...]:
        """Return the map hexes a plane entering at the point of level ``entry`` passes
        through flying in at ``level`` (none from the airport)."""
        point = self.points.get(entry)
        if point is None or point.name == "airport":
            return ()
        dq, dr = DIRECTIONS[(point.outward + 3) % 6]
        out: list[Hex] = []
        h = point.hex
        for _ in range(level):
            if h not in self.hexes:
                break
            out.append(h)
            h = (h[0] + dq, h[1] + dr)
        return tuple(out)

    def in_the_way(self, entry: int, level: int) -> tuple[dict[Hex, str], frozenset[Hex]]:
        """Return where a plane would be in the way of a plane entering at ``entry`` at
        ``level`` (1.36): at that level, each hex with the incident the entry would cause
        first along its run (a collision on the run, a near miss beside it); one level off,
        the run's hexes (a near miss)."""
        key = (entry, level)
        found = self.entry_blocks.get(key)
        if found is None:
            same: dict[Hex, str] = {}
            run = self.entry_run(entry, level)
            for h in run:
                same.setdefault(h, "collision")
                for n in neighbors(h):
                    same.setdefault(n, "near miss")
            found = self.entry_blocks[key] = (same, frozenset(run))
        return found

    @classmethod
    def of(cls, geo: SectorGeometry, movement: Movement) -> MapLookups:
        """Return the lookups of a sector map."""
        air = movement.air
        points = geo.points_in_play()
        around = {h: frozenset(neighbors(h)) for h in geo.hexes}
        sections: dict[str, tuple[Hex, ...]] = {}
        for section in geo.board.sections:
            sections.setdefault(section.id, tuple((h[0], h[1]) for h in section.hexes))
        return cls(
            hexes=geo.hexes, around=around, zone={h: n | {h} for h, n in around.items()},
            airport=air.airport, approach=air.approach,
            landing_direction=air.landing_direction, restricted=air.restricted, points=points,
            monitored=frozenset(p.outward for p in points.values() if p.name != "airport"),
            entries={level: movement.entry_state(p.hex, p.outward, level)
                     for level, p in points.items()},
            takeoff=movement.takeoff_state(),
            sections=sections, section_of=geo.section_of(),
            edge=frozenset((h, d) for h in geo.hexes for d in range(6)
                           if neighbor(h, d) not in geo.hexes),
            goals={level: p.goal for level, p in points.items()})


@dataclass
class Context(Rulings):
    """A replay in progress: the content's lookups, the state, and the rulings so far."""

    game: GameContent
    geo: SectorGeometry
    movement: Movement
    names: HexNames
    tables: Tables
    state: Shift = field(default_factory=Shift)
    snapshots: list[Shift] = field(default_factory=list)
    expected_entry: dict[int, int] = field(default_factory=dict)
    """This turn's entry level of each plane entering from the edge (2.06-2.07)."""
    recorded_entry: dict[int, int] = field(default_factory=dict)
    """This turn's entry level of each plane entering from the edge as the record moves it;
    where it differs from ``expected_entry`` that is the record's one mistake (2.06-2.07),
    and the rest of the turn is judged on the record's own terms."""
    entry_priority: dict[int, int] = field(default_factory=dict)
    """For a plane that must alter its entry: the plane entering there before it."""
    next_turn: int = 1
    """The turn the record should play next (1.90)."""
    moved: set[int] = field(default_factory=set)
    """The planes that have moved this turn (3.06: each moves once)."""
    systems_at_start: int = 0
    """How many weather systems were in play when this turn began (an event only adds)."""
    keep_snapshots: bool = True
    """Keep a copy of the board at the end of every turn (for drawings)."""
    _around: dict[Hex, frozenset[Hex]] = field(default_factory=dict)
    lookups: MapLookups = field(init=False)
    piece_word: str = field(default="plane", kw_only=True)

    def __post_init__(self) -> None:
        # Shared by every replay of the loaded content: the map does not change.
        self.lookups = self.game.memo(("rushing-tin.referee.map", self.geo),
                                      lambda: MapLookups.of(self.geo, self.movement))

    @property
    def active_systems(self) -> list[WeatherSystem]:
        """Return the weather systems in play when this turn began: the ones that grow or
        shrink this turn."""
        return self.state.weather[:self.systems_at_start]

    def current_turn(self) -> int | None:
        """Return the turn being played (rulings are recorded at it)."""
        return self.state.turn or None

    def around(self, h: Hex) -> frozenset[Hex]:
        """Return the six neighbours of a hex (worked out once per sector for map hexes)."""
        found = self.lookups.around.get(h)
        if found is None:
            found = self._around.get(h)
            if found is None:
                found = self._around[h] = frozenset(neighbors(h))
        return found

    def hexname(self, h: Hex | None) -> str:
        """Return a hex as printed on the map (``off the map`` when it is not on it)."""
        if h is None:
            return "-"
        return (self.names.name(h) if h in self.lookups.hexes
                else f"{self.names.name(h)} (off map)")


def where(model: Model | None, *parts: str | int) -> Location | None:
    """Return the record location of a model or a key inside it."""
    return model.where(*parts) if model is not None else None

