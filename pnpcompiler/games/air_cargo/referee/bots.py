"""Pilots that play whole games of Air Cargo with a seeded die, written as flight logs.

A simple pilot plans a cargo and a destination at a time (rerolling for heavy cargo and for
airports it can reach in few legs), flies the route with the best odds, prays and panics to
pass its checks, and stops when the next flight looks too risky. Every event is played
through the referee's own engine (:class:`~.engine.AirCargoEngine`) as it is written, so the
record a pilot leaves is one the referee accepts. The odds and routes depend only on the
chart, the weather row and the cargo, so a :class:`Navigator` works each out once for every
game a process plays.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from dataclasses import dataclass, field
from typing import Any

from ....referee.simulation import Slips
from ....referee.writing import dump_record, record_dumper
from ..legs import Leg
from ..model import Airport, Beacon
from ..play import cargo_options, destination_options, panic_stamina, weather_number, weather_row
from .context import Chart, cargo_class_number
from .engine import AirCargoEngine, EndGame, Flight, PlanRoll
from .flight import crossed
from .log import FlightLog, Fly, Plan
from .state import PilotState, Replay

Data = dict[str, Any]


@dataclass(frozen=True)
class Style:
    """How the pilot flies."""

    heavy_from: int
    """Reroll a cargo lighter than this while rerolls last."""
    keep_rerolls: int
    """PLAN REROLL boxes kept for when nothing valid comes up."""
    max_legs: int
    """Never plan a destination further than this many legs away."""
    good_odds: float
    """Reroll a destination whose flight has worse odds than this."""
    daring: float
    """Fly when odds x (points if it lands) beat the points in hand by this factor; 0 flies
    whatever the odds."""
    pre_stamina: bool
    """Tick stamina before a roll that will probably fail."""


MISTAKES = {
    "skip-check": "fly past a hazard without its check (Hazards)",
    "misreport-roll": "write one of a hazard check's dice one lower than it rolled (the "
                      "record's seeded dice)",
    "overload": "fly a cargo heavier than any planned (Prepare flight)",
}
"""The rules a sloppy pilot breaks on purpose, by name."""

STYLES = {
    "careful": Style(heavy_from=6, keep_rerolls=2, max_legs=5, good_odds=0.6, daring=1.0,
                     pre_stamina=True),
    "bold": Style(heavy_from=7, keep_rerolls=1, max_legs=6, good_odds=0.3, daring=0.0,
                  pre_stamina=False),
}


def two_dice_at_most(k: int) -> float:
    """Return the chance that 2d6 total ``k`` or less."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= k) / 36


@dataclass(frozen=True, slots=True)
class CheckRolled:
    """A hazard check as first rolled, before stamina, prayers or panic: what the exact
    odds of the dice alone are compared with."""

    hazard: int
    weather: int
    cargo: int
    passed: bool


@dataclass
class Navigator:
    """The odds of a check and the routes with the best odds on one chart, each worked out
    once and shared by every pilot flying it."""

    chart: Chart
    odds_of: dict[tuple[int, int, int], float] = field(default_factory=dict)
    routes: dict[tuple[str, str, int, int], list[str] | None] = field(default_factory=dict)
    flights: dict[tuple[tuple[str, ...], int, int, int], float] = field(default_factory=dict)
    leg_costs: dict[tuple[int, int, int], float] = field(default_factory=dict)

    def odds(self, hazard: int, row: int, cargo: int) -> float:
        """Return the chance a check passes with nothing but the dice."""
        key = (hazard, row, cargo)
        found = self.odds_of.get(key)
        if found is None:
            tables = self.chart.tables
            faces = range(1, tables.dice.sides + 1)
            found = sum(two_dice_at_most(12 - hazard - weather_number(tables, row, d) - cargo)
                        for d in faces) / len(faces)
            self.odds_of[key] = found
        return found

    def route(self, origin: str, dest: str, cargo: int, row: int) -> list[str] | None:
        """Return the flight with the best odds (a little cost per leg), or None."""
        key = (origin, dest, cargo, row)
        if key not in self.routes:
            self.routes[key] = self.best_route(origin, dest, cargo, row)
        return self.routes[key]

    def best_route(self, origin: str, dest: str, cargo: int, row: int) -> list[str] | None:
        """Search the flight with the best odds (a little cost per leg)."""
        chart = self.chart
        beacons = {b.id for b in chart.board.beacons}
        heap: list[tuple[float, tuple[str, ...]]] = [(0.0, (origin,))]
        done: set[str] = set()
        while heap:
            cost, path = heapq.heappop(heap)
            here = path[-1]
            if here == dest:
                return list(path)
            if here in done:
                continue
            done.add(here)
            if here != origin and here not in beacons:
                continue
            for leg in chart.net.near.get(here, []):
                there = leg.other(here)
                if there in done or (there not in beacons and there != dest):
                    continue
                heapq.heappush(heap, (cost + self.leg_cost(leg, row, cargo), (*path, there)))
        return None

    def leg_cost(self, leg: Leg, row: int, cargo: int) -> float:
        """Return what a leg costs a route: a little for the leg, more for its risks."""
        key = (id(leg), row, cargo)  # the chart's legs live as long as it
        found = self.leg_costs.get(key)
        if found is None:
            risk = sum(-math.log(max(1e-6, self.odds(self.chart.mountains[m].hazard, row,
                                                     cargo)))
                       for m in leg.crossings)
            found = self.leg_costs[key] = 0.12 + 3 * risk
        return found

    def flight_odds(self, path: list[str], cargo_weight: int, weather: int, help_: int
                    ) -> float:
        """Return the chance every check of a flight passes, ``help_`` stamina a check."""
        key = (tuple(path), cargo_weight, weather, help_)
        found = self.flights.get(key)
        if found is not None:
            return found
        chart = self.chart
        cargo = cargo_class_number(chart.tables, cargo_weight)
        total = 1.0
        for n, (a, b) in enumerate(itertools.pairwise(path)):
            box = min(weather + n + 1, chart.weather_boxes)
            row = weather_row(box, chart.tables.weather.boxes_per_row)
            for m in crossed(chart, self.place(a), self.place(b)):
                total *= self.odds(chart.mountains[m].hazard - help_, row, cargo)
            if b == path[-1]:
                airport = chart.airport(b)
                assert airport is not None
                total *= self.odds((airport.hazard or 0) - help_, row, cargo)
        self.flights[key] = total
        return total

    def place(self, place_id: str) -> Airport | Beacon:
        """Return a place of the map by its id."""
        found = self.chart.place(place_id)
        assert found is not None
        return found


class Pilot:
    """Plays a game and writes down every die and every choice as it happens."""

    def __init__(self, navigator: Navigator, seed: int, style: Style,
                 slips: Slips | None = None) -> None:
        self.navigator = navigator
        self.chart = navigator.chart
        self.tables = self.chart.tables
        self.die = random.Random(seed)
        self.style = style
        self.engine = AirCargoEngine(self.chart)
        self.game: Replay = self.engine.initial()
        self.record: Data = {"game": "air-cargo", "record": "flight-log", "seed": seed,
                             "events": []}
        self.rolled: list[CheckRolled] = []
        """Every hazard check as first rolled, in order."""
        self.slips = slips
        """A sloppy pilot's mistakes (None for one who keeps the rules)."""

    @property
    def state(self) -> PilotState:
        """Return the game's state now."""
        return self.game.state

    def roll(self) -> int:
        """Roll the die."""
        return self.die.randint(1, 6)

    def reroll(self, dice: list[int], picked: list[int]) -> tuple[list[int], Data]:
        """Roll the picked dice again; return the dice now and the re-roll as recorded."""
        got = [self.roll() for _ in picked]
        kept = list(dice)
        for value in picked:
            kept.remove(value)
        return kept + got, {"reroll": picked, "got": got}

    def left(self, what: str) -> int:
        """Return the boxes of a row still open: plan, stamina or prayers."""
        boxes, used = self.tables.boxes, self.state.resources
        return {"plan": boxes.plan_reroll.count - used.plan_rerolls,
                "stamina": boxes.stamina.count - used.stamina,
                "prayers": boxes.prayer_reroll.count - used.prayers}[what]

    def row(self) -> int:
        """Return the weather row of the next leg."""
        return weather_row(min(self.state.weather + 1, self.chart.weather_boxes),
                           self.tables.weather.boxes_per_row)

    def flight_odds(self, path: list[str], cargo_weight: int) -> float:
        """Return the chance every check of the flight passes, with some help from stamina."""
        help_ = min(3, self.left("stamina") // 2)
        return self.navigator.flight_odds(path, cargo_weight, self.state.weather, help_)

    # -- planning ---------------------------------------------------------------------------

    def pending(self) -> list[str]:
        """Return the airports planned and not yet visited."""
        return [a for a in self.state.planned if a not in self.state.visited]

    def choose(self, dice: list[int], spare: int) -> tuple[str, int] | None:
        """Return the best thing these dice plan, or None to reroll (``spare``: the PLAN
        REROLL boxes still open)."""
        state = self.state
        weights = cargo_options(dice, [w for w, n in state.open_cargo.items() if n > 0])
        airports = destination_options(dice, [a for a in self.chart.board.airports
                                              if a.id not in state.planned])
        want_cargo = len(state.planned_cargo) <= len(self.pending())
        want_dest = len(self.pending()) <= len(state.planned_cargo)
        rerolls = spare > self.style.keep_rerolls
        if want_cargo and weights and (max(weights) >= self.style.heavy_from or not rerolls):
            return ("cargo", max(weights))
        near = self.nearest(airports)
        if want_dest and near is not None and (near[1] >= self.style.good_odds or not rerolls):
            return ("destination", near[0])
        if rerolls:
            return None
        if want_cargo and weights:
            return ("cargo", max(weights))
        if want_dest and near is not None:
            return ("destination", near[0])
        if weights:
            return ("cargo", min(weights))
        if airports:  # the dice must be used when they can be (Planning Phase)
            return ("destination", near[0] if near is not None else airports[0])
        return None

    def nearest(self, ids: list[int]) -> tuple[int, float] | None:
        """Return the airport ID of those rolled with the best odds from here (carrying the
        heaviest cargo planned), and those odds."""
        weight = max(self.state.planned_cargo, default=5)
        boxes_left = self.chart.weather_boxes - self.state.weather
        found = []
        for dice_id in ids:
            airport = self.chart.airport(dice_id)
            if airport is None:
                continue
            path = self.navigator.route(self.state.position, airport.id, weight, self.row())
            if path is None or len(path) - 1 > min(boxes_left, self.style.max_legs):
                continue
            found.append((self.flight_odds(path, weight), -dice_id))
        if not found:
            return None
        odds, dice_id = max(found)
        return -dice_id, odds

    def pick_up(self, dice: list[int]) -> list[int]:
        """Return the dice to reroll: low ones for cargo; a non-airport digit for airports."""
        if not self.state.planned_cargo:
            low = [d for d in dice if d < 4]
            return low or [min(dice)]
        good = [d for d in dice if d >= 4]
        return [min(dice)] if good else list(dice)

    def plan(self) -> bool:
        """Roll for a plan; return False when the game ended on it."""
        dice = [self.roll(), self.roll()]
        event: Data = {"dice": list(dice)}
        rerolls: list[Data] = []
        while (choice := self.choose(dice, self.left("plan") - len(rerolls))) is None and (
                self.left("plan") - len(rerolls) > 0):
            dice, entry = self.reroll(dice, self.pick_up(dice))
            rerolls.append(entry)
        if rerolls:
            event["rerolls"] = rerolls
        if choice is not None:
            event[choice[0]] = choice[1]
        self.record["events"].append({"plan": event})
        self.engine.apply(self.game, PlanRoll(Plan.model_validate(event)))
        return self.state.over is None

    # -- flying -----------------------------------------------------------------------------

    def best_flight(self) -> tuple[float, str, int, list[str]] | None:
        """Return (odds, destination, cargo, path) of the best flight now possible."""
        best: tuple[float, str, int, list[str]] | None = None
        boxes_left = self.chart.weather_boxes - self.state.weather
        row = self.row()
        for dest in self.pending():
            for weight in sorted(set(self.state.planned_cargo), reverse=True):
                path = self.navigator.route(self.state.position, dest, weight, row)
                if path is None or len(path) - 1 > boxes_left:
                    continue
                odds = self.flight_odds(path, weight)
                score = odds * self.worth(self.in_hand() + weight + 2)
                if best is None or score > best[0]:
                    best = (score, dest, weight, path)
        if best is None:
            return None
        return (self.flight_odds(best[3], best[2]), best[1], best[2], best[3])

    def in_hand(self) -> int:
        """Return the score if the pilot stopped now."""
        state = self.state
        return sum(state.delivered) - len(state.planned_cargo) - len(self.pending())

    def worth(self, points: int) -> float:
        """Return what a score is worth: its rank first (a crash is worth nothing)."""
        ranks = sorted(r.points for r in self.tables.scoring.ranks)
        return sum(1 for r in ranks if points >= r) + max(points, 0) / 100

    def worth_flying(self, odds: float, weight: int) -> bool:
        """Return whether the flight is worth its risk: a crash loses every point in hand."""
        hand = self.in_hand()
        return odds * self.worth(hand + weight + 2) >= self.style.daring * self.worth(hand)

    def fly(self, dest: str, weight: int, path: list[str]) -> None:
        """Fly a flight leg by leg, every check rolled and written down."""
        airport = self.chart.airport(dest)
        assert airport is not None
        if self.slipped("overload"):
            state = self.state
            weight = max([weight, *state.planned_cargo, *state.delivered]) + 1
        cargo = cargo_class_number(self.tables, weight)
        legs = []
        used = {"stamina": 0, "prayers": 0}
        crashed = False
        for n, (a, b) in enumerate(itertools.pairwise(path)):
            box = self.state.weather + n + 1
            row = weather_row(min(box, self.chart.weather_boxes),
                              self.tables.weather.boxes_per_row)
            there = self.navigator.place(b)
            leg: Data = {"to": there.code if isinstance(there, Beacon) else there.name,
                         "weather_box": box}
            checks = []
            hazards = [(self.chart.mountains[m].name or m, self.chart.mountains[m].hazard)
                       for m in crossed(self.chart, self.navigator.place(a), there)]
            if b == dest:
                hazards.append(("landing", airport.hazard or 0))
            for at, hazard in hazards:
                if self.slipped("skip-check"):
                    continue
                check = self.check(at, hazard, row, cargo, used)
                checks.append(check)
                if check["result"] == "fail":
                    crashed = True
                    break
            if checks:
                leg["checks"] = checks
            legs.append(leg)
            if crashed:
                break
        event = {"to": airport.dice_id, "cargo": weight, "legs": legs}
        self.record["events"].append({"fly": event})
        self.engine.apply(self.game, Flight(Fly.model_validate(event)))

    def check(self, at: str, hazard: int, row: int, cargo: int, used: dict[str, int]) -> Data:
        """Roll a hazard check: the weather die, stamina, the dice, prayers, panic."""
        stamina_left = self.left("stamina") - used["stamina"]
        prayers_left = self.left("prayers") - used["prayers"]
        weather_die = self.roll()
        weather = weather_number(self.tables, row, weather_die)
        base = hazard + weather + cargo
        before = 0
        if self.style.pre_stamina and 12 - base < 5 and stamina_left >= 6:
            before = min(2, 5 - (12 - base))
        dice = [self.roll(), self.roll()]
        pass_at_most = self.tables.hazard_check.pass_at_most
        self.rolled.append(CheckRolled(hazard, weather, cargo, base + sum(dice) <= pass_at_most))
        if max(dice) > 1 and self.slipped("misreport-roll"):
            dice[dice.index(max(dice))] -= 1
        first = list(dice)
        prayers: list[Data] = []
        total = base + sum(dice) - before
        while total > 12 and prayers_left - len(prayers) > 0 and (
                panic_stamina(self.tables, total + before) > stamina_left - before
                or total - 12 >= 3):
            picked = [d for d in dice if d >= 4] if min(dice) >= 4 else [max(dice)]
            dice, entry = self.reroll(dice, picked)
            prayers.append(entry)
            total = base + sum(dice) - before
        panic = 0
        if total > 12:
            need = panic_stamina(self.tables, total + before)
            if need <= stamina_left - before:
                panic = need
        used["stamina"] += before + panic
        used["prayers"] += len(prayers)
        out: Data = {"at": at, "weather_die": weather_die, "weather": weather}
        if before:
            out["stamina"] = before
        out["dice"] = first
        if prayers:
            out["prayers"] = prayers
        if panic:
            out["panic"] = panic
        out["total"] = total
        out["result"] = "pass" if total <= 12 or panic else "fail"
        return out

    def slipped(self, mistake: str) -> bool:
        """Return whether a sloppy pilot makes this mistake at this decision."""
        return self.slips is not None and self.slips.pick([mistake]) is not None

    # -- all of it --------------------------------------------------------------------------

    def play(self) -> Data:
        """Play until a crash, nothing valid, or the pilot stops; return the record."""
        while self.state.over is None:
            if self.state.planned_cargo and self.pending():
                found = self.best_flight()
                if found is not None and self.worth_flying(found[0], found[2]):
                    _, dest, weight, path = found
                    self.fly(dest, weight, path)
                    continue
                if self.in_hand() >= 40 or self.state.weather >= self.chart.weather_boxes - 2:
                    break  # too risky, or too late: stop flying
            if self.chart.weather_boxes - self.state.weather < 3:
                break
            if len(self.state.planned_cargo) + len(self.pending()) >= 5:
                break  # nothing it holds is worth flying: stop before it costs more
            if not self.plan():
                break
        state = self.state
        end: Data = {"reason": state.over or "stop"}
        self.record["end"] = end
        self.engine.apply(self.game, EndGame(FlightLog.model_validate(self.record)))
        assert state.tally is not None
        end["score"] = state.tally.points
        end["rank"] = (state.tally.rank or "none") if not state.tally.lost else "none"
        if state.tally.lost:
            del end["score"]
        return self.record


# --- writing ------------------------------------------------------------------------------------


def _one_line(value: dict[str, Any]) -> bool:
    """Small mappings (checks, rerolls) on one line, the rest as blocks."""
    return len(value) <= 9 and all(not isinstance(v, dict | list) or (
        isinstance(v, list) and len(v) <= 4 and all(isinstance(x, int | str) for x in v))
        for v in value.values())


def _one_line_list(value: list[Any]) -> bool:
    """Lists of plain values (dice, routes) on one line."""
    return all(isinstance(x, int | str) for x in value)


RecordDumper = record_dumper(_one_line, _one_line_list)


def dump(record: Data, header: str) -> str:
    """Return a record as the YAML a record file holds, after a header of comments."""
    return dump_record(record, header, RecordDumper)
