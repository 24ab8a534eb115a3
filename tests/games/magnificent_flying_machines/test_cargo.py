"""Cargo and passengers in a race log (6.3, 6.11, 10.2-10.4): placed, loaded, collected,
stored and delivered, each mistake one finding with its rule."""

from __future__ import annotations

from typing import Any

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards
from pnpcompiler.games.magnificent_flying_machines.referee.cargo import capacity
from pnpcompiler.games.magnificent_flying_machines.referee.engine import (
    PhaseAction,
    RaceEngine,
    StartTurn,
)
from pnpcompiler.games.magnificent_flying_machines.referee.log import Phase, RaceLog, Turn
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race
from pnpcompiler.games.magnificent_flying_machines.referee.turns import scores

SUNNY = {n: "weather-sunny" for n in range(2, 12)}
PLAYERS = ["Ann", "Bob", "Cat"]


def race_log(game: GameContent, **extra: Any) -> RaceLog:
    boards = dashboards(game)[:3]
    return RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "quick-start",
        "players": PLAYERS, "course": list(range(1, 12)), "weather": SUNNY,
        "machines": [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
                      "equipment": list(b.preset.equipment)}
                     for p, b in zip(PLAYERS, boards, strict=True)], **extra})


def on_tile(game: GameContent, at: int, altitude: int = 0, **extra: Any
            ) -> tuple[RaceEngine, Race]:
    """Return a race in its first turn with the first machine at a course position."""
    engine = RaceEngine.of(game)
    log = race_log(game, **extra)
    race = engine.initial(log)
    race, _ = engine.apply(race, StartTurn(Turn(machine=log.machines[0].dashboard)))
    assert race.current is not None
    race.current.flyer.at, race.current.flyer.altitude = at, altitude
    return engine, race


def play(engine: RaceEngine, race: Race, **phase: Any) -> list[tuple[str, Any]]:
    _, found = engine.apply(race, PhaseAction(Phase.model_validate(phase)))
    return [(f.code, f.extra.get("rule")) for f in found]


def test_10_2_2_cargo_is_collected_on_the_ground_from_the_tile(game: GameContent) -> None:
    # Quick start, three machines: tile 2 holds one town and one mountain special cargo.
    engine, race = on_tile(game, 1)
    assert play(engine, race, action="repair-and-scavenge",
                collect=["special-cargo-town"]) == []
    assert race.flyers[race.order[0]].cargo == ["special-cargo-town"]
    engine, race = on_tile(game, 1)
    assert play(engine, race, action="repair-and-scavenge",
                collect=["special-cargo-water"]) == [("cargo.not-on-tile", "10.2.2")]


def test_10_2_2_nothing_is_collected_or_delivered_in_the_air(game: GameContent) -> None:
    engine, race = on_tile(game, 1, altitude=1)
    assert play(engine, race, action="gain-altitude", collect=["passenger"]) == [
        ("cargo.in-the-air", "10.2.2")]


def test_10_3_1_a_tile_holds_its_printed_passengers(game: GameContent) -> None:
    # Tile 2 holds one passenger for three or four machines (6.2).
    engine, race = on_tile(game, 1)
    assert play(engine, race, action="repair-and-scavenge",
                collect=["passenger", "passenger"]) == [("cargo.not-on-tile", "10.3.1")]


def test_10_4_two_passengers_and_or_cargo_a_turn(game: GameContent) -> None:
    engine, race = on_tile(game, 1)
    assert play(engine, race, action="repair-and-scavenge",
                collect=["special-cargo-town", "special-cargo-mountain", "passenger"]) == [
        ("cargo.limit", "10.4")]


def test_10_2_3_special_cargo_scores_on_a_tile_of_its_terrain(game: GameContent) -> None:
    engine, race = on_tile(game, 2)  # tile 3, a town
    flyer = race.flyers[race.order[0]]
    flyer.cargo = ["special-cargo-town", "special-cargo-water"]
    assert play(engine, race, action="repair-and-scavenge",
                deliver=["special-cargo-town", "special-cargo-water"]) == [
        ("cargo.delivery", "10.2.3")]
    assert flyer.points["cargo"] == race.tables.tokens["special-cargo-town"].value
    assert flyer.cargo == ["special-cargo-water"]


def test_10_2_3_general_cargo_is_delivered_only_at_the_final_airfield(
        game: GameContent) -> None:
    engine, race = on_tile(game, 9)  # tile 10, the last before the final airfield
    flyer = race.flyers[race.order[0]]
    flyer.cargo = ["general-cargo-2"]
    assert play(engine, race, action="repair-and-scavenge",
                deliver=["general-cargo-2"]) == [("cargo.delivery", "10.2.3")]
    engine, race = on_tile(game, 10, altitude=1)  # over the final airfield
    flyer = race.flyers[race.order[0]]
    flyer.cargo = ["general-cargo-2", "special-cargo-town"]
    landing = Phase(action="landing")
    test = engine.test_of(race, landing)
    assert test is not None
    assert play(engine, race, action="landing", dice=[3] * test[2].dice, outcome="pass") == []
    assert flyer.cargo == ["special-cargo-town"]
    assert flyer.points["cargo"] == 2


def test_10_3_2_passengers_disembark_at_a_later_town_or_airfield(game: GameContent) -> None:
    engine, race = on_tile(game, 1)  # tile 2, fields
    flyer = race.flyers[race.order[0]]
    assert play(engine, race, action="repair-and-scavenge", collect=["passenger"]) == []
    assert flyer.passengers == [1]
    engine, race = on_tile(game, 1)
    flyer = race.flyers[race.order[0]]
    flyer.passengers = [0]
    assert play(engine, race, action="repair-and-scavenge", deliver=["passenger"]) == [
        ("passenger.delivery", "10.3.2")]
    engine, race = on_tile(game, 2)  # tile 3, a town
    flyer = race.flyers[race.order[0]]
    flyer.passengers = [2, 1]
    assert play(engine, race, action="repair-and-scavenge", deliver=["passenger"]) == []
    assert flyer.passengers == [2]
    assert flyer.points["passengers"] == race.tables.tokens["passenger"].value
    assert play(engine, race, action="take-off", deliver=["passenger"], dice=[]) [:1] == [
        ("passenger.delivery", "10.3.2")]


def test_10_2_3_delivering_what_is_not_on_board(game: GameContent) -> None:
    engine, race = on_tile(game, 2)
    assert play(engine, race, action="repair-and-scavenge",
                deliver=["special-cargo-town", "passenger"]) == [
        ("cargo.not-held", "10.2.3"), ("cargo.not-held", "10.3.2")]


def test_10_3_1_a_passenger_takes_a_seat_or_two_internal_slots(game: GameContent) -> None:
    engine, race = on_tile(game, 1)
    flyer = race.flyers[race.order[0]]
    internal, external, seats = capacity(flyer)
    assert seats == 0  # the monoplane carries its passengers in internal slots
    flyer.cargo = ["general-cargo-1"] * (internal + external - 2)
    assert play(engine, race, action="repair-and-scavenge", collect=["passenger"]) == []
    engine, race = on_tile(game, 1)
    flyer = race.flyers[race.order[0]]
    flyer.cargo = ["general-cargo-1"] * (internal + external - 1)
    assert play(engine, race, action="repair-and-scavenge", collect=["passenger"]) == [
        ("cargo.storage", "10.2.2")]
    engine, race = on_tile(game, 1)
    flyer = race.flyers[race.order[0]]
    flyer.cargo = ["general-cargo-1"] * (internal + external)
    assert play(engine, race, action="repair-and-scavenge",
                collect=["special-cargo-town"]) == [("cargo.storage", "10.2.2")]


def test_10_2_1_undelivered_special_cargo_costs_one_point(game: GameContent) -> None:
    _, race = on_tile(game, 1)
    flyer = race.flyers[race.order[0]]
    before = scores(race)[flyer.machine.player]["total"]
    flyer.cargo = ["special-cargo-water", "general-cargo-2"]
    after = scores(race)[flyer.machine.player]
    assert after["undelivered special cargo"] == -1
    assert after["total"] == before - 1


def test_6_11_loading_one_passenger_and_one_set_aside_special_cargo(game: GameContent) -> None:
    log = race_log(game, mode="standard")
    log.machines[0].load = ["passenger", "special-cargo-water"]
    log.machines[1].load = ["passenger", "passenger", "special-cargo-town"]
    race = RaceEngine.of(game).initial(log)
    found = [(f.code, f.extra.get("rule"), f.extra.get("piece")) for f in race.rulings.findings]
    second = log.machines[1].dashboard
    assert found == [("loading.passengers", "6.11", second), ("loading.cargo", "6.11", second)]
    assert race.flyers[log.machines[0].dashboard].cargo == ["special-cargo-water"]


def test_6_3_no_mountain_cargo_on_a_mountain_terrain_tile(game: GameContent) -> None:
    # A standard course written with its cargo: tile 3 is a town, before the middle airfield.
    log = race_log(game, mode="standard")
    course = RaceEngine.of(game).initial(log).course
    placed: dict[int, list[str]] = {}
    for at, tile in enumerate(course[:-1]):
        middle = at >= 5
        token = "general-cargo-1" if middle else (
            "special-cargo-water" if tile.terrain != "water" else "special-cargo-town")
        placed[tile.number] = [token] * tile.cargo.for_machines(3)
    log = race_log(game, mode="standard", cargo=placed)
    assert RaceEngine.of(game).initial(log).rulings.findings == []
    placed[3] = ["special-cargo-town"] * len(placed[3])
    placed[2] = placed[2][:-1]
    log = race_log(game, mode="standard", cargo=placed)
    found = [(f.code, f.extra.get("rule")) for f in RaceEngine.of(game).initial(log)
             .rulings.findings]
    assert ("cargo.setup", "6.3") in found
    assert len(found) == 1 + len(placed[3])


def test_section_13_the_tour_guide_and_the_opportunist_score_more_for_deliveries(
        game: GameContent) -> None:
    passenger = 3  # the passenger token's points (source: designer)
    for pilot, token, points in (("karishma-khana", "passenger", passenger + 2),
                                 ("hamish-mctarn", "special-cargo-town", 2 + 1),
                                 ("sikosi-akimoto", "special-cargo-town", 2)):
        engine, race = on_tile(game, 2)  # tile 3, a town
        flyer = race.flyers[race.order[0]]
        flyer.pilot = race.tables.pilots[pilot]
        flyer.passengers, flyer.cargo = [1], ["special-cargo-town"]
        assert play(engine, race, action="repair-and-scavenge", deliver=[token]) == []
        assert sum(flyer.points.values()) - flyer.points["seat"] == points, pilot
        assert race.tables.tokens["passenger"].value == passenger
