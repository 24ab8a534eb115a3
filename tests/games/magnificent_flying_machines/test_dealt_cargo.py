"""The bots on dealt courses (6.1, 6.3, 6.11, 12.1): the cargo placed as 6.3 deals it, the
machines loaded as 6.11 gives, and every race they fly refereed legal."""

from __future__ import annotations

import random

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.course import deal_cargo, deal_course
from pnpcompiler.games.magnificent_flying_machines.lookup import (
    counters,
    tables_of,
    terrain_tiles,
)
from pnpcompiler.games.magnificent_flying_machines.races import race
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog
from pnpcompiler.games.magnificent_flying_machines.referee.replay import replay


@pytest.mark.parametrize("mode", ["standard", "long", "random"])
def test_6_3_special_cargo_never_on_its_own_terrain_general_from_the_middle_airfield(
        game: GameContent, mode: str) -> None:
    tables = tables_of(game)
    assert tables is not None
    rules = next(c for c in tables.courses if c.mode == mode)
    tokens = {t.id: t for t in counters(game)}
    for seed in range(20):
        course = deal_course(terrain_tiles(game), rules, random.Random(seed))
        placed, aside = deal_cargo(course, counters(game), 4, {"mountain": 3, "water": 3},
                                   random.Random(seed))
        middle = next(i for i, t in enumerate(course) if t.airfield == "middle")
        assert sorted(aside) == ["special-cargo-mountain"] * 3 + ["special-cargo-water"] * 3
        for at, tile in enumerate(course[1:-1], start=1):
            kinds = {tokens[t].token for t in placed[tile.number]}
            assert kinds <= {"special-cargo" if at < middle else "general-cargo"}
            assert tile.terrain not in {tokens[t].terrain for t in placed[tile.number]}


@pytest.mark.parametrize("mode", ["standard", "long", "random"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_6_11_bots_load_up_and_carry_cargo_on_dealt_courses_and_stay_legal(
        game: GameContent, mode: str, players: int) -> None:
    engine = RaceEngine.of(game)
    delivered = loaded = 0
    for seed, bot in ((1, "heuristic"), (2, "random")):
        played = race(game, engine, players, bot, seed, mode=mode, cargo=True)
        assert played.record["cargo"]
        again = replay(game, RaceLog.model_validate(played.record))
        assert [f.message for f in again.rulings.findings] == []
        loaded += sum(len(m.get("load", [])) for m in played.record["machines"])
        delivered += sum(len(p.get("deliver", [])) for t in played.record["turns"]
                         for p in t["phases"])
    assert loaded > 0 and delivered > 0


def test_6_3_a_tile_holds_fewer_only_once_the_stack_has_run_out(game: GameContent) -> None:
    # Long course, five machines (seed 0): the stack runs out before the middle airfield.
    engine = RaceEngine.of(game)
    played = race(game, engine, 5, "heuristic", 0, mode="long")
    tiles = {t.number: t for t in terrain_tiles(game)}
    short = [n for n, held in played.record["cargo"].items()
             if 0 < len(held) < tiles[n].cargo.for_machines(5)]
    assert short
    assert replay(game, RaceLog.model_validate(played.record)).rulings.findings == []
    cargo = dict(played.record["cargo"])
    cargo[short[0]] = cargo[short[0]][1:]
    fewer = RaceLog.model_validate(dict(played.record, cargo=cargo))
    assert [f.code for f in replay(game, fewer).rulings.findings] == ["cargo.setup"]
