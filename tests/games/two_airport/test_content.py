"""The two-airport content against the rulebook's text (content/two-airport): every count,
the aircraft and their airports, the goal cards' rule, the event split and the field."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.two_airport.checks import sound_field
from pnpcompiler.games.two_airport.model import (
    AircraftDeck,
    AirportDeck,
    EventDeck,
    FlightField,
    GoalDeck,
    TurnRules,
)
from tests.paths import CONTENT


def content() -> tuple[GameContent, list[Finding]]:
    game, findings = load_game(CONTENT, "two-airport")
    assert game is not None
    return game, findings  # the findings of pnp validate


def test_1_1_game_contents_counts() -> None:
    game, _ = content()
    bom = {entry.id: entry.count for entry in game.manifest.bill_of_materials}
    assert (bom["airport-cards"], bom["aircraft-cards"], bom["goal-cards"],
            bom["event-cards"]) == (4, 10, 10, 30)
    airports = game.of_type(AirportDeck)[0]
    assert sorted((c.role, c.airport) for c in airports.cards) == [
        ("airport", "A"), ("airport", "B"), ("runway", "A"), ("runway", "B")]


def test_2_3_aircraft_1_to_5_at_airport_a_and_6_to_10_at_b() -> None:
    game, _ = content()
    aircraft = game.of_type(AircraftDeck)[0]
    assert {c.number: c.start for c in aircraft.cards} == {
        n: "A" if n <= 5 else "B" for n in range(1, 11)}


def test_3_1_goal_cards_two_from_each_airport_each_aircraft_on_four() -> None:
    game, _ = content()
    goals = [frozenset(c.aircraft) for c in game.of_type(GoalDeck)[0].cards]
    assert len(goals) == 10 and len(set(goals)) == 10
    assert all(len(g) == 4 and len([n for n in g if n <= 5]) == 2 for g in goals)
    assert Counter(n for g in goals for n in g) == dict.fromkeys(range(1, 11), 4)
    assert {frozenset(n for n in g if n <= 5) for g in goals} == {
        frozenset(p) for p in combinations(range(1, 6), 2)}


def test_8_event_cards_seven_kinds_summing_to_30_with_four_technical_returns() -> None:
    game, _ = content()
    deck = game.of_type(EventDeck)[0]
    copies = {c.event: c.copies for c in deck.cards}
    assert sum(copies.values()) == 30 and copies["technical-return"] == 4
    assert {c.event for c in deck.cards if c.movement} == {"extra-move", "extra-diagonal-move"}
    backs = {c.event: c.back for c in deck.cards}
    assert backs.pop("technical-return") == "technical-return-back"
    assert set(backs.values()) == {None}


def test_2_1_2_2_the_field_airports_five_card_lengths_apart_runways_facing() -> None:
    game, _ = content()
    field = game.of_type(FlightField)[0]
    grid = game.fact(sound_field)
    assert grid is not None and field.distance == 5
    a, b = grid.airports["A"], grid.airports["B"]
    assert abs(a.at[1] - b.at[1]) - 1 == 5
    assert a.runway == (a.at[0], a.at[1] + 1) and b.runway == (b.at[0], b.at[1] - 1)
    assert all(grid.reaches(s, z, grid.destination(s).runway)
               for s in "AB" for z in grid.airports[s].departure_zones)


def test_4_turn_numbers() -> None:
    game, _ = content()
    rules = game.of_type(TurnRules)[0]
    assert (rules.draw, rules.moves, rules.cards, rules.movement_cards, rules.hand_limit) == (
        1, 2, 2, 1, 4)
    assert (rules.setup.goal_cards, rules.setup.event_cards,
            rules.setup.technical_return_cards) == (1, 1, 1)


def test_validate_warns_once_per_contradiction_and_finds_nothing_else() -> None:
    _, findings = content()
    codes = Counter(f.code for f in findings)
    assert codes == {"rulebook.contradiction": 4}
