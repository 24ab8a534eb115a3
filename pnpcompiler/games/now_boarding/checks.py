"""Now Boarding's rule checks: passenger tiles, airport boards, the rules tables, the supply."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from math import ceil

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, error, warning
from .model import AirportBoards, NowBoardingRules, Passenger, PassengerTiles

rules = Rules()
"""This module's checks; the game's package includes them."""

PATIENCE_ORDER = "GYR"
"""Green is fine, Yellow a warning, Red fed up: edges never go back to a calmer colour."""


def game_rules(game: GameContent) -> NowBoardingRules | None:
    """Return the game's rules tables, when there is exactly one file of them."""
    found = game.of_type(NowBoardingRules)
    return found[0] if len(found) == 1 else None


def passengers(game: GameContent) -> list[Passenger]:
    """Return every passenger tile design of the game."""
    return [tile for tiles in game.of_type(PassengerTiles) for tile in tiles.tiles]


@rules.check
def passengers_belong_to_a_colour(game: GameContent) -> Iterator[Finding]:
    """Setup 1: each player colour has its 22 passengers, each bound for one of its airports."""
    tables = game_rules(game)
    if tables is None:
        return
    known = {c.id for c in tables.colours}
    airports = {a for day in tables.schedule.days for a in day.airports}
    counts: Counter[str] = Counter()
    for tile in passengers(game):
        counts[tile.colour] += tile.copies
        if tile.colour not in known:
            yield error("passenger.colour", f"passenger {tile.id!r}: expected a player colour "
                        f"({', '.join(sorted(known))}), found {tile.colour!r} (1.1)",
                        tile.where("colour"))
        if tile.destination not in airports:
            yield error("passenger.destination", f"passenger {tile.id!r}: expected one of its "
                        f"colour's airports {sorted(airports)}, found {tile.destination!r} "
                        f"(1.1)", tile.where("destination"))
    if not game.complete(PassengerTiles):
        return
    for colour in tables.colours:
        if counts[colour.id] != tables.passengers.per_colour:
            yield error("passenger.count", f"expected {tables.passengers.per_colour} "
                        f"{colour.name} passengers, found {counts[colour.id]} (1.1)",
                        colour.where("id"))


@rules.check
def passenger_edges_run_green_to_red(game: GameContent) -> Iterator[Finding]:
    """Arrival: a tile starts Green side up, calms down never, and has a red side to leave."""
    for tile in passengers(game):
        edges = tile.edges
        if edges[0] != "G":
            yield error("passenger.edges", f"passenger {tile.id!r}: expected a Green top edge "
                        f"in its starting orientation, found {edges!r} (3.2)", tile.where("edges"))
        if "R" not in edges:
            yield error("passenger.edges", f"passenger {tile.id!r}: expected a Red edge to be "
                        f"rotated off, found {edges!r} (4.8)", tile.where("edges"))
        ranks = [PATIENCE_ORDER.index(e) for e in edges]
        if ranks != sorted(ranks):
            yield error("passenger.edges", f"passenger {tile.id!r}: expected edges from Green "
                        f"through Yellow to Red in turning order, found {edges!r} (4.7)",
                        tile.where("edges"))


@rules.check
def each_colour_has_its_airports(game: GameContent) -> Iterator[Finding]:
    """Setup 1: each colour has one International Hub "A" and Cities "B", "C" and "D"."""
    tables = game_rules(game)
    if tables is None or not game.complete(AirportBoards):
        return
    boards = [b for deck in game.of_type(AirportBoards) for b in deck.cards]
    letters = sorted({a for day in tables.schedule.days for a in day.airports})
    for colour in tables.colours:
        have = Counter(b.letter for b in boards if b.colour == colour.id)
        for letter in letters:
            if have[letter] != 1:
                yield error("board.airports", f"expected 1 {colour.name} board {letter}, found "
                            f"{have[letter]} (1.1)", colour.where("id"))
    for board in boards:
        if board.colour not in {c.id for c in tables.colours}:
            yield error("board.colour", f"board {board.id!r}: expected a player colour, found "
                        f"{board.colour!r} (1.1)", board.where("colour"))


@rules.check
def tiers_run_from_zero(game: GameContent) -> Iterator[Finding]:
    """The score chart covers every score from 0 up, each score in one tier."""
    tables = game_rules(game)
    if tables is None:
        return
    expected = 0
    for i, tier in enumerate(tables.tiers):
        if tier.low != expected:
            yield error("tiers.gap", f"tiers[{i}] {tier.name!r}: expected it to start at "
                        f"{expected}, found {tier.low} (8.4)", tier.where("low"))
        if tier.high is None:
            if i != len(tables.tiers) - 1:
                yield error("tiers.open", f"tiers[{i}] {tier.name!r}: only the last tier is "
                            f"open-ended (8.4)", tier.where("name"))
            return
        if tier.high < tier.low:
            yield error("tiers.order", f"tiers[{i}] {tier.name!r}: expected a high score of at "
                        f"least {tier.low}, found {tier.high} (8.4)", tier.where("high"))
        expected = tier.high + 1
    yield error("tiers.open", f"expected the last tier to have no upper score (\"42+\"), found "
                f"it ends at {expected - 1} (8.4)", tables.where("tiers"))


def draws_per_player(tables: NowBoardingRules, day: int) -> int:
    """Return how many passengers each player draws on a day: one per airport each round but
    the Redeye."""
    found = tables.day(day)
    rounds = tables.schedule.rounds_per_day - 1
    return len(found.airports) * rounds if found else 0


@rules.check
def supply_lasts_each_day(game: GameContent) -> Iterator[Finding]:
    """New Cities: without losses, each day's supply holds every draw of that day."""
    tables = game_rules(game)
    if tables is None or not game.complete(PassengerTiles):
        return
    tiles = passengers(game)
    for day in tables.schedule.days:
        need = draws_per_player(tables, day.day)
        for colour in tables.colours:
            have = sum(t.copies for t in tiles
                       if t.colour == colour.id and t.destination in day.airports)
            if have < need:
                yield error("supply.short", f"day {day.day}: each player draws {need} "
                            f"passengers ({len(day.airports)} airports x "
                            f"{tables.schedule.rounds_per_day - 1} rounds but the Redeye), "
                            f"expected at least {need} {colour.name} tiles bound for "
                            f"{'+'.join(day.airports)}, found {have} (3.1)", day.where("airports"))


def best_score(tables: NowBoardingRules, tiles: list[Passenger], players: int) -> int:
    """Return the best final score: every passenger of day 3's draws delivered, the dearest
    drawn (only the last day's deliveries are scored, game.yaml's day-end-reshuffle)."""
    last = tables.schedule.days[-1]
    by_colour = {c.id: sorted((t.value for t in tiles if t.colour == c.id
                               for _ in range(t.copies)), reverse=True)
                 for c in tables.colours}
    richest = sorted(by_colour.values(), key=sum, reverse=True)[:players]
    values = sorted((v for values in richest for v in values), reverse=True)
    drawn = values[:draws_per_player(tables, last.day) * players]
    return ceil(sum(drawn) / players)


@rules.check
def perfect_is_reachable(game: GameContent) -> Iterator[Finding]:
    """Game End and Scoring: some game of each player count can reach the top tier (PERFECT,
    42+)."""
    tables = game_rules(game)
    if tables is None or not game.complete(PassengerTiles):
        return
    top = tables.tiers[-1]
    manifest = game.manifest
    tiles = passengers(game)
    for players in range(manifest.players.min, manifest.players.max + 1):
        best = best_score(tables, tiles, players)
        if best < top.low:
            yield warning("score.no-perfect", f"{players} players: the best possible score is "
                          f"{best}, below {top.name} ({top.low}+) (8.3)", top.where("low"))


@rules.check
def upgraded_jets_fly_further(game: GameContent) -> Iterator[Finding]:
    """Purchase: an upgraded Jet has more range and capacity than a starting one."""
    tables = game_rules(game)
    if tables is None:
        return
    jet, upgraded = tables.planes.jet, tables.planes.upgraded_jet
    for key in ("range", "capacity"):
        if getattr(upgraded, key) <= getattr(jet, key):
            yield error("planes.upgrade", f"expected the upgraded Jet's {key} above the "
                        f"starting Jet's {getattr(jet, key)}, found {getattr(upgraded, key)} "
                        f"(5.6)", upgraded.where(key))
