"""The rulebook's worked examples, each named after its rule."""

from __future__ import annotations

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.flight import (
    Ignores,
    ability_markers,
    dice_pool,
    difficulty,
    fuel_spent,
)
from pnpcompiler.games.magnificent_flying_machines.lookup import (
    dashboards,
    equipment,
    pilots,
    tables_of,
    terrain_tiles,
    weather_tiles,
)
from pnpcompiler.games.magnificent_flying_machines.model import (
    Dashboard,
    Equipment,
    Pilot,
    TerrainTile,
    WeatherTile,
)


def board(game: GameContent, machine: str) -> Dashboard:
    return next(b for b in dashboards(game) if b.id == machine)


def pilot(game: GameContent, name: str) -> Pilot:
    return next(p for p in pilots(game) if p.id == name)


def card(game: GameContent, name: str) -> Equipment:
    return next(c for c in equipment(game) if c.id == name)


def tile(game: GameContent, terrain: str) -> TerrainTile:
    return next(t for t in terrain_tiles(game) if t.terrain == terrain)


def weather(game: GameContent, kind: str) -> WeatherTile:
    return next(w for w in weather_tiles(game) if w.weather == kind)


def test_6_10_bob_has_chosen_a_triplane(game: GameContent) -> None:
    """"Bob has chosen a triplane which has five takeoff symbols, five flying symbols and four
    landing symbols. However, his pilot is the nifty flyer ... a finely tuned engine"."""
    triplane = board(game, "triplane")
    assert (triplane.symbols.take_off, triplane.symbols.flying,
            triplane.symbols.landing) == (5, 5, 4)
    bob = pilot(game, "amelia-skyfoot")
    assert bob.title == "The Nifty Flyer"
    markers = ability_markers(bob, [card(game, "finely-tuned-engine")])
    assert (markers.take_off, markers.flying, markers.landing) == (1, 2, 0)
    # At the middle airfield he exchanges the engine for the extra passenger seat.
    markers = ability_markers(bob, [card(game, "passenger-seat")])
    assert (markers.take_off, markers.flying, markers.landing) == (0, 2, 0)


def test_8_2_take_off_in_a_mountain_area(game: GameContent) -> None:
    """"If a player wishes to take off in a mountain area, and the weather is fine ... A total
    of three takeoff symbols ... during a thunder storm ... a total of five symbols"."""
    mountain = tile(game, "mountain")
    assert difficulty(mountain, weather(game, "sunny"), "take-off") == 3
    assert difficulty(mountain, weather(game, "storms"), "take-off") == 5


def test_8_2_bob_has_a_triplane_in_the_air_over_a_town(game: GameContent) -> None:
    """"Bob has a triplane which is currently in the air over a town ... requiring three
    flying symbols ... Paul plays a card with a cad symbol ... only roll four dice ... Bob
    now rolls four dice again"."""
    town = tile(game, "town")
    assert difficulty(town, weather(game, "sunny"), "flying") == 3
    # 8.2's Bob shows five flying symbols: a pilot with no flying bonus (see contradiction
    # bob-flying-symbols in game.yaml).
    triplane, navigator = board(game, "triplane"), pilot(game, "janu-rajan")
    assert dice_pool(triplane, navigator, [], "flying").dice == 5
    assert dice_pool(triplane, navigator, [], "flying", cad=True).dice == 4
    second = dice_pool(triplane, navigator, [], "flying", repeats=1)
    assert second.dice == 4
    assert ("repeats", -1) in second.terms


def test_8_2_joanne_has_a_pusher_plane(game: GameContent) -> None:
    """"Joanne has a pusher plane ... rolling five dice needing two takeoff symbols ... this
    time may only roll four dice as it is the second takeoff test"."""
    pusher = board(game, "pusher-plane")
    joanne = pilot(game, "karishma-khana")
    assert difficulty(tile(game, "fields"), weather(game, "sunny"), "take-off") == 2
    assert dice_pool(pusher, joanne, [], "take-off").dice == 5
    assert dice_pool(pusher, joanne, [], "take-off", repeats=1).dice == 4


def test_8_2_storms_add_two_take_off_symbols_and_sunny_none(game: GameContent) -> None:
    storms, sunny = weather(game, "storms"), weather(game, "sunny")
    assert storms.symbols.take_off == 2
    assert (sunny.symbols.take_off, sunny.symbols.flying, sunny.symbols.landing) == (0, 0, 0)


def test_8_3_highest_altitude_band_ignores_weather(game: GameContent) -> None:
    town, snow = tile(game, "town"), weather(game, "fog")
    assert difficulty(town, snow, "flying") == town.symbols.flying + snow.symbols.flying
    assert difficulty(town, snow, "flying", ignores=Ignores(highest_band=True)) \
        == town.symbols.flying


def test_section_15_helicopter_terrain_difficulty_never_above_two(game: GameContent) -> None:
    mountain, sunny = tile(game, "mountain"), weather(game, "sunny")
    assert difficulty(mountain, sunny, "take-off", machine="helicopter") == 2
    assert difficulty(mountain, sunny, "landing", machine="helicopter") == 2
    assert difficulty(mountain, sunny, "flying", machine="helicopter") == 3


def test_section_15_seaplane_gains_two_dice_on_water(game: GameContent) -> None:
    seaplane = board(game, "seaplane")
    dry = dice_pool(seaplane, None, [], "landing")
    wet = dice_pool(seaplane, None, [], "landing", water=True)
    assert wet.dice == dry.dice + 2
    with_floats = dice_pool(seaplane, None, [card(game, "floats")], "take-off", water=True)
    assert with_floats.dice == seaplane.symbols.take_off + 4


def test_section_13_navigator_ignores_one_symbol_of_each_type_on_the_weather(
        game: GameContent) -> None:
    water, storms = tile(game, "water"), weather(game, "storms")
    plain = difficulty(water, storms, "landing")
    assert difficulty(water, storms, "landing", ignores=Ignores(weather_each=1)) == plain - 1


def test_8_4_1_fuel_for_each_number_of_tiles_crossed(game: GameContent) -> None:
    tables = tables_of(game)
    assert tables is not None
    assert [fuel_spent(n, tables.fuel) for n in range(5)] == [0, 0, 2, 3, 4]
