"""Replay one hazard check (Hazard pass check, Stamina, Panic, Prayer): the weather die and
column, the 2d6 and their prayers, stamina before and panic after, pass or fail."""

from __future__ import annotations

from dataclasses import dataclass

from ....referee import Rulings
from ..model import AirCargoRules
from ..play import panic_stamina
from .context import Chart
from .log import Check, Reroll
from .state import Resources


@dataclass(frozen=True)
class Outcome:
    """What the rules make of a check."""

    hazard: int
    weather: int
    cargo: int
    dice: tuple[int, ...]
    """The 2d6 after every prayer."""
    stamina: int
    total: int
    """Hazard + weather + cargo + dice - stamina before."""
    panic_needed: int
    passed: bool
    """By the rules, whatever the record says."""

    def sum_text(self) -> str:
        """Return the addition in words: ``hazard 2 + weather 1 + cargo 3 + dice 8 = 14``."""
        dice = "+".join(map(str, self.dice))
        less = f" - stamina {self.stamina}" if self.stamina else ""
        return (f"hazard {self.hazard} + weather {self.weather} + cargo {self.cargo} + dice "
                f"{sum(self.dice)} ({dice}){less} = {self.total}")


def weather_column(tables: AirCargoRules, die: int) -> tuple[int, str]:
    """Return the weather table's column for a die (1-4 left, 5 centre, 6 right) and its
    title."""
    for c, column in enumerate(tables.weather.columns):
        if die in column.faces:
            return c, column.title
    raise ValueError(f"no weather column for a die of {die}")


def reroll(dice: list[int], picked: Reroll) -> tuple[list[int], bool]:
    """Return the dice after a reroll, and whether the dice picked up were on the table."""
    picked_up, got = picked.reroll, picked.got
    if len(picked_up) == 1 and len(got) == 1 and len(dice) == 2:  # one of two: most rerolls
        a, b = dice
        value = picked_up[0]
        if value == b:
            return [a, got[0]], True
        if value == a:
            return [b, got[0]], True
    kept = list(dice)
    fair = len(got) == len(picked_up)
    for value in picked_up:
        if value in kept:
            kept.remove(value)
        else:
            fair = False
    after = kept + got
    if len(after) < len(dice):  # fewer dice came back than were picked up: keep the rest
        after = dice[:len(dice) - len(after)] + after
    return after[-len(dice):], fair


def _same_column(claim: str, title: str) -> bool:
    def norm(text: str) -> str:
        return text.replace(" ", "").upper().removeprefix("D")

    return norm(claim) == norm(title)


def _number_in(chart: Chart, claim: str, row: int, otherwise: int) -> int:
    """Return the weather number on a row in the column a record names (``otherwise`` when
    the table has no such column)."""
    weather = chart.tables.weather
    for c, column in enumerate(weather.columns):
        if _same_column(claim, column.title):
            return weather.rows[row][c]
    return otherwise


def judge(chart: Chart, check: Check, *, hazard: int, row: int, cargo: int,
          used: Resources, rulings: Rulings, turn: int | None, faces: list[int]) -> int:
    """Replay a check as the rules play it; rule on every number the record gets wrong;
    return its total (hazard + weather + cargo + dice - stamina before). Its dice are noted
    in ``faces``, in the order rolled: the weather die, the 2d6, each prayer's."""
    # Each number of the record read once: a model's attributes are slow to read.
    die, stamina, panic, result = check.weather_die, check.stamina, check.panic, check.result
    title = chart.columns.get(die)
    if title is None:
        raise ValueError(f"no weather column for a die of {die}")
    weather = chart.weather[row][die]
    column, weather_said, total_said = check.column, check.weather, check.total
    # One misreading, one finding: a number the record takes from a column or a weather
    # number already ruled wrong is not ruled on again (the result is judged on the right
    # numbers all the same).
    read = weather
    if column is not None and not _same_column(column, title):
        rulings.rule("check.column", "Hazard pass check", f"a weather die of {die} reads "
                     f"column {title}; the record has {column}", check.where("column"),
                     turn=turn)
        read = _number_in(chart, column, row, weather)
    if weather_said is not None and weather_said != weather:
        if weather_said != read:
            rulings.rule("check.weather", "Hazard pass check", f"the weather number on row "
                         f"{row + 1} (the last box crossed), column {title}, is {weather}; the "
                         f"record has {weather_said}", check.where("weather"), turn=turn)
        read = weather_said
    dice = check.dice
    faces.append(die)
    faces += dice
    if check.prayers:
        dice = _pray(chart, check, used, rulings, turn, faces)
    total = hazard + weather + cargo + sum(dice) - stamina
    if total_said is not None and total_said != total and total_said != total - weather + read:
        partial = Outcome(hazard, weather, cargo, tuple(dice), stamina, total, 0, True)
        rulings.rule("check.total", "Hazard pass check", f"{partial.sum_text()}; the record "
                     f"has {total_said}", check.where("total"), turn=turn)
    limit = chart.pass_at_most
    passes = total <= limit
    if passes and not panic and not stamina and result == "pass":
        return total  # nothing to spend and nothing to say: the common case, quickly
    raw = total + stamina
    needed = panic_stamina(chart.tables, raw) if not passes else 0
    passed = passes or (panic > 0 and panic >= needed)
    panic_wrong = panic > 0 and (passes or panic > needed > 0)
    result_wrong = passed != (result == "pass")
    out = (Outcome(hazard, weather, cargo, tuple(dice), stamina, total, needed, passed)
           if panic_wrong or result_wrong else None)
    if out is not None and panic_wrong and passes:
        rulings.rule("check.panic-unneeded", "Panic", f"{out.sum_text()}: the check passes "
                     f"({limit} or lower) without panic; the record ticks {check.panic} "
                     "STAMINA", check.where("panic"), turn=turn)
    elif out is not None and panic_wrong:
        rulings.rule("check.panic-cost", "Panic", f"{_panic_words(out, raw, limit)}; the "
                     f"record ticks {check.panic}", check.where("panic"), turn=turn)
    if stamina or panic:
        _spend_stamina(chart, check, used, rulings, turn)
    if out is not None and result_wrong:
        rulings.rule("check.result", "Hazard pass check", _result_words(out, check, raw, limit),
                     check.where("result"), turn=turn)
    return total


def _pray(chart: Chart, check: Check, used: Resources, rulings: Rulings, turn: int | None,
          faces: list[int]) -> list[int]:
    """Prayer: each ticks a PRAYER REROLL box and rerolls one or both of the 2d6."""
    boxes = chart.prayer_boxes
    dice = list(check.dice)
    for n, prayer in enumerate(check.prayers):
        faces += prayer.got
        used.prayers += 1
        if used.prayers > boxes and rulings.once("prayers"):
            rulings.rule("prayer.none-left", "Prayer", f"the Pilot Log has "
                         f"{boxes} PRAYER REROLL boxes; this is prayer "
                         f"{used.prayers}", check.where("prayers", n), turn=turn)
        before = list(dice)
        dice, fair = reroll(dice, prayer)
        if not fair:
            rulings.rule("check.prayer-dice", "Prayer", f"a prayer rerolls one or both dice on "
                         f"the table ({' and '.join(map(str, before))}): the record picks up "
                         f"{prayer.reroll} and gets {prayer.got}", check.where("prayers", n),
                         turn=turn)
    return dice


def _spend_stamina(chart: Chart, check: Check, used: Resources, rulings: Rulings,
                   turn: int | None) -> None:
    """Stamina and Panic: tick the STAMINA boxes spent before and after the roll."""
    boxes = chart.stamina_boxes
    used.stamina += check.stamina + check.panic
    if used.stamina > boxes and rulings.once("stamina"):
        key = "stamina" if check.stamina else "panic"
        rulings.rule("stamina.none-left", "Stamina", f"the Pilot Log has "
                     f"{boxes} STAMINA boxes; by this check {used.stamina} are "
                     "ticked", check.where(key), turn=turn)


def _panic_words(out: Outcome, raw: int, limit: int) -> str:
    lost = (f" (the {out.stamina} STAMINA ticked before the roll is lost and not counted)"
            if out.stamina else "")
    return (f"panic costs the stamina needed + 1: without stamina the check adds up to {raw}, "
            f"{raw - limit} over {limit}{lost}, so {out.panic_needed}")


def _result_words(out: Outcome, check: Check, raw: int, limit: int) -> str:
    if out.passed:
        how = (f"panic with {check.panic} STAMINA passes it" if check.panic
               else f"{limit} or lower passes")
        return f"{out.sum_text()}: {how}; the record has fail"
    if check.panic:
        return (f"{out.sum_text()}, over {limit}: {_panic_words(out, raw, limit)} and the "
                f"record ticks only {check.panic}: the check fails (a crash); the record has "
                "pass")
    return f"{out.sum_text()}, over {limit}: the check fails (a crash); the record has pass"
