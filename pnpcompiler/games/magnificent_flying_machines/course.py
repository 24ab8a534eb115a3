"""Dealing a racecourse (5.1, 6.1, 12.1) and what a dealt course cannot deliver (12.1 NB)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import TerrainTile
from .tables import Course

ROUGH = ("fields", "mountain", "town", "water")


def deal_course(tiles: Sequence[TerrainTile], course: Course, rng: random.Random
                ) -> list[TerrainTile]:
    """Return a course in order, starting airfield to final airfield."""
    airfield = {t.airfield: t for t in tiles if t.airfield}
    rough = sorted((t for t in tiles if t.airfield is None), key=lambda t: t.number)
    if course.mode == "quick-start":
        middle = airfield["middle"].number
        before = [t for t in rough if t.number < middle]
        after = [t for t in rough if middle < t.number < airfield["final"].number]
        return [airfield["starting"], *before, airfield["middle"], *after, airfield["final"]]
    if course.one_of_each:
        before, after = pile_pair(rough, course, rng)
    else:
        shuffled = list(rough)
        rng.shuffle(shuffled)
        before = shuffled[:course.before_middle]
        after = shuffled[course.before_middle:course.before_middle + course.after_middle]
    return [airfield["starting"], *before, airfield["middle"], *after, airfield["final"]]


def pile_pair(rough: list[TerrainTile], course: Course, rng: random.Random
              ) -> tuple[list[TerrainTile], list[TerrainTile]]:
    """Deal two piles of one tile of each terrain, then one random tile more on each for the
    long game (6.1)."""
    piles: list[list[TerrainTile]] = [[], []]
    left: list[TerrainTile] = []
    for terrain in ROUGH:
        of_terrain = [t for t in rough if t.terrain == terrain]
        rng.shuffle(of_terrain)
        piles[0].append(of_terrain[0])
        piles[1].append(of_terrain[1])
        left += of_terrain[2:]
    rng.shuffle(left)
    piles[0] += left[:course.before_middle - len(ROUGH)]
    piles[1] += left[course.before_middle - len(ROUGH):][:course.after_middle - len(ROUGH)]
    for pile in piles:
        rng.shuffle(pile)
    return piles[0], piles[1]


def undeliverable(course: Sequence[TerrainTile]) -> dict[str, list[str]]:
    """Return, for each tile before the middle airfield, the special cargo terrains no later
    tile of the course offers (12.1 NB): cargo picked up there can never be delivered."""
    middle = next(i for i, t in enumerate(course) if t.airfield == "middle")
    out: dict[str, list[str]] = {}
    for i, tile in enumerate(course[1:middle], start=1):
        later = {t.terrain for t in course[i + 1:]}
        lost = [terrain for terrain in ROUGH if terrain != tile.terrain and terrain not in later]
        if lost:
            out[tile.id] = lost
    return out
