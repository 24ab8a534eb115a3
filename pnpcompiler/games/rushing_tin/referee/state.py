"""The state of a Rushing Tin shift while it is replayed: planes, controllers, weather, cards.

Hexes are axial (q, r) as everywhere in the engine; the record's four-digit hex names are
converted on the way in and out (:class:`HexNames`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ....core.hexgrid import Hex, axial_to_offset, offset_to_axial
from ..model import Grid

FAULT_CHANGES = {"stuck": (0, 0), "cannot-climb": (-1, 0), "cannot-descend": (0, 1)}
"""The level changes a fault allows, fewest to most (ELECTRICAL FAILURE, LIGHTNING STRIKES)."""

Where = Literal["waiting", "ground", "flying", "gone"]
"""``waiting``: ready to enter at an edge point; ``ground``: waiting to take off from the
airport; ``flying``: on the map; ``gone``: handed off, landed, crashed or collided."""


class HexNames:
    """Convert between axial hexes and the ``CCRR`` names printed on the map (each
    conversion worked out once: a record names the same hexes again and again)."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.hexes: dict[str, Hex] = {}
        self.names: dict[Hex, str] = {}

    def hex(self, name: str) -> Hex:
        """Return the axial hex of a name such as ``"0412"`` (column 4, row 12)."""
        found = self.hexes.get(name)
        if found is None:
            found = self.hexes[name] = offset_to_axial(int(name[:2]) - 1, int(name[2:]) - 1,
                                                       self.grid.layout)
        return found

    def name(self, h: Hex) -> str:
        """Return the printed name of a hex."""
        found = self.names.get(h)
        if found is None:
            col, row = axial_to_offset(h, self.grid.layout)
            found = self.names[h] = f"{col + 1:02d}{row + 1:02d}"
        return found


@dataclass
class Plane:
    """A plane in play: its flight, its controller, where it is and what is wrong with it."""

    id: int
    flight: str
    atc: str
    airline: str
    entry: int
    """The entry level of its route (1 = the airport)."""
    exit: int
    multi: bool
    schedule: int
    """Minutes allowed by the Sector Log."""
    start: int
    """Minutes since midnight when the hand-off was accepted (the log's Time Start)."""
    active_from: int
    """The first turn it may move."""
    where: Where = "waiting"
    hex: Hex | None = None
    facing: int = 0
    level: int = 0
    taking_off: bool = False
    """Still following the take-off route (5.02)."""
    landed_once: bool = False
    """A multi-route plane that has landed at the airport and waits to take off again."""
    out_of_control: bool = False
    reason: str = ""
    """Why it is out of control."""
    fault: str | None = None
    """``cannot-climb``, ``cannot-descend``, ``stuck`` (lightning), ``engine-1``, ``engine-2``."""
    weather_penalty: int = 0
    extra_bonus: int = 0
    """Random event bonuses paid on top of the Schedule Bonus at the hand-off."""
    landing_bonus: tuple[int, int] | None = None
    """(bonus, deadline in minutes since midnight) from a land-at-the-airport event."""
    emergency_bonus: int = 0
    exit_override: int | None = None
    """RE-ROUTE: the level of the new exit point."""
    celebrity: bool = False
    lawsuit: int = 0
    sued: bool = False
    """CELEBRITY ALERT: the celebrity has sued (once) for a flight not completed on time."""
    go_around: bool = False
    """GO AROUND: exempt from control-zone rules until it has left the zone."""
    low_to_avoid: bool = False
    """10.06: flying at level 2 to avoid trouble; no turn until back at level 3."""
    control_zone_breach: bool = False
    """5.11: inside the control zone and leaving it by the most direct route."""
    moved_turn: int = 0
    fixed_turn: int = 0
    """The turn a fault (ELECTRICAL FAILURE, LIGHTNING STRIKES) was last fixed: its level was
    held down until that turn's move."""

    def copy(self) -> Plane:
        """Return a copy to change apart from this one (every field holds a value that never
        changes in place, so the fields are shared)."""
        twin = object.__new__(Plane)
        # A new instance dictionary at once: several times faster than filling an empty one.
        twin.__dict__ = self.__dict__.copy()
        return twin

    def dropped_to(self, level: int) -> int | None:
        """Return the level an engine failure drops the plane to at the end of a move begun at
        ``level`` (ENGINE FAILURE: 1 or 2 levels a turn, down to the ground), or None when its
        engines are sound."""
        if self.fault == "engine-1":
            return max(level - 1, 1)
        if self.fault == "engine-2":
            return max(level - 2, 1)
        return None

    def can_change(self, change: int) -> bool:
        """Return whether the plane's faults let it change level by ``change`` (an engine
        failure lets it only go down)."""
        if self.fault in ("engine-1", "engine-2"):
            return change <= 0
        allowed = FAULT_CHANGES.get(self.fault or "")
        return allowed is None or allowed[0] <= change <= allowed[1]

    def held_down(self, turn: int) -> bool:
        """Return whether the plane's level was held down as its move this turn began (8.01:
        out of control, or a fault fixed only now)."""
        return self.out_of_control or self.fixed_turn == turn

    @property
    def exit_level(self) -> int:
        """Return the level of the exit point it must reach now."""
        if self.landing_bonus is not None:
            return 1
        if self.exit_override is not None:
            return self.exit_override
        return 1 if self.multi and not self.landed_once else self.exit


@dataclass
class Controller:
    """An ATC: money, record and status with each airline."""

    id: str
    wage: int = 0
    bonuses: int = 0
    fines: int = 0
    transfers: int = 0
    appraisal: int = 0
    lawsuits: int = 0
    commendations: int = 0
    deals: int = 0
    """Deals counted for firing (a major deal counts 2, 12.06)."""
    deals_with: dict[str, int] = field(default_factory=dict)
    """Deals per airline (more than one and the airline black-lists the ATC)."""
    final_warnings: dict[str, int] = field(default_factory=dict)
    key: dict[str, int] = field(default_factory=dict)
    """Key Controller bonuses earned per airline while holding its card (cumulative)."""
    cautioned: set[str] = field(default_factory=set)
    black_listed: set[str] = field(default_factory=set)
    fired: bool = False
    pending: list[str] = field(default_factory=list)

    def copy(self) -> Controller:
        """Return a copy to change apart from this one: its tallies, lists and sets copied."""
        twin = object.__new__(Controller)
        twin.__dict__ = self.__dict__.copy()
        twin.deals_with, twin.final_warnings = self.deals_with.copy(), self.final_warnings.copy()
        twin.key, twin.pending = self.key.copy(), self.pending.copy()
        twin.cautioned, twin.black_listed = self.cautioned.copy(), self.black_listed.copy()
        return twin

    @property
    def cash(self) -> int:
        """Return the money the ATC ends with: wage, bonuses, fines and everything else."""
        return (self.wage + self.bonuses - self.fines + self.transfers + self.appraisal
                - self.lawsuits)


@dataclass
class WeatherSystem:
    """A storm or turbulence system: its level, its counters and the penalty per turn."""

    kind: Literal["storm", "turbulence"]
    level: int
    section: str
    penalty: int
    counters: list[Hex] = field(default_factory=list)

    def copy(self) -> WeatherSystem:
        """Return a copy to change apart from this one."""
        return WeatherSystem(self.kind, self.level, self.section, self.penalty,
                             list(self.counters))


@dataclass
class Wind:
    """The strong wind in play: the lowest level it blows at and the way it blows."""

    level: int
    direction: int

    def copy(self) -> Wind:
        """Return a copy to change apart from this one."""
        return Wind(self.level, self.direction)


@dataclass
class Shift:
    """Everything on the table at one moment of the shift."""

    turn: int = 0
    planes: dict[int, Plane] = field(default_factory=dict)
    controllers: dict[str, Controller] = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    lead: str = ""
    pool: set[int] = field(default_factory=set)
    out_of_play: set[int] = field(default_factory=set)
    """Plane IDs not yet brought into the Plane Pool (1.71)."""
    used_flights: set[str] = field(default_factory=set)
    """Hand-off cards dealt, accepted or played: each exists once."""
    weather: list[WeatherSystem] = field(default_factory=list)
    wind: Wind | None = None
    events: dict[str, int] = field(default_factory=dict)
    """How many copies of each Random and Weather Event card have been drawn so far."""

    def active(self) -> list[Plane]:
        """Return the planes that move this turn, in no particular order."""
        return [p for p in self.planes.values()
                if p.where in ("waiting", "ground", "flying") and p.active_from <= self.turn]

    def on_map(self) -> list[Plane]:
        """Return the planes on the sector map."""
        return [p for p in self.planes.values() if p.where == "flying"]

    def accepted_by(self, atc: str) -> list[Plane]:
        """Return the hand-offs an ATC has accepted and not yet finished."""
        return [p for p in self.planes.values()
                if p.atc == atc and p.where != "gone" and not p.celebrity]

    def load(self) -> dict[str, int]:
        """Return how many hand-offs each ATC has accepted and not yet finished, in seating
        order (``accepted_by`` counted for everyone at once)."""
        out = dict.fromkeys(self.seating, 0)
        for p in self.planes.values():
            if p.atc in out and p.where != "gone" and not p.celebrity:
                out[p.atc] += 1
        return out

    def for_a_move(self) -> Shift:
        """Return a copy to try a plane's move on: what a move can change copied (the planes
        in play, the controllers, the pool), the rest shared (the planes gone, the deck, the
        events drawn, the weather, the seating)."""
        kept = object.__new__(Shift)
        kept.__dict__ = self.__dict__.copy()
        kept.planes = {n: p if p.where == "gone" else p.copy() for n, p in self.planes.items()}
        kept.controllers = {a: c.copy() for a, c in self.controllers.items()}
        kept.pool = self.pool.copy()
        return kept

    def snapshot(self) -> Shift:
        """Return a copy to keep (the board at the end of a turn) or to try actions on: every
        record in it copied, so changing one changes nothing in the other."""
        kept = object.__new__(Shift)
        kept.__dict__ = self.__dict__.copy()
        kept.planes = {n: p.copy() for n, p in self.planes.items()}
        kept.controllers = {a: c.copy() for a, c in self.controllers.items()}
        kept.seating = self.seating.copy()
        kept.pool, kept.out_of_play = self.pool.copy(), self.out_of_play.copy()
        kept.used_flights, kept.events = self.used_flights.copy(), self.events.copy()
        kept.weather = [w.copy() for w in self.weather]
        kept.wind = self.wind.copy() if self.wind is not None else None
        return kept
