"""Team play (12.3): teams of two in a four-player game, two of three or three of two in a
six-player game, no two team-mates side by side, and the highest combined score wins."""

from __future__ import annotations

from collections import Counter

from .log import RaceLog
from .state import Race


def check_teams(race: Race, log: RaceLog) -> None:
    """Report teams against 12.3: the number of players, the team sizes, every player in one
    team, and team-mates never seated next to each other."""
    if not log.teams:
        return
    where, players = log.where("teams"), len(log.players)
    sizes = race.tables.rules.variants.team.teams.get(players)
    members = [p for team in log.teams.values() for p in team]
    lengths = {len(team) for team in log.teams.values()}
    if sizes is None:
        race.rulings.rule("team.players", "12.3", f"team play is for "
                          f"{' or '.join(map(str, race.tables.rules.variants.team.teams))} "
                          f"players; found {players}", where)
    elif Counter(members) != Counter(log.players):
        race.rulings.rule("team.members", "12.3", f"each player is in one team; teams hold "
                          f"{', '.join(members)}", where)
    elif len(lengths) != 1 or lengths.pop() not in sizes:
        race.rulings.rule("team.size", "12.3", f"{players} players play in teams of "
                          f"{' or '.join(map(str, sizes))}, all the same size", where)
    else:
        for name, team in log.teams.items():
            seats = sorted(log.players.index(p) for p in team)
            beside = [i for i in seats if (i + 1) % players in seats]
            if beside:
                first = log.players[beside[0]]
                race.rulings.rule("team.seats", "12.3", f"members of the same team do not sit "
                                  f"next to each other: {first} and "
                                  f"{log.players[(beside[0] + 1) % players]} of {name}",
                                  log.where("teams", name))


def team_table(log: RaceLog, table: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Return each team's combined total and damage, and its latest seat (for ties)."""
    out = {}
    for name, team in log.teams.items():
        out[name] = {"total": sum(table.get(p, {}).get("total", 0) for p in team),
                     "damage": sum(table.get(p, {}).get("damage", 0) for p in team),
                     "seat": max((log.players.index(p) for p in team if p in log.players),
                                 default=0)}
    return out


def finish(race: Race, log: RaceLog, table: dict[str, dict[str, int]]) -> None:
    """Check each team's combined score and the winning team (12.3; ties as 9.3:
    least damage, then the team seated latest in player order, the recorded reading
    team-ties)."""
    assert log.end is not None
    teams = team_table(log, table)
    for name, claimed in log.end.teams.items():
        counted = teams.get(name, {}).get("total")
        if counted != claimed:
            race.rulings.rule("score.team", "12.3", f"team {name} scores {counted} in all, "
                              f"found {claimed}", log.end.where("teams", name))
    best = max(teams, key=lambda t: (teams[t]["total"], -teams[t]["damage"], teams[t]["seat"]))
    if log.end.winner is not None and log.end.winner != best:
        race.rulings.rule("score.winner", "12.3", f"the team with the highest combined total "
                          f"wins: {best}, found {log.end.winner}", log.end.where("winner"))
