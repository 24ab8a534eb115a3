"""The Other Event cards played (8.3-8.7) and the winner's claim (7)."""

from __future__ import annotations

from .log import Action
from .moves import aircraft_of, play_card, release_passed, space
from .state import Table, Tables


def play(tables: Tables, table: Table, action: Action) -> None:
    """Check and play one Other Event card."""
    card = action.play
    assert card is not None
    play_card(tables, table, action, card)
    if card == "storm":
        storm(tables, table, action)
    elif card == "clear-sky":
        clear_sky(tables, table, action)
    elif card == "holding":
        holding(tables, table, action)
    elif card == "pass":
        swap(tables, table, action)
    else:
        technical_return(tables, table, action)


def storm(tables: Tables, table: Table, action: Action) -> None:
    """A Storm goes on an empty space, never on an Arrival Zone (8.3)."""
    cell = space(tables, table, action, "at", "8.3")
    if cell is None:
        table.discards.append("storm")
        return
    if cell in tables.grid.arrival_zones():
        table.rulings.rule("storm.arrival-zone", "8.3", f"{action.at} is an Arrival Zone: a "
                           f"Storm can never be placed there", action.where("at"))
    elif (there := table.occupant(cell)) is not None:
        rule = "6.2" if there == "a Storm" else "8.3"
        table.rulings.rule("storm.occupied", rule, f"{there} is on {action.at}: a Storm goes "
                           f"on an empty space", action.where("at"))
    else:
        table.storms.add(cell)
        return
    table.discards.append("storm")


def clear_sky(tables: Tables, table: Table, action: Action) -> None:
    """Clear sky removes one Storm from the field; both go to the discard pile (8.4)."""
    cell = space(tables, table, action, "at", "8.4")
    table.discards.append("clear-sky")
    if cell is None:
        return
    if cell not in table.storms:
        table.rulings.rule("clear-sky.no-storm", "8.4", f"there is no Storm on {action.at}",
                           action.where("at"))
        return
    table.storms.discard(cell)
    table.discards.append("storm")


def on_field(tables: Tables, table: Table, action: Action, rule: str) -> int | None:
    """Return the one aircraft a card is played on, ruling when it is not on the field."""
    number = aircraft_of(action)
    if number is None or number not in table.at:
        what = "names no single aircraft" if number is None else \
            f"is played on aircraft {number}, which is not on the field"
        table.rulings.rule("card.aircraft", rule, f"the {action.play} card {what}",
                           action.where("aircraft") or action.where(), piece=number)
        return None
    return number


def holding(tables: Tables, table: Table, action: Action) -> None:
    """Holding goes on an aircraft not on an Arrival Zone nor the last of its direction
    (8.5); an aircraft carries one Holding card (6.2)."""
    number = on_field(tables, table, action, "8.5")
    if number is None or not may_hold(tables, table, action, number):
        table.discards.append("holding")
        return
    table.held.add(number)


def may_hold(tables: Tables, table: Table, action: Action, number: int) -> bool:
    """Rule when a Holding card may not go on an aircraft."""
    start = tables.starts[number]
    others = [n for n, s in tables.starts.items()
              if s == start and n != number and n not in table.landed | table.held]
    if table.at[number] in tables.grid.arrival_zones():
        table.rulings.rule("holding.arrival-zone", "8.5", f"aircraft {number} is on an Arrival "
                           f"Zone", action.where("aircraft"), piece=number)
    elif not others:
        table.rulings.rule("holding.last-aircraft", "8.5", f"aircraft {number} is the last "
                           f"aircraft flying from Airport {start} not held",
                           action.where("aircraft"), piece=number)
    elif number in table.held:
        table.rulings.rule("holding.twice", "6.2", f"aircraft {number} already carries a "
                           f"Holding card: never two Event cards on one space",
                           action.where("aircraft"), piece=number)
    else:
        return True
    return False


def swap(tables: Tables, table: Table, action: Action) -> None:
    """Pass swaps two frontally adjacent aircraft flying in opposite directions (8.6)."""
    table.discards.append("pass")
    pair = action.aircraft if isinstance(action.aircraft, list) else []
    if len(pair) != 2 or any(n not in table.at for n in pair):
        table.rulings.rule("pass.aircraft", "8.6", f"Pass swaps two aircraft on the field, "
                           f"found {action.aircraft}", action.where("aircraft") or action.where())
        return
    a, b = pair
    grid = tables.grid
    nose_to_nose = (tables.starts[a] != tables.starts[b]
                    and (table.at[a][0], table.at[a][1] + tables.heading(a)) == table.at[b]
                    and (table.at[b][0], table.at[b][1] + tables.heading(b)) == table.at[a])
    if not nose_to_nose:
        table.rulings.rule("pass.not-facing", "8.6", f"aircraft {a} ({grid.name(table.at[a])}) "
                           f"and {b} ({grid.name(table.at[b])}) are not frontally adjacent "
                           f"and flying in opposite directions", action.where("aircraft"))
        return
    if table.held & {a, b}:
        held = min(table.held & {a, b})
        table.rulings.rule("pass.held", "8.6", f"aircraft {held} is under a Holding card and "
                           f"may not move", action.where("aircraft"), piece=held)
        return
    before = dict(table.at)
    table.at[a], table.at[b] = before[b], before[a]
    release_passed(tables, table, a, table.at[a])
    release_passed(tables, table, b, table.at[b])


def technical_return(tables: Tables, table: Table, action: Action) -> None:
    """Technical return takes an aircraft off the field to depart again; the card leaves the
    game (8.7); a Holding card on it goes to the discard pile."""
    number = on_field(tables, table, action, "8.7")
    if number is None:
        return
    del table.at[number]
    table.written.pop(number, None)
    if number in table.held:
        table.held.discard(number)
        table.discards.append("holding")


def claim_win(tables: Tables, table: Table, action: Action) -> None:
    """A win is claimed in the claimant's own turn with their four aircraft landed (7)."""
    who = action.player or table.player
    if who != table.player:
        table.rulings.rule("win.not-your-turn", "7.2", f"{who} claims the win in "
                           f"{table.player}'s turn: a Goal card is revealed only in its "
                           f"player's own turn", action.where("player"))
        return
    goal = table.goals.get(who, frozenset())
    missing = sorted(goal - table.landed)
    if missing:
        table.rulings.rule("win.not-landed", "7.1", f"{who}'s goal aircraft "
                           f"{', '.join(map(str, missing))} have not landed",
                           action.where("claim"))
        return
    table.winner, table.won_in = who, table.rulings.turn
