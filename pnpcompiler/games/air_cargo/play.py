"""The rules of play as functions of the tables: what a roll plans, what a check needs, scores.

Each function cites the rulebook section it follows; a referee replays a recorded game with
them, and the rulebook's worked examples are tests of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import AirCargoRules, Airport


def cargo_options(dice: Sequence[int], open_weights: Iterable[int]) -> list[int]:
    """Return the weights a roll can plan (Cargo planning): either die alone or their sum,
    each only while a box of that weight is still open."""
    choices = {*dice, sum(dice)}
    return sorted(choices & set(open_weights))


def destination_options(dice: Sequence[int], airports: Iterable[Airport]) -> list[int]:
    """Return the airport IDs a roll of two dice can plan (Destination planning): both
    digit orders, where an airport has that ID."""
    if len(dice) != 2:
        return []
    a, b = dice
    ids = {ap.dice_id for ap in airports if not ap.start}
    return sorted({10 * a + b, 10 * b + a} & ids)


def weather_row(legs_flown: int, boxes_per_row: int) -> int:
    """Return the weather table row (0-based) of the last box crossed after ``legs_flown``
    legs; a box is crossed at the start of each leg (Weather), row by row."""
    if legs_flown < 1:
        raise ValueError("no weather box is crossed before the first leg")
    return (legs_flown - 1) // boxes_per_row


def weather_number(tables: AirCargoRules, row: int, die: int) -> int:
    """Return the weather number for a die on a row (1-4 left, 5 centre, 6 right column)."""
    for c, column in enumerate(tables.weather.columns):
        if die in column.faces:
            return tables.weather.rows[row][c]
    raise ValueError(f"no weather column for a die of {die}")


def cargo_hazard(tables: AirCargoRules, weight: int) -> int:
    """Return what a cargo of ``weight`` adds to a hazard check (its class's number)."""
    for box in tables.cargo:
        if box.weight == weight:
            found = tables.cargo_class(box.cargo_class)
            if found is not None:
                return found.hazard
    raise ValueError(f"no cargo of weight {weight} in the table")


def check_total(hazard: int, weather: int, cargo: int, dice: Sequence[int],
                stamina: int = 0) -> int:
    """Return the total of a hazard check: hazard + weather + cargo + dice - stamina."""
    return hazard + weather + cargo + sum(dice) - stamina


def passes(tables: AirCargoRules, total: int) -> bool:
    """Return whether a check's total passes (12 or lower)."""
    return total <= tables.hazard_check.pass_at_most


def panic_stamina(tables: AirCargoRules, total: int) -> int:
    """Return the stamina a Panic after the roll costs to pass: what is needed, plus one."""
    needed = total - tables.hazard_check.pass_at_most
    return 0 if needed <= 0 else needed + tables.hazard_check.panic_extra


def score(tables: AirCargoRules, delivered: Iterable[int], undelivered_cargo: int,
          unvisited_destinations: int) -> int:
    """Return the score: delivered weights, less for open orders and destinations (Score)."""
    s = tables.scoring
    return (sum(delivered) + s.undelivered_cargo * undelivered_cargo
            + s.unvisited_destination * unvisited_destinations)


def rank(tables: AirCargoRules, points: int) -> str | None:
    """Return the best rank a score reaches (win, Silver Wing, Gold Wing), or None."""
    reached = [r for r in tables.scoring.ranks if points >= r.points]
    return max(reached, key=lambda r: r.points).name if reached else None
