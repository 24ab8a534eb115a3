"""Write the Air Cargo records the referee's golden tests use: the example games, legal,
and illegal variants of them with one mistake each.

Each case takes an example (examples/air-cargo/), changes one thing a player could get
wrong, and writes ``tests/golden/air-cargo-referee/<case>/record.yaml``; a change that moves
the score also moves the claimed score, so the change is the only mistake. The expected
report beside it is written by ``pytest tests/conformance/test_referee_goldens.py
--update-goldens`` and reviewed by hand.

    python tools/make_air_cargo_cases.py
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from play_air_cargo import load_chart

from pnpcompiler.games.air_cargo.referee.bots import STYLES, Navigator, Pilot, dump
from pnpcompiler.games.air_cargo.referee.context import Chart, cargo_class_number
from pnpcompiler.games.air_cargo.referee.flight import fly
from pnpcompiler.games.air_cargo.referee.log import FlightLog, Fly, PilotLogRecord, Plan
from pnpcompiler.games.air_cargo.referee.phases import plan
from pnpcompiler.games.air_cargo.referee.replay import replay
from pnpcompiler.games.air_cargo.referee.sheet import check_sheet
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "golden" / "air-cargo-referee"
EXAMPLES = ROOT / "examples" / "air-cargo"
Data = dict[str, Any]


def codes(chart: Chart, data: Data) -> list[str]:
    """Return the codes of the findings the referee gives a record (read in memory)."""
    run = replay(chart, FlightLog.model_validate(data))
    return [f.code for f in run.findings]


def rescore(chart: Chart, data: Data) -> None:
    """Claim the score and rank the record as played earns (after a change that moves them)."""
    run = replay(chart, FlightLog.model_validate(data))
    tally = run.state.tally
    assert tally is not None
    if not tally.lost:
        data["end"]["score"] = tally.points
        data["end"]["rank"] = tally.rank or "none"


def rescore_sheet(chart: Chart, data: Data) -> None:
    """Claim the score and rank a Pilot Log's boxes earn."""
    _, tally = check_sheet(chart, PilotLogRecord.model_validate(data))
    if not tally.lost:
        data["score"] = tally.points
        data["rank"] = tally.rank or "none"


def resume(chart: Chart, data: Data) -> Pilot:
    """Return a pilot who has played the record's events so far and writes on into it."""
    pilot = Pilot(Navigator(chart), 0, STYLES["careful"])
    for event in data["events"]:
        if "plan" in event:
            plan(pilot.game, Plan.model_validate(event["plan"]))
        else:
            fly(pilot.game, Fly.model_validate(event["fly"]))
    pilot.record = data
    return pilot


def _events(d: Data, kind: str) -> list[Data]:
    return [e[kind] for e in d["events"] if kind in e]


def _checks(d: Data) -> list[tuple[int, Data, Data]]:
    return [(n, leg, c) for n, f in enumerate(_events(d, "fly"), start=1) for leg in f["legs"]
            for c in leg.get("checks", [])]


def _first(items: list[Any], test: Callable[[Any], bool]) -> Any:
    return next(x for x in items if test(x))


def _reroute(chart: Chart, d: Data, want: str, places: list[str]) -> str:
    """Send one leg that ends at a beacon to another place so that the only finding is
    ``want``; return which."""
    for n, f in enumerate(_events(d, "fly"), start=1):
        for leg in f["legs"][:-1]:
            was = leg["to"]
            for place in places:
                leg["to"] = place
                if codes(chart, d) == [want]:
                    return f"flight {n}: a leg to {place} instead of {was}"
            leg["to"] = was
    raise LookupError(f"no single leg change gives only {want}")


Mistake = Callable[[Chart, Data], str]


def mistakes() -> dict[str, tuple[str, Mistake]]:
    """Return each illegal case: the example it starts from and the one change it makes
    (a change that moves the score also moves the claim, so it is the only mistake)."""

    def plan_cargo_not_rolled(c: Chart, d: Data) -> str:
        p = _first(_events(d, "plan"), lambda p: "cargo" in p and not p.get("rerolls"))
        was = p["dice"]
        p["dice"] = next([a, b] for a in range(1, 7) for b in range(a, 7)
                         if p["cargo"] not in (a, b, a + b))
        d.pop("seed")
        return f"cargo {p['cargo']} planned from dice {p['dice']} (they were {was})"

    def plan_destination_not_rolled(c: Chart, d: Data) -> str:
        p = _first(_events(d, "plan"), lambda p: "destination" in p and not p.get("rerolls"))
        p["dice"] = [1, 2]
        d.pop("seed")
        return f"airport {p['destination']} planned from dice 1 and 2"

    def plan_both(c: Chart, d: Data) -> str:
        p = _first(_events(d, "plan"), lambda p: "cargo" in p and max(p["dice"]) >= 4
                   and not p.get("rerolls"))
        p["destination"] = 10 * max(p["dice"]) + min(p["dice"])
        return "one roll plans a cargo and a destination"

    def plan_reroll_wrong_die(c: Chart, d: Data) -> str:
        p = _first(_events(d, "plan"), lambda p: p.get("rerolls")
                   and len(p["rerolls"][0]["reroll"]) == 1
                   and p["rerolls"][0]["reroll"][0] == p["dice"][0] != p["dice"][1])
        r = p["rerolls"][0]
        r["reroll"] = [next(v for v in range(1, 7) if v not in p["dice"])]
        return "a plan reroll picks up a die that is not on the table"

    def plan_reroll_without_box(c: Chart, d: Data) -> str:
        used = sum(len(p.get("rerolls", [])) for p in _events(d, "plan"))
        p = _first(_events(d, "plan"), lambda p: True)
        extra = [{"reroll": [p["dice"][0]], "got": [p["dice"][0]]}
                 for _ in range(c.tables.boxes.plan_reroll.count + 1 - used)]
        p["rerolls"] = extra + p.get("rerolls", [])
        d.pop("seed")
        return "more plan rerolls than the Pilot Log has boxes"

    def plan_unused(c: Chart, d: Data) -> str:
        i = next(i for i, e in enumerate(d["events"]) if "fly" in e)
        d["events"].insert(i, {"plan": {"dice": [6, 3]}})
        d.pop("seed")
        return "a planning roll that could plan something plans nothing"

    def destination_planned_twice(c: Chart, d: Data) -> str:
        first = _first(_events(d, "plan"), lambda p: "destination" in p)
        i = d["events"].index({"plan": first})
        d["events"].insert(i + 1, {"plan": copy.deepcopy(first)})
        d.pop("seed")
        return "the same airport is planned twice"

    def fly_unplanned_destination(c: Chart, d: Data) -> str:
        f = _events(d, "fly")[-1]
        i = d["events"].index({"fly": f})
        d["events"].remove(next(e for e in reversed(d["events"][:i])
                                if "plan" in e and e["plan"].get("destination") == f["to"]))
        d.pop("seed")
        return f"the last flight goes to {f['to']}, whose planning is left out"

    def cargo_not_planned(c: Chart, d: Data) -> str:
        planned = {p["cargo"] for p in _events(d, "plan") if "cargo" in p}
        for n, f in enumerate(_events(d, "fly"), start=1):
            same = [b.weight for b in c.tables.cargo
                    if cargo_class_number(c.tables, b.weight) == cargo_class_number(
                        c.tables, f["cargo"]) and b.weight not in planned]
            if same:
                was, f["cargo"] = f["cargo"], same[0]
                return f"flight {n} carries a cargo of {f['cargo']} (planned: {was})"
        raise LookupError("every weight is planned")

    def airport_visited_twice(c: Chart, d: Data) -> str:
        pilot = resume(c, d)
        state = pilot.state
        dest, weight = state.visited[0], state.planned_cargo[0]
        path = pilot.navigator.route(state.position, dest, weight, pilot.row())
        assert path is not None
        pilot.fly(dest, weight, path)
        d.pop("seed")
        return f"a last flight back to {dest}, visited on flight 1"

    def flight_from_wrong_airport(c: Chart, d: Data) -> str:
        _events(d, "fly")[1]["from"] = "Pendleton"
        return "flight 2 says it starts at Pendleton"

    def leg_too_long(c: Chart, d: Data) -> str:
        return _reroute(c, d, "leg.too-long", sorted(b.code for b in c.board.beacons))

    def leg_to_another_airport(c: Chart, d: Data) -> str:
        names = sorted(a.name or a.id for a in c.board.airports if not a.start)
        return _reroute(c, d, "leg.not-a-beacon", names)

    def check_missing(c: Chart, d: Data) -> str:
        n, leg, check = _first(_checks(d), lambda x: x[2]["at"] != "landing")
        leg["checks"].remove(check)
        d.pop("seed")
        return f"flight {n}: the check at {check['at']} is left out"

    def check_invented(c: Chart, d: Data) -> str:
        f = _events(d, "fly")[0]
        leg = _first(f["legs"], lambda leg: not leg.get("checks"))
        leg["checks"] = [{"at": "Sawtooth Range", "weather_die": 1, "dice": [1, 1],
                          "result": "pass"}]
        d.pop("seed")
        return "flight 1: a check at a mountain range the leg does not cross"

    def checks_out_of_order(c: Chart, d: Data) -> str:
        n, leg = _first([(n, leg) for n, f in enumerate(_events(d, "fly"), start=1)
                         for leg in f["legs"]], lambda x: len(x[1].get("checks", [])) >= 2)
        leg["checks"].reverse()
        d.pop("seed")
        return f"flight {n}: the landing check written before the mountain the leg crosses"

    def leg_after_landing(c: Chart, d: Data) -> str:
        f = _events(d, "fly")[-1]
        dest = c.airport(f["to"])
        assert dest is not None
        beacon = next(b for b in c.board.beacons if c.net.leg(dest.id, b.id) is not None)
        f["legs"].append({"to": beacon.code, "weather_box": f["legs"][-1]["weather_box"] + 1})
        return f"the last flight flies on to {beacon.code} after landing"

    def landing_check_missing(c: Chart, d: Data) -> str:
        n, leg, check = _first(_checks(d), lambda x: x[2]["at"] == "landing"
                               and not x[2].get("stamina") and not x[2].get("panic"))
        leg["checks"].remove(check)
        if not leg["checks"]:
            del leg["checks"]
        d.pop("seed")
        return f"flight {n}: the landing check is left out"

    def weather_number_wrong(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d), lambda x: "weather" in x[2])
        check["weather"] += 1
        return f"flight {n}: a weather number misread"

    def weather_column_wrong(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d), lambda x: x[2]["weather_die"] <= 4)
        check["column"] = "D5"
        return f"flight {n}: a weather die of {check['weather_die']} read in column D5"

    def weather_box_skipped(c: Chart, d: Data) -> str:
        leg = _events(d, "fly")[1]["legs"][0]
        leg["weather_box"] += 1
        return "flight 2: its first leg crosses the wrong weather box"

    def check_total_wrong(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d), lambda x: "total" in x[2])
        check["total"] -= 2
        return f"flight {n}: a check added up wrong"

    def check_result_wrong(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d), lambda x: not x[2].get("panic")
                             and not x[2].get("stamina") and not x[2].get("prayers"))
        check["dice"] = [6, 6]
        check.pop("total", None)
        d.pop("seed")
        return f"flight {n}: a check that fails (double six) is written as passed"

    def panic_too_much(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d), lambda x: x[2].get("panic"))
        check["panic"] += 1
        return f"flight {n}: panic ticks one stamina more than it costs"

    def panic_not_needed(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d), lambda x: x[2]["total"] <= 10 and not x[2].get("panic"))
        check["panic"] = 1
        return f"flight {n}: panic on a check that passes"

    def stamina_without_box(c: Chart, d: Data) -> str:
        used = sum(x.get("stamina", 0) + x.get("panic", 0) for _, _, x in _checks(d))
        n, _, check = _first(_checks(d), lambda x: not x[2].get("panic"))
        extra = c.tables.boxes.stamina.count + 1 - used
        check["stamina"] = check.get("stamina", 0) + extra
        check["total"] -= extra
        return f"flight {n}: {extra} stamina ticked before a roll, one box more than there are"

    def prayer_without_box(c: Chart, d: Data) -> str:
        used = sum(len(x.get("prayers", [])) for _, _, x in _checks(d))
        for _, _, check in _checks(d)[:c.tables.boxes.prayer_reroll.count + 1 - used]:
            check.setdefault("prayers", []).insert(0, {"reroll": [check["dice"][0]],
                                                       "got": [check["dice"][0]]})
        d.pop("seed")
        return "one prayer more than the Pilot Log has PRAYER REROLL boxes"

    def die_not_from_seed(c: Chart, d: Data) -> str:
        n, _, check = _first(_checks(d)[2:], lambda x: x[2]["dice"][0] != x[2]["dice"][1])
        check["dice"].reverse()
        return f"flight {n}: a check's two dice written in the other order"

    def score_wrong(c: Chart, d: Data) -> str:
        d["end"]["score"] += 1
        return "the score claimed is one too many"

    def rank_wrong(c: Chart, d: Data) -> str:
        d["end"]["rank"] = "gold"
        return "the rank claimed is Gold Wing"

    def end_reason_wrong(c: Chart, d: Data) -> str:
        d["end"]["reason"] = "nothing-valid"
        return "a voluntary stop written as nothing valid"

    def event_after_crash(c: Chart, d: Data) -> str:
        d["events"].append({"plan": {"dice": [4, 6], "destination": 46}})
        d.pop("seed")
        return "a planning roll after the crash"

    def crash_written_as_stop(c: Chart, d: Data) -> str:
        d["end"]["reason"] = "stop"
        return "a crash written as a voluntary stop"

    return {
        "plan-cargo-not-rolled": ("stop", plan_cargo_not_rolled),
        "plan-destination-not-rolled": ("stop", plan_destination_not_rolled),
        "plan-cargo-and-destination": ("gold-wing", plan_both),
        "plan-reroll-wrong-die": ("gold-wing", plan_reroll_wrong_die),
        "plan-reroll-without-box": ("stop", plan_reroll_without_box),
        "plan-unused": ("stop", plan_unused),
        "destination-planned-twice": ("stop", destination_planned_twice),
        "flight-to-unplanned-airport": ("stop", fly_unplanned_destination),
        "cargo-not-planned": ("gold-wing", cargo_not_planned),
        "airport-visited-twice": ("stop", airport_visited_twice),
        "flight-from-wrong-airport": ("stop", flight_from_wrong_airport),
        "leg-too-long": ("gold-wing", leg_too_long),
        "leg-to-another-airport": ("stop", leg_to_another_airport),
        "check-missing": ("stop", check_missing),
        "check-invented": ("gold-wing", check_invented),
        "landing-check-missing": ("gold-wing", landing_check_missing),
        "checks-out-of-order": ("stop", checks_out_of_order),
        "leg-after-landing": ("stop", leg_after_landing),
        "weather-number-wrong": ("stop", weather_number_wrong),
        "weather-column-wrong": ("gold-wing", weather_column_wrong),
        "weather-box-skipped": ("gold-wing", weather_box_skipped),
        "check-total-wrong": ("gold-wing", check_total_wrong),
        "check-result-wrong": ("stop", check_result_wrong),
        "panic-too-much": ("crash", panic_too_much),
        "panic-not-needed": ("stop", panic_not_needed),
        "stamina-without-box": ("gold-wing", stamina_without_box),
        "prayer-without-box": ("gold-wing", prayer_without_box),
        "die-not-from-the-seed": ("gold-wing", die_not_from_seed),
        "score-wrong": ("gold-wing", score_wrong),
        "rank-wrong": ("stop", rank_wrong),
        "end-reason-wrong": ("stop", end_reason_wrong),
        "event-after-crash": ("crash", event_after_crash),
        "crash-written-as-stop": ("crash", crash_written_as_stop),
    }


CLAIMS = {"score-wrong", "rank-wrong", "end-reason-wrong", "crash-written-as-stop"}
"""Cases whose mistake is the claim itself: the others claim what the record earns."""


def sheet_mistakes() -> dict[str, Callable[[Data], str]]:
    """Return each illegal filled-in Pilot Log: one change to the example's."""

    def circled_not_ticked(d: Data) -> str:
        weight = next(w for w in range(9, 0, -1) if w not in d["cargo"]["planned"])
        d["cargo"]["delivered"][0] = weight
        return f"a cargo of {weight} circled that was never ticked"

    def visited_not_planned(d: Data) -> str:
        d["airports"]["planned"].remove(d["airports"]["visited"][1])
        return "a visited airport not ticked as planned"

    def weather_not_legs(d: Data) -> str:
        d["weather"] -= 1
        return "one weather box fewer than legs flown"

    def too_few_legs(d: Data) -> str:
        d["weather"] = d["legs"] = len(d["route"])
        return "a leg per flight: fewer weather boxes than the route needs"

    def stamina_over(d: Data) -> str:
        d["stamina"] = 12
        return "twelve stamina boxes ticked"

    def cargo_box_over(d: Data) -> str:
        d["cargo"]["planned"].append(9)
        return "a second box of weight 9 ticked: the table has one"

    def nothing_valid_early(d: Data) -> str:
        d["end"] = "nothing-valid"
        return "nothing valid claimed with plan rerolls left"

    def score_parts(d: Data) -> str:
        d["score"] = sum(d["cargo"]["delivered"])
        return "the score without the penalties for open plans"

    return {"pilot-log-circled-not-ticked": circled_not_ticked,
            "pilot-log-visited-not-planned": visited_not_planned,
            "pilot-log-weather-not-legs": weather_not_legs,
            "pilot-log-too-few-legs": too_few_legs,
            "pilot-log-stamina-over": stamina_over,
            "pilot-log-cargo-box-over": cargo_box_over,
            "pilot-log-nothing-valid-early": nothing_valid_early,
            "pilot-log-score-without-penalties": score_parts}


def write_case(name: str, data: Data, header: str) -> bool:
    folder = CASES / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "record.yaml").write_text(dump(data, header), encoding="utf-8")
    report = referee_file(folder / "record.yaml", ROOT / "content")
    found = [f.code for f in report.findings]
    print(f"{name}: {', '.join(found) or 'no findings'}")
    return report.legal


def write_cases() -> int:
    """Write the legal examples and every illegal variant into tests/golden/air-cargo-referee/."""
    chart = load_chart()
    examples = EXAMPLES
    bad = 0
    for source in ("crash", "stop", "gold-wing", "pilot-log"):
        data = yaml.safe_load((examples / f"{source}.yaml").read_text(encoding="utf-8"))
        header = f"# examples/air-cargo/{source}.yaml, legal.\n"
        bad += not write_case(f"legal-{source}", data, header)
    for name, (source, mistake) in mistakes().items():
        data = yaml.safe_load((examples / f"{source}.yaml").read_text(encoding="utf-8"))
        what = mistake(chart, data)
        if name not in CLAIMS:
            rescore(chart, data)
        header = (f"# {what}.\n# Made by tools/make_air_cargo_cases.py from "
                  f"examples/air-cargo/{source}.yaml.\n")
        bad += write_case(name, data, header)
    for name, sheet_mistake in sheet_mistakes().items():
        data = yaml.safe_load((examples / "pilot-log.yaml").read_text(encoding="utf-8"))
        what = sheet_mistake(data)
        if name != "pilot-log-score-without-penalties":
            rescore_sheet(chart, data)
        header = (f"# {what}.\n# Made by tools/make_air_cargo_cases.py from "
                  "examples/air-cargo/pilot-log.yaml.\n")
        bad += write_case(name, data, header)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(write_cases())
