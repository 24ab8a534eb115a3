"""Dealing a racecourse: the quick start (5.1), standard and long games (6.1), the fully
random course (12.1) and the special cargo it cannot deliver (12.1 NB)."""

from __future__ import annotations

import random

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.course import deal_course, undeliverable
from pnpcompiler.games.magnificent_flying_machines.lookup import tables_of, terrain_tiles
from pnpcompiler.games.magnificent_flying_machines.model import TerrainTile
from pnpcompiler.games.magnificent_flying_machines.tables import Course


def course_of(game: GameContent, mode: str, seed: int = 1) -> list[TerrainTile]:
    tables = tables_of(game)
    assert tables is not None
    mode_rules: Course = next(c for c in tables.courses if c.mode == mode)
    return deal_course(terrain_tiles(game), mode_rules, random.Random(seed))


def test_5_1_quick_start_course_is_tiles_1_to_11_in_order(game: GameContent) -> None:
    course = course_of(game, "quick-start")
    assert [t.number for t in course] == list(range(1, 12))
    assert [t.terrain for t in course[1:5]] == ["fields", "town", "water", "mountain"]


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("mode, half", [("standard", 4), ("long", 5)])
def test_6_1_each_pile_holds_one_tile_of_each_terrain(game: GameContent, seed: int,
                                                      mode: str, half: int) -> None:
    course = course_of(game, mode, seed)
    assert len(course) == 2 * half + 3
    assert [course[0].airfield, course[half + 1].airfield, course[-1].airfield] == [
        "starting", "middle", "final"]
    for pile in (course[1:half + 1], course[half + 2:-1]):
        assert {"fields", "mountain", "town", "water"} <= {t.terrain for t in pile}
    assert len({t.id for t in course}) == len(course)


@pytest.mark.parametrize("seed", range(20))
def test_12_1_fully_random_course_uses_13_tiles(game: GameContent, seed: int) -> None:
    course = course_of(game, "random", seed)
    assert len(course) == 13 and len({t.id for t in course}) == 13
    assert [course[0].airfield, course[6].airfield, course[12].airfield] == [
        "starting", "middle", "final"]


def test_12_1_nb_random_course_lists_undeliverable_special_cargo(game: GameContent) -> None:
    tiles = {t.id: t for t in terrain_tiles(game)}
    order = ["starting-airfield", "water-4", "water-9", "water-14", "town-3", "town-8",
             "middle-airfield", "fields-2", "fields-7", "fields-12", "town-13", "mountain-5",
             "final-airfield"]
    course = [tiles[i] for i in order]
    lost = undeliverable(course)
    # No water tile follows the third: water cargo picked up after it cannot be delivered
    # (a water tile holds no water cargo, 6.3); a mountain tile comes last, so mountain cargo
    # always can.
    assert lost == {"town-3": ["water"], "town-8": ["water"]}
    assert undeliverable(course_of(game, "quick-start")) == {}
