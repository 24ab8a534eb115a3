"""The Magnificent Flying Machines referee: a race log replayed through the engine, the
bots' races, and the rules the findings cite."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.bots import BOTS, play, quick_start_log
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog
from pnpcompiler.games.magnificent_flying_machines.referee.replay import replay
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race
from pnpcompiler.games.magnificent_flying_machines.referee.turns import scores

SUNNY = {n: "weather-sunny" for n in range(2, 12)}


def race_log(game: GameContent, turns: list[dict[str, Any]]) -> RaceLog:
    boards = dashboards(game)[:3]
    return RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "quick-start",
        "players": ["Ann", "Bob", "Cat"], "course": list(range(1, 12)), "weather": SUNNY,
        "machines": [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
                      "equipment": list(b.preset.equipment)}
                     for p, b in zip(["Ann", "Bob", "Cat"], boards, strict=True)],
        "turns": turns})


def codes(race: Race) -> list[tuple[str, Any]]:
    return [(f.code, f.extra.get("rule")) for f in race.rulings.findings
            if f.code != "game.unfinished"]


def test_8_2_a_repeated_test_in_the_same_turn_rolls_one_die_fewer(game: GameContent) -> None:
    # The monoplane (4 take-off symbols, Sikosi +1) fails a take-off, then tries again.
    turn: dict[str, Any] = {"machine": "monoplane", "phases": [
        {"action": "take-off", "dice": [3, 3, 3, 3, 3], "outcome": "fail"},
        {"action": "take-off", "dice": [1, 1, 3, 3, 3], "outcome": "pass"}]}
    assert codes(replay(game, race_log(game, [turn]))) == [("test.dice", "8.2")]
    turn["phases"][1]["dice"] = [1, 1, 3, 3]
    race = replay(game, race_log(game, [turn]))
    assert codes(race) == []
    assert race.flyers["monoplane"].altitude == 1


def test_8_3_a_catastrophic_fly_on_forces_a_landing_test(game: GameContent) -> None:
    turn: dict[str, Any] = {"machine": "monoplane", "phases": [
        {"action": "take-off", "dice": [1, 1, 3, 3, 3], "outcome": "pass"},
        {"action": "fly-on", "dice": [3, 3, 3, 3, 6], "outcome": "catastrophic"}]}
    race = replay(game, race_log(game, [turn]))
    assert codes(race) == [("landing.forced", "8.3")]
    turn["phases"].append({"action": "landing", "forced": True, "dice": [3, 3, 3, 5, 5],
                           "outcome": "pass"})
    race = replay(game, race_log(game, [turn]))
    assert codes(race) == []
    flyer = race.flyers["monoplane"]
    assert (flyer.altitude, flyer.gauge_damage, flyer.points["first to land"]) == (0, 1, 0)


def test_8_4_1_fuel_for_the_tiles_crossed_in_a_turn(game: GameContent) -> None:
    turn = {"machine": "monoplane", "fuel": 2, "phases": [
        {"action": "take-off", "dice": [1, 1, 3, 3, 3], "outcome": "pass"},
        {"action": "fly-on", "dice": [2, 2, 3, 3, 3], "outcome": "pass"},
        {"action": "fly-on", "continues": True, "dice": [2, 2, 2, 3], "outcome": "pass"}]}
    race = replay(game, race_log(game, [turn]))
    assert codes(race) == []
    assert race.flyers["monoplane"].fuel == 2
    turn["fuel"] = 4
    assert codes(replay(game, race_log(game, [turn]))) == [("fuel.end", "8.4.1")]


def test_8_3_no_progress_earns_a_luck_token(game: GameContent) -> None:
    turn = {"machine": "monoplane", "luck": True, "phases": [
        {"action": "take-off", "dice": [3, 3, 3, 3, 3], "outcome": "fail"}]}
    race = replay(game, race_log(game, [turn]))
    assert codes(race) == [] and race.flyers["monoplane"].luck == 1


def test_8_1_turns_go_round_in_order(game: GameContent) -> None:
    turns = [{"machine": "biplane", "phases": []}]
    assert codes(replay(game, race_log(game, turns))) == [("turn.order", "8.1")]


def test_8_1_a_misspelt_machine_is_one_finding_and_its_turn_is_judged(game: GameContent
                                                                      ) -> None:
    # The turn is the monoplane's, whose turn it is: its actions are judged as its own
    # (here, a repeated take-off rolling one die too many), not each "outside any turn".
    turn = {"machine": "monoplan", "phases": [
        {"action": "take-off", "dice": [3, 3, 3, 3, 3], "outcome": "fail"},
        {"action": "take-off", "dice": [1, 1, 3, 3, 3], "outcome": "pass"}]}
    race = replay(game, race_log(game, [turn]))
    assert codes(race) == [("turn.machine", "8.1"), ("test.dice", "8.2")]
    assert race.flyers["monoplane"].altitude == 1 and race.turns == 1


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_play_legal_races_to_their_end(game: GameContent, bot: str,
                                            players: int) -> None:
    engine = RaceEngine.of(game)
    for seed in range(3):
        boards = dashboards(game)[:4 if players == 2 else players]
        log = quick_start_log(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players],
                              [b.id for b in boards], [b.preset.pilot for b in boards],
                              [list(b.preset.equipment) for b in boards], SUNNY)
        played = play(engine, log, BOTS[bot], random.Random(seed))
        assert played.race.over
        assert played.race.rulings.findings == []
        table = scores(played.race)
        assert played.record["end"]["scores"] == {p: s["total"] for p, s in table.items()}


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_8_5_10_2_bots_turn_weather_cards_and_carry_cargo_and_stay_legal(
        game: GameContent, bot: str, players: int) -> None:
    engine = RaceEngine.of(game)
    delivered = 0
    for seed in range(3):
        boards = dashboards(game)[:4 if players == 2 else players]
        log = quick_start_log(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players],
                              [b.id for b in boards], [b.preset.pilot for b in boards],
                              [list(b.preset.equipment) for b in boards], SUNNY)
        played = play(engine, log, BOTS[bot], random.Random(seed), weather_changes=True,
                      cargo=True)
        assert played.race.over
        assert played.race.rulings.findings == []
        cards = [t["weather_change"]["card"] for t in played.record["turns"]
                 if "weather_change" in t]
        assert len(cards) == played.turns // len(played.race.order) - (
            played.turns % len(played.race.order) == 0)
        again = replay(game, RaceLog.model_validate(played.record))
        assert again.rulings.findings == []
        delivered += sum(s.get("cargo", 0) + s.get("passengers", 0)
                         for s in scores(again).values())
    assert delivered > 0  # the bots collect and deliver passengers and cargo (10.2-10.4)
