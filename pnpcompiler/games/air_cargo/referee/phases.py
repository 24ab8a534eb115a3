"""A flight log's rules, phase by phase: the Planning Phase's rolls and rerolls, the end of
the game, and the dice against the seed. The engine (``engine.AirCargoEngine``) runs these and
the flights (``flight``) for the replay, the bots and the simulator; ``replay.replay`` is the
library call.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import partial

from ....core.model import Model
from ....referee import RolledDie, first_unseeded, rule_unseeded
from .context import check_claims, either, name_of, tally
from .hazard import reroll
from .log import FlightLog, Plan, Reroll
from .state import Replay

# --- planning ---------------------------------------------------------------------------------


def plan(game: Replay, p: Plan) -> None:
    """Planning Phase: roll both dice, reroll with PLAN REROLL boxes, plan one thing."""
    state, chart = game.state, game.chart
    state.plannings += 1
    dice, rerolls = p.dice, p.rerolls  # each read once: a model's attributes are slow
    game.faces += dice
    if rerolls:
        dice = _rerolls(game, p, dice, rerolls)
    a, b = dice
    cargo, ref = p.cargo, p.destination
    # The common case first: one cargo or one destination, open to the roll.
    if ref is None and cargo is not None:
        if cargo in (a, b, a + b) and state.open_cargo[cargo] > 0:
            state.open_cargo[cargo] -= 1
            state.planned_cargo.append(cargo)
            game.empty_roll = False
            return
    elif cargo is None and ref is not None:
        stop = chart.stop(ref)
        if stop is not None and stop.airport and not stop.start and (
                stop.id not in state.planned and stop.dice_id in (10 * a + b, 10 * b + a)):
            state.planned.append(stop.id)
            game.empty_roll = False
            return
    _plan_as_written(game, p, dice, cargo, ref)


def _plan_as_written(game: Replay, p: Plan, dice: list[int], cargo: int | None,
                     ref: int | str | None) -> None:
    """Planning Phase: rule on a roll that plans what it may not, two things or nothing."""
    state, chart = game.state, game.chart
    a, b = dice
    weights = sorted({w for w in (a, b, a + b) if state.open_cargo[w] > 0})
    airports = sorted({n for n in (10 * a + b, 10 * b + a)
                       if any(i not in state.planned for i in chart.by_dice.get(n, ()))})
    if cargo is not None and ref is not None:
        game.rule("plan.two-choices", "Planning Phase", f"a roll plans a cargo or a "
                  f"destination: the record has cargo {cargo} and destination {ref}",
                  p.where("destination"))
    if cargo is not None:
        _plan_cargo(game, p, dice, cargo)
    if ref is not None:
        _plan_destination(game, p, dice, ref)
    game.empty_roll = not weights and not airports
    if cargo is None and ref is None:
        if weights or airports:
            game.rule("plan.unused", "Planning Phase", f"the dice {_dice(dice)} plan "
                      f"{_options(weights, airports)}; the record plans nothing (use them, or "
                      "tick a PLAN REROLL box and reroll)", p.where("dice"))
        elif state.resources.plan_rerolls >= chart.plan_reroll_boxes:
            state.over = "nothing-valid"


def _rerolls(game: Replay, p: Plan, dice: list[int], rerolls: list[Reroll]) -> list[int]:
    """Planning Phase: each reroll ticks a PLAN REROLL box; return the dice after them."""
    used, limit = game.state.resources, game.chart.plan_reroll_boxes
    for n, picked in enumerate(rerolls):
        used.plan_rerolls += 1
        if used.plan_rerolls > limit and game.once("plan rerolls"):
            game.rule("plan.no-reroll-left", "Planning Phase", f"the Pilot Log has {limit} "
                      f"PLAN REROLL boxes; this is reroll {used.plan_rerolls}",
                      p.where("rerolls", n))
        before = dice
        game.faces += picked.got
        dice, fair = reroll(dice, picked)
        if not fair:
            game.rule("plan.reroll-dice", "Planning Phase", f"a reroll picks up one or both "
                      f"dice on the table ({' and '.join(map(str, before))}): the record picks "
                      f"up {picked.reroll} and gets {picked.got}", p.where("rerolls", n))
    return dice


def _dice(dice: list[int]) -> str:
    return " and ".join(map(str, dice))


def _options(weights: list[int], airports: list[int]) -> str:
    parts = []
    if weights:
        parts.append("cargo " + either(weights))
    if airports:
        parts.append("airport " + either(airports))
    return " or ".join(parts)


def _plan_cargo(game: Replay, p: Plan, dice: list[int], weight: int) -> None:
    """Cargo planning: one die or the sum, a box of that weight still open."""
    state, chart = game.state, game.chart
    a, b = dice
    if weight != a and weight != b and weight != a + b:
        rolled = sorted({a, b, a + b})
        game.rule("plan.cargo-dice", "Cargo planning", f"the dice {_dice(dice)} give weight "
                  f"{either(rolled)} (one die, or both added); the record plans {weight}",
                  p.where("cargo"))
    elif state.open_cargo[weight] <= 0:
        boxes = chart.boxes[weight]
        why = (f"the CARGO WEIGHT table has no box of weight {weight}" if not boxes else
               f"every box of weight {weight} ({boxes}) is already ticked")
        game.rule("plan.cargo-no-box", "Cargo planning", f"{why}; the dice also give "
                  f"{either([w for w in sorted({a, b, a + b}) if w != weight])}",
                  p.where("cargo"))
    state.open_cargo[weight] -= 1
    state.planned_cargo.append(weight)


def _plan_destination(game: Replay, p: Plan, dice: list[int], ref: int | str) -> None:
    """Destination planning: the two dice in either order, an airport not yet ticked."""
    state, chart = game.state, game.chart
    airport = chart.airport(ref)
    a, b = dice
    reads = sorted({10 * a + b, 10 * b + a})
    if airport is None or airport.start:
        what = "the start airport, never a destination" if airport else "no airport on the map"
        game.rule("plan.unknown-airport", "Destination planning", f"{ref!r} is {what}"
                  f"{chart.suggest(ref) if airport is None else ''}; the dice read "
                  f"{either(reads)}", p.where("destination"))
        return
    if airport.dice_id not in reads:
        game.rule("plan.destination-dice", "Destination planning", f"the dice {_dice(dice)} "
                  f"read airport {either(reads)} (both digits, in either order); the record plans "
                  f"{name_of(airport)}", p.where("destination"))
    elif airport.id in state.planned:
        done = " and visited" if airport.id in state.visited else ""
        game.rule("plan.destination-planned", "Destination planning", f"{name_of(airport)} "
                  f"is already ticked{done}: it has one box", p.where("destination"))
    if airport.id not in state.planned:  # an airport has one box: ticked once, whatever else
        state.planned.append(airport.id)


# --- the end ----------------------------------------------------------------------------------


def finish(game: Replay, log: FlightLog) -> None:
    """End game and Score: how it ended, the points, the rank, against the claims."""
    state, chart = game.state, game.chart
    derived = state.over or "stop"
    state.end = derived
    end = log.end
    if end.reason != derived:
        game.rule("end.reason", "End game", _end_words(game, derived, end.reason),
                  end.where("reason"), turn=len(state.flights) or None)
    lost = derived == "crash"
    # The cargo on board the crash is not delivered; an airport has one box, ticked once.
    undelivered = len(state.planned_cargo) + lost
    unvisited = len(set(state.planned).difference(state.visited))
    state.tally = tally(chart.tables, state.delivered, undelivered, unvisited, lost=lost)
    check_claims(game, chart, state.tally, end.score, end.rank, end.where)


def _end_words(game: Replay, derived: str, claimed: str) -> str:
    state = game.state
    limit = game.chart.tables.boxes.plan_reroll.count
    if derived == "crash":
        return (f"a check failed on flight {len(state.flights)}: the game ended in a crash, "
                f"lost; the record has {claimed}")
    if derived == "nothing-valid":
        return ("the last planning roll gave no valid cargo or destination with no plan "
                f"rerolls left: the game ended there (nothing-valid); the record has {claimed}")
    if claimed == "crash":
        return "no check failed: the game did not end in a crash; the record has crash"
    if not game.empty_roll:
        return ("the game ends for want of a valid roll only when a planning roll gives no "
                "valid cargo or destination, and the record's last event is not such a roll: "
                "this is a voluntary stop (stop)")
    return (f"a roll with nothing valid ends the game only with no PLAN REROLL box left: "
            f"{state.resources.plan_rerolls} of {limit} are ticked, so this is a voluntary "
            "stop (stop)")


# --- the dice ---------------------------------------------------------------------------------


def dice_in_order(log: FlightLog) -> Iterator[tuple[int, Model, tuple[str | int, ...], str,
                                                    int | None]]:
    """Yield every die of the record in the order rolled: (value, where, path, section,
    flight): a planning roll's dice and rerolls; each check's weather die, 2d6, prayers."""
    flight = 0
    for event in log.events:
        if event.plan is not None:
            p = event.plan
            for i, v in enumerate(p.dice):
                yield v, p, ("dice", i), "Planning Phase", None
            for n, r in enumerate(p.rerolls):
                for i, v in enumerate(r.got):
                    yield v, p, ("rerolls", n, "got", i), "Planning Phase", None
        elif event.fly is not None:
            flight += 1
            for leg in event.fly.legs:
                for c in leg.checks:
                    yield c.weather_die, c, ("weather_die",), "Hazard pass check", flight
                    for i, v in enumerate(c.dice):
                        yield v, c, ("dice", i), "Hazard pass check", flight
                    for n, r in enumerate(c.prayers):
                        for i, v in enumerate(r.got):
                            yield v, c, ("prayers", n, "got", i), "Prayer", flight


def dice_faces(log: FlightLog) -> list[int]:
    """Return every die of the record in the order rolled, as :func:`dice_in_order` yields
    them, as plain numbers."""
    faces: list[int] = []
    for event in log.events:
        p = event.plan
        if p is not None:
            faces += p.dice
            for r in p.rerolls:
                faces += r.got
        elif event.fly is not None:
            for leg in event.fly.legs:
                for c in leg.checks:
                    faces.append(c.weather_die)
                    faces += c.dice
                    for r in c.prayers:
                        faces += r.got
    return faces


def check_dice(game: Replay, log: FlightLog) -> None:
    """With a ``seed``, every die in the record, in the order rolled, must be what the
    seeded dice roll (where a die is written is looked up only for the first that is not;
    the dice are those noted as replayed, unless some were passed over)."""
    if log.seed is None:
        return
    found = first_unseeded(log.seed, game.faces if game.every_die else dice_faces(log))
    if found is None:
        return
    n, rolled = found
    value, model, path, section, flight = next(itertools.islice(dice_in_order(log), n, None))
    die = RolledDie(value, partial(model.where, *path), section, flight)
    rule_unseeded(game, log.seed, die, rolled, order="the order rolled")
