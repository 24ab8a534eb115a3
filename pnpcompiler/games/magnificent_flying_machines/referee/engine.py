"""Magnificent Flying Machines as an engine (``referee.Engine``): the replay of a race log,
the bots and the simulator apply the same actions.

A turn is ``StartTurn``, a ``PhaseAction`` for each action the record lists, then
``EndTurn`` (fuel for the tiles crossed, the luck token); ``EndRace`` checks the end and the
scores. Chance is in the actions (a test's dice are written in it): ``legal_actions`` offers
the actions open now without dice, and ``pool`` says how many dice one rolls.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ....content.project import GameContent
from ....core.findings import Finding
from ..flight import Pool, fuel_spent
from ..model import Test
from . import (
    abilities,
    cards,
    cargo,
    draft,
    hands,
    phases,
    setup,
    teams,
    turns,
    variants,
    weather,
)
from .log import Phase, RaceLog, Turn, revised
from .rolls import FINAL_ACTIONS, TEST_OF
from .state import GAUGE_DAMAGE, Race, Tables, fork, fork_for_phase, new_race


@dataclass(slots=True)
class StartTurn:
    """A machine's turn begins."""

    turn: Turn
    following: str | None = None
    """The machine the record names on the next turn: it tells a wrong name on this turn
    from a turn left out before it (8.1)."""


@dataclass(slots=True)
class PhaseAction:
    """One action of the turn, its test's dice included."""

    phase: Phase


@dataclass(slots=True)
class EndTurn:
    """The turn ends: fuel for the tiles crossed (8.4.1), the luck token (8.3), and the
    weather change card when it ends a round (8.5)."""

    turn: Turn


@dataclass(slots=True)
class EndRace:
    """The race ends: the end by player count (9.1), the scores and the winner."""

    log: RaceLog


Action = StartTurn | PhaseAction | EndTurn | EndRace


class Tried(NamedTuple):
    """A phase played with the outcome its test comes to, on a fork of the race or on the
    race itself."""

    # A named tuple, made faster than a frozen dataclass: two or three every turn.

    phase: Phase
    """The phase with that outcome (as written when it takes no test: ``pass``)."""
    race: Race
    """The race after the phase: the race the phase leaves."""
    rulings: list[Finding]
    """The rulings the phase draws."""


class Offered(dict[tuple[str, bool, bool], Phase]):
    """The phases offered, by (action, forced, continues), each built the first time."""

    def __missing__(self, key: tuple[str, bool, bool]) -> Phase:
        """Build and keep the phase of an action offered for the first time."""
        action, forced, continues = key
        made = self[key] = Phase.model_validate(
            {"action": action, **({"forced": True} if forced else {}),
             **({"continues": True} if continues else {})})
        return made


class RaceEngine:
    """A race on one loaded content's tiles and tables (see the module's docs)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.offered = Offered()
        """Each phase offered, built once: a bot is offered several at every decision."""
        self.fuel = tables.rules.fuel
        """The fuel a turn spends by the tiles it crosses (8.4.1, :func:`fuel_spent`), asked
        at every decision."""

    @classmethod
    def of(cls, game: GameContent) -> RaceEngine:
        """Return the engine of a loaded content."""
        return cls(Tables.of(game))

    def initial(self, log: RaceLog) -> Race:
        """Return the race as the record sets it up."""
        race = new_race(self.tables, log)
        draft.check_draft(race, log)
        abilities.set_up(race, log)
        setup.check_setup(race, log)
        teams.check_teams(race, log)
        variants.check_variant(race, log)
        weather.check_deal(race, log)
        cargo.set_up(race, log)
        hands.deal(race, log)
        return race

    def actions(self, log: RaceLog) -> Iterator[Action]:
        """Return a record's turns as actions, in order."""
        for at, turn in enumerate(log.turns):
            following = log.turns[at + 1].machine if at + 1 < len(log.turns) else None
            yield StartTurn(turn, following)
            for phase in turn.phases:
                yield PhaseAction(phase)
            yield EndTurn(turn)
        yield EndRace(log)

    def fork(self, race: Race) -> Race:
        """Return a copy of a race that actions can be tried on."""
        return fork(race)

    def apply(self, race: Race, action: Action) -> tuple[Race, list[Finding]]:
        """Play one action; return the race and the rulings it drew."""
        before = len(race.rulings.findings)
        if isinstance(action, PhaseAction):  # the most often, two or three a turn
            phases.act(race, action.phase)
        elif isinstance(action, StartTurn):
            turns.start(race, action.turn, action.following)
            cards.start_turn(race)
        elif isinstance(action, EndTurn):
            cards.end_turn(race, action.turn)
            turns.end(race, action.turn)
            weather.end_of_round(race, action.turn)
        else:
            turns.finish(race, action.log)
        return race, race.rulings.findings[before:]

    def settle(self, race: Race, phase: Phase) -> Tried:
        """Return the phase with the outcome its test comes to (``pass`` when it takes
        none), tried on a fork of the race (one sharing what the phase cannot change)."""
        return self.settle_on(fork_for_phase(race, cards.rivals_reached(race, phase)), phase)

    def settle_on(self, race: Race, phase: Phase) -> Tried:
        """Play a phase on this race (no fork) with the outcome its test comes to; return
        the phase so written, the race and its rulings (see :meth:`settle`)."""
        after, found = self.apply(race, PhaseAction(phase))
        outcome = (after.current.outcome if after.current else None) or "pass"
        # The written outcome is only checked against the rules' (test.outcome): the race and
        # every other ruling are the same whichever it writes, so without that ruling this
        # is the race after the phase written with the rules' outcome.
        rulings = [f for f in found if f.code != "test.outcome"] if found else found
        if len(rulings) < len(found):
            del after.rulings.findings[len(after.rulings.findings) - len(found):]
            after.rulings.findings += rulings
        if phase.outcome != outcome:
            phase = revised(phase, {"outcome": outcome})
        return Tried(phase, after, rulings)

    def legal_actions(self, race: Race) -> Iterator[Action]:
        """Return the actions open to the machine whose turn it is, without their dice."""
        return (PhaseAction(phase) for phase in self.open_phases(race))

    def open_phases(self, race: Race) -> list[Phase]:
        """Return the phases open now: a forced landing, else the actions of 8.3 where the
        machine is, or the final airfield actions on its runway (section 11)."""
        offered = self.offered
        return [offered[offer] for offer in self.open_offers(race)]

    def phase(self, action: str, forced: bool = False, continues: bool = False) -> Phase:
        """Return the phase of an action (forced, or going on in the same phase)."""
        return self.offered[action, forced, continues]

    def open_offers(self, race: Race) -> list[tuple[str, bool, bool]]:
        """Return the open phases as (action, forced, continues) (:meth:`open_phases`)."""
        now = race.current
        if now is None or race.over:
            return []
        flyer = now.flyer
        if now.forced_landing:
            return [("landing", True, False)]
        # 8.3: flying on needs the fuel for one more tile crossed this turn (on the ground,
        # without a phase going on, it is not asked).
        fly_on = (now.may_continue or flyer.altitude > 0) and flyer.at + 1 < len(race.course) \
            and flyer.fuel >= fuel_spent(now.crossed + 1, self.fuel)
        offers = []
        if now.may_continue:
            if fly_on:
                offers.append(("fly-on", False, True))
            offers.append(("trick-manoeuvre", False, True))
        if now.phases >= 2:
            return offers
        tile = race.course[flyer.at]
        if flyer.altitude == 0:
            if tile.airfield == "final" and flyer.finished:
                return offers + [(a, False, False) for a in FINAL_ACTIONS
                                 if a == "autographs" or a not in flyer.done]
            if flyer.gauge_damage < GAUGE_DAMAGE:
                offers.append(("take-off", False, False))
            offers.append(("repair-and-scavenge", False, False))
            return offers
        if fly_on:
            offers.append(("fly-on", False, False))
        offers += (("landing", False, False), ("trick-manoeuvre", False, False))
        if flyer.altitude < tile.air_bands:
            offers.append(("gain-altitude", False, False))
        return offers

    def test_of(self, race: Race, phase: Phase) -> tuple[Test, int, Pool] | None:
        """Return the test an action takes now, its difficulty and its dice pool."""
        test = TEST_OF.get(phase.action)
        if test is None or race.current is None:
            return None
        return test, *cards.test_of(race, race.current.flyer, phase, test)


