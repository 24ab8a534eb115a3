"""The two-airport rulebook's own examples and statements, each played on the referee's engine
from the positions it describes. The field (content/two-airport/field/field.yaml): Airport A
on c1 with Runway A on c2 and Departure Zones b1 d1; Airport B on c7 with Runway B on c6 and
Departure Zones b7 d7. Aircraft 1-5 fly up from A to B, 6-10 down from B to A."""

from __future__ import annotations

from .table import Game

FLY = "fly"


def fly(number: int, to: str, kind: str = FLY) -> dict[str, object]:
    return {"move": kind, "aircraft": number, "to": to}


def test_5_6_both_departure_zones_taken_no_depart() -> None:
    game = Game({1: "b1", 2: "d1"})
    assert game.turn("Ann", {"move": "depart", "aircraft": 3, "to": "b1"}, fly(1, "b2")) == [
        ("move.occupied", "5.6")]
    assert game.where(3) == "off"
    assert game.turn("Ben", {"move": "depart", "aircraft": 4, "to": "d1"}, fly(2, "d2")) == [
        ("move.occupied", "5.6")]


def test_5_2_depart_only_to_a_departure_zone_of_its_own_airport() -> None:
    game = Game()
    assert game.turn("Ann", {"move": "depart", "aircraft": 1, "to": "b7"},
                     {"move": "depart", "aircraft": 6, "to": "d7"}) == [
        ("move.departure-zone", "5.2")]
    assert game.turn("Ben", {"move": "depart", "aircraft": 6, "to": "b7"},
                     fly(6, "d6")) == [("move.depart", "5.2")]


def test_5_6_aircraft_directly_ahead_blocks_a_forward_move() -> None:
    game = Game({1: "b2", 2: "b3"})
    assert game.turn("Ann", fly(1, "b3"), fly(1, "a2")) == [("move.occupied", "5.6")]


def test_8_3_a_storm_directly_ahead_blocks_a_forward_move() -> None:
    game = Game({1: "b2"})
    game.table.storms.add((1, 3))
    assert game.turn("Ann", fly(1, "b3"), fly(1, "a2")) == [("move.occupied", "8.3")]


def test_6_1_card_move_card_move_is_legal() -> None:
    game = Game({1: "b2", 6: "d6"}, hands={"Ann": ["storm", "clear-sky"]})
    assert game.turn("Ann", {"play": "storm", "at": "e4"}, fly(1, "b3"),
                     {"play": "clear-sky", "at": "e4"}, fly(6, "d5")) == []
    assert game.table.storms == set() and game.table.discards[-2:] == ["clear-sky", "storm"]


def test_6_1_two_moves_then_cards_is_legal() -> None:
    game = Game({1: "b2"}, hands={"Ann": ["storm", "holding"]})
    assert game.turn("Ann", fly(1, "b3"), {"move": "depart", "aircraft": 2, "to": "d1"},
                     {"play": "storm", "at": "a4"}, {"play": "holding", "aircraft": 2}) == []


def test_5_4_landing_takes_two_moves() -> None:
    game = Game({1: "c5"})
    assert game.turn("Ann", fly(1, "c6"), {"move": "land", "aircraft": 1}) == []
    assert game.where(1) == "landed"


def test_5_4_landing_from_any_other_space_is_illegal() -> None:
    game = Game({1: "b6", 2: "b7"})
    assert game.turn("Ann", {"move": "land", "aircraft": 1},
                     {"move": "land", "aircraft": 2}) == [("move.land", "5.4"),
                                                           ("move.land", "5.4")]
    assert game.turn("Ben", fly(1, "c7"), fly(1, "c6")) == [("move.beyond-airport", "5.7")]


def test_5_5_beyond_the_arrival_zone_one_step_back_costs_a_move() -> None:
    game = Game({1: "b7"})
    assert game.turn("Ann", fly(1, "b6", "back"), fly(1, "c6")) == []
    assert game.where(1) == "c6"


def test_5_5_a_step_back_anywhere_else_is_illegal() -> None:
    game = Game({1: "b5"})
    assert game.turn("Ann", fly(1, "b4", "back"), fly(1, "b6")) == [("move.backwards", "5.5")]


def test_5_3_fly_one_space_forward_or_sideways() -> None:
    game = Game({1: "b2", 6: "d6"})
    assert game.turn("Ann", fly(1, "c3"), fly(6, "d4")) == [("move.one-space", "5.3"),
                                                            ("move.one-space", "5.3")]


def test_5_1_moving_aircraft_not_on_your_goal_is_legal() -> None:
    game = Game()
    assert game.turn("Ann", {"move": "depart", "aircraft": 3, "to": "b1"},
                     {"move": "depart", "aircraft": 9, "to": "b7"}) == []


def test_5_1_two_moves_are_compulsory() -> None:
    game = Game({1: "b2"})
    assert game.turn("Ann", fly(1, "b3")) == [("move.count", "5.1")]
    assert game.turn("Ben", fly(1, "b4"), fly(1, "b5"), fly(1, "b6")) == [("move.count", "5.1")]


def test_7_2_last_goal_aircraft_landed_in_another_turn_wins_on_own_turn() -> None:
    game = Game({8: "c2", 5: "b3"})
    game.table.landed |= {1, 2, 6}
    game.table.rulings.turn = 1
    assert game.turn("Ben", {"move": "land", "aircraft": 8}, fly(5, "b4"),
                     {"claim": "win", "player": "Ann"}) == [("win.not-your-turn", "7.2")]
    assert game.table.winner is None
    assert game.turn("Ann", {"claim": "win"}) == []
    assert game.table.winner == "Ann"


def test_7_2_a_player_whose_turn_comes_first_wins_before_you() -> None:
    game = Game({8: "c2", 5: "b3"})
    game.table.landed |= {1, 2, 6, 3, 4, 9}
    game.table.rulings.turn = 1
    assert game.turn("Ben", {"move": "land", "aircraft": 8}, fly(5, "b4"),
                     {"claim": "win"}) == []
    assert game.table.winner == "Ben"
    assert game.turn("Ann", {"claim": "win"}) == [("win.game-over", "7.1")]


def test_7_1_a_claim_needs_all_four_goal_aircraft_landed() -> None:
    game = Game({5: "b3"})
    game.table.landed |= {1, 2, 6}
    assert game.turn("Ann", {"claim": "win"}, fly(5, "b4"), fly(5, "b5")) == [
        ("win.not-landed", "7.1")]


def test_8_3_storm_on_an_arrival_zone_is_illegal() -> None:
    game = Game({1: "b2"}, hands={"Ann": ["storm", "storm"]})
    assert game.turn("Ann", {"play": "storm", "at": "c2"}, {"play": "storm", "at": "c6"},
                     fly(1, "b3"), fly(1, "b4")) == [("storm.arrival-zone", "8.3"),
                                                     ("storm.arrival-zone", "8.3")]


def test_6_1_a_second_movement_card_in_one_turn_is_illegal() -> None:
    game = Game({1: "b2"}, hands={"Ann": ["extra-move", "extra-diagonal-move"]})
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4", "extra"), fly(1, "c5", "extra-diagonal"),
                     fly(1, "c6")) == [("card.movement", "6.1")]


def test_6_1_a_third_event_card_in_one_turn_is_illegal() -> None:
    game = Game({1: "b2"}, hands={"Ann": ["storm", "storm", "storm"]})
    assert game.turn("Ann", {"play": "storm", "at": "a4"}, {"play": "storm", "at": "a5"},
                     {"play": "storm", "at": "a6"}, fly(1, "b3"), fly(1, "b4")) == [
        ("card.count", "6.1")]


def test_6_1_only_cards_held_are_played() -> None:
    game = Game({1: "b2"}, pile=["pass"])
    assert game.turn("Ann", {"play": "storm", "at": "a4"}, fly(1, "b3"), fly(1, "b4")) == [
        ("card.not-held", "6.1")]


def test_4_4_4_5_a_hand_of_five_discards_one_technical_return_not_counted() -> None:
    four = ["storm", "pass", "holding", "clear-sky"]
    game = Game({1: "b2"}, pile=["storm", "pass"], hands={"Ann": list(four)})
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4")) == [("discard.missing", "4.4")]
    game = Game({1: "b2"}, pile=["storm"], hands={"Ann": list(four)})
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), discard="technical-return") == [
        ("discard.technical-return", "4.5")]
    game = Game({1: "b2"}, pile=["storm"], hands={"Ann": list(four)})
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), discard="pass") == []
    assert len(game.table.hands["Ann"]) == 4 and game.table.returns["Ann"] == 1
    game = Game({1: "b2"}, pile=["storm"], hands={"Ann": four[:3]})
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), discard="pass") == [
        ("discard.not-over", "4.4")]


def test_6_3_an_empty_draw_pile_reshuffles_the_discard_pile() -> None:
    game = Game({1: "b2"}, pile=[])
    game.table.discards = ["storm", "pass"]
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), reshuffle=["pass", "storm"],
                     draw="pass") == []
    assert game.table.pile == ["storm"] and game.table.discards == []
    game = Game({1: "b2"}, pile=[])
    game.table.discards = ["storm", "pass"]
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), draw="storm") == [
        ("reshuffle.missing", "6.3")]
    game = Game({1: "b2"}, pile=["holding"])
    game.table.discards = ["storm"]
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), reshuffle=["storm"],
                     draw="holding") == [("reshuffle.early", "6.3")]


def test_4_2_draw_the_top_card() -> None:
    game = Game({1: "b2"}, pile=["pass", "storm", "holding"])
    assert game.turn("Ann", fly(1, "b3"), fly(1, "b4"), draw="storm") == [
        ("draw.not-top", "4.2")]
    # The pile goes on from the card drawn: the card above it was drawn unseen.
    assert game.table.pile == ["holding"]
    assert game.turn("Ben", fly(1, "b5"), fly(1, "b6"), draw=None) == [
        ("draw.missing", "4.2")]


def test_4_1_players_take_turns_clockwise() -> None:
    game = Game({1: "b2"})
    assert game.turn("Ben", fly(1, "b3"), fly(1, "b4")) == [("turn.order", "4.1")]


def test_8_7_technical_return_aircraft_departs_again_and_the_card_leaves_the_game() -> None:
    game = Game({1: "b4"})
    assert game.turn("Ann", {"play": "technical-return", "aircraft": 1},
                     {"move": "depart", "aircraft": 1, "to": "b1"}, fly(1, "b2")) == []
    assert game.where(1) == "b2" and game.table.returns["Ann"] == 0
    assert "technical-return" not in game.table.discards
    assert game.turn("Ben", {"play": "technical-return", "aircraft": 1},
                     {"move": "depart", "aircraft": 1, "to": "d1"}, fly(1, "d2")) == []
    assert game.turn("Ann", {"play": "technical-return", "aircraft": 1},
                     {"move": "depart", "aircraft": 1, "to": "d1"}, fly(1, "d2")) == [
        ("card.not-held", "8.7")]


def test_8_5_a_held_aircraft_waits_until_passed() -> None:
    game = Game({1: "b3", 2: "d2"}, hands={"Ann": ["holding"]})
    assert game.turn("Ann", {"play": "holding", "aircraft": 1}, fly(2, "d3"),
                     fly(1, "b4")) == [("move.held", "8.5")]
    assert game.turn("Ben", fly(2, "d4"), fly(2, "d5")) == []
    assert game.table.held == set() and game.table.discards[-1] == "holding"
    assert game.turn("Ann", fly(1, "b5"), fly(1, "b6")) == []


def test_8_5_holding_never_on_the_last_aircraft_nor_an_arrival_zone() -> None:
    game = Game({1: "c2", 6: "b5"}, hands={"Ann": ["holding", "holding"]})
    game.table.landed |= {7, 8, 9, 10}
    assert game.turn("Ann", {"play": "holding", "aircraft": 6},
                     {"play": "holding", "aircraft": 1}, fly(6, "b4"), fly(1, "c3")) == [
        ("holding.last-aircraft", "8.5"), ("holding.arrival-zone", "8.5")]


def test_8_6_pass_swaps_two_aircraft_nose_to_nose() -> None:
    game = Game({1: "b3", 6: "b4", 2: "d2", 7: "d4"}, hands={"Ann": ["pass", "pass"]})
    assert game.turn("Ann", {"play": "pass", "aircraft": [1, 6]},
                     {"play": "pass", "aircraft": [2, 7]}, fly(1, "b5"), fly(6, "b2")) == [
        ("pass.not-facing", "8.6")]
    assert game.where(1) == "b5" and game.where(6) == "b2"


def test_8_1_an_extra_move_is_one_more_move_never_backwards() -> None:
    game = Game({1: "b7", 2: "d2"}, hands={"Ann": ["extra-move", "extra-move"]})
    assert game.turn("Ann", fly(2, "d3"), fly(2, "d4"), fly(2, "d5", "extra")) == []
    assert game.turn("Ben", fly(1, "b6", "extra"), fly(2, "d6"), fly(2, "c6")) == [
        ("card.not-held", "6.1"), ("move.extra-back", "8.1")]


def test_8_2_an_extra_diagonal_move_goes_one_space_diagonally_forward() -> None:
    game = Game({1: "b2"}, hands={"Ann": ["extra-diagonal-move"], "Ben": ["extra-diagonal-move"]})
    assert game.turn("Ann", fly(1, "c3", "extra-diagonal"), fly(1, "c4"), fly(1, "c5")) == []
    assert game.turn("Ben", fly(1, "c6", "extra-diagonal"), fly(1, "b5"), fly(1, "b6")) == [
        ("move.diagonal", "8.2")]


def test_8_4_clear_sky_removes_a_storm() -> None:
    game = Game({1: "b2"}, hands={"Ann": ["clear-sky", "clear-sky"]})
    game.table.storms.add((0, 4))
    assert game.turn("Ann", {"play": "clear-sky", "at": "a4"}, {"play": "clear-sky", "at": "a5"},
                     fly(1, "b3"), fly(1, "b4")) == [("clear-sky.no-storm", "8.4")]
    assert game.table.storms == set()


def test_5_1_with_no_move_open_fewer_moves_are_legal() -> None:
    game = Game({n: "landed" for n in range(1, 11) if n != 1} | {1: "b2"})
    game.table.storms |= {(0, 2), (2, 2), (1, 3)}
    assert game.turn("Ann") == []
