"""Now Boarding as a machine the replay, the bots and the simulator share.

An action is one step of the record: a round starts, a player's Departure, the end of the
Departure step, a player's Arrival, a player's Purchase, the end of a day, the end of the game.
``legal_actions`` offers what can follow; the bots build the players' steps themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ....core.findings import Finding, Location
from ....referee import RefereeError
from ..model import NowBoardingRules, Passenger
from .arrival import arrival, start_arrival
from .departure import departure, end_departure, say
from .log import Arrival, Departure, End, Purchase, RoundLog
from .purchase import check_losses, end_day, end_game, purchase
from .state import (
    Airport,
    Game,
    Jet,
    NowBoardingRulings,
    Player,
    Table,
    draws_needed,
    judged_as,
    next_round,
    runs_out,
)


@dataclass(frozen=True)
class StartRound:
    """A round begins (the round marker moves)."""

    day: int
    round: int
    where: Location | None = None
    """Where the record writes the round."""
    day_where: Location | None = None
    """Where the record writes its day."""


@dataclass(frozen=True)
class EndDeparture:
    """Every player has finished the Departure step."""


@dataclass(frozen=True)
class EndDay:
    """The day's last round is over."""

    day: int


Action = StartRound | Departure | EndDeparture | Arrival | Purchase | EndDay | End


class NowBoardingEngine:
    """The rules of Now Boarding over one game's content."""

    def __init__(self, tables: NowBoardingRules, tiles: list[Passenger]) -> None:
        self.tables = tables
        self.tiles = {t.id: t for t in tiles}

    def initial(self, log: RoundLog) -> Game:
        """Set up: each player's hub and first city, a Jet in the hub's Gate, a Commuter,
        and the A and B tiles of the colours in play in the supply (1.1-1.3)."""
        rulings = NowBoardingRulings(rounds_per_day=self.tables.schedule.rounds_per_day)
        table = Table(self.tables, self.tiles, frozenset(log.optional),
                      log.variant == "advanced")
        first = self.tables.schedule.days[0].airports
        players: list[Player] = []
        jets: dict[str, Jet] = {}
        colours = {c.id for c in self.tables.colours}
        for seat, entry in enumerate(log.players):
            if entry.colour not in colours or entry.colour in (p.colour for p in players):
                rulings.rule("record.colour", "1.1", f"{entry.name} plays {entry.colour!r}: "
                             f"expected a colour not taken, of {', '.join(sorted(colours))}",
                             entry.where("colour"), turn=None, piece=entry.name)
            airports: dict[str, Airport] = {a: Airport() for a in first}
            airports["A"] = Airport(gates=1, runway=True)
            player = Player(entry.name, entry.colour, seat, airports,
                            commuters=self.tables.planes.starting_commuters)
            players.append(player)
            jet = f"jet-{entry.colour}"
            jets[jet] = Jet(jet, entry.name, "A", "gate")
        low, high = 3, 6
        if not low <= len(players) <= high:
            rulings.rule("record.players", "1.1", f"expected {low}-{high} players, found "
                         f"{len(players)}", log.where("players"), turn=None)
        names = [p.name for p in players]
        for n, name in enumerate(names):
            if name in names[:n]:
                rulings.rule("record.players", "1.1", f"two players are named {name!r}",
                             log.where("players", n), turn=None)
        optional = {p.id for p in self.tables.purchases if p.optional}
        for n, item in enumerate(log.optional):
            if item not in optional:
                rulings.rule("record.optional", "5.9", f"expected additional items of "
                             f"{', '.join(sorted(optional))}, found {item!r}",
                             log.where("optional", n), turn=None)
        version = self.tables.version
        if log.content_version is not None and version and log.content_version != version:
            rulings.rule("record.version", "1.1", f"the record was written for content "
                         f"{log.content_version!r}, this content follows the rules "
                         f"{version!r}", log.where("content_version"), turn=None)
        in_play = {p.colour for p in players}
        supply = {t.id for t in self.tiles.values()
                  if t.colour in in_play and t.destination in first}
        return Game(table, players, jets, supply, rulings)

    def actions(self, log: RoundLog) -> Iterator[Action]:
        """Return the record's steps as actions, every player's Arrival included."""
        for day in log.days:
            for entry in day.rounds:
                yield StartRound(day.day, entry.round, entry.where("round"), day.where("day"))
                yield from entry.departure
                yield EndDeparture()
                yield from entry.arrival
                heard = arrivals_heard(entry.arrival, [s.name for s in log.players])
                yield from (Arrival(player=s.name) for s in log.players if s.name not in heard)
                yield from entry.purchase
            yield EndDay(day.day)
        yield log.end

    def legal_actions(self, game: Game) -> Iterable[Action]:
        """Return the step that follows: the bots fill in the players' own steps."""
        if game.over or game.days_played == len(self.tables.schedule.days):
            return [End(reason=game.over or "day-3")]
        if game.round == self.tables.schedule.rounds_per_day and game.days_played < game.day:
            return [EndDay(game.day)]
        if runs_out(game, next_round(game)):
            return [End(reason="tiles-ran-out")]
        if game.round < self.tables.schedule.rounds_per_day:
            return [StartRound(game.day, game.round + 1)]
        if game.days_played < game.day:
            return [EndDay(game.day)]
        return [StartRound(game.day + 1, 1)]

    def fork(self, game: Game) -> Game:
        """Return a copy of the state that actions can be tried on."""
        return game.fork()

    def apply(self, game: Game, action: Action) -> tuple[Game, list[Finding]]:
        """Play one action; return the state and the rulings it drew."""
        before = len(game.rulings.findings)
        if isinstance(action, StartRound):
            start_round(game, action)
        elif isinstance(action, End):
            end_game(game, action)
        elif game.over:
            pass
        elif isinstance(action, Departure):
            departure(game, action)
        elif isinstance(action, EndDeparture):
            end_departure(game)
            start_arrival(game)
        elif isinstance(action, Arrival):
            arrival(game, action)
            check_losses(game)
        elif isinstance(action, Purchase):
            purchase(game, action)
        elif isinstance(action, EndDay):
            finish_day(game, action)
        return game, game.rulings.findings[before:]


def start_round(game: Game, action: StartRound) -> None:
    """Move the round marker; check the Schedule's order (2.1) and that the game goes on."""
    per_day = game.table.tables.schedule.rounds_per_day
    expected = (game.day, game.round + 1) if game.round < per_day else (game.day + 1, 1)
    if game.round == 0 and game.day == 1:
        expected = (1, 1)
    if game.over:
        if game.rulings.once("after-the-end"):
            rule = "8.1" if game.over == "advanced-loss" else "8.2"
            game.rulings.rule("end.played-on", rule, f"day {action.day} round {action.round} "
                              f"is played after the game ended ({game.over})", action.where,
                              turn=None)
        return
    if (action.day, action.round) != expected:
        wrong_day = action.day != expected[0] and action.day_where is not None
        game.rulings.rule("schedule.order", "2.1", f"expected day {expected[0]} round "
                          f"{expected[1]} next, found day {action.day} round {action.round}",
                          action.day_where if wrong_day else action.where, turn=None)
    game.day, game.round, game.round_where = action.day, action.round, action.where
    game.departed.clear()
    game.heard.clear()
    game.rulings.day, game.rulings.round = action.day, action.round
    if runs_out(game, action.round):
        game.over = "tiles-ran-out"
        if game.rulings.once("after-the-end"):
            game.rulings.rule("end.played-on", "8.2", f"the supply holds {len(game.supply)} "
                              f"tiles for {draws_needed(game)} draws: the game ended at the "
                              "start of this Departure step", action.where)


def finish_day(game: Game, action: EndDay) -> None:
    """End a day: every round played (2.1), then the day's end (6.4-7.2)."""
    per_day = game.table.tables.schedule.rounds_per_day
    if game.round != per_day and runs_out(game, next_round(game)):
        game.over = "tiles-ran-out"
        return
    if game.round != per_day:
        say(game, "schedule.rounds", "2.1", f"day {action.day} ends after round {game.round} "
            f"of {per_day}", game.round_where, None, 2)
    end_day(game)


def engine_for(tables: list[NowBoardingRules], tiles: list[Passenger]) -> NowBoardingEngine:
    """Return the engine for a game's content (exit 2 when it has no sound rules tables)."""
    if len(tables) != 1:
        raise RefereeError("now-boarding: the content has no sound rules tables")
    return NowBoardingEngine(tables[0], tiles)


def arrivals_heard(arrivals: Sequence[Arrival], players: Sequence[str]) -> set[str]:
    """Return the players a round's Arrival entries are judged as, a misspelt name as the
    player it stands in for (:func:`.state.judged_as`), so that player has no Arrival of
    their own besides."""
    heard: set[str] = set()
    for entry in arrivals:
        name = judged_as(entry.player, players, heard)
        if name is not None:
            heard.add(name)
    return heard
