"""Bots that play Now Boarding through the referee's engine, and write what they play as a
round record the referee accepts.

Each bot fills in a player's steps from the state: ``random`` makes random legal choices,
``heuristic`` sends passengers towards their colour's hub, moves them home by Commuter, and
buys Gates, Commuters and upgrades with its takings. Draws come from a seeded shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .model import Passenger
from .referee.arrival import concessions, day_losses, deboard, into_gates, score_or_age
from .referee.engine import EndDay, EndDeparture, NowBoardingEngine, StartRound
from .referee.log import (
    Arrival,
    Buy,
    Deboard,
    Departure,
    Draw,
    End,
    JetMove,
    Load,
    Purchase,
    RoundLog,
    Seat,
)
from .referee.purchase import final_score, totals
from .referee.state import Game, Jet, Player, plane_of

STYLES = ("random", "heuristic")
SHOPPING = {"commuter": 0, "gate": 1, "upgrade-jet": 2, "new-jet": 3, "hub": 4,
            "concession": 5}
"""The heuristic bot's order of wants in a Purchase step."""


@dataclass
class Bot:
    """A way of playing each player's steps; ``rng`` is the game's seeded chance."""

    style: str
    rng: random.Random

    def departure(self, game: Game, player: Player) -> Departure:
        """Return the player's Departure step: draws, loads, Jets sent."""
        draws = [] if game.redeye() else self.draw(game, player)
        loads: list[Load] = []
        waiting = {**player.waiting, **{(d.redraw or [d.tile])[-1]: d.airport for d in draws}}
        plan = self.plan(game, player, waiting)
        for tile, airport in sorted(waiting.items(), key=lambda w: self.urgency(game, w[0])):
            into = self.load_into(game, player, tile, airport, loads, plan)
            if into is not None:
                loads.append(Load(tile=tile, into=into))
        jets = [JetMove(jet=jet.id, to=self.fly_to(game, player, jet, loads, plan))
                for jet in sorted(game.jets.values(), key=lambda j: j.id)
                if jet.holder == player.name and jet.place == "gate"]
        if self.style == "heuristic":
            # A Jet left on a Tarmac (its Gate was taken) flies its passengers on.
            jets += [JetMove(jet=jet.id, to=self.fly_to(game, player, jet, loads, plan))
                     for jet in sorted(game.jets.values(), key=lambda j: j.id)
                     if jet.holder == player.name and jet.place == "tarmac" and jet.aboard]
            jets = [move for move in jets if not (move.to == "tarmac" and game.jets[
                move.jet].place == "tarmac")]
        return Departure(player=player.name, draws=draws, loads=loads, jets=jets)

    def plan(self, game: Game, player: Player, waiting: dict[str, str]) -> dict[str, Player]:
        """Return where each Jet in a Gate will fly (heuristic): to the hub in range that
        brings the most value of the passengers waiting there nearer home, the more urgent
        counting more."""
        out: dict[str, Player] = {}
        if self.style != "heuristic":
            return out
        for jet in game.jets.values():
            if jet.holder != player.name or jet.place != "gate":
                continue
            reach = plane_of(game, jet).range
            targets = [p for p in game.players if p is not player
                       and game.seats_away(player, p) <= reach]
            riders = [game.table.tiles[t] for t, a in waiting.items() if a == jet.airport
                      and game.table.tiles[t].colour != player.colour]
            gains = {p.name: gain(game, player, p, riders) for p in targets}
            best = max(targets, key=lambda p: (gains[p.name], -p.seat), default=None)
            if best is not None and gains[best.name] > 0:
                out[jet.id] = best
        return out

    def urgency(self, game: Game, tile: str) -> tuple[int, int, str]:
        """Return a passenger's place in the boarding order: the fewest agings left first,
        then the higher value (the random bot keeps the tiles' order)."""
        if self.style == "random":
            return (0, 0, tile)
        passenger = game.table.tiles[tile]
        return (passenger.patience() - game.aging.get(tile, 0), -passenger.value, tile)

    def draw(self, game: Game, player: Player) -> list[Draw]:
        """Draw one tile for each airport at random, again while it matches the airport."""
        out: list[Draw] = []
        for airport in sorted(player.airports):
            chain: list[str] = []
            # A tile drawn again goes back face down; only the tiles kept leave the supply.
            pool = sorted(game.supply - {(d.redraw or [d.tile])[-1] for d in out})
            while pool:
                tile = self.rng.choice(pool)
                chain.append(tile)
                pool.remove(tile)
                passenger = game.table.tiles[tile]
                if not (passenger.colour == player.colour
                        and passenger.destination == airport):
                    break
            if chain:
                out.append(Draw(airport=airport, tile=chain[0], redraw=chain[1:]))
        return out

    def load_into(self, game: Game, player: Player, tile: str, airport: str,
                  loads: list[Load], plan: dict[str, Player]) -> str | None:
        """Return the plane a waiting passenger boards, if any."""
        passenger = game.table.tiles[tile]
        home = passenger.colour == player.colour
        if home and passenger.destination == airport:
            return None
        seats = player.commuters * game.table.tables.planes.commuter.capacity
        commuting = len(player.commuting) + sum(1 for ld in loads if ld.into == "commuter")
        gated = [j for j in sorted(game.jets.values(), key=lambda j: j.id)
                 if j.holder == player.name and j.place == "gate" and j.airport == airport
                 and len(j.aboard) + sum(1 for ld in loads if ld.into == j.id)
                 < capacity(game, j)]
        wants_commuter = home or (airport != "A" and self.style == "heuristic")
        if self.style == "random":
            options = [j.id for j in gated] + (["commuter"] if commuting < seats else [])
            return self.rng.choice([*options, None]) if options else None
        if wants_commuter and commuting < seats:
            return "commuter"
        if plan:
            # Only onto a Jet whose flight brings the passenger nearer its hub.
            gated = [j for j in gated if j.id in plan and distance(
                game, plan[j.id], passenger.colour) < distance(game, player, passenger.colour)]
        if not home and gated:
            return gated[0].id
        return None

    def fly_to(self, game: Game, player: Player, jet: Jet, loads: list[Load],
               plan: dict[str, Player]) -> str:
        """Return where a Jet in a Gate goes: a player within range, or its own Tarmac."""
        reach = plane_of(game, jet).range
        targets = [p for p in game.players if p is not player
                   and game.seats_away(player, p) <= reach]
        aboard = jet.aboard + [ld.tile for ld in loads if ld.into == jet.id]
        if self.style == "random":
            return self.rng.choice([p.name for p in targets] + ["tarmac"])
        if not aboard:
            return "tarmac"
        if jet.id in plan:
            return plan[jet.id].name
        wanted = [game.table.tiles[t].colour for t in aboard]
        best = min(targets, key=lambda p: (
            sum(distance(game, p, c) for c in wanted), p.seat))
        return best.name

    def arrival(self, game: Game, player: Player) -> Arrival:
        """Return the Arrival step: Jets into free Gates, Commuter passengers home, and the
        passengers that score and are lost (worked out on a copy of the state)."""
        gates = []
        free = {a: port.gates - sum(1 for j in game.jets.values() if j.holder == player.name
                                     and j.airport == a and j.place == "gate")
                for a, port in player.airports.items()}
        # Loaded Jets take the Gates first: their passengers de-board only there.
        for jet in sorted(game.jets.values(), key=lambda j: (not j.aboard, j.id)):
            if jet.holder == player.name and jet.place in ("tarmac", "runway") \
                    and free.get(jet.airport, 0) > 0:
                gates.append(jet.id)
                free[jet.airport] -= 1
        deboard = []
        for tile in player.commuting:
            passenger = game.table.tiles[tile]
            home = passenger.colour == player.colour and passenger.destination in \
                player.airports
            deboard.append(Deboard(tile=tile, to=passenger.destination if home else "A"))
        entry = Arrival(player=player.name, gates=gates, deboard=deboard)
        scored, lost = outcome(game, player, entry)
        return Arrival(player=player.name, gates=gates, deboard=deboard, scored=scored,
                       lost=lost)

    def purchase(self, game: Game, player: Player, day_end: bool) -> Purchase | None:
        """Return the Purchase step, or None when the player buys nothing."""
        money = sorted(((game.table.tiles[t].value, t) for t, up in player.pile.items()
                        if up), reverse=True)
        budget = sum(v for v, _ in money)
        buys: list[Buy] = []
        spent = 0
        while True:
            choice = self.choose(game, player, budget - spent, buys, day_end)
            if choice is None:
                break
            buy, price = choice
            buys.append(buy)
            spent += price
        if not buys:
            return None
        paid, total = [], 0
        for value, tile in sorted(money):
            if total >= spent:
                break
            paid.append(tile)
            total += value
        return Purchase(player=player.name, buy=buys, paid=paid)

    def choose(self, game: Game, player: Player, budget: int, buys: list[Buy],
               day_end: bool) -> tuple[Buy, int] | None:
        """Return the next item to buy within the budget, if the bot wants one."""
        if budget <= 0:
            return None
        options = purchases(game, player, buys)
        affordable = [(b, p) for b, p in options if p <= budget]
        if not affordable:
            return None
        if day_end or self.style == "random":
            return self.rng.choice(affordable) if self.style == "random" or day_end else None
        wanted = sorted((b for b in affordable if b[0].item in SHOPPING),
                        key=lambda b: SHOPPING[b[0].item])
        return wanted[0] if wanted else None


def capacity(game: Game, jet: Jet) -> int:
    """Return how many passengers a Jet holds."""
    return plane_of(game, jet).capacity


def gain(game: Game, player: Player, target: Player, riders: list[Passenger]) -> float:
    """Return what flying riders to a target is worth: the value of those it brings nearer
    their hub, each divided by the agings it has left plus one."""
    return sum(p.value / (1 + p.patience() - game.aging.get(p.id, 0)) for p in riders
               if distance(game, target, p.colour) < distance(game, player, p.colour))


def distance(game: Game, start: Player, colour: str) -> int:
    """Return how many seats from a player the hub of a colour is (0: that player's own)."""
    owner = next((p for p in game.players if p.colour == colour), None)
    if owner is None or owner is start:
        return 0
    n = len(game.players)
    left = (owner.seat - start.seat) % n
    return min(left, n - left)


def outcome(game: Game, player: Player, entry: Arrival) -> tuple[list[str], list[str]]:
    """Return which passengers would score and be lost in this Arrival, on a copy."""
    twin = game.fork()
    mirror = twin.player(player.name)
    assert mirror is not None
    into_gates(twin, mirror, entry)
    deboard(twin, mirror, entry)
    scored, lost = score_or_age(twin, mirror, concessions(twin, mirror, entry))
    if twin.redeye():
        lost += day_losses(twin, mirror)
    return scored, lost


def purchases(game: Game, player: Player, already: list[Buy]) -> list[tuple[Buy, int]]:
    """Return the items a player may still place, each with its price."""
    out: list[tuple[Buy, int]] = []
    prices = {p.id: p.price for p in game.table.tables.purchases if not p.optional}
    aged = sorted(t for t in player.waiting if game.aging.get(t, 0)
                  and t not in {b.tile for b in already})
    if aged:
        out.append((Buy(item="voucher", tile=aged[0]), prices["voucher"]))
    airports = sorted(player.airports)
    out.append((Buy(item="concession", at=airports[0]), prices["concession"]))
    out.append((Buy(item="commuter"), prices["commuter"]))
    out.append((Buy(item="gate", at="A"), prices["gate"]))
    plain = sorted(j.id for j in game.jets.values() if j.holder == player.name
                   and not j.upgraded and j.kind == "jet" and j.id not in {b.jet for b in already})
    if plain:
        out.append((Buy(item="upgrade-jet", jet=plain[0]), prices["upgrade-jet"]))
    count = len(game.jets) + sum(1 for b in already if b.item == "new-jet")
    out.append((Buy(item="new-jet", at="A", jet=f"jet-{count + 1}"), prices["new-jet"]))
    cities = [a for a in airports if a != "A" and not player.airports[a].runway
              and a not in {b.at for b in already if b.item == "hub"}]
    if cities:
        out.append((Buy(item="hub", at=cities[0]), prices["hub"]))
    return out


@dataclass
class Played:
    """A game the bots played: its record (plain data, ready to write as YAML) and state."""

    record: dict[str, Any]
    game: Game
    rounds: int = 0
    findings: list[Any] = field(default_factory=list)


def play(engine: NowBoardingEngine, colours: list[str], seed: int, style: str = "heuristic",
         advanced: bool = False) -> Played:
    """Play one seeded game with every player using the same style of bot."""
    names = [f"P{n}" for n in range(1, len(colours) + 1)]
    seats = [Seat(name=n, colour=c) for n, c in zip(names, colours, strict=True)]
    variant = "advanced" if advanced else "standard"
    log = RoundLog(game="now-boarding", record="rounds", seed=seed, players=seats,
                   variant=variant, end=End(reason="day-3"))
    game = engine.initial(log)
    bot = Bot(style, random.Random(seed))
    record: dict[str, Any] = {"game": "now-boarding", "record": "rounds", "seed": seed,
                              "players": [{"name": s.name, "colour": s.colour} for s in seats],
                              "variant": variant, "days": []}
    findings = list(game.rulings.findings)

    def apply(action: Any) -> None:
        findings.extend(engine.apply(game, action)[1])

    rounds = 0
    ending = "day-3"
    while True:
        step = next(iter(engine.legal_actions(game)))
        if isinstance(step, End):
            ending = step.reason
            break
        if isinstance(step, EndDay):
            apply(step)
            continue
        assert isinstance(step, StartRound)
        if step.round == 1:
            record["days"].append({"day": step.day, "rounds": []})
        apply(step)
        rounds += 1
        record["days"][-1]["rounds"].append(play_round(engine, game, bot, apply))
    end = End(reason=game.over or ending, totals=totals(game))
    if end.reason != "advanced-loss":
        end.score = final_score(game)
        end.tier = engine.tables.tier(end.score)
    apply(end)
    record["end"] = {"reason": end.reason, "totals": end.totals}
    if end.reason != "advanced-loss":
        record["end"] |= {"score": end.score, "tier": end.tier}
    return Played(record, game, rounds, findings)


def play_round(engine: NowBoardingEngine, game: Game, bot: Bot,
               apply: Callable[[Any], None]) -> dict[str, Any]:
    """Play one round for every player; return it as record data."""
    entry: dict[str, Any] = {"round": game.round, "departure": [], "arrival": [],
                             "purchase": []}
    for player in game.players:
        step = bot.departure(game, player)
        apply(step)
        entry["departure"].append(dump(step))
    apply(EndDeparture())
    for player in game.players:
        arrival = bot.arrival(game, player)
        apply(arrival)
        entry["arrival"].append(dump(arrival))
    day_end = game.redeye()
    for player in game.players:
        bought = bot.purchase(game, player, day_end)
        if bought is not None:
            apply(bought)
            entry["purchase"].append(dump(bought))
    return {k: v for k, v in entry.items() if v != []}


def dump(model: Any) -> dict[str, Any]:
    """Return a record entry as plain data, without empty or unset keys."""
    data: dict[str, Any] = model.model_dump(exclude_defaults=True)
    return data
