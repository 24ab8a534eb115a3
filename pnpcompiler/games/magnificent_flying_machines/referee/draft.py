"""The flying machines as set up (5.2, 6.7-6.9, 12.2), as far as a race log shows them: each
pilot, dashboard, equipment card and colour taken once, every equipment slot filled, the
preset side in the quick start. The face-up displays and the anticlockwise picking order are
not written, so the picks themselves cannot be replayed."""

from __future__ import annotations

from .log import RaceLog
from .state import Race


def check_draft(race: Race, log: RaceLog) -> None:
    """Report machines set up against the rules (the record's ``machines``); a card or
    machine taken twice is reported at its second taker."""
    taken: dict[str, str] = {}
    excluded = set(race.tables.rules.variants.two_player.excluded_pilots)
    for i, machine in enumerate(log.machines):
        piece = machine.dashboard
        where = log.where("machines", i, "pilot") or log.where("machines", i)
        if machine.pilot in taken:
            race.rulings.rule("draft.pilot", "6.7", f"{machine.pilot} already flies the "
                              f"{taken[machine.pilot]}: each pilot card is taken once", where,
                              piece=piece)
        elif machine.pilot not in race.tables.pilots:
            race.rulings.rule("draft.pilot", "6.7", f"no pilot card {machine.pilot!r}", where,
                              piece=piece)
        elif len(log.players) == 2 and machine.pilot in excluded:
            race.rulings.rule("draft.pilot", "12.2", f"{machine.pilot} is left out of the "
                              "two-player game", where, piece=piece)
        if machine.dashboard in taken:
            race.rulings.rule("draft.machine", "6.8", f"the {machine.dashboard} is chosen twice: "
                              "there is one of each flying machine",
                              log.where("machines", i, "dashboard"), piece=piece)
        if machine.colour is not None and machine.colour in taken:
            race.rulings.rule("draft.colour", "6.8", f"{machine.colour} is already the "
                              f"{taken[machine.colour]}'s colour",
                              log.where("machines", i, "colour"), piece=piece)
        check_equipment(race, log, i, taken)
        for value in (machine.pilot, machine.dashboard, machine.colour, *machine.equipment):
            if value is not None:
                taken.setdefault(value, machine.dashboard)


def check_equipment(race: Race, log: RaceLog, i: int, taken: dict[str, str]) -> None:
    """Report a machine's equipment against 6.9 (every slot filled, each card once) or its
    preset side in the quick start (5.2)."""
    machine = log.machines[i]
    board = race.tables.boards.get(machine.dashboard)
    where, piece = log.where("machines", i, "equipment"), machine.dashboard
    if board is None:
        return
    for card in machine.equipment:
        if card not in race.tables.equipment:
            race.rulings.rule("draft.equipment", "6.9", f"no special equipment card {card!r}",
                              where, piece=piece)
        elif card in taken:
            race.rulings.rule("draft.equipment", "6.9", f"{card} is already the "
                              f"{taken[card]}'s: each card is taken once", where, piece=piece)
    if log.mode == "quick-start":
        preset = board.preset
        if machine.pilot != preset.pilot or sorted(machine.equipment) != sorted(preset.equipment):
            race.rulings.rule("setup.preset", "5.2", f"the quick start flies the {board.id}'s "
                              f"preset side: {preset.pilot} with "
                              f"{', '.join(preset.equipment)}", log.where("machines", i),
                              piece=piece)
    elif len(machine.equipment) != board.equipment_slots:
        race.rulings.rule("draft.equipment", "6.9", f"the {board.id} has "
                          f"{board.equipment_slots} special equipment slots, each filled in "
                          f"the draft; found {len(machine.equipment)} cards", where,
                          piece=piece)
