"""Cargo and passengers (6.3, 6.11, 10.2-10.4): what each tile holds, what a machine takes on
board and stores, where it may deliver, and the points and penalties they come to."""

from __future__ import annotations

from collections import Counter

from ....core.findings import Location
from ..tables import Placement
from .log import Phase, RaceLog
from .state import Flyer, Race

PASSENGER = "passenger"
COLLECT_LIMIT = 2
"""10.4: two passengers and/or cargo a turn."""
DELIVERY_TERRAIN = ("town", "airfield")
"""10.3: passengers travel to a town or airfield."""
TOUR_GUIDE, OPPORTUNIST = "karishma-khana", "hamish-mctarn"
"""Section 13: 2 more points for every passenger delivered; 1 more for each cargo."""


def pilot_is(flyer: Flyer, pilot: str) -> bool:
    """Return whether the machine's pilot is the one named."""
    return flyer.pilot is not None and flyer.pilot.id == pilot


def placed(placement: Placement) -> list[str]:
    """Return the cargo tokens a quick-start table cell places (section 5)."""
    tokens = [f"special-cargo-{terrain}" for terrain, n in placement.special.items()
              for _ in range(n)]
    return tokens + [f"general-cargo-{value}" for value, n in placement.general.items()
                     for _ in range(n)]


def set_up(race: Race, log: RaceLog) -> None:
    """Place passengers and cargo on the course (6.2, 6.3) and load the machines (6.11)."""
    machines = len(log.machines)
    rows = {row.tile: row for row in race.tables.rules.quick_start}
    for at, tile in enumerate(race.course):
        race.passengers_left[at] = tile.passengers.for_machines(machines)
        written = log.cargo.get(tile.number)
        if log.mode == "quick-start" and tile.number in rows:
            row = rows[tile.number]
            cell = row.three_four if machines <= 4 else row.five_six
            table = placed(cell)
            if written is not None and Counter(written) != Counter(table):
                race.rulings.rule("cargo.setup", "5.1", f"tile {tile.number} holds "
                                  f"{', '.join(table) or 'no cargo'} in the quick start; "
                                  f"found {', '.join(written) or 'none'}",
                                  log.where("cargo", tile.number))
            race.on_tile[at] = list(table)
        elif log.cargo:
            race.on_tile[at] = list(written or [])
            check_placement(race, log, at)
        else:
            # A record that leaves the placement out collects no cargo (it has none to take).
            race.on_tile[at] = []
    for machine in log.machines:
        flyer = race.flyers.get(machine.dashboard)
        if flyer is not None:
            load(race, log, flyer)


def check_placement(race: Race, log: RaceLog, at: int) -> None:
    """Report cargo placed against 6.3: the tile's number for the machines in the race,
    special cargo before the middle airfield and never on its own terrain, general cargo
    from the middle airfield to the tile before the final airfield."""
    tile, tokens = race.course[at], race.on_tile[at]
    middle = next((i for i, t in enumerate(race.course) if t.airfield == "middle"),
                  len(race.course))
    kind = "special" if at < middle else "general"
    wanted = tile.cargo.for_machines(len(log.machines)) if at < len(race.course) - 1 else 0
    where = log.where("cargo", tile.number) if tile.number in log.cargo else log.where("course")
    if len(tokens) > wanted or (len(tokens) < wanted and left_to_place(race, at, kind)):
        race.rulings.rule("cargo.setup", "6.3", f"tile {tile.number} holds {wanted} "
                          f"{kind} cargo for {len(log.machines)} machines; found {len(tokens)}",
                          where)
    for token in tokens:
        piece = race.tables.tokens.get(token)
        if piece is None or piece.token != f"{kind}-cargo":
            race.rulings.rule("cargo.setup", "6.3", f"tile {tile.number} takes {kind} cargo; "
                              f"found {token}", where)
        elif piece.terrain == tile.terrain:
            race.rulings.rule("cargo.setup", "6.3", f"no {tile.terrain} cargo on a "
                              f"{tile.terrain} terrain tile (tile {tile.number})", where)


def left_to_place(race: Race, at: int, kind: str) -> int:
    """Return the tokens of a kind still in the stack that may go on a course position: a
    tile holds fewer than its number only once none is left (6.3)."""
    tile = race.course[at]
    aside = race.tables.rules.setup.set_aside
    placed = Counter(t for i in range(at + 1) for t in race.on_tile.get(i, []))
    return sum(piece.copies - aside.get(piece.terrain, 0) - placed[piece.id]  # type: ignore
               for piece in race.tables.tokens.values()
               if piece.token == f"{kind}-cargo" and piece.terrain != tile.terrain)


def load(race: Race, log: RaceLog, flyer: Flyer) -> None:
    """Load a machine at the start (6.11): one passenger and one of the special cargo set
    aside (mountain or water), as far as its storage holds them."""
    machine, loading = flyer.machine, race.tables.rules.setup.loading
    where = machine.where("load")
    passengers = sum(1 for token in machine.load if token == PASSENGER)
    cargo = [token for token in machine.load if token != PASSENGER]
    aside = race.tables.rules.setup.set_aside
    if log.mode != "quick-start" and passengers > loading.passengers:
        race.rulings.rule("loading.passengers", "6.11", f"each machine is given "
                          f"{loading.passengers} passenger; found {passengers}", where,
                          piece=flyer.name)
    unknown = [t for t in cargo if t not in race.tables.tokens]
    dealt = [t for t in cargo if t in race.tables.tokens and
             race.tables.tokens[t].terrain not in aside]
    if unknown or (log.mode != "quick-start" and (dealt or len(cargo) > loading.special_cargo)):
        race.rulings.rule("loading.cargo", "6.11", f"each machine is dealt "
                          f"{loading.special_cargo} of the {' and '.join(aside)} special "
                          f"cargo set aside; found {', '.join(cargo)}", where, piece=flyer.name)
    flyer.passengers = [0] * passengers
    flyer.cargo = [t for t in cargo if t in race.tables.tokens]
    check_storage(race, flyer, where)


def capacity(flyer: Flyer) -> tuple[int, int, int]:
    """Return the machine's internal slots, external slots and passenger seats: its
    dashboard's, its equipment's and its pilot's (3.2, sections 13-14)."""
    internal = flyer.board.internal_storage + sum(c.internal_storage for c in flyer.kit)
    external = flyer.board.external_storage + sum(c.external_storage for c in flyer.kit)
    seats = flyer.board.passenger_seats + sum(c.passenger_seats for c in flyer.kit)
    if flyer.pilot is not None:
        external += flyer.pilot.external_storage
        seats += flyer.pilot.passenger_seats
    return internal, external, seats


def fits(flyer: Flyer) -> bool:
    """Return whether the passengers and cargo on board fit: a passenger in a seat or two
    internal slots, cargo in internal or external slots, never a seat (6.11, 10.3.1)."""
    internal, external, seats = capacity(flyer)
    standing = max(0, len(flyer.passengers) - seats)
    return 2 * standing <= internal and len(flyer.cargo) <= internal - 2 * standing + external


def check_storage(race: Race, flyer: Flyer, where: Location | None) -> None:
    """Report passengers and cargo that do not fit the machine's storage."""
    if fits(flyer):
        return
    internal, external, seats = capacity(flyer)
    race.rulings.rule("cargo.storage", "10.2.2", f"{len(flyer.passengers)} passengers and "
                      f"{len(flyer.cargo)} cargo do not fit {internal} internal and {external} "
                      f"external storage slots and {seats} passenger seats (a passenger takes "
                      "a seat or two internal slots)", where, piece=flyer.name)


def exchange(race: Race, phase: Phase) -> None:
    """Deliver, then collect, the passengers and cargo a phase writes (10.2-10.4)."""
    now = race.current
    if now is None or not (phase.collect or phase.deliver):
        return
    flyer = now.flyer
    if flyer.altitude > 0:
        race.rulings.rule("cargo.in-the-air", "10.2.2", "passengers and cargo are collected "
                          "and delivered only on the ground", phase.where("action"),
                          piece=flyer.name)
        return
    for token in phase.deliver:
        deliver(race, flyer, phase, token)
    for token in phase.collect:
        collect(race, flyer, phase, token)
    check_storage(race, flyer, phase.where("collect"))


def deliver(race: Race, flyer: Flyer, phase: Phase, token: str) -> None:
    """Move one passenger or cargo to the scoring area, where the rules allow (10.2.3,
    10.3.2)."""
    tile, where, piece = race.course[flyer.at], phase.where("deliver"), flyer.name
    if token == PASSENGER:
        later = [i for i, boarded in enumerate(flyer.passengers) if boarded < flyer.at]
        if not flyer.passengers:
            race.rulings.rule("cargo.not-held", "10.3.2", "a passenger disembarks but none is "
                              "on board", where, piece=piece)
        elif tile.terrain not in DELIVERY_TERRAIN or not later:
            race.rulings.rule("passenger.delivery", "10.3.2", "passengers disembark at a town "
                              "or airfield after the tile they boarded on; this is "
                              f"{tile.terrain} tile {tile.number}", where, piece=piece)
        else:
            flyer.passengers.pop(later[0])
            flyer.points["passengers"] += race.tables.tokens[PASSENGER].value or 0
            flyer.points["passengers"] += 2 if pilot_is(flyer, TOUR_GUIDE) else 0
        return
    if token not in flyer.cargo:
        race.rulings.rule("cargo.not-held", "10.2.3", f"{token} is delivered but not on board",
                          where, piece=piece)
        return
    piece_of = race.tables.tokens[token]
    if piece_of.token == "special-cargo" and piece_of.terrain != tile.terrain:
        race.rulings.rule("cargo.delivery", "10.2.3", f"{token} is delivered only to a "
                          f"{piece_of.terrain} tile; this is {tile.terrain} tile {tile.number}",
                          where, piece=piece)
    elif piece_of.token == "general-cargo" and tile.airfield != "final":
        race.rulings.rule("cargo.delivery", "10.2.3", f"{token} is delivered only to the "
                          f"final airfield; this is {tile.terrain} tile {tile.number}", where,
                          piece=piece)
    else:
        score_cargo(race, flyer, token)


def collect(race: Race, flyer: Flyer, phase: Phase, token: str) -> None:
    """Take one passenger or cargo from the tile on board (10.2.2, 10.3.1, 10.4)."""
    now, where, piece = race.current, phase.where("collect"), flyer.name
    if now is None:
        return
    now.collected += 1
    if now.collected == COLLECT_LIMIT + 1:
        race.rulings.rule("cargo.limit", "10.4", f"a machine collects at most {COLLECT_LIMIT} "
                          "passengers and/or cargo in a turn", where, piece=piece)
    tile = race.course[flyer.at]
    if token == PASSENGER:
        if race.passengers_left.get(flyer.at, 0) < 1:
            race.rulings.rule("cargo.not-on-tile", "10.3.1", f"no passenger is left on tile "
                              f"{tile.number}", where, piece=piece)
            return
        race.passengers_left[flyer.at] -= 1
        flyer.passengers.append(flyer.at)
        return
    if token not in race.on_tile.get(flyer.at, []):
        race.rulings.rule("cargo.not-on-tile", "10.2.2", f"no {token} is left on tile "
                          f"{tile.number}", where, piece=piece)
        return
    race.on_tile[flyer.at].remove(token)
    flyer.cargo.append(token)


def land_at_final(race: Race, flyer: Flyer) -> None:
    """Unload general cargo on landing at the final airfield (10.2.3)."""
    for token in unloaded(race, flyer):
        score_cargo(race, flyer, token)


def unloaded(race: Race, flyer: Flyer) -> list[str]:
    """Return the cargo a machine unloads on landing at the final airfield, whatever the
    landing's outcome: its general cargo (10.2.3)."""
    return [t for t in flyer.cargo if race.tables.tokens[t].token == "general-cargo"]


def score_cargo(race: Race, flyer: Flyer, token: str) -> None:
    """Move a cargo to the scoring area: the points on its token (10.2.3), one more for the
    Opportunist (section 13)."""
    flyer.cargo.remove(token)
    flyer.points["cargo"] += race.tables.tokens[token].value or 0
    flyer.points["cargo"] += 1 if pilot_is(flyer, OPPORTUNIST) else 0


def undelivered(race: Race, flyer: Flyer) -> int:
    """Return the special cargo still on board: one point off each at the end (10.2.1)."""
    return sum(1 for t in flyer.cargo if race.tables.tokens[t].token == "special-cargo")
