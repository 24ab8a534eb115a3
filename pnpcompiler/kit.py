"""Build a game's print-and-play kit.

The stages, in order (``build_kit``): ``collect`` (components -> printables, forms, boards),
``resolve`` (templates -> faces; forms -> pages), then the writers: one SVG per face and per
board, PNGs when asked, the kit PDF per paper, and each board on one A3 page and as a poster.
Renderers only see resolved faces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .collect import KitParts, collect
from .findings import Finding, Severity, error
from .fsutil import write_atomic
from .layout.model import Face
from .layout.templates import TemplateError, TemplateSet, resolve
from .printables import Board, ItemFaces, ItemGroup, Printable, PrintableItem, SheetPages
from .project import GameContent

#: Reports progress: (what is being done, units done so far, units in all).
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class KitOptions:
    """How to print: paper, bleed, marks, duplex, printer offset, component filter."""

    paper: str = "a4"
    bleed: float = 3.0
    crop_marks: bool = True
    duplex: str = "long"
    """``long`` or ``short``: the edge the printer flips the sheet over; ``fold``: fronts and
    backs side by side on one page, to fold in half and glue."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    only: tuple[str, ...] = ()
    """Bill-of-materials ids or component names to build; everything when empty."""
    ink_saver: bool = False
    """Grayscale, without full-bleed backgrounds, pale fills."""
    png_dpi: int = 0
    """Also write a PNG of every face at this resolution; none when 0."""


@dataclass
class Resolved:
    """A game's kit with every template resolved: what the writers draw."""

    groups: list[ItemGroup]
    sheets: list[tuple[str, str, Any]]
    """(component, name, generic sheet): laid out per paper by the PDF writer."""
    boards: list[Board]


def _context(game: GameContent, printable: Printable, item: PrintableItem) -> dict[str, Any]:
    """Return the variables a template sees for one item."""
    return {
        "game": {"title": game.manifest.title, "slug": game.slug},
        "component": {"id": printable.component, "name": printable.name},
        "item": item.item,
        "fields": dict(item.front.fields),
        **item.context,
    }


def resolve_printable(game: GameContent, templates: TemplateSet, printable: Printable,
                      options: KitOptions) -> tuple[ItemGroup, list[Finding]]:
    """Resolve every item's front and back templates into faces."""
    bleed = options.bleed if printable.bleed is None else printable.bleed
    group = ItemGroup(printable.component, printable.name, printable.size, bleed,
                      printable.noun, printable.shape, printable.crop_marks)
    findings: list[Finding] = []
    backs: dict[str, Face] = {}
    for item in printable.items:
        if not item.front.template:
            findings.append(error("template.none", f"{item.id} has no template and its "
                                  f"{printable.noun} set names none", item.where))
            continue
        context = _context(game, printable, item)
        try:
            front, found = resolve(templates, item.front.template, context, printable.size,
                                   bleed, item.id, item.where)
            findings += found
            back = None
            if item.back is not None:
                key = item.back_id or f"{item.id}-back"
                if key not in backs:
                    back_context = {**context, "back": dict(item.back.fields)}
                    backs[key], found = resolve(templates, item.back.template, back_context,
                                                printable.size, bleed, key, item.where)
                    findings += found
                back = backs[key]
        except TemplateError as exc:
            findings.append(exc.finding)
            continue
        group.items.append(ItemFaces(item.id, front, back, item.back_id if back else None,
                                     item.copies))
    return group, findings


def resolve_parts(game: GameContent, templates: TemplateSet, parts: KitParts,
                  options: KitOptions, progress: Progress | None = None
                  ) -> tuple[Resolved, list[Finding]]:
    """Resolve every printable's faces; forms and boards pass through."""
    findings: list[Finding] = []
    groups = []
    total = sum(len(p.items) for p in parts.printables)
    done = 0
    for printable in parts.printables:
        group, found = resolve_printable(game, templates, printable, options)
        findings += found
        if group.items:
            groups.append(group)
        done += len(printable.items)
        if progress:
            progress("faces", done, total)
    boards = list(parts.boards)
    if options.ink_saver:
        from .layout.ink import ink_saver

        for group in groups:
            for item in group.items:
                item.front = ink_saver(item.front)
                item.back = ink_saver(item.back) if item.back else None
        boards = [replace(b, face=ink_saver(b.face)) for b in boards]
    return Resolved(groups, parts.sheets, boards), findings


def sheet_pages_for(resolved: Resolved, paper: str, ink: bool
                    ) -> tuple[list[SheetPages], list[Finding]]:
    """Lay out every form on ``paper``."""
    from .layout.sheet import sheet_pages

    out = []
    findings: list[Finding] = []
    for component, name, sheet in resolved.sheets:
        pages, found = sheet_pages(sheet, paper)
        findings += found
        if ink:
            from .layout.ink import ink_saver

            pages.pages = [ink_saver(page) for page in pages.pages]
        out.append(replace(pages, component=component, name=name))
    return out, findings


def item_faces(resolved: Resolved) -> Iterator[tuple[str, str, Face]]:
    """Yield (component, id, face) for every front and each shared back once."""
    for group in resolved.groups:
        done_backs: set[str] = set()
        for item in group.items:
            yield group.component, item.id, item.front
            back_id = item.back_id or f"{item.id}-back"
            if item.back is not None and back_id not in done_backs:
                done_backs.add(back_id)
                yield group.component, back_id, item.back


def write_svgs(resolved: Resolved, out_dir: Path, folder: str = "svg") -> list[Path]:
    """Write every front as ``svg/<component>/<id>.svg``, each back once, and each board."""
    from .render.svg import face_svg

    written: list[Path] = []
    for component, name, face in item_faces(resolved):
        path = out_dir / folder / component / f"{name}.svg"
        write_atomic(path, face_svg(face, title=name))
        written.append(path)
    for board in resolved.boards:
        path = out_dir / folder / board.component / f"{board.id}.svg"
        write_atomic(path, face_svg(board.face, title=board.name))
        written.append(path)
    return written


def write_pngs(resolved: Resolved, out_dir: Path, dpi: int, folder: str = "png") -> list[Path]:
    """Write a PNG of every front and back: ``png/<component>/<id>.png``."""
    from .render.png import faces_to_png

    jobs = [(out_dir / folder / component / f"{name}.png", face)
            for component, name, face in item_faces(resolved)]
    for path, data in faces_to_png([face for _, face in jobs], dpi, [p for p, _ in jobs]):
        write_atomic(path, data)
    return [path for path, _ in jobs]


@dataclass
class KitReport:
    """One written kit PDF: its path, page count and contents rows."""

    path: Path
    pages: int
    rows: list[Any]


def write_pdf(game: GameContent, resolved: Resolved, out_dir: Path, options: KitOptions,
              progress: Progress | None = None, sheets: list[SheetPages] | None = None
              ) -> tuple[KitReport, list[Finding]]:
    """Write ``<game>-<paper>.pdf``: contents, items with backs, forms, tiled boards.
    ``sheets`` are the forms already laid out on this paper (laid out here when None)."""
    from .render.kitpdf import PdfOptions, write_kit_pdf

    findings: list[Finding] = []
    if sheets is None:
        sheets, findings = sheet_pages_for(resolved, options.paper, options.ink_saver)
    suffix = "-ink-saver" if options.ink_saver else ""
    path = out_dir / f"{game.slug}-{options.paper}{suffix}.pdf"
    pdf_options = PdfOptions(options.paper, options.bleed, options.crop_marks, options.duplex,
                             options.back_offset)
    done = 0

    def pages_done(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(f"pdf {options.paper}", done, 0)

    data, report = write_kit_pdf(game.manifest.title, resolved.groups, sheets, resolved.boards,
                                 pdf_options, pages_done)
    write_atomic(path, data)
    return KitReport(path, report.pages, report.rows), findings


def write_board_pdfs(resolved: Resolved, out_dir: Path, ink: bool) -> list[Path]:
    """Write each board whole on one page: ``boards/<id>-a3.pdf`` (scaled to fit A3) and
    ``boards/<id>-poster.pdf`` (true size, for a print shop)."""
    from .render.board import board_pdf

    suffix = "-ink-saver" if ink else ""
    written = []
    for board in resolved.boards:
        for fit in ("a3", "poster"):
            path = out_dir / "boards" / f"{board.id}-{fit}{suffix}.pdf"
            write_atomic(path, board_pdf(board.face, fit=fit, title=board.name))
            written.append(path)
    return written


def _unique(findings: list[Finding]) -> list[Finding]:
    """Drop repeats: a template error shows once however many items use the template."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for f in findings:
        key = (f.code, f.message, str(f.location))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


@dataclass
class KitResult:
    """What ``build_kit`` wrote and found."""

    written: list[Path]
    reports: list[KitReport]
    findings: list[Finding]
    faces: int = 0
    """How many SVG faces were written."""


def build_kit(game: GameContent, templates: TemplateSet, out_dir: Path, options: KitOptions,
              papers: tuple[str, ...] = (), progress: Progress | None = None) -> KitResult:
    """Build the kit: collect, resolve, then write SVGs, PNGs, one PDF per paper (the
    options' paper when none are given) and the whole-board PDFs. Writes nothing when a
    template or a form fails."""
    parts = collect(game, options.only)
    resolved, findings = resolve_parts(game, templates, parts, options, progress)
    forms: dict[str, list[SheetPages]] = {}
    for paper in papers or (options.paper,):
        # Lay the forms out before writing anything, so a failure leaves no partial kit.
        forms[paper], found = sheet_pages_for(resolved, paper, options.ink_saver)
        findings += found
    findings = _unique(findings)
    if any(f.severity is Severity.ERROR for f in findings):
        return KitResult([], [], findings)
    if not (resolved.groups or resolved.sheets or resolved.boards):
        return KitResult([], [], findings)
    ink = options.ink_saver
    written = write_svgs(resolved, out_dir, "svg-ink-saver" if ink else "svg")
    faces = len(written)
    if options.png_dpi:
        written += write_pngs(resolved, out_dir, options.png_dpi,
                              "png-ink-saver" if ink else "png")
    reports = []
    for paper in papers or (options.paper,):
        report, _ = write_pdf(game, resolved, out_dir, replace(options, paper=paper), progress,
                              forms[paper])
        written.append(report.path)
        reports.append(report)
    written += write_board_pdfs(resolved, out_dir, ink)
    return KitResult(written, reports, findings, faces)
