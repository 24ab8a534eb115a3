"""The set-up a race log writes before the first turn: the first-player roll (5.3, 6.6), the
machines in turn order (8.1, 12.2) and the draft of pilots, machines and equipment from the
face-up rows, anticlockwise from the first player's right (6.7-6.9, 12.2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .log import DraftRound, RaceLog
from .state import Race

FIRST_PLAYER_DICE = 5
"""5.3, 6.6: each player rolls five dice; the most flying symbols goes first."""
FACE_UP = 6
"""6.7, 6.9: six pilot and six equipment cards are dealt face up."""


def check_setup(race: Race, log: RaceLog) -> None:
    """Report the first-player roll, the turn order and the draft against the rules."""
    check_first_player(race, log)
    check_seats(race, log)
    if log.draft is not None:
        check_picks(race, log)


def check_first_player(race: Race, log: RaceLog) -> None:
    """Replay the first-player roll: the most flying symbols, tied players rolling again."""
    rule = "5.3" if log.mode == "quick-start" else "6.6"
    rolling = list(log.players)
    for r, rolls in enumerate(log.first_player):
        where = log.where("first_player", r)
        if len(rolling) == 1:
            race.rulings.rule("first-player.roll", rule, f"{rolling[0]} had rolled the most "
                              "flying symbols: no more rolls", where)
            return
        if sorted(rolls) != sorted(rolling) or any(len(d) != FIRST_PLAYER_DICE
                                                   for d in rolls.values()):
            race.rulings.rule("first-player.roll", rule, f"{', '.join(rolling)} each roll "
                              f"{FIRST_PLAYER_DICE} dice; found {', '.join(rolls) or 'none'} "
                              f"with {[len(d) for d in rolls.values()]} dice", where)
            return
        flying = {p: race.tables.shown("flying", d) for p, d in rolls.items()}
        best = max(flying.values())
        rolling = [p for p in rolling if flying[p] == best]
    if not log.first_player:
        return
    where = log.where("first_player")
    if len(rolling) > 1:
        race.rulings.rule("first-player.roll", rule, f"{', '.join(rolling)} tie on flying "
                          "symbols and roll again", where)
    elif rolling[0] != log.players[0]:
        race.rulings.rule("first-player.seat", rule, f"{rolling[0]} rolled the most flying "
                          f"symbols and is first player; the record seats {log.players[0]} "
                          "first", log.where("players"))


def check_seats(race: Race, log: RaceLog) -> None:
    """Report machines not listed in turn order: seat by seat from the first player, the two
    players' machines alternating in the two-player game (8.1, 12.2)."""
    players = log.players
    for i, machine in enumerate(log.machines):
        due = players[i % len(players)]
        if machine.player != due:
            rule = "12.2" if len(players) == 2 else "8.1"
            race.rulings.rule("setup.seats", rule, f"machines are listed in turn order: "
                              f"machine {i + 1} is {due}'s, found {machine.player}'s",
                              log.where("machines", i), piece=machine.dashboard)
            return


def pickers(order: list[str], wants: Counter[str]) -> Iterator[str]:
    """Return who picks next, going round the order and passing those with all they need."""
    left = Counter(wants)
    while sum(left.values()) > 0:
        for player in order:
            if left[player] > 0:
                left[player] -= 1
                yield player


def check_picks(race: Race, log: RaceLog) -> None:
    """Replay the draft: each part's picks in order from its face-up row, and what each
    player ends up with against the record's machines (6.7-6.9, 12.2)."""
    draft = log.draft
    assert draft is not None
    if log.mode == "quick-start":
        race.rulings.rule("draft.quick-start", "5.2", "the quick start flies the preset "
                          "sides: there is no draft", log.where("draft"))
        return
    mine: dict[str, dict[str, list[str]]] = {p: {"pilots": [], "machines": [], "equipment": []}
                                             for p in log.players}
    slots: Counter[str] = Counter()
    for machine in log.machines:
        held = mine.setdefault(machine.player, {"pilots": [], "machines": [], "equipment": []})
        held["pilots"].append(machine.pilot)
        held["machines"].append(machine.dashboard)
        held["equipment"] += machine.equipment
        board = race.tables.boards.get(machine.dashboard)
        slots[machine.player] += board.equipment_slots if board else len(machine.equipment)
    seats = Counter(m.player for m in log.machines)
    parts = (("pilots", draft.pilots, seats, "6.7", race.tables.pilots),
             ("machines", draft.machines, seats, "6.8", race.tables.boards),
             ("equipment", draft.equipment, slots, "6.9", race.tables.equipment))
    for name, part, wants, rule, cards in parts:
        # One mistake, one finding: picks that went wrong are not compared with the machines.
        if part is not None and check_part(race, log, name, part, wants, rule, set(cards)):
            for player, held in mine.items():
                picked = [p.card for p in part.picks if p.player == player]
                if Counter(picked) != Counter(held[name]):
                    race.rulings.rule("draft.result", rule, f"{player} picked "
                                      f"{', '.join(picked) or 'nothing'}; the machines show "
                                      f"{', '.join(held[name])}", log.where("draft", name))


def check_part(race: Race, log: RaceLog, name: str, part: DraftRound, wants: Counter[str],
               rule: str, cards: set[str]) -> bool:
    """Check one part of the draft: its face-up row, whose pick each is, and that each card
    picked lies face up (a dealt card fills its place); return whether it went right."""
    rows = name != "machines"
    where = log.where("draft", name)
    row = list(part.display) if rows else sorted(cards)
    if rows and (len(row) != FACE_UP or len(set(row)) != FACE_UP or not set(row) <= cards):
        race.rulings.rule("draft.display", rule, f"{FACE_UP} different cards are dealt face "
                          f"up; found {', '.join(row) or 'none'}", log.where("draft", name,
                                                                             "display"))
        return False
    # 6.7-6.9: anticlockwise from the first player's right is the seats in reverse; 12.2's
    # second player first is the same for two.
    due = pickers(list(reversed(log.players)), wants)
    seen = set(row)
    for i, pick in enumerate(part.picks):
        at = log.where("draft", name, "picks", i)
        player = next(due, None)
        if pick.player != player:
            race.rulings.rule("draft.order", rule, f"pick {i + 1} is "
                              f"{player or 'nobody'}'s (anticlockwise from the first "
                              f"player's right); found {pick.player}", at)
            return False
        if pick.card not in row:
            race.rulings.rule("draft.display", rule, f"{pick.card} is not face up; the row "
                              f"shows {', '.join(row)}", at)
            return False
        row.remove(pick.card)
        if rows and pick.dealt is not None:
            if pick.dealt in seen or pick.dealt not in cards:
                race.rulings.rule("draft.display", rule, f"{pick.dealt} cannot be dealt from "
                                  "the deck: it has been face up already or is no card", at)
                return False
            row.append(pick.dealt)
            seen.add(pick.dealt)
    missing = next(due, None)
    if missing is not None:
        race.rulings.rule("draft.order", rule, f"the draft stops before {missing}'s pick",
                          where)
        return False
    return True
