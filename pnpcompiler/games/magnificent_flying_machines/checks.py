"""Magnificent Flying Machines' rule checks: CONTENTS against the content, the tiles against
the quick-start table, dice pools, ability and charge markers, and the references between
cards, dashboards and variants."""

from __future__ import annotations

from collections.abc import Iterator

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, Location, error
from .lookup import (
    dashboards,
    equipment,
    pilots,
    tables_of,
    terrain_tiles,
    tricks,
    weather_tiles,
)
from .model import TESTS

rules = Rules()
"""This module's checks; the game's package includes them."""

TERRAINS = ("fields", "mountain", "town", "water")
FIRST_TO_LAND = {"fields": 1, "town": 2, "water": 3, "mountain": 4}
"""6.5 and the quick-start table: the first-to-land points of each terrain."""
AIRFIELDS = ("starting", "middle", "final")


@rules.check
def contents_match_the_box(game: GameContent) -> Iterator[Finding]:
    """Each CONTENTS line's count equals its bill-of-materials entries added up."""
    tables = tables_of(game)
    if tables is None:
        return
    bom = game.bom()
    listed: dict[str, str] = {}
    for line in tables.contents:
        total = 0
        for part in line.parts:
            entry = bom.get(part)
            if entry is None:
                yield error("ref.unknown-component", f"CONTENTS line {line.says!r} names "
                            f"{part!r}, which is not in the bill of materials (section 2)",
                            line.where("parts"))
                continue
            if part in listed:
                yield error("contents.listed-twice", f"{part!r} is in CONTENTS lines "
                            f"{listed[part]!r} and {line.says!r} (section 2)", line.where("parts"))
            listed[part] = line.says
            total += game.stated_count(entry)
        if total != line.count:
            yield error("contents.count", f"CONTENTS says {line.says!r}: expected {line.count} "
                        f"pieces, found {total} in the bill of materials (section 2)",
                        line.where("count"))
    for entry in game.manifest.bill_of_materials:
        if entry.source == "rulebook" and entry.id not in listed:
            yield error("contents.unlisted", f"{entry.id!r} is counted by the rulebook but is "
                        "on no CONTENTS line (section 2)", entry.where("id"))


@rules.check
def terrain_tiles_match_the_course(game: GameContent) -> Iterator[Finding]:
    """Three airfields and three of each terrain; tiles 1-11 hold what the quick-start table
    places on them; first-to-land points by terrain."""
    tiles = terrain_tiles(game)
    if not tiles:
        return
    for terrain in TERRAINS:
        found = sum(1 for t in tiles if t.terrain == terrain)
        if found != 3:
            yield error("terrain.count", f"expected three {terrain} tiles (section 2), found "
                        f"{found}", tiles[0].where("terrain"))
    for role in AIRFIELDS:
        found = sum(1 for t in tiles if t.airfield == role)
        if found != 1:
            yield error("terrain.airfield", f"expected one {role} airfield (section 2), found "
                        f"{found}", tiles[0].where("airfield"))
    numbers: dict[int, str] = {}
    for tile in tiles:
        if tile.number in numbers:
            yield error("terrain.number", f"tile number {tile.number} of {tile.id!r} is already "
                        f"{numbers[tile.number]!r}'s (5.1)", tile.where("number"))
        numbers[tile.number] = tile.id
        if (tile.airfield is None) != (tile.terrain != "airfield"):
            yield error("terrain.airfield", f"{tile.id!r}: expected an airfield role exactly "
                        "on airfield tiles (section 2)", tile.where("airfield"))
        expected = FIRST_TO_LAND.get(tile.terrain)
        if tile.first_to_land != expected:
            yield error("terrain.first-to-land", f"{tile.id!r}: expected first-to-land points "
                        f"{expected} for {tile.terrain} (6.5), found {tile.first_to_land}",
                        tile.where("first_to_land"))
        if tile.terrain == "mountain" and tile.symbols.take_off != 3:
            yield error("terrain.symbols", f"{tile.id!r}: expected three take-off symbols on a "
                        f"mountain tile (8.2), found {tile.symbols.take_off}",
                        tile.symbols.where("take_off"))
    yield from quick_start_tiles(game)


def quick_start_tiles(game: GameContent) -> Iterator[Finding]:
    """Tiles 1-11 match the quick-start table's terrain, passengers and cargo (section 5)."""
    tables = tables_of(game)
    if tables is None:
        return
    by_number = {t.number: t for t in terrain_tiles(game)}
    middle = next((r.tile for r in tables.quick_start if r.terrain == "airfield"
                   and 1 < r.tile < len(tables.quick_start)), None)
    for row in tables.quick_start:
        tile = by_number.get(row.tile)
        if tile is None:
            yield error("quick-start.tile", f"the quick-start table places tile {row.tile}, "
                        "which no terrain tile has (5.1)", row.where("tile"))
            continue
        if tile.terrain != row.terrain:
            yield error("quick-start.terrain", f"tile {row.tile} is {tile.terrain} but the "
                        f"quick-start table says {row.terrain} (5.1)", row.where("terrain"))
        if row.victory_points != tile.first_to_land:
            yield error("quick-start.points", f"tile {row.tile}: the table gives "
                        f"{row.victory_points} victory points, the tile {tile.first_to_land} "
                        "(6.5)", row.where("victory_points"))
        for band, cell in (("three_four", row.three_four), ("five_six", row.five_six)):
            printed_cargo = getattr(tile.cargo, band)
            placed = sum(cell.special.values()) + sum(cell.general.values())
            if printed_cargo != placed:
                yield error("quick-start.cargo", f"tile {row.tile} ({band}): the table places "
                            f"{placed} cargo, the tile prints {printed_cargo} (6.3)",
                            cell.where("says"))
            if getattr(tile.passengers, band) != cell.passengers:
                yield error("quick-start.passengers", f"tile {row.tile} ({band}): the table "
                            f"places {cell.passengers} passengers, the tile prints "
                            f"{getattr(tile.passengers, band)} (6.2)", cell.where("passengers"))
            if row.terrain in cell.special:
                yield error("cargo.own-terrain", f"tile {row.tile} ({band}): special "
                            f"{row.terrain} cargo on a {row.terrain} tile; expected none, as "
                            "in 'No mountain cargo on a mountain terrain tile' (6.3)",
                            cell.where("special"))
            if middle is not None and cell.special and row.tile > middle:
                yield error("cargo.half", f"tile {row.tile}: special cargo after the middle "
                            "airfield (6.3)", cell.where("special"))
            if middle is not None and cell.general and row.tile < middle:
                yield error("cargo.half", f"tile {row.tile}: general cargo before the middle "
                            "airfield (6.3)", cell.where("general"))


@rules.check
def weather_tiles_match_the_examples(game: GameContent) -> Iterator[Finding]:
    """Sunny weather adds nothing; a storm adds two take-off symbols (8.2)."""
    for tile in weather_tiles(game):
        if tile.weather == "sunny" and any(tile.symbols.of(t) for t in TESTS):
            yield error("weather.symbols", f"{tile.id!r}: expected no symbols in fine weather "
                        "(8.2)", tile.where("symbols"))
        if tile.weather == "storms" and tile.symbols.take_off != 2:
            yield error("weather.symbols", f"{tile.id!r}: expected two take-off symbols in a "
                        f"thunder storm (8.2), found {tile.symbols.take_off}",
                        tile.symbols.where("take_off"))


@rules.check
def references_resolve(game: GameContent) -> Iterator[Finding]:
    """Presets, variants and the Two-Seater name pilots, equipment and cards that exist."""
    tables = tables_of(game)
    pilot_ids = {p.id for p in pilots(game)}
    kit_ids = {e.id for e in equipment(game)}
    for board in dashboards(game):
        if board.preset.pilot not in pilot_ids:
            yield error("ref.unknown-pilot", f"{board.id!r}'s preset side names pilot "
                        f"{board.preset.pilot!r}; pilots: {', '.join(sorted(pilot_ids))} (5.2)",
                        board.preset.where("pilot"))
        for item in board.preset.equipment:
            if item not in kit_ids:
                yield error("ref.unknown-equipment", f"{board.id!r}'s preset side names "
                            f"equipment {item!r}, which no card has (5.2)",
                            board.preset.where("equipment"))
        if len(board.preset.equipment) != board.equipment_slots:
            yield error("preset.slots", f"{board.id!r}: expected {board.equipment_slots} "
                        f"equipment cards in its preset (one per slot, 6.9), found "
                        f"{len(board.preset.equipment)}", board.preset.where("equipment"))
    if tables is None:
        return
    less_dirty = tables.variants.less_dirty
    titles = {c.title for c in tricks(game)}
    for name in less_dirty.pilots:
        yield from unknown_card(name, pilot_ids, less_dirty.where("pilots"), rule="(12.4)")
    for name in less_dirty.equipment:
        yield from unknown_card(name, kit_ids, less_dirty.where("equipment"), rule="(12.4)")
    for name in less_dirty.tricks:
        yield from unknown_card(name, titles, less_dirty.where("tricks"), rule="(12.4)")
    two_player = tables.variants.two_player
    for name in two_player.excluded_pilots:
        yield from unknown_card(name, pilot_ids, two_player.where("excluded_pilots"),
                                rule="(12.2)")
    seater = tables.two_seater
    for name in seater.excluded_pilots:
        yield from unknown_card(name, pilot_ids, seater.where("excluded_pilots"),
                                rule="(section 14)")
    yield from unknown_card(seater.equipment, kit_ids, seater.where("equipment"),
                            rule="(section 14)")


def unknown_card(name: str, known: set[str], where: Location | None, *, rule: str
                 ) -> Iterator[Finding]:
    """Report a name that no card of its deck has, citing the rule that names it."""
    if name not in known:
        yield error("ref.unknown", f"expected one of {', '.join(sorted(known))}; found "
                    f"{name!r} {rule}", where, rule=rule)
