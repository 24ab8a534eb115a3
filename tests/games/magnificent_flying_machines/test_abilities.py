"""Pilot and equipment abilities in a race log (sections 13-14, 10.1): what each does to a
test, and one finding for each use the machine may not make."""

from __future__ import annotations

from typing import Any

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.referee.engine import (
    EndTurn,
    PhaseAction,
    RaceEngine,
    StartTurn,
)
from pnpcompiler.games.magnificent_flying_machines.referee.log import Phase, RaceLog, Turn
from pnpcompiler.games.magnificent_flying_machines.referee.state import Flyer, Race

SUNNY = {n: "weather-sunny" for n in range(2, 12)}
PLAYERS = ["Ann", "Bob", "Cat"]
OTHERS = [{"dashboard": "biplane", "pilot": "karishma-khana",
           "equipment": ["superior-tyres", "box-of-tricks"]},
          {"dashboard": "seaplane", "pilot": "sir-archibald-smythe",
           "equipment": ["extra-cargo-capacity", "improved-landing-gear"]}]


def start(game: GameContent, pilot: str, equipment: list[str], *, board: str = "monoplane",
          at: int = 0, altitude: int = 0, **machine: Any) -> tuple[RaceEngine, Race]:
    """Return a standard race in Ann's first turn, her machine set up as given."""
    engine = RaceEngine.of(game)
    first = {"dashboard": board, "pilot": pilot, "equipment": equipment, **machine}
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "standard",
        "players": PLAYERS, "course": list(range(1, 12)), "weather": SUNNY,
        "machines": [dict(m, player=p) for p, m in zip(PLAYERS, [first, *OTHERS],
                                                        strict=True)]})
    race = engine.initial(log)
    race, _ = engine.apply(race, StartTurn(Turn(machine=board)))
    assert race.current is not None
    race.current.flyer.at, race.current.flyer.altitude = at, altitude
    return engine, race


def play(engine: RaceEngine, race: Race, **phase: Any) -> list[tuple[str, Any]]:
    """Play one phase of the current turn; return its findings' codes and rules."""
    _, found = engine.apply(race, PhaseAction(Phase.model_validate(phase)))
    return [(f.code, f.extra.get("rule")) for f in found if not f.code.startswith("draft.")]


def ann(race: Race) -> Flyer:
    return race.flyers[race.order[0]]


NO_TAKE_OFF = [3, 3, 3, 3]
"""Four landing faces: no take-off symbol (rules.yaml dice)."""


def test_section_14_universal_spare_parts_gives_a_symbol_three_times(game: GameContent) -> None:
    kit = ["universal-spare-parts", "goggles", "floats"]
    engine, race = start(game, "amelia-skyfoot", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, outcome="fail") == []
    engine, race = start(game, "amelia-skyfoot", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF,
                charges=["universal-spare-parts"], outcome="pass") == []
    assert ann(race).charges["universal-spare-parts"] == 2


def test_section_13_vladimir_provides_a_spare_part_symbol_four_times(game: GameContent) -> None:
    engine, race = start(game, "vladimir-orkovski", ["goggles", "floats", "passenger-seat"])
    ann(race).charges["vladimir-orkovski"] = 1
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF,
                charges=["vladimir-orkovski"], outcome="pass") == []
    engine, race = start(game, "vladimir-orkovski", ["goggles", "floats", "passenger-seat"])
    assert ann(race).charges["vladimir-orkovski"] == 4
    ann(race).charges["vladimir-orkovski"] = 0
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF,
                charges=["vladimir-orkovski"], outcome="fail") == [
        ("charge.spent", "section 14")]


def test_section_14_flying_manual_ignores_a_terrain_symbol(game: GameContent) -> None:
    # The starting airfield asks one take-off symbol; the manual's charge ignores it.
    kit = ["flying-manual", "goggles", "floats"]
    engine, race = start(game, "amelia-skyfoot", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, charges=["flying-manual"],
                outcome="pass") == []
    assert ann(race).charges["flying-manual"] == 3


def test_section_14_a_charge_spent_on_a_test_it_does_not_help(game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["aerodynamic-tail", "goggles", "floats"])
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF,
                charges=["aerodynamic-tail"], outcome="fail") == [("charge.use", "section 14")]


def test_section_14_lucky_locket_re_rolls_any_dice(game: GameContent) -> None:
    kit = ["lucky-locket", "goggles", "floats"]
    engine, race = start(game, "amelia-skyfoot", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, outcome="pass",
                rerolls=[{"by": "lucky-locket", "dice": [3, 3], "rolled": [1, 2]}]) == []
    assert ann(race).charges["lucky-locket"] == 2
    engine, race = start(game, "amelia-skyfoot", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, outcome="pass",
                rerolls=[{"by": "lucky-locket", "dice": [1], "rolled": [1]}]) == [
        ("reroll.dice", "8.2"), ("test.outcome", "8.2")]


def test_section_14_flying_jacket_re_rolls_explosions_only(game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["flying-jacket", "goggles", "floats"])
    assert play(engine, race, action="take-off", dice=[6, 3, 3, 3], outcome="pass",
                rerolls=[{"by": "flying-jacket", "dice": [6], "rolled": [1]}]) == []
    engine, race = start(game, "amelia-skyfoot", ["flying-jacket", "goggles", "floats"])
    assert play(engine, race, action="take-off", dice=[6, 3, 3, 3], outcome="catastrophic",
                rerolls=[{"by": "flying-jacket", "dice": [3], "rolled": [1]}]) == [
        ("reroll.by", "section 14")]


def test_section_13_adriana_re_rolls_up_to_two_dice_once_per_phase(game: GameContent) -> None:
    kit = ["goggles", "floats", "passenger-seat"]
    engine, race = start(game, "adriana-belhinda", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, outcome="pass",
                rerolls=[{"by": "adriana-belhinda", "dice": [3, 3], "rolled": [1, 3]}]) == []
    engine, race = start(game, "adriana-belhinda", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, outcome="fail",
                rerolls=[{"by": "adriana-belhinda", "dice": [3, 3, 3], "rolled": [1, 3, 3]}]
                ) == [("reroll.by", "section 13")]
    engine, race = start(game, "adriana-belhinda", kit)
    assert play(engine, race, action="take-off", dice=NO_TAKE_OFF, outcome="fail",
                rerolls=[{"by": "adriana-belhinda", "dice": [3], "rolled": [3]},
                         {"by": "adriana-belhinda", "dice": [3], "rolled": [1]}]) == [
        ("reroll.by", "section 13")]


def test_section_14_box_of_tricks_plays_a_cad_three_times(game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["goggles", "floats", "passenger-seat"])
    assert play(engine, race, action="take-off", dice=[1, 3, 3], cad="Bob",
                cad_from="box-of-tricks", outcome="pass") == []
    assert race.flyers["biplane"].charges["box-of-tricks"] == 2
    race.flyers["biplane"].charges["box-of-tricks"] = 0
    ann(race).altitude = 0
    assert play(engine, race, action="take-off", dice=[1, 3], cad="Bob",
                cad_from="box-of-tricks", outcome="pass") == [("cad.source", "section 14")]
    engine, race = start(game, "amelia-skyfoot", ["goggles", "floats", "passenger-seat"])
    assert play(engine, race, action="take-off", dice=[1, 3, 3], cad="Ann",
                cad_from="box-of-tricks", outcome="pass") == [
        ("cad.source", "section 14"), ("cad.own", "8.2")]


def test_section_13_sir_archibald_plays_one_cad_between_his_turns(game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["goggles", "floats", "passenger-seat"])
    cad = {"cad": "Cat", "cad_from": "sir-archibald-smythe"}
    assert play(engine, race, action="take-off", dice=[1, 3, 3], outcome="pass", **cad) == []
    engine, race = start(game, "amelia-skyfoot", ["goggles", "floats", "passenger-seat"])
    assert play(engine, race, action="take-off", dice=[3, 3, 3], outcome="fail", **cad) == []
    assert play(engine, race, action="take-off", dice=[1, 3], outcome="pass", **cad) == [
        ("cad.archibald", "section 13")]


def test_section_13_sir_archibald_s_cad_is_restocked_at_the_start_of_his_turn(
        game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["goggles", "floats", "passenger-seat"])
    cad = {"cad": "Cat", "cad_from": "sir-archibald-smythe"}
    assert play(engine, race, action="take-off", dice=[3, 3, 3], outcome="fail", **cad) == []
    for machine in ("monoplane", "biplane"):
        race, _ = engine.apply(race, EndTurn(Turn(machine=machine)))
        race, _ = engine.apply(race, StartTurn(Turn(machine=race.order[race.turns])))
    assert play(engine, race, action="take-off", dice=[1, 3], outcome="pass",
                cad="Ann", cad_from="sir-archibald-smythe") == [("cad.source", "section 13")]
    race, _ = engine.apply(race, EndTurn(Turn(machine="seaplane")))
    race, _ = engine.apply(race, StartTurn(Turn(machine="monoplane")))
    assert play(engine, race, action="take-off", dice=[1, 3, 3], outcome="pass", **cad) == []


def test_section_13_sheila_restocks_her_space_at_a_take_off_phase(game: GameContent) -> None:
    kit = ["goggles", "floats", "passenger-seat"]
    engine, race = start(game, "sheila-dawson", kit)
    assert play(engine, race, action="take-off", dice=[3, 3, 3, 3], restock="take-off",
                spare_parts=1, outcome="pass") == []
    assert (ann(race).parts["take-off"], ann(race).space) == (2, None)
    engine, race = start(game, "sheila-dawson", kit)
    assert play(engine, race, action="take-off", dice=[3, 3, 3, 3], restock="landing",
                outcome="fail") == []
    assert play(engine, race, action="take-off", dice=[1, 3, 3], restock="landing",
                outcome="pass") == [("ability.restock", "section 13")]
    assert ann(race).parts["landing"] == 3
    engine, race = start(game, "amelia-skyfoot", kit)
    assert play(engine, race, action="take-off", dice=[1, 3, 3, 3], restock="landing",
                outcome="pass") == [("ability.restock", "section 13")]


def test_section_13_elinah_repairs_one_damage_marker_when_taking_off(game: GameContent) -> None:
    kit = ["goggles", "floats", "passenger-seat"]
    engine, race = start(game, "elinah-mwangi", kit)
    ann(race).take_damage(2)
    assert play(engine, race, action="take-off", dice=[1, 3, 3, 3], outcome="pass") == [
        ("damage.grounded", "8.4.2")]
    engine, race = start(game, "elinah-mwangi", kit)
    ann(race).take_damage(2)
    assert play(engine, race, action="take-off", dice=[1, 3, 3, 3], repair=True,
                outcome="pass") == []
    assert (ann(race).gauge_damage, ann(race).damage, ann(race).altitude) == (1, 1, 1)
    engine, race = start(game, "amelia-skyfoot", kit)
    ann(race).take_damage(1)
    assert play(engine, race, action="take-off", dice=[1, 3, 3, 3], repair=True,
                outcome="pass") == [("ability.repair", "section 13")]


def test_section_14_catapult_launcher_takes_off_onto_the_next_tile(game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["catapult-launcher", "goggles", "floats"])
    assert play(engine, race, action="take-off", charges=["catapult-launcher"]) == []
    assert (ann(race).at, ann(race).altitude, race.current and race.current.crossed) == (1, 1, 1)
    ann(race).altitude = 0
    assert play(engine, race, action="take-off", charges=["catapult-launcher"]) == [
        ("charge.spent", "section 14")]
    assert (ann(race).at, ann(race).altitude) == (1, 0)


def test_section_14_damage_repair_kit_gains_an_extra_phase(game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["damage-repair-kit", "goggles", "floats"])
    ann(race).take_damage(3)
    assert play(engine, race, action="take-off", dice=[3, 3], outcome="fail") == [
        ("damage.grounded", "8.4.2")]
    assert play(engine, race, action="take-off", dice=[3, 3], outcome="fail") == [
        ("damage.grounded", "8.4.2")]
    assert play(engine, race, action="repair-and-scavenge", charges=["damage-repair-kit"]) == []
    assert (ann(race).total_damage, [c.id for c in ann(race).kit]) == (0, ["goggles", "floats"])
    assert play(engine, race, action="repair-and-scavenge", charges=["damage-repair-kit"]) == [
        ("charge.spent", "section 14"), ("phase.count", "8.1")]


def test_section_14_two_seater_flies_one_of_its_two_pilots(game: GameContent) -> None:
    kit = ["two-seater", "goggles", "floats"]
    engine, race = start(game, "amelia-skyfoot", kit, second_pilot="condesa-isabella-sanchez")
    assert engine.test_of(race, Phase(action="take-off"))[2].dice == 4  # type: ignore[index]
    assert play(engine, race, action="take-off", pilot="condesa-isabella-sanchez",
                dice=[1, 3, 3, 3, 3, 3], outcome="pass") == []
    assert play(engine, race, action="landing", pilot="amelia-skyfoot",
                dice=[3, 3, 3, 3, 3], outcome="pass") == [("two-seater.change", "section 14")]


def test_section_14_the_chauffeur_and_the_courier_never_fly_a_two_seater(
        game: GameContent) -> None:
    kit = ["two-seater", "goggles", "floats"]
    for pilot, second in (("jing-li", "amelia-skyfoot"), ("amelia-skyfoot", "jan-van-der-vall"),
                          ("amelia-skyfoot", None), ("amelia-skyfoot", "karishma-khana")):
        _, race = start(game, pilot, kit, second_pilot=second)
        assert [f.code for f in race.rulings.findings] == ["two-seater.pilot"], (pilot, second)
    _, race = start(game, "amelia-skyfoot", ["goggles", "floats", "passenger-seat"],
                    second_pilot="jing-li")
    assert [f.code for f in race.rulings.findings] == ["two-seater.pilot"]


def test_6_10_bob_exchanges_the_engine_for_the_passenger_seat_at_the_middle_airfield(
        game: GameContent) -> None:
    # Bob's triplane: 5 take-off symbols and the Finely Tuned Engine's +1 marker.
    kit = ["finely-tuned-engine", "aerodynamic-tail"]
    engine, race = start(game, "amelia-skyfoot", kit, board="triplane", at=5)
    assert engine.test_of(race, Phase(action="take-off"))[2].dice == 6  # type: ignore[index]
    swap = {"drop": ["finely-tuned-engine"], "take": ["passenger-seat"]}
    assert play(engine, race, action="take-off", swap=swap, dice=[1, 3, 3, 3, 3],
                outcome="pass") == []
    assert [c.id for c in ann(race).kit] == ["aerodynamic-tail", "passenger-seat"]
    engine, race = start(game, "amelia-skyfoot", kit, board="triplane", at=4)
    assert play(engine, race, action="take-off", swap=swap, dice=[1, 1, 1, 3, 3, 3],
                outcome="pass") == [("equipment.swap", "10.1")]
    engine, race = start(game, "amelia-skyfoot", kit, board="triplane", at=5)
    taken = {"drop": ["finely-tuned-engine"], "take": ["superior-tyres"]}
    assert play(engine, race, action="take-off", swap=taken, dice=[1, 3, 3, 3, 3, 3],
                outcome="pass") == [("equipment.swap", "10.1")]


def test_10_1_an_exchange_follows_a_landing_on_the_middle_airfield(game: GameContent) -> None:
    kit = ["finely-tuned-engine", "aerodynamic-tail"]
    engine, race = start(game, "amelia-skyfoot", kit, board="triplane", at=5, altitude=1)
    swap = {"drop": ["aerodynamic-tail"], "take": ["two-seater"], "pilot": "hamish-mctarn"}
    assert play(engine, race, action="landing", swap=swap, dice=[3, 3, 3, 3],
                outcome="pass") == []
    assert [p.id for p in ann(race).crew] == ["amelia-skyfoot", "hamish-mctarn"]
    assert "aerodynamic-tail" not in ann(race).charges


def test_section_14_national_flag_scores_5_delivered_to_the_final_airfield(
        game: GameContent) -> None:
    engine, race = start(game, "amelia-skyfoot", ["national-flag", "goggles", "floats"],
                         at=10, altitude=1)
    assert play(engine, race, action="landing", dice=[3, 3, 3, 3], outcome="pass") == []
    assert ann(race).points["national-flag"] == 5
    engine, race = start(game, "amelia-skyfoot", ["national-flag", "goggles", "floats"],
                         at=9, altitude=1)
    assert play(engine, race, action="landing", dice=[3, 3, 3, 3], outcome="pass") == []
    assert ann(race).points["national-flag"] == 0
