"""What a test reads of a machine, worked out once for its pilot and equipment: the same
need and pool as worked out afresh, after the pilot or the equipment changes too."""

from __future__ import annotations

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.bots import quick_start_log
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards, pilots
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine, StartTurn
from pnpcompiler.games.magnificent_flying_machines.referee.log import Turn
from pnpcompiler.games.magnificent_flying_machines.referee.rolls import (
    TEST_OF,
    need,
    need_and_pool,
    outfit,
    pool,
)


def test_8_2_section_14_a_test_reads_the_pilot_and_equipment_the_machine_has_now(
        game: GameContent) -> None:
    """Each machine of the quick start, on each tile, in the air: its need and pool for each
    test, as flown, with another pilot (a Two-Seater's change), without its equipment and
    with another machine's (an exchange on the middle airfield, 10.1)."""
    engine = RaceEngine.of(game)
    boards = dashboards(game)
    log = quick_start_log(["Ann", "Bob", "Cat"], [b.id for b in boards],
                          [b.preset.pilot for b in boards],
                          [list(b.preset.equipment) for b in boards], {})
    others = pilots(game)
    for n, machine in enumerate(log.machines):
        race = engine.initial(log)
        race.turns = race.order.index(machine.dashboard)
        race, _ = engine.apply(race, StartTurn(Turn(machine=machine.dashboard)))
        assert race.current is not None
        flyer = race.current.flyer
        rival = race.flyers[log.machines[n - 1].dashboard]
        for change in range(4):
            if change == 1:
                flyer.pilot = others[n % len(others)]
            elif change == 2:
                flyer.kit = []
            elif change == 3:
                flyer.kit = list(rival.kit)
            worn = outfit(flyer)
            assert worn.ids == (flyer.pilot.id if flyer.pilot else None,
                                tuple(c.id for c in flyer.kit))
            for flyer.at in range(len(race.course)):
                flyer.altitude = 1
                for action in ("take-off", "fly-on", "landing"):
                    phase, test = engine.phase(action), TEST_OF[action]
                    assert need_and_pool(race, flyer, phase, test) == (
                        need(race, flyer, phase, test), pool(race, flyer, phase, test))
