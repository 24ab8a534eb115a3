"""The Rushing Tin rulebook's worked examples, rebuilt on the RT001 map and refereed.

Each test sets planes where the example has them (hexes as printed on the map: column, row),
replays one move through the referee's own engine, and checks what the rule says happens.
RT001's points: 02 at 1114 (level 2, exits south), 24 at 0112 (level 3, south-west), 09 at
1810 (level 4, south-east), 15 at 1601 (level 5, north), 21 at 0102 (level 6, north-west);
the airport at 1103, take-off heading south along 1104-1106.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.hexgrid import direction_index
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.flight import fly
from pnpcompiler.games.rushing_tin.referee.log import Accept, Move, Turn
from pnpcompiler.games.rushing_tin.referee.state import Plane, WeatherSystem
from pnpcompiler.games.rushing_tin.referee.turns import (
    accept,
    celebrity_deadlines,
    end_moves,
    one_move,
    start_turn,
)
from pnpcompiler.referee import referee_file
from tests.games.rushing_tin.tables import shift_in_turn_5
from tests.paths import CONTENT


@pytest.fixture(scope="module")
def game(rushing_tin: GameContent) -> GameContent:
    return rushing_tin


@pytest.fixture
def table(game: GameContent) -> Context:
    """A shift in turn 5 (9:00) with two ATCs, A and B, and nothing on the map."""
    return shift_in_turn_5(game, "AB")


def put(ctx: Context, pid: int, flight: str, at: str | None, facing: str, level: int, *,
        atc: str = "A", where: str = "flying", start: str = "8:45") -> Plane:
    """Place a plane flying a route (route codes decode entry, multi and exit)."""
    from pnpcompiler.games.rushing_tin.routes import minutes, parse_route

    route = parse_route(flight)
    assert route is not None
    plane = Plane(pid, flight, atc, route.airline, route.entry, route.exit, route.multi,
                  ctx.tables.schedules[flight], minutes(start) or 0, active_from=1,
                  where=where,  # type: ignore[arg-type]
                  hex=ctx.names.hex(at) if at else None,
                  facing=direction_index("flat", facing), level=level)
    ctx.state.planes[pid] = plane
    return plane


def move(ctx: Context, plane: Plane, **fields: Any) -> None:
    fly(ctx, plane, Move.model_validate({"plane": plane.id, **fields}))


def codes(ctx: Context) -> list[tuple[str, str]]:
    return [(f.code, str(f.extra.get("rule"))) for f in ctx.findings]


def deals(ctx: Context) -> list[tuple[str, str]]:
    return [(str(i["kind"]), str(i["rule"])) for i in ctx.incidents if "deal" in str(i["kind"])]


def hand_offs(ctx: Context) -> list[dict[str, Any]]:
    return [i for i in ctx.incidents if i["kind"] == "hand-off"]


def at(ctx: Context, plane: Plane) -> str:
    assert plane.hex is not None
    return ctx.names.name(plane.hex)


# --- accepting hand-offs (2.05-2.08) ---------------------------------------------------------


ACCEPTING = """\
game: rushing-tin
record: shift
atcs: [{id: A}, {id: B}]
lead: A
setup:
  pool: [1, 2, 4, 5, 7, 10]
  pending: {A: [AA306, CA302, AA204], B: [CA201, TJ206, AL205]}
  accept:
    - {atc: A, flight: AA306, plane: 7}
    - {atc: B, flight: CA201, plane: 5}
    - {atc: A, flight: CA302, plane: 4}
    - {atc: B, flight: TJ206, plane: 2}
    - {atc: A, flight: AA204, plane: 10}
    - {atc: B, flight: AL205, plane: 1}
turns:
  - turn: 1
    roll: 3
    moves:
      - {plane: 1, enter: {level: 5}, path: ["1114", "1113", "1112", "1111", "1110"]}
      - {plane: 4, enter: {level: {level4}}}
      - {plane: 2, enter: {level: 4}, path: ["1114", "1113", "1112", "1111"]}
      - {plane: 7, path: ["0112", "0211", "0311"]}
      - {plane: 5, enter: {level: 3}, path: ["1114", "1113", "1112"]}
      - {plane: 10, path: ["1114", "1113"]}
"""


def _accepting(tmp_path: Path, level4: int) -> Any:
    record = tmp_path / "accepting.yaml"
    text = ACCEPTING.replace("{level4}", str(level4))
    if level4 != 4:  # the lower level moves later
        lines = text.splitlines()
        four = next(i for i, line in enumerate(lines) if "plane: 4," in line)
        lines.insert(len(lines) - 1, lines.pop(four))
        text = "\n".join(lines) + "\n"
    record.write_text(text, encoding="utf-8")
    return referee_file(record, CONTENT)


def test_2_06_2_07_accepting_hand_off_examples(tmp_path: Path) -> None:
    """ACCEPTING HAND-OFF EXAMPLES: 7 enters at 24 at level 3 (highest ID); 4 goes up to
    level 4 (level 2 would break 10.04); at 02, 10 enters at level 2, then 5, 2 and 1 go up
    to 3, 4 and 5 (level 1 would break 10.01) and so move third, second and first."""
    report = _accepting(tmp_path, 4)
    assert [(f.code, f.extra["rule"]) for f in report.findings] == []
    state = report.state
    levels = {pid: state.planes[pid].level for pid in (1, 2, 4, 5, 7, 10)}
    assert levels == {1: 5, 2: 4, 4: 4, 5: 3, 7: 3, 10: 2}


def test_2_07_reducing_to_level_2_is_not_the_choice(tmp_path: Path) -> None:
    report = _accepting(tmp_path, 2)
    assert ("entry.order", "2.07") in [(f.code, f.extra["rule"]) for f in report.findings]


def _diagonal(tmp_path: Path, extra: str) -> list[tuple[str, str]]:
    text = ACCEPTING.replace("{level4}", "4").replace(
        "- {plane: 4, enter: {level: 4}}", "- {plane: 4, enter: {level: 4, diagonal: right}"
        + extra + "}")
    record = tmp_path / "diagonal.yaml"
    record.write_text(text, encoding="utf-8")
    report = referee_file(record, CONTENT)
    return [(f.code, str(f.extra["rule"])) for f in report.findings]


def test_2_08_a_diagonal_entry_when_2_07_gives_a_safe_level(tmp_path: Path) -> None:
    """Plane 4 must give way to plane 7 at 24: 2.07's first choice, level 4, is safe, so it
    may not enter diagonally."""
    assert _diagonal(tmp_path, "") == [("entry.diagonal", "2.08")]


def test_2_08_a_diagonal_entry_claimed_as_the_only_safe_one(tmp_path: Path) -> None:
    assert _diagonal(tmp_path, ', claim: "level 4 would meet plane 9"') == [
        ("claim.accepted", "2.08")]


ENTRY_LEVEL_WRONG = ACCEPTING.replace(
    """      - {plane: 4, enter: {level: {level4}}}
""", "").replace(
    """      - {plane: 7, path: ["0112", "0211", "0311"]}
      - {plane: 5, enter: {level: 3}, path: ["1114", "1113", "1112"]}
""", """      - {plane: 7, path: ["0112", "0211", "0311"], level: 4}
      - {plane: 5, enter: {level: 3}, path: ["1114", "1113", "1112"]}
      - plane: 4
        path: ["0112", "0211", "0311"]
        near_misses: [{with: 7, kind: vertical, panic: 4}]
        deals: [minor]
""")


def test_2_06_a_wrong_entry_level_is_one_finding(tmp_path: Path) -> None:
    """Plane 4 enters at 24 at the card's level 3 beside plane 7, which has priority: 2.07
    puts it at level 4. That is the record's one mistake; the rest is judged on the record's
    own terms (plane 4 at level 3 moves after 7 and 5, 3.01; plane 7 is not in the way of an
    entry the record never makes, 1.36), and the near miss its entry causes is written."""
    record = tmp_path / "entry.yaml"
    record.write_text(ENTRY_LEVEL_WRONG, encoding="utf-8")
    report = referee_file(record, CONTENT)
    assert [(f.code, f.extra["rule"]) for f in report.findings] == [("entry.must-alter",
                                                                       "2.06")]
    assert [i["kind"] for i in report.incidents if "deal" in str(i["kind"])] == ["minor deal"]


# --- movement (3.01-3.12) ----------------------------------------------------------------------


def test_3_05_movement_example_1_six_hexes_the_first_being_the_entry_point(
        table: Context) -> None:
    """MOVEMENT EXAMPLES 1: plane 7 enters at level 6, moves 6 hexes (the first its entry
    point) and then turns right."""
    plane = put(table, 7, "CA601", None, "se", 6, where="waiting")
    move(table, plane, path=["0102", "0202", "0303", "0403", "0504", "0604"], turn="right")
    assert codes(table) == []
    assert (at(table, plane), plane.facing, plane.level) == ("0604", direction_index("flat", "s"),
                                                             6)


@pytest.mark.parametrize(("example", "level", "start", "facing", "end"), [
    (2, 4, "0705", "s", "0709"),      # plane 5 at level 4 moves 4 hexes
    (3, 2, "0705", "s", "0707"),      # plane 1 at level 2 moves 2 hexes
    (4, 3, "0201", "se", "0503"),     # plane 2 from a top-edge half hex: still on the map
])
def test_3_05_movement_examples_2_to_4_speed_is_the_level(
        table: Context, example: int, level: int, start: str, facing: str, end: str) -> None:
    """MOVEMENT EXAMPLES 2-4: a plane moves exactly as many hexes as its level; edge half
    hexes are part of the map, so crossing them is not leaving it (4.15 note)."""
    plane = put(table, example, "TJ305", start, facing, level)
    move(table, plane)
    assert codes(table) == [] and deals(table) == []
    assert at(table, plane) == end and plane.where == "flying"


def test_3_06_a_plane_moves_its_full_speed(table: Context) -> None:
    plane = put(table, 5, "TJ502", "1605", "s", 4)
    move(table, plane, path=["1606", "1607", "1608"])
    assert codes(table) == [("move.path", "3.06")]
    assert at(table, plane) == "1609"


def test_3_05_a_plane_moves_no_more_than_its_speed(table: Context) -> None:
    plane = put(table, 5, "TJ502", "1605", "s", 4)
    move(table, plane, path=["1606", "1607", "1608", "1609", "1610"])
    assert codes(table) == [("move.path", "3.05")]


def test_3_03_no_turn_in_the_middle_of_a_move(table: Context) -> None:
    plane = put(table, 5, "TJ502", "1605", "s", 4)
    move(table, plane, path=["1606", "1607", "1707", "1808"])
    assert codes(table) == [("move.path", "3.03")]


def test_3_02_a_plane_flies_the_way_its_nose_points(table: Context) -> None:
    plane = put(table, 5, "TJ502", "1605", "s", 4)
    move(table, plane, path=["1604", "1603", "1602", "1601"])
    assert codes(table) == [("move.path", "3.02")]


def test_3_11_one_level_change_a_turn(table: Context) -> None:
    plane = put(table, 5, "TJ502", "1605", "s", 4)
    move(table, plane, level=2)
    assert ("move.level-step", "3.11") in codes(table)


def test_4_15_movement_example_5_unmonitored_side_is_a_major_deal(table: Context) -> None:
    """MOVEMENT EXAMPLES 5: plane 4 at level 5 will leave over an unmonitored map boundary
    (no RT001 point faces north-east): a major deal, fined and black-listed."""
    plane = put(table, 4, "TJ502", "1605", "ne", 5)
    move(table, plane)
    assert deals(table) == [("major deal", "4.15")]
    atc = table.state.controllers["A"]
    assert (atc.fines, atc.deals, sorted(atc.black_listed)) == (5000, 2, ["TJ"])
    assert plane.where == "gone" and 4 in table.state.pool


def test_7_03_movement_example_6_level_change_avoids_a_vertical_near_miss(
        table: Context) -> None:
    """MOVEMENT EXAMPLES 6: plane 10 at level 5 ends its move under plane 7 (level 6) but
    reduces to level 4 at the end: no near miss. Staying at 5 is one."""
    put(table, 7, "CA601", "0806", "s", 6, atc="B")
    plane = put(table, 10, "TJ502", "0801", "s", 5)
    move(table, plane, level=4)
    assert codes(table) == [] and deals(table) == []
    plane = put(table, 10, "TJ502", "0801", "s", 5)
    table.findings.clear()
    move(table, plane)
    assert ("near-miss.unrecorded", "7.02") in codes(table)
    assert deals(table) == [("minor deal", "7.03")]


# --- handing off (4.01-4.15) --------------------------------------------------------------------


def test_4_01_perfect_hand_off_example(table: Context) -> None:
    """PERFECT HAND-OFF EXAMPLE: plane 10 ends exactly on the level-2 exit point, at level 2,
    facing along the hand-off route: the full bonus, a commendation, Key Controller."""
    plane = put(table, 10, "TJ502", "1112", "s", 2)
    bonus = table.tables.cards["TJ502"].bonus
    move(table, plane, path=["1113", "1114"], paid=bonus)
    assert codes(table) == []
    (done,) = hand_offs(table)
    assert (done["quality"], done["away"], done["paid"]) == ("perfect", 0, bonus)
    atc = table.state.controllers["A"]
    assert (atc.commendations, atc.key, atc.bonuses) == (1, {"TJ": 1}, bonus)


def test_4_01_perfect_hand_off_reducing_and_turning_at_the_end(table: Context) -> None:
    """Plane 4 reaches the level-4 exit at level 5, then reduces to 4 and turns onto the
    hand-off route at the end of its move: still perfect."""
    plane = put(table, 4, "AL504", "1805", "s", 5)
    move(table, plane, path=["1806", "1807", "1808", "1809", "1810"], level=4, turn="left")
    (done,) = hand_offs(table)
    assert done["quality"] == "perfect" and codes(table) == []


def test_4_07_imperfect_hand_off_at_the_wrong_level(table: Context) -> None:
    plane = put(table, 10, "TJ502", "1111", "s", 3)
    move(table, plane)
    (done,) = hand_offs(table)
    card = table.tables.cards["TJ502"]
    assert (done["quality"], done["away"], done["rule"]) == ("imperfect", 1, "4.07")
    assert done["paid"] == card.bonus - card.penalty
    assert table.state.controllers["A"].commendations == 0


def test_4_08_imperfect_hand_off_example_one_hex_off_the_exit_point(table: Context) -> None:
    """IMPERFECT HAND-OFF EXAMPLE: plane 5 finishes one hex along the exit's hand-off hex
    side from the exit point: a bonus penalty of one."""
    plane = put(table, 5, "AL504", "1708", "s", 4)
    move(table, plane, path=["1709", "1710", "1711", "1712"], level=4)
    assert [(h["quality"], h["away"]) for h in hand_offs(table)] == []  # faces south: flies on
    table.incidents.clear()
    plane = put(table, 5, "AL504", "1807", "s", 4)
    move(table, plane, path=["1808", "1809", "1810", "1811"], turn="left")
    (done,) = hand_offs(table)
    assert (done["quality"], done["away"], done["rule"]) == ("imperfect", 1, "4.08")


def test_4_10_overshooting_example(table: Context) -> None:
    """OVERSHOOTING EXAMPLE: plane 2 would finish one hex past the level-4 exit point: an
    overshoot, the commendation taken back, a final warning and half the bonus cut."""
    plane = put(table, 2, "AL504", "1509", "se", 4)
    table.state.controllers["A"].commendations = 1
    move(table, plane)
    (done,) = hand_offs(table)
    card = table.tables.cards["AL504"]
    assert (done["quality"], done["away"], done["rule"]) == ("overshoot", 1, "4.10")
    assert done["paid"] == card.bonus - card.penalty - card.bonus // 2
    atc = table.state.controllers["A"]
    assert (atc.commendations, atc.final_warnings) == (0, {"AL": 1})


def test_4_10_overshoot_penalty_counts_hexes_and_levels(table: Context) -> None:
    """PENALTIES: a penalty for each level and hex away from the exit point. One hex past
    exit 02 (level 2) at level 4 is 3 away: 250 - 125 (4.12) - 3 x 30 = 35."""
    plane = put(table, 2, "CA302", "1111", "s", 4)
    card = table.tables.cards["CA302"]
    assert (card.bonus, card.penalty) == (250, 30)
    move(table, plane, path=["1112", "1113", "1114"], paid=35)
    (done,) = hand_offs(table)
    assert (done["quality"], done["away"], done["paid"]) == ("overshoot", 3, 35)
    assert codes(table) == []


def test_4_10_overshoot_counts_the_hexes_its_move_carries_it_past(table: Context) -> None:
    """A plane whose speed carries it two hexes past exit 02, at level 4, finishes its move
    2 hexes and 2 levels away: more than 3, so no Schedule Bonus (PENALTIES)."""
    plane = put(table, 2, "CA302", "1112", "s", 4)
    move(table, plane, path=["1113", "1114"])
    (done,) = hand_offs(table)
    assert (done["quality"], done["away"]) == ("overshoot", 2 + 2)
    assert done["paid"] == 0


def test_4_11_no_level_change_after_overshooting(table: Context) -> None:
    """4.11: having overshot, the ATC may not change the plane's level: a recorded change is
    ruled on once, and the plane is judged at the level it overshot at."""
    plane = put(table, 2, "CA302", "1111", "s", 4)
    move(table, plane, level=3, turn="left")
    assert codes(table) == [("move.restricted", "4.11")]
    (done,) = hand_offs(table)
    assert (done["quality"], done["away"]) == ("overshoot", 3)


def test_4_11_an_engine_failures_drop_is_no_change_the_atc_makes(table: Context) -> None:
    """4.11 with ENGINE FAILURE: a plane dropping a level a turn overshoots its exit. The ATC
    may not change its level, but the drop is the engine failure's, not the ATC's: written
    (as the engine's moves offer it) or not, it is not ruled on."""
    for pid, level in ((2, {"level": 3}), (3, {})):
        plane = put(table, pid, "CA302", "1111", "s", 4)
        plane.fault, plane.out_of_control = "engine-1", True
        move(table, plane, **level)
    assert codes(table) == []
    assert [done["quality"] for done in hand_offs(table)] == ["overshoot", "overshoot"]


def test_4_13_second_overshoot_with_an_airline_is_a_caution(table: Context) -> None:
    table.state.controllers["A"].final_warnings["AL"] = 1
    plane = put(table, 2, "AL504", "1509", "se", 4)
    move(table, plane)
    assert table.state.controllers["A"].cautioned == {"AL"}


def test_4_14_handing_off_over_the_wrong_side_is_a_deal(table: Context) -> None:
    """A plane for the level-2 exit (south) leaves north over point 15's side: a deal."""
    plane = put(table, 3, "TJ502", "1603", "n", 3)
    move(table, plane)
    assert deals(table) == [("minor deal", "4.14")]
    atc = table.state.controllers["A"]
    assert (atc.fines, atc.cautioned) == (2500, {"TJ"})


# --- airports (5.01-5.14) ----------------------------------------------------------------------


def test_5_02_take_off_example(table: Context) -> None:
    """TAKE OFF EXAMPLE: off the ground onto the airport at level 2, along the approach,
    climbing, at level 3 by the end of the route; then free to turn."""
    plane = put(table, 1, "AA105", None, "s", 1, where="ground")
    move(table, plane)
    assert (at(table, plane), plane.level) == ("1103", 2)
    move(table, plane, path=["1104", "1105"], level=3)
    move(table, plane, path=["1106", "1107", "1108"], turn="left")
    assert codes(table) == [] and deals(table) == []
    assert not plane.taking_off


def test_5_02_take_off_must_reach_level_3(table: Context) -> None:
    plane = put(table, 1, "AA105", None, "s", 1, where="ground")
    move(table, plane)
    move(table, plane, path=["1104", "1105"])
    move(table, plane, path=["1106", "1107"])
    assert ("take-off.level", "5.02") in codes(table)


def test_5_02_take_off_level_3_at_the_end_of_the_route_not_of_the_move(
        table: Context) -> None:
    """5.02 with 3.12: a plane that passes the end of the route (1106) at level 2 and climbs
    at the end of its move, one hex later, was not at level 3 at the end of the route."""
    plane = put(table, 1, "AA105", None, "s", 1, where="ground")
    move(table, plane)
    move(table, plane, path=["1104", "1105"])
    move(table, plane, path=["1106", "1107"], level=3)
    assert codes(table) == [("take-off.level", "5.02")]
    assert "1106" in table.findings[0].message


def test_5_02_passing_the_end_too_low_is_one_finding(table: Context) -> None:
    plane = put(table, 1, "AA105", None, "s", 1, where="ground")
    move(table, plane)
    move(table, plane, path=["1104", "1105"])
    move(table, plane, path=["1106", "1107"])
    assert codes(table) == [("take-off.level", "5.02")]


def test_5_02_a_fault_fixed_only_as_the_move_begins_held_the_level_down(
        table: Context) -> None:
    """5.02 with ELECTRICAL FAILURE: a plane taking off could not climb while its fault
    lasted (8.01); fixed by this turn's roll, it passes the end of the route still at level
    2. Its level was held down by the fault, not by its ATC: not ruled on (as for a plane
    still out of control)."""
    plane = put(table, 1, "AA105", "1105", "s", 2)
    plane.taking_off, plane.fault, plane.out_of_control = True, "cannot-climb", True
    table.moved.clear()
    one_move(table, Move.model_validate({"plane": 1, "repair": 6, "level": 3}))
    moved = table.state.planes[1]  # the plane as the move left it
    assert (moved.fault, moved.out_of_control) == (None, False)
    assert codes(table) == []


def test_5_04_a_plane_waiting_to_take_off_is_moved_or_held(table: Context) -> None:
    """5.03-5.04: a plane on the ground takes off or waits (hold: true); a record that says
    nothing about it is reported, not read as waiting."""
    put(table, 1, "AA105", None, "s", 1, where="ground")
    end_moves(table, Turn.model_validate({"turn": 5, "roll": 3}))
    assert codes(table) == [("move.missing", "5.04")]


def test_5_05_highest_id_takes_off_first(table: Context) -> None:
    put(table, 9, "CA104", None, "s", 1, where="ground")
    low = put(table, 3, "AA105", None, "s", 1, where="ground")
    move(table, low)
    assert ("take-off.queue", "5.05") in codes(table)


def test_5_07_landing_example(table: Context) -> None:
    """LANDING: along the approach to the airport, finishing on it at level 1."""
    plane = put(table, 7, "AA401", "1105", "n", 2)
    move(table, plane, path=["1104", "1103"], level=1)
    (done,) = hand_offs(table)
    assert (done["quality"], done["rule"]) == ("perfect", "5.07") and codes(table) == []


def test_5_08_overshooting_a_landing_is_a_deal(table: Context) -> None:
    plane = put(table, 7, "AA401", "1105", "n", 3)
    move(table, plane, path=["1104", "1103", "1102"])
    assert deals(table) == [("minor deal", "5.08")]


def test_5_11_entering_the_control_zone_is_a_major_deal(table: Context) -> None:
    plane = put(table, 8, "TJ305", "0803", "se", 3)
    move(table, plane)
    assert deals(table) == [("major deal", "5.11")]


def test_5_11_descending_into_the_control_zone_at_the_end_of_a_move(table: Context) -> None:
    """5.11 with 3.12: a plane at level 4 that ends its move on 1006, beside the approach,
    and reduces to level 3 there is in the control zone at level 3: a major deal."""
    plane = put(table, 8, "TJ305", "1010", "n", 4)
    move(table, plane, path=["1009", "1008", "1007", "1006"], level=3)
    assert deals(table) == [("major deal", "5.11")]


def test_5_11_climbing_out_at_the_end_of_a_move_is_not_entering(table: Context) -> None:
    """3.12: a plane at level 3 whose final hex is in the control zone but which climbs to
    level 4 there is at level 4 on that hex: no deal."""
    plane = put(table, 8, "TJ305", "1009", "n", 3)
    move(table, plane, path=["1008", "1007", "1006"], level=4)
    assert deals(table) == [] and codes(table) == []


# --- near misses (6.00-7.13) ---------------------------------------------------------------------


def test_6_02_horizontal_near_miss_example_2_evasive_action(table: Context) -> None:
    """HORIZONTAL NEAR MISS EXAMPLES 2: plane 4 moves through plane 5's zone; the pilot
    panics (a 2) and turns away on the side plane 5's ATC chose, out of control, with no
    turn or level change at the end of the move; its ATC has a deal."""
    put(table, 5, "CA302", "0805", "s", 4, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "kind": "horizontal", "panic": 2,
                                     "evasive": {"turn": "right"}}])
    assert codes(table) == []
    assert plane.out_of_control and deals(table) == [("minor deal", "6.03")]
    assert table.state.controllers["A"].cautioned == {"AL"}
    move(table, plane, turn="left")  # the next move: still restricted? no: only that move
    assert ("move.restricted", "6.10") not in codes(table)


def test_6_06_a_calm_pilot_carries_on(table: Context) -> None:
    put(table, 5, "CA302", "0805", "s", 4, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "panic": 5}], turn="left")
    assert codes(table) == [] and not plane.out_of_control
    assert deals(table) == [("minor deal", "6.03")]


def test_6_03_finishing_on_the_zone_can_be_avoided_by_a_level_change(table: Context) -> None:
    """HORIZONTAL NEAR MISS EXAMPLES 3: plane 2 finishes its move in plane 5's zone but
    changes level at the end (up, as in the example: down would put it in the airport's
    control zone at level 3 on RT001): no near miss."""
    put(table, 5, "CA302", "0806", "s", 4, atc="B")
    plane = put(table, 2, "AL504", "0701", "se", 4)
    move(table, plane, level=5)
    assert codes(table) == [] and deals(table) == []


def test_6_08_evasive_turn_must_be_away(table: Context) -> None:
    put(table, 5, "CA302", "0805", "s", 4, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "panic": 1, "evasive": {"turn": "left"}}])
    assert ("near-miss.away", "6.08") in codes(table)


def test_6_02_an_invented_near_miss_is_reported(table: Context) -> None:
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "panic": 4}])
    assert ("near-miss.invented", "6.02") in codes(table)


def test_7_08_vertical_near_miss_example_1(table: Context) -> None:
    """VERTICAL NEAR MISS EXAMPLES 1: plane 4 (level 4) passes through plane 5's hex (level
    5); the pilot panics and must descend, clear of plane 5 (7.08)."""
    put(table, 5, "CA302", "0703", "s", 5, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "kind": "vertical", "panic": 2,
                                     "evasive": {"level": "down"}}])
    assert codes(table) == []
    assert plane.level == 3 and plane.out_of_control


def test_7_12_vertical_example_2_cannot_climb_so_turns(table: Context) -> None:
    """VERTICAL NEAR MISS EXAMPLES 2: plane 7 at level 6 over plane 2 at level 5 must turn
    as for a horizontal near miss (it would pull up, but level 6 is the highest: 7.09);
    turned off the map over an unmonitored side it is out of control: still one deal."""
    put(table, 2, "CA302", "1703", "s", 5, atc="B")
    plane = put(table, 7, "TJ604", "1705", "n", 6)
    move(table, plane, near_misses=[{"with": 2, "kind": "vertical", "panic": 1,
                                     "evasive": {"turn": "right"}}])
    assert deals(table) == [("minor deal", "7.03")]
    assert plane.where == "gone"


def test_7_12_a_failed_engine_cannot_pull_up_so_the_plane_turns(table: Context) -> None:
    """7.12 with ENGINE FAILURE: plane 4 (level 4, engine failed) passes through plane 5's hex
    at level 3; the pilot panics and would pull up, which a failed engine cannot do (it drops
    a level a turn): it turns away as for a horizontal near miss, and still drops at the end
    of its move, the one level change evasive action leaves it (6.10: no other)."""
    put(table, 5, "CA302", "0703", "s", 3, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    plane.fault, plane.out_of_control = "engine-1", True
    move(table, plane, level=3, near_misses=[{"with": 5, "kind": "vertical", "panic": 2,
                                              "evasive": {"turn": "left"}}])
    assert codes(table) == []
    assert plane.level == 3


def test_6_07_voluntary_evasive_action_by_the_other_plane(table: Context) -> None:
    other = put(table, 5, "CA302", "0805", "s", 4, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "panic": 6,
                                     "voluntary": {"level": 5, "turn": "left"}}])
    assert (other.level, other.facing) == (5, direction_index("flat", "se"))


# --- collisions, low flying (9.00-10.07) ----------------------------------------------------------


def test_9_01_collision_example_2(table: Context) -> None:
    """COLLISIONS EXAMPLES 2: plane 5 flies into plane 4's hex at the same level: a major
    deal; both planes leave play and their IDs go back to the pool (9.03-9.04)."""
    other = put(table, 4, "CA302", "0704", "s", 3, atc="B")
    plane = put(table, 5, "TJ305", "0701", "s", 3)
    move(table, plane)
    assert deals(table) == [("major deal", "9.02")]
    assert plane.where == other.where == "gone" and {4, 5} <= table.state.pool


COLLISION_UNWRITTEN = ACCEPTING.replace("{level4}", "4") + """\
  - turn: 2
    roll: 3
    moves:
      - {plane: 1}
      - {plane: 4, level: 3}
      - {plane: 2}
      - {plane: 7}
      - {plane: 5, turn: left}
      - {plane: 10}
  - turn: 3
    roll: 3
    moves:
      - {plane: 1}
      - {plane: 2}
      - {plane: 7}
      - {plane: 5}
      - {plane: 10}
"""


def test_9_02_a_collision_is_found_when_the_record_writes_no_deals(tmp_path: Path) -> None:
    """Plane 4 drops to level 3 two hexes ahead of plane 7 on the same line; next turn plane
    7 flies into it. The record has no ``deals:`` at all (and no move for plane 4 after the
    collision): the referee finds the collision from the planes' positions and rules that
    the record does not write its major deal."""
    record = tmp_path / "collision.yaml"
    record.write_text(COLLISION_UNWRITTEN, encoding="utf-8")
    report = referee_file(record, CONTENT)
    assert "deals:" not in COLLISION_UNWRITTEN
    assert [(f.code, f.extra["rule"], f.extra["piece"]) for f in report.findings] == [
        ("deal.unrecorded", "9.02", 7)]
    assert [i["other"] for i in report.incidents if i["kind"] == "collision"] == [4]


def test_9_02_a_collision_without_deals_key_is_ruled_on(table: Context) -> None:
    other = put(table, 4, "CA302", "0704", "s", 3, atc="B")
    plane = put(table, 5, "TJ305", "0701", "s", 3)
    move(table, plane)
    assert codes(table) == [("deal.unrecorded", "9.02")]
    assert plane.where == other.where == "gone"


def test_9_01_collision_example_1_pulling_up_still_a_vertical_near_miss(
        table: Context) -> None:
    """COLLISIONS EXAMPLES 1: plane 7 finishes on plane 4's hex at the same level and pulls
    up: no collision, but a vertical near miss and its panic roll."""
    put(table, 4, "CA302", "0704", "s", 3, atc="B")
    plane = put(table, 7, "TJ305", "0701", "s", 3)
    move(table, plane, level=4, near_misses=[{"with": 4, "kind": "vertical", "panic": 4}])
    assert codes(table) == [] and deals(table) == [("minor deal", "7.03")]


def test_9_02_a_collision_written_as_no_deal_cites_9_02(table: Context) -> None:
    put(table, 4, "CA302", "0704", "s", 3, atc="B")
    plane = put(table, 5, "TJ305", "0701", "s", 3)
    move(table, plane, deals=[])
    assert codes(table) == [("deal.mismatch", "9.02")]


def test_6_03_a_near_miss_deal_written_as_major_cites_6_03(table: Context) -> None:
    put(table, 5, "CA302", "0805", "s", 4, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "panic": 5}], deals=["major"])
    assert codes(table) == [("deal.mismatch", "6.03")]


def test_12_01_a_deal_the_move_did_not_cause(table: Context) -> None:
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, deals=["minor"])
    assert codes(table) == [("deal.mismatch", "12.01")]


def test_10_01_low_flying_is_a_major_deal(table: Context) -> None:
    plane = put(table, 6, "TJ305", "0701", "s", 2)
    move(table, plane, level=1)
    assert deals(table) == [("major deal", "10.02")]
    assert plane.level == 2 and plane.out_of_control


def test_10_04_flying_at_level_2_examples(table: Context) -> None:
    """FLYING AT LEVEL 2 EXAMPLES: 1 handing off to the level-2 point in its zone; 2
    approaching to land within the airport's airspace; 3 the only safe way (a claim)."""
    p10 = put(table, 10, "TJ502", "1109", "s", 3)
    move(table, p10, level=2)
    p5 = put(table, 5, "AA401", "1109", "n", 3)
    move(table, p5, path=["1108", "1107", "1106"], level=2)
    assert codes(table) == []
    p4 = put(table, 4, "AL504", "0701", "s", 3)
    move(table, p4, level=2, claim="level 3 and level 4 both cause a near miss")
    assert codes(table) == [("claim.accepted", "10.04")]
    assert table.findings[0].severity.value == "warning"


def test_10_06_no_turn_at_level_2_until_back_at_level_3(table: Context) -> None:
    """10.06: flying at level 2 to avoid trouble, no turn until back at level 3; climbing to
    3 and then turning at the end of the same move is allowed (3.07: in any order)."""
    plane = put(table, 4, "AL504", "0701", "s", 3)
    move(table, plane, level=2, claim="the only safe way")
    move(table, plane, turn="left")
    assert ("level2.turn", "10.06") in codes(table)
    table.findings.clear()
    move(table, plane, turn="left", level=3)
    assert codes(table) == []


def test_10_04_level_2_without_a_reason_is_illegal(table: Context) -> None:
    plane = put(table, 4, "AL504", "0701", "s", 3)
    move(table, plane, level=2)
    assert codes(table) == [("level2.not-allowed", "10.04")]


# --- deals and status (12.00-12.09, ATC STATUS) ------------------------------------------------


def test_12_06_fired_after_more_than_three_deals(table: Context) -> None:
    for pid in (4, 5):
        plane = put(table, pid, "TJ502", "1605", "ne", 5)
        move(table, plane)
    atc = table.state.controllers["A"]
    assert atc.deals == 4 and atc.fired


def test_getting_fired_a_fired_atcs_planes_fly_on_and_earn_nothing(table: Context) -> None:
    """GETTING FIRED: the ATC is "removed from the premises"; the rules do not say what
    becomes of their planes, so they fly on (the record still moves them) and earn nothing."""
    table.state.controllers["A"].fired = True
    plane = put(table, 10, "TJ502", "1112", "s", 2)
    move(table, plane, paid=0)
    assert [(h["paid"], h["why"]) for h in hand_offs(table)] == [
        (0, "the ATC is fired (GETTING FIRED): no bonus")]
    assert table.state.controllers["A"].bonuses == 0 and not table.findings


def test_key_controller_bonus_is_paid_on_the_next_hand_off(table: Context) -> None:
    """KEY CONTROLLER: after a perfect hand-off the card's +50 is added to every later
    Schedule Bonus with the airline."""
    first = put(table, 10, "TJ502", "1112", "s", 2)
    move(table, first)
    second = put(table, 11, "TJ502", "1112", "s", 2)
    move(table, second)
    paid = [h["paid"] for h in hand_offs(table)]
    assert paid[1] == paid[0] + 50


def test_1_42_a_wrong_payment_is_reported(table: Context) -> None:
    plane = put(table, 10, "TJ502", "1112", "s", 2)
    move(table, plane, paid=1)
    assert ("payment.mismatch", "1.42") in codes(table)


def test_late_flights_earn_no_bonus(table: Context) -> None:
    plane = put(table, 10, "TJ502", "1112", "s", 2, start="8:00")
    table.state.turn = 20
    move(table, plane)
    (done,) = hand_offs(table)
    assert (done["on_time"], done["paid"]) == (False, 0)


# --- random events and weather: the card's own rule, not the RANDOM EVENTS heading ----------


@pytest.mark.parametrize(("card", "rule"), [("weather-turbulence-4", "1.22"),
                                            ("event-appraisal", "1.21")])
def test_1_21_1_22_only_a_1_or_a_2_draws_a_card(table: Context, card: str, rule: str) -> None:
    table.next_turn = 5
    start_turn(table, Turn.model_validate({"turn": 5, "roll": 3, "event": {"card": card}}))
    assert codes(table) == [("event.no-card", rule)]


def test_electrical_failure_repair_roll_every_turn(table: Context) -> None:
    """ELECTRICAL FAILURE: roll 1d6 every turn until fixed; the card, not RANDOM EVENTS."""
    plane = put(table, 4, "AL504", "0701", "s", 4)
    plane.fault, plane.out_of_control = "cannot-climb", True
    one_move(table, Move.model_validate({"plane": 4, "level": 5}))
    assert codes(table) == [("event.repair-roll", "ELECTRICAL FAILURE"),
                            ("event.fault", "ELECTRICAL FAILURE")]


def test_lightning_strikes_stuck_at_its_level(table: Context) -> None:
    plane = put(table, 4, "AL504", "0701", "s", 4)
    plane.fault, plane.out_of_control = "stuck", True
    one_move(table, Move.model_validate({"plane": 4, "repair": 3, "level": 3}))
    assert codes(table) == [("event.fault", "LIGHTNING STRIKES")]


def test_7_11_no_level_change_after_vertical_evasive_action(table: Context) -> None:
    put(table, 5, "CA302", "0703", "s", 5, atc="B")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, turn="left", near_misses=[{"with": 5, "kind": "vertical", "panic": 2,
                                                  "evasive": {"level": "down"}}])
    assert codes(table) == [("move.restricted", "7.11")]


def test_7_02_an_invented_vertical_near_miss(table: Context) -> None:
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, near_misses=[{"with": 5, "kind": "vertical", "panic": 4}])
    assert codes(table) == [("near-miss.invented", "7.02")]


def _system(ctx: Context, kind: Literal["storm", "turbulence"], level: int,
            *hexes: str) -> WeatherSystem:
    system = WeatherSystem(kind, level, "A", 20, [ctx.names.hex(h) for h in hexes])
    ctx.state.weather.append(system)
    return system


def test_weather_final_hex_at_the_level_the_move_ends_at(table: Context) -> None:
    """ENTERING A WEATHER SYSTEM with 3.12: a plane reducing to the system's level on the
    final hex of its move is in the system there and pays its penalty."""
    _system(table, "turbulence", 3, "0705")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, path=["0702", "0703", "0704", "0705"], level=3)
    assert plane.weather_penalty == 20 and codes(table) == []


def test_lightning_strikes_no_roll_for_a_final_hex_climbed_out_of(table: Context) -> None:
    """LIGHTNING STRIKES with 3.12: one d6 per storm hex flown through at the storm's level;
    a plane that climbs out on its final hex is not at the storm's level there."""
    _system(table, "storm", 4, "0704", "0705")
    plane = put(table, 4, "AL504", "0701", "s", 4)
    move(table, plane, path=["0702", "0703", "0704", "0705"], level=5, lightning=[3])
    assert codes(table) == [] and plane.weather_penalty == 20


# --- one mistake, one finding: an acceptance ruled on is still played as recorded -----------


def test_getting_fired_a_fired_atc_accepting_is_one_finding(table: Context) -> None:
    """GETTING FIRED: a fired ATC accepts no more hand-offs. The record's acceptance is
    reported once and played as recorded, so the plane's later moves are not reported too."""
    table.state.pool = {3}
    table.state.controllers["A"].pending = ["TJ305"]
    table.state.controllers["A"].fired = True
    accept(table, Accept(atc="A", flight="TJ305", plane=3))
    assert codes(table) == [("accept.fired", "GETTING FIRED")]
    assert table.state.planes[3].where == "waiting" and not table.state.pool
    table.state.turn += 1
    one_move(table, Move.model_validate({"plane": 3}))
    assert codes(table) == [("accept.fired", "GETTING FIRED")]


def test_2_01_a_card_from_another_hand_is_played_once(table: Context) -> None:
    """2.01: the card is not among the ATC's pending hand-offs; it is reported, and the card
    leaves the hand that holds it, which is then not asked to accept it again (1.83)."""
    table.state.pool = {3}
    table.state.controllers["B"].pending = ["TJ305"]
    accept(table, Accept(atc="A", flight="TJ305", plane=3))
    assert codes(table) == [("accept.not-pending", "2.01")]
    assert table.state.controllers["B"].pending == []


def test_go_around_the_affected_plane_is_the_highest_id_approaching(table: Context) -> None:
    """GO AROUND: the card names the plane approaching to land with the highest ID; a wrong
    plane cites the card."""
    put(table, 7, "AA401", "1109", "n", 3)
    table.next_turn = 5
    start_turn(table, Turn.model_validate({"turn": 5, "roll": 1, "event": {
        "card": "event-go-around", "plane": 3}}))
    assert codes(table) == [("event.plane", "GO AROUND")]


@pytest.mark.parametrize(("start", "sued"), [("7:30", True), ("7:45", False)])
def test_celebrity_alert_sued_once_it_can_no_longer_finish_on_schedule(
        table: Context, start: str, sued: bool) -> None:
    """CELEBRITY ALERT: a jet on a 1:30 schedule still flying at the end of 9:00 (turn 5)
    having started at 7:30 can no longer be handed off on schedule (9:15 is 1:45 on): the
    celebrity sues then, not a turn later (which the shift's last turn would never reach)."""
    plane = put(table, 13, "CJ102", "0705", "s", 4, start=start)
    plane.celebrity, plane.lawsuit = True, 900
    celebrity_deadlines(table)
    assert (table.state.controllers["A"].lawsuits == 900) is sued


def test_5_13_a_plane_flying_over_the_airspace_is_not_approaching(table: Context) -> None:
    """5.13: plane 9, bound for the airport but at level 6 over it, is not making its approach
    (its move does not bring it into the airspace, which is at level 3 and below); plane 7 at
    level 3, whose move reaches the approach, is. The card's plane is 7; naming 9 breaks
    5.13, naming none breaks the card."""
    put(table, 7, "AA401", "1109", "n", 3)
    put(table, 9, "CA201", "1008", "n", 6)
    table.next_turn = 5
    for named, found in ((7, []), (9, [("event.plane", "5.13")]),
                         (None, [("event.plane", "GO AROUND")])):
        table.findings.clear()
        table.state.events.clear()  # the same card drawn afresh each time
        table.next_turn = 5
        start_turn(table, Turn.model_validate({"turn": 5, "roll": 1, "event": {
            "card": "event-go-around", "plane": named}}))
        assert codes(table) == found


@pytest.mark.parametrize(("claim", "found"), [
    (None, [("deal.unrecorded", "5.11")]),
    ("plane 3 is on the runway", [("claim.accepted", "5.12")])])
def test_5_12_making_its_approach_it_may_go_around(
        table: Context, claim: str | None, found: list[tuple[str, str]]) -> None:
    """5.12-5.13: plane 7, bound for the airport on its approach, turns off it into the control
    zone: a major deal (5.11), unless it could not land for new traffic and goes around."""
    plane = put(table, 7, "AA401", "1106", "nw", 2)
    move(table, plane, **({"claim": claim} if claim else {}))
    assert codes(table) == found
    assert [k for k, _ in deals(table)] == ([] if claim else ["major deal"])


def test_1_21_a_card_is_drawn_as_often_as_the_deck_has_copies(table: Context) -> None:
    """1.21: a Random Event card is drawn from the deck, which holds two GO AROUND cards: the
    second is drawn as the first was, a third cannot be."""
    for time, found in ((1, []), (2, []), (3, [("event.card-twice", "1.21")])):
        table.findings.clear()
        table.next_turn = 5
        start_turn(table, Turn.model_validate({"turn": 5, "roll": 1, "event": {
            "card": "event-go-around"}}))
        assert codes(table) == found, time
    assert table.state.events["event-go-around"] == 3


def test_1_22_a_roll_of_2_with_every_weather_card_drawn_draws_nothing(table: Context) -> None:
    """1.22 draws a Weather Event card; the cards drawn stay on the table, so the deck can
    run out. With every card drawn (the rulebook does not say what then: docs/referee.md)
    a roll of 2 draws nothing, and a card the record draws all the same is ruled on."""
    deck = table.tables.weather_events
    table.state.events.update({card: deck[card].copies for card in deck})
    table.next_turn = 5
    start_turn(table, Turn.model_validate({"turn": 5, "roll": 2}))
    assert codes(table) == []
    table.next_turn = 5
    start_turn(table, Turn.model_validate({"turn": 5, "roll": 2, "event": {
        "card": "weather-winds-3", "wind": 2}}))
    assert codes(table) == [("event.card-twice", "1.22")]
    table.findings.clear()
    table.state.events["weather-storm-5"] -= 1  # one copy left: the roll must draw it
    table.next_turn = 5
    start_turn(table, Turn.model_validate({"turn": 5, "roll": 2}))
    assert codes(table) == [("event.missing", "1.22")]
