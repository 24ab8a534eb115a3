"""``content.json``: the game's validated content model, as ``pnp export`` prints it."""

from __future__ import annotations

from ...core.findings import summary
from ..faces import Kit
from ..stage import Stage
from .base import Output, Piece, Report


class ContentJson(Output[Piece]):
    """The exported content model beside the kit."""

    name = "content.json"

    def pieces(self, kit: Kit) -> list[Piece]:
        # Not cached: exporting takes a few milliseconds, no more than reading it back.
        return [Piece("content.json", "")]

    def write(self, kit: Kit, stage: Stage, pieces: list[Piece]) -> list[Report]:
        from ...content.export import export_game, to_json

        game = kit.game
        (piece,) = pieces
        path = stage.write(piece.path, to_json(export_game(game)))
        count = sum(c.pieces() for c in game.components.values())
        return [Report((piece.path,), f"{path} ({len(game.components)} content files, "
                                      f"{count} pieces; {summary(kit.content_findings)})")]
