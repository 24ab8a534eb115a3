"""What a shuffle allows at best: the fewest rounds each passenger needs against its patience,
an upper bound on a day's score, and the losses the later days' supply can bear.

The bound relaxes the game: Jets and Commuters are always where they are needed, with room,
and nobody buys anything; what it cannot deliver in time no real play can, so a passenger it
loses is lost in every play, and its score is at least what any play scores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .model import NowBoardingRules, Passenger

HUB = "A"


def hops(tables: NowBoardingRules, players: int, seats_left: int, jet_range: int = 1) -> int:
    """Return the fewest Jet flights from a hub to the hub ``seats_left`` seats to the left,
    with Jets of that range (in a 3 player game the right-hand player is range 2)."""
    if seats_left % players == 0:
        return 0
    left = seats_left % players
    if players == 3:
        distance = {1: tables.three_player_range["left"], 2: tables.three_player_range["right"]}
        if distance[left] <= jet_range:
            return 1
        return 2 if jet_range >= 1 else 99
    away = min(left, players - left)
    return -(-away // jet_range)


def rounds_needed(tables: NowBoardingRules, players: int, at: str, seats_left: int,
                  destination: str) -> int:
    """Return the fewest rounds from a passenger's draw to its delivery: a Commuter to its
    drawer's hub, starting Jets hub to hub, a Commuter home; each leg leaves in a Departure
    and lands in that round's Arrival, where a delivered passenger scores."""
    if seats_left % players == 0:
        return 0 if at == destination else 1
    return (at != HUB) + hops(tables, players, seats_left) + (destination != HUB)


def deliverable(tables: NowBoardingRules, players: int, passenger: Passenger, at: str,
                seats_left: int, round_drawn: int) -> bool:
    """Return whether a passenger can be delivered before it is lost or the day ends: it
    ages at the end of each round but the last (patience), and the Redeye is the day's last."""
    needed = rounds_needed(tables, players, at, seats_left, passenger.destination)
    rounds_left = tables.schedule.rounds_per_day - round_drawn + 1
    return needed <= rounds_left and needed - 1 <= passenger.patience()


@dataclass(frozen=True)
class DayBound:
    """A shuffle's first day at best: the passengers drawn, those no play can deliver, and an
    upper bound on the value delivered."""

    drawn: int
    undeliverable: list[str]
    best_value: int
    total_value: int

    @property
    def zero_losses_possible(self) -> bool:
        """Return False when some passenger is lost in every play (True: not ruled out)."""
        return not self.undeliverable


Drawn = tuple[int, str, str]
"""A draw: the seat of the player who drew it, the airport it was drawn for, the tile."""


def first_day_draws(tables: NowBoardingRules, tiles: list[Passenger], colours: list[str],
                    seed: int) -> list[list[Drawn]]:
    """Shuffle day 1's supply with the seed and draw it as the rules do, round by round (one
    per airport, players in seat order, a tile drawn for its own destination drawn again);
    no play changes the draws, since no tile goes back to the supply during a day."""
    first = tables.schedule.days[0]
    supply = sorted(t.id for t in tiles if t.colour in colours and t.destination in first.airports)
    by_id = {t.id: t for t in tiles}
    order = random.Random(seed).sample(supply, len(supply))
    rounds: list[list[Drawn]] = []
    for _ in range(1, tables.schedule.redeye_round):
        drawn: list[Drawn] = []
        for seat, colour in enumerate(colours):
            for airport in first.airports:
                tile = next((t for t in order if (by_id[t].colour, by_id[t].destination)
                             != (colour, airport)), None)
                if tile is not None:
                    order.remove(tile)
                    drawn.append((seat, airport, tile))
        rounds.append(drawn)
    return rounds


def first_day(tables: NowBoardingRules, tiles: list[Passenger], colours: list[str],
              seed: int) -> DayBound:
    """Bound what any play of a shuffle's first day can deliver (first_day_draws)."""
    by_id = {t.id: t for t in tiles}
    lost, best, total, drawn = [], 0, 0, 0
    for round_drawn, draws in enumerate(first_day_draws(tables, tiles, colours, seed), 1):
        for seat, airport, tile in draws:
            passenger = by_id[tile]
            drawn += 1
            total += passenger.value
            owner = colours.index(passenger.colour)
            if deliverable(tables, len(colours), passenger, airport,
                           (owner - seat) % len(colours), round_drawn):
                best += passenger.value
            else:
                lost.append(tile)
    return DayBound(drawn, lost, best, total)


def supply_after_losses(tables: NowBoardingRules, per_colour: int, players: int,
                        lost: int) -> int:
    """Return the tiles of day 3's supply after ``lost`` passengers were lost on days 1-2:
    every tile of the colours in play, less the Lost pile (scored ones were shuffled back)."""
    return per_colour * players - lost


def day_three_completes(tables: NowBoardingRules, per_colour: int, players: int,
                        lost: int) -> bool:
    """Return whether day 3's supply still holds all of day 3's draws (before its own
    losses matter): 22P - L >= 20P, the same limit as the advanced variant's 2 x P."""
    last = tables.schedule.days[-1]
    draws = len(last.airports) * (tables.schedule.rounds_per_day - 1) * players
    return supply_after_losses(tables, per_colour, players, lost) >= draws
