"""The weather change card at the end of each round (8.5) in a race log, with the recorded
readings of the wind cards (contradictions weather-moves-not-terrain and
westerly-starting-airfield)."""

from __future__ import annotations

from typing import Any

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog
from pnpcompiler.games.magnificent_flying_machines.referee.replay import replay
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race

PLAYERS = ["Ann", "Bob", "Cat"]
WEATHER = {n: "weather-sunny" for n in range(2, 12)} | {3: "weather-fog",
                                                         11: "weather-storms"}


def rounds(game: GameContent, *changes: dict[str, Any] | None) -> Race:
    """Replay rounds of turns without actions, each round ending with a change (or none)."""
    boards = dashboards(game)[:3]
    turns: list[dict[str, Any]] = []
    for change in changes:
        turns += [{"machine": b.id, "phases": []} for b in boards]
        if change is not None:
            turns[-1]["weather_change"] = change
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "quick-start",
        "players": PLAYERS, "course": list(range(1, 12)), "weather": WEATHER,
        "machines": [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
                      "equipment": list(b.preset.equipment)}
                     for p, b in zip(PLAYERS, boards, strict=True)], "turns": turns})
    return replay(game, log)


def codes(race: Race) -> list[tuple[str, Any]]:
    return [(f.code, f.extra.get("rule")) for f in race.rulings.findings
            if f.code != "game.unfinished"]


def weather(race: Race) -> dict[int, str]:
    return {number: tile.id for number, tile in race.weather.items()}


def test_8_5_change_in_the_weather_replaces_the_face_up_weather_of_its_terrain(
        game: GameContent) -> None:
    # Only tile 2 (fields) is face up before any machine has flown (6.4, 8.1).
    race = rounds(game, {"card": "change-fields", "dealt": {2: "weather-snow"}})
    assert codes(race) == []
    assert weather(race)[2] == "weather-snow"
    assert weather(race)[7] == "weather-sunny"  # fields too, but still face down
    race = rounds(game, {"card": "change-fields", "dealt": {2: "weather-snow",
                                                             7: "weather-snow"}})
    assert codes(race) == [("weather.dealt", "8.5")]
    assert weather(race)[7] == "weather-sunny"


def test_8_5_easterly_wind_moves_the_weather_one_to_the_left(game: GameContent) -> None:
    race = rounds(game, {"card": "easterly-wind", "dealt": {11: "weather-cloudy"}})
    assert codes(race) == []
    # Tile 3's fog moves to tile 2, tile 2's weather is discarded (never onto the starting
    # airfield), the final airfield's storm moves to tile 10 and a new tile is dealt there.
    assert weather(race) == {n: "weather-sunny" for n in range(2, 10)} | {
        2: "weather-fog", 10: "weather-storms", 11: "weather-cloudy"}


def test_8_5_westerly_wind_moves_the_weather_one_to_the_right(game: GameContent) -> None:
    race = rounds(game, {"card": "westerly-wind", "dealt": {11: "weather-cloudy"}})
    assert codes(race) == [("weather.dealt", "8.5")]
    race = rounds(game, {"card": "westerly-wind", "dealt": {2: "weather-cloudy"}})
    assert codes(race) == []
    assert weather(race) == {n: "weather-sunny" for n in range(2, 12)} | {
        2: "weather-cloudy", 4: "weather-fog"}


def test_8_5_no_change_leaves_the_weather_as_it_is(game: GameContent) -> None:
    race = rounds(game, {"card": "no-change", "dealt": {}})
    assert codes(race) == []
    assert weather(race) == WEATHER


def test_8_5_a_card_ends_every_round_once_the_record_writes_them(game: GameContent) -> None:
    race = rounds(game, {"card": "no-change"}, None)
    assert codes(race) == [("weather.card", "8.5")]
    assert codes(rounds(game, None, None)) == []  # a record without cards keeps the deal


def test_8_5_the_deck_is_shuffled_again_only_once_it_runs_out(game: GameContent) -> None:
    race = rounds(game, {"card": "no-change"}, {"card": "no-change"})
    assert codes(race) == [("weather.deck", "8.5")]
    cards = ["change-town", "change-water", "change-mountain", "change-airfield",
             "no-change", "easterly-wind", "westerly-wind", "change-fields"]
    dealt: dict[str, dict[int, str]] = {"easterly-wind": {11: "weather-sunny"},
                                        "westerly-wind": {2: "weather-sunny"},
                                        "change-fields": {2: "weather-sunny"}}
    changes = [{"card": c, "dealt": dealt.get(c, {})} for c in [*cards, "no-change"]]
    assert codes(rounds(game, *changes)) == []


def test_6_4_weather_is_dealt_onto_every_tile_but_the_starting_airfield(
        game: GameContent) -> None:
    boards = dashboards(game)[:3]
    header = {"game": "magnificent-flying-machines", "record": "race", "players": PLAYERS,
              "course": list(range(1, 12)),
              "machines": [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
                            "equipment": list(b.preset.equipment)}
                           for p, b in zip(PLAYERS, boards, strict=True)]}
    dealt = dict(WEATHER)
    assert codes(replay(game, RaceLog.model_validate(header | {"weather": dealt}))) == []
    del dealt[7]
    assert codes(replay(game, RaceLog.model_validate(header | {"weather": dealt}))) == [
        ("weather.deal", "6.4")]
    dealt |= {7: "weather-sunny", 1: "weather-fog"}
    assert codes(replay(game, RaceLog.model_validate(header | {"weather": dealt}))) == [
        ("weather.deal", "5.1")]
