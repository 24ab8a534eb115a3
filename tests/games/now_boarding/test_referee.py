"""The Now Boarding text's own examples, played through the referee's engine (each test is
named after the rule it shows)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from pnpcompiler.content.project import load_game
from pnpcompiler.games.now_boarding.referee.engine import (
    EndDay,
    EndDeparture,
    NowBoardingEngine,
    StartRound,
)
from pnpcompiler.games.now_boarding.referee.log import (
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
from pnpcompiler.games.now_boarding.referee.purchase import final_score
from pnpcompiler.games.now_boarding.referee.replay import engine_of
from pnpcompiler.games.now_boarding.referee.state import Game
from pnpcompiler.referee import referee_file
from tests.paths import CONTENT, EXAMPLES

COLOURS = ["blue", "orange", "purple", "teal", "pink", "brown"]


@pytest.fixture(scope="module")
def engine() -> NowBoardingEngine:
    content, findings = load_game(CONTENT, "now-boarding")
    assert content is not None, findings
    return engine_of(content)


def table(engine: NowBoardingEngine, players: int = 3, variant: str = "standard") -> Game:
    """Return a game set up for that many players (P1 blue, P2 orange, ...), in round 1."""
    seats = [Seat(name=f"P{n + 1}", colour=COLOURS[n]) for n in range(players)]
    log = RoundLog(game="now-boarding", record="rounds", players=seats, variant=variant,
                   end=End(reason="day-3"))
    game = engine.initial(log)
    engine.apply(game, StartRound(1, 1))
    return game


def codes(engine: NowBoardingEngine, game: Game, actions: Iterable[object]) -> list[str]:
    """Apply actions; return the codes and rules of what they drew."""
    out = []
    for action in actions:
        _, found = engine.apply(game, action)  # type: ignore[arg-type]
        out += [f"{f.code} {f.extra['rule']}" for f in found]
    return out


def test_5_1_two_and_three_dollars_for_a_four_dollar_item_waste_one_or_buy_a_voucher(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    p1 = game.players[0]
    p1.pile.update({"blue-a5": True, "blue-a1": True})  # $3 and $2
    p1.waiting["orange-a1"] = "B"
    game.aging["orange-a1"] = 1
    wasteful = Purchase(player="P1", buy=[Buy(item="commuter")], paid=["blue-a5", "blue-a1"])
    assert codes(engine, game.fork(), [wasteful]) == []
    both = Purchase(player="P1", buy=[Buy(item="commuter"), Buy(item="voucher",
                                                                tile="orange-a1")],
                    paid=["blue-a5", "blue-a1"])
    twin = game.fork()
    assert codes(engine, twin, [both]) == [] and twin.aging["orange-a1"] == 0
    assert twin.players[0].commuters == 2 and not any(twin.players[0].pile.values())
    short = Purchase(player="P1", buy=[Buy(item="gate", at="A")], paid=["blue-a1"])
    assert codes(engine, game.fork(), [short]) == ["pay.short 5.1"]


def test_3_3_a_tile_drawn_for_its_own_destination_is_redrawn(engine: NowBoardingEngine) -> None:
    game = table(engine)
    redrawn = Departure(player="P1", draws=[Draw(airport="A", tile="blue-a1",
                                                  redraw=["orange-b1"]),
                                             Draw(airport="B", tile="purple-a1")],
                        jets=[JetMove(jet="jet-blue", to="tarmac")])
    twin = game.fork()
    assert codes(engine, twin, [redrawn]) == []
    assert "blue-a1" in twin.supply and twin.players[0].waiting["orange-b1"] == "A"
    kept = Departure(player="P1", draws=[Draw(airport="A", tile="blue-a1"),
                                         Draw(airport="B", tile="purple-a1")])
    assert codes(engine, game.fork(), [kept]) == ["draw.redraw 3.3"]


def test_3_13_three_players_a_range_1_jet_to_the_right_is_illegal(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    left = Departure(player="P1", jets=[JetMove(jet="jet-blue", to="P2")])
    right = Departure(player="P1", jets=[JetMove(jet="jet-blue", to="P3")])
    assert codes(engine, game.fork(), [left]) == ["draw.count 3.1"]
    assert codes(engine, game.fork(), [right]) == ["draw.count 3.1", "jet.range 3.13"]
    game.jets["jet-blue"].upgraded = True
    assert codes(engine, game.fork(), [right]) == ["draw.count 3.1"]


def test_4_2_more_jets_than_gates_wait_on_the_tarmac_aging_never_scoring(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    game.players[0].waiting["orange-a1"] = "A"
    game.players[2].waiting["orange-a2"] = "A"
    moves = [Departure(player="P1", loads=[Load(tile="orange-a1", into="jet-blue")],
                       jets=[JetMove(jet="jet-blue", to="P2")]),
             Departure(player="P3", loads=[Load(tile="orange-a2", into="jet-purple")],
                       jets=[JetMove(jet="jet-purple", to="P2")]),
             Departure(player="P2", jets=[JetMove(jet="jet-orange", to="tarmac")])]
    for move in moves:
        engine.apply(game, move)
    engine.apply(game, EndDeparture())
    wrong = Arrival(player="P2", gates=["jet-blue"], scored=["orange-a1", "orange-a2"])
    assert codes(engine, game.fork(), [wrong]) == ["score.claim 4.6"]
    arrival = Arrival(player="P2", gates=["jet-blue"], scored=["orange-a1"], lost=[])
    assert codes(engine, game, [arrival]) == []
    assert game.jets["jet-purple"].place == "tarmac" and game.aging["orange-a2"] == 1
    assert game.jets["jet-purple"].aboard == ["orange-a2"]
    assert game.players[1].pile == {"orange-a1": True}


def others_home(engine: NowBoardingEngine, game: Game) -> None:
    """Send every Jet but P1's from its Gate to its own Tarmac."""
    for player in game.players[1:]:
        engine.apply(game, Departure(player=player.name, jets=[JetMove(
            jet=f"jet-{player.colour}", to="tarmac")]))


def test_3_16_gate_to_own_tarmac_is_legal(engine: NowBoardingEngine) -> None:
    game = table(engine)
    others_home(engine, game)
    game.players[0].waiting["orange-a1"] = "A"
    home = Departure(player="P1", draws=[Draw(airport="A", tile="purple-a1"),
                                         Draw(airport="B", tile="purple-a2")],
                     loads=[Load(tile="orange-a1", into="jet-blue")],
                     jets=[JetMove(jet="jet-blue", to="tarmac")])
    assert codes(engine, game, [home, EndDeparture()]) == []
    jet = game.jets["jet-blue"]
    assert (jet.holder, jet.place, jet.aboard) == ("P1", "tarmac", ["orange-a1"])


def test_4_4_a_commuter_passenger_deboards_into_any_own_airport(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    game.players[0].waiting["blue-b1"] = "A"
    depart = Departure(player="P1", loads=[Load(tile="blue-b1", into="commuter")],
                       jets=[JetMove(jet="jet-blue", to="tarmac")])
    others_home(engine, game)
    engine.apply(game, depart)
    engine.apply(game, EndDeparture())
    home = Arrival(player="P1", deboard=[Deboard(tile="blue-b1", to="B")], scored=["blue-b1"])
    assert codes(engine, game.fork(), [home]) == []
    hub = Arrival(player="P1", deboard=[Deboard(tile="blue-b1", to="A")], scored=[])
    twin = game.fork()
    assert codes(engine, twin, [hub]) == [] and twin.players[0].waiting["blue-b1"] == "A"
    away = Arrival(player="P1", deboard=[Deboard(tile="blue-b1", to="C")])
    assert codes(engine, game.fork(), [away]) == ["deboard.airport 4.4"]


def test_3_1_two_three_four_draws_per_player_none_at_the_redeye(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    for day, airports in ((1, "AB"), (2, "ABC"), (3, "ABCD")):
        assert all(sorted(p.airports) == list(airports) for p in game.players)
        game.round = 6
        game.day = day
        engine.apply(game, EndDay(day))
    game = table(engine)
    game.round = 5
    engine.apply(game, StartRound(1, 6))
    redeye = Departure(player="P1", draws=[Draw(airport="A", tile="orange-a1")])
    assert codes(engine, game.fork(), [redeye]) == ["draw.redeye 6.2"]
    assert codes(engine, game.fork(), [Departure(player="P1")]) == []


def test_6_3_undelivered_passengers_are_lost_after_the_last_arrival(
        engine: NowBoardingEngine) -> None:
    game = table(engine)
    game.round = 5
    engine.apply(game, StartRound(1, 6))
    game.players[0].waiting["orange-a1"] = "A"
    engine.apply(game, Departure(player="P1", jets=[JetMove(jet="jet-blue", to="tarmac")]))
    others_home(engine, game)
    engine.apply(game, EndDeparture())
    assert codes(engine, game.fork(), [Arrival(player="P1", lost=[])]) == ["lost.missed 6.3"]
    assert codes(engine, game, [Arrival(player="P1", lost=["orange-a1"])]) == []
    assert game.lost == ["orange-a1"]


@pytest.mark.parametrize(("total", "players", "score", "tier"), [
    (30, 3, 10, "Keep trying!"), (31, 3, 11, "Notable"), (54, 3, 18, "Notable"),
    (55, 3, 19, "Great"), (72, 3, 24, "Great"), (73, 3, 25, "Epic"), (87, 3, 29, "Epic"),
    (88, 3, 30, "Legendary"), (96, 3, 32, "Legendary"), (97, 3, 33, "Mythic"),
    (123, 3, 41, "Mythic"), (124, 3, 42, "PERFECT")])
def test_8_3_8_4_rounding_up_and_each_tier_boundary(
        engine: NowBoardingEngine, total: int, players: int, score: int, tier: str) -> None:
    game = table(engine, players)
    threes = sorted(t.id for t in engine.tiles.values() if t.value == 3)
    twos = sorted(t.id for t in engine.tiles.values() if t.value == 2)
    paid = threes[:total % 2] + twos[:(total - 3 * (total % 2)) // 2]
    for n, tile in enumerate(paid):
        game.players[n % players].pile[tile] = n % 2 == 0
    assert sum(engine.tiles[t].value for p in game.players for t in p.pile) == total
    assert final_score(game) == score and engine.tables.tier(score) == tier


def test_8_1_advanced_four_players_eight_lost_play_on_nine_lose(
        engine: NowBoardingEngine) -> None:
    for lost, over in ((8, None), (9, "advanced-loss")):
        game = table(engine, 4, "advanced")
        game.lost = [f"purple-a{n}" for n in range(1, lost)]
        game.players[0].waiting["orange-a1"] = "B"
        game.aging["orange-a1"] = 3
        for player in game.players:
            engine.apply(game, Departure(player=player.name, jets=[JetMove(
                jet=f"jet-{player.colour}", to="tarmac")]))
        engine.apply(game, EndDeparture())
        engine.apply(game, Arrival(player="P1"))
        assert (len(game.lost), game.over) == (lost, over)


def test_5_2_a_voucher_undoes_one_aging(engine: NowBoardingEngine) -> None:
    game = table(engine)
    game.players[0].waiting["orange-a1"] = "B"
    game.aging["orange-a1"] = 2
    game.players[0].pile["blue-a1"] = True
    voucher = Purchase(player="P1", buy=[Buy(item="voucher", tile="orange-a1")],
                       paid=["blue-a1"])
    assert codes(engine, game, [voucher]) == [] and game.aging["orange-a1"] == 1
    game.aging["orange-a1"] = 0
    game.players[0].pile["blue-a2"] = True
    again = Purchase(player="P1", buy=[Buy(item="voucher", tile="orange-a1")],
                     paid=["blue-a2"])
    assert codes(engine, game, [again]) == ["buy.voucher 5.2"]


def test_4_2_each_gate_holds_one_jet(engine: NowBoardingEngine) -> None:
    game = table(engine)
    engine.apply(game, Departure(player="P1", jets=[JetMove(jet="jet-blue", to="P2")]))
    engine.apply(game, Departure(player="P2", jets=[JetMove(jet="jet-orange", to="tarmac")]))
    engine.apply(game, Departure(player="P3", jets=[JetMove(jet="jet-purple", to="tarmac")]))
    engine.apply(game, EndDeparture())
    one = Arrival(player="P2", gates=["jet-blue"])
    assert codes(engine, game.fork(), [one]) == []
    two = Arrival(player="P2", gates=["jet-blue", "jet-orange"])
    assert codes(engine, game.fork(), [two]) == ["gate.full 4.2"]


def test_5_9_additional_items_only_when_the_header_turns_them_on(
        engine: NowBoardingEngine) -> None:
    seats = [Seat(name=f"P{n + 1}", colour=COLOURS[n]) for n in range(3)]
    for optional, expected in (([], ["buy.optional 5.9"]), (["helicopter"], [])):
        log = RoundLog(game="now-boarding", record="rounds", players=seats, optional=optional,
                       end=End(reason="day-3"))
        game = engine.initial(log)
        engine.apply(game, StartRound(1, 1))
        game.players[0].pile["blue-a5"] = True
        game.players[0].pile["blue-a6"] = True
        heli = Purchase(player="P1", buy=[Buy(item="helicopter", at="A", jet="heli-1")],
                        paid=["blue-a5", "blue-a6"])
        assert codes(engine, game, [heli]) == expected
        assert ("heli-1" in game.jets) == bool(optional)
    log = RoundLog(game="now-boarding", record="rounds", players=seats, optional=["blimp"],
                   end=End(reason="day-3"))
    assert [f.code for f in engine.initial(log).rulings.findings] == ["record.optional"]


def test_1_1_a_record_for_another_content_version_is_a_finding(
        engine: NowBoardingEngine) -> None:
    seats = [Seat(name=f"P{n + 1}", colour=COLOURS[n]) for n in range(3)]
    for version, expected in (("v3.0", []), (None, []), ("v2.1", ["record.version"])):
        log = RoundLog(game="now-boarding", record="rounds", players=seats,
                       content_version=version, end=End(reason="day-3"))
        assert [f.code for f in engine.initial(log).rulings.findings] == expected


def test_3_15_a_jet_left_in_a_gate_is_ruled_at_its_players_departure(tmp_path: Path) -> None:
    record = tmp_path / "record.yaml"
    record.write_text(JET_LEFT_IN_A_GATE, encoding="utf-8")
    report = referee_file(record, CONTENT, loaded={})
    found = [f for f in report.findings if f.code == "jet.in-gate"]
    assert [f.location.line if f.location else None for f in found] == [16]
    assert "jet-purple is still in a Gate at P3's airport A" in found[0].message


JET_LEFT_IN_A_GATE = """\
game: now-boarding
record: rounds
players:
  - {name: P1, colour: blue}
  - {name: P2, colour: orange}
  - {name: P3, colour: purple}
days:
  - day: 1
    rounds:
      - round: 1
        departure:
          - player: P1
            jets: [{jet: jet-blue, to: tarmac}]
          - player: P2
            jets: [{jet: jet-orange, to: tarmac}]
          - player: P3
            loads: []
end: {reason: day-3}
"""


def test_8_1_a_lost_game_has_no_score_or_tier(engine: NowBoardingEngine) -> None:
    game = table(engine, 3, "advanced")
    game.over = "advanced-loss"
    game.lost = [f"purple-a{n}" for n in range(1, 8)]
    claims = End(reason="advanced-loss", score=1, tier="Keep trying!")
    assert codes(engine, game.fork(), [claims]) == ["end.score 8.1", "end.tier 8.1"]
    assert codes(engine, game.fork(), [End(reason="advanced-loss")]) == []


def test_2_1_a_day_out_of_order_is_found_at_its_day(tmp_path: Path) -> None:
    # The example written as day 1 then day 3: one finding, at the `day: 3` line, which is
    # what is wrong (its first round, round 1, is the round that comes next).
    text = (EXAMPLES / "now-boarding" / "three-players.yaml").read_text(encoding="utf-8")
    line = text.splitlines().index("- day: 2") + 1
    record = tmp_path / "record.yaml"
    record.write_text(text.replace("- day: 2\n", "- day: 3\n", 1), encoding="utf-8")
    report = referee_file(record, CONTENT, loaded={})
    found = [f for f in report.findings if f.code == "schedule.order"]
    assert [(f.location.line, f.location.col) if f.location else None for f in found] == [
        (line, 8)]
    assert "expected day 2 round 1 next, found day 3 round 1" in found[0].message
