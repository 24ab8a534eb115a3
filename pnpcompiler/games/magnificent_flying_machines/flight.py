"""A test's difficulty and dice pool (8.2), the ability markers a dashboard shows (6.10) and
fuel spent (8.4.1): what the rule checks, the referee and the rulebook's examples share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .model import TESTS, Dashboard, Equipment, Pilot, Symbols, TerrainTile, Test, WeatherTile

HELICOPTER_CAP = 2
"""Section 15: the helicopter's take-off and landing terrain difficulty is never above 2."""
SEAPLANE_WATER_DICE = 2
"""Section 15: the seaplane gains 2 dice for take off and landing tests on water tiles."""


@dataclass(frozen=True)
class Ignores:
    """Symbols a test may ignore: one of each type per weather tile (the Navigator, Goggles),
    terrain symbols by Flying Manual charges, the weather at the highest altitude band."""

    weather_each: int = 0
    terrain: int = 0
    highest_band: bool = False


def difficulty(tile: TerrainTile, weather: WeatherTile | None, test: Test, *,
               machine: str = "", ignores: Ignores = Ignores()) -> int:
    """Return the symbols a test needs: terrain plus weather (8.2), less what is ignored."""
    terrain = tile.symbols.of(test)
    if machine == "helicopter" and test != "flying":
        terrain = min(terrain, HELICOPTER_CAP)
    terrain = max(0, terrain - ignores.terrain)
    sky = 0
    if weather is not None and not (test == "flying" and ignores.highest_band):
        sky = max(0, weather.symbols.of(test) - ignores.weather_each)
    return terrain + sky


def ability_markers(pilot: Pilot | None, kit: Sequence[Equipment]) -> Symbols:
    """Return the bonus each ability marker shows: pilot and equipment dice for every test of
    a kind (6.10); charged and water dice are not marked."""
    return Symbols(take_off=marker_dice(pilot, kit, "take-off"),
                   flying=marker_dice(pilot, kit, "flying"),
                   landing=marker_dice(pilot, kit, "landing"))


def marker_dice(pilot: Pilot | None, kit: Sequence[Equipment], test: Test) -> int:
    """Return the dice the ability markers add to one kind of test (6.10)."""
    return (pilot.dice.of(test) if pilot else 0) + sum(c.dice.of(test) for c in kit)


@dataclass(frozen=True)
class Pool:
    """A dice pool and the terms it was added up from."""

    dice: int
    terms: list[tuple[str, int]] = field(default_factory=list)


def dice_pool(board: Dashboard, pilot: Pilot | None, kit: Sequence[Equipment], test: Test, *,
              water: bool = False, repeats: int = 0, cad: bool = False,
              charges: Sequence[Equipment] = ()) -> Pool:
    """Return the dice a test rolls (8.2): the dashboard's symbols and ability markers, water
    dice (section 15, Floats), charges spent, one fewer for each repeat of this test in the
    turn, and one fewer for a cad (never more than one cad a test)."""
    return pool_of(machine_dice(board, pilot, kit, test), test, water=water, repeats=repeats,
                   cad=cad, charges=charges)


def machine_dice(board: Dashboard, pilot: Pilot | None, kit: Sequence[Equipment],
                 test: Test) -> tuple[int, int, int]:
    """Return what a machine adds to a test's pool (:func:`dice_pool`): its dashboard's
    symbols, its ability markers and its water dice (section 15, Floats) on a water tile."""
    seaplane = SEAPLANE_WATER_DICE if board.id == "seaplane" else 0
    return (board.symbols.of(test), marker_dice(pilot, kit, test),
            seaplane + sum(c.water_dice.of(test) for c in kit))


def pool_of(machine: tuple[int, int, int], test: Test, *, water: bool = False,
            repeats: int = 0, cad: bool = False, charges: Sequence[Equipment] = ()) -> Pool:
    """Return the dice a test rolls from what the machine adds (:func:`machine_dice`) and
    where and how the test is taken (:func:`dice_pool`)."""
    board, markers, water_dice = machine
    terms = [("dashboard", board), ("ability markers", markers)]
    if water and test != "flying":
        terms.append(("water", water_dice))
    for card in charges:
        terms.append((f"charge: {card.id}",
                      1 if card.any_test_charge_die else card.charged_dice.of(test)))
    terms.append(("repeats", -repeats))
    if cad:
        terms.append(("cad", -1))
    terms = [(name, n) for name, n in terms if n]
    return Pool(max(0, sum(n for _, n in terms)), terms)


def fuel_spent(tiles_crossed: int, table: Sequence[int]) -> int:
    """Return the fuel cubes removed at the end of a turn (8.4.1)."""
    return table[min(tiles_crossed, len(table) - 1)]


__all__ = ["TESTS", "Ignores", "Pool", "ability_markers", "dice_pool", "difficulty",
           "fuel_spent", "machine_dice", "marker_dice", "pool_of"]
