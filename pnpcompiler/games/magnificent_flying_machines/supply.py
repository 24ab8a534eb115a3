"""What a race's set-up takes from the box, for each number of players and course, against what
the box holds (sections 2, 5, 6, 7 and 12.2)."""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass

from ...content.project import GameContent
from .lookup import dashboards, pilots, terrain_tiles
from .model import TESTS, TerrainTile
from .tables import Course, RulesTables

PLAYERS = (2, 3, 4, 5, 6)
SPECIAL_CARGO = ("special-cargo-mountain", "special-cargo-water", "special-cargo-town",
                 "special-cargo-fields")
GENERAL_CARGO = ("general-cargo-2", "general-cargo-1")
@dataclass(frozen=True)
class Need:
    """Tokens a set-up takes from some bill-of-materials entries, and why."""

    what: str
    entries: tuple[str, ...]
    count: int


def machines_for(players: int, tables: RulesTables) -> int:
    """Return how many flying machines race with so many players (12.2: two fly four)."""
    return tables.variants.two_player.machines_per_player * 2 if players == 2 else players


def worst_course(tiles: list[TerrainTile], course: Course, machines: int, count: str,
                 halves: tuple[bool, bool]) -> int:
    """Return the most tokens a dealt course can ask for on the chosen halves (before and after
    the middle airfield), counting each tile's ``cargo`` or ``passengers`` (6.1, 12.1)."""
    def number(tile: TerrainTile) -> int:
        field = tile.cargo if count == "cargo" else tile.passengers
        return field.for_machines(machines)

    rough = sorted((t for t in tiles if t.airfield is None), key=number, reverse=True)
    sizes = [size for size, on in zip((course.before_middle, course.after_middle), halves,
                                      strict=True) if on]
    if not course.one_of_each:
        return sum(number(t) for t in rough[:sum(sizes)])
    # Each half holds one tile of each terrain; the long game adds one more of any terrain.
    taken: list[TerrainTile] = []
    for terrain in sorted({t.terrain for t in rough}):
        taken += [t for t in rough if t.terrain == terrain][:len(sizes)]
    rest = [t for t in rough if t not in taken]
    extra = sum(size - len({t.terrain for t in rough}) for size in sizes)
    return sum(number(t) for t in taken) + sum(number(t) for t in rest[:max(extra, 0)])


def quick_start_needs(tables: RulesTables, machines: int) -> list[Need]:
    """Return the cargo, passengers and markers the quick-start table places (section 5)."""
    special: Tally[str] = Tally()
    general: Tally[int] = Tally()
    passengers = 0
    first: Tally[int] = Tally()
    for row in tables.quick_start:
        cell = row.three_four if machines <= 4 else row.five_six
        special.update(cell.special)
        general.update(cell.general)
        passengers += cell.passengers
        if row.victory_points:
            first[row.victory_points] += 1
    needs = [Need(f"special cargo: {terrain}", (f"special-cargo-{terrain}",), n)
             for terrain, n in special.items()]
    needs += [Need(f"general cargo: {points} pts", (f"general-cargo-{points}",), n)
              for points, n in general.items()]
    needs.append(Need("passengers", ("passengers",), passengers))
    seats: Tally[int] = Tally(v for v in tables.seat_victory_points[:machines] if v)
    for value in sorted(set(first) | set(seats)):
        needs.append(Need(f"first to land and seat points: {value} pts",
                          (f"victory-points-{value}",), first[value] + seats[value]))
    return needs


def standard_needs(tables: RulesTables, tiles: list[TerrainTile], course: Course,
                   machines: int) -> list[Need]:
    """Return the most cargo, passengers and markers a dealt course places (6.1-6.5, 12.1)."""
    middle = next((t for t in tiles if t.airfield == "middle"), None)
    before = worst_course(tiles, course, machines, "cargo", (True, False))
    after = worst_course(tiles, course, machines, "cargo", (False, True))
    general = after + (middle.cargo.for_machines(machines) if middle else 0)
    passengers = worst_course(tiles, course, machines, "passengers", (True, True))
    passengers += middle.passengers.for_machines(machines) if middle else 0
    aside = tables.setup.set_aside
    needs = [Need(f"special cargo: {terrain} set aside", (f"special-cargo-{terrain}",), n)
             for terrain, n in aside.items()]
    needs.append(Need("special cargo: set aside and on the course", SPECIAL_CARGO,
                      before + sum(aside.values())))
    needs.append(Need("general cargo: on the course", GENERAL_CARGO, general))
    loading = tables.setup.loading.passengers * machines
    needs.append(Need("passengers: on the course and loading", ("passengers",),
                      passengers + loading))
    most = course.before_middle + course.after_middle
    for value, terrain in sorted({(t.first_to_land, t.terrain) for t in tiles
                                  if t.first_to_land}):
        of_terrain = sum(1 for t in tiles if t.terrain == terrain)
        needs.append(Need(f"first to land: {value} pts", (f"victory-points-{value}",),
                          min(of_terrain, most)))
    return needs


def common_needs(game: GameContent, tables: RulesTables, players: int) -> list[Need]:
    """Return what every set-up takes whatever the course: markers, hands, displays, fuel."""
    machines = machines_for(players, tables)
    needs: list[Need] = []
    stacks = next((r for r in tables.race_stages if r.players == players), None)
    if stacks is not None:
        for value, n in sorted(Tally(stacks.middle + stacks.final).items()):
            needs.append(Need(f"race stage: {value} pts", (f"race-stage-{value}",), n))
    cards = pilots(game)
    extra = max((p.hand_limit - tables.setup.hand for p in cards
                 if p.hand_limit and p.id not in excluded(tables, players)), default=0)
    needs.append(Need("hands", ("trick-and-boost-cards",),
                      tables.setup.hand * players + max(extra, 0)))
    needs.append(Need("pilots", ("pilot-cards",), tables.setup.pilot_display + machines))
    slots = sorted((d.equipment_slots for d in dashboards(game)), reverse=True)
    needs.append(Need("equipment", ("equipment-cards",),
                      tables.setup.equipment_display + sum(slots[:machines])))
    colours = [e for e in game.bom() if e.startswith("fuel-")]
    for colour in colours[:machines]:
        needs.append(Need(f"fuel: {colour}", (colour,), tables.setup.fuel_cubes))
    needs.append(Need("fuel: colours", tuple(colours[:machines]),
                      tables.setup.fuel_cubes * machines))
    needs.append(Need("machines", ("dashboards",), machines))
    needs.append(Need("machines: markers", ("machine-markers",), machines))
    needs.append(Need("machines: bases", ("machine-bases",), machines))
    return needs


def spare_part_needs(game: GameContent, tables: RulesTables, mode: str, machines: int
                     ) -> list[Need]:
    """Return the spare parts the preset sides (5.2) or loading up (6.11) hand out."""
    needs: list[Need] = []
    spare = Tally[str]()
    if mode == "quick-start":
        presets = sorted((d.preset.spare_parts for d in dashboards(game)),
                         key=lambda s: -(s.take_off + s.flying + s.landing))[:machines]
        for parts in presets:
            for test in TESTS:
                spare[test] += parts.of(test)
    else:
        for test in TESTS:
            spare[test] = tables.setup.loading.spare_parts.of(test) * machines
    spaces = max((p.spare_part_space for p in pilots(game)), default=0)
    for test in TESTS:
        needs.append(Need(f"spare parts: {test}", (f"spare-parts-{test}",),
                          spare[test] + spaces))
    return needs


def excluded(tables: RulesTables, players: int) -> set[str]:
    """Return the pilots a game of so many players leaves out (12.2)."""
    return set(tables.variants.two_player.excluded_pilots) if players == 2 else set()


def course_needs(game: GameContent, tables: RulesTables, players: int, course: Course
                 ) -> list[Need]:
    """Return what a set-up on this course takes from the box, in the worst case."""
    machines = machines_for(players, tables)
    band = tables.variants.two_player.course_as_players if players == 2 else machines
    if course.mode == "quick-start":
        needs = quick_start_needs(tables, band)
    else:
        needs = standard_needs(tables, terrain_tiles(game), course, band)
    return needs + spare_part_needs(game, tables, course.mode, machines)


def setup_needs(game: GameContent, tables: RulesTables, players: int, course: Course
                ) -> list[Need]:
    """Return everything a set-up takes from the box, in the worst case of the course."""
    return course_needs(game, tables, players, course) + common_needs(game, tables, players)
