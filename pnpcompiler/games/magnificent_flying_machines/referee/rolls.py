"""What a test needs and rolls at a point of the race (8.2, section 11, section 15)."""

from __future__ import annotations

from typing import TypeVar

from ..flight import Ignores, Pool, difficulty, machine_dice, pool_of
from ..model import TESTS, Test
from .abilities import terrain_ignored
from .log import Phase
from .state import Flyer, Outfit, Race

TEST_OF: dict[str, Test] = {"take-off": "take-off", "fly-on": "flying",
                            "trick-manoeuvre": "flying", "landing": "landing",
                            "make-good": "take-off", "flying-lesson": "flying",
                            "speech": "landing"}
"""The test each action takes (8.3, section 11)."""
FINAL_ACTIONS = ("make-good", "flying-lesson", "speech", "autographs")
IGNORE_WEATHER = frozenset({"janu-rajan", "goggles"})
"""The Navigator and Goggles ignore one symbol of each type on every weather tile."""
TEST_INDEX = {test: i for i, test in enumerate(TESTS)}
"""Each kind of test's place in :data:`TESTS` (``Outfit.dice``)."""
MEMO_LIMIT = 16384
"""The needs, and the pools, a process keeps at most: a content's needs come to a few
thousand and its pools to under a thousand (keyed by what a machine adds to a test, not by
the machine: 860 over a thousand drafted races), so the bound only caps what odd records
may add."""


def held(flyer: Flyer) -> list[str]:
    """Return the ids of the machine's pilot and equipment."""
    return [flyer.pilot.id if flyer.pilot else "", *(c.id for c in flyer.kit)]


def need_and_pool(race: Race, flyer: Flyer, phase: Phase, test: Test) -> tuple[int, Pool]:
    """Return the symbols a test needs and the dice it rolls (:func:`need`, :func:`pool`),
    each worked out once for what it depends on, the content's tiles and cards by id: a race
    asks them of every test twice (the bot that rolls, the referee that checks)."""
    tables, tile, charges = race.tables, race.course[flyer.at], phase.charges
    weather = race.weather.get(tile.number)
    worn = outfit(flyer)
    where = (tile.number, weather.id if weather else None, test, phase.action, flyer.name,
             worn.navigator, terrain_ignored(phase) if charges else 0,
             flyer.altitude >= tile.air_bands)
    needed = tables.needs.get(where)
    if needed is None:
        needed = remember(tables.needs, where, need(race, flyer, phase, test))
    # The pool reads the machine only through what it adds to the test (flight.pool_of) and
    # the equipment it carries whose charges the phase spends.
    rolling = (worn.dice[TEST_INDEX[test]], test, tile.terrain == "water",
               race.current.tests.get(test, 0) if race.current else 0, phase.cad is not None,
               tuple([card for card in worn.ids[1] if card in charges]) if charges else ())
    dice = tables.pools.get(rolling)
    if dice is None:
        dice = remember(tables.pools, rolling, pool(race, flyer, phase, test))
    return needed, dice


def outfit(flyer: Flyer) -> Outfit:
    """Return the machine's pilot and equipment as its tests read them, worked out again
    only when they change (a Two-Seater's pilots, an exchange, a discarded charge card)."""
    worn, kit = flyer.outfit, tuple(flyer.kit)
    if worn is None or worn.pilot is not flyer.pilot or worn.kit != kit:
        ids = tuple([card.id for card in kit])
        pilot = flyer.pilot.id if flyer.pilot else None
        worn = flyer.outfit = Outfit(
            flyer.pilot, kit, (pilot, ids),
            pilot in IGNORE_WEATHER or not IGNORE_WEATHER.isdisjoint(ids),
            tuple(machine_dice(flyer.board, flyer.pilot, kit, test) for test in TESTS))
    return worn


Known = TypeVar("Known")


def remember(memo: dict[tuple[object, ...], Known], key: tuple[object, ...], value: Known
             ) -> Known:
    """Keep a value under its key, forgetting them all first once the memo holds
    :data:`MEMO_LIMIT`."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def need(race: Race, flyer: Flyer, phase: Phase, test: Test) -> int:
    """Return the symbols a test needs: terrain and weather, or a final airfield action's
    three plus the weather."""
    tile, weather = race.course[flyer.at], race.weather_on(flyer.at)
    ignores = Ignores(
        weather_each=0 if IGNORE_WEATHER.isdisjoint(held(flyer)) else 1,
        terrain=terrain_ignored(phase),
        highest_band=flyer.altitude >= tile.air_bands)
    if phase.action in FINAL_ACTIONS:
        rule = next(a for a in race.tables.rules.final_airfield if a.id == phase.action)
        sky = max(0, weather.symbols.of(test) - ignores.weather_each) if weather else 0
        return (rule.difficulty or 0) + sky
    return difficulty(tile, weather, test, machine=flyer.board.id, ignores=ignores)


def pool(race: Race, flyer: Flyer, phase: Phase, test: Test) -> Pool:
    """Return the dice a test rolls: one fewer for each earlier test of its kind this turn."""
    repeats = race.current.tests[test] if race.current else 0
    charged = [card for card in flyer.kit if card.id in phase.charges]
    return pool_of(machine_dice(flyer.board, flyer.pilot, flyer.kit, test), test,
                   water=race.course[flyer.at].terrain == "water", repeats=repeats,
                   cad=phase.cad is not None, charges=charged)
