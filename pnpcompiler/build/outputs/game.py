"""A game's own outputs: the writers its module registers with ``@rules.output``."""

from __future__ import annotations

from ..faces import Kit
from ..stage import Stage
from .base import Output, Piece, Report


class GameOutputs(Output[Piece]):
    """Files a game's module writes itself, staged with the rest of the kit."""

    name = "game"

    def pieces(self, kit: Kit) -> list[Piece]:
        # A writer is the game's own code: what it writes is known once it has written.
        return []

    def write(self, kit: Kit, stage: Stage, pieces: list[Piece]) -> list[Report]:
        reports = []
        stage.dir.mkdir(parents=True, exist_ok=True)
        for writer in kit.game.rules.outputs:
            for path in writer(kit.game, stage.dir):
                final = stage.adopt(path)
                reports.append(Report((final.relative_to(stage.out_dir).as_posix(),),
                                      str(final)))
        return reports
