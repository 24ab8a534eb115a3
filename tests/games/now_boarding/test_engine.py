"""Now Boarding's engine and bots: the bots' games are legal records, forks are independent,
and a replay is the same every time."""

from __future__ import annotations

import pytest

from pnpcompiler.content.project import load_game
from pnpcompiler.games.now_boarding.bots import play
from pnpcompiler.games.now_boarding.referee.engine import NowBoardingEngine
from pnpcompiler.games.now_boarding.referee.log import RoundLog
from pnpcompiler.games.now_boarding.referee.replay import engine_of, replay
from tests.paths import CONTENT

COLOURS = ["blue", "orange", "purple", "teal", "pink", "brown"]


@pytest.fixture(scope="module")
def engine() -> NowBoardingEngine:
    content, findings = load_game(CONTENT, "now-boarding")
    assert content is not None, findings
    return engine_of(content)


@pytest.mark.parametrize("style", ["random", "heuristic"])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_bots_play_legal_games_the_referee_replays_alike(
        engine: NowBoardingEngine, style: str, players: int) -> None:
    played = play(engine, COLOURS[:players], 11, style)
    assert played.findings == []
    log = RoundLog.model_validate(played.record)
    again = replay(engine, log)
    assert again.rulings.findings == []
    assert sorted(again.lost) == sorted(played.game.lost)
    assert {p.name: dict(p.pile) for p in again.players} == {
        p.name: dict(p.pile) for p in played.game.players}


def test_a_fork_leaves_the_game_it_copies_alone(engine: NowBoardingEngine) -> None:
    game = play(engine, COLOURS[:3], 5, "heuristic").game

    def seen() -> object:
        return (sorted(game.supply), {p.name: dict(p.pile) for p in game.players},
                {j.id: list(j.aboard) for j in game.jets.values()}, dict(game.aging))

    before = seen()
    twin = engine.fork(game)
    twin.players[0].pile["blue-a1"] = True
    twin.supply.add("blue-a2")
    next(iter(twin.jets.values())).aboard.append("blue-a3")
    twin.aging["blue-a4"] = 2
    assert seen() == before and twin.table is game.table


def test_8_2_the_game_ends_when_too_few_tiles_remain(engine: NowBoardingEngine) -> None:
    played = play(engine, COLOURS[:6], 2, "heuristic")
    game = played.game
    assert played.record["end"]["reason"] == "tiles-ran-out"
    assert len(game.supply) < sum(len(p.airports) for p in game.players)
