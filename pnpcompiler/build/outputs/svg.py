"""An SVG of every face and board: ``svg/<component>/<id>.svg``.

SVGs are not kept in the build cache: a face's SVG is written faster than it is read back,
each element's XML once however many faces hold it (:mod:`~pnpcompiler.render.svg`). When
there are many, they are drawn and staged in a second process
(:mod:`~pnpcompiler.build.background`) while the build writes the other outputs; only the
digest of each file staged comes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ...layout.model import Face
from ..background import Background
from ..faces import Kit, item_faces
from ..options import BuildOptions
from ..stage import Stage
from .base import Output, Piece, Report, Writing

FORK_AT = 64
"""Faces to draw before drawing them in a second process pays for starting it."""


@dataclass(frozen=True)
class FacePiece(Piece):
    """A file drawn from one face (``title``: the board's name, None for an item's face)."""

    face: Face
    title: str | None


def face_pieces(kit: Kit, folder: str) -> list[FacePiece]:
    """Return ``<folder>/<component>/<id>.svg`` for every front, each back once and each
    board, made afresh every build (no cache key)."""
    faces = [(component, name, face, name) for component, name, face in item_faces(kit.faces)]
    faces += [(b.component, b.id, b.face, b.name) for b in kit.faces.boards]
    return [FacePiece(f"{folder}/{component}/{name}.svg", "", face, title)
            for component, name, face, title in faces]


class FaceSvgs(Output[FacePiece]):
    """Every face and board as SVG."""

    name = "svg"
    background = True

    def wanted(self, options: BuildOptions) -> bool:
        return options.svg

    def pieces(self, kit: Kit) -> list[FacePiece]:
        return face_pieces(kit, f"svg{kit.suffix}")

    def write(self, kit: Kit, stage: Stage, pieces: list[FacePiece]) -> list[Report]:
        return self.start(kit, stage, pieces).finish()

    def start(self, kit: Kit, stage: Stage, pieces: list[FacePiece]) -> Writing:
        staging = Background(partial(_stage_svgs, stage, pieces), fork=len(pieces) >= FORK_AT)
        folder = kit.out_dir / f"svg{kit.suffix}"
        return Writing(partial(_finish, staging, stage, pieces, folder), staging.cancel)


def _stage_svgs(stage: Stage, pieces: list[FacePiece]
                ) -> list[tuple[str, tuple[int, int] | None] | None]:
    """Draw and stage every face; return, per face, the digest of the file staged and its
    (size, mtime_ns) as written (None when the file in place was kept)."""
    from ...render.svg import faces_svg

    for piece, text in zip(pieces, faces_svg([(p.face, p.title) for p in pieces]),
                           strict=True):
        stage.write(piece.path, text.encode("utf-8"))
    return [(stage.staged[p.path], stage.as_written.get(p.path)) if p.path in stage.staged
            else None for p in pieces]


def _finish(staging: Background[list[tuple[str, tuple[int, int] | None] | None]],
            stage: Stage, pieces: list[FacePiece], folder: Path) -> list[Report]:
    """Record every face staged in ``stage`` (by a second process, or here)."""
    for piece, staged in zip(pieces, staging.result(), strict=True):
        stage.staged_elsewhere(piece.path, *(staged or (None,)))
    if not pieces:
        return []
    return [Report(tuple(p.path for p in pieces),
                   f"{len(pieces)} SVG faces and boards to {folder}")]
