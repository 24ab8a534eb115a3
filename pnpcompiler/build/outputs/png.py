"""A PNG of every front and back at the options' resolution: ``png/<component>/<id>.png``.

Only the faces the cache does not hold are rasterised, all in one go.
"""

from __future__ import annotations

from pathlib import Path

from ..faces import Kit, item_faces
from ..options import BuildOptions
from ..stage import Stage
from .base import Output, Report
from .svg import FacePiece


class FacePngs(Output[FacePiece]):
    """Every item's faces as PNG images (with ``--png DPI``)."""

    name = "png"

    def wanted(self, options: BuildOptions) -> bool:
        return options.png_dpi > 0

    def pieces(self, kit: Kit) -> list[FacePiece]:
        dpi = str(kit.options.png_dpi)
        return [FacePiece(f"png{kit.suffix}/{component}/{name}.png",
                          kit.builder.key(kit.faces, face, "png", dpi), face, None)
                for component, name, face in item_faces(kit.faces)]

    def write(self, kit: Kit, stage: Stage, pieces: list[FacePiece]) -> list[Report]:
        from ...render.png import faces_to_png

        cache = kit.builder.cache
        data: dict[str, bytes] = {}
        missing = []
        for piece in pieces:
            cached = cache.get("png", piece.key) if piece.key else None
            if cached is None:
                missing.append(piece)
            else:
                data[piece.path] = cached
        drawn = faces_to_png([p.face for p in missing], kit.options.png_dpi,
                             [Path(p.path) for p in missing])
        for piece, (_, made) in zip(missing, drawn, strict=True):
            if piece.key:
                cache.put("png", piece.key, made)
            data[piece.path] = made
        for piece in pieces:
            stage.write(piece.path, data[piece.path])
        if not pieces:
            return []
        return [Report(tuple(p.path for p in pieces),
                       f"{len(pieces)} PNG images to {kit.out_dir / f'png{kit.suffix}'}")]
