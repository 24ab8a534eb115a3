"""Each board whole on one page: ``boards/<id>-a3.pdf`` (scaled to fit A3) and
``boards/<id>-poster.pdf`` (true size, for a print shop)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ...core.digests import code_digest
from ...layout.printables import Board
from ..faces import Kit
from ..stage import Stage
from .base import Output, Piece, Report

FITS = ("a3", "poster")


@dataclass(frozen=True)
class BoardPiece(Piece):
    """One board on one page, scaled to ``fit``."""

    board: Board
    fit: str


class BoardPdfs(Output[BoardPiece]):
    """Every board on one A3 page and as a poster."""

    name = "boards"

    def pieces(self, kit: Kit) -> list[BoardPiece]:
        return [BoardPiece(f"boards/{board.id}-{fit}{kit.suffix}.pdf",
                           kit.builder.key(kit.faces, board.face, code_digest(), "board-pdf",
                                           fit, board.name), board, fit)
                for board in kit.faces.boards for fit in FITS]

    def write(self, kit: Kit, stage: Stage, pieces: list[BoardPiece]) -> list[Report]:
        if not pieces:
            return []  # no need to import the boards' drawing
        from ...render.board import board_pdf

        reports = []
        for piece in pieces:
            board = piece.board
            data = kit.builder.bytes_for("pdf", piece.key, partial(
                board_pdf, board.face, fit=piece.fit, title=board.name))
            reports.append(Report((piece.path,), str(stage.write(piece.path, data))))
        return reports
