"""Now Boarding's bounds: rounds each passenger needs, a shuffle's first day at best, and the
losses day 3 can bear."""

from __future__ import annotations

import pytest

from pnpcompiler.content.project import load_game
from pnpcompiler.games.now_boarding.checks import game_rules, passengers
from pnpcompiler.games.now_boarding.model import NowBoardingRules, Passenger
from pnpcompiler.games.now_boarding.search import DaySearch, Plane, Position, search_first_day
from pnpcompiler.games.now_boarding.solver import (
    day_three_completes,
    first_day,
    hops,
    rounds_needed,
)
from tests.paths import CONTENT


@pytest.fixture(scope="module")
def content() -> tuple[NowBoardingRules, list[Passenger]]:
    game, findings = load_game(CONTENT, "now-boarding")
    assert game is not None, findings
    tables = game_rules(game)
    assert tables is not None
    return tables, passengers(game)


def test_3_13_three_players_the_right_hand_hub_is_two_range_1_flights_away(
        content: tuple[NowBoardingRules, list[Passenger]]) -> None:
    tables, _ = content
    assert (hops(tables, 3, 1), hops(tables, 3, 2), hops(tables, 3, 2, jet_range=2)) == (1, 2, 1)
    assert [hops(tables, 6, n) for n in range(6)] == [0, 1, 2, 3, 2, 1]


def test_4_5_rounds_needed_from_draw_to_delivery(
        content: tuple[NowBoardingRules, list[Passenger]]) -> None:
    tables, _ = content
    assert rounds_needed(tables, 3, "A", 1, "A") == 1      # one flight to the left
    assert rounds_needed(tables, 3, "B", 2, "B") == 4      # Commuter, 2 flights, Commuter
    assert rounds_needed(tables, 3, "A", 0, "B") == 1      # own Commuter home


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_8_1_8_2_day_three_completes_only_with_at_most_two_lost_per_player(
        content: tuple[NowBoardingRules, list[Passenger]], players: int) -> None:
    tables, _ = content
    limit = tables.advanced_loss_factor * players
    assert day_three_completes(tables, tables.passengers.per_colour, players, limit)
    assert not day_three_completes(tables, tables.passengers.per_colour, players, limit + 1)


def test_a_first_day_bound_is_at_most_every_drawn_value(
        content: tuple[NowBoardingRules, list[Passenger]]) -> None:
    tables, tiles = content
    bound = first_day(tables, tiles, ["blue", "orange", "purple"], 1)
    assert bound.drawn == 30 and bound.best_value <= bound.total_value
    assert bound.zero_losses_possible == (bound.best_value == bound.total_value)


def test_the_exact_search_of_a_short_day_is_proved_and_within_the_relaxation(
        content: tuple[NowBoardingRules, list[Passenger]]) -> None:
    tables, tiles = content
    colours = ["blue", "orange", "purple"]
    search = DaySearch(tables, tiles, colours, 1, budget=60.0)
    search.draws = search.draws[:1]  # one round of draws: small enough to finish
    search.explore(1, Position((), tuple(Plane(s, True) for s in range(3))), 0)
    drawn = [search.tiles[t] for _, _, t in search.draws[0]]
    relaxed = sum(p.value for p in drawn
                  if p.id not in first_day(tables, tiles, colours, 1).undeliverable)
    assert 0 < search.best <= relaxed <= sum(p.value for p in drawn)


def test_the_exact_search_of_day_one_never_beats_the_relaxation(
        content: tuple[NowBoardingRules, list[Passenger]]) -> None:
    tables, tiles = content
    colours = ["blue", "orange", "purple"]
    result = search_first_day(tables, tiles, colours, 1, budget=3.0)
    bound = first_day(tables, tiles, colours, 1)
    assert result.total_value == bound.total_value
    assert 0 < result.best_value <= bound.best_value
    # The relaxation loses some passengers in every play: no play found may deliver them all.
    assert not bound.zero_losses_possible and result.best_value < result.total_value
    assert result.zero_losses is (False if result.exact else None)
