"""The "Additional ideas for items to add" (5.9), each as its text says, through the
referee's engine: only when a record's header turns them on."""

from __future__ import annotations

import pytest

from pnpcompiler.content.project import load_game
from pnpcompiler.games.now_boarding.referee.engine import (
    EndDeparture,
    NowBoardingEngine,
    StartRound,
)
from pnpcompiler.games.now_boarding.referee.log import (
    Arrival,
    Buy,
    Deboard,
    Departure,
    End,
    JetMove,
    Load,
    Purchase,
    RoundLog,
    Seat,
)
from pnpcompiler.games.now_boarding.referee.replay import engine_of
from pnpcompiler.games.now_boarding.referee.state import Airport, Game, Jet
from tests.paths import CONTENT

COLOURS = ["blue", "orange", "purple"]
OPTIONAL = ["helicopter", "private-jet", "jumbo-jet", "commuter-train"]


@pytest.fixture(scope="module")
def engine() -> NowBoardingEngine:
    content, findings = load_game(CONTENT, "now-boarding")
    assert content is not None, findings
    return engine_of(content)


def table(engine: NowBoardingEngine) -> Game:
    """Return a 3 player game with every additional item on, in round 1, Jets home."""
    seats = [Seat(name=f"P{n + 1}", colour=c) for n, c in enumerate(COLOURS)]
    log = RoundLog(game="now-boarding", record="rounds", players=seats, optional=OPTIONAL,
                   end=End(reason="day-3"))
    game = engine.initial(log)
    engine.apply(game, StartRound(1, 1))
    for jet in game.jets.values():
        jet.place = "tarmac"
    return game


def codes(engine: NowBoardingEngine, game: Game, actions: list[object]) -> list[str]:
    """Apply actions; return the codes and rules of what they drew."""
    out = []
    for action in actions:
        _, found = engine.apply(game, action)  # type: ignore[arg-type]
        out += [f"{f.code} {f.extra['rule']}" for f in found
                if f.code != "draw.count"]  # these steps draw nothing on purpose
    return out


def buy(engine: NowBoardingEngine, game: Game, item: Buy, price: int) -> list[str]:
    """Buy one item for P1 with face-up tiles worth at least its price."""
    pile = game.players[0].pile
    tiles = [f"blue-a{n}" for n in range(1, 7)]
    pile.update({t: True for t in tiles})
    return codes(engine, game, [Purchase(player="P1", buy=[item], paid=tiles[:price // 2])])


def test_5_9_a_helicopter_needs_no_gate_to_load_or_leave(engine: NowBoardingEngine) -> None:
    game = table(engine)
    assert buy(engine, game, Buy(item="helicopter", at="A", jet="heli"), 6) == []
    heli = game.jets["heli"]
    assert (heli.kind, heli.place) == ("helicopter", "tarmac")
    game.players[0].waiting.update({"orange-a1": "A", "orange-a2": "A"})
    full = Departure(player="P1", loads=[Load(tile="orange-a1", into="heli"),
                                         Load(tile="orange-a2", into="heli")])
    assert codes(engine, game.fork(), [full]) == ["load.capacity 3.5"]
    fly = Departure(player="P1", loads=[Load(tile="orange-a1", into="heli")],
                    jets=[JetMove(jet="heli", to="P2")])
    assert codes(engine, game, [fly, EndDeparture()]) == []
    # No Gate at P2's hub is taken: the Helicopter de-boards on the Tarmac and scores there.
    assert codes(engine, game, [Arrival(player="P2", scored=["orange-a1"])]) == []
    assert "orange-a1" in game.players[1].pile and heli.place == "tarmac"
    game.jets["jet-7"] = Jet("jet-7", "P1", "A", "tarmac")
    game.players[0].waiting["orange-a3"] = "A"
    tarmac = Departure(player="P1", loads=[Load(tile="orange-a3", into="jet-7")])
    assert codes(engine, game, [tarmac]) == ["load.plane 3.7"]


def test_5_9_private_jet_passengers_do_not_age(engine: NowBoardingEngine) -> None:
    game = table(engine)
    assert buy(engine, game, Buy(item="private-jet", at="A", jet="lear"), 8) == []
    game.jets["lear"].aboard.append("orange-b1")
    game.jets["jet-blue"].aboard.append("orange-b2")
    game.aging.update({"orange-b1": 1, "orange-b2": 1})
    assert codes(engine, game, [EndDeparture(), Arrival(player="P1", lost=[])]) == []
    assert (game.aging["orange-b1"], game.aging["orange-b2"]) == (1, 2)


def test_5_9_a_jumbo_jet_carries_four(engine: NowBoardingEngine) -> None:
    game = table(engine)
    assert buy(engine, game, Buy(item="jumbo-jet", at="A", jet="jumbo"), 8) == []
    jumbo = game.jets["jumbo"]
    jumbo.place = "gate"
    game.jets["jet-blue"].place = "tarmac"
    tiles = [f"orange-a{n}" for n in range(1, 6)]
    game.players[0].waiting.update({t: "A" for t in tiles})
    four = Departure(player="P1", loads=[Load(tile=t, into="jumbo") for t in tiles[:4]])
    assert codes(engine, game.fork(), [four]) == []
    five = Departure(player="P1", loads=[Load(tile=t, into="jumbo") for t in tiles])
    assert codes(engine, game.fork(), [five]) == ["load.capacity 3.5"]
    upgrade = Buy(item="upgrade-jet", jet="jumbo")
    assert buy(engine, game.fork(), upgrade, 6) == ["buy.upgrade-jet 5.6"]


def test_5_9_a_commuter_train_serves_only_its_two_adjacent_cities(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    p1 = game.players[0]
    assert buy(engine, game.fork(), Buy(item="commuter-train", between=["A", "C"]),
               4) == ["buy.commuter-train 5.9"]
    assert buy(engine, game, Buy(item="commuter-train", between=["B", "A"]), 4) == []
    assert [t.between for t in p1.trains] == [("A", "B")] and p1.commuters == 1
    p1.airports["C"] = Airport()
    p1.waiting.update({"blue-b1": "A", "orange-a1": "B", "orange-a2": "A", "orange-a3": "C"})
    loads = [Load(tile=t, into="commuter-train") for t in ("blue-b1", "orange-a1")]
    elsewhere = Load(tile="orange-a3", into="commuter-train")
    assert codes(engine, game.fork(), [Departure(player="P1", loads=[loads[0], elsewhere])]) == [
        "load.plane 5.9"]
    third = Load(tile="orange-a2", into="commuter-train")
    assert codes(engine, game.fork(), [Departure(player="P1", loads=[*loads, third])]) == [
        "load.capacity 5.9"]
    twin = game.fork()
    codes(engine, twin, [Departure(player="P1", loads=loads), EndDeparture()])
    away = Arrival(player="P1", deboard=[Deboard(tile="orange-a1", to="C")])
    assert codes(engine, twin.fork(), [away]) == ["deboard.airport 5.9"]
    assert codes(engine, twin, [Arrival(player="P1", scored=["blue-b1"])]) == []
    assert twin.players[0].waiting["orange-a1"] == "A"


def test_5_9_additional_planes_are_off_unless_the_header_turns_them_on(
        engine: NowBoardingEngine) -> None:
    seats = [Seat(name=f"P{n + 1}", colour=c) for n, c in enumerate(COLOURS)]
    log = RoundLog(game="now-boarding", record="rounds", players=seats, end=End(reason="day-3"))
    game = engine.initial(log)
    engine.apply(game, StartRound(1, 1))
    for item in OPTIONAL:
        found = buy(engine, game, Buy(item=item, at="A", jet=f"x-{item}", between=["A", "B"]),
                    8)
        assert found == ["buy.optional 5.9"], item
