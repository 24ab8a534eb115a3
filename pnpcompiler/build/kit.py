"""Build a game's print-and-play kit.

The stages, in order (``build_kit``): ``collect`` (components -> printables, forms, boards),
``resolve`` (templates -> faces; forms -> pages), then the writers: one SVG per face and per
board, PNGs when asked, the kit PDF per paper, and each board on one A3 page and as a poster.
Renderers only see resolved faces.

Every stage goes through the build cache (:mod:`pnpcompiler.build.cache`): a face whose inputs did
not change is read back instead of resolved, and its SVG and PNG are reused; the PDFs are
reused when none of their faces changed. Files go to a :class:`~pnpcompiler.build.cache.Stage`,
moved into the output folder only when the whole kit is made.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.project import GameContent
from ..core.findings import Finding, Location, Severity, error
from ..layout.collect import KitParts, collect
from ..layout.model import Face
from ..layout.overlaps import SAFE_MARGIN, board_findings
from ..layout.printables import Board, ItemFaces, ItemGroup, Printable, PrintableItem, SheetPages
from ..layout.templates import TemplateError, TemplateSet, resolve
from ..layout.text import register_declared_fonts
from .background import Background
from .cache import (
    Cache,
    Inputs,
    Stage,
    canonical_json,
    code_digest,
    decode_face_list,
    decode_findings,
    digest,
    encode_faces,
    encode_findings,
)

if TYPE_CHECKING:
    from ..content.assets import GameAssets

#: Reports progress: (what is being done, units done so far, units in all).
Progress = Callable[[str, int, int], None]
#: Faces' digests by ``id``; each entry holds its face, so the id cannot be reused.
Digests = dict[int, tuple[Face, str]]


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
    svg: bool = True
    """Write an SVG of every face and board (off for a build that only wants to print)."""
    safe: float = SAFE_MARGIN
    """How far inside the cut text keeps, in mm (a face may set its own)."""


@dataclass
class Resolved:
    """A game's kit with every template resolved: what the writers draw."""

    groups: list[ItemGroup]
    sheets: list[tuple[str, str, Any]]
    """(component, name, generic sheet): laid out per paper by the PDF writer."""
    boards: list[Board]
    digests: Digests = field(default_factory=dict)
    """The digest naming each face in the cache: the digest of its inputs for resolved faces,
    of its drawing for the others."""

    def digest_of(self, face: Face) -> str:
        """Return the digest that names ``face``'s drawing."""
        known = self.digests.get(id(face))
        if known is None or known[0] is not face:
            known = self.digests[id(face)] = (face, digest("face", encode_faces([face])))
        return known[1]


@dataclass
class Builder:
    """What the stages share: the cache and the digest of the inputs every face has in
    common (pnp's code, the templates, the game's images and fonts)."""

    cache: Cache = field(default_factory=lambda: Cache(None))
    base: str = ""
    assets: GameAssets | None = None
    """The game's pictures and fonts, which templates draw from."""

    @classmethod
    def for_game(cls, game: GameContent, templates: TemplateSet, cache: Cache,
                 inputs: Inputs | None = None) -> Builder:
        """Return the builder of ``game``'s kit; ``inputs`` are the digests of the files it
        reads (read here when the caller has not)."""
        from ..content.assets import game_assets

        assets = register_declared_fonts(game_assets(game)[0])
        if not cache.enabled:
            return cls(cache, "", assets)
        inputs = inputs or Inputs.of(game.root, templates.folders)
        # The folder's own place too: a face keeps the absolute paths of its pictures.
        return cls(cache, digest(code_digest(), inputs.templates, inputs.files,
                                 str(assets.root)), assets)

    def face_key(self, template: str, context: dict[str, Any], size: tuple[float, float],
                 bleed: float, item: str, where: Location | None,
                 safe: float = SAFE_MARGIN) -> str | None:
        """Return the cache key of one resolution, or None when its inputs cannot be keyed."""
        if not self.cache.enabled:
            return None
        try:
            data = canonical_json([context, where.__dict__ if where else None])
        except (TypeError, ValueError):
            return None
        return digest(self.base, "face", template, repr(size), repr(bleed), item, data,
                      repr(safe))

    def resolve(self, templates: TemplateSet, template: str, context: dict[str, Any],
                size: tuple[float, float], bleed: float, item: str, where: Location | None,
                digests: Digests, safe: float = SAFE_MARGIN) -> tuple[Face, list[Finding]]:
        """Resolve one face through the cache (raises TemplateError like ``resolve``)."""
        key = self.face_key(template, context, size, bleed, item, where, safe)
        if key is not None:
            cached = self.cache.get_json("face", key)
            if cached is not None:
                try:
                    face = decode_face_list(cached["faces"])[0]
                    found = decode_findings(cached["findings"])
                except (KeyError, TypeError, ValueError, IndexError):
                    pass
                else:
                    digests[id(face)] = (face, key)
                    return face, found
        face, found = resolve(templates, template, context, size, bleed, item, where,
                              assets=self.assets, safe=safe)
        if key is not None:
            try:
                entry = (b'{"faces":' + encode_faces([face]) + b',"findings":'
                         + json.dumps(encode_findings(found)).encode() + b"}")
            except (TypeError, ValueError):
                pass
            else:
                self.cache.put("face", key, entry)
            digests[id(face)] = (face, key)
        return face, found

    def key(self, resolved: Resolved, face: Face, *parts: str) -> str:
        """Return the cache key of something drawn from ``face`` ("" without a cache)."""
        if not self.cache.enabled:
            return ""
        return digest(resolved.digest_of(face), *parts)

    def bytes_for(self, kind: str, key: str, make: Callable[[], bytes]) -> bytes:
        """Return the cached bytes under ``key``, making and keeping them when missing (just
        making them when ``key`` is empty)."""
        if not key:
            return make()
        data = self.cache.get(kind, key)
        if data is None:
            data = make()
            self.cache.put(kind, key, data)
        return data


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
                      options: KitOptions, builder: Builder | None = None,
                      digests: Digests | None = None
                      ) -> tuple[ItemGroup, list[Finding]]:
    """Resolve every item's front and back templates into faces (through the cache when
    ``builder`` has one)."""
    if builder is None:
        from ..content.assets import game_assets

        builder = Builder(assets=register_declared_fonts(game_assets(game)[0]))
    digests = {} if digests is None else digests
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
            front, found = builder.resolve(templates, item.front.template, context,
                                           printable.size, bleed, item.id, item.where, digests,
                                           options.safe)
            findings += found
            back = None
            if item.back is not None:
                key = item.back_id or f"{item.id}-back"
                if key not in backs:
                    back_context = {**context, "back": dict(item.back.fields)}
                    backs[key], found = builder.resolve(templates, item.back.template,
                                                        back_context, printable.size, bleed,
                                                        key, item.where, digests, options.safe)
                    findings += found
                back = backs[key]
        except TemplateError as exc:
            findings.append(exc.finding)
            continue
        group.items.append(ItemFaces(item.id, front, back, item.back_id if back else None,
                                     item.copies))
    return group, findings


def resolve_parts(game: GameContent, templates: TemplateSet, parts: KitParts,
                  options: KitOptions, progress: Progress | None = None,
                  builder: Builder | None = None) -> tuple[Resolved, list[Finding]]:
    """Resolve every printable's faces; forms and boards pass through."""
    findings: list[Finding] = []
    digests: Digests = {}
    groups = []
    total = sum(len(p.items) for p in parts.printables)
    done = 0
    for printable in parts.printables:
        group, found = resolve_printable(game, templates, printable, options, builder, digests)
        findings += found
        if group.items:
            groups.append(group)
        done += len(printable.items)
        if progress:
            progress("faces", done, total)
    boards = list(parts.boards)
    findings += [f for board in boards for f in board_findings(board, options.safe)]
    if options.ink_saver:
        from ..layout.ink import ink_saver

        inked: dict[int, Face] = {}

        def ink(face: Face) -> Face:
            # Shared backs stay shared: each face is converted once.
            if id(face) not in inked:
                inked[id(face)] = ink_saver(face)
                if id(face) in digests:
                    new = inked[id(face)]
                    digests[id(new)] = (new, digest(digests[id(face)][1], "ink-saver"))
            return inked[id(face)]

        for group in groups:
            for item in group.items:
                item.front = ink(item.front)
                item.back = ink(item.back) if item.back else None
        boards = [replace(b, face=ink_saver(b.face)) for b in boards]
    return Resolved(groups, parts.sheets, boards, digests), findings


def sheet_pages_for(resolved: Resolved, paper: str, ink: bool, safe: float = SAFE_MARGIN
                    ) -> tuple[list[SheetPages], list[Finding]]:
    """Lay out every form on ``paper``, its text ``safe`` mm inside the paper's edge."""
    from ..layout.forms import sheet_pages

    out = []
    findings: list[Finding] = []
    for component, name, sheet in resolved.sheets:
        pages, found = sheet_pages(sheet, paper, safe=safe)
        findings += found
        if ink:
            from ..layout.ink import ink_saver

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


FORK_AT = 64
"""Faces to draw before drawing them in a second process pays for starting it."""


@dataclass
class PendingSvgs:
    """SVG faces being drawn and staged (by a second process when there are many) while the
    build goes on."""

    jobs: list[tuple[str, str, bytes | None]]
    """(path in the stage, cache key, cached bytes or None) per face."""
    staging: Background[list[tuple[bytes | None, str | None]]]
    """Per face: the bytes drawn (None when cached) and the digest of the file staged (None
    when the file in place was kept)."""

    def finish(self, stage: Stage, builder: Builder) -> list[Path]:
        """Record every staged face in ``stage``, keeping the newly drawn ones in the cache."""
        written: list[Path] = []
        for (rel, key, _), (drawn, sha) in zip(self.jobs, self.staging.result(), strict=True):
            if drawn is not None and key:
                builder.cache.put("svg", key, drawn)
            stage.staged_elsewhere(rel, sha)
            written.append(stage.target(rel))
        return written


def start_svgs(resolved: Resolved, stage: Stage, builder: Builder, folder: str = "svg",
               fork_at: int = FORK_AT) -> PendingSvgs:
    """Start drawing and staging every front as ``svg/<component>/<id>.svg``, each back once,
    and each board: in a second process when the cache lacks ``fork_at`` or more of them."""
    faces = [(component, name, face, name) for component, name, face in item_faces(resolved)]
    faces += [(b.component, b.id, b.face, b.name) for b in resolved.boards]
    jobs: list[tuple[str, str, bytes | None]] = []
    todo = 0
    for component, name, face, title in faces:
        key = builder.key(resolved, face, "svg", title)
        data = builder.cache.get("svg", key) if key else None
        todo += data is None
        jobs.append((f"{folder}/{component}/{name}.svg", key, data))
    staging = Background(partial(_stage_svgs, stage, jobs, [f[2:] for f in faces]),
                         fork=todo >= fork_at)
    return PendingSvgs(jobs, staging)


def write_svgs(resolved: Resolved, stage: Stage, builder: Builder, folder: str = "svg"
               ) -> list[Path]:
    """Write every front as ``svg/<component>/<id>.svg``, each back once, and each board."""
    return start_svgs(resolved, stage, builder, folder).finish(stage, builder)


def _stage_svgs(stage: Stage, jobs: list[tuple[str, str, bytes | None]],
                faces: list[tuple[Face, str | None]]
                ) -> list[tuple[bytes | None, str | None]]:
    """Draw the faces the cache lacks and stage every face; return what ``PendingSvgs``
    records."""
    from ..render.svg import faces_svg

    drawn = iter(faces_svg([face for face, (_, _, cached) in zip(faces, jobs, strict=True)
                            if cached is None]))
    out: list[tuple[bytes | None, str | None]] = []
    for rel, _, cached in jobs:
        data = next(drawn).encode("utf-8") if cached is None else cached
        stage.write(rel, data)
        out.append((None if cached is not None else data, stage.staged.get(rel)))
    return out


def write_pngs(resolved: Resolved, stage: Stage, builder: Builder, dpi: int,
               folder: str = "png") -> list[Path]:
    """Write a PNG of every front and back: ``png/<component>/<id>.png``. Only the faces the
    cache does not hold are rasterised."""
    from ..render.png import faces_to_png

    jobs = [(f"{folder}/{component}/{name}.png", face,
             builder.key(resolved, face, "png", str(dpi)))
            for component, name, face in item_faces(resolved)]
    data: dict[str, bytes] = {}
    missing = []
    for rel, face, key in jobs:
        cached = builder.cache.get("png", key) if key else None
        if cached is None:
            missing.append((rel, face, key))
        else:
            data[rel] = cached
    for (rel, _, key), (_, made) in zip(
            missing, faces_to_png([face for _, face, _ in missing], dpi,
                                  [Path(rel) for rel, _, _ in missing]), strict=True):
        builder.cache.put("png", key, made)
        data[rel] = made
    return [stage.write(rel, data[rel]) for rel, _, _ in jobs]


@dataclass
class KitReport:
    """One written kit PDF: its path, page count and contents rows."""

    path: Path
    pages: int
    rows: list[Any]


def write_pdf(game: GameContent, resolved: Resolved, stage: Stage, options: KitOptions,
              progress: Progress | None = None, sheets: list[SheetPages] | None = None,
              builder: Builder | None = None) -> tuple[KitReport, list[Finding]]:
    """Write ``<game>-<paper>.pdf``: contents, items with backs, forms, tiled boards.
    ``sheets`` are the forms already laid out on this paper (laid out here when None). The
    PDF is taken from the cache when none of its faces changed."""
    from ..render.kitpdf import ContentsRow, PdfOptions, write_kit_pdf

    builder = builder or Builder()
    findings: list[Finding] = []
    if sheets is None:
        sheets, findings = sheet_pages_for(resolved, options.paper, options.ink_saver,
                                           options.safe)
    suffix = "-ink-saver" if options.ink_saver else ""
    rel = f"{game.slug}-{options.paper}{suffix}.pdf"
    pdf_options = PdfOptions(options.paper, options.bleed, options.crop_marks, options.duplex,
                             options.back_offset)
    done = 0

    def pages_done(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(f"pdf {options.paper}", done, 0)

    key = _pdf_key(game, resolved, sheets, pdf_options) if builder.cache.enabled else None
    data = None
    if key and (cached := builder.cache.get_json("pdf-report", key)) is not None:
        try:
            pages = int(cached["pages"])
            rows = [ContentsRow(str(a), int(b), str(c), int(d), str(e))
                    for a, b, c, d, e in cached["rows"]]
        except (KeyError, TypeError, ValueError):
            pass
        else:
            data = builder.cache.get("pdf", key)
    if data is None:
        data, report = write_kit_pdf(game.manifest.title, resolved.groups, sheets,
                                     resolved.boards, pdf_options, pages_done)
        pages, rows = report.pages, report.rows
        if key:
            builder.cache.put("pdf", key, data)
            builder.cache.put_json("pdf-report", key, {
                "pages": pages, "rows": [[r.name, r.count, r.noun, r.first_page, r.layout]
                                         for r in rows]})
    return KitReport(stage.write(rel, data), pages, rows), findings


def _pdf_key(game: GameContent, resolved: Resolved, sheets: list[SheetPages],
             options: Any) -> str:
    """Return the digest of everything the kit PDF draws: every face by its digest, how many
    copies and where they belong, the forms' pages, the boards and the print options."""
    groups = [[g.component, g.name, list(g.size), g.bleed, g.noun, g.shape, g.crop_marks,
               [[i.id, resolved.digest_of(i.front),
                 resolved.digest_of(i.back) if i.back else None, i.back_id, i.copies]
                for i in g.items]] for g in resolved.groups]
    forms = [[f.component, f.name, f.copies, [resolved.digest_of(p) for p in f.pages]]
             for f in sheets]
    boards = [[b.component, b.id, b.name, resolved.digest_of(b.face)] for b in resolved.boards]
    return digest(code_digest(), "kit-pdf", game.manifest.title, repr(options),
                  canonical_json([groups, forms, boards]))


def write_board_pdfs(resolved: Resolved, stage: Stage, ink: bool,
                     builder: Builder | None = None) -> list[Path]:
    """Write each board whole on one page: ``boards/<id>-a3.pdf`` (scaled to fit A3) and
    ``boards/<id>-poster.pdf`` (true size, for a print shop)."""
    from ..render.board import board_pdf

    builder = builder or Builder()
    suffix = "-ink-saver" if ink else ""
    written = []
    for board in resolved.boards:
        for fit in ("a3", "poster"):
            key = builder.key(resolved, board.face, code_digest(), "board-pdf", fit,
                              board.name)
            data = builder.bytes_for("pdf", key, partial(board_pdf, board.face, fit=fit,
                                                         title=board.name))
            written.append(stage.write(f"boards/{board.id}-{fit}{suffix}.pdf", data))
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
    """What ``build_kit`` made and found."""

    written: list[Path]
    """Every file of the kit (where it lands in the output folder)."""
    reports: list[KitReport]
    findings: list[Finding]
    faces: int = 0
    """How many SVG faces were written."""
    unprinted: list[tuple[str, str]] = field(default_factory=list)
    """(name, why) for each component that prints nothing."""


def build_kit(game: GameContent, templates: TemplateSet, stage: Stage, options: KitOptions,
              papers: tuple[str, ...] = (), progress: Progress | None = None,
              cache: Cache | None = None, inputs: Inputs | None = None) -> KitResult:
    """Build the kit into ``stage``: collect, resolve, then write SVGs, PNGs, one PDF per
    paper (the options' paper when none are given) and the whole-board PDFs. Stages nothing
    when a template or a form fails; the caller commits the stage. ``inputs`` are the
    digests of the files the build reads, when the caller has them."""
    builder = Builder.for_game(game, templates, cache or Cache(None), inputs)
    parts = collect(game, options.only)
    resolved, findings = resolve_parts(game, templates, parts, options, progress, builder)
    forms: dict[str, list[SheetPages]] = {}
    for paper in papers or (options.paper,):
        # Lay the forms out before writing anything, so a failure leaves no partial kit.
        forms[paper], found = sheet_pages_for(resolved, paper, options.ink_saver, options.safe)
        findings += found
    findings = _unique(findings)
    if any(f.severity is Severity.ERROR for f in findings):
        return KitResult([], [], findings, unprinted=parts.unprinted)
    if not (resolved.groups or resolved.sheets or resolved.boards):
        return KitResult([], [], findings, unprinted=parts.unprinted)
    ink = options.ink_saver
    # The SVGs are drawn beside the PDF (on another core) and staged once it is done.
    svgs = start_svgs(resolved, stage, builder, "svg-ink-saver" if ink else "svg") if options.svg \
        else None
    try:
        written: list[Path] = []
        if options.png_dpi:
            written += write_pngs(resolved, stage, builder, options.png_dpi,
                                  "png-ink-saver" if ink else "png")
        reports = []
        for paper in papers or (options.paper,):
            report, _ = write_pdf(game, resolved, stage, replace(options, paper=paper),
                                  progress, forms[paper], builder)
            written.append(report.path)
            reports.append(report)
        written += write_board_pdfs(resolved, stage, ink, builder)
        faces = svgs.finish(stage, builder) if svgs else []
    finally:
        if svgs:
            svgs.staging.cancel()
    return KitResult(faces + written, reports, findings, len(faces), parts.unprinted)
