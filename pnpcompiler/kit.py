"""Build a game's print-and-play kit: resolve every card face from its template, then write
one SVG per face and the imposed kit PDF (contents page, fronts, mirrored duplex backs).

The stages, in order: ``faces_for`` (content + templates -> resolved faces), ``write_svgs``,
``write_pdf``. Renderers only see resolved faces.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .components.deck import Deck
from .findings import Finding, error
from .fsutil import write_atomic
from .layout.model import Face
from .layout.templates import TemplateError, TemplateSet, resolve
from .project import GameContent
from .render.impose import PAPERS, Sheet, plan


@dataclass(frozen=True)
class KitOptions:
    """How to print: paper, bleed, marks, duplex, printer offset, component filter."""

    paper: str = "a4"
    bleed: float = 3.0
    crop_marks: bool = True
    duplex: str = "long"
    """``long`` or ``short``: the edge the printer flips the sheet over."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    only: tuple[str, ...] = ()
    """Bill-of-materials ids or component names to build; everything when empty."""
    ink_saver: bool = False
    """Grayscale, without full-bleed backgrounds, pale fills."""


@dataclass
class CardFaces:
    """One card design: its front, its back (if any), and how many copies to print."""

    id: str
    front: Face
    back: Face | None
    back_id: str | None
    copies: int


@dataclass
class DeckFaces:
    """The resolved faces of one deck file."""

    component: str
    name: str
    size: tuple[float, float]
    cards: list[CardFaces] = field(default_factory=list)

    @property
    def count(self) -> int:
        """Return how many cards are printed."""
        return sum(card.copies for card in self.cards)


def item_context(game: GameContent, component: Any, item: Any) -> dict[str, Any]:
    """Return the variables a template sees for one item."""
    context: dict[str, Any] = {
        "game": {"title": game.manifest.title, "slug": game.slug},
        "component": {"id": component.component, "name": component.name},
        "item": item.model_dump(mode="json"),
        "fields": dict(getattr(item, "fields", {}) or {}),
    }
    extra = game.rules.contexts.get(component.kind)
    if extra is not None:
        context.update(extra(game, component, item))
    return context


def _selected(deck: Deck[Any], options: KitOptions) -> bool:
    if not options.only:
        return True
    names = {deck.component, deck.name, deck.kind}
    names |= {card.component for card in deck.cards}
    return bool(names & set(options.only))


def faces_for(game: GameContent, templates: TemplateSet, options: KitOptions
              ) -> tuple[list[DeckFaces], list[Finding]]:
    """Resolve the faces of every deck that has templates."""
    decks, findings = _faces_for(game, templates, options)
    if options.ink_saver:
        from .layout.ink import ink_saver

        for deck in decks:
            for card in deck.cards:
                card.front = ink_saver(card.front)
                card.back = ink_saver(card.back) if card.back else None
    return decks, findings


def _faces_for(game: GameContent, templates: TemplateSet, options: KitOptions
               ) -> tuple[list[DeckFaces], list[Finding]]:
    findings: list[Finding] = []
    decks: list[DeckFaces] = []
    for deck in game.of_type(Deck):
        if not _selected(deck, options):
            continue
        if deck.template is None and not any(card.template for card in deck.cards):
            continue
        size = deck.size_mm()
        out = DeckFaces(deck.component or deck.kind, deck.name or deck.component or deck.kind,
                        size)
        backs: dict[str, Face] = {}
        for back in deck.backs:
            if back.template is None:
                continue
            try:
                face, found = resolve(templates, back.template,
                                      {**item_context(game, deck, back), "back": back.fields},
                                      size, options.bleed, back.id,
                                      deck.where("backs"))
            except TemplateError as exc:
                findings.append(exc.finding)
                continue
            findings += found
            backs[back.id] = face
        default_back = deck.backs[0].id if deck.backs else None
        for i, card in enumerate(deck.cards):
            name = card.template or deck.template
            if name is None:
                findings.append(error("template.none", f"card {card.id} has no template and "
                                      "its deck names none", deck.where("cards", i)))
                continue
            try:
                front, found = resolve(templates, name, item_context(game, deck, card), size,
                                       options.bleed, card.id, deck.where("cards", i))
            except TemplateError as exc:
                findings.append(exc.finding)
                continue
            findings += found
            back_id = card.back or default_back
            out.cards.append(CardFaces(card.id, front, backs.get(back_id or ""), back_id,
                                       card.copies))
        decks.append(out)
    return decks, findings


def write_svgs(decks: list[DeckFaces], out_dir: Path, folder: str = "svg") -> list[Path]:
    """Write each front as ``svg/<component>/<id>.svg`` and each back once."""
    from .render.svg import face_svg

    written: list[Path] = []
    for deck in decks:
        done_backs: set[str] = set()
        for card in deck.cards:
            path = out_dir / folder / deck.component / f"{card.id}.svg"
            write_atomic(path, face_svg(card.front, title=card.id))
            written.append(path)
            if card.back is not None and card.back_id and card.back_id not in done_backs:
                done_backs.add(card.back_id)
                path = out_dir / folder / deck.component / f"{card.back_id}.svg"
                write_atomic(path, face_svg(card.back, title=card.back_id))
                written.append(path)
    return written


@dataclass
class PdfReport:
    """What went into a kit PDF."""

    path: Path
    pages: int
    rows: list[tuple[str, int, int, str]]
    """(component, items, first page, layout) for the contents page."""


def _copies(deck: DeckFaces) -> Iterator[CardFaces]:
    for card in deck.cards:
        for _ in range(card.copies):
            yield card


def write_pdf(game: GameContent, decks: list[DeckFaces], out_dir: Path, options: KitOptions
              ) -> PdfReport:
    """Write ``<game>-<paper>.pdf``: a contents page, then each deck's sheets, each sheet of
    fronts followed by its sheet of backs, placed for duplex printing."""
    from reportlab.pdfgen.canvas import Canvas

    from .layout.text import register_fonts
    from .render.pdf import K, PageDraw

    register_fonts()
    suffix = "-ink-saver" if options.ink_saver else ""
    path = out_dir / f"{game.slug}-{options.paper}{suffix}.pdf"
    plans = [(deck, plan(deck.size[0], deck.size[1], options.bleed, options.paper,
                         marks=options.crop_marks)) for deck in decks]
    # Page numbers for the contents page: page 1 is the contents.
    rows: list[tuple[str, int, int, str]] = []
    page = 2
    for deck, sheet in plans:
        sheets = -(-deck.count // sheet.per_page)
        has_backs = any(card.back for card in deck.cards)
        rows.append((deck.name, deck.count, page, f"{sheet.cols} x {sheet.rows}, "
                     f"{'landscape' if sheet.landscape else 'portrait'}"
                     + (", with backs" if has_backs else "")))
        page += sheets * (2 if has_backs else 1)

    buffer = io.BytesIO()
    pw, ph = PAPERS[options.paper]
    canvas = Canvas(buffer, pagesize=(pw * K, ph * K), invariant=1, pageCompression=1,
                    initialFontName="Vera", initialFontSize=9)
    canvas.setTitle(f"{game.manifest.title} - print-and-play kit ({options.paper.upper()})")
    canvas.setAuthor("pnpcompiler")
    canvas.setCreator("pnpcompiler")
    _contents_page(canvas, game, rows, options, pw, ph)
    forms: dict[tuple[str, str], str] = {}
    for d, (deck, sheet) in enumerate(plans):
        cards = list(_copies(deck))
        for start in range(0, len(cards), sheet.per_page):
            batch = cards[start:start + sheet.per_page]
            _new_page(canvas, sheet)
            draw = PageDraw(canvas, sheet.page_h)
            for i, card in enumerate(batch):
                x, y = sheet.trim(i)
                draw.face(card.front, x, y)
            _marks(canvas, draw, sheet, options)
            _page_label(canvas, draw, sheet, f"{deck.name} - fronts {start // sheet.per_page + 1}")
            canvas.showPage()
            if not any(card.back for card in batch):
                continue
            _new_page(canvas, sheet)
            draw = PageDraw(canvas, sheet.page_h)
            for i, card in enumerate(batch):
                if card.back is None:
                    continue
                x, y = sheet.back(i, options.duplex, options.back_offset)
                key = (str(d), card.back_id or "")
                if key not in forms:
                    forms[key] = f"back{len(forms)}"
                    _define_form(canvas, forms[key], card.back)
                canvas.saveState()
                canvas.translate((x - sheet.bleed) * K,
                                 (sheet.page_h - y - sheet.item_h - sheet.bleed) * K)
                canvas.doForm(forms[key])
                canvas.restoreState()
            _page_label(canvas, draw, sheet, f"{deck.name} - backs {start // sheet.per_page + 1}"
                        f" ({options.duplex}-edge duplex)")
            canvas.showPage()
    pages = canvas.getPageNumber() - 1
    canvas.save()
    write_atomic(path, buffer.getvalue())
    return PdfReport(path, pages, rows)


def _new_page(canvas: Any, sheet: Sheet) -> None:
    from .render.pdf import K

    canvas.setPageSize((sheet.page_w * K, sheet.page_h * K))
    left, top, right, bottom = sheet.grid_box()
    b = sheet.bleed
    canvas.setTrimBox((left * K, (sheet.page_h - bottom) * K, right * K,
                       (sheet.page_h - top) * K))
    canvas.setBleedBox(((left - b) * K, (sheet.page_h - bottom - b) * K, (right + b) * K,
                        (sheet.page_h - top + b) * K))


def _define_form(canvas: Any, name: str, face: Face) -> None:
    """Draw a shared back once as a reusable form (its bleed box from the origin)."""
    from .render.pdf import K, PageDraw

    w, h = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    canvas.beginForm(name, lowerx=0, lowery=0, upperx=w * K, uppery=h * K)
    PageDraw(canvas, h).face(face, face.bleed, face.bleed)
    canvas.endForm()


def _marks(canvas: Any, draw: Any, sheet: Sheet, options: KitOptions) -> None:
    if not options.crop_marks:
        return
    canvas.saveState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.25)
    for x1, y1, x2, y2 in sheet.crop_marks():
        canvas.line(draw.x(x1), draw.y(y1), draw.x(x2), draw.y(y2))
    canvas.restoreState()


def _page_label(canvas: Any, draw: Any, sheet: Sheet, text: str) -> None:
    canvas.saveState()
    canvas.setFont("Vera", 6)
    canvas.setFillColor("#777777")
    canvas.drawString(draw.x(6), draw.y(sheet.page_h - 2.5), text)
    canvas.restoreState()


def _contents_page(canvas: Any, game: GameContent, rows: list[tuple[str, int, int, str]],
                   options: KitOptions, pw: float, ph: float) -> None:
    from .render.pdf import PageDraw

    draw = PageDraw(canvas, ph)
    canvas.setFont("Vera-Bold", 18)
    canvas.drawString(draw.x(20), draw.y(30), game.manifest.title)
    canvas.setFont("Vera", 10)
    canvas.drawString(draw.x(20), draw.y(38), f"Print-and-play kit, {options.paper.upper()}, "
                      f"{options.bleed:g} mm bleed, {options.duplex}-edge duplex")
    canvas.setFont("Vera-Bold", 10)
    y = 52.0
    canvas.drawString(draw.x(20), draw.y(y), "Component")
    canvas.drawRightString(draw.x(108), draw.y(y), "Items")
    canvas.drawRightString(draw.x(124), draw.y(y), "Page")
    canvas.drawString(draw.x(132), draw.y(y), "Layout per page")
    canvas.setFont("Vera", 9)
    for name, count, first, layout in rows:
        y += 6
        canvas.drawString(draw.x(20), draw.y(y), name[:44])
        canvas.drawRightString(draw.x(108), draw.y(y), str(count))
        canvas.drawRightString(draw.x(124), draw.y(y), str(first))
        canvas.drawString(draw.x(132), draw.y(y), layout[:34])
    y += 14
    canvas.setFont("Vera", 8)
    notes = [
        "Print at 100% (no 'fit to page'). Each sheet of fronts is followed by its backs:",
        f"print double-sided, flipping on the {options.duplex} edge. If backs land off-centre,",
        "measure the shift and rebuild with --back-offset X,Y (mm).",
        "Cut along the crop marks in the margins; the coloured bleed around each item is waste.",
    ]
    for line in notes:
        canvas.drawString(draw.x(20), draw.y(y), line)
        y += 4.5
    canvas.showPage()


def _unique(findings: list[Finding]) -> list[Finding]:
    """Drop repeats: a template error shows once however many cards use the template."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for f in findings:
        key = (f.code, f.message, str(f.location))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def build_kit(game: GameContent, templates: TemplateSet, out_dir: Path, options: KitOptions,
              papers: tuple[str, ...] = ()) -> tuple[list[Path], list[PdfReport], list[Finding]]:
    """Build the kit: faces, SVGs, one PDF per paper (``options.paper`` when none are given).
    Writes nothing when a template fails."""
    decks, findings = faces_for(game, templates, options)
    findings = _unique(findings)
    if any(f.severity.name == "ERROR" for f in findings) or not decks:
        return [], [], findings
    written = write_svgs(decks, out_dir, "svg-ink-saver" if options.ink_saver else "svg")
    reports = []
    for paper in papers or (options.paper,):
        report = write_pdf(game, decks, out_dir, replace(options, paper=paper))
        written.append(report.path)
        reports.append(report)
    return written, reports, findings
