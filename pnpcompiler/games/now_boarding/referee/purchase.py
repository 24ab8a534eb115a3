"""The Purchase step, the end of a day (buying until nothing is affordable, the reshuffle, the
next city) and the end of the game (why, totals, score, tier)."""

from __future__ import annotations

from math import ceil

from .departure import say, stand_in
from .log import Buy, End, Purchase
from .state import Airport, Game, Jet, Player, Train, next_round, runs_out


def purchase(game: Game, entry: Purchase) -> None:
    """Play one player's Purchase step: each item, then the payment (5.1)."""
    heard = game.heard.setdefault("purchase", set())
    player = stand_in(game, entry.player, heard, entry.where("player"), 2)
    if player is None:
        return
    heard.add(player.name)
    price = sum(buy_one(game, player, buy) for buy in entry.buy)
    paid = written = 0
    for n, tile in enumerate(entry.paid):
        passenger = game.table.tiles.get(tile)
        written += passenger.value if passenger is not None else 0
        if not player.pile.get(tile, False):
            found = "spent already" if tile in player.pile else "not in their score pile"
            say(game, "pay.face-up", "5.1", f"{tile} cannot pay: {player.name} pays with "
                f"face-up passengers of their score pile, and it is {found}",
                entry.where("paid", n), player.name, 2)
            game.paid_wrong.add(player.name)
            continue
        player.pile[tile] = False
        paid += game.table.tiles[tile].value
    # A payment short only by the passengers that could not pay is that one finding.
    if written < price:
        say(game, "pay.short", "5.1", f"{player.name} buys ${price} of items and pays ${paid}",
            entry.where("paid") or entry.where("buy"), player.name, 2)
        game.paid_wrong.add(player.name)


def buy_one(game: Game, player: Player, buy: Buy) -> int:
    """Place one item; return its price (0 when it is not for sale here)."""
    item = game.table.tables.purchase(buy.item)
    if item is None:
        say(game, "buy.item", "5.1", f"no item {buy.item!r} for sale",
            buy.where("item"), player.name, 2)
        return 0
    if item.optional and item.id not in game.table.optional:
        say(game, "buy.optional", "5.9", f"{item.name} is one of the additional ideas, not "
            "turned on in this game's header", buy.where("item"), player.name, 2)
        return 0
    placed = PLACE.get(item.id, place_plane)(game, player, buy)
    return item.price if placed else 0


def refuse(game: Game, player: Player, buy: Buy, rule: str, message: str) -> bool:
    """Rule that an item cannot be placed as the record says; return False."""
    say(game, f"buy.{buy.item}", rule, message, buy.where("item"), player.name, 2)
    return False


def own_airport(player: Player, buy: Buy) -> Airport | None:
    """Return the player's airport the item goes to."""
    return player.airports.get(buy.at) if buy.at else None


def airport_for(game: Game, player: Player, buy: Buy, rule: str, goes: str) -> Airport | None:
    """Return the player's airport the item goes to, or rule that it ``goes`` nowhere of
    theirs (e.g. "a Gate goes to") and return None."""
    airport = own_airport(player, buy)
    if airport is None:
        refuse(game, player, buy, rule, f"{goes} one of {player.name}'s airports, found {buy.at}")
    return airport


def place_voucher(game: Game, player: Player, buy: Buy) -> bool:
    """Turn one of the player's aged passengers back 90 degrees (5.2)."""
    tile = buy.tile or ""
    mine = tile in player.waiting or tile in player.commuting or any(
        tile in j.aboard for j in game.jets.values() if j.holder == player.name) or any(
        tile in t.aboard for t in player.trains)
    if not mine or game.aging.get(tile, 0) == 0:
        why = "has not aged" if mine else "is not with this player"
        return refuse(game, player, buy, "5.2", f"a Voucher turns back one of "
                      f"{player.name}'s aged passengers: {tile} {why}")
    game.aging[tile] -= 1
    return True


def place_concession(game: Game, player: Player, buy: Buy) -> bool:
    """Place a Concession at one of the player's airports (5.3)."""
    airport = airport_for(game, player, buy, "5.3", "a Concession goes to")
    if airport is None:
        return False
    airport.concessions += 1
    return True


def place_commuter(game: Game, player: Player, buy: Buy) -> bool:
    """Add a Commuter (5.4)."""
    player.commuters += 1
    return True


def place_commuter_train(game: Game, player: Player, buy: Buy) -> bool:
    """Add a Commuter Train between two adjacent airports of the player (5.9; rules.yaml's
    train-adjacent reading: A-B, B-C or C-D)."""
    between = sorted(buy.between or [])
    if (len(between) != 2 or any(a not in player.airports for a in between)
            or "".join(between) not in "ABCD"):
        return refuse(game, player, buy, "5.9", f"a Commuter Train runs between two adjacent "
                      f"airports of {player.name}'s ({', '.join(sorted(player.airports))}), "
                      f"found {'-'.join(between) or 'none'}")
    player.trains.append(Train((between[0], between[1])))
    return True


def place_gate(game: Game, player: Player, buy: Buy) -> bool:
    """Add a Gate to one of the player's airports (5.5)."""
    airport = airport_for(game, player, buy, "5.5", "a Gate goes to")
    if airport is None:
        return False
    airport.gates += 1
    return True


def place_upgrade(game: Game, player: Player, buy: Buy) -> bool:
    """Turn one of the player's Jets to its back side (5.6)."""
    jet = game.jets.get(buy.jet or "")
    if jet is None or jet.holder != player.name or jet.upgraded or jet.kind != "jet":
        why = ("is upgraded already" if jet and jet.upgraded else "has no back side"
               if jet and jet.kind != "jet" else "is not with this player")
        return refuse(game, player, buy, "5.6", f"Upgrade Jet turns one of {player.name}'s "
                      f"Jets: {buy.jet} {why}")
    jet.upgraded = True
    return True


def place_plane(game: Game, player: Player, buy: Buy) -> bool:
    """Add a New Jet (5.7), or an optional plane (5.9), to the Tarmac of one of the
    airports."""
    rule = "5.7" if buy.item == "new-jet" else "5.9"
    if airport_for(game, player, buy, rule, "a new plane goes to the Tarmac of") is None:
        return False
    if not buy.jet or buy.jet in game.jets:
        return refuse(game, player, buy, rule, f"a new plane needs a name no Jet has, found "
                      f"{buy.jet!r}")
    kind = "jet" if buy.item == "new-jet" else buy.item
    game.jets[buy.jet] = Jet(buy.jet, player.name, buy.at or "A", "tarmac", kind=kind)
    return True


def place_hub(game: Game, player: Player, buy: Buy) -> bool:
    """Upgrade a City into a Hub: a Gate and a Runway (5.8)."""
    airport = own_airport(player, buy)
    if airport is None or buy.at == "A" or airport.runway:
        return refuse(game, player, buy, "5.8", f"expected one of {player.name}'s Cities "
                      f"without a Runway, found {buy.at}"
                      + (" (the International Hub)" if buy.at == "A" else ""))
    airport.runway = True
    airport.gates += 1
    return True


PLACE = {"voucher": place_voucher, "concession": place_concession,
         "commuter": place_commuter, "gate": place_gate, "upgrade-jet": place_upgrade,
         "new-jet": place_plane, "hub": place_hub, "commuter-train": place_commuter_train}


def cheapest(game: Game, player: Player) -> int | None:
    """Return the price of the cheapest item the player could still place, if any."""
    prices = []
    for item in game.table.tables.purchases:
        if item.optional and item.id not in game.table.optional:
            continue
        if item.id == "voucher" and not any(game.aging.get(t, 0) for t in player.waiting):
            continue
        if item.id == "upgrade-jet" and not any(j.holder == player.name and not j.upgraded
                                                and j.kind == "jet" for j in game.jets.values()):
            continue
        if item.id == "hub" and all(a.runway for k, a in player.airports.items()):
            continue
        prices.append(item.price)
    return min(prices, default=None)


def end_day(game: Game) -> None:
    """At the day's end: buy until nothing is affordable (6.4), shuffle the score piles back
    (6.5, not after the last day: game.yaml's day-end-reshuffle), open the next city."""
    tables = game.table.tables
    for player in game.players:
        money = sum(game.table.tiles[t].value for t, up in player.pile.items() if up)
        price = cheapest(game, player)
        if price is not None and money >= price and player.name not in game.paid_wrong:
            say(game, "day.afford", "6.4", f"{player.name} ends the day with ${money} face up "
                f"and could still buy a ${price} item", game.round_where, player.name, 2)
    game.days_played = game.day
    game.paid_wrong.clear()
    following = tables.day(game.day + 1)
    if following is None or game.over:
        return
    for player in game.players:
        game.supply.update(player.pile)
        player.pile.clear()
        for letter in following.airports:
            if letter not in player.airports:
                player.airports[letter] = Airport()
                game.supply.update(t.id for t in game.table.tiles.values()
                                   if t.colour == player.colour and t.destination == letter)


def check_losses(game: Game) -> None:
    """Advanced variant: more than twice as many Lost as players ends the game (8.1)."""
    limit = game.table.tables.advanced_loss_factor * len(game.players)
    if game.table.advanced and not game.over and len(game.lost) > limit:
        game.over = "advanced-loss"


def totals(game: Game) -> dict[str, int]:
    """Return each player's score pile total, face up and face down (8.3)."""
    return {p.name: sum(game.table.tiles[t].value for t in p.pile) for p in game.players}


def final_score(game: Game) -> int:
    """Return the players' totals added, divided by the players, rounded up (8.3)."""
    return ceil(sum(totals(game).values()) / len(game.players))


def end_game(game: Game, end: End) -> None:
    """Check the record's end: why, each total, the score and the tier."""
    days = len(game.table.tables.schedule.days)
    reason = game.over or ("day-3" if game.days_played == days else None)
    if reason is None and game.round and runs_out(game, next_round(game)):
        reason = "tiles-ran-out"
    if reason != end.reason:
        rule = "8.1" if "advanced-loss" in (reason, end.reason) else "8.2"
        found = reason or f"no end: the record stops on day {game.day} round {game.round}"
        game.rulings.rule("end.reason", rule, f"the record ends the game by {end.reason}, the "
                          f"play by {found}", end.where("reason"))
    for name, claimed in (end.totals or {}).items():
        total = totals(game).get(name)
        if total is None:
            game.rulings.rule("end.total", "8.3", f"no player {name!r} in this game",
                              end.where("totals", name))
        elif total != claimed:
            game.rulings.rule("end.total", "8.3", f"{name}'s score pile adds up to {total}, "
                              f"the record says {claimed}", end.where("totals", name))
    if reason == "advanced-loss":
        lost_game(game, end)
        return
    score = final_score(game)
    if end.score is not None and end.score != score:
        game.rulings.rule("end.score", "8.3", f"the final score is {score} (the totals, "
                          f"{sum(totals(game).values())}, over {len(game.players)} players, "
                          f"rounded up), the record says {end.score}", end.where("score"))
    tier = game.table.tables.tier(score)
    if end.tier is not None and end.tier != tier:
        game.rulings.rule("end.tier", "8.4", f"a score of {score} is {tier}, the record says "
                          f"{end.tier}", end.where("tier"))


def lost_game(game: Game, end: End) -> None:
    """A game lost in the advanced variant has neither final score nor tier (8.1)."""
    lost = f"the players lost ({len(game.lost)} passengers in the Lost pile): the game has no"
    if end.score is not None:
        game.rulings.rule("end.score", "8.1", f"{lost} score, the record says {end.score}",
                          end.where("score"))
    if end.tier is not None:
        game.rulings.rule("end.tier", "8.1", f"{lost} tier, the record says {end.tier}",
                          end.where("tier"))
