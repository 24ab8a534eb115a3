"""What the Rushing Tin referee works with: the content's tables and map, the state, and the
rulings found so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....findings import Finding, Location, Severity
from ....geometry.hexgrid import Hex, neighbors
from ....model import Model
from ....project import GameContent
from ....referee import ruling
from ..model import RandomEventCard, RulesTables, StatusCard, WeatherEventCard
from ..movement import Goal, Movement
from ..routes import TURN_MINUTES, minutes
from ..sector_map import SectorGeometry
from .state import HexNames, Shift


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

    @property
    def start(self) -> int:
        """Return the shift's start in minutes since midnight."""
        return minutes(self.rules.shift.start) or 480

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


@dataclass
class Context:
    """A replay in progress."""

    game: GameContent
    geo: SectorGeometry
    movement: Movement
    names: HexNames
    tables: Tables
    state: Shift = field(default_factory=Shift)
    findings: list[Finding] = field(default_factory=list)
    incidents: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[Shift] = field(default_factory=list)
    expected_entry: dict[int, int] = field(default_factory=dict)
    """This turn's entry level of each plane entering from the edge (2.06-2.07)."""
    entry_priority: dict[int, int] = field(default_factory=dict)
    """For a plane that must alter its entry: the plane entering there before it."""
    _around: dict[Hex, frozenset[Hex]] = field(default_factory=dict)
    reported: set[Any] = field(default_factory=set)
    """Problems already reported, so one mistake gives one finding, not one a turn."""

    def around(self, h: Hex) -> frozenset[Hex]:
        """Return the six neighbours of a hex (kept: moves ask for the same hexes often)."""
        found = self._around.get(h)
        if found is None:
            found = self._around[h] = frozenset(neighbors(h))
        return found

    def once(self, key: Any) -> bool:
        """Return True the first time a problem is met (and remember it)."""
        if key in self.reported:
            return False
        self.reported.add(key)
        return True

    def forget(self, key: Any) -> None:
        """Let a problem be reported again (its cause went away)."""
        self.reported.discard(key)

    def rule(self, code: str, rule: str, message: str, where: Location | None, *,
             plane: int | str | None = None, warn: bool = False) -> None:
        """Record a ruling at the current turn."""
        turn = self.state.turn or None
        self.findings.append(ruling(code, rule, message, where, turn=turn, piece=plane,
                                    severity=Severity.WARNING if warn else Severity.ERROR))

    def claim(self, rule: str, what: str, where: Location | None, *, plane: int | None = None
              ) -> None:
        """Report a judgement the record states and the referee cannot check: accepted."""
        self.rule("claim.accepted", rule, f"accepted by claim: {what}", where, plane=plane,
                  warn=True)

    def incident(self, kind: str, rule: str, *, plane: int | None = None,
                 atc: str | None = None, **detail: Any) -> None:
        """Note something the rules penalise but allow (a deal, a hand-off) for the report."""
        entry: dict[str, Any] = {"turn": self.state.turn, "kind": kind, "rule": rule}
        if plane is not None:
            entry["plane"] = plane
        if atc is not None:
            entry["atc"] = atc
        entry.update(detail)
        self.incidents.append(entry)

    def hexname(self, h: Hex | None) -> str:
        """Return a hex as printed on the map (``off the map`` when it is not on it)."""
        if h is None:
            return "-"
        return self.names.name(h) if h in self.geo.hexes else f"{self.names.name(h)} (off map)"


def where(model: Model | None, *parts: str | int) -> Location | None:
    """Return the record location of a model or a key inside it."""
    return model.where(*parts) if model is not None else None


def plane_goal(geo: SectorGeometry, plane: Any) -> Goal | None:
    """Return where a plane's flight ends now: its exit point, or a landing."""
    point = geo.points_in_play().get(plane.exit_level)
    if point is None:
        return None
    if point.name == "airport":
        return Goal(point.hex, point.outward, 1, landing=True)
    return Goal(point.hex, point.outward, point.level)
