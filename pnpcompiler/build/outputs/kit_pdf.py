"""The kit PDF, one per paper: ``<game>-<paper>.pdf``: a calibration sheet, the contents,
every item with its backs, the forms, the boards tiled over several pages.

A PDF is read back from the cache when none of its faces, forms, boards or print options
changed; otherwise it is drawn again from the faces (which come from the cache themselves).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.digests import canonical_json, code_digest, digest
from ..faces import Kit
from ..options import Paper
from ..stage import Stage
from .base import Output, Piece, Report

if TYPE_CHECKING:
    from ...render.kitpdf import ContentsRow, PdfOptions, PdfReport


@dataclass(frozen=True)
class PaperPiece(Piece):
    """The kit PDF on one paper."""

    paper: Paper


def pdf_options(kit: Kit, paper: Paper) -> PdfOptions:
    """Return what the PDF renderer needs of the options, in its own plain terms."""
    from ...render.kitpdf import PdfOptions

    options = kit.options
    return PdfOptions(paper.value, options.bleed, options.crop_marks, options.duplex.value,
                      options.back_offset)


class KitPdfs(Output[PaperPiece]):
    """The printable kit, a PDF per paper of the options."""

    name = "kit-pdf"

    def pieces(self, kit: Kit) -> list[PaperPiece]:
        if kit.empty:
            return []
        keyed = kit.builder.cache.enabled
        return [PaperPiece(f"{kit.game.slug}-{paper.value}{kit.suffix}.pdf",
                           pdf_key(kit, paper) if keyed else "", paper)
                for paper in kit.options.papers]

    def write(self, kit: Kit, stage: Stage, pieces: list[PaperPiece]) -> list[Report]:
        reports = []
        for piece in pieces:
            data, report = _cached(kit, piece.key) or _draw(kit, piece)
            path = stage.write(piece.path, data)
            reports.append(Report((piece.path,), f"{path} ({report.pages} pages on "
                                  f"{report.sheets} sheets)", tuple(
                f"{row.name}: {row.items} on {_pages(row)}, {row.layout}"
                for row in report.rows)))
        return reports


def _pages(row: ContentsRow) -> str:
    """Return a component's pages in words (``page 5``, ``pages 5-12``)."""
    return f"page{'s' if row.last_page > row.first_page else ''} {row.pages}"


def _cached(kit: Kit, key: str) -> tuple[bytes, PdfReport] | None:
    """Return a PDF the cache holds under ``key``, with what went into it."""
    from ...render.kitpdf import ContentsRow, PdfReport

    cache = kit.builder.cache
    if not key or (cached := cache.get_json("pdf-report", key)) is None:
        return None
    try:
        rows = [ContentsRow(str(a), int(b), str(c), int(d), str(e), int(f))
                for a, b, c, d, e, f in cached["rows"]]
        report = PdfReport(None, int(cached["pages"]), rows, int(cached["sheets"]))
    except (KeyError, TypeError, ValueError):
        return None
    data = cache.get("pdf", key)
    return None if data is None else (data, report)


def _draw(kit: Kit, piece: PaperPiece) -> tuple[bytes, PdfReport]:
    """Draw the kit PDF on the piece's paper, keeping it in the cache under its key."""
    from ...render.kitpdf import write_kit_pdf

    done = 0

    def pages_done(n: int) -> None:
        nonlocal done
        done += n
        kit.progress(f"pdf {piece.paper.value}", done, 0)

    faces = kit.faces
    data, report = write_kit_pdf(kit.game.manifest.title, faces.groups, kit.forms[piece.paper],
                                 faces.boards, pdf_options(kit, piece.paper), pages_done)
    if piece.key:
        cache = kit.builder.cache
        cache.put("pdf", piece.key, data)
        cache.put_json("pdf-report", piece.key, {
            "pages": report.pages, "sheets": report.sheets,
            "rows": [[r.name, r.count, r.noun, r.first_page, r.layout, r.last_page]
                     for r in report.rows]})
    return data, report


def pdf_key(kit: Kit, paper: Paper) -> str:
    """Return the digest of everything the kit PDF draws: every face by its digest, how many
    copies and where they belong, the forms' pages, the boards and the print options."""
    resolved = kit.faces
    groups = [[g.component, g.name, list(g.size), g.bleed, g.noun, g.shape, g.crop_marks,
               [[i.id, resolved.digest_of(i.front),
                 resolved.digest_of(i.back) if i.back else None, i.back_id, i.copies]
                for i in g.items]] for g in resolved.groups]
    forms = [[f.component, f.name, f.copies, [resolved.digest_of(p) for p in f.pages]]
             for f in kit.forms[paper]]
    boards = [[b.component, b.id, b.name, resolved.digest_of(b.face)] for b in resolved.boards]
    options: Any = pdf_options(kit, paper)
    return digest(code_digest(), "kit-pdf", kit.game.manifest.title, repr(options),
                  canonical_json([groups, forms, boards]))
