"""Check a filled-in Pilot Log (``record: pilot-log``): the boxes as they stand at the end.

The Pilot Log shows what was planned (ticked), flown (circled, crossed out) and used, not
the order or the dice: ``check_sheet`` checks that the boxes are consistent with each other
and with the rules, and recomputes the score. docs/air-cargo-referee.md lists the checks and
what a paper log cannot prove.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ....content.project import GameContent
from ....core.findings import Location
from ....referee import Records, Report, Rulings, Scores
from ..model import Airport
from .context import (
    Chart,
    Tally,
    chart_for,
    check_claims,
    name_of,
    plural,
    tally,
)
from .log import PilotLogRecord

records = Records()
"""The kind of record this module referees; the referee package includes it."""


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def check_sheet(chart: Chart, log: PilotLogRecord) -> tuple[Rulings, Tally]:
    """Check a Pilot Log's boxes against each other and the rules; return the rulings and
    the score."""
    rulings = Rulings()
    _cargo(rulings, chart, log)
    planned, misread = _airports(rulings, chart, log, "planned", "Destination planning",
                                 "airport.planned-twice", "Destination planning",
                                 "is ticked already: each airport has one box")
    visited, unread = _airports(rulings, chart, log, "visited", "Prepare flight",
                                "airport.visited-twice", "Flight phase - general",
                                "is crossed out already: airports can be visited only once")
    for n, airport in visited:
        if airport.id in {a.id for _, a in planned}:
            continue
        if misread:  # the airport a tick that is no airport stands for
            misread -= 1
            continue
        rulings.rule("airport.not-planned", "Prepare flight", f"{name_of(airport)} is "
                     "crossed out (visited) but not ticked (planned): a flight needs a "
                     "planned destination", log.airports.where("visited", n))
    flights = len(visited) + unread
    # The route's airports, looked up once: the crossing out is judged against them too.
    order = [chart.airport(ref) for ref in log.route or []]
    flown = [a for a in order if a] if log.route and all(order) and not unread else None
    crossed = [a for _, a in visited]
    if len(log.cargo.delivered) != flights:
        odd = _odd_crossing(log, visited, flown)
        said = (f"each flight crosses out one airport and circles one cargo: "
                f"{plural(flights, 'airport')} crossed out and {len(log.cargo.delivered)} "
                "cargo circled")
        where = log.cargo.where("delivered", key=True)
        if odd is not None:  # the route and the cargo agree: the crossing out is wrong
            said, where = f"{said}, as many as the route flies: {odd[0]}", odd[1]
            crossed = flown or crossed
        rulings.rule("flight.cargo-count", "Prepare flight", said, where)
    _weather(rulings, chart, log, flights)
    if log.route is not None:
        _route(rulings, chart, log, order, crossed, unread)
    _boxes(rulings, chart, log)
    _end(rulings, chart, log, flights)
    lost = log.end == "crash"
    undelivered = max(0, len(log.cargo.planned) - len(log.cargo.delivered))
    unvisited = len({a.id for _, a in planned} - {a.id for _, a in visited})
    result = tally(chart.tables, list(log.cargo.delivered), undelivered, unvisited, lost=lost)
    if score_open(rulings, log, result) is None:
        check_claims(rulings, chart, result, log.score, log.rank, log.where)
    elif log.score is not None:
        # The score counted from boxes found wrong is open; its rank must still be the one
        # the score claimed reaches.
        claimed = tally(chart.tables, [log.score], 0, 0, lost=False)
        check_claims(rulings, chart, claimed, log.score, log.rank, log.where)
    return rulings, result


SCORED_BOXES = frozenset({"cargo.no-box", "cargo.not-planned", "airport.unknown",
                          "airport.planned-twice", "airport.not-planned", "flight.cargo-count"})
"""The findings on boxes the score is counted from: the score is then open (its mistake is
the box's, and the score claimed may count the box either way)."""


def score_open(rulings: Rulings, log: PilotLogRecord, result: Tally) -> str | None:
    """Return why the score claimed cannot be judged from the boxes (one it is counted from
    was found wrong, and the claim differs from what the boxes count), or None."""
    wrong = next((f for f in rulings.findings if f.code in SCORED_BOXES), None)
    if wrong is None or log.score is None or result.lost or log.score == result.points:
        return None  # a crash counts nothing, whatever the boxes
    where = wrong.location.path if wrong.location else wrong.code
    return f"the score is counted from {where}, found wrong"


def _cargo(rulings: Rulings, chart: Chart, log: PilotLogRecord) -> None:
    """Cargo planning: a ticked box exists for every planned weight; Prepare flight: a
    cargo is circled only once ticked, once per box."""
    boxes = chart.cargo_boxes()
    weights = sorted(boxes)
    ticked: Counter[int] = Counter()
    misread = 0
    for n, weight in enumerate(log.cargo.planned):
        ticked[weight] += 1
        if not boxes[weight]:
            rulings.rule("cargo.no-box", "Cargo planning", f"the CARGO WEIGHT table has no box "
                         f"of weight {weight} (weights {weights[0]}-{weights[-1]})",
                         log.cargo.where("planned", n))
            misread += 1
        elif ticked[weight] > boxes[weight]:
            rulings.rule("cargo.no-box", "Cargo planning", f"the CARGO WEIGHT table has "
                         f"{plural(boxes[weight], 'box', 'boxes')} of weight {weight}; this is the "
                         f"{_nth(ticked[weight])} ticked", log.cargo.where("planned", n))
    circled: Counter[int] = Counter()
    for n, weight in enumerate(log.cargo.delivered):
        circled[weight] += 1
        if circled[weight] <= ticked[weight]:
            continue
        if misread:  # the weight a tick of no box stands for
            misread -= 1
            continue
        what = (f"no box of weight {weight} is ticked (planned)" if not ticked[weight] else
                f"{plural(ticked[weight], 'box', 'boxes')} of weight {weight} ticked, and this "
                f"circles a {_nth(circled[weight])}")
        rulings.rule("cargo.not-planned", "Prepare flight", f"{what}: a cargo is delivered "
                     "only once planned, and only once", log.cargo.where("delivered", n))


def _airports(rulings: Rulings, chart: Chart, log: PilotLogRecord, key: str, chosen: str,
              code: str, section: str, twice: str) -> tuple[list[tuple[int, Airport]], int]:
    """Resolve one list of airports; rule on unknown ones (against ``chosen``, the rule by
    which the list's airports are chosen) and ones listed twice. Return the airports read,
    and how many boxes could not be read as an airport (each still a box)."""
    out: list[tuple[int, Airport]] = []
    seen: set[str] = set()
    unread = 0
    for n, ref in enumerate(getattr(log.airports, key)):
        airport = chart.airport(ref)
        where = log.airports.where(key, n)
        if airport is None or airport.start:
            what = ("the start airport, already crossed out as the table prints it" if airport
                    else f"no airport on the map{chart.suggest(ref)}")
            rulings.rule("airport.unknown", chosen, f"{ref!r} is {what}", where)
            unread += airport is None
            continue
        if airport.id in seen:
            rulings.rule(code, section, f"{name_of(airport)} {twice}", where)
            continue
        seen.add(airport.id)
        out.append((n, airport))
    return out, unread


def _weather(rulings: Rulings, chart: Chart, log: PilotLogRecord, flights: int) -> None:
    """Weather: a box per leg, and the table has only so many; each flight a leg or more."""
    if log.weather > chart.weather_boxes:
        rulings.rule("weather.too-many", "Weather", f"the weather table has "
                     f"{chart.weather_boxes} boxes; the record crosses {log.weather}",
                     log.where("weather"))
    if log.legs is not None and log.legs != log.weather:
        rulings.rule("weather.legs", "Weather", f"a box is crossed at the start of each leg: "
                     f"{log.legs} legs cross {log.legs} boxes; the record crosses "
                     f"{log.weather}", log.where("weather"))
    elif log.route is None and log.weather < flights:
        rulings.rule("weather.too-few", "Execute flight", f"each flight flies one leg or more, "
                     f"a weather box each: {plural(flights, 'flight')} need "
                     f"{plural(flights, 'box', 'boxes')} or more; the record crosses "
                     f"{log.weather}", log.where("weather"))


def _route(rulings: Rulings, chart: Chart, log: PilotLogRecord, order: list[Airport | None],
           visited: list[Airport], unread: int) -> None:
    """The order flown, when given (``order``: its airports, None for a name that is none):
    the visited airports, each once (those crossed out under a name that is no airport,
    already found, are taken to be the route's others); the weather boxes cover at least the
    fewest legs of every flight."""
    assert log.route is not None
    flown = sorted(a.id for a in order if a)
    crossed = sorted(a.id for a in visited)
    if any(a is None for a in order) or (flown != crossed if not unread else (
            len(order) != len(visited) + unread or not set(crossed) <= set(flown))):
        names = ", ".join(name_of(a) for a in visited) or "none"
        rulings.rule("route.visited", "Flight phase - general", f"the route lists the airports "
                     f"crossed out, each once, in the order flown: {names}; the record has "
                     f"{', '.join(map(str, log.route)) or 'none'}", log.where("route"))
        return
    here = chart.start.id
    legs: list[int] = []
    for airport in order:
        assert airport is not None
        found = chart.fewest_legs(here).get(airport.id)
        legs.append(found.legs if found else 1)
        here = airport.id
    if log.end == "crash" and legs:
        legs[-1] = 1  # the last flight may have crashed on its first leg
    if log.weather < sum(legs):
        hops = " + ".join(map(str, legs))
        rulings.rule("weather.too-few", "Execute flight", f"flying {_path(chart, order)} takes "
                     f"at least {hops} = {sum(legs)} legs (the fewest on the map), a weather "
                     f"box each; the record crosses {log.weather}", log.where("weather"))


def _odd_crossing(log: PilotLogRecord, visited: list[tuple[int, Airport]],
                  flown: list[Airport] | None) -> tuple[str, Location | None] | None:
    """When the route and the cargo circled agree on the flights and the airports crossed out
    do not, return what the crossing out has wrong and where; else None."""
    if flown is None or len(flown) != len(log.cargo.delivered):
        return None
    route = {a.id for a in flown}
    crossed = {a.id for _, a in visited}
    missing = [a for a in flown if a.id not in crossed]
    extra = [(n, a) for n, a in visited if a.id not in route]
    if missing and not extra:
        return (f"{', '.join(map(name_of, missing))} flown but not crossed out",
                log.airports.where("visited", key=True))
    if extra and not missing:
        return (f"{', '.join(name_of(a) for _, a in extra)} crossed out but not flown",
                log.airports.where("visited", extra[0][0]))
    return None


def _path(chart: Chart, order: list[Airport | None]) -> str:
    names = [chart.start.name or chart.start.id] + [a.name or a.id for a in order if a]
    return " > ".join(names)


def _boxes(rulings: Rulings, chart: Chart, log: PilotLogRecord) -> None:
    """PLAN REROLL, STAMINA and PRAYER REROLL: no more ticked than the Pilot Log has."""
    boxes = chart.tables.boxes
    for key, count, code, section, title in (
            ("plan_rerolls", boxes.plan_reroll.count, "plan.no-reroll-left", "Planning Phase",
             "PLAN REROLL"),
            ("stamina", boxes.stamina.count, "stamina.none-left", "Stamina", "STAMINA"),
            ("prayers", boxes.prayer_reroll.count, "prayer.none-left", "Prayer",
             "PRAYER REROLL")):
        used = getattr(log, key)
        if used > count:
            rulings.rule(code, section, f"the Pilot Log has {count} {title} boxes; the record "
                         f"ticks {used}", log.where(key))


def _end(rulings: Rulings, chart: Chart, log: PilotLogRecord, flights: int) -> None:
    """End game: a roll with nothing valid ends it only with no PLAN REROLL box left; a
    crash happens during a flight."""
    limit = chart.tables.boxes.plan_reroll.count
    if log.end == "nothing-valid" and log.plan_rerolls < limit:
        rulings.rule("end.reason", "End game", f"a roll with nothing valid ends the game only "
                     f"with no PLAN REROLL box left: {log.plan_rerolls} of {limit} are ticked",
                     log.where("end"))
    elif log.end == "crash" and not flights:
        rulings.rule("end.reason", "End game", "a crash ends a flight, and no airport is "
                     "crossed out", log.where("end"))


def scores(chart: Chart, log: PilotLogRecord, result: Tally, rulings: Rulings
           ) -> dict[str, Any]:
    """Return the recomputed score, its parts, the rank and the boxes used, and, when the
    boxes leave the score open, why the claim is unchecked."""
    boxes = chart.tables.boxes
    out: dict[str, Any] = {**result.as_scores(), "end": log.end,
                           "flights": len(log.airports.visited),
                           "weather_boxes": f"{log.weather}/{chart.weather_boxes}",
                           "plan_rerolls": f"{log.plan_rerolls}/{boxes.plan_reroll.count}",
                           "stamina": f"{log.stamina}/{boxes.stamina.count}",
                           "prayers": f"{log.prayers}/{boxes.prayer_reroll.count}"}
    if log.score is not None:
        out["claimed"] = log.score
        why = score_open(rulings, log, result)
        if why:
            out["claim"] = f"unchecked: {why}"
    return out


@records.kind("pilot-log", PilotLogRecord)
def referee_pilot_log(game: GameContent, log: PilotLogRecord,
                      report: Report[PilotLogRecord, Scores]) -> None:
    """Referee a filled-in Pilot Log."""
    chart = chart_for(game)
    rulings, result = check_sheet(chart, log)
    report.findings += rulings.findings
    report.scores = {log.pilot or "pilot": scores(chart, log, result, rulings)}
    report.state = log  # the boxes as they stand: no legs for a map trace
