"""A turn's second phase: moving aircraft (5. Moving Aircraft), playing Event cards (6, 8) and
claiming the win (7). Each function checks one action against the table, rules on what is
wrong, and plays it on the table as written, so that one mistake gives one finding."""

from __future__ import annotations

from collections.abc import Iterator

from ..field import Cell
from .log import Action
from .state import Table, Tables

EXTRA_CARDS = {"extra": "extra-move", "extra-diagonal": "extra-diagonal-move"}
"""The Movement card each extra move plays (8.1, 8.2)."""


def aircraft_of(action: Action) -> int | None:
    """Return the one aircraft an action names."""
    return action.aircraft if isinstance(action.aircraft, int) else None


def space(tables: Tables, table: Table, action: Action, key: str, rule: str) -> Cell | None:
    """Return the space an action names under ``key``, ruling when it is not on the field."""
    name = getattr(action, key)
    if name is None:
        table.rulings.rule("record.space", rule, f"the action needs '{key}': the space",
                           action.where(), piece=aircraft_of(action))
        return None
    cell = tables.grid.cell(name)
    if cell is None or not tables.grid.is_space(cell):
        what = "an airport" if cell is not None else "off the field"
        table.rulings.rule("move.beyond-airport", "5.7", f"{name} is {what}: aircraft never "
                           f"move beyond the airport, and land only with a 'land' move",
                           action.where(key), piece=aircraft_of(action))
        return None
    return cell


def blocked(table: Table, action: Action, cell: Cell, *, aircraft: int | None) -> bool:
    """Rule when a space is taken: by an aircraft (5.6) or a Storm (8.3)."""
    there = table.occupant(cell)
    if there is None or (there.startswith("aircraft") and moved_away(table, cell)):
        return False
    rule = "8.3" if there == "a Storm" else "5.6"
    table.rulings.rule("move.occupied", rule, f"{there} is on {action.to}: aircraft move only "
                       f"to an empty space{', never over a Storm' if rule == '8.3' else ''}",
                       action.where("to"), piece=aircraft)
    return True


def release_passed(tables: Tables, table: Table, mover: int, after: Cell | None) -> None:
    """Remove the Holding card of every held aircraft of the mover's direction that the move
    ended ahead of, or that it landed past (8.5; see the holding-passed ruling)."""
    end = 10**6 if after is None else tables.progress(mover, after)
    for held in sorted(table.held):
        if held == mover or tables.starts[held] != tables.starts[mover]:
            continue
        if tables.progress(held, table.at.get(held)) < end:
            table.held.discard(held)
            table.discards.append("holding")


def check_from(table: Table, action: Action, tables: Tables, number: int) -> None:
    """Rule when the record's ``from`` is not where the aircraft is."""
    now = table.at.get(number)
    if action.from_ is not None and (now is None or tables.grid.name(now) != action.from_):
        where = "off the field" if now is None else f"on {tables.grid.name(now)}"
        rule = "5.2" if now is None else "5.3"
        table.rulings.rule("move.from", rule, f"aircraft {number} is {where}, not on "
                           f"{action.from_}", action.where("from"), piece=number)


def move(tables: Tables, table: Table, action: Action) -> None:
    """Check and make one move."""
    number = aircraft_of(action)
    kind = action.move
    if number is None or kind is None:
        table.rulings.rule("record.aircraft", "5.1", "a move names one aircraft",
                           action.where(), piece=None)
        return
    if kind == "depart" and departed(tables, table, action, number):
        return
    if kind in EXTRA_CARDS:
        play_card(tables, table, action, EXTRA_CARDS[kind])
    else:
        table.moves += 1
        if table.moves == tables.rules.moves + 1:
            table.rulings.rule("move.count", "5.1", f"a move beyond the {tables.rules.moves} "
                               f"of a turn, without a Movement card", action.where("move"),
                               piece=number)
    if number in table.landed:
        table.rulings.rule("move.landed", "5.4", f"aircraft {number} has landed and is out "
                           f"of the game", action.where("aircraft"), piece=number)
        return
    if number in table.held:
        table.rulings.rule("move.held", "8.5", f"aircraft {number} is under a Holding card "
                           f"and may not move until an aircraft of its direction passes it",
                           action.where("aircraft"), piece=number)
    placed(tables, table, action, number)
    check_from(table, action, tables, number)
    before = table.at.get(number)
    after = destination_of(tables, table, action, number, before)
    if isinstance(after, str):
        table.written[number] = meant(tables, table, action, number, before)
        return
    if after is None:
        table.at.pop(number, None)
        table.landed.add(number)
    else:
        table.at[number] = after
    release_passed(tables, table, number, after)


def departed(tables: Tables, table: Table, action: Action, number: int) -> bool:
    """Rule on a depart to the space the aircraft is already on: the depart made, written
    again. It is not another of the turn's moves, so the copy is one finding (5.2)."""
    now = table.at.get(number)
    if now is None or action.to is None or tables.grid.cell(action.to) != now:
        return False
    table.rulings.rule("move.depart", "5.2", f"aircraft {number} is already on the field "
                       f"({action.to}): only aircraft not yet on the field depart",
                       action.where("move"), piece=number)
    return True


def meant(tables: Tables, table: Table, action: Action, number: int, before: Cell | None
          ) -> tuple[Cell, ...]:
    """Return where the record may have meant an aircraft to go by a move ruled illegal: the
    square written, then the empty squares a move of that kind reaches from where it is."""
    grid = tables.grid
    written = grid.cell(action.to) if action.to is not None else None
    squares = [written] if written is not None and grid.is_space(written) else []
    kind = "fly" if action.move in ("depart", "fly", "back") else action.move
    if kind in ("fly", *EXTRA_CARDS):
        squares += [to for to, _ in tables.offers.moves(kind, number, before)
                    if to is not None and to not in squares and table.occupant(to) is None]
    return tuple(squares)


def placed(tables: Tables, table: Table, action: Action, number: int) -> None:
    """Take an aircraft whose last move was ruled illegal as where the record goes on from.

    The referee kept it where it was; a record may have mis-written the square while going
    on from the one really flown to, or go on from the square written. Its next move is
    judged from where it was, then from each square the record may have meant; the first
    from which the move is legal is taken, so the slip is one finding."""
    squares = table.written.pop(number, ())
    if not squares or legal_from(tables, table, action, number, table.at.get(number)):
        return
    for square in squares:
        if table.occupant(square) is None and legal_from(tables, table, action, number,
                                                         square):
            table.at[number] = square
            return


def legal_from(tables: Tables, table: Table, action: Action, number: int,
               square: Cell | None) -> bool:
    """Return whether a move is legal with the aircraft on a square (None: off the field)."""
    trial = table.copy()
    trial.at.pop(number, None)
    if square is not None:
        trial.at[number] = square
    findings = len(trial.rulings.findings)
    check_from(trial, action, tables, number)
    after = destination_of(tables, trial, action, number, square)
    return not isinstance(after, str) and len(trial.rulings.findings) == findings


def moved_away(table: Table, cell: Cell) -> bool:
    """Take an aircraft kept on a space after a move ruled illegal as on an empty square the
    record may have meant, when another aircraft moves to that space."""
    for number, now in table.at.items():
        if now == cell and number in table.written:
            squares = [s for s in table.written.pop(number) if table.occupant(s) is None]
            if squares:
                table.at[number] = squares[0]
                table.written[number] = tuple(squares[1:])
                return True
    return False


def destination_of(tables: Tables, table: Table, action: Action, number: int,
                   before: Cell | None) -> Cell | str | None:
    """Return where a move takes the aircraft (None: it landed; ``stay``: it cannot move)."""
    grid, kind = tables.grid, action.move
    start = tables.starts[number]
    home = grid.destination(start)
    landing = kind == "land" or (kind == "extra" and action.to == grid.name(home.at))
    if landing:
        if before != home.runway:
            table.rulings.rule("move.land", "5.4", f"aircraft {number} lands only from the "
                               f"Arrival Zone {grid.name(home.runway)}, not from "
                               f"{'off the field' if before is None else grid.name(before)}",
                               action.where("move"), piece=number)
            return "stay"
        return None
    departing = kind == "depart" or (kind == "extra" and before is None)
    cell = space(tables, table, action, "to", "5.2" if departing else "5.3")
    if cell is None:
        return "stay"
    if departing:
        return depart(tables, table, action, number, before, cell)
    if before is None:
        table.rulings.rule("move.off-field", "5.2", f"aircraft {number} is not on the field: "
                           f"it enters only by departing", action.where("move"), piece=number)
        return "stay"
    shape = grid.move_kind(start, before, cell)
    if not flight_allowed(tables, table, action, number, before, shape):
        return "stay"
    if grid.past_airport(start, cell):
        table.rulings.rule("move.beyond-airport", "5.7", f"{action.to} lies beyond Airport "
                           f"{home.letter}", action.where("to"), piece=number)
        return "stay"
    if blocked(table, action, cell, aircraft=number):
        return "stay"
    return cell


def depart(tables: Tables, table: Table, action: Action, number: int, before: Cell | None,
           cell: Cell) -> Cell | str:
    """Check a depart: an aircraft off the field, to an empty Departure Zone of its airport."""
    own = tables.grid.airports[tables.starts[number]]
    if before is not None:
        table.rulings.rule("move.depart", "5.2", f"aircraft {number} is already on the field "
                           f"({tables.grid.name(before)}): only aircraft not yet on the field "
                           f"depart", action.where("move"), piece=number)
        return "stay"
    if cell not in own.departure_zones:
        zones = " or ".join(tables.grid.name(z) for z in own.departure_zones)
        table.rulings.rule("move.departure-zone", "5.2", f"aircraft {number} departs to a "
                           f"Departure Zone of Airport {own.letter} ({zones}), not {action.to}",
                           action.where("to"), piece=number)
        return "stay"
    if blocked(table, action, cell, aircraft=number):
        return "stay"
    return cell


def flight_allowed(tables: Tables, table: Table, action: Action, number: int, before: Cell,
                   shape: str) -> bool:
    """Rule when a flight's shape is not what its kind allows."""
    kind = action.move
    if kind == "extra-diagonal":
        if shape != "diagonal":
            table.rulings.rule("move.diagonal", "8.2", f"an extra diagonal move goes one space "
                               f"diagonally forward, not {shape} to {action.to}",
                               action.where("to"), piece=number)
        return shape == "diagonal"
    if shape in ("forward", "sideways"):
        return True
    if shape == "back":
        if kind == "extra":
            table.rulings.rule("move.extra-back", "8.1", "an extra move goes in any direction "
                               "except backwards", action.where("to"), piece=number)
            return False
        if tables.grid.beyond_arrival(tables.starts[number], before):
            return True
        table.rulings.rule("move.backwards", "5.5", f"aircraft {number} moves backwards only "
                           f"one space from beyond its Arrival Zone, on the side of its airport",
                           action.where("to"), piece=number)
        return False
    table.rulings.rule("move.one-space", "5.3", f"aircraft {number} flies one space forward or "
                       f"sideways, not from {tables.grid.name(before)} to {action.to}",
                       action.where("to"), piece=number)
    return False


def play_card(tables: Tables, table: Table, action: Action, card: str) -> None:
    """Take a played card from the hand and count it against the turn's limits (6.1)."""
    piece, ruled = aircraft_of(action), False
    if card == "technical-return":
        if table.returns.get(table.player, 0) < 1:
            table.rulings.rule("card.not-held", "8.7", f"{table.player} has no Technical "
                               f"Return card left", action.where(), piece=piece)
            ruled = True
        else:
            table.returns[table.player] -= 1
    elif card in table.hands[table.player]:
        table.hands[table.player].remove(card)
    else:
        table.rulings.rule("card.not-held", "6.1", f"{table.player} holds no {card} card "
                           f"(hand: {', '.join(table.hands[table.player]) or 'empty'})",
                           action.where(), piece=piece)
        ruled = True
    table.cards += 1
    # A card not held is one finding: it still counts, but is not also ruled on for the limits.
    if table.cards == tables.rules.cards + 1 and not ruled:
        table.rulings.rule("card.count", "6.1", f"a card beyond the {tables.rules.cards} Event "
                           f"cards a turn", action.where(), piece=piece)
    if card in tables.movement:
        table.movement += 1
        if table.movement == tables.rules.movement_cards + 1 and not ruled:
            table.rulings.rule("card.movement", "6.1", f"a second Movement card in one turn: "
                               f"only {tables.rules.movement_cards} may be", action.where(),
                               piece=piece)


def legal_moves_open(tables: Tables, table: Table, only: set[int] | None = None
                     ) -> Iterator[str]:
    """Yield a description of each move open to the player now (a held aircraft has none),
    of every aircraft or ``only`` of some."""
    grid = tables.grid
    for number, start in sorted(tables.starts.items()):
        if number in table.landed or number in table.held or (only and number not in only):
            continue
        cell = table.at.get(number)
        if cell is None:
            for zone in grid.airports[start].departure_zones:
                if table.occupant(zone) is None:
                    yield f"depart {number} to {grid.name(zone)}"
            continue
        if cell == grid.destination(start).runway:
            yield f"land {number}"
        for to in grid.flights(start, cell):
            if table.occupant(to) is None:
                yield f"fly {number} to {grid.name(to)}"


def release_stuck(tables: Tables, table: Table) -> None:
    """Remove the Holding cards of a direction none of whose free aircraft can move: nothing
    could pass them any more (the holding-stuck ruling of rules.yaml)."""
    for start in ("A", "B"):
        held = {n for n in table.held if tables.starts[n] == start}
        if not held:
            continue
        free = {n for n, s in tables.starts.items()
                if s == start and n not in table.landed | table.held}
        if next(legal_moves_open(tables, table, free), None) is None:
            table.held -= held
            table.discards += ["holding"] * len(held)
