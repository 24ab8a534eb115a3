"""What a test needs and rolls at a point of the race (8.2, section 11, section 15)."""

from __future__ import annotations

from ..flight import Ignores, Pool, dice_pool, difficulty
from ..model import TerrainTile, Test, WeatherTile
from .abilities import terrain_ignored
from .log import Phase
from .state import Flyer, Race

TEST_OF: dict[str, Test] = {"take-off": "take-off", "fly-on": "flying",
                            "trick-manoeuvre": "flying", "landing": "landing",
                            "make-good": "take-off", "flying-lesson": "flying",
                            "speech": "landing"}
"""The test each action takes (8.3, section 11)."""
FINAL_ACTIONS = ("make-good", "flying-lesson", "speech", "autographs")
IGNORE_WEATHER = ("janu-rajan", "goggles")
"""The Navigator and Goggles ignore one symbol of each type on every weather tile."""


def reads_the_weather(flyer: Flyer) -> int:
    """Return the symbols of each type the machine ignores on every weather tile: one with
    the Navigator flying or Goggles on board."""
    pilot = flyer.pilot
    if pilot is not None and pilot.id in IGNORE_WEATHER:
        return 1
    return 1 if any(c.id in IGNORE_WEATHER for c in flyer.kit) else 0


def need(race: Race, flyer: Flyer, phase: Phase, test: Test) -> int:
    """Return the symbols a test needs: terrain and weather, or a final airfield action's
    three plus the weather."""
    tile = race.course[flyer.at]
    weather = race.weather.get(tile.number)
    ignores = (reads_the_weather(flyer), terrain_ignored(phase),
               flyer.altitude >= tile.air_bands)
    # What the need depends on, the content's tiles and cards by id: a race asks it of every
    # test twice (the bot that rolls, the referee that checks).
    key = (tile.number, weather.id if weather else None, test, phase.action, flyer.board.id,
           *ignores)
    needed = race.tables.needs.get(key)
    if needed is None:
        needed = race.tables.needs[key] = symbols_needed(
            race, tile, weather, test, phase.action, flyer.board.id, Ignores(*ignores))
    return needed


def symbols_needed(race: Race, tile: TerrainTile, weather: WeatherTile | None, test: Test,
                   action: str, machine: str, ignores: Ignores) -> int:
    """Return the symbols a test of an action needs on a tile under its weather."""
    if action in FINAL_ACTIONS:
        rule = next(a for a in race.tables.rules.final_airfield if a.id == action)
        sky = max(0, weather.symbols.of(test) - ignores.weather_each) if weather else 0
        return (rule.difficulty or 0) + sky
    return difficulty(tile, weather, test, machine=machine, ignores=ignores)


def pool(race: Race, flyer: Flyer, phase: Phase, test: Test) -> Pool:
    """Return the dice a test rolls: one fewer for each earlier test of its kind this turn."""
    repeats = race.current.tests[test] if race.current else 0
    charged = [card for card in flyer.kit if card.id in phase.charges] if phase.charges else []
    water = race.course[flyer.at].terrain == "water"
    pilot = flyer.pilot
    key = (flyer.board.id, pilot.id if pilot else None, tuple([card.id for card in flyer.kit]),
           test, water, repeats, phase.cad is not None, tuple([card.id for card in charged]))
    dice = race.tables.pools.get(key)
    if dice is None:
        dice = race.tables.pools[key] = dice_pool(
            flyer.board, pilot, flyer.kit, test, water=water, repeats=repeats,
            cad=phase.cad is not None, charges=charged)
    return dice
