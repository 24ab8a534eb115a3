"""Now Boarding's content against the text's numbers (Components, Setup, Game Structure,
Purchase, Game End and Scoring), and its rule checks on content that breaks them."""

from __future__ import annotations

from collections import Counter

import pytest

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.games.now_boarding.checks import best_score, draws_per_player, passengers
from pnpcompiler.games.now_boarding.model import AirportBoards, NowBoardingRules, PassengerTiles
from tests.paths import CONTENT


@pytest.fixture(scope="module")
def game() -> GameContent:
    content, findings = load_game(CONTENT, "now-boarding")
    assert content is not None, findings
    return content


@pytest.fixture(scope="module")
def tables(game: GameContent) -> NowBoardingRules:
    return game.of_type(NowBoardingRules)[0]


def test_components_counts_are_the_text_s(game: GameContent) -> None:
    bom = {entry.id: entry.count for entry in game.manifest.bill_of_materials}
    assert (bom["passenger-tiles"], bom["hub-boards"], bom["city-boards"]) == (132, 6, 18)
    assert (bom["schedule-board"], bom["round-marker"], bom["step-marker"], bom["timer"]) == (
        1, 1, 1, 1)
    assert (bom["jets"] or 0) >= 6 and (bom["commuters"] or 0) >= 6
    assert game.counts()["passenger-tiles"] == 132


def test_1_1_each_colour_has_22_passengers_and_its_four_boards(
        game: GameContent, tables: NowBoardingRules) -> None:
    per_colour = Counter(t.colour for t in passengers(game) for _ in range(t.copies))
    assert per_colour == {c.id: 22 for c in tables.colours} and len(per_colour) == 6
    boards = Counter((b.colour, b.letter) for deck in game.of_type(AirportBoards)
                     for b in deck.cards)
    assert boards == {(c.id, letter): 1 for c in tables.colours for letter in "ABCD"}


def test_2_1_three_days_of_six_rounds_the_last_a_redeye(tables: NowBoardingRules) -> None:
    schedule = tables.schedule
    assert (len(schedule.days), schedule.rounds_per_day, schedule.redeye_round) == (3, 6, 6)
    assert schedule.steps == ["Departure", "Arrival", "Purchase"]


def test_3_1_two_three_four_draws_per_round_on_days_one_two_three(
        tables: NowBoardingRules) -> None:
    assert [len(day.airports) for day in tables.schedule.days] == [2, 3, 4]
    assert [draws_per_player(tables, d) for d in (1, 2, 3)] == [10, 15, 20]
    assert tables.schedule.days[0].airports == ["A", "B"]


def test_3_5_3_8_planes(tables: NowBoardingRules) -> None:
    planes = tables.planes
    assert (planes.jet.capacity, planes.jet.range, planes.upgraded_jet.range) == (2, 1, 2)
    assert (planes.commuter.capacity, planes.gate_holds) == (1, 1)
    assert planes.upgraded_jet.source == "designer"


def test_5_2_5_8_prices(tables: NowBoardingRules) -> None:
    prices = {p.id: p.price for p in tables.purchases}
    assert prices == {"voucher": 1, "concession": 3, "commuter": 4, "gate": 5,
                      "upgrade-jet": 6, "new-jet": 7, "hub": 8, "helicopter": 6,
                      "private-jet": 8, "jumbo-jet": 8, "commuter-train": 4}
    assert {p.id for p in tables.purchases if p.optional} == {
        "helicopter", "private-jet", "jumbo-jet", "commuter-train"}


def test_8_4_the_chart(tables: NowBoardingRules) -> None:
    assert [(t.low, t.high, t.name) for t in tables.tiers] == [
        (0, 10, "Keep trying!"), (11, 18, "Notable"), (19, 24, "Great"), (25, 29, "Epic"),
        (30, 32, "Legendary"), (33, 41, "Mythic"), (42, None, "PERFECT")]
    assert (tables.advanced_loss_factor, tables.departure_seconds) == (2, 60)
    assert tables.three_player_range == {"left": 1, "right": 2}


def test_8_3_perfect_is_within_reach_for_every_player_count(
        game: GameContent, tables: NowBoardingRules) -> None:
    scores = {n: best_score(tables, passengers(game), n) for n in range(3, 7)}
    assert scores == {n: 50 for n in range(3, 7)}


def test_passenger_values_are_the_text_s_2_and_3(game: GameContent) -> None:
    assert {t.value for t in passengers(game)} == {2, 3}
    assert game.of_type(PassengerTiles)[0].source == "designer"
