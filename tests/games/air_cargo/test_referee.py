"""The Air Cargo referee: the rulebook's worked examples, the geometry of hazard checks, the
filled-in Pilot Log, the map trace and the command line.

Worked examples cite the rulebook's section in their names (Cargo planning, Destination
planning, Weather, Hazard pass check, Panic, Score). The golden logs are in
test_air_cargo_referee_golden.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.games.air_cargo.legs import Circle, Segment, crosses_exactly, network
from pnpcompiler.games.air_cargo.model import AirCargoMap, AirCargoRules
from pnpcompiler.games.air_cargo.play import cargo_options, destination_options
from pnpcompiler.games.air_cargo.referee.context import Chart, chart_for, read_rank
from pnpcompiler.games.air_cargo.referee.log import FlightLog, PilotLogRecord
from pnpcompiler.games.air_cargo.referee.phases import dice_faces, dice_in_order
from pnpcompiler.games.air_cargo.referee.replay import Replay, crossed, replay
from pnpcompiler.games.air_cargo.referee.sheet import check_sheet
from pnpcompiler.games.air_cargo.referee.state import PilotState
from pnpcompiler.games.air_cargo.referee.trace import draw
from pnpcompiler.referee import referee_file
from tests.games.air_cargo.test_legs import point, radius, tangents
from tests.paths import CONTENT, EXAMPLES, GOLDEN, REPO

GAMES = EXAMPLES / "air-cargo"
"""The recorded games of examples/air-cargo/."""
CASES = GOLDEN / "air-cargo-referee"
Runner = Callable[..., tuple[int, str]]
Scratch = Callable[..., Path]
Data = dict[str, Any]


@cache
def game() -> GameContent:
    loaded, _ = load_game(CONTENT, "air-cargo")
    assert loaded is not None
    return loaded


def chart() -> Chart:
    return chart_for(game())


def tables() -> AirCargoRules:
    return chart().tables


def run(record: Data, on: Chart | None = None) -> Replay:
    """Replay a flight log written as a dict (the header and end are filled in)."""
    data = {"game": "air-cargo", "record": "flight-log", "end": {"reason": "stop"}, **record}
    return replay(on or chart(), FlightLog.model_validate(data))


def run_written(record: Data) -> Replay:
    """Replay a flight log as written in a file, so findings point at line and column."""
    import yaml

    from pnpcompiler.core.loader import load_text
    from pnpcompiler.core.validate import validate_document

    data = {"game": "air-cargo", "record": "flight-log", "end": {"reason": "stop"}, **record}
    doc, found = load_text(yaml.safe_dump(data, sort_keys=False), "record.yaml")
    log, found = validate_document(doc, FlightLog)
    assert log is not None, found
    return replay(chart(), log)


def codes(replayed: Replay) -> list[str]:
    return [f.code for f in replayed.findings]


def check(at: str, die: int = 1, dice: tuple[int, int] = (1, 1), **more: Any) -> Data:
    return {"at": at, "weather_die": die, "dice": list(dice), "result": "pass", **more}


# --- Planning Phase ------------------------------------------------------------------------------


def test_cargo_planning_example_weight_6_is_selected() -> None:
    """Cargo planning: '"1" and "6", can be used as weight 1 or 6, or the sum of both weight
    7. Pick only one option.' The example ticks the box of weight 6 (HEAVY 3)."""
    open_weights = [box.weight for box in tables().cargo]
    assert cargo_options([1, 6], open_weights) == [1, 6, 7]
    played = run({"events": [{"plan": {"dice": [1, 6], "cargo": 6}}]})
    assert codes(played) == []
    assert played.state.planned_cargo == [6] and played.state.open_cargo[6] == 0
    box = next(b for b in tables().cargo if b.weight == 6)
    assert (box.cargo_class, tables().cargo_class(box.cargo_class).hazard) == (  # type: ignore[union-attr]
        "HEAVY", 3)
    again = run({"events": [{"plan": {"dice": [1, 6], "cargo": 6}},
                            {"plan": {"dice": [6, 2], "cargo": 6}}]})
    assert codes(again) == ["plan.cargo-no-box"]  # the table has one box of weight 6
    assert codes(run({"events": [{"plan": {"dice": [1, 6], "cargo": 5}}]})) == [
        "plan.cargo-dice"]


def test_destination_planning_example_46_or_64() -> None:
    """Destination planning: '"4" and "6" can be used as airport ID "46" or "64".'"""
    assert destination_options([4, 6], chart().board.airports) == [46, 64]
    for dice_id, name in ((46, "Los Angeles"), (64, "Fremont")):
        played = run({"events": [{"plan": {"dice": [4, 6], "destination": dice_id}}]})
        assert codes(played) == []
        airport = chart().airport(played.state.planned[0])
        assert airport is not None and airport.name == name
    assert codes(run({"events": [{"plan": {"dice": [4, 6], "destination": 41}}]})) == [
        "plan.destination-dice"]


def test_planning_phase_plan_reroll_ticks_a_box_and_rerolls_one_or_both_dice() -> None:
    played = run({"events": [{"plan": {"dice": [1, 2], "rerolls": [
        {"reroll": [1], "got": [6]}, {"reroll": [2, 6], "got": [4, 5]}], "cargo": 9}}]})
    assert codes(played) == [] and played.state.resources.plan_rerolls == 2


def test_end_game_no_valid_roll_with_no_rerolls_left_ends_the_game() -> None:
    rerolls = [{"reroll": [1], "got": [1]}] * tables().boxes.plan_reroll.count
    plans = [{"plan": {"dice": [1, 1], "cargo": 1}}, {"plan": {"dice": [1, 1], "cargo": 1}},
             {"plan": {"dice": [1, 1], "cargo": 2}}, {"plan": {"dice": [1, 1],
                                                               "rerolls": rerolls}}]
    played = run({"events": plans, "end": {"reason": "nothing-valid", "score": -3}})
    assert codes(played) == [] and played.state.end == "nothing-valid"


# --- Execute flight, Weather, Hazards ------------------------------------------------------------

FOUR_LEGS = {"events": [
    {"plan": {"dice": [4, 6], "destination": 46}}, {"plan": {"dice": [3, 4], "cargo": 7}},
    {"fly": {"to": 46, "cargo": 7, "legs": [
        {"to": "LKV", "weather_box": 1}, {"to": "LOL", "weather_box": 2},
        {"to": "BTY", "weather_box": 3},
        {"to": "Los Angeles", "weather_box": 4,
         "checks": [check("landing", 6, (2, 3), column="D6", weather=2, total=10)]}]}}],
    "end": {"reason": "stop", "score": 7, "rank": "none"}}


def test_weather_example_four_legs_cross_three_boxes_on_the_first_row_and_one_on_the_next(
        ) -> None:
    """Weather: 'After finishing the 4 legs in previous example' the table shows three boxes
    crossed on the first row and one on the second; a check then reads the second row (the
    line with the last ticked off box): 0 0 2."""
    played = run(FOUR_LEGS)
    assert codes(played) == []
    state = played.state
    assert state.weather == 4
    per_row = tables().weather.boxes_per_row
    assert [min(per_row, max(0, state.weather - r * per_row)) for r in range(2)] == [3, 1]
    assert tables().weather.rows[1] == [0, 0, 2]


def test_execute_flight_example_four_legs_round_the_sierra_has_only_the_landing_check() -> None:
    """The map's example flight (Execute flight: "Start A, destination B") crosses no
    mountain circle: its one check is the landing at Los Angeles (0)."""
    flight = next(f for f in chart().board.examples if f.id == "four-leg-example")
    places = [chart().place(p) for p in flight.route]
    legs = [crossed(chart(), a, b) for a, b in itertools.pairwise(places) if a and b]
    assert legs == [[], [], [], []]
    landing = run(FOUR_LEGS).state.checks
    assert [(c.at, c.total, c.passed) for c in landing] == [("landing", 10, True)]


def test_weather_box_of_each_leg_is_checked() -> None:
    wrong = json.loads(json.dumps(FOUR_LEGS))
    wrong["events"][2]["fly"]["legs"][2]["weather_box"] = 4
    assert codes(run(wrong)) == ["weather.box"]


def test_hazard_pass_check_example_seattle_41_0_lands_with_no_hazard() -> None:
    """Hazard pass check: 'Seattle 41 (0)': the landing adds 0. Hazard + weather + cargo
    weight + 2 dice = 12 or less to pass."""
    seattle = chart().airport(41)
    assert seattle is not None and (seattle.name, seattle.hazard) == ("Seattle", 0)
    base = {"events": [{"plan": {"dice": [4, 1], "destination": 41}},
                       {"plan": {"dice": [1, 2], "cargo": 1}}]}

    def land(dice: tuple[int, int], result: str) -> Replay:
        flight = {"to": 41, "cargo": 1, "legs": [{"to": "YKM"}, {"to": "Seattle", "checks": [
            check("landing", 1, dice, result=result)]}]}
        return run({"events": [*base["events"], {"fly": flight}]})

    # Pendleton - YKM - Seattle crosses Mt Rainier: its check comes first.
    assert codes(land((6, 5), "pass")) == ["check.missing"]
    assert [c.at for c in land((6, 5), "pass").state.flights[0].legs[1].checks] == ["landing"]

    def with_rainier(dice: tuple[int, int], result: str) -> Replay:
        flight = {"to": 41, "cargo": 1, "legs": [{"to": "YKM"}, {"to": "Seattle", "checks": [
            check("Mt Rainier"), check("landing", 1, dice, result=result)]}]}
        return run({"events": [*base["events"], {"fly": flight}]})

    assert codes(with_rainier((6, 5), "pass")) == []  # 0 + 0 + 1 + 11 = 12
    assert codes(with_rainier((6, 6), "pass")) == ["check.result"]  # 13 fails
    crashed = with_rainier((6, 6), "fail")
    assert codes(crashed) == ["end.reason"]  # the record says it stopped
    assert crashed.state.over == "crash" and crashed.state.tally.lost  # type: ignore[union-attr]


def _one_check(extra: Data, dice: tuple[int, int] = (6, 6)) -> Replay:
    """A flight Pendleton - Spokane (no mountain; Spokane's landing hazard 2) with cargo 7
    (HEAVY 3) and one landing check on row 1 (weather 0 for a die of 1)."""
    flight = {"to": 51, "cargo": 7, "legs": [{"to": "Spokane", "checks": [
        {**check("landing", 1, dice), **extra}]}]}
    return run({"events": [{"plan": {"dice": [5, 1], "destination": 51}},
                           {"plan": {"dice": [3, 4], "cargo": 7}}, {"fly": flight}]})


def test_hazard_pass_check_a_column_misread_is_one_finding() -> None:
    """Hazard pass check: a weather die of 6 reads the right column (1 on the first row); a
    record that reads the left one (0) and adds up with it has one mistake, not three."""
    assert codes(run(_six(misread_total=True))) == ["check.column"]
    assert codes(run(_six(misread_total=False))) == ["check.column", "check.total"]


def _six(*, misread_total: bool) -> Data:
    """The Spokane flight, its check's weather die a 6, read in column D1-4."""
    total = 2 + 0 + 3 + 5 if misread_total else 2 + 1 + 3 + 5 + 1
    flight = {"to": 51, "cargo": 7, "legs": [{"to": "Spokane", "checks": [
        {**check("landing", 6, (2, 3)), "column": "D1-4", "weather": 0, "total": total}]}]}
    return {"events": [{"plan": {"dice": [5, 1], "destination": 51}},
                       {"plan": {"dice": [3, 4], "cargo": 7}}, {"fly": flight}]}


def test_hazard_pass_check_a_weather_number_misread_is_one_finding() -> None:
    """Hazard pass check: a weather number misread and added up as read is one finding; a
    total wrong besides is a second."""
    assert codes(_one_check({"weather": 1, "total": 2 + 1 + 3 + 5}, (2, 3))) == [
        "check.weather"]
    assert codes(_one_check({"weather": 1, "total": 2 + 1 + 3 + 5 + 1}, (2, 3))) == [
        "check.weather", "check.total"]


def test_stamina_before_the_roll_is_subtracted_from_it() -> None:
    """Stamina: 'Prior to dice roll, you may use stamina (tick off boxes). Subtract number to
    dice roll.' 2 + 0 + 3 + 9 - 2 = 12."""
    played = _one_check({"stamina": 2, "total": 12}, (4, 5))
    assert codes(played) == [] and played.state.resources.stamina == 2


def test_panic_costs_the_stamina_needed_plus_one_and_stamina_before_is_lost() -> None:
    """Panic: 'Use necessary stamina + 1 to pass check. Stamina used prior to test is lost
    and not counted.' 2 + 0 + 3 + 12 = 17 is 5 over: panic costs 6, whatever was ticked
    before."""
    assert codes(_one_check({"panic": 6})) == []
    assert codes(_one_check({"stamina": 2, "panic": 6})) == []
    assert _one_check({"stamina": 2, "panic": 6}).state.resources.stamina == 8
    assert codes(_one_check({"panic": 5})) == ["check.result"]  # too little: a crash
    assert codes(_one_check({"panic": 7})) == ["check.panic-cost"]
    assert codes(_one_check({"panic": 1}, (1, 1))) == ["check.panic-unneeded"]


def test_prayer_rerolls_one_or_both_dice_of_a_check() -> None:
    """Prayer: 'At any time during a test, you may tick off a box to reroll one or both
    dice.'"""
    played = _one_check({"prayers": [{"reroll": [6], "got": [1]},
                                     {"reroll": [6, 1], "got": [2, 3]}]})
    assert codes(played) == [] and played.state.checks[0].total == 10
    # A die that is not on the table cannot be picked up; the reroll is played as written.
    assert codes(_one_check({"prayers": [{"reroll": [5], "got": [1]}]})) == [
        "check.prayer-dice"]


def test_hazards_a_check_the_log_invents_is_a_finding() -> None:
    played = _one_check({"at": "Blue Mts"}, (1, 1))
    assert codes(played) == ["check.invented", "check.missing"]


# --- the geometry of checks ---------------------------------------------------------------------


def point_map(start: tuple[float, float], end: tuple[float, float], circle: Circle
              ) -> Chart:
    """A map of two airports, Pendleton at ``start`` and 46 at ``end``, one mountain, and a
    leg template long enough for one leg between them."""
    board = AirCargoMap.model_validate({
        "kind": "air-cargo-map", "width": 1000, "height": 1000, "unit": "1mm",
        "leg_length": 100_000,
        "airports": [{"id": "start", "dice_id": "XX", "start": True, "x": start[0],
                      "y": start[1]},
                     {"id": "dest", "name": "Dest", "dice_id": 46, "hazard": 0, "x": end[0],
                      "y": end[1]}],
        "mountains": [{"id": "peak", "x": circle[0], "y": circle[1], "radius": circle[2],
                       "hazard": 2}]})
    return Chart(board, tables(), network(board))


def one_leg(checks: list[Data]) -> Data:
    return {"events": [{"plan": {"dice": [4, 6], "destination": 46}},
                       {"plan": {"dice": [1, 1], "cargo": 1}},
                       {"fly": {"to": 46, "cargo": 1, "legs": [{"to": 46, "checks": checks}]}}]}


WITH_PEAK = [check("peak"), check("landing")]
WITHOUT_PEAK = [check("landing")]


@settings(deadline=None, max_examples=60)
@given(tangents())
def test_hazards_a_leg_grazing_a_circle_at_exactly_its_radius_needs_a_check(
        case: tuple[Segment, Circle, tuple[int, int]]) -> None:
    seg, circle, (t1, t2) = case
    assume(t1 < t2)
    touches = t1 <= 0 <= t2
    on = point_map(seg[0], seg[1], circle)
    assert codes(run(one_leg(WITH_PEAK), on)) == ([] if touches else ["check.invented"])
    assert codes(run(one_leg(WITHOUT_PEAK), on)) == (["check.missing"] if touches else [])


@settings(deadline=None, max_examples=60)
@given(point, radius, st.floats(min_value=0, max_value=0.999), st.floats(0, 2 * math.pi))
def test_hazards_a_leg_ending_inside_a_circle_needs_a_check(
        start: tuple[float, float], r: float, depth: float, angle: float) -> None:
    centre = (17.0, -3.0)
    end = (centre[0] + depth * r * math.cos(angle), centre[1] + depth * r * math.sin(angle))
    assume(math.dist(end, centre) < r and start != end)
    on = point_map(start, end, (*centre, r))
    assert codes(run(one_leg(WITHOUT_PEAK), on)) == ["check.missing"]
    assert codes(run(one_leg(WITH_PEAK), on)) == []


@settings(deadline=None, max_examples=60)
@given(point, point, point, radius)
def test_hazards_the_referee_asks_for_a_check_exactly_when_the_leg_crosses(
        start: tuple[float, float], end: tuple[float, float], centre: tuple[float, float],
        r: float) -> None:
    assume(start != end)
    on = point_map(start, end, (*centre, r))
    expected = crosses_exactly((start, end), (*centre, r))
    assert (codes(run(one_leg(WITHOUT_PEAK), on)) == ["check.missing"]) is expected


def test_execute_flight_a_leg_exactly_the_template_long_is_legal() -> None:
    on = point_map((0.0, 0.0), (30.0, 40.0), (500.0, 500.0, 1.0))
    board = on.board.model_copy(update={"leg_length": 50.0})
    assert codes(run(one_leg(WITHOUT_PEAK), Chart(board, tables(), network(board)))) == []
    short = on.board.model_copy(update={"leg_length": 49.999})
    assert codes(run(one_leg(WITHOUT_PEAK), Chart(short, tables(), network(short)))) == [
        "leg.too-long"]


# --- Score, the Pilot Log -----------------------------------------------------------------------


def test_score_delivered_weights_less_one_per_open_cargo_and_airport() -> None:
    """Score: 'Add up delivered cargo points. Subtract 1 points for each cargo ordered (not
    delivered), and each destination airport planned and not visited.'"""
    played = run({**FOUR_LEGS, "events": [
        *FOUR_LEGS["events"], {"plan": {"dice": [4, 1], "destination": 41}},
        {"plan": {"dice": [2, 3], "cargo": 5}}, {"plan": {"dice": [1, 1], "cargo": 2}}],
        "end": {"reason": "stop", "score": 4, "rank": "none"}})
    assert codes(played) == []
    tally = played.state.tally
    assert tally is not None
    assert (sum(tally.delivered), tally.undelivered_cargo, tally.unvisited_destinations,
            tally.points) == (7, 2, 1, 4)


@pytest.mark.parametrize(("points", "rank"), [(39, None), (40, "Winning the game"),
                                              (42, "Winning the game"),
                                              (43, "Silver Wing pilot"),
                                              (45, "Gold Wing pilot"), (60, "Gold Wing pilot")])
def test_winning_the_game_ranks(points: int, rank: str | None) -> None:
    from pnpcompiler.games.air_cargo.play import rank as rank_of

    assert rank_of(tables(), points) == rank


def test_claimed_ranks_read_short_or_as_printed() -> None:
    assert read_rank(chart(), "gold") == (True, "Gold Wing pilot")
    assert read_rank(chart(), "Silver Wing pilot") == (True, "Silver Wing pilot")
    assert read_rank(chart(), "win") == (True, "Winning the game")
    assert read_rank(chart(), "none") == (True, None)
    assert read_rank(chart(), "platinum") == (False, None)


def sheet(**changes: Any) -> list[str]:
    data = {"game": "air-cargo", "record": "pilot-log",
            "cargo": {"planned": [7, 3, 8], "delivered": [7, 8]},
            "airports": {"planned": [46, 51, 41], "visited": [46, 51]},
            "weather": 9, "legs": 9, "end": "stop", "score": 13, **changes}
    rulings, _ = check_sheet(chart(), PilotLogRecord.model_validate(data))
    return [f.code for f in rulings.findings]


def test_pilot_log_boxes_agree() -> None:
    assert sheet() == []
    assert sheet(airports={"planned": [46, 51, 41], "visited": [46, 51, 51]}) == [
        "airport.visited-twice"]
    # A box the score is counted from found wrong leaves the score open: one finding.
    assert sheet(cargo={"planned": [7, 3, 8], "delivered": [7]}) == ["flight.cargo-count"]
    assert sheet(cargo={"planned": [7, 3, 8], "delivered": [7, 7]}) == ["cargo.not-planned"]
    assert sheet(airports={"planned": [46, 41], "visited": [46, 51]}) == [
        "airport.not-planned"]
    assert sheet(airports={"planned": [46, 51, 41, 12], "visited": [46, 51]}) == [
        "airport.unknown"]
    assert sheet(weather=8) == ["weather.legs"]
    assert sheet(legs=None, weather=1) == ["weather.too-few"]
    assert sheet(route=[51, 46], legs=None, weather=3) == ["weather.too-few"]
    assert sheet(route=[46]) == ["route.visited"]
    assert sheet(prayers=4) == ["prayer.none-left"]
    assert sheet(end="crash", score=None, rank="gold") == ["score.rank"]
    assert sheet(score=15) == ["score.points"]


# --- the map trace ------------------------------------------------------------------------------


def _groups(face: Any) -> dict[str, Any]:
    return {g.id: g for g in face.elements if hasattr(g, "id")}


@pytest.mark.parametrize("name", ["crash", "stop", "gold-wing"])
def test_map_trace_draws_every_leg_check_and_the_score(name: str) -> None:
    report = referee_file(GAMES / f"{name}.yaml", CONTENT)
    state = report.state
    assert isinstance(state, PilotState)
    face = draw(game(), state)
    groups = _groups(face)
    assert {"route", "checks", "leg-numbers", "summary", "flights"} <= set(groups)
    legs = sum(len(f.legs) for f in state.flights)
    # Each leg: a halo, a line and an arrow; each number: a ring and its text.
    assert len(groups["route"].elements) == 3 * legs
    assert len(groups["leg-numbers"].elements) == 2 * legs
    assert ("crash" in groups) is (name == "crash")
    assert face.height > report.content.of_type(AirCargoMap)[0].height * 0.22  # type: ignore[union-attr]


def test_map_trace_is_the_same_twice() -> None:
    from pnpcompiler.referee import map_trace

    report = referee_file(GAMES / "crash.yaml", CONTENT)
    assert map_trace(report) == map_trace(referee_file(GAMES / "crash.yaml", CONTENT))


# --- the command line ---------------------------------------------------------------------------


def test_cli_legal_game_exits_0_with_scores(scratch: Scratch, pnp: Runner) -> None:
    scratch(REPO, "examples/air-cargo/gold-wing.yaml")
    code, out = pnp("referee", "examples/air-cargo/gold-wing.yaml", "--content", str(CONTENT),
                    "--format", "json")
    assert code == 0, out
    report = json.loads(out)
    assert (report["game"], report["record"], report["legal"], report["findings"]) == (
        "air-cargo", "flight-log", True, [])
    pilot = report["scores"]["pilot"]
    assert pilot["rank"] == "Gold Wing pilot" and pilot["points"] >= 45
    assert {"delivered", "undelivered_cargo", "unvisited_destinations", "plan_rerolls",
            "stamina", "prayers", "legs", "end"} <= set(pilot)


def test_cli_findings_exit_1_with_json_fields(scratch: Scratch, pnp: Runner) -> None:
    scratch(CASES / "check-missing", "record.yaml")
    code, out = pnp("referee", "record.yaml", "--content", str(CONTENT), "--format", "json")
    assert code == 1, out
    report = json.loads(out)
    assert report["legal"] is False
    (finding,) = report["findings"]
    assert {k: finding[k] for k in ("code", "rule", "turn", "severity")} == {
        "code": "check.missing", "rule": "Hazards", "turn": 1, "severity": "error"}
    assert finding["line"] > 0 and "Mt Rainier" in finding["message"]
    assert report["scores"]["pilot"]["points"] == 41


def test_cli_text_report_names_the_rule_and_the_flight(scratch: Scratch, pnp: Runner) -> None:
    scratch(CASES / "leg-too-long", "record.yaml")
    code, out = pnp("referee", "record.yaml", "--content", str(CONTENT))
    assert code == 1
    assert "error leg.too-long" in out and "[rule Execute flight, turn 4]" in out


@pytest.mark.parametrize(("text", "where"), [
    ("game: air-cargo\nrecord: flight-log\nevents: [\n", "record.yaml"),
    ("game: air-cargo\nrecord: flight-log\nend: {reason: stop}\nevents:\n"
     "  - {plan: {dice: [1, 2], cargo: 3}, fly: {to: 46, cargo: 3}}\n", "events[0]"),
    ("game: air-cargo\nrecord: flight-log\nend: {reason: stop}\nevents:\n"
     "  - plan: {dice: [1, 2], cargo: 3, wieght: 3}\n", "wieght"),
    ("game: air-cargo\nrecord: pilot-log\nweather: 3\nend: crashed\n", "end"),
    ("game: air-cargo\nrecord: flight-plan\n", "flight-log, pilot-log"),
])
def test_cli_unreadable_record_exits_2(tmp_path: Path, pnp: Runner, text: str,
                                       where: str) -> None:
    path = tmp_path / "record.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = pnp("referee", str(path), "--content", str(CONTENT))
    assert code == 2, out
    assert where in out


def test_cli_map_trace_writes_an_svg(tmp_path: Path, scratch: Scratch, pnp: Runner) -> None:
    scratch(REPO, "examples/air-cargo/crash.yaml")
    target = tmp_path / "trace.svg"
    code, out = pnp("referee", "examples/air-cargo/crash.yaml", "--content", str(CONTENT),
                    "--map-trace", "-o", str(target))
    assert code == 0, out
    svg = target.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert 'id="route"' in svg and 'id="crash"' in svg and "CRASH" in svg


def test_cli_map_trace_of_a_pilot_log_is_a_usage_error(tmp_path: Path, scratch: Scratch,
                                                       pnp: Runner) -> None:
    scratch(REPO, "examples/air-cargo/pilot-log.yaml")
    code, out = pnp("referee", "examples/air-cargo/pilot-log.yaml", "--content", str(CONTENT),
                    "--map-trace", "-o", str(tmp_path / "t.svg"))
    assert code == 2, out
    assert "needs a flight log" in out
    assert not (tmp_path / "t.svg").exists()


# --- more of the flight log's rulings --------------------------------------------------------


def _flight(**changes: Any) -> Data:
    """The four-leg game with its flight changed."""
    data: Data = json.loads(json.dumps(FOUR_LEGS))
    data["events"][2]["fly"].update(changes)
    return data


LANDING = [check("landing", 6, (2, 3))]


@pytest.mark.parametrize(("record", "found"), [
    (_flight(to=46, legs=[]), ["flight.no-legs"]),
    (_flight(legs=[{"to": "LKV"}, {"to": "LOL"}, {"to": "BTY"}]), ["flight.not-arrived"]),
    (_flight(to="Atlantis"), ["flight.unknown-airport", "score.points"]),
    (_flight(legs=[{"to": "LKV"}, {"to": "LKV"}, {"to": "LOL"}, {"to": "BTY"},
                   {"to": 46, "checks": LANDING}]), ["leg.same-place"]),
    (_flight(legs=[{"to": "LKV"}, {"to": "Lovelok"}]), ["leg.unknown-place",
                                                        "flight.not-arrived"]),
    (_flight(legs=[{"to": "LKV"}, {"to": "LOL"}, {"to": "BTY"}, {"to": 46, "checks": [
        check("landing", 6, (2, 3)), check("landing", 6, (2, 3))]}]), ["check.twice"]),
    (_flight(legs=[{"to": "LKV"}, {"to": "LOL"}, {"to": "BTY"}, {"to": 46, "checks": [
        check("Mt Everest"), *LANDING]}]), ["check.unknown-mountain"]),
    (_flight(legs=[{"to": "LKV", "checks": LANDING}, {"to": "LOL"}, {"to": "BTY"},
                   {"to": 46}]), ["check.invented"]),
    (_flight(legs=[{"to": "LKV", "checks": LANDING * 2}, {"to": "LOL"}, {"to": "BTY"},
                   {"to": 46}]), ["check.invented", "check.twice"]),
    (_flight(legs=[{"to": "LKV", "checks": LANDING}, {"to": "LOL", "checks": LANDING},
                   {"to": "BTY"}, {"to": 46}]), ["check.invented", "check.invented"]),
])
def test_flight_log_rulings(record: Data, found: list[str]) -> None:
    assert codes(run(record)) == found


def test_prepare_flight_a_flight_to_no_airport_still_delivers_its_cargo() -> None:
    """Prepare flight: a flight to a place the map does not have is played on as written,
    its cargo circled, so the score differs only by the airport planned and not visited
    (the referee cannot tell which airport was meant), not by the cargo too."""
    played = run(_flight(to="Atlantis"))
    tally = played.state.tally
    assert tally is not None
    assert (tally.delivered, tally.undelivered_cargo, tally.unvisited_destinations) == (
        (7,), 0, 1)


def test_execute_flight_a_flight_ends_where_it_lands() -> None:
    plans = [{"plan": {"dice": [5, 2], "destination": 52}}, {"plan": {"dice": [1, 1],
                                                                      "cargo": 1}}]
    flight = {"to": 52, "cargo": 1, "legs": [
        {"to": "DSD"}, {"to": "Caldwell", "checks": [check("landing")]}, {"to": "TWF"}]}
    assert codes(run({"events": [*plans, {"fly": flight}]})) == ["leg.after-landing"]


def test_execute_flight_legs_after_landing_are_one_finding() -> None:
    """Execute flight: one mistake, one finding: the first leg after landing is the cause;
    the legs after it, where they go and what they cross draw nothing more."""
    plans = [{"plan": {"dice": [5, 2], "destination": 52}}, {"plan": {"dice": [1, 1],
                                                                      "cargo": 1}}]
    flight = {"to": 52, "cargo": 1, "legs": [
        {"to": "DSD"}, {"to": "Caldwell", "checks": [check("landing")]}, {"to": "Seattle"},
        {"to": "TWF"}]}
    played = run_written({"events": [*plans, {"fly": flight}]})
    assert codes(played) == ["leg.after-landing"]
    assert played.findings[0].location is not None
    assert played.findings[0].location.path == "events[2].fly.legs[2].to"
    assert played.state.flights[0].arrived and played.state.weather == 4


def _dsd_to_seattle(checks: list[Data]) -> Data:
    """Pendleton - DSD - Seattle: the last leg meets Mt Hood, then Mt Rainier."""
    plans = [{"plan": {"dice": [4, 1], "destination": 41}}, {"plan": {"dice": [1, 1],
                                                                      "cargo": 1}}]
    flight = {"to": 41, "cargo": 1, "legs": [{"to": "DSD"}, {"to": "Seattle",
                                                             "checks": checks}]}
    return {"events": [*plans, {"fly": flight}]}


def test_hazards_checks_come_in_the_order_the_leg_meets_the_ranges() -> None:
    """Hazards: each range crossed is one check, in the order the leg meets them, then the
    landing: DSD to Seattle meets Mt Hood first, so a log that checks Mt Rainier first is
    reported once, at the check out of place."""
    assert crossed(chart(), *(chart().place(p) or chart().start for p in ("DSD", "41"))) == [
        "mount-hood", "mount-rainier"]
    assert codes(run(_dsd_to_seattle([check("Mt Hood"), check("Mt Rainier"),
                                      check("landing")]))) == []
    played = run_written(_dsd_to_seattle([check("Mt Rainier"), check("Mt Hood"), check("landing")]))
    assert codes(played) == ["check.order"]
    finding = played.findings[0]
    assert finding.extra["rule"] == "Hazards" and finding.location is not None
    assert finding.location.path == "events[2].fly.legs[1].checks[1].at"
    assert finding.location.line is not None and finding.location.col is not None
    assert "meets Mt Hood (H2) before Mt Rainier (H3)" in finding.message


def test_hazards_the_first_failed_check_ends_the_flight_where_the_leg_meets_it() -> None:
    """Hazards: the order matters because the first failed check ends the flight: a crash on
    Mt Rainier is reached only after Mt Hood's check; one written after the crash is out of
    order (not a check after the game ended), one not written at all is missing."""
    fail = check("Mt Rainier", dice=(6, 6), result="fail")
    crash = {"end": {"reason": "crash"}}
    played = run({**_dsd_to_seattle([fail, check("Mt Hood")]), **crash})
    assert codes(played) == ["check.order"]
    assert codes(run({**_dsd_to_seattle([fail]), **crash})) == ["check.missing"]
    assert codes(run({**_dsd_to_seattle([check("Mt Hood", dice=(6, 6), result="fail")]),
                      **crash})) == []
    landing = check("landing", dice=(6, 6), result="fail")
    assert codes(run({**_dsd_to_seattle([landing]), **crash})) == ["check.missing"] * 2


def test_hazards_a_check_made_on_the_wrong_leg_is_one_finding() -> None:
    """Hazards: Mt Hood checked on the leg to DSD, which does not cross it, rather than on the
    leg to Seattle, which does: one mistake, ruled on where it is first found."""
    plans = [{"plan": {"dice": [4, 1], "destination": 41}}, {"plan": {"dice": [1, 1],
                                                                      "cargo": 1}}]
    flight: Data = {"to": 41, "cargo": 1, "legs": [
        {"to": "DSD", "checks": [check("Mt Hood")]},
        {"to": "Seattle", "checks": [check("Mt Rainier"), check("landing")]}]}
    assert codes(run({"events": [*plans, {"fly": flight}]})) == ["check.invented"]
    flight["legs"][1]["checks"] = [check("landing")]
    assert codes(run({"events": [*plans, {"fly": flight}]})) == [
        "check.invented", "check.missing"]


def test_hazards_the_landing_check_comes_after_the_mountains() -> None:
    plans = [{"plan": {"dice": [4, 1], "destination": 41}}, {"plan": {"dice": [1, 1],
                                                                      "cargo": 1}}]
    flight = {"to": 41, "cargo": 1, "legs": [{"to": "Seattle", "checks": [
        check("landing"), check("Mt Rainier")]}]}
    played = run_written({"events": [*plans, {"fly": flight}]})
    assert codes(played) == ["check.order"]
    assert played.findings[0].location is not None
    assert played.findings[0].location.path == "events[2].fly.legs[0].checks[1].at"


def test_weather_a_skipped_box_is_one_finding() -> None:
    """Weather: a box skipped shifts every box number after it; it is one mistake."""
    skipped = json.loads(json.dumps(FOUR_LEGS))
    for leg, box in zip(skipped["events"][2]["fly"]["legs"], [1, 3, 4, 5], strict=True):
        leg["weather_box"] = box
    played = run_written(skipped)
    assert codes(played) == ["weather.box"]
    assert played.findings[0].location is not None
    assert played.findings[0].location.path == "events[2].fly.legs[1].weather_box"


def test_flight_phase_cargo_is_delivered_once() -> None:
    again = {"to": 41, "cargo": 7, "from": 46, "legs": [{"to": "Seattle"}]}
    data = json.loads(json.dumps(FOUR_LEGS))
    data["events"] += [{"plan": {"dice": [4, 1], "destination": 41}}, {"fly": again}]
    found = codes(run(data))
    assert found[0] == "flight.cargo-delivered"


def test_weather_a_leg_with_no_box_left_is_a_finding() -> None:
    legs = [{"to": "LKV"}, {"to": "Pendleton"}] * 23
    plans = [{"plan": {"dice": [5, 1], "destination": 51}}, {"plan": {"dice": [1, 1],
                                                                      "cargo": 1}}]
    flight = {"to": 51, "cargo": 1, "legs": [*legs, {"to": "Spokane"}]}
    found = codes(run({"events": [*plans, {"fly": flight}]}))
    assert "weather.no-box" in found and found.count("weather.no-box") == 1


def test_end_game_a_crash_counts_no_points() -> None:
    data = json.loads(json.dumps(FOUR_LEGS))
    data["events"][2]["fly"]["legs"][3]["checks"] = [check("landing", 6, (6, 6),
                                                           result="fail")]
    data["end"] = {"reason": "crash", "score": 0, "rank": "none"}
    played = run(data)
    assert codes(played) == ["score.lost"]
    assert played.findings[0].severity.value == "warning"
    assert played.state.tally is not None and played.state.tally.rank is None


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.iterdir() if p.is_dir()))
def test_map_trace_draws_every_golden_flight_log(case: str) -> None:
    """Whatever a log gets wrong, the trace still draws it."""
    report = referee_file(CASES / case / "record.yaml", CONTENT)
    if report.record != "flight-log":
        return
    face = draw(game(), report.state)
    assert face.width > 0 and "summary" in _groups(face)


def test_the_documented_examples_are_legal(tmp_path: Path) -> None:
    import re

    text = (REPO / "docs" / "air-cargo-referee.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    for n, block in enumerate(blocks):
        path = tmp_path / f"example-{n}.yaml"
        path.write_text(block, encoding="utf-8")
        report = referee_file(path, CONTENT)
        assert [f.message for f in report.findings] == [] and report.legal


PLACE_NAMES = st.sampled_from(["LKV", "LOL", "BTY", "YKM", "DSD", "Seattle", "46", "Spokane",
                               "Nowhere", "Pendleton", "44", "MSO"])
DIE = st.integers(1, 6)
REROLL = st.fixed_dictionaries({"reroll": st.lists(DIE, min_size=1, max_size=2),
                                "got": st.lists(DIE, min_size=1, max_size=2)})
CHECK = st.fixed_dictionaries(
    {"at": st.sampled_from(["landing", "Mt Rainier", "Blue Mts", "Olympus"]),
     "weather_die": DIE, "dice": st.lists(DIE, min_size=2, max_size=2),
     "result": st.sampled_from(["pass", "fail"])},
    optional={"stamina": st.integers(0, 12), "panic": st.integers(0, 12),
              "prayers": st.lists(REROLL, max_size=2), "total": st.integers(0, 30)})
PLAN = st.fixed_dictionaries({"dice": st.lists(DIE, min_size=2, max_size=2)},
                             optional={"rerolls": st.lists(REROLL, max_size=3),
                                       "cargo": st.integers(1, 12),
                                       "destination": st.sampled_from([41, 46, 64, 12, "XX",
                                                                       "Seattle"])})
FLY = st.fixed_dictionaries(
    {"to": st.sampled_from([41, 46, 51, 44, "Pendleton", "Atlantis"]),
     "cargo": st.integers(1, 12),
     "legs": st.lists(st.fixed_dictionaries(
         {"to": PLACE_NAMES}, optional={"weather_box": st.integers(1, 50),
                                        "checks": st.lists(CHECK, max_size=3)}),
         max_size=6)})


@settings(deadline=None, max_examples=150)
@given(st.lists(st.one_of(st.fixed_dictionaries({"plan": PLAN}),
                          st.fixed_dictionaries({"fly": FLY})), max_size=12),
       st.sampled_from(["stop", "crash", "nothing-valid"]), st.none() | st.integers(0, 99))
def test_any_flight_log_is_refereed_without_an_error(events: list[Data], reason: str,
                                                     seed: int | None) -> None:
    """However wrong a log is, the referee reports it and draws it; it never fails. The dice
    it notes as it replays are the record's, in the order rolled, unless it passed some
    over (then it reads them from the record)."""
    played = run({"events": events, "seed": seed, "end": {"reason": reason, "score": 3,
                                                          "rank": "gold"}})
    assert played.state.tally is not None
    draw(game(), played.state)
    log = FlightLog.model_validate({"game": "air-cargo", "record": "flight-log",
                                    "events": events, "end": {"reason": reason}})
    if played.every_die:
        assert played.faces == dice_faces(log)
    assert dice_faces(log) == [value for value, *_ in dice_in_order(log)]


def test_engine_fork_shares_nothing_an_action_changes() -> None:
    """A fork is a copy to try actions on: a flight applied to it leaves the game as it was."""
    from pnpcompiler.games.air_cargo.referee.engine import AirCargoEngine, Flight, PlanRoll

    log = FlightLog.model_validate({"game": "air-cargo", "record": "flight-log",
                                    **json.loads(json.dumps(FOUR_LEGS))})
    engine = AirCargoEngine(chart())
    half = engine.initial(log)
    for action in engine.actions(log):
        if isinstance(action, PlanRoll):
            engine.apply(half, action)
    before = repr((half.state, half.faces, half.findings, half.reported, half.written_box))
    fork = engine.fork(half)
    flight = next(a for a in engine.actions(log) if isinstance(a, Flight))
    engine.apply(fork, flight)
    engine.apply(fork, flight)  # again: a finding and a second flight, on the fork only
    assert fork.state.flights and fork.findings and fork.faces != half.faces
    assert repr((half.state, half.faces, half.findings, half.reported,
                 half.written_box)) == before
    assert {f.name for f in dataclasses.fields(half)} == {
        "chart", "state", "empty_roll", "written_box", "faces", "every_die", "findings",
        "incidents", "reported", "piece_word"}, "a new field of the game: copy it in fork"


def test_destination_planning_an_airport_ticked_again_is_one_finding() -> None:
    """Destination planning: an airport has one box; a roll that does not read it, for an
    airport ticked already, is one finding, and the airport still counts once in the score."""
    data = json.loads(json.dumps(FOUR_LEGS))
    data["events"][2:2] = [{"plan": {"dice": [4, 1], "destination": 41}},
                           {"plan": {"dice": [2, 3], "destination": 41}}]
    data["end"]["score"] = 7 - 1  # Seattle planned and not visited, once
    played = run(data)
    assert codes(played) == ["plan.destination-dice"]
    assert played.state.planned == ["los-angeles", "seattle"]
