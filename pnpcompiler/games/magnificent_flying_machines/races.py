"""A seeded race played by the bots from set-up to the end: the quick start, or a dealt course
flown with the preset sides' machines, pilots and equipment. The tool
(``tools/play_magnificent_flying_machines.py``) and ``pnp simulate`` both play these."""

from __future__ import annotations

import random

from ...content.project import GameContent
from .bots import BOTS, Played, play, quick_start_log
from .course import deal_cargo, deal_course
from .drafting import random_draft
from .lookup import counters, dashboards, tables_of, terrain_tiles, weather_tiles
from .referee.cargo import PASSENGER, fits
from .referee.engine import RaceEngine
from .referee.log import RaceLog
from .referee.state import new_race

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
"""The players' names, seat by seat."""


def race(game: GameContent, engine: RaceEngine, players: int, bot: str, seed: int,
         mode: str = "quick-start", weather_changes: bool = False, cargo: bool = False,
         cards: bool = False, drafted: bool = False, log_turns: bool = True) -> Played:
    """Play one seeded race: the quick start, or a dealt course (6.1, 12.1) flown with the
    same machines, pilots and equipment as the preset sides, or, when ``drafted``, with the
    machines a random draft gives (6.7-6.9, 12.2); without ``log_turns`` the record writes
    no turns."""
    rng = random.Random(seed)
    tables = tables_of(game)
    assert tables is not None
    course_rules = next(c for c in tables.courses if c.mode == mode)
    course = [t.number for t in deal_course(terrain_tiles(game), course_rules, rng)]
    deck = [w.id for w in weather_tiles(game) for _ in range(w.copies)]
    rng.shuffle(deck)
    weather = {tile: deck[i] for i, tile in enumerate(course[1:])}
    machines = 4 if players == 2 else players
    boards = dashboards(game)[:machines]
    log = quick_start_log(NAMES[:players], [b.id for b in boards],
                          [b.preset.pilot for b in boards],
                          [list(b.preset.equipment) for b in boards], weather)
    log = log.model_copy(update={"mode": mode, "course": course})
    if drafted and mode != "quick-start":
        # Its own generator, so the course and the dice are the same whoever was drafted.
        picked = random_draft(engine.tables, NAMES[:players], random.Random(f"draft {seed}"))
        log = log.model_copy(update={"machines": picked.machines, "draft": picked.draft})
    if mode != "quick-start":
        # Its own generator, so the bots roll the same dice whatever the cargo dealt.
        dealer = random.Random(f"cargo {seed}")
        tiles = {t.number: t for t in terrain_tiles(game)}
        placed, aside = deal_cargo([tiles[n] for n in course], counters(game), machines,
                                   {str(k): n for k, n in tables.setup.set_aside.items()}, dealer)
        log = log.model_copy(update={"cargo": placed})
        if cargo:
            dealer.shuffle(aside)
            log = load_up(engine, log, aside)
    return play(engine, log, BOTS[bot], rng, weather_changes=weather_changes, cargo=cargo,
                cards=cards, log_turns=log_turns)


def load_up(engine: RaceEngine, log: RaceLog, aside: list[str]) -> RaceLog:
    """Return the set-up with each machine loaded (6.11): its passenger, and the special
    cargo dealt to it when a tile of its terrain lies on the course and it fits."""
    # The machines as the record sets them up, unchecked: their storage is all this reads.
    race = new_race(engine.tables, log)
    terrains = {engine.tables.tiles[n].terrain for n in log.course}
    machines = []
    for machine, token in zip(log.machines, aside, strict=False):
        flyer = race.flyers[machine.dashboard]
        load = []
        for wanted in (PASSENGER, token):
            if wanted == PASSENGER:
                flyer.passengers.append(0)
            elif engine.tables.tokens[wanted].terrain in terrains:
                flyer.cargo.append(wanted)
            else:
                continue
            if fits(flyer):
                load.append(wanted)
            elif wanted == PASSENGER:
                flyer.passengers.pop()
            else:
                flyer.cargo.pop()
        machines.append(machine.model_copy(update={"load": load}))
    return log.model_copy(update={"machines": machines})
