"""Replay a full flight log (``record: flight-log``): every planning roll, every flight leg
by leg, every hazard check, the end and the score.

``replay(chart, log)`` is the library call: it returns the replay, whose ``state`` is the
final state (what the map trace draws) and whose ``rulings`` are the findings. The referee
re-derives everything from the map and the dice: which weights and airports a roll plans, leg
lengths against the leg template, the mountain ranges each leg crosses (exactly, edge
included), weather boxes and numbers, each check's total and result, the stamina, prayers and
plan rerolls used, how the game ended and its score. Findings cite the rulebook's sections;
their turn is the flight's number.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from .... import referee
from ....findings import unreadable
from ....model import Model
from ....project import GameContent
from ....referee import Report, RolledDie, Rulings, Scores, check_seeded
from ..legs import closest_point, in_order_met, mountains_crossed, within_exactly
from ..model import AirCargoRules, Airport, Beacon
from ..play import cargo_options, destination_options, weather_row
from . import records
from .context import (
    LANDING,
    Chart,
    chart_for,
    check_claims,
    name_of,
    tally,
)
from .hazard import judge, reroll
from .log import Check, FlightLog, Fly, Leg, Plan
from .state import CheckMark, FlownFlight, FlownLeg, PilotState

Place = Airport | Beacon
XY = tuple[float, float]


@dataclass
class Replay(Rulings):
    """A flight log being replayed: the chart, the state and the rulings so far."""

    chart: Chart
    state: PilotState
    empty_roll: bool = False
    """The last event was a planning roll that could plan nothing valid."""
    written_box: int = 0
    """The weather box the record's own numbering stands at (its last ``weather_box``)."""


def new_state(chart: Chart) -> PilotState:
    """Return a fresh Pilot Log: every box open, the plane at Pendleton."""
    return PilotState(chart.start.id, chart.cargo_boxes())


def replay(chart: Chart, log: FlightLog) -> Replay:
    """Replay a validated flight log; return the replay with its final state and rulings."""
    from .engine import AirCargoEngine

    game, _ = referee.replay(AirCargoEngine(chart), log)
    return game


def game_over(game: Replay, event: Model) -> None:
    """End game: nothing is played after the game ended (one finding, not one an event)."""
    if game.once("game over"):
        game.rule("game.over", "End game", _over_words(game.state), event.where(),
                  turn=len(game.state.flights) or None)


def _over_words(state: PilotState) -> str:
    if state.over == "crash":
        return f"the game ended with the crash on flight {len(state.flights)}: nothing more " \
            "is played"
    return ("the game ended when a planning roll gave no valid cargo or destination with no "
            "plan rerolls left: nothing more is played")


def cargo_class_number(tables: AirCargoRules, weight: int) -> int:
    """Return what a cargo adds to a check: its class's number (the heaviest class's for a
    weight beyond the table, so a wrongly planned cargo still replays)."""
    for cargo_class in tables.cargo_classes:
        low, high = cargo_class.weights
        if low <= weight <= high:
            return cargo_class.hazard
    heaviest = max(tables.cargo_classes, key=lambda c: c.weights[1])
    return heaviest.hazard if weight > heaviest.weights[1] else 0


# --- planning ---------------------------------------------------------------------------------


def plan(game: Replay, p: Plan) -> None:
    """Planning Phase: roll both dice, reroll with PLAN REROLL boxes, plan one thing."""
    state, chart = game.state, game.chart
    state.plannings += 1
    limit = chart.tables.boxes.plan_reroll.count
    dice = list(p.dice)
    for n, picked in enumerate(p.rerolls):
        state.resources.plan_rerolls += 1
        if state.resources.plan_rerolls > limit and game.once("plan rerolls"):
            game.rule("plan.no-reroll-left", "Planning Phase", f"the Pilot Log has {limit} "
                      f"PLAN REROLL boxes; this is reroll {state.resources.plan_rerolls}",
                      p.where("rerolls", n))
        before = list(dice)
        dice, fair = reroll(dice, picked)
        if not fair:
            game.rule("plan.reroll-dice", "Planning Phase", f"a reroll picks up one or both "
                      f"dice on the table ({' and '.join(map(str, before))}): the record picks "
                      f"up {picked.reroll} and gets {picked.got}", p.where("rerolls", n))
    open_weights = [w for w, left in state.open_cargo.items() if left > 0]
    weights = cargo_options(dice, open_weights)
    airports = destination_options(dice, [a for a in chart.board.airports
                                          if a.id not in state.planned])
    if p.cargo is not None and p.destination is not None:
        game.rule("plan.two-choices", "Planning Phase", f"a roll plans a cargo or a "
                  f"destination: the record has cargo {p.cargo} and destination "
                  f"{p.destination}", p.where("destination"))
    if p.cargo is not None:
        _plan_cargo(game, p, dice, p.cargo)
    if p.destination is not None:
        _plan_destination(game, p, dice, p.destination)
    game.empty_roll = not weights and not airports
    if p.cargo is None and p.destination is None:
        if weights or airports:
            game.rule("plan.unused", "Planning Phase", f"the dice {_dice(dice)} plan "
                      f"{_options(weights, airports)}; the record plans nothing (use them, or "
                      "tick a PLAN REROLL box and reroll)", p.where("dice"))
        elif state.resources.plan_rerolls >= limit:
            state.over = "nothing-valid"


def _dice(dice: list[int]) -> str:
    return " and ".join(map(str, dice))


def _options(weights: list[int], airports: list[int]) -> str:
    parts = []
    if weights:
        parts.append("cargo " + _or(weights))
    if airports:
        parts.append("airport " + _or(airports))
    return " or ".join(parts)


def _or(values: list[int]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _plan_cargo(game: Replay, p: Plan, dice: list[int], weight: int) -> None:
    """Cargo planning: one die or the sum, a box of that weight still open."""
    state, chart = game.state, game.chart
    rolled = sorted({*dice, sum(dice)})
    if weight not in rolled:
        game.rule("plan.cargo-dice", "Cargo planning", f"the dice {_dice(dice)} give weight "
                  f"{_or(rolled)} (one die, or both added); the record plans {weight}",
                  p.where("cargo"))
    elif state.open_cargo[weight] <= 0:
        boxes = chart.cargo_boxes()[weight]
        why = (f"the CARGO WEIGHT table has no box of weight {weight}" if not boxes else
               f"every box of weight {weight} ({boxes}) is already ticked")
        game.rule("plan.cargo-no-box", "Cargo planning", f"{why}; the dice also give "
                  f"{_or([w for w in rolled if w != weight])}", p.where("cargo"))
    state.open_cargo[weight] -= 1
    state.planned_cargo.append(weight)


def _plan_destination(game: Replay, p: Plan, dice: list[int], ref: int | str) -> None:
    """Destination planning: the two dice in either order, an airport not yet ticked."""
    state, chart = game.state, game.chart
    airport = chart.airport(ref)
    a, b = dice
    reads = sorted({10 * a + b, 10 * b + a})
    if airport is None or airport.start:
        what = "the start airport, never a destination" if airport else "no airport on the map"
        game.rule("plan.unknown-airport", "Destination planning", f"{ref!r} is {what}"
                  f"{chart.suggest(ref) if airport is None else ''}; the dice read "
                  f"{_or(reads)}", p.where("destination"))
        return
    if airport.dice_id not in reads:
        game.rule("plan.destination-dice", "Destination planning", f"the dice {_dice(dice)} "
                  f"read airport {_or(reads)} (both digits, in either order); the record plans "
                  f"{name_of(airport)}", p.where("destination"))
    elif airport.id in state.planned:
        done = " and visited" if airport.id in state.visited else ""
        game.rule("plan.destination-planned", "Destination planning", f"{name_of(airport)} "
                  f"is already ticked{done}: it has one box", p.where("destination"))
        return
    state.planned.append(airport.id)


# --- flights ----------------------------------------------------------------------------------


def fly(game: Replay, f: Fly) -> None:
    """Prepare flight, then Execute flight leg by leg."""
    state, chart = game.state, game.chart
    game.empty_roll = False
    turn = len(state.flights) + 1
    dest = chart.airport(f.to)
    if dest is None or dest.start:
        what = "the start airport, never a destination" if dest else "no airport on the map"
        game.rule("flight.unknown-airport", "Prepare flight", f"{f.to!r} is {what}"
                  f"{chart.suggest(f.to) if dest is None else ''}; the flight's legs are not "
                  "checked", f.where("to"), turn=turn)
        state.weather += len(f.legs)
        game.written_box = state.weather
        _load_cargo(game, f, turn)  # played on as written: the cargo circled is delivered
        state.delivered.append(f.cargo)
        return
    origin = chart.place(state.position)
    assert origin is not None
    if f.from_ is not None:
        said = chart.place(f.from_)
        if said is None or said.id != origin.id:
            first = ("the first flight starts at Pendleton" if turn == 1 else
                     "a flight starts at the last airport visited")
            game.rule("flight.from", "Flight phase - general", f"{first}: {name_of(origin)}; "
                      f"the record has {f.from_}", f.where("from"), turn=turn)
    _prepare(game, f, dest, origin, turn)
    flight = FlownFlight(turn, origin.id, dest.id, f.cargo)
    state.flights.append(flight)
    state.visited.append(dest.id)
    if not f.legs:
        game.rule("flight.no-legs", "Execute flight", f"a flight flies one leg or more to its "
                  f"destination; the record has none to {name_of(dest)}", f.where("to"),
                  turn=turn)
    here: Place = origin
    landed = False
    for leg in f.legs:
        if state.over is not None:
            if game.once(("after crash", turn)):
                game.rule("game.over", "End game", _over_words(state), leg.where(), turn=turn)
            break
        if landed and game.once(("after landing", turn)):
            game.rule("leg.after-landing", "Execute flight", f"the flight landed at its "
                      f"destination {name_of(dest)} on an earlier leg: it ends there",
                      leg.where("to"), turn=turn)
        here = fly_leg(game, flight, leg, here, dest, landed=landed)
        landed = landed or here.id == dest.id
    if state.over is not None:
        return
    if f.legs and not landed:
        game.rule("flight.not-arrived", "Execute flight", f"the flight's last leg ends at "
                  f"{name_of(here)}, not at its destination {name_of(dest)}",
                  f.legs[-1].where("to"), turn=turn)
    flight.arrived = landed
    state.position = dest.id
    state.delivered.append(f.cargo)


def _prepare(game: Replay, f: Fly, dest: Airport, origin: Place, turn: int) -> None:
    """Prepare flight: a valid destination (planned, not visited), a valid cargo (planned,
    not delivered)."""
    state = game.state
    if dest.id == origin.id:
        game.rule("flight.destination", "Prepare flight", f"the plane is at {name_of(dest)} "
                  "already", f.where("to"), turn=turn)
    elif dest.id in state.visited:
        when = state.visited.index(dest.id) + 1
        game.rule("flight.visited", "Flight phase - general", f"airports can be visited only "
                  f"once: {name_of(dest)} was visited on flight {when}", f.where("to"),
                  turn=turn)
    elif dest.id not in state.planned:
        game.rule("flight.not-planned", "Prepare flight", f"{name_of(dest)} is not planned "
                  "(its box is not ticked): a flight needs a planned destination",
                  f.where("to"), turn=turn)
    _load_cargo(game, f, turn)


def _load_cargo(game: Replay, f: Fly, turn: int) -> None:
    """Prepare flight: a valid cargo (planned, not delivered), circled."""
    state = game.state
    if f.cargo in state.planned_cargo:
        state.planned_cargo.remove(f.cargo)
        return
    planned = _or(sorted(state.planned_cargo)) if state.planned_cargo else "none"
    if f.cargo in state.delivered:
        game.rule("flight.cargo-delivered", "Flight phase - general", f"cargo may only be "
                  f"delivered once: the cargo of weight {f.cargo} planned is delivered "
                  f"already (planned and not delivered: {planned})", f.where("cargo"),
                  turn=turn)
    else:
        game.rule("flight.cargo-not-planned", "Prepare flight", f"no cargo of weight "
                  f"{f.cargo} is planned (ticked and not yet circled): planned and not "
                  f"delivered: {planned}", f.where("cargo"), turn=turn)


def fly_leg(game: Replay, flight: FlownFlight, leg: Leg, here: Place, dest: Airport, *,
            landed: bool = False) -> Place:
    """Execute flight, one leg: a weather box, a straight line no longer than the leg
    template to a beacon or the destination, and its hazard checks. Return where it ends.

    A leg flown after the flight ``landed`` is ruled on once, by the caller: it still crosses
    its weather box and its checks are replayed as written, but it is not judged against the
    map (its length, where it goes, which checks it calls for), so it draws no more findings.
    """
    state, chart = game.state, game.chart
    board, turn = chart.board, flight.number
    state.weather += 1
    box = state.weather
    per_row = chart.tables.weather.boxes_per_row
    if box > chart.weather_boxes and game.once("weather out"):
        game.rule("weather.no-box", "Weather", f"the weather table has {chart.weather_boxes} "
                  f"boxes, one crossed at the start of each leg: none is left for leg {box}",
                  leg.where("to"), turn=turn)
    written, game.written_box = game.written_box, leg.weather_box or game.written_box + 1
    # A box skipped or crossed twice shifts every number after it: one finding, where the
    # record's numbering leaves the boxes crossed, not again on each leg that follows it.
    if leg.weather_box is not None and leg.weather_box not in (box, written + 1):
        row, col = divmod(box - 1, per_row)
        game.rule("weather.box", "Weather", f"this leg crosses weather box {box} (row "
                  f"{row + 1}, box {col + 1}): one box at the start of each leg, row by row; "
                  f"the record has {leg.weather_box}", leg.where("weather_box"), turn=turn)
    row = weather_row(min(box, chart.weather_boxes), per_row)
    start = (here.x, here.y)
    target = chart.place(leg.to)
    if target is None or landed:
        return _leg_off_the_map(game, flight, leg, here, target, row)
    seg = (start, (target.x, target.y))
    if target.id == here.id:
        game.rule("leg.same-place", "Execute flight", f"a leg from {name_of(here)} to itself: "
                  "each leg reaches a beacon or the planned destination", leg.where("to"),
                  turn=turn)
    elif not within_exactly(start, seg[1], board.leg_length):
        length = ((seg[1][0] - start[0]) ** 2 + (seg[1][1] - start[1]) ** 2) ** 0.5
        game.rule("leg.too-long", "Execute flight", f"the leg from {name_of(here)} to "
                  f"{name_of(target)} is {length:.1f} {board.unit_name}s, longer than the leg "
                  f"template ({board.leg_length:g} {board.unit_name}s)", leg.where("to"),
                  turn=turn)
    if isinstance(target, Airport) and target.id != dest.id:
        game.rule("leg.not-a-beacon", "Execute flight", f"the next leg must reach a beacon or "
                  f"the planned destination ({name_of(dest)}); {name_of(target)} is another "
                  "airport", leg.where("to"), turn=turn)
    flown = FlownLeg(box, start, seg[1], target.id)
    flight.legs.append(flown)
    _checks(game, flight, flown, leg, crossed(chart, here, target), here,
            target if isinstance(target, Airport) and target.id == dest.id else None, row)
    return target


def _leg_off_the_map(game: Replay, flight: FlownFlight, leg: Leg, here: Place,
                     target: Place | None, row: int) -> Place:
    """Replay a leg that is not judged against the map (to no place on it, or flown after
    landing): its checks as written, none asked for. Return where it ends."""
    state = game.state
    dest = game.chart.airport(flight.destination)
    assert dest is not None
    if target is None:
        game.rule("leg.unknown-place", "Execute flight", f"no beacon or airport {leg.to!r} on "
                  f"the map{game.chart.suggest(leg.to)}; its checks are not matched to the map",
                  leg.where("to"), turn=flight.number)
    start = (here.x, here.y)
    end = start if target is None else (target.x, target.y)
    flown = FlownLeg(state.weather, start, end, "" if target is None else target.id)
    flight.legs.append(flown)
    _checks(game, flight, flown, leg, None, here, dest, row)
    return here if target is None else target


def crossed(chart: Chart, a: Place, b: Place) -> list[str]:
    """Return the ids of the mountain ranges a leg crosses, in the order it meets them."""
    known = chart.net.leg(a.id, b.id)
    if known is not None:
        return list(known.met_from(a.id))
    seg = ((a.x, a.y), (b.x, b.y))
    return list(in_order_met(seg, mountains_crossed(chart.board, [seg])[0], chart.board))


@dataclass(slots=True)
class LegChecks:
    """The checks a leg calls for, in the order it meets them, against those the log makes."""

    due: list[str]
    """The mountain ranges in the order met, then ``landing`` on the leg that lands."""
    met: dict[str, int]
    """Each check's place in ``due``."""
    seen: list[str]
    """The checks made so far, in the log's order."""
    furthest: str | None = None
    """The check made so far that the leg meets last."""
    misplaced: bool = False

    def out_of_order(self, key: str) -> bool:
        """Note a check the leg calls for; return True for the first one the log makes after
        a check the leg meets later (one finding a leg)."""
        late = self.furthest is not None and self.met[key] < self.met[self.furthest]
        if not late:
            self.furthest = key
        first, self.misplaced = late and not self.misplaced, self.misplaced or late
        return first


def _checks(game: Replay, flight: FlownFlight, flown: FlownLeg, leg: Leg,
            mountains: list[str] | None, here: Place, landing: Airport | None,
            row: int) -> None:
    """Match the log's checks to the ones the leg calls for, in the order it meets them, and
    replay each; the first that fails ends the flight (``mountains`` None: none is asked)."""
    state, chart = game.state, game.chart
    turn = flight.number
    seg = (flown.start, flown.end)
    due = (mountains or []) + ([LANDING] if landing is not None else [])
    order = LegChecks(due, {k: n for n, k in enumerate(due)} if mountains is not None else {},
                      [])
    crash: str | None = None
    cargo = cargo_class_number(chart.tables, flight.cargo)
    for check in leg.checks:
        if state.over is not None:
            _after_crash(game, check, order, (here, flown.to), turn)
            continue
        key, hazard, point = _target(game, check, seg, landing, turn)
        derived = True
        if key is not None:
            if key in order.seen:
                game.rule("check.twice", "Hazards", f"a leg has one check per mountain range "
                          f"it crosses and one landing: {_check_name(chart, key)} is checked "
                          "already on this leg", check.where("at"), turn=turn)
                derived = False
            elif mountains is not None and key not in order.met:
                game.rule("check.invented", "Hazards", _invented_words(chart, key, here, seg,
                                                                        flown.to),
                          check.where("at"), turn=turn)
                derived = False
                point = _edge(chart, key, point)
            elif key in order.met and order.out_of_order(key):
                _misplaced(game, check, key, order, (here, flown.to), turn)
            order.seen.append(key)
        out = judge(chart.tables, check, hazard=hazard, row=row, cargo=cargo,
                    used=state.resources, rulings=game, turn=turn)
        flown.checks.append(CheckMark(key or check.at, point, out.total,
                                      check.result == "pass", derived))
        if check.result == "fail":
            state.over, state.crash, flight.crashed = "crash", point, True
            crash = key
    if mountains is None:
        return
    # A crash ends the flight where it happens: only the checks met before it were due.
    if state.over is not None:
        due = due[:order.met[crash]] if crash in order.met else []
    for key in due:
        if key not in order.seen:
            game.rule("check.missing", "Hazards", _missing_words(chart, key, seg, flown.to),
                      leg.where("to"), turn=turn)
            flown.missing.append((key, _point(chart, key, seg)))


def _after_crash(game: Replay, check: Check, order: LegChecks, leg: tuple[Place, str],
                 turn: int) -> None:
    """Rule on a check written after the check that crashed on the same leg: one the leg
    meets before the crash is out of order; any other is played after the game ended."""
    mountain = game.chart.mountain(check.at)
    key = LANDING if check.at.strip().lower() == LANDING else mountain.id if mountain else ""
    if key in order.met and key not in order.seen and order.furthest is not None and (
            order.met[key] < order.met[order.furthest]):
        if order.out_of_order(key):
            _misplaced(game, check, key, order, leg, turn)
        order.seen.append(key)
    elif game.once(("after crash", turn)):
        game.rule("game.over", "End game", _over_words(game.state), check.where(), turn=turn)


def _misplaced(game: Replay, check: Check, key: str, order: LegChecks, leg: tuple[Place, str],
               turn: int) -> None:
    """Hazards: the checks come in the order the leg meets the ranges, then the landing."""
    chart = game.chart
    name, ahead = _check_name(chart, key), order.furthest or LANDING
    if ahead == LANDING:
        words = (f"{name} is met on the way: the landing check comes last, after the mountains "
                 "the leg crosses")
    else:
        ranges = ", ".join(_check_name(chart, k) for k in order.due if k != LANDING)
        words = (f"{_leg_name(chart, *leg)} meets {name} before {_check_name(chart, ahead)}: "
                 f"one check per range, in the order the leg meets them ({ranges}), then the "
                 "landing; the first that fails ends the flight")
    game.rule("check.order", "Hazards", words, check.where("at"), turn=turn)


def _target(game: Replay, check: Check, seg: tuple[XY, XY], landing: Airport | None,
            turn: int) -> tuple[str | None, int, XY]:
    """Return what a check is about (a mountain's id or ``landing``), its hazard number and
    where to mark it."""
    chart = game.chart
    if check.at.strip().lower() == LANDING:
        airport = landing or chart.airport(game.state.flights[-1].destination)
        assert airport is not None
        return LANDING, airport.hazard or 0, (airport.x, airport.y)
    mountain = chart.mountain(check.at)
    if mountain is None:
        game.rule("check.unknown-mountain", "Hazards", f"no mountain range {check.at!r} on "
                  f"the map{chart.suggest(check.at, mountains=True)} (write its name, or "
                  "landing)", check.where("at"), turn=turn)
        return None, 0, seg[1]
    return mountain.id, mountain.hazard, closest_point(seg, (mountain.x, mountain.y))[1]


def _edge(chart: Chart, key: str, point: XY) -> XY:
    """Return the point of a mountain's circle nearest ``point`` (where a check the leg does
    not call for is marked), or ``point`` for a landing."""
    m = chart.mountain(key)
    if m is None:
        return point
    dx, dy = point[0] - m.x, point[1] - m.y
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    return m.x + dx / d * m.radius, m.y + dy / d * m.radius


def _point(chart: Chart, key: str, seg: tuple[XY, XY]) -> XY:
    m = chart.mountain(key)
    return seg[1] if m is None else closest_point(seg, (m.x, m.y))[1]


def _check_name(chart: Chart, key: str) -> str:
    if key == LANDING:
        return "the landing"
    m = chart.mountain(key)
    return f"{m.name or m.id} (H{m.hazard})" if m else key


def _distance(chart: Chart, key: str, seg: tuple[XY, XY]) -> str:
    m = chart.mountain(key)
    if m is None:
        return ""
    px, py = closest_point(seg, (m.x, m.y))[1]
    d = ((px - m.x) ** 2 + (py - m.y) ** 2) ** 0.5
    unit = chart.board.unit_name
    side = "within" if d <= m.radius else "beyond"
    return f"it passes {d:.1f} {unit}s from its centre, {side} its radius of {m.radius:g}"


def _leg_name(chart: Chart, here: Place, to: str) -> str:
    there = chart.place(to) if to else None
    return f"the leg from {name_of(here)} to {name_of(there)}"


def _invented_words(chart: Chart, key: str, here: Place, seg: tuple[XY, XY], to: str) -> str:
    leg = _leg_name(chart, here, to)
    if key == LANDING:
        return (f"{leg} lands nowhere: a landing check is made on landing at the "
                "destination")
    return (f"{leg} does not cross {_check_name(chart, key)}: {_distance(chart, key, seg)}; "
            "no check is made there")


def _missing_words(chart: Chart, key: str, seg: tuple[XY, XY], to: str) -> str:
    there = chart.place(to)
    if key == LANDING:
        return f"landing at {name_of(there)}: the landing hazard check is missing"
    return (f"this leg crosses {_check_name(chart, key)}: {_distance(chart, key, seg)}; its "
            "hazard check is missing")


# --- the end ----------------------------------------------------------------------------------


def finish(game: Replay, log: FlightLog) -> None:
    """End game and Score: how it ended, the points, the rank, against the claims."""
    state, chart = game.state, game.chart
    derived = state.over or "stop"
    state.end = derived
    end = log.end
    if end.reason != derived:
        game.rule("end.reason", "End game", _end_words(game, derived, end.reason),
                  end.where("reason"), turn=len(state.flights) or None)
    lost = derived == "crash"
    undelivered = len(state.planned_cargo) + sum(1 for f in state.flights if f.crashed)
    unvisited = sum(1 for a in state.planned if a not in state.visited)
    state.tally = tally(chart.tables, state.delivered, undelivered, unvisited, lost=lost)
    check_claims(game, chart, state.tally, end.score, end.rank, end.where("score"),
                 end.where("rank"))


def _end_words(game: Replay, derived: str, claimed: str) -> str:
    state = game.state
    limit = game.chart.tables.boxes.plan_reroll.count
    if derived == "crash":
        return (f"a check failed on flight {len(state.flights)}: the game ended in a crash, "
                f"lost; the record has {claimed}")
    if derived == "nothing-valid":
        return ("the last planning roll gave no valid cargo or destination with no plan "
                f"rerolls left: the game ended there (nothing-valid); the record has {claimed}")
    if claimed == "crash":
        return "no check failed: the game did not end in a crash; the record has crash"
    if not game.empty_roll:
        return ("the game ends for want of a valid roll only when a planning roll gives no "
                "valid cargo or destination, and the record's last event is not such a roll: "
                "this is a voluntary stop (stop)")
    return (f"a roll with nothing valid ends the game only with no PLAN REROLL box left: "
            f"{state.resources.plan_rerolls} of {limit} are ticked, so this is a voluntary "
            "stop (stop)")


# --- the dice ---------------------------------------------------------------------------------


def dice_in_order(log: FlightLog) -> Iterator[tuple[int, Model, tuple[str | int, ...], str,
                                                    int | None]]:
    """Yield every die of the record in the order rolled: (value, where, path, section,
    flight): a planning roll's dice and rerolls; each check's weather die, 2d6, prayers."""
    flight = 0
    for event in log.events:
        if event.plan is not None:
            p = event.plan
            for i, v in enumerate(p.dice):
                yield v, p, ("dice", i), "Planning Phase", None
            for n, r in enumerate(p.rerolls):
                for i, v in enumerate(r.got):
                    yield v, p, ("rerolls", n, "got", i), "Planning Phase", None
        elif event.fly is not None:
            flight += 1
            for leg in event.fly.legs:
                for c in leg.checks:
                    yield c.weather_die, c, ("weather_die",), "Hazard pass check", flight
                    for i, v in enumerate(c.dice):
                        yield v, c, ("dice", i), "Hazard pass check", flight
                    for n, r in enumerate(c.prayers):
                        for i, v in enumerate(r.got):
                            yield v, c, ("prayers", n, "got", i), "Prayer", flight


def check_dice(game: Replay, log: FlightLog) -> None:
    """With a ``seed``, every die in the record, in the order rolled, must be what the
    seeded dice roll."""
    dice = (RolledDie(value, partial(model.where, *path), section, flight)
            for value, model, path, section, flight in dice_in_order(log))
    check_seeded(game, log.seed, dice, order="the order rolled")


# --- the command line -------------------------------------------------------------------------


def scores(game: Replay) -> Scores:
    """Return the recomputed score, its parts, the rank and what was used, for the report."""
    state, chart = game.state, game.chart
    assert state.tally is not None
    boxes = chart.tables.boxes
    checks = state.checks
    return {**state.tally.as_scores(), "end": state.end, "flights": len(state.flights),
            "legs": state.legs, "weather_boxes": f"{state.weather}/{chart.weather_boxes}",
            "checks": len(checks), "checks_failed": sum(1 for c in checks if not c.passed),
            "plan_rerolls": f"{state.resources.plan_rerolls}/{boxes.plan_reroll.count}",
            "stamina": f"{state.resources.stamina}/{boxes.stamina.count}",
            "prayers": f"{state.resources.prayers}/{boxes.prayer_reroll.count}"}


def event_shape(log: FlightLog) -> list[Any]:
    """Return a finding for each event that is not exactly one of ``plan`` or ``fly``."""
    out = []
    for n, event in enumerate(log.events):
        given = [k for k in ("plan", "fly") if getattr(event, k) is not None]
        if len(given) != 1:
            found = " and ".join(given) or "neither"
            out.append(unreadable("record.event", f"events[{n}]: expected one of 'plan' or "
                                  f"'fly' in each event, found {found}", log.where("events", n)))
    return out


@records.kind("flight-log", FlightLog)
def referee_flight_log(game: GameContent, log: FlightLog,
                       report: Report[PilotState, Scores]) -> None:
    """Referee a full flight log."""
    report.findings += event_shape(log)
    if report.findings:
        return
    run = replay(chart_for(game), log)
    report.findings += run.findings
    report.scores = {log.pilot or "pilot": {**scores(run), **(
        {"claimed": log.end.score} if log.end.score is not None else {})}}
    report.state = run.state
