"""What Rushing Tin's content defines for the references its files and records make: routes
(the hand-off cards), airlines (the rules tables), entry/exit points, hexes (the sector map),
sectors (their Sector Logs) and plane IDs (the plane cubes); ``pnp schema`` lists them."""

from __future__ import annotations

from collections.abc import Iterator

from ...content.game import GameContent
from ...content.plugin import Rules
from .model import HandOffDeck, PlaneCubes, RandomEventDeck, RulesTables, Sector, SectorMap

rules = Rules()


@rules.reference("route")
def routes(game: GameContent) -> Iterator[str]:
    """Yield the route of every hand-off card and every Celebrity Jet."""
    for deck in game.of_type(HandOffDeck):
        yield from (card.route for card in deck.cards)
    for events in game.of_type(RandomEventDeck):
        yield from (card.route for card in events.cards if card.route)


@rules.reference("airline")
def airlines(game: GameContent) -> Iterator[str]:
    """Yield each airline's initials."""
    for tables in game.of_type(RulesTables):
        yield from (airline.code for airline in tables.airlines)


@rules.reference("entry-point")
def entry_points(game: GameContent) -> Iterator[str]:
    """Yield the number of every entry/exit point on the map."""
    for board in game.of_type(SectorMap):
        yield from (point.number for point in board.points)


@rules.reference("hex")
def hexes(game: GameContent) -> Iterator[str]:
    """Yield every hex as the map prints it: column then row, from 01."""
    for board in game.of_type(SectorMap):
        yield from (f"{col:02d}{row:02d}" for col in range(1, board.grid.columns + 1)
                    for row in range(1, board.grid.rows + 1))


@rules.reference("sector")
def sectors(game: GameContent) -> Iterator[str]:
    """Yield every sector's code."""
    yield from (sector.code for sector in game.of_type(Sector))


@rules.reference("plane")
def planes(game: GameContent) -> Iterator[int]:
    """Yield the Plane ID of every plane cube (a Celebrity Jet may take another)."""
    for cubes in game.of_type(PlaneCubes):
        yield from cubes.planes
