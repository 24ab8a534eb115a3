"""The state of a game of Now Boarding as the referee replays it: airports, Jets, Commuters,
where every passenger is and how often it has aged, score piles, supply and Lost pile."""

from __future__ import annotations

import copy
import difflib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ....core.findings import Location
from ....referee import Rulings
from ..model import NowBoardingRules, Passenger, Plane

Place = Literal["gate", "tarmac", "runway"]
STEP_NAMES = ("Departure", "Arrival", "Purchase")


@dataclass
class Airport:
    """One of a player's airports: its Gates, whether it has a Runway, its Concessions."""

    gates: int = 0
    runway: bool = False
    concessions: int = 0


@dataclass
class Jet:
    """A Jet: the player it is with, at which of their airports, where there, and aboard."""

    id: str
    holder: str
    airport: str
    place: Place
    upgraded: bool = False
    aboard: list[str] = field(default_factory=list)
    kind: str = "jet"
    """The item it was bought as: ``jet`` (starting or New Jet), or an optional plane's id."""


@dataclass
class Train:
    """A Commuter Train: its Commuters serve only the two adjacent airports it runs between."""

    between: tuple[str, str]
    aboard: dict[str, str] = field(default_factory=dict)
    """Passenger tile -> the airport it boarded at."""


@dataclass
class Player:
    """A player: colour, airports, Commuters and their passengers, waiting passengers, pile."""

    name: str
    colour: str
    seat: int
    airports: dict[str, Airport] = field(default_factory=dict)
    commuters: int = 1
    commuting: list[str] = field(default_factory=list)
    trains: list[Train] = field(default_factory=list)
    waiting: dict[str, str] = field(default_factory=dict)
    """Passenger tile -> the airport it waits at."""
    pile: dict[str, bool] = field(default_factory=dict)
    """Score pile: tile -> face up (not yet spent)."""


@dataclass(kw_only=True)
class NowBoardingRulings(Rulings):
    """Rulings that know the round they are made in."""

    day: int = 1
    round: int = 0
    rounds_per_day: int = 6
    piece_word: str = "player"

    def current_turn(self) -> int | None:
        """Return the round counted from the start of the game."""
        return (self.day - 1) * self.rounds_per_day + self.round if self.round else None


@dataclass
class Table:
    """What the engine reads and never changes: the rules tables and the passenger tiles."""

    tables: NowBoardingRules
    tiles: dict[str, Passenger]
    optional: frozenset[str] = frozenset()
    advanced: bool = False


@dataclass
class Game:
    """The whole table at one moment of the replay."""

    table: Table
    players: list[Player]
    jets: dict[str, Jet]
    supply: set[str]
    rulings: NowBoardingRulings
    aging: dict[str, int] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)
    day: int = 1
    round: int = 0
    over: str | None = None
    """Why the game ended early, once it has: tiles-ran-out or advanced-loss."""
    days_played: int = 0
    round_where: Location | None = None
    departed: dict[str, Location | None] = field(default_factory=dict)
    """This round's Departure entry of each player: where its findings point."""
    heard: dict[str, set[str]] = field(default_factory=dict)
    """The players this round's Arrival and Purchase steps have heard from, by step: a
    misspelt name stands for one of the others (:func:`judged_as`)."""
    paid_wrong: set[str] = field(default_factory=set)
    """The players whose payment today was ruled short or not face up (5.1): what they have
    left face up at the day's end is not known, so 6.4 is not judged for them."""

    def player(self, name: str) -> Player | None:
        """Return the player of that name."""
        return next((p for p in self.players if p.name == name), None)

    def step(self, index: int) -> str:
        """Return 'day D round R Step' for messages."""
        return f"day {self.day} round {self.round} {STEP_NAMES[index]}"

    def redeye(self) -> bool:
        """Return whether this round is the day's Redeye."""
        return self.round == self.table.tables.schedule.redeye_round

    def seats_away(self, start: Player, target: Player) -> int:
        """Return how far the target's hub is by range: the nearer way round the table, and
        in a 3 player game left is range 1 and right range 2 (3.13)."""
        n = len(self.players)
        left = (target.seat - start.seat) % n
        if n == 3:
            sides = self.table.tables.three_player_range
            return sides["left"] if left == 1 else sides["right"]
        return min(left, n - left)

    def fork(self) -> Game:
        """Return a copy actions can be tried on: every container an action can change is the
        copy's own; the table, the rulings made so far and their places are shared (nothing
        changes them once made)."""
        twin = copy.copy(self)
        twin.players = [fork_player(p) for p in self.players]
        twin.jets = {name: fork_jet(jet) for name, jet in self.jets.items()}
        twin.supply, twin.aging, twin.lost = set(self.supply), dict(self.aging), list(self.lost)
        twin.departed, twin.paid_wrong = dict(self.departed), set(self.paid_wrong)
        twin.heard = {step: set(names) for step, names in self.heard.items()}
        rulings = twin.rulings = copy.copy(self.rulings)
        rulings.findings, rulings.incidents = list(rulings.findings), list(rulings.incidents)
        rulings.reported = set(rulings.reported)
        return twin


def fork_player(player: Player) -> Player:
    """Return a copy of a player with airports, trains and passengers of its own."""
    twin = copy.copy(player)
    twin.airports = {name: copy.copy(a) for name, a in player.airports.items()}
    twin.commuting = list(player.commuting)
    twin.trains = [Train(t.between, dict(t.aboard)) for t in player.trains]
    twin.waiting, twin.pile = dict(player.waiting), dict(player.pile)
    return twin


def fork_jet(jet: Jet) -> Jet:
    """Return a copy of a Jet with its own passengers aboard."""
    twin = copy.copy(jet)
    twin.aboard = list(jet.aboard)
    return twin


def plane_of(game: Game, jet: Jet) -> Plane:
    """Return the side a Jet flies on: its upgraded back, an optional plane's, or a Jet's."""
    planes = game.table.tables.planes
    if jet.upgraded:
        return planes.upgraded_jet
    item = game.table.tables.purchase(jet.kind)
    return item.plane if item is not None and item.plane is not None else planes.jet


def draws_needed(game: Game) -> int:
    """Return how many tiles this round's Departure draws: one per airport per player."""
    return sum(len(p.airports) for p in game.players)


def next_round(game: Game) -> int:
    """Return the number of the round that comes next."""
    return game.round % game.table.tables.schedule.rounds_per_day + 1


def runs_out(game: Game, round_number: int) -> bool:
    """Return whether the supply is too small for a round's draws, judged at the beginning
    of its Departure step, before any redraw (rules.yaml's tiles-run-out reading; 8.2)."""
    redeye = round_number == game.table.tables.schedule.redeye_round
    return not redeye and len(game.supply) < draws_needed(game)


def judged_as(name: str, players: Sequence[str], heard: Collection[str]) -> str | None:
    """Return the player a step's entry is judged as: the one named, or for a name no player
    has, the player the step has not heard from whose name is nearest (None: none left)."""
    if name in players:
        return name
    left = [p for p in players if p not in heard]
    close = difflib.get_close_matches(name, left, n=1, cutoff=0) if left else []
    return close[0] if close else None
