"""The reprint PDF (``--changed-since``), one per paper: ``<game>-<paper>-changed.pdf``, the
kit PDF cut down to the cards, counters and other items whose front or back changed since an
earlier build or a git revision, each with its back and its copies, so playtesters replace a
handful of cards instead of printing the kit again. Forms and boards are not in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.digests import canonical_json, code_digest, digest
from ..faces import Kit
from ..options import BuildOptions
from ..stage import Stage
from ..versions import changed_groups
from .base import Output, Report
from .kit_pdf import PaperPiece, pdf_options

if TYPE_CHECKING:
    from ...layout.printables import ItemGroup
    from ...render.kitpdf import PdfOptions


def _changed(kit: Kit) -> list[ItemGroup]:
    """Return the kit's items whose faces changed since the reference."""
    return changed_groups(kit.faces.groups, kit.since or {})


class ReprintPdfs(Output[PaperPiece]):
    """Only what changed since ``--changed-since``, a PDF per paper of the options."""

    name = "reprint-pdf"

    def wanted(self, options: BuildOptions) -> bool:
        return bool(options.changed_since)

    def pieces(self, kit: Kit) -> list[PaperPiece]:
        changed = _changed(kit)
        if not changed:
            return []
        keyed = kit.builder.cache.enabled
        faces = [[g.component, [[i.id, i.front_mark, i.back_mark, i.copies] for i in g.items]]
                 for g in changed]
        return [PaperPiece(f"{kit.game.slug}-{paper.value}{kit.suffix}-changed.pdf",
                           digest(code_digest(), "reprint-pdf", canonical_json(faces),
                                  repr(pdf_options(kit, paper))) if keyed else "", paper)
                for paper in kit.options.papers]

    def write(self, kit: Kit, stage: Stage, pieces: list[PaperPiece]) -> list[Report]:
        from ...render.kitpdf import write_kit_pdf

        since = kit.options.changed_since
        changed = _changed(kit)
        if not pieces:
            return [Report((), f"no reprint (nothing changed since {since})")]
        names = tuple(f"{g.name}: {', '.join(i.id for i in g.items)}" for g in changed)
        count = sum(len(g.items) for g in changed)
        reports = []
        title = f"{kit.game.manifest.title}: changed since {since}"
        for piece in pieces:
            options = pdf_options(kit, piece.paper)

            def draw(options: PdfOptions = options) -> bytes:
                return write_kit_pdf(title, changed, [], [], options)[0]

            data = kit.builder.bytes_for("pdf", piece.key, draw)
            path = stage.write(piece.path, data)
            reports.append(Report((piece.path,), f"{path} ({count} item"
                                  f"{'' if count == 1 else 's'} changed since {since}, with "
                                  "their backs)", names))
        return reports
