"""The state of a game of Air Cargo while a flight log is replayed: the Pilot Log's boxes,
where the plane is, and every flight flown (what the map trace draws).

Every class has slots, and a state copies in a few list copies (:meth:`PilotState.copy`): a
flight already flown is never changed again, so copies share them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ....referee import Rulings
from .context import Chart, Tally

XY = tuple[float, float]


@dataclass(slots=True)
class Resources:
    """The rows of boxes ticked so far: PLAN REROLL, STAMINA, PRAYER REROLL."""

    plan_rerolls: int = 0
    stamina: int = 0
    prayers: int = 0


@dataclass(slots=True)
class CheckMark:
    """A hazard check as flown: where it was, its numbers and its result. Never changed once
    made (forks share it); not frozen, because a frozen one costs three times as much to
    make and a replay makes one a check."""

    at: str
    """The mountain range's id, or ``landing``."""
    point: XY
    """Where it is marked on the map (map units): the leg's nearest point to the mountain's
    centre, or the airport."""
    total: int
    passed: bool
    """The result the game went on with (the record's)."""
    derived: bool
    """Whether the map asks for this check (False: the log invents it)."""


@dataclass(slots=True)
class FlownLeg:
    """One leg as flown: its ends (map units), its weather box and its checks."""

    box: int
    start: XY
    end: XY
    to: str
    """The place id it ends at ('' when the log names no place of the map)."""
    checks: list[CheckMark] = field(default_factory=list)
    missing: list[tuple[str, XY]] = field(default_factory=list)
    """The checks the map asks for and the log omits: the mountain's id (or ``landing``) and
    where the leg meets it."""


@dataclass(slots=True)
class FlownFlight:
    """A flight as flown: from, to, cargo, legs, and how it ended."""

    number: int
    origin: str
    destination: str
    cargo: int
    legs: list[FlownLeg] = field(default_factory=list)
    crashed: bool = False
    arrived: bool = False


@dataclass(slots=True)
class PilotState:
    """The game at one moment: the Pilot Log's boxes, the plane, the flights flown."""

    position: str
    """The airport the next flight starts from."""
    open_cargo: Counter[int]
    """CARGO WEIGHT boxes not yet ticked, by weight."""
    planned_cargo: list[int] = field(default_factory=list)
    """Ticked, not yet circled."""
    delivered: list[int] = field(default_factory=list)
    planned: list[str] = field(default_factory=list)
    """Airports ticked, in the order planned (visited ones too)."""
    visited: list[str] = field(default_factory=list)
    weather: int = 0
    """WEATHER HAZARD boxes crossed."""
    resources: Resources = field(default_factory=Resources)
    flights: list[FlownFlight] = field(default_factory=list)
    plannings: int = 0
    over: str | None = None
    """``crash`` or ``nothing-valid`` once the game has ended; None while it goes on."""
    crash: XY | None = None
    """Where the plane crashed (map units)."""
    end: str | None = None
    """How the game ended: stop, crash or nothing-valid."""
    tally: Tally | None = None

    def copy(self) -> PilotState:
        """Return a copy that actions can change without changing this one."""
        used = self.resources
        return PilotState(self.position, self.open_cargo.copy(), list(self.planned_cargo),
                          list(self.delivered), list(self.planned), list(self.visited),
                          self.weather, Resources(used.plan_rerolls, used.stamina, used.prayers),
                          list(self.flights), self.plannings, self.over, self.crash, self.end,
                          self.tally)

    @property
    def legs(self) -> int:
        """Return how many legs have been flown."""
        return sum(len(f.legs) for f in self.flights)

    @property
    def checks(self) -> list[CheckMark]:
        """Return every hazard check flown, in order."""
        return [c for f in self.flights for leg in f.legs for c in leg.checks]


@dataclass
class Replay(Rulings):
    """A flight log being replayed: the chart, the state and the rulings so far."""

    chart: Chart
    state: PilotState
    empty_roll: bool = False
    """The last event was a planning roll that could plan nothing valid."""
    written_box: int = 0
    """The weather box the record's own numbering stands at (its last ``weather_box``)."""
    faces: list[int] = field(default_factory=list)
    """Every die replayed so far, in the order rolled (what the seed is checked against)."""
    every_die: bool = True
    """Whether ``faces`` holds every die of the record so far: False once dice were passed
    over (after the game ended, a flight to no airport), when the record is read again."""

    def copy(self) -> Replay:
        """Return a copy that actions can change without changing this one (the chart is
        shared)."""
        return Replay(self.chart, self.state.copy(), self.empty_roll, self.written_box,
                      list(self.faces), self.every_die, findings=list(self.findings),
                      incidents=list(self.incidents), reported=set(self.reported),
                      piece_word=self.piece_word)


def new_state(chart: Chart) -> PilotState:
    """Return a fresh Pilot Log: every box open, the plane at Pendleton."""
    return PilotState(chart.start.id, chart.cargo_boxes())
