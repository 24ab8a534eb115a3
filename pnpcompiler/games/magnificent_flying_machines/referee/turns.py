"""Turns and the end of the race: turn order (8.1), fuel and the luck token at the end of a
turn (8.4.1, 8.3), the game end by player count (9.1, 12.2) and the scores (9.2, 9.3)."""

from __future__ import annotations

from collections import Counter

from ..flight import fuel_spent
from . import teams
from .cargo import undelivered
from .log import RaceLog, Turn
from .rolls import FINAL_ACTIONS
from .state import Flyer, Race, TurnState


def start(race: Race, turn: Turn, following: str | None = None) -> None:
    """Begin a machine's turn: it must be that machine's turn and the race not over.

    ``following`` is the machine the record names on the next turn: a turn naming another
    machine than the one due is judged as the due machine's when the record goes on from
    the due machine (a wrong name), else as the named machine's (a turn left out or played
    out of order); either way one finding, the turns after it judged from it."""
    race.rulings.turn = race.turns + 1
    race.current = None
    due = race.due()
    if race.over:
        # One finding for the turns after the end; they are not played, so not scored.
        if race.rulings.once("game.over"):
            race.rulings.rule("game.over", "9.1", "the race had ended: every machine "
                              "owed one more turn had taken it", turn.where("machine"),
                              piece=turn.machine)
        return
    flyer = race.flyers.get(turn.machine)
    if flyer is None:
        # One finding for a misspelt name: the turn is judged as the turn of the machine
        # whose turn it is, not dropped (its every action would be outside any turn, and
        # the race one turn short).
        race.rulings.rule("turn.machine", "8.1", f"no machine {turn.machine!r} races; "
                          f"machines: {', '.join(race.order)}; judged as {due}'s turn, whose "
                          "turn it is", turn.where("machine"))
        flyer = race.flyers[due]
    elif turn.machine != due:
        misnamed = following is not None and following == race.after(due)
        judged = (f"; judged as {due}'s turn, as the next turn is {following}'s" if misnamed
                  else "")
        race.rulings.rule("turn.order", "8.1", f"turns go round the table in order: it is "
                          f"{due}'s turn, found {turn.machine}{judged}", turn.where("machine"),
                          piece=turn.machine)
        if misnamed:
            flyer = race.flyers[due]
    race.played = flyer.name
    race.current = TurnState(flyer, start_altitude=flyer.altitude)
    race.current.points_before = sum(flyer.points.values())


def end(race: Race, turn: Turn) -> None:
    """End the turn: fuel for the tiles crossed, the luck token, the game end's count."""
    now = race.current
    race.turns += 1
    if now is None:
        return
    flyer, piece = now.flyer, now.flyer.name
    if now.forced_landing:
        race.rulings.rule("landing.forced", "8.3", "a forced landing test was not taken",
                          turn.where("phases"), piece=piece)
    # Flying on needed the fuel (8.3); damage taken since may have emptied the gauge.
    flyer.fuel = max(0, flyer.fuel - fuel_spent(now.crossed, race.tables.rules.fuel))
    if turn.fuel is not None and turn.fuel != flyer.fuel:
        race.rulings.rule("fuel.end", "8.4.1", f"expected {flyer.fuel} fuel cubes on the gauge "
                          f"after crossing {now.crossed} tiles, found {turn.fuel}",
                          turn.where("fuel"), piece=piece)
    progress = (now.progress or now.crossed > 0 or flyer.altitude > now.start_altitude
                or sum(flyer.points.values()) > now.points_before)
    on_runway = flyer.finished and any(p.action in FINAL_ACTIONS for p in turn.phases)
    earned = not progress and not on_runway
    if earned:
        flyer.luck += 1
    if turn.luck is not None and turn.luck != earned:
        race.rulings.rule("luck.token", "8.3", f"a machine that makes no progress in a turn "
                          f"takes a luck token: expected {'one' if earned else 'none'}",
                          turn.where("luck"), piece=piece)
    count_down(race, flyer)
    race.current = None


def count_down(race: Race, flyer: Flyer) -> None:
    """Start the end once enough machines have landed on the final airfield, then count the
    one more turn each machine still on the course takes (9.1, 12.2)."""
    race.last_turns = owed(race, flyer)
    if race.last_turns is not None and not race.last_turns:
        race.over = True


def owed(race: Race, flyer: Flyer) -> set[str] | None:
    """Return the machines still owed their one more turn once this machine's turn ends
    (9.1, 12.2): None until enough machines have landed on the final airfield."""
    if race.last_turns is not None:
        return race.last_turns - {flyer.name}
    players = len(race.players)
    if players == 2:
        # 12.2: the end comes once a player has landed both machines.
        landed = [f.machine.player for f in race.flyers.values() if f.finished]
        if len(landed) < 2:
            return None
        done = {player for player, n in Counter(landed).items() if n >= 2}
        return {f.name for f in race.flyers.values()
                if f.machine.player not in done} if done else None
    left = {f.name for f in race.flyers.values() if not f.finished}
    return left if len(left) <= race.tables.rules.machines.get(players, 1) else None


def ends_race(race: Race, flyer: Flyer) -> bool:
    """Return whether the race is over once this machine's turn ends (9.1)."""
    left = owed(race, flyer)
    return race.over or (left is not None and not left)


def scores(race: Race) -> dict[str, dict[str, int]]:
    """Return each player's points by kind, damage, undelivered special cargo (10.2.1) and
    total (9.2)."""
    out: dict[str, dict[str, int]] = {}
    for flyer in race.flyers.values():
        mine = out.setdefault(flyer.machine.player, {"damage": 0, "total": 0})
        for kind, n in flyer.points.items():
            mine[kind] = mine.get(kind, 0) + n
        mine["damage"] += flyer.total_damage
        penalty = undelivered(race, flyer)
        if penalty:
            mine["undelivered special cargo"] = mine.get("undelivered special cargo", 0) - penalty
        mine["total"] += sum(flyer.points.values()) - flyer.total_damage - penalty
    return out


def winner(race: Race, table: dict[str, dict[str, int]]) -> str | None:
    """Return the winner: most points, then least damage, then reverse player order."""
    if not table:
        return None
    seats = {p: i for i, p in enumerate(race.players)}
    return max(table, key=lambda p: (table[p]["total"], -table[p]["damage"], seats.get(p, 0)))


def finish(race: Race, log: RaceLog) -> None:
    """Check the end of the race and the scores and winner the players counted."""
    race.rulings.turn = race.turns
    if not race.over:
        race.rulings.rule("game.unfinished", "9.1", "the record ends before the race "
                          "does: the end comes once the machines left on the course have "
                          "each taken one more turn", log.where("turns"))
    if log.end is None:
        return
    table = scores(race)
    left_out = [p for p in race.players if p in table and p not in log.end.scores]
    if left_out:
        race.rulings.rule("score.missing", "9.2", f"every player adds up their victory "
                          f"points: no score written for {', '.join(left_out)}",
                          log.end.where("scores") or log.where("end"))
    for player, claimed in log.end.scores.items():
        counted = table.get(player, {}).get("total")
        if counted != claimed and (counted is None
                                   or claimed != counted - race.unscored.get(player, 0)):
            race.rulings.rule("score.total", "9.2", f"{player} scores {counted}, "
                              f"found {claimed}", log.end.where("scores", player),
                              piece=player)
    if log.teams:
        teams.finish(race, log, table)
        return
    best = winner(race, table)
    if log.end.winner is not None and log.end.winner != best:
        race.rulings.rule("score.winner", "9.3", f"the winner is {best} (most points, "
                          f"then least damage, then reverse player order), found "
                          f"{log.end.winner}", log.end.where("winner"))
