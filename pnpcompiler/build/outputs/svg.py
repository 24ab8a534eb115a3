"""An SVG of every face and board: ``svg/<component>/<id>.svg``.

The faces the cache lacks take as long to draw as the kit PDF, and neither needs the other:
when there are many, they are drawn and staged in a second process
(:mod:`~pnpcompiler.build.background`) while the build writes the other outputs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ...layout.model import Face
from ..background import Background
from ..faces import Builder, Kit, item_faces
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
    board, keyed on the face's digest and its title."""
    faces = [(component, name, face, name) for component, name, face in item_faces(kit.faces)]
    faces += [(b.component, b.id, b.face, b.name) for b in kit.faces.boards]
    return [FacePiece(f"{folder}/{component}/{name}.svg",
                      kit.builder.key(kit.faces, face, "svg", title), face, title)
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
        cache = kit.builder.cache
        cached = [cache.get("svg", p.key) if p.key else None for p in pieces]
        todo = sum(data is None for data in cached)
        staging = Background(partial(_stage_svgs, stage, pieces, cached),
                             fork=todo >= FORK_AT)
        folder = kit.out_dir / f"svg{kit.suffix}"
        return Writing(partial(_finish, staging, stage, kit.builder, pieces, folder),
                       staging.cancel)


def _stage_svgs(stage: Stage, pieces: list[FacePiece], cached: list[bytes | None]
                ) -> list[tuple[bytes | None, str | None]]:
    """Draw the faces the cache lacks and stage every face; return, per face, the bytes drawn
    (None when cached) and the digest of the file staged (None when the file in place was
    kept)."""
    from ...render.svg import faces_svg

    drawn = iter(faces_svg([(p.face, p.title) for p, data in zip(pieces, cached, strict=True)
                            if data is None]))
    out: list[tuple[bytes | None, str | None]] = []
    for piece, data in zip(pieces, cached, strict=True):
        made = next(drawn).encode("utf-8") if data is None else data
        stage.write(piece.path, made)
        out.append((None if data is not None else made, stage.staged.get(piece.path)))
    return out


def _finish(staging: Background[list[tuple[bytes | None, str | None]]], stage: Stage,
            builder: Builder, pieces: list[FacePiece], folder: Path) -> list[Report]:
    """Record every staged face in ``stage``, keeping the newly drawn ones in the cache."""
    for piece, (drawn, sha) in zip(pieces, staging.result(), strict=True):
        if drawn is not None and piece.key:
            builder.cache.put("svg", piece.key, drawn)
        stage.staged_elsewhere(piece.path, sha)
    if not pieces:
        return []
    return [Report(tuple(p.path for p in pieces),
                   f"{len(pieces)} SVG faces and boards to {folder}")]
