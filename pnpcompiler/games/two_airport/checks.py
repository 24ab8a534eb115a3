"""The two-airport game's rule checks: the cards against the rulebook's text, the field's
geometry, and the turn rules; and the sound field the kit and the referee share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, error
from .field import Grid, grid_of
from .model import (
    MOVEMENT_EVENTS,
    TECHNICAL_RETURN,
    AircraftDeck,
    AirportDeck,
    EventDeck,
    FlightField,
    GoalDeck,
    TurnRules,
)

rules = Rules()
"""This module's checks and facts; the game's package includes them."""

AIRCRAFT = range(1, 11)
"""2. Game setup: "planes numbered 1 to 5 ... 6 to 10"."""
GOAL_SIZE = 4
"""3. Idea of the game: "the four Aircraft shown on your Goal card"."""
EVENT_KINDS = ("extra-move", "extra-diagonal-move", "storm", "clear-sky", "holding", "pass",
               TECHNICAL_RETURN)
"""8. Event Cards: the seven kinds, in the rulebook's order."""


def start_airport(number: int) -> str:
    """Return the airport an aircraft starts next to (2. Game setup)."""
    return "A" if number <= 5 else "B"


@rules.check
def airports_and_runways(game: GameContent) -> Iterator[Finding]:
    """An Airport and a Runway card for each of Airports A and B (rule 2.2)."""
    for deck in game.of_type(AirportDeck):
        have = Counter((card.role, card.airport) for card in deck.cards for _ in
                       range(card.copies))
        for role in ("airport", "runway"):
            for letter in ("A", "B"):
                if have[(role, letter)] != 1:
                    yield error("airport.cards", f"expected one {role} card of Airport "
                                f"{letter}, 2 Airports and 2 Runways (rule 1.1), found "
                                f"{have[(role, letter)]}", deck.where("cards"))


@rules.check
def aircraft_numbers(game: GameContent) -> Iterator[Finding]:
    """Aircraft 1-10 once each; 1-5 start at Airport A and 6-10 at B (rule 2.3)."""
    for deck in game.of_type(AircraftDeck):
        seen: set[int] = set()
        for n, card in enumerate(deck.cards):
            if card.number in seen or card.copies != 1:
                yield error("aircraft.duplicate", f"expected aircraft {card.number} once, "
                            f"found it again", deck.where("cards", n, "number"))
            seen.add(card.number)
            if card.start != start_airport(card.number):
                yield error("aircraft.start", f"expected aircraft {card.number} to start at "
                            f"Airport {start_airport(card.number)}: 1 to 5 next to Airport A, "
                            f"6 to 10 next to Airport B (rule 2.3), found {card.start}",
                            deck.where("cards", n, "start"))
        missing = sorted(set(AIRCRAFT) - seen)
        if missing:
            yield error("aircraft.missing", f"expected aircraft 1-10, found none numbered "
                        f"{', '.join(map(str, missing))}", deck.where("cards"))


@rules.check
def goals_name_four_aircraft(game: GameContent) -> Iterator[Finding]:
    """Every Goal card shows four different aircraft of 1-10; no two cards are alike."""
    for deck in game.of_type(GoalDeck):
        cards: dict[frozenset[int], str] = {}
        for n, card in enumerate(deck.cards):
            numbers = card.aircraft
            if len(numbers) != GOAL_SIZE or len(set(numbers)) != GOAL_SIZE:
                yield error("goal.aircraft", f"expected {GOAL_SIZE} different aircraft "
                            f"(3. Idea of the game: the four Aircraft shown on your Goal "
                            f"card), found {numbers}", deck.where("cards", n, "aircraft"))
            key = frozenset(numbers)
            if key in cards:
                yield error("goal.duplicate", f"expected goal cards to differ, found "
                            f"{card.id} showing the same aircraft as {cards[key]}",
                            deck.where("cards", n, "aircraft"))
            cards.setdefault(key, card.id)


@rules.check
def event_kinds(game: GameContent) -> Iterator[Finding]:
    """Each of the seven kinds once, Movement cards exactly the two of 8. Event Cards, Storm
    and Holding never on an Arrival Zone, and a Technical Return card for every player."""
    players = game.manifest.players.max
    for deck in game.of_type(EventDeck):
        kinds = Counter[str](card.event for card in deck.cards)
        for kind in EVENT_KINDS:
            if kinds[kind] != 1:
                yield error("event.kinds", f"expected one card entry of kind {kind!r} "
                            f"(8. Event Cards), found {kinds[kind]}", deck.where("cards"))
        for n, card in enumerate(deck.cards):
            if card.movement != (card.event in MOVEMENT_EVENTS):
                yield error("event.movement", f"expected movement: "
                            f"{str(card.event in MOVEMENT_EVENTS).lower()} for {card.event} "
                            f"(8. Event Cards), found {str(card.movement).lower()}",
                            deck.where("cards", n, "movement"))
            if "arrival-zone" not in card.not_on and card.event == "storm":
                yield error("event.arrival-zone", f"expected a Storm never on an Arrival "
                            f"Zone (rule 8.3), found not_on: {card.not_on}",
                            deck.where("cards", n))
            if "arrival-zone" not in card.not_on and card.event == "holding":
                yield error("event.arrival-zone", f"expected Holding never on an aircraft on "
                            f"an Arrival Zone (rule 8.5), found not_on: {card.not_on}",
                            deck.where("cards", n))
            if card.event == TECHNICAL_RETURN and card.copies < players:
                yield error("event.technical-return", f"expected at least {players} Technical "
                            f"Return cards, one per player (rule 2.6), found {card.copies}",
                            deck.where("cards", n, "copies"))


def field_findings(field: FlightField) -> Iterator[Finding]:
    """Yield what is wrong with a field's airports, runways and Departure Zones."""
    grid = Grid(tuple(field.columns), field.rows, {})
    letters = [a.airport for a in field.airports]
    if sorted(letters) != ["A", "B"]:
        yield error("field.airports", f"expected Airports A and B, found {letters}",
                    field.where("airports"))
    for n, place in enumerate(field.airports):
        for key, name in (("at", place.at), ("runway", place.runway),
                          *((f"departure_zones.{i}", z)
                            for i, z in enumerate(place.departure_zones))):
            if grid.cell(name) is None:
                yield error("field.space", f"expected a space of columns "
                            f"{field.columns[0]}-{field.columns[-1]} and rows 1-{field.rows}, "
                            f"found {name!r}", field.where("airports", n, *key.split(".")))


def field_geometry(field: FlightField, grid: Grid) -> Iterator[Finding]:
    """Yield what is wrong with a well-named field's distance, runways and zones."""
    a, b = grid.airports["A"], grid.airports["B"]
    between = abs(a.at[1] - b.at[1]) - 1
    if a.at[0] != b.at[0] or between != field.distance:
        yield error("field.distance", f"expected the airports in one column with "
                    f"{field.distance} card-lengths between them (rule 2.1), found "
                    f"{grid.name(a.at)} and {grid.name(b.at)}", field.where("airports"))
        return
    for n, place in enumerate(field.airports):
        own = grid.airports[place.airport]
        step = grid.heading(place.airport)
        if own.runway != (own.at[0], own.at[1] + step):
            yield error("field.runway", f"expected Runway {place.airport} next to its airport, "
                        f"facing the other (rule 2.2), found {place.runway}",
                        field.where("airports", n, "runway"))
        sides = {(own.at[0] - 1, own.at[1]), (own.at[0] + 1, own.at[1])}
        for i, zone in enumerate(own.departure_zones):
            if zone not in sides or not grid.is_space(zone):
                yield error("field.departure-zone", f"expected a Departure Zone on a side of "
                            f"Airport {place.airport} (rule 5.2), found {grid.name(zone)}",
                            field.where("airports", n, "departure_zones", i))
            elif not grid.reaches(place.airport, zone, grid.destination(place.airport).runway):
                yield error("field.path", f"expected a way from Departure Zone "
                            f"{grid.name(zone)} to the opposite Arrival Zone (rule 5.3)",
                            field.where("airports", n, "departure_zones", i))


@rules.check
def field_is_playable(game: GameContent) -> Iterator[Finding]:
    """Both airports 5 card-lengths apart, a runway next to each facing the other, Departure
    Zones on their sides, and a way from each to the opposite Arrival Zone."""
    for field in game.of_type(FlightField):
        found = list(field_findings(field))
        yield from found
        grid = grid_of(field)
        if not found and grid is not None:
            yield from field_geometry(field, grid)


@rules.check
def turn_rules_fit(game: GameContent) -> Iterator[Finding]:
    """At most as many Movement cards a turn as cards (rule 6.1)."""
    for turn in game.of_type(TurnRules):
        if turn.movement_cards > turn.cards:
            yield error("turn.movement-cards", f"expected at most {turn.cards} Movement cards "
                        f"a turn, the cards a turn (rule 6.1), found {turn.movement_cards}",
                        turn.where("movement_cards"))


@rules.fact("sound field", needs=(field_is_playable,))
def sound_field(game: GameContent) -> Grid | None:
    """The field's grid, when the game has one sound field."""
    fields = game.of_type(FlightField)
    return grid_of(fields[0]) if len(fields) == 1 else None
