"""Execute a flight of a flight log: Prepare flight, then leg by leg its weather box, where
it goes and the hazard checks it calls for, in the order it meets them (Flight phase -
general, Prepare flight, Execute flight, Weather, Hazards).

What the map says of a leg (its ends, whether it is within the leg template, the ranges it
crosses in the order met) comes from the chart's tables, worked out once per content; a leg
with no check to make and none made costs a weather box and a look-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.model import Model
from ..legs import closest_point
from .context import LANDING, Chart, LegFacts, Spot, Stop, either, name_of
from .hazard import judge
from .log import Check, Fly, Leg
from .state import CheckMark, FlownFlight, FlownLeg, PilotState, Replay

Place = Stop
XY = tuple[float, float]


def game_over(game: Replay, event: Model) -> None:
    """End game: nothing is played after the game ended (one finding, not one an event)."""
    game.every_die = False
    if game.once("game over"):
        game.rule("game.over", "End game", over_words(game.state), event.where(),
                  turn=len(game.state.flights) or None)


def over_words(state: PilotState) -> str:
    """Return why nothing more is played after the game ended."""
    if state.over == "crash":
        return f"the game ended with the crash on flight {len(state.flights)}: nothing more " \
            "is played"
    return ("the game ended when a planning roll gave no valid cargo or destination with no "
            "plan rerolls left: nothing more is played")


def fly(game: Replay, f: Fly) -> None:
    """Prepare flight, then Execute flight leg by leg."""
    state, chart = game.state, game.chart
    game.empty_roll = False
    turn = len(state.flights) + 1
    stop = chart.stop(f.to)
    dest = stop if stop is not None and stop.airport else None
    if dest is None or dest.start:
        _to_no_airport(game, f, dest, turn)
        return
    origin = chart.stops[state.position]
    start, cargo, legs = f.from_, f.cargo, f.legs  # read once: a model's attributes are slow
    if start is not None:
        _check_start(game, f, start, origin, turn)
    if dest.id != origin.id and dest.id in state.planned and dest.id not in state.visited and (
            cargo in state.planned_cargo):
        state.planned_cargo.remove(cargo)  # a valid destination and cargo: nothing to say
    else:
        _prepare(game, f, dest, origin, turn)
    flight = FlownFlight(turn, origin.id, dest.id, cargo)
    state.flights.append(flight)
    state.visited.append(dest.id)
    if not legs:
        game.rule("flight.no-legs", "Execute flight", f"a flight flies one leg or more to its "
                  f"destination; the record has none to {name_of(dest)}", f.where("to"),
                  turn=turn)
    here, landed = _fly_legs(game, flight, legs, origin, dest)
    if state.over is not None:
        return
    if legs and not landed:
        game.rule("flight.not-arrived", "Execute flight", f"the flight's last leg ends at "
                  f"{name_of(here)}, not at its destination {name_of(dest)}",
                  legs[-1].where("to"), turn=turn)
    flight.arrived = landed
    state.position = dest.id
    state.delivered.append(cargo)


def _fly_legs(game: Replay, flight: FlownFlight, legs: list[Leg], origin: Place, dest: Place
              ) -> tuple[Place, bool]:
    """Execute flight: fly the legs until a check fails; return where the last one ends and
    whether the flight landed at its destination."""
    state, turn = game.state, flight.number
    here, landed = origin, False
    for leg in legs:
        if state.over is not None:
            game.every_die = False
            if game.once(("after crash", turn)):
                game.rule("game.over", "End game", over_words(state), leg.where(), turn=turn)
            break
        if landed and game.once(("after landing", turn)):
            game.rule("leg.after-landing", "Execute flight", f"the flight landed at its "
                      f"destination {name_of(dest)} on an earlier leg: it ends there",
                      leg.where("to"), turn=turn)
        here = fly_leg(game, flight, leg, here, dest, landed)
        landed = landed or here is dest or here.id == dest.id
    return here, landed


def _to_no_airport(game: Replay, f: Fly, dest: Place | None, turn: int) -> None:
    """Prepare flight: a destination the map does not have, or the start airport; played on
    as written (its boxes crossed, its cargo delivered), its legs not checked."""
    state, chart = game.state, game.chart
    what = "the start airport, never a destination" if dest else "no airport on the map"
    game.rule("flight.unknown-airport", "Prepare flight", f"{f.to!r} is {what}"
              f"{chart.suggest(f.to) if dest is None else ''}; the flight's legs are not "
              "checked", f.where("to"), turn=turn)
    state.weather += len(f.legs)
    game.written_box, game.every_die = state.weather, False
    _load_cargo(game, f, turn)
    state.delivered.append(f.cargo)


def _check_start(game: Replay, f: Fly, start: int | str, origin: Place, turn: int) -> None:
    """Flight phase - general: the first flight starts at Pendleton, the next at the last
    airport visited."""
    said = game.chart.place(start)
    if said is None or said.id != origin.id:
        first = ("the first flight starts at Pendleton" if turn == 1 else
                 "a flight starts at the last airport visited")
        game.rule("flight.from", "Flight phase - general", f"{first}: {name_of(origin)}; "
                  f"the record has {start}", f.where("from"), turn=turn)


def _prepare(game: Replay, f: Fly, dest: Place, origin: Place, turn: int) -> None:
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
    planned = either(sorted(state.planned_cargo)) if state.planned_cargo else "none"
    if f.cargo in state.delivered:
        game.rule("flight.cargo-delivered", "Flight phase - general", f"cargo may only be "
                  f"delivered once: the cargo of weight {f.cargo} planned is delivered "
                  f"already (planned and not delivered: {planned})", f.where("cargo"),
                  turn=turn)
    else:
        game.rule("flight.cargo-not-planned", "Prepare flight", f"no cargo of weight "
                  f"{f.cargo} is planned (ticked and not yet circled): planned and not "
                  f"delivered: {planned}", f.where("cargo"), turn=turn)


def fly_leg(game: Replay, flight: FlownFlight, leg: Leg, here: Place, dest: Place,
            landed: bool = False) -> Place:
    """Execute flight, one leg: a weather box, a straight line no longer than the leg
    template to a beacon or the destination, and its hazard checks. Return where it ends.

    A leg flown after the flight ``landed`` is ruled on once, by the caller: it still crosses
    its weather box and its checks are replayed as written, but it is not judged against the
    map (its length, where it goes, which checks it calls for), so it draws no more findings.
    """
    state, chart = game.state, game.chart
    state.weather = box = state.weather + 1
    written, said = game.written_box, leg.weather_box
    game.written_box = said or written + 1
    if box > chart.weather_boxes or (said is not None and said != box and said != written + 1):
        _weather_rulings(game, leg, box, written, flight.number)
    row = chart.rows[box if box <= chart.weather_boxes else -1]
    try:
        target, facts = chart.hops[here.id, leg.to]
    except KeyError:
        target, facts = chart.hop(here, leg.to)
    if target is None or facts is None or landed:
        return _leg_off_the_map(game, flight, leg, here, target, row)
    airport = target.airport
    landing = target if airport and target.id == dest.id else None
    if target.id == here.id or not facts.within_template or (airport and landing is None):
        _leg_rulings(game, leg, here, target, dest, facts, flight.number)
    flown = FlownLeg(box, facts.start, facts.end, target.id)
    flight.legs.append(flown)
    checks = leg.checks
    if (checks or facts.crossings or landing is not None) and not _as_due(
            game, flight, flown, checks, facts, landing, row):
        _checks(game, flight, flown, leg, facts.crossings, here, landing, row)
    return target


def _weather_rulings(game: Replay, leg: Leg, box: int, written: int, turn: int) -> None:
    """Weather: no box left for the leg; a box the record numbers wrong.

    A box skipped or crossed twice shifts every number after it: one finding, where the
    record's numbering leaves the boxes crossed, not again on each leg that follows it."""
    chart = game.chart
    if box > chart.weather_boxes and game.once("weather out"):
        game.rule("weather.no-box", "Weather", f"the weather table has {chart.weather_boxes} "
                  f"boxes, one crossed at the start of each leg: none is left for leg {box}",
                  leg.where("to"), turn=turn)
    if leg.weather_box is not None and leg.weather_box not in (box, written + 1):
        row, col = divmod(box - 1, chart.per_row)
        game.rule("weather.box", "Weather", f"this leg crosses weather box {box} (row "
                  f"{row + 1}, box {col + 1}): one box at the start of each leg, row by row; "
                  f"the record has {leg.weather_box}", leg.where("weather_box"), turn=turn)


def _leg_rulings(game: Replay, leg: Leg, here: Place, target: Place, dest: Place,
                 facts: LegFacts, turn: int) -> None:
    """Execute flight: a leg to where it is, longer than the template, to another airport."""
    if target.id == here.id:
        game.rule("leg.same-place", "Execute flight", f"a leg from {name_of(here)} to itself: "
                  "each leg reaches a beacon or the planned destination", leg.where("to"),
                  turn=turn)
    elif not facts.within_template:
        board = game.chart.board
        length = ((target.x - here.x) ** 2 + (target.y - here.y) ** 2) ** 0.5
        game.rule("leg.too-long", "Execute flight", f"the leg from {name_of(here)} to "
                  f"{name_of(target)} is {length:.1f} {board.unit_name}s, longer than the leg "
                  f"template ({board.leg_length:g} {board.unit_name}s)", leg.where("to"),
                  turn=turn)
    if target.airport and target.id != dest.id:
        game.rule("leg.not-a-beacon", "Execute flight", f"the next leg must reach a beacon or "
                  f"the planned destination ({name_of(dest)}); {name_of(target)} is another "
                  "airport", leg.where("to"), turn=turn)


def _as_due(game: Replay, flight: FlownFlight, flown: FlownLeg, checks: list[Check],
            facts: LegFacts, landing: Place | None, row: int) -> bool:
    """Replay a leg whose checks are exactly those it calls for, in the order it meets them,
    none but the last failing: the common case, with nothing to match; return False, doing
    nothing, for any other (:func:`_checks` rules on it)."""
    due = facts.due if landing is None else facts.landing_due
    if len(checks) != len(due):
        return False
    chart = game.chart
    check_keys = chart.check_keys
    for n, check in enumerate(checks):  # (zip with strict= costs more than the loop)
        at = check.at
        if (check_keys[at] if at in check_keys else chart.check_key(at)) != due[n][0]:
            return False
    if len(checks) > 1 and any(check.result != "pass" for check in checks[:-1]):
        return False
    state, turn, faces = game.state, flight.number, game.faces
    cargo = chart.cargo_number(flight.cargo)
    for n, check in enumerate(checks):
        key, hazard, point = due[n]
        total = judge(chart, check, hazard=hazard, row=row, cargo=cargo, used=state.resources,
                      rulings=game, turn=turn, faces=faces)
        passed = check.result == "pass"
        flown.checks.append(CheckMark(key, point, total, passed, True))
        if not passed:
            state.over, state.crash, flight.crashed = "crash", point, True
    return True


def _leg_off_the_map(game: Replay, flight: FlownFlight, leg: Leg, here: Place,
                     target: Place | None, row: int) -> Place:
    """Replay a leg that is not judged against the map (to no place on it, or flown after
    landing): its checks as written, none asked for. Return where it ends."""
    state = game.state
    dest = game.chart.stops[flight.destination]
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


def crossed(chart: Chart, a: Spot, b: Spot) -> list[str]:
    """Return the ids of the mountain ranges a leg crosses, in the order it meets them."""
    return list(chart.leg(a, b).crossings)


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
            mountains: tuple[str, ...] | None, here: Place, landing: Place | None,
            row: int) -> None:
    """Match the log's checks to the ones the leg calls for, in the order it meets them, and
    replay each; the first that fails ends the flight (``mountains`` None: none is asked)."""
    state, chart = game.state, game.chart
    turn = flight.number
    seg = (flown.start, flown.end)
    due = [*(mountains or ()), *((LANDING,) if landing is not None else ())]
    order = LegChecks(due, {k: n for n, k in enumerate(due)} if mountains is not None else {},
                      [])
    crash: str | None = None
    cargo = chart.cargo_number(flight.cargo)
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
                if not _moved(game, "missing", "invented", turn, key):
                    game.rule("check.invented", "Hazards", _invented_words(
                        chart, key, here, seg, flown.to), check.where("at"), turn=turn)
                derived = False
                point = _edge(chart, key, point)
            elif key in order.met and order.out_of_order(key):
                _misplaced(game, check, key, order, (here, flown.to), turn)
            order.seen.append(key)
        total = judge(chart, check, hazard=hazard, row=row, cargo=cargo, used=state.resources,
                      rulings=game, turn=turn, faces=game.faces)
        flown.checks.append(CheckMark(key or check.at, point, total, check.result == "pass",
                                      derived))
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
            if not _moved(game, "invented", "missing", turn, key):
                game.rule("check.missing", "Hazards", _missing_words(chart, key, seg,
                                                                      flown.to),
                          leg.where("to"), turn=turn)
            flown.missing.append((key, _point(chart, key, seg)))


def _moved(game: Replay, ruled: str, now: str, turn: int, key: str) -> bool:
    """Return True for a check missing on one leg of a flight and made on another (one
    mistake, ruled on where it is first found); else note this one for its pair."""
    if (ruled, turn, key) in game.reported:
        game.forget((ruled, turn, key))
        return True
    game.reported.add((now, turn, key))
    return False


def _after_crash(game: Replay, check: Check, order: LegChecks, leg: tuple[Place, str],
                 turn: int) -> None:
    """Rule on a check written after the check that crashed on the same leg: one the leg
    meets before the crash is out of order; any other is played after the game ended."""
    game.every_die = False
    mountain = game.chart.mountain(check.at)
    key = LANDING if check.at.strip().lower() == LANDING else mountain.id if mountain else ""
    if key in order.met and key not in order.seen and order.furthest is not None and (
            order.met[key] < order.met[order.furthest]):
        if order.out_of_order(key):
            _misplaced(game, check, key, order, leg, turn)
        order.seen.append(key)
    elif game.once(("after crash", turn)):
        game.rule("game.over", "End game", over_words(game.state), check.where(), turn=turn)


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


def _target(game: Replay, check: Check, seg: tuple[XY, XY], landing: Place | None,
            turn: int) -> tuple[str | None, int, XY]:
    """Return what a check is about (a mountain's id or ``landing``), its hazard number and
    where to mark it."""
    chart = game.chart
    if check.at.strip().lower() == LANDING:
        airport = landing or chart.stops[game.state.flights[-1].destination]
        return LANDING, airport.hazard, (airport.x, airport.y)
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
