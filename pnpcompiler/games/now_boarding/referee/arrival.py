"""The Arrival step: Jets from Runways to Tarmacs to Gates, de-boarding, then each passenger
scores or ages (derived from where it is, never taken from the record), and the Redeye's
losses."""

from __future__ import annotations

from collections import Counter

from .departure import loading_place, say, stand_in, where_tile_is
from .log import Arrival, Deboard
from .state import Game, Player, plane_of


def start_arrival(game: Game) -> None:
    """Move every Jet from its Runway to the Tarmac of the same airport (4.1)."""
    for jet in game.jets.values():
        if jet.place == "runway":
            jet.place = "tarmac"


def arrival(game: Game, entry: Arrival) -> None:
    """Play one player's Arrival step."""
    heard = game.heard.setdefault("arrival", set())
    player = stand_in(game, entry.player, heard, entry.where("player"), 1)
    if player is None:
        return
    heard.add(player.name)
    into_gates(game, player, entry)
    deboard(game, player, entry)
    kept = concessions(game, player, entry)
    scored, lost = score_or_age(game, player, kept)
    late = day_losses(game, player) if game.redeye() else []
    check_claims(game, player, entry, scored, lost + late, set(late))


def into_gates(game: Game, player: Player, entry: Arrival) -> None:
    """Move the named Jets from the player's Tarmac into Gates, one Jet a Gate (4.2)."""
    for n, name in enumerate(entry.gates):
        jet = game.jets.get(name)
        if jet is None or jet.holder != player.name or jet.place != "tarmac":
            found = "no such Jet" if jet is None else f"on the {jet.place} of {jet.holder}'s " \
                f"airport {jet.airport}"
            say(game, "gate.jet", "4.2", f"{name} is not on {player.name}'s Tarmac ({found})",
                entry.where("gates", n), player.name, 1)
            continue
        used = sum(1 for j in game.jets.values() if j.holder == player.name
                   and j.airport == jet.airport and j.place == "gate")
        gates = player.airports[jet.airport].gates
        if used >= gates * game.table.tables.planes.gate_holds:
            say(game, "gate.full", "4.2", f"{player.name}'s airport {jet.airport} has {gates} "
                f"Gate(s), all taken: {name} waits on the Tarmac", entry.where("gates", n),
                player.name, 1)
        jet.place = "gate"


def deboard(game: Game, player: Player, entry: Arrival) -> None:
    """Passengers in Jets in Gates and in Commuters de-board into the player's airports."""
    for jet in game.jets.values():
        if jet.holder == player.name and loading_place(game, jet):
            for tile in jet.aboard:
                player.waiting[tile] = jet.airport
            jet.aboard.clear()
    chosen = {d.tile: d for d in entry.deboard}
    deboard_trains(game, player, entry, chosen)
    for tile in player.commuting:
        passenger = game.table.tiles[tile]
        home = passenger.colour == player.colour and passenger.destination in player.airports
        airport = passenger.destination if home else "A"
        if tile in chosen:
            airport = chosen.pop(tile).to
            if airport not in player.airports:
                say(game, "deboard.airport", "4.4", f"{tile} de-boards a Commuter into "
                    f"{player.name}'s airport {airport}, which they do not have",
                    entry.where("deboard"), player.name, 1)
                airport = "A"
        player.waiting[tile] = airport
    player.commuting.clear()
    for tile, left in chosen.items():
        say(game, "deboard.airport", "4.4", f"{tile} was not in {player.name}'s Commuters: it "
            f"is {where_tile_is(game, tile)}", left.where("tile"), player.name, 1)


def deboard_trains(game: Game, player: Player, entry: Arrival,
                   chosen: dict[str, Deboard]) -> None:
    """Commuter Train passengers de-board into one of its two airports: the one chosen, else
    their destination there, else the other end from where they boarded (5.9)."""
    for train in player.trains:
        for tile, boarded in train.aboard.items():
            passenger = game.table.tiles[tile]
            other = train.between[1] if boarded == train.between[0] else train.between[0]
            home = passenger.colour == player.colour and passenger.destination in train.between
            airport = passenger.destination if home else other
            if tile in chosen:
                airport = chosen.pop(tile).to
                if airport not in train.between:
                    say(game, "deboard.airport", "5.9", f"{tile} de-boards a Commuter Train "
                        f"into airport {airport}; it serves only {' and '.join(train.between)}",
                        entry.where("deboard"), player.name, 1)
                    airport = boarded
            player.waiting[tile] = airport
        train.aboard.clear()


def concessions(game: Game, player: Player, entry: Arrival) -> set[str]:
    """Return the passengers Concessions keep from aging: 1 a round per Concession (5.3)."""
    kept: set[str] = set()
    used: Counter[str] = Counter()
    for n, tile in enumerate(entry.concessions):
        airport = player.waiting.get(tile)
        if airport is None or used[airport] >= player.airports[airport].concessions:
            found = (f"airport {airport} has {player.airports[airport].concessions} "
                     "Concession(s), already used" if airport else where_tile_is(game, tile))
            say(game, "concession.use", "5.3", f"no Concession keeps {tile} from aging: "
                f"{found}", entry.where("concessions", n), player.name, 1)
            continue
        used[airport] += 1
        kept.add(tile)
    return kept


def age(game: Game, tile: str) -> bool:
    """Turn a passenger 90 degrees clockwise; return True when it went off its red side."""
    aged = game.aging.get(tile, 0)
    if aged >= game.table.tiles[tile].patience():
        return True
    game.aging[tile] = aged + 1
    return False


def score_or_age(game: Game, player: Player, kept: set[str]) -> tuple[list[str], list[str]]:
    """Score each passenger at its destination (4.5); age every other one, on Tarmacs too
    (4.6, 4.7); one aged off its red side is Lost (4.8). Return (scored, lost)."""
    scored, lost = [], []
    for tile, airport in list(player.waiting.items()):
        passenger = game.table.tiles[tile]
        if passenger.colour == player.colour and passenger.destination == airport:
            del player.waiting[tile]
            player.pile[tile] = True
            scored.append(tile)
        elif tile not in kept and age(game, tile):
            del player.waiting[tile]
            lost.append(tile)
    for jet in game.jets.values():
        # A Private Jet's passengers do not age aboard (5.9).
        if jet.holder == player.name and jet.place == "tarmac" and plane_of(game, jet).ages:
            for tile in list(jet.aboard):
                if age(game, tile):
                    jet.aboard.remove(tile)
                    lost.append(tile)
    game.lost += lost
    return scored, lost


def day_losses(game: Game, player: Player) -> list[str]:
    """Passengers not at their destination by the Redeye's Arrival are Lost (6.3)."""
    gone = list(player.waiting) + list(player.commuting)
    player.waiting.clear()
    player.commuting.clear()
    for train in player.trains:
        gone += train.aboard
        train.aboard.clear()
    for jet in game.jets.values():
        if jet.holder == player.name:
            gone += jet.aboard
            jet.aboard.clear()
    game.lost += gone
    return gone


def check_claims(game: Game, player: Player, entry: Arrival, scored: list[str],
                 lost: list[str], late: set[str]) -> None:
    """Compare the passengers the record says scored and were lost with the derived ones."""
    if entry.scored is not None:
        for n, tile in enumerate(entry.scored):
            if tile not in scored:
                on_tarmac = any(tile in j.aboard and j.place == "tarmac"
                                for j in game.jets.values())
                rule = "4.6" if on_tarmac else "4.5"
                say(game, "score.claim", rule, f"{tile} does not score: it is "
                    f"{where_tile_is(game, tile)}, not at its destination", entry.where(
                        "scored", n), player.name, 1)
        for tile in scored:
            if tile not in entry.scored:
                say(game, "score.missed", "4.5", f"{tile} is at its destination and scores, "
                    "but the record leaves it out", entry.where("scored"), player.name, 1)
    if entry.lost is not None:
        for n, tile in enumerate(entry.lost):
            if tile not in lost:
                say(game, "lost.claim", "4.8", f"{tile} is not lost: it is "
                    f"{where_tile_is(game, tile)} (aged {game.aging.get(tile, 0)} of "
                    f"{game.table.tiles[tile].patience()} times)" if tile in game.table.tiles
                    else f"no passenger {tile!r}", entry.where("lost", n), player.name, 1)
        for tile in lost:
            if tile not in entry.lost:
                rule = "6.3" if tile in late else "4.8"
                say(game, "lost.missed", rule, f"{tile} is lost, but the record leaves it out",
                    entry.where("lost"), player.name, 1)
