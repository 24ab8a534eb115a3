"""Air Cargo content against its rulebook (rules V3), and the rulebook's worked examples."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core.findings import Severity
from pnpcompiler.games.air_cargo import play
from pnpcompiler.games.air_cargo.checks import game_map, game_rules
from pnpcompiler.games.air_cargo.map_checks import example_crossings
from pnpcompiler.games.air_cargo.model import AirCargoMap, AirCargoRules
from tests.paths import CONTENT, GOLDEN

#: AIRPORTS, as printed: ID, landing hazard, name.
AIRPORTS = [
    (41, 0, "SEATTLE"), (42, 1, "PORTLAND"), (43, 2, "HELENA"), (44, 3, "SILVER SPRINGS"),
    (45, 1, "OAKLAND"), (46, 0, "LOS ANGELES"), (51, 2, "SPOKANE"), (52, 2, "CALDWELL"),
    (53, 3, "CRAWFORD"), (54, 3, "BIG TIMBER"), (55, 2, "ORO LOMA"), (56, 1, "SALERNO"),
    (61, 2, "TILLIT"), (62, 3, "CHRISTMAN"), (63, 1, "DENVER"), (64, 3, "FREMONT"),
    (65, 2, "LA JUNTA"), (66, 1, "TUCUMJARI"),
]
#: CARGO WEIGHT, top to bottom.
CARGO = [(1, "LIGHT", 1), (1, "LIGHT", 1), (2, "LIGHT", 1), (3, "MEDIUM", 2), (3, "MEDIUM", 2),
         (4, "MEDIUM", 2), (4, "MEDIUM", 2), (5, "MEDIUM", 2), (5, "MEDIUM", 2), (6, "HEAVY", 3),
         (7, "HEAVY", 3), (7, "HEAVY", 3), (7, "HEAVY", 3), (8, "X HEAVY", 5),
         (8, "X HEAVY", 5), (9, "X HEAVY", 5)]
#: WEATHER HAZARD, top to bottom: D1-4, D5, D6.
WEATHER = [(0, 0, 1), (0, 0, 2), (0, 1, 2), (1, 2, 2), (1, 2, 3), (1, 2, 3), (2, 3, 4),
           (2, 3, 4), (3, 3, 4), (3, 4, 4), (3, 4, 5), (4, 5, 6), (4, 5, 7), (4, 5, 7),
           (4, 6, 7)]


@pytest.fixture(scope="module")
def loaded() -> tuple[GameContent, list[object]]:
    game, findings = load_game(CONTENT, "air-cargo")
    assert game is not None
    return game, list(findings)


@pytest.fixture(scope="module")
def game(loaded: tuple[GameContent, list[object]]) -> GameContent:
    return loaded[0]


@pytest.fixture(scope="module")
def board(game: GameContent) -> AirCargoMap:
    found = game_map(game)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def tables(game: GameContent) -> AirCargoRules:
    found = game_rules(game)
    assert found is not None
    return found


def test_you_need_list_and_the_two_pilot_logs(game: GameContent) -> None:
    """You need: 2 D6 dice, a pen, the map and a pilot log (two versions exist), the leg
    template; plus the kit's one-page rules summary."""
    assert {e.id: (e.count, e.printed) for e in game.manifest.bill_of_materials} == {
        "map": (1, True), "pilot-log-first-game": (1, True), "pilot-log": (1, True),
        "leg-template": (1, True), "dice": (2, False), "pen": (1, False),
        "rules-summary": (1, True)}
    assert (game.manifest.players.min, game.manifest.players.max) == (1, 1)
    assert game.counts() == {"map": 1, "pilot-log-first-game": 1, "pilot-log": 1,
                             "leg-template": 1, "rules-summary": 1}


def test_validate_warns_of_the_two_contradictions_only(
        loaded: tuple[GameContent, list[object]]) -> None:
    """Pendleton vs PENDELETON; the Pilot Log's "+ Cargo weight" vs the rules' classes."""
    findings = loaded[1]
    assert [(f.severity, f.code) for f in findings] == [  # type: ignore[attr-defined]
        (Severity.WARNING, "rulebook.contradiction")] * 2
    name, cargo = (f.message for f in findings)  # type: ignore[attr-defined]
    assert "starts at Pendleton ID (xx)" in name and "PENDELETON -START" in name
    assert "+ Cargo weight" in cargo and "very heavy" in cargo


def test_there_are_air_cargo_content_edits() -> None:
    """tests/golden/air-cargo/: one edit each to the real content (run by the conformance
    suite, tests/conformance/test_content_goldens.py)."""
    assert len([p for p in (GOLDEN / "air-cargo").iterdir() if p.is_dir()]) >= 12


def test_airports_exactly_as_the_airports_table(board: AirCargoMap) -> None:
    """AIRPORTS: 41 (0) SEATTLE ... 66 (1) TUCUMJARI, and X XX PENDELETON -START."""
    printed = [(a.dice_id, a.hazard, (a.name or "").upper()) for a in board.airports
               if not a.start]
    assert printed == AIRPORTS
    start = board.start()
    assert start is not None and start.id == "pendleton" and start.dice_id == "XX"
    assert start.hazard is None


def test_designer_values_are_marked(board: AirCargoMap) -> None:
    """Positions, beacons and mountains come from no text: each says so."""
    assert board.source == "mixed"
    assert all(a.source == "mixed" for a in board.airports)
    assert all(b.source == "designer" for b in board.beacons)
    assert all(m.source == "designer" for m in board.mountains)
    assert len(board.beacons) == 29 and len(board.mountains) == 23
    assert {m.hazard for m in board.mountains} == {1, 2, 3}


def test_cargo_weight_table_exactly_as_printed(tables: AirCargoRules) -> None:
    classes = {c.name: c.hazard for c in tables.cargo_classes}
    assert [(box.weight, box.cargo_class, classes[box.cargo_class]) for box in tables.cargo] \
        == CARGO
    assert classes == {"LIGHT": 1, "MEDIUM": 2, "HEAVY": 3, "X HEAVY": 5}


def test_weather_hazard_table_exactly_as_printed(tables: AirCargoRules) -> None:
    assert [tuple(row) for row in tables.weather.rows] == WEATHER
    assert [c.title for c in tables.weather.columns] == ["D1-4", "D5", "D6"]
    assert tables.weather.boxes_per_row == 3


def test_hazard_check_score_and_box_counts(tables: AirCargoRules) -> None:
    """Hazard check: 12 or less to pass, panic costs +1; win 40, Silver 43, Gold 45; the box
    counts of three rows are the designer's."""
    assert (tables.hazard_check.pass_at_most, tables.hazard_check.panic_extra) == (12, 1)
    assert [(r.name, r.points) for r in tables.scoring.ranks] == [
        ("Winning the game", 40), ("Silver Wing pilot", 43), ("Gold Wing pilot", 45)]
    assert (tables.scoring.undelivered_cargo, tables.scoring.unvisited_destination) == (-1, -1)
    boxes = tables.boxes
    assert {b.source for b in (boxes.plan_reroll, boxes.stamina, boxes.prayer_reroll)} == {
        "designer"}


# --- the rulebook's examples ------------------------------------------------------------------


def test_cargo_planning_example_1_and_6_give_weight_1_6_or_7(tables: AirCargoRules) -> None:
    """Cargo planning: '"1" and "6", can be used as weight 1 or 6, or the sum of both
    weight 7.'"""
    assert play.cargo_options((1, 6), [box.weight for box in tables.cargo]) == [1, 6, 7]


def test_cargo_planning_example_weight_6_is_selected(tables: AirCargoRules) -> None:
    """Example: Weight "6" is selected: the pictured part of the table (4 MEDIUM 2 ...
    7 HEAVY 3) is six consecutive rows of CARGO WEIGHT, the ticked 6 is HEAVY 3."""
    pictured = [(4, "MEDIUM", 2), (5, "MEDIUM", 2), (5, "MEDIUM", 2), (6, "HEAVY", 3),
                (7, "HEAVY", 3), (7, "HEAVY", 3)]
    assert any(CARGO[i:i + 6] == pictured for i in range(len(CARGO) - 5))
    assert play.cargo_hazard(tables, 6) == 3
    # A weight only while one of its boxes is open: the one 6 ticked, a 1 and 6 give 1 or 7.
    open_weights = Counter(box.weight for box in tables.cargo)
    open_weights[6] -= 1
    assert play.cargo_options((1, 6), +open_weights) == [1, 7]


def test_destination_planning_example_4_and_6_give_46_or_64(board: AirCargoMap) -> None:
    """Destination planning: '"4" and "6" can be used as airport ID "46" or "64".'"""
    assert play.destination_options((4, 6), board.airports) == [46, 64]
    names = {a.dice_id: a.name for a in board.airports}
    assert (names[46], names[64]) == ("Los Angeles", "Fremont")
    assert play.destination_options((1, 2), board.airports) == []


def test_weather_example_after_the_four_legs(board: AirCargoMap,
                                             tables: AirCargoRules) -> None:
    """Weather: "After finishing the 4 legs in previous example" three boxes are crossed on
    the first row and one on the second; a check reads the second row (0, 0, 2)."""
    (example,) = board.examples
    assert len(example.route) - 1 == 4
    per_row = tables.weather.boxes_per_row
    assert [play.weather_row(n, per_row) for n in range(1, 5)] == [0, 0, 0, 1]
    row = play.weather_row(4, per_row)
    assert [play.weather_number(tables, row, die) for die in range(1, 7)] == [0, 0, 0, 0, 0, 2]
    with pytest.raises(ValueError):
        play.weather_row(0, per_row)


def test_four_leg_example_flight_goes_round_the_sierra(board: AirCargoMap) -> None:
    """The designer's version of 'Example Start A, destination B': Pendleton to Los Angeles
    in four legs by beacons round the Sierra Nevada, crossing no mountain circle."""
    assert example_crossings(board) == {"four-leg-example": [(), (), (), ()]}


def test_landing_example_seattle_41_0(board: AirCargoMap, tables: AirCargoRules) -> None:
    """Landing: 'Example Seattle 41 (0)': landing hazard 0. With weather 2 and a HEAVY
    cargo, 7 on the dice passes (0 + 2 + 3 + 7 = 12) and 8 fails; a Panic then costs the
    stamina needed + 1."""
    seattle = next(a for a in board.airports if a.dice_id == 41)
    assert seattle.hazard == 0
    total = play.check_total(seattle.hazard, 2, play.cargo_hazard(tables, 6), (3, 4))
    assert total == 12 and play.passes(tables, total)
    total = play.check_total(seattle.hazard, 2, 3, (4, 4))
    assert not play.passes(tables, total)
    assert play.panic_stamina(tables, total) == 2
    assert play.passes(tables, play.check_total(0, 2, 3, (4, 4), stamina=1))


def test_score_and_pilot_ranks(tables: AirCargoRules) -> None:
    """Score: delivered points less 1 per open order and open destination; 40 wins, 43 is
    Silver Wing, 45 Gold Wing."""
    assert play.score(tables, [9, 8, 8, 7, 7, 3], 1, 1) == 40
    assert play.rank(tables, 39) is None
    assert play.rank(tables, 40) == "Winning the game"
    assert play.rank(tables, 44) == "Silver Wing pilot"
    assert play.rank(tables, 45) == "Gold Wing pilot"


# --- derived data -----------------------------------------------------------------------------


def test_export_lists_every_airport_reachable_from_pendleton(pnp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(CONTENT.parent)
    code, out = pnp("export", "air-cargo", "--format", "json")
    assert code == 0
    derived = json.loads(out)["derived"]
    table = {row["dice_id"]: row for row in derived["reachability"]}
    assert sorted(table) == [a for a, _, _ in AIRPORTS]
    assert all(row["reachable"] for row in table.values())
    assert (table[51]["fewest_legs"], table[51]["route"]) == (1, ["pendleton", "spokane"])
    assert (table[41]["fewest_legs"], table[41]["crossings_on_fewest_legs"]) == (1, 1)
    assert table[42]["fewest_crossings"] == 0 and table[42]["legs_on_fewest_crossings"] == 2
    assert table[66]["fewest_legs"] == 7
    for row in table.values():
        assert row["route"][0] == "pendleton" and row["route"][-1] == row["airport"]
        assert all(stop.startswith("beacon-") for stop in row["route"][1:-1])
        assert row["fewest_crossings"] <= row["crossings_on_fewest_legs"]
        assert row["fewest_legs"] <= row["legs_on_fewest_crossings"]
    assert derived["leg_template"] == {"length": 250.0, "printed_mm": 55.0, "unit": "mile"}
    assert all(leg["length"] <= 250 for leg in derived["legs"])


def test_hazards_export_lists_each_legs_mountains_in_the_order_met_from_its_start(  # type: ignore[no-untyped-def]
        pnp, monkeypatch, game) -> None:
    """Hazards: ``derived.legs[].mountains`` are the ranges in the order a leg flown from
    ``from`` to ``to`` meets them: Crawford to CYS meets the Sawatch Range first, though the
    map lists the Front Range first."""
    from pnpcompiler.games.air_cargo.legs import in_order_met

    monkeypatch.chdir(CONTENT.parent)
    code, out = pnp("export", "air-cargo", "--format", "json")
    assert code == 0
    legs = {(leg["from"], leg["to"]): leg["mountains"]
            for leg in json.loads(out)["derived"]["legs"]}
    assert legs[("crawford", "beacon-cys")] == ["sawatch-range", "front-range"]
    board = game_map(game)
    assert board is not None
    places = {p.id: (p.x, p.y) for p in board.places()}
    for (a, b), mountains in legs.items():
        assert mountains == list(in_order_met((places[a], places[b]), mountains, board))
