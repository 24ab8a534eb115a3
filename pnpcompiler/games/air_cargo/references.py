"""What Air Cargo's content defines for the references its files and records make: places by
id (the map's example flights), places as a record names them (an airport's dice ID or name,
a beacon's ident or name) and the hazard checks a leg may make; ``pnp schema`` lists them."""

from __future__ import annotations

from collections.abc import Iterator

from ...content.game import GameContent
from ...content.plugin import Rules
from .model import AirCargoMap, Airport

rules = Rules()

LANDING = "landing"
"""The hazard check made on landing (the referee's word for it)."""


@rules.reference("place-id")
def place_ids(game: GameContent) -> Iterator[str]:
    """Yield the id of every airport and beacon."""
    for board in game.of_type(AirCargoMap):
        yield from (place.id for place in board.places())


@rules.reference("place")
def places(game: GameContent) -> Iterator[str | int]:
    """Yield each airport's dice ID and name and each beacon's ident and name, as the
    content writes them (the referee also reads them in any case)."""
    for board in game.of_type(AirCargoMap):
        for place in board.places():
            if isinstance(place, Airport):
                yield place.dice_id
            else:
                yield place.code
            if place.name:
                yield place.name


@rules.reference("hazard-check")
def hazard_checks(game: GameContent) -> Iterator[str]:
    """Yield every mountain range's id and name, and the landing."""
    yield LANDING
    for board in game.of_type(AirCargoMap):
        for mountain in board.mountains:
            yield mountain.id
            if mountain.name:
                yield mountain.name
