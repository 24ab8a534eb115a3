"""Air Cargo's rule checks: airports, the rules tables, the pilot logs.

Map geometry (legs, mountain circles, reachability) is checked in :mod:`.map_checks`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, error
from .model import AirCargoMap, AirCargoRules, Airport, PilotLog

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

LANDING_HAZARDS = range(0, 4)
"""AIRPORTS: every landing hazard in parentheses is 0, 1, 2 or 3."""
FIRST_DIGITS = (4, 5, 6)
"""AIRPORTS: IDs run 41-46, 51-56, 61-66."""


def game_map(game: GameContent) -> AirCargoMap | None:
    """Return the game's map, when there is exactly one."""
    found = game.of_type(AirCargoMap)
    return found[0] if len(found) == 1 else None


def game_rules(game: GameContent) -> AirCargoRules | None:
    """Return the game's rules tables, when there is exactly one file of them."""
    found = game.of_type(AirCargoRules)
    return found[0] if len(found) == 1 else None


def dice_digits(dice_id: int | str, sides: int = 6) -> tuple[int, int] | None:
    """Return the two dice of an airport ID (``41`` -> (4, 1)), None when not a dice pair."""
    if isinstance(dice_id, bool) or not isinstance(dice_id, int) or not 11 <= dice_id <= 99:
        return None
    first, second = divmod(dice_id, 10)
    if not (1 <= first <= sides and 1 <= second <= sides):
        return None
    return first, second


@rules.check
def airports_match_the_table(game: GameContent) -> Iterator[Finding]:
    """AIRPORTS: IDs are two dice digits (first 4, 5 or 6), unique; landing hazards 0-3; one
    start airport, never a destination."""
    tables = game_rules(game)
    sides = tables.dice.sides if tables else 6
    for board in game.of_type(AirCargoMap):
        starts = [a for a in board.airports if a.start]
        if len(starts) != 1:
            names = ", ".join(repr(a.id) for a in starts) or "none"
            yield error("airport.start", f"expected one start airport (Pendleton, ID XX), "
                        f"found {names}", board.where("airports"))
        seen: dict[int | str, Airport] = {}
        for airport in board.airports:
            yield from _airport(airport, sides)
            if airport.dice_id in seen:
                first = seen[airport.dice_id].where("dice_id")
                yield error("airport.duplicate-id",
                            f"airport ID {airport.dice_id} of {airport.id!r} is already used "
                            f"by {seen[airport.dice_id].id!r}"
                            + (f" (line {first.line})" if first and first.line else ""),
                            airport.where("dice_id"))
            else:
                seen[airport.dice_id] = airport


def _airport(airport: Airport, sides: int) -> Iterator[Finding]:
    digits = dice_digits(airport.dice_id, sides)
    if airport.start:
        if digits is not None:
            yield error("airport.bad-id", f"the start airport {airport.id!r} is never a "
                        f"destination, so its ID may not be a dice roll; found "
                        f"{airport.dice_id} (the table prints XX)", airport.where("dice_id"))
        return
    if digits is None or digits[0] not in FIRST_DIGITS:
        yield error("airport.bad-id",
                    f"expected an ID of two dice digits 1-{sides}, the first 4, 5 or 6 (41-66 as "
                    f"in AIRPORTS), found {airport.dice_id!r}", airport.where("dice_id"))
    if airport.hazard is None:
        yield error("airport.missing-hazard", f"airport {airport.id!r} has no landing hazard "
                    "(the number in parentheses after its ID)", airport.where("id"))
    elif airport.hazard not in LANDING_HAZARDS:
        yield error("airport.bad-hazard", f"expected a landing hazard of 0-3, found "
                    f"{airport.hazard}", airport.where("hazard"))


@rules.check
def cargo_table_is_sound(game: GameContent) -> Iterator[Finding]:
    """CARGO WEIGHT: each box's class is the one its weight falls in; classes climb in weight
    and hazard without overlapping; the table runs from light to heavy."""
    tables = game_rules(game)
    if tables is None:
        return
    classes = tables.cargo_classes
    for (_, lower), (i, upper) in pairwise(enumerate(classes)):
        if upper.weights[0] <= lower.weights[1] or upper.hazard < lower.hazard:
            yield error("cargo.class-order",
                        f"expected class {upper.name} to hold heavier weights than "
                        f"{lower.name} ({lower.weights[0]}-{lower.weights[1]}, adds "
                        f"{lower.hazard}) and to add no less, found weights "
                        f"{upper.weights[0]}-{upper.weights[1]}, adds {upper.hazard}",
                        tables.where("cargo_classes", i))
    for i, cargo_class in enumerate(classes):
        if cargo_class.weights[0] > cargo_class.weights[1]:
            yield error("cargo.class-order", f"class {cargo_class.name}: its lightest weight "
                        f"{cargo_class.weights[0]} is above its heaviest {cargo_class.weights[1]}",
                        tables.where("cargo_classes", i, "weights"))
    names = [c.name for c in classes]
    for i, box in enumerate(tables.cargo):
        where = tables.where("cargo", i, "cargo_class")
        if box.cargo_class not in names:
            yield error("cargo.unknown-class", f"expected one of {', '.join(names)}, found "
                        f"{box.cargo_class!r}", where)
            continue
        fits = [c.name for c in classes if c.weights[0] <= box.weight <= c.weights[1]]
        if fits and box.cargo_class not in fits:
            yield error("cargo.wrong-class", f"weight {box.weight} is {' or '.join(fits)}, "
                        f"found {box.cargo_class}", where)
        elif not fits:
            ranges = ", ".join(f"{c.name} {c.weights[0]}-{c.weights[1]}" for c in classes)
            yield error("cargo.wrong-class", f"weight {box.weight} falls in no class "
                        f"({ranges})", tables.where("cargo", i, "weight"))
    for i, (above, below) in enumerate(pairwise(tables.cargo), start=1):
        if below.weight < above.weight:
            yield error("cargo.order", f"expected the table to run from light to heavy: weight "
                        f"{below.weight} comes after {above.weight}",
                        tables.where("cargo", i, "weight"))


@rules.check
def weather_table_is_sound(game: GameContent) -> Iterator[Finding]:
    """WEATHER HAZARD: a value per column on every row; the columns share out the die's faces;
    the weather never improves down a column, and a higher die never reads less on a row."""
    tables = game_rules(game)
    if tables is None:
        return
    weather = tables.weather
    faces = sorted(f for column in weather.columns for f in column.faces)
    if faces != list(range(1, tables.dice.sides + 1)):
        yield error("weather.faces", f"expected the columns to share the faces 1-"
                    f"{tables.dice.sides} of a die, each once, found {faces}",
                    tables.where("weather", "columns"))
    width = len(weather.columns)
    for r, row in enumerate(weather.rows):
        if len(row) != width:
            yield error("weather.row-length", f"expected {width} weather numbers (one per "
                        f"column), found {len(row)}", tables.where("weather", "rows", r))
            continue
        for c, (left, right) in enumerate(pairwise(row), start=1):
            if right < left:
                yield error("weather.row-order",
                            f"row {r + 1}: column {weather.columns[c].title} reads {right}, "
                            f"less than {left} in column {weather.columns[c - 1].title}",
                            tables.where("weather", "rows", r, c))
    for c, column in enumerate(weather.columns):
        values = [(r, row[c]) for r, row in enumerate(weather.rows) if len(row) == width]
        for (r0, above), (r1, below) in pairwise(values):
            if below < above:
                yield error("weather.decreasing",
                            f"column {column.title}: row {r1 + 1} reads {below}, less than "
                            f"{above} on row {r0 + 1} (the weather only gets worse)",
                            tables.where("weather", "rows", r1, c))


@rules.check
def hazard_check_and_score_are_sound(game: GameContent) -> Iterator[Finding]:
    """The hazard check rolls the game's dice; score thresholds climb (win, Silver, Gold)."""
    tables = game_rules(game)
    if tables is None:
        return
    if tables.hazard_check.dice != tables.dice.count:
        yield error("rules.dice", f"expected the hazard check to roll both dice "
                    f"({tables.dice.count}), found {tables.hazard_check.dice}",
                    tables.where("hazard_check", "dice"))
    for i, (lower, upper) in enumerate(pairwise(tables.scoring.ranks), start=1):
        if upper.points <= lower.points:
            yield error("score.order", f"expected {upper.name} to need more than {lower.name} "
                        f"({lower.points} points), found {upper.points}",
                        tables.where("scoring", "ranks", i, "points"))


@rules.check
def pilot_logs_match_their_version(game: GameContent) -> Iterator[Finding]:
    """The first-game pilot log has its descriptions; the clean one has none."""
    for log in game.of_type(PilotLog):
        if log.version == "first-game" and log.descriptions is None:
            yield error("pilot-log.descriptions", "the first-game pilot log needs its "
                        "descriptions (\"One with extended description\")", log.where("version"))
        elif log.version == "clean" and log.descriptions is not None:
            yield error("pilot-log.descriptions", "the clean pilot log has no descriptions "
                        "(\"a cleaner design with no descriptions\")",
                        log.where("descriptions", key=True))
