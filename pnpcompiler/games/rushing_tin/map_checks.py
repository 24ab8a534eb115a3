"""Rushing Tin's sector map checks: hex geometry, shapely cross-checks, schedule feasibility."""

from __future__ import annotations

from collections.abc import Iterator

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core import hexgrid
from ...core.findings import Finding, error, warning
from .checks import sector_logs_are_sound
from .model import RulesTables, Sector, SectorMap
from .routes import TURN_MINUTES, hhmm
from .schedule import route_times_of
from .sector_map import LEVEL2_ZONE_SIZE, MapError, SectorGeometry

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""


def _maps(game: GameContent) -> list[SectorMap]:
    return game.of_type(SectorMap)


def geometry_for(game: GameContent) -> list[SectorGeometry]:
    """Return a geometry per (map, sector) pair; one per map when there is no sector.

    Built once per loaded game, so checks and exports share its derived zones and route times.
    """
    def build() -> list[SectorGeometry]:
        sectors: list[Sector | None] = list(game.of_type(Sector)) or [None]
        return [SectorGeometry(board, sector) for board in _maps(game) for sector in sectors]

    return game.memo("rushing-tin.geometry", build)


def _directions_ok(board: SectorMap) -> Iterator[Finding]:
    names = (hexgrid.FLAT_DIRECTION_NAMES if board.orientation == "flat"
             else hexgrid.POINTY_DIRECTION_NAMES)
    for i, point in enumerate(board.points):
        if point.direction not in names:
            yield error("map.unknown-direction", f"expected one of {', '.join(names)} for a "
                        f"{board.orientation}-topped map, found {point.direction!r}",
                        board.where("points", i, "direction"))
    if board.airport.direction not in names:
        yield error("map.unknown-direction", f"expected one of {', '.join(names)}, found "
                    f"{board.airport.direction!r}", board.where("airport", "direction"))


@rules.check
def sections_partition_the_map(game: GameContent) -> Iterator[Finding]:
    """Sections lie on the grid, never share a hex, cover it all, are each in one piece and
    have the same shape (RADAR FAILURE moves a plane to the same hex of another section)."""
    for board in _maps(game):
        geo = SectorGeometry(board)
        grid = geo.hexes
        owner: dict[tuple[int, int], tuple[str, int | None]] = {}
        broken = False
        for s, section in enumerate(board.sections):
            for i, raw in enumerate(section.hexes):
                h = (raw[0], raw[1])
                where = board.where("sections", s, "hexes", i)
                if h not in grid:
                    broken = True
                    yield error("map.off-grid", f"hex {list(h)} of section {section.id} is not "
                                f"on the {board.grid.columns}x{board.grid.rows} grid", where)
                elif h in owner:
                    broken = True
                    first, line = owner[h]
                    yield error("map.section-overlap", f"hex {list(h)} is already in section "
                                f"{first} (line {line}); sections must not overlap", where)
                else:
                    owner[h] = (section.id, where.line if where else None)
        missing = sorted(grid - set(owner))
        if missing:
            broken = True
            shown = ", ".join(str(list(h)) for h in missing[:6])
            more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
            yield error("map.section-gap", f"{len(missing)} map hexes are in no section: "
                        f"{shown}{more}", board.where("sections"))
        if not broken:
            # The polygon checks repeat the hex-set ones by another route (so a disagreement
            # would show a bug in either) and add what hex sets cannot see: shape and pieces.
            yield from _shapely_cover(board, geo)


def _shapely_cover(board: SectorMap, geo: SectorGeometry) -> Iterator[Finding]:
    """Cross-check the partition with polygons: union equals the map, no overlapping area,
    each section one polygon, and every section a translate of the first."""
    from shapely import affinity

    layout = hexgrid.Layout.from_flat_to_flat(board.orientation, 1.0)
    area_one = hexgrid.polygon(layout, [(0, 0)]).area
    whole = hexgrid.polygon(layout, sorted(geo.hexes))
    shapes = [hexgrid.polygon(layout, [(h[0], h[1]) for h in s.hexes]) for s in board.sections]
    from shapely import union_all

    union = union_all(shapes)
    if abs(union.symmetric_difference(whole).area) > area_one / 2:
        yield error("map.cover-area", "the sections' polygons do not cover the map exactly "
                    f"(difference {union.symmetric_difference(whole).area / area_one:.1f} "
                    "hexes)", board.where("sections"))
    overlap = sum(s.area for s in shapes) - union.area
    if overlap > area_one / 2:
        yield error("map.overlap-area", f"the sections' polygons overlap by "
                    f"{overlap / area_one:.1f} hexes", board.where("sections"))
    for s, (section, shape) in enumerate(zip(board.sections, shapes, strict=True)):
        if shape.geom_type != "Polygon":
            yield error("map.section-split", f"section {section.id} is in "
                        f"{len(getattr(shape, 'geoms', [shape]))} pieces; a section is one area",
                        board.where("sections", s, "id"))
    # Compare each section with the shape most sections share, so one broken section is
    # reported alone rather than making every other section look wrong.
    moved = [affinity.translate(shape, -shape.bounds[0], -shape.bounds[1]) for shape in shapes]
    same = [[j for j, other in enumerate(moved)
             if other.symmetric_difference(mine).area <= area_one / 2] for mine in moved]
    reference = max(range(len(moved)), key=lambda j: (len(same[j]), -j))
    for s, section in enumerate(board.sections):
        if s not in same[reference]:
            yield error("map.section-shape", f"section {section.id} has a different shape from "
                        f"section {board.sections[reference].id} (and {len(same[reference]) - 1}"
                        " others); RADAR FAILURE needs every section to match hex for hex",
                        board.where("sections", s, "id"))


@rules.check
def points_and_routes_are_sound(game: GameContent) -> Iterator[Finding]:
    """Entry/exit points lie on the boundary with hand-off routes pointing off the map; the
    airport's approach and every route stay on the map; the level-2 zone has 9 hexes."""
    for board in _maps(game):
        bad = list(_directions_ok(board))
        yield from bad
        if bad:
            continue
        geo = SectorGeometry(board)
        grid = geo.hexes
        edge = hexgrid.boundary_hexes(grid)
        numbers: dict[str, int] = {}
        for i, point in enumerate(board.points):
            h = (point.hex[0], point.hex[1])
            where = board.where("points", i, "hex")
            if point.number in numbers:
                yield error("map.point-twice", f"entry/exit position {point.number} is "
                            f"already at line {numbers[point.number]}",
                            board.where("points", i, "number"))
            elif where and where.line:
                numbers[point.number] = where.line
            if h not in grid:
                yield error("map.point-off-map", f"position {point.number} at {list(h)} is not "
                            "on the map", where)
                continue
            if h not in edge:
                yield error("map.point-not-on-boundary", f"position {point.number} at "
                            f"{list(h)} is not on the map boundary (SECTOR MAP C, G)", where)
                continue
            outward = geo.direction(point.direction)
            if hexgrid.neighbor(h, outward) in grid:
                yield error("map.route-not-outward",
                            f"position {point.number}'s hand-off route points "
                            f"{point.direction}, which stays on the map; it must cross the "
                            "boundary", board.where("points", i, "direction"))
            route = geo.hand_off_route(geo.edge_point(point.number))  # type: ignore[arg-type]
            if any(r not in grid for r in route):
                yield error("map.route-off-map", f"position {point.number}'s hand-off route "
                            "leaves the map", board.where("points", i))
        a = board.airport
        if (a.hex[0], a.hex[1]) not in grid or any(h not in grid for h in geo.approach):
            yield error("map.approach-off-map", "the airport or its approach is not on the map",
                        board.where("airport"))
        t = game.of_type(RulesTables)
        if t and board.time_track.turns != t[0].shift.turns:
            yield error("map.time-track", f"expected {t[0].shift.turns} boxes on the time "
                        f"track (the shift's turns), found {board.time_track.turns}",
                        board.where("time_track", "turns"))


@rules.check
def sector_points_fit_the_map(game: GameContent) -> Iterator[Finding]:
    """Each sector's points exist on the map, one per section; the level-2 zone has 9 hexes."""
    for geo in geometry_for(game):
        sector, board = geo.sector, geo.board
        if sector is None or list(_directions_ok(board)):
            continue
        known = {p.number for p in board.points}
        section_of = geo.section_of()
        per_section: dict[str, list[str]] = {s.id: [] for s in board.sections}
        for i, entry in enumerate(sector.entry_points):
            if entry.point != "airport" and entry.point not in known:
                yield error("sector.unknown-point", f"entry point {entry.point} is not a "
                            f"numbered position on the map ({', '.join(sorted(known))})",
                            sector.where("entry_points", i, "point"))
                continue
            h = (board.airport.hex if entry.point == "airport"
                 else next(p.hex for p in board.points if p.number == entry.point))
            owner = section_of.get((h[0], h[1]))
            if owner is not None:
                per_section[owner].append(entry.point)
        for s, section in enumerate(board.sections):
            held = per_section[section.id]
            if len(held) != 1:
                yield error("map.section-points", f"section {section.id} holds "
                            f"{len(held)} of sector {sector.code}'s entry/exit points "
                            f"({', '.join(held) or 'none'}); each section holds exactly one",
                            board.where("sections", s, "id"))
        if geo.level2_route and len(geo.level2_zone) != LEVEL2_ZONE_SIZE:
            yield error("map.level2-zone", f"expected the Level 2 Hand-off Zone to be the "
                        f"{LEVEL2_ZONE_SIZE} hexes adjacent to the level-2 route (10.04), found "
                        f"{len(geo.level2_zone)}", board.where("hand_off_route_length"))


SECTOR_POINT_CODES = frozenset({"sector.level-twice", "sector.airport-level",
                                "route.unknown-entry-point"})
GEOMETRY_CHECKS = (sections_partition_the_map, points_and_routes_are_sound,
                   sector_points_fit_the_map)


@rules.fact("sound sector geometry", needs=(*GEOMETRY_CHECKS, sector_logs_are_sound),
            only={sector_logs_are_sound: SECTOR_POINT_CODES})
def sound_geometry(game: GameContent) -> list[SectorGeometry]:
    """Each (map, sector) pair's geometry, when the map and the sectors' entry points have no
    error: flight times and boards drawn from a broken map would mislead."""
    return geometry_for(game)


@rules.check
def schedules_are_flyable(game: GameContent) -> Iterator[Finding]:
    """Every route can be flown within its schedule under the movement rules; a schedule that
    only a perfect flight keeps (no spare turn) is a warning. ``pnp export`` lists every
    route's fewest turns and slack."""
    geometry = game.fact(sound_geometry)
    if geometry is None or not game.complete(SectorMap, Sector, RulesTables):
        return
    for geo in geometry:
        sector = geo.sector
        if sector is None:
            continue
        try:
            times = route_times_of(game, geo)
        except (MapError, StopIteration, KeyError):
            continue  # reported by the geometry checks
        for table, rows in (("single_routes", sector.single_routes),
                            ("multi_routes", sector.multi_routes)):
            for i, row in enumerate(rows):
                rt = times.get(row.flight)
                if rt is None:
                    continue
                where = sector.where(table, i, "schedule")
                if rt.fewest_turns is None:
                    yield error("schedule.unflyable", f"route {row.flight} cannot be flown on "
                                f"this map under the movement rules", where)
                elif rt.fewest_turns > rt.schedule_turns:
                    least = hhmm(rt.fewest_turns * TURN_MINUTES)
                    yield error("schedule.infeasible",
                                f"expected a schedule of at least {least} "
                                f"({rt.fewest_turns} turns, the fewest {row.flight} can be "
                                f"flown in), found {row.schedule}", where)
                elif rt.slack is not None and rt.slack < 1:
                    yield warning("schedule.tight",
                                  f"{row.flight} keeps its {row.schedule} schedule only with a "
                                  f"perfect flight ({rt.fewest_turns} turns, no spare turn)",
                                  where)

