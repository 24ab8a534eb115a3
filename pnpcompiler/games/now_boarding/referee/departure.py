"""The Departure step: draws (and redraws), loading Jets in Gates and Commuters, Jets sent."""

from __future__ import annotations

import difflib
from collections.abc import Collection

from ....core.findings import Location
from .log import Departure, Draw, JetMove, Load
from .state import STEP_NAMES, Game, Jet, Player, judged_as, plane_of


def say(game: Game, code: str, rule: str, message: str, where: Location | None,
        player: str | None, step: int = 0) -> None:
    """Record a ruling prefixed with the day, round and step."""
    game.rulings.rule(code, rule, f"{game.step(step)}: {message}", where, piece=player)


def where_tile_is(game: Game, tile: str) -> str:
    """Return where a tile is, in words, for a finding about a tile drawn or moved."""
    if tile in game.supply:
        return "in the supply"
    if tile in game.lost:
        return "in the Lost pile"
    for p in game.players:
        if tile in p.waiting:
            return f"waiting at {p.name}'s airport {p.waiting[tile]}"
        if tile in p.commuting:
            return f"in {p.name}'s Commuter"
        if any(tile in t.aboard for t in p.trains):
            return f"in {p.name}'s Commuter Train"
        if tile in p.pile:
            return f"in {p.name}'s score pile"
    for jet in game.jets.values():
        if tile in jet.aboard:
            return f"aboard {jet.id}"
    found = game.table.tiles.get(tile)
    if found is not None and found.colour in {p.colour for p in game.players}:
        return f"set aside until City {found.destination} opens"
    return "not in this game"


def draw_rule(game: Game, tile: str) -> str:
    """Return the rule a tile not in the supply breaks: not yet added (1.2, 7.2), lost (4.8),
    scored today (6.5), or in play (3.1)."""
    found = game.table.tiles.get(tile)
    if found is not None and found.colour in {p.colour for p in game.players}:
        day = game.table.tables.day(game.day)
        if day is not None and found.destination not in day.airports:
            return "1.2" if game.day == 1 else "7.2"
    if tile in game.lost:
        return "4.8"
    if any(tile in p.pile for p in game.players):
        return "6.5"
    return "3.1"


def departure(game: Game, entry: Departure) -> None:
    """Play one player's Departure step."""
    player = stand_in(game, entry.player, game.departed, entry.where("player"))
    if player is None:
        return
    game.departed[player.name] = entry.where("jets") or entry.where("player")
    if game.redeye() and entry.draws:
        say(game, "draw.redeye", "6.2", "the Redeye round draws no passengers",
            entry.where("draws"), player.name)
    elif not game.redeye():
        draws(game, player, entry)
    for load in entry.loads:
        board(game, player, load)
    for move in entry.jets:
        send(game, player, move)


def stand_in(game: Game, name: str, heard: Collection[str], where: Location | None,
             step: int = 0) -> Player | None:
    """Return the player a step's entry is judged as, ruling on a name no player has: the
    entry is judged as the step's entry of the player it has not heard from whose name is
    nearest, so a misspelt name is one finding, not one for every tile and Jet that entry
    would have moved (1.1)."""
    player = game.player(name)
    if player is not None:
        return player
    close = judged_as(name, [p.name for p in game.players], heard)
    what = STEP_NAMES[step]
    judged = f" (did you mean {close!r}?); judged as {close}'s {what}" if close else ""
    say(game, "record.player", "1.1", f"no player {name!r} in this game{judged}", where, name,
        step)
    return game.player(close) if close else None


def draws(game: Game, player: Player, entry: Departure) -> None:
    """One draw for each of the player's airports, redrawn while it matches the airport."""
    seen: set[str] = set()
    for draw in entry.draws:
        if draw.airport not in player.airports:
            rule = "7.1" if draw.airport == "C" else "7.2" if draw.airport == "D" else "3.1"
            say(game, "draw.airport", rule, f"{player.name} has no airport {draw.airport} on "
                f"day {game.day}", draw.where("airport"), player.name)
            continue
        if draw.airport in seen:
            say(game, "draw.count", "3.1", f"a second draw for airport {draw.airport}: one "
                "passenger is drawn for each airport", draw.where("airport"), player.name)
            continue
        seen.add(draw.airport)
        draw_one(game, player, draw)
    missing = sorted(set(player.airports) - seen)
    if missing:
        say(game, "draw.count", "3.1", f"expected a draw for each of {player.name}'s airports "
            f"{sorted(player.airports)}, found none for {', '.join(missing)}",
            entry.where("draws") or entry.where("player"), player.name)


def draw_one(game: Game, player: Player, draw: Draw) -> None:
    """Draw a tile and its redraws for one airport; place the last one there."""
    chain = [draw.tile, *draw.redraw]
    for n, tile in enumerate(chain):
        where = draw.where("tile") if n == 0 else draw.where("redraw", n - 1)
        if tile not in game.supply:
            meant = misspelt(game, tile)
            judged = f" (did you mean {meant!r}?); judged as {meant}" if meant else ""
            say(game, "draw.supply", draw_rule(game, tile), f"{tile} cannot be drawn: it is "
                f"{where_tile_is(game, tile)}{judged}", where, player.name)
            if meant is None:
                return
            chain[n] = tile = meant
        passenger = game.table.tiles[tile]
        matches = passenger.colour == player.colour and passenger.destination == draw.airport
        last = n == len(chain) - 1
        if matches and last and not any(
                (t.colour, t.destination) != (player.colour, draw.airport)
                for t in map(game.table.tiles.__getitem__, game.supply)):
            # Every tile left is bound here: it goes back, and the airport waits for none.
            return
        if matches and last:
            say(game, "draw.redraw", "3.3", f"{tile} is bound for {player.name}'s airport "
                f"{draw.airport}, where it was drawn: it goes back and another is drawn",
                where, player.name)
        if not matches and not last:
            say(game, "draw.redraw", "3.3", f"{tile} is not bound for airport {draw.airport}, "
                f"so it stays: nothing is drawn again", draw.where("redraw", n), player.name)
            chain = chain[:n + 1]
            break
    placed = chain[-1]
    game.supply.discard(placed)
    player.waiting[placed] = draw.airport
    game.aging[placed] = 0


def misspelt(game: Game, tile: str) -> str | None:
    """Return the tile in the supply a tile id no tile has was meant as (the nearest id), so
    that a misspelt draw is one finding, not also one for the passenger it leaves behind."""
    if tile in game.table.tiles:
        return None
    close = difflib.get_close_matches(tile, sorted(game.supply), n=1, cutoff=0.8)
    return close[0] if close else None


def capacity(game: Game, jet: Jet) -> int:
    """Return how many passengers the Jet carries."""
    return plane_of(game, jet).capacity


def loading_place(game: Game, jet: Jet) -> bool:
    """Return whether the Jet is where it is loaded: a Gate, or any place but a Runway for a
    plane that needs no Gate (5.9)."""
    return jet.place == "gate" or (not plane_of(game, jet).gate and jet.place == "tarmac")


def board(game: Game, player: Player, load: Load) -> None:
    """Load a waiting passenger into a Jet in a Gate at its airport, or into a Commuter."""
    airport = player.waiting.get(load.tile)
    if airport is None:
        rule = "3.10" if load.into == "commuter" else "3.7"
        say(game, "load.tile", rule, f"{load.tile} is not waiting at {player.name}'s "
            f"airports: it is {where_tile_is(game, load.tile)}", load.where("tile"), player.name)
        return
    if load.into == "commuter-train":
        board_train(game, player, load, airport)
        return
    if load.into == "commuter":
        seats = player.commuters * game.table.tables.planes.commuter.capacity
        if len(player.commuting) >= seats:
            say(game, "load.capacity", "3.8", f"{player.name}'s {player.commuters} Commuter(s) "
                f"hold {seats} passenger(s), already full", load.where("into"), player.name)
        del player.waiting[load.tile]
        player.commuting.append(load.tile)
        return
    jet = game.jets.get(load.into)
    if jet is None:
        say(game, "jet.unknown", "1.3", f"no Jet {load.into!r} in this game",
            load.where("into"), player.name)
        return
    if (jet.holder, jet.airport) != (player.name, airport) or not loading_place(game, jet):
        where = "in a Gate" if plane_of(game, jet).gate else "on the Tarmac"
        say(game, "load.plane", "3.7", f"{load.tile} waits at airport {airport}, and "
            f"{jet.id} is not {where} there ({jet_place(jet)})", load.where("into"),
            player.name)
    elif len(jet.aboard) >= capacity(game, jet):
        say(game, "load.capacity", "3.5", f"{jet.id} holds {capacity(game, jet)} passengers, "
            "already full", load.where("into"), player.name)
    # The passenger is where the record puts it, so one mistake is ruled on once.
    del player.waiting[load.tile]
    jet.aboard.append(load.tile)


def board_train(game: Game, player: Player, load: Load, airport: str) -> None:
    """Load a passenger into a Commuter Train that serves its airport and has room (5.9)."""
    seats = game.table.tables.planes.commuter.capacity
    item = game.table.tables.purchase("commuter-train")
    seats *= item.commuters if item is not None else 1
    serving = [t for t in player.trains if airport in t.between]
    train = next((t for t in serving if len(t.aboard) < seats), None)
    if train is None:
        found = (f"its {len(serving)} Commuter Train(s) there are full" if serving else
                 f"no Commuter Train of theirs serves airport {airport}")
        say(game, "load.plane" if not serving else "load.capacity", "5.9", f"{load.tile} "
            f"waits at {player.name}'s airport {airport}: {found}", load.where("into"),
            player.name)
        if not serving:
            return
        train = serving[0]
    del player.waiting[load.tile]
    train.aboard[load.tile] = airport


def jet_place(jet: Jet) -> str:
    """Return where a Jet is, in words."""
    return f"{jet.place} of {jet.holder}'s airport {jet.airport}"


def send(game: Game, player: Player, move: JetMove) -> None:
    """Send a Jet from a Gate or Tarmac to the player's own Tarmac or another's Runway."""
    jet = game.jets.get(move.jet)
    if jet is None:
        say(game, "jet.unknown", "1.3", f"no Jet {move.jet!r} in this game",
            move.where("jet"), player.name)
        return
    if jet.holder != player.name or jet.place not in ("gate", "tarmac"):
        say(game, "jet.where", "3.11", f"{jet.id} is not in {player.name}'s Gates or on their "
            f"Tarmac: it is on the {jet_place(jet)}", move.where("jet"), player.name)
        return
    if move.to == "tarmac":
        if jet.place != "gate":
            say(game, "jet.where", "3.16", f"{jet.id} is already on the Tarmac: only a Jet in "
                "a Gate moves onto its own Tarmac", move.where("to"), player.name)
        jet.place = "tarmac"
        return
    target = game.player(move.to)
    if target is None:
        say(game, "jet.target", "3.11", f"{jet.id} is sent to no player's hub: no player "
            f"{move.to!r}", move.where("to"), player.name)
        return
    # Each check rules on the move and lets it land as the record says, so what follows is
    # refereed from where the Jet really went.
    if target is player:
        say(game, "jet.target", "3.11", f"{jet.id} is sent to its own player's hub; Jets are "
            "sent to other players' hubs", move.where("to"), player.name)
    else:
        reach = plane_of(game, jet).range
        away = game.seats_away(player, target)
        if away > reach:
            rule = "3.13" if len(game.players) == 3 else "3.12"
            say(game, "jet.range", rule, f"{target.name} is range {away} from {player.name}, "
                f"beyond {jet.id}'s range {reach}", move.where("to"), player.name)
    runway = target.airports.get(move.airport)
    if runway is None or not runway.runway:
        say(game, "jet.runway", "3.14", f"{target.name}'s airport {move.airport} has no "
            "Runway", move.where("airport") or move.where("to"), player.name)
        if runway is None:
            return
    jet.holder, jet.airport, jet.place = target.name, move.airport, "runway"


def end_departure(game: Game) -> None:
    """No Jet may be left in a Gate when the Arrival step begins (3.15): the finding points
    at the Departure entry of the player who left it there."""
    for jet in game.jets.values():
        if jet.place == "gate":
            where = game.departed.get(jet.holder) or game.round_where
            say(game, "jet.in-gate", "3.15", f"{jet.id} is still in a Gate at {jet.holder}'s "
                f"airport {jet.airport} when Arrivals begin", where, jet.holder)
            jet.place = "tarmac"
