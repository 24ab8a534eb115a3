"""The two-airport bots play whole seeded games through the engine (two-airport): every game
ends with a winner, no action draws a ruling, and the record written is legal."""

from __future__ import annotations

import random

from pnpcompiler.games.two_airport.referee.bots import Bot, RacingBot, RandomBot, play_game
from pnpcompiler.games.two_airport.referee.engine import TwoAirportEngine
from pnpcompiler.games.two_airport.referee.log import TurnLog
from pnpcompiler.referee import replay

from .table import tables


def seats(kind: type[RandomBot] | type[RacingBot], players: int, seed: int) -> dict[str, Bot]:
    rng = random.Random(seed)
    return {name: kind(rng) for name in ("Ann", "Ben", "Cas", "Dee")[:players]}


def test_random_bots_finish_seeded_games_of_two_to_four_players() -> None:
    for seed in range(1, 13):
        game = play_game(tables(), seats(RandomBot, 2 + seed % 3, seed), seed, max_turns=2000)
        assert game.table.winner is not None, seed


def test_racing_bots_finish_faster_than_random_ones() -> None:
    racing = [play_game(tables(), seats(RacingBot, 2, s), s).turns for s in range(1, 9)]
    rand = [play_game(tables(), seats(RandomBot, 2, s), s).turns for s in range(1, 9)]
    assert sum(racing) < sum(rand)


def test_a_played_game_replays_to_the_same_table_without_rulings() -> None:
    game = play_game(tables(), seats(RandomBot, 3, 5), 5)
    table, rulings = replay(TwoAirportEngine(tables()), TurnLog.model_validate(game.record))
    assert rulings == [] and table.winner == game.table.winner
    assert table.at == game.table.at and table.landed == game.table.landed
