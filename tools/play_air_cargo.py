"""Play whole games of Air Cargo with a seeded die and write them as flight logs.

A simple pilot plans a cargo and a destination at a time (rerolling for heavy cargo and for
airports it can reach in few legs), flies the route with the best odds, prays and panics to
pass its checks, and stops when the next flight looks too risky. Dice come from a die seeded
with ``--seed`` and are written into the record, whose ``seed`` lets the referee check them.
Every event is played through the referee's own engine (``AirCargoEngine``) as it is written,
and the finished record is refereed again before it is kept.

    python tools/play_air_cargo.py --style careful --seed 7 -o examples/air-cargo/stop.yaml
    python tools/play_air_cargo.py --style careful --want gold --seed 1 -o gold.yaml
    python tools/play_air_cargo.py --pilot-log examples/air-cargo/gold-wing.yaml -o log.yaml

``--want`` (crash, stop, silver, gold) tries seeds from ``--seed`` up until a game ends so.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.air_cargo.legs import Leg
from pnpcompiler.games.air_cargo.model import Airport, Beacon
from pnpcompiler.games.air_cargo.play import (
    cargo_options,
    destination_options,
    panic_stamina,
    weather_number,
    weather_row,
)
from pnpcompiler.games.air_cargo.referee.context import Chart, cargo_class_number, chart_for
from pnpcompiler.games.air_cargo.referee.engine import AirCargoEngine, EndGame, Flight, PlanRoll
from pnpcompiler.games.air_cargo.referee.flight import crossed
from pnpcompiler.games.air_cargo.referee.log import FlightLog, Fly, Plan
from pnpcompiler.games.air_cargo.referee.state import PilotState
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
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


STYLES = {
    "careful": Style(heavy_from=6, keep_rerolls=2, max_legs=5, good_odds=0.6, daring=1.0,
                     pre_stamina=True),
    "bold": Style(heavy_from=7, keep_rerolls=1, max_legs=6, good_odds=0.3, daring=0.0,
                  pre_stamina=False),
}


def two_dice_at_most(k: int) -> float:
    """Return the chance that 2d6 total ``k`` or less."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= k) / 36


class Pilot:
    """Plays a game and writes down every die and every choice as it happens."""

    def __init__(self, chart: Chart, seed: int, style: Style) -> None:
        self.chart = chart
        self.tables = chart.tables
        self.die = random.Random(seed)
        self.style = style
        self.engine = AirCargoEngine(chart)
        self.game = self.engine.initial()
        self.record: Data = {"game": "air-cargo", "record": "flight-log", "seed": seed,
                             "events": []}

    @property
    def state(self) -> PilotState:
        return self.game.state

    def roll(self) -> int:
        return self.die.randint(1, 6)

    def left(self, what: str) -> int:
        boxes, used = self.tables.boxes, self.state.resources
        return {"plan": boxes.plan_reroll.count - used.plan_rerolls,
                "stamina": boxes.stamina.count - used.stamina,
                "prayers": boxes.prayer_reroll.count - used.prayers}[what]

    # -- odds and routes ----------------------------------------------------------------------

    def odds(self, hazard: int, row: int, cargo: int) -> float:
        """Return the chance a check passes with nothing but the dice."""
        faces = range(1, self.tables.dice.sides + 1)
        return sum(two_dice_at_most(12 - hazard - weather_number(self.tables, row, d) - cargo)
                   for d in faces) / len(faces)

    def route(self, origin: str, dest: str, cargo: int) -> list[str] | None:
        """Return the flight with the best odds (a little cost per leg), or None."""
        chart = self.chart
        beacons = {b.id for b in chart.board.beacons}
        row = weather_row(min(self.state.weather + 1, chart.weather_boxes),
                          self.tables.weather.boxes_per_row)
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
        risk = sum(-math.log(max(1e-6, self.odds(self.chart.mountains[m].hazard, row, cargo)))
                   for m in leg.crossings)
        return 0.12 + 3 * risk

    def flight_odds(self, path: list[str], cargo_weight: int) -> float:
        """Return the chance every check of the flight passes, with some help from stamina."""
        cargo = cargo_class_number(self.tables, cargo_weight)
        per_row = self.tables.weather.boxes_per_row
        help_ = min(3, self.left("stamina") // 2)
        total = 1.0
        for n, (a, b) in enumerate(itertools.pairwise(path)):
            box = min(self.state.weather + n + 1, self.chart.weather_boxes)
            row = weather_row(box, per_row)
            place_a, place_b = self.place(a), self.place(b)
            for m in crossed(self.chart, place_a, place_b):
                total *= self.odds(self.chart.mountains[m].hazard - help_, row, cargo)
            if b == path[-1]:
                airport = self.chart.airport(b)
                assert airport is not None
                total *= self.odds((airport.hazard or 0) - help_, row, cargo)
        return total

    def place(self, place_id: str) -> Airport | Beacon:
        found = self.chart.place(place_id)
        assert found is not None
        return found

    # -- planning ---------------------------------------------------------------------------

    def pending(self) -> list[str]:
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
            path = self.route(self.state.position, airport.id, weight)
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
            picked = self.pick_up(dice)
            got = [self.roll() for _ in picked]
            rerolls.append({"reroll": picked, "got": got})
            kept = list(dice)
            for value in picked:
                kept.remove(value)
            dice = kept + got
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
        best = None
        boxes_left = self.chart.weather_boxes - self.state.weather
        for dest in self.pending():
            for weight in sorted(set(self.state.planned_cargo), reverse=True):
                path = self.route(self.state.position, dest, weight)
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
        cargo = cargo_class_number(self.tables, weight)
        legs = []
        used = {"stamina": 0, "prayers": 0}
        crashed = False
        for n, (a, b) in enumerate(itertools.pairwise(path)):
            box = self.state.weather + n + 1
            row = weather_row(min(box, self.chart.weather_boxes),
                              self.tables.weather.boxes_per_row)
            there = self.place(b)
            leg: Data = {"to": there.code if isinstance(there, Beacon) else there.name,
                         "weather_box": box}
            checks = []
            hazards = [(self.chart.mountains[m].name or m, self.chart.mountains[m].hazard)
                       for m in crossed(self.chart, self.place(a), there)]
            if b == dest:
                hazards.append(("landing", airport.hazard or 0))
            for at, hazard in hazards:
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
        first = list(dice)
        prayers: list[Data] = []
        total = base + sum(dice) - before
        while total > 12 and prayers_left - len(prayers) > 0 and (
                panic_stamina(self.tables, total + before) > stamina_left - before
                or total - 12 >= 3):
            picked = [d for d in dice if d >= 4] if min(dice) >= 4 else [max(dice)]
            got = [self.roll() for _ in picked]
            prayers.append({"reroll": picked, "got": got})
            kept = list(dice)
            for value in picked:
                kept.remove(value)
            dice = kept + got
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

    # -- all of it --------------------------------------------------------------------------

    def play(self) -> Data:
        """Play until a crash, nothing valid, or the pilot stops."""
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


class RecordDumper(yaml.SafeDumper):
    """Write small mappings (checks, rerolls) on one line, the rest as blocks."""


def _dict(dumper: yaml.SafeDumper, value: dict[str, Any]) -> yaml.Node:
    flat = all(not isinstance(v, dict | list) or (
        isinstance(v, list) and len(v) <= 4 and all(isinstance(x, int | str) for x in v))
        for v in value.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(),
                                    flow_style=flat and len(value) <= 9)


def _list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
    flat = all(isinstance(x, int | str) for x in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flat)


RecordDumper.add_representer(dict, _dict)
RecordDumper.add_representer(list, _list)


def dump(record: Data, header: str) -> str:
    return header + yaml.dump(record, Dumper=RecordDumper, sort_keys=False, width=100)


def referee_text(path: Path) -> tuple[bool, dict[str, Any]]:
    report = referee_file(path, ROOT / "content")
    for finding in report.findings:
        print(f"{finding.code} [{finding.extra.get('rule')}] {finding.message}", file=sys.stderr)
    return report.legal, next(iter(report.scores.values()), {})


def wanted(record: Data, want: str | None) -> bool:
    end = record["end"]
    if want is None:
        return True
    if want == "crash":
        return bool(end["reason"] == "crash"
                    and sum(1 for e in record["events"] if "fly" in e) >= 4)
    if want == "stop":
        return bool(end["reason"] == "stop" and end.get("score", 0) < 43)
    rank = {"silver": "Silver Wing pilot", "gold": "Gold Wing pilot"}[want]
    return bool(end["reason"] != "crash" and end.get("rank") == rank)


def load_chart() -> Chart:
    game, _ = load_game(ROOT / "content", "air-cargo")
    assert game is not None
    return chart_for(game)


def play_game(seed: int, style: str, want: str | None) -> tuple[int, Data]:
    chart = load_chart()
    for tried in range(seed, seed + 5000):
        record = Pilot(chart, tried, STYLES[style]).play()
        if wanted(record, want):
            return tried, record
    raise SystemExit(f"no game ending {want} with seeds {seed}-{seed + 4999}")


# --- the filled-in Pilot Log of a flight log ----------------------------------------------------


def pilot_log_of(record: Data) -> Data:
    """Return the Pilot Log a flight log leaves: the boxes, not the order or the dice."""
    planned_cargo = [e["plan"]["cargo"] for e in record["events"]
                     if "plan" in e and "cargo" in e["plan"]]
    planned = [e["plan"]["destination"] for e in record["events"]
               if "plan" in e and "destination" in e["plan"]]
    flights = [e["fly"] for e in record["events"] if "fly" in e]
    legs = sum(len(f["legs"]) for f in flights)
    checks = [c for f in flights for leg in f["legs"] for c in leg.get("checks", [])]
    out: Data = {
        "game": "air-cargo", "record": "pilot-log",
        "cargo": {"planned": planned_cargo, "delivered": [f["cargo"] for f in flights]},
        "airports": {"planned": planned, "visited": [f["to"] for f in flights]},
        "route": [f["to"] for f in flights],
        "weather": legs, "legs": legs,
        "plan_rerolls": sum(len(e["plan"].get("rerolls", [])) for e in record["events"]
                            if "plan" in e),
        "stamina": sum(c.get("stamina", 0) + c.get("panic", 0) for c in checks),
        "prayers": sum(len(c.get("prayers", [])) for c in checks),
        "end": record["end"]["reason"]}
    for key in ("score", "rank"):
        if key in record["end"]:
            out[key] = record["end"][key]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", choices=sorted(STYLES), default="careful")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--want", choices=["crash", "stop", "silver", "gold"])
    parser.add_argument("--pilot-log", type=Path, metavar="FLIGHT_LOG",
                        help="write the filled-in Pilot Log of a flight log instead")
    parser.add_argument("-o", "--output", type=Path)
    args = parser.parse_args()
    if args.output is None:
        parser.error("-o is required")
    if args.pilot_log is not None:
        record = yaml.safe_load(args.pilot_log.read_text(encoding="utf-8"))
        header = (schema_comment(args.output, SCHEMAS, "pilot-log-record", "air-cargo") + "\n"
                  f"# The filled-in Pilot Log of {args.pilot_log.as_posix()}, written by\n"
                  "# tools/play_air_cargo.py --pilot-log. See docs/air-cargo-referee.md.\n")
        text = dump(pilot_log_of(record), header)
    else:
        seed, record = play_game(args.seed, args.style, args.want)
        header = (schema_comment(args.output, SCHEMAS, "flight-log-record", "air-cargo") + "\n"
                  f"# A whole game of Air Cargo, played by tools/play_air_cargo.py --style "
                  f"{args.style} --seed {seed}.\n# See docs/air-cargo-referee.md for the "
                  "format.\n")
        text = dump(record, header)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    legal, scores = referee_text(args.output)
    print(f"{args.output}: {'legal' if legal else 'NOT LEGAL'}, {scores.get('end')}, "
          f"{scores.get('points')} points, {scores.get('rank')}, {scores.get('flights')} "
          f"flights, {scores.get('legs')} legs")
    return 0 if legal else 1


if __name__ == "__main__":
    sys.exit(main())
