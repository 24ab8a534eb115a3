"""Dealing a racecourse (5.1, 6.1, 12.1), its cargo (6.3) and the special cargo set aside for
loading (6.11), and what a dealt course cannot deliver (12.1 NB)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import Counter, TerrainTile
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


def deal_cargo(course: Sequence[TerrainTile], tokens: Sequence[Counter], machines: int,
               set_aside: dict[str, int], rng: random.Random
               ) -> tuple[dict[int, list[str]], list[str]]:
    """Return the cargo placed on each tile of a course, by tile number, and the special
    cargo set aside for loading (6.3): special cargo from the tile after the starting airfield
    to the one before the middle airfield, none on its own terrain, then general cargo from
    the middle airfield to the tile before the final airfield."""
    special = [t for t in tokens if t.token == "special-cargo" for _ in range(t.copies)]
    general = [t.id for t in tokens if t.token == "general-cargo" for _ in range(t.copies)]
    aside: list[str] = []
    for terrain, n in set_aside.items():
        of_terrain = [t for t in special if t.terrain == terrain][:n]
        aside += [t.id for t in of_terrain]
        for token in of_terrain:
            special.remove(token)
    rng.shuffle(special)
    rng.shuffle(general)
    middle = next(i for i, t in enumerate(course) if t.airfield == "middle")
    placed: dict[int, list[str]] = {}
    for at, tile in enumerate(course[1:-1], start=1):
        wanted = tile.cargo.for_machines(machines)
        if at < middle:
            # 6.3: a token of the tile's own terrain is replaced by another from the stack.
            fit = [t for t in special if t.terrain != tile.terrain][:wanted]
            for token in fit:
                special.remove(token)
            placed[tile.number] = [t.id for t in fit]
        else:
            placed[tile.number], general = general[:wanted], general[wanted:]
    return placed, aside
