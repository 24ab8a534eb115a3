"""How ``pnp simulate air-cargo`` plays the game: the pilots of :mod:`.bots`, one a game (Air
Cargo is solitaire), scored against the ranks of the rules tables, with every hazard check's
first roll tallied against its exact chance."""

from __future__ import annotations

from fractions import Fraction

from ....content.project import GameContent
from ....referee.simulation import Chance, Played, Simulation, Slips, bot_named
from .bots import MISTAKES, STYLES, Navigator, Pilot, dump
from .context import chart_for

HAZARD_CHECK = "hazard check"

simulation = Simulation(bots=tuple(STYLES), players=(1, 1), length="flights",
                        score_unit="points", mistakes=MISTAKES)
"""The pilots' styles as bots: ``careful`` and ``bold`` (and ``sloppy-careful``, ``sloppy-bold``,
who break the rules of :data:`.bots.MISTAKES` now and then)."""


@simulation.prepares
def prepare(game: GameContent) -> Navigator:
    """Return the navigator of the game's chart (its odds and routes shared by every game)."""
    return Navigator(chart_for(game))


@simulation.plays
def play(navigator: Navigator, bots: tuple[str, ...], seed: int, keep: bool) -> Played:
    """Play one game with the seat's pilot; a game is won when it reaches a rank."""
    pilot = Pilot(navigator, seed, STYLES[bot_named(bots[0])[0]], Slips.of(bots[0], seed, 0))
    record = pilot.play()
    state = pilot.state
    assert state.tally is not None
    lost = state.tally.lost
    text = None
    if keep:
        text = dump(record, f"# A game of Air Cargo played by pnp simulate, pilot {bots[0]}, "
                            f"seed {seed}.\n")
    return Played(winner=None if lost or state.tally.rank is None else 0,
                  length=len(state.flights), end=str(record["end"]["reason"]),
                  scores=(None if lost else state.tally.points,),
                  chances=tuple(Chance(HAZARD_CHECK, (c.hazard, c.weather, c.cargo), c.passed)
                                for c in pilot.rolled),
                  record=text,
                  rulings=tuple((f.code, str(f.extra.get("rule") or ""))
                                for f in pilot.game.findings))


@simulation.thresholds
def ranks(navigator: Navigator) -> list[tuple[str, int]]:
    """Return the ranks a score reaches (Score: 40 wins, 43 Silver Wing, 45 Gold Wing)."""
    return sorted(((r.name, r.points) for r in navigator.chart.tables.scoring.ranks),
                  key=lambda r: r[1])


@simulation.exact(HAZARD_CHECK, ("hazard", "weather", "cargo"))
def hazard_pass(navigator: Navigator, key: tuple[int, ...]) -> Fraction:
    """Return the exact chance that a hazard check's dice alone pass (Hazard pass check:
    hazard + weather + cargo + the dice, at most 12), every face of every die enumerated."""
    hazard, weather, cargo = key
    tables = navigator.chart.tables
    room = tables.hazard_check.pass_at_most - hazard - weather - cargo
    sides, count = tables.dice.sides, 2
    totals = [0]
    for _ in range(count):
        totals = [t + face for t in totals for face in range(1, sides + 1)]
    return Fraction(sum(1 for t in totals if t <= room), sides ** count)
