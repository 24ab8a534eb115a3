"""Lay a game out for the outputs: collect what it prints (components -> printables, forms,
boards), resolve every face from its templates, and lay the forms out on each paper.

Faces go through the build cache: a face whose inputs did not change is read back instead of
resolved, under the digest of its inputs, which then names everything drawn from it. The
result, a :class:`Kit`, is all any output draws from; renderers only see resolved faces.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.checked import decode_findings, encode_findings
from ..content.project import GameContent
from ..core.cores import usable_cores
from ..core.digests import canonical_json, code_digest, digest
from ..core.findings import Finding, Location, error
from ..core.identity import ByIdentity
from ..core.store import Cache
from ..layout.collect import KitParts, collect
from ..layout.model import Face
from ..layout.overlaps import SAFE_MARGIN, board_findings
from ..layout.printables import Board, ItemFaces, ItemGroup, Printable, PrintableItem, SheetPages
from ..layout.templates import TemplateError, TemplateSet, resolve
from ..layout.text import register_declared_fonts
from ..layout.undefined import merge_undefined
from .background import CAN_FORK, Background
from .codec import FaceReader, encode_faces, face_texts
from .inputs import Inputs
from .options import BuildOptions, Paper
from .versions import stamp_marks, version_mark

if TYPE_CHECKING:
    from ..content.assets import GameAssets

ReportProgress = Callable[[str, int, int], None]
"""Reports progress: (what is being done, units done so far, units in all or 0)."""
Digests = dict[int, tuple[Face, str]]
"""Faces' digests by ``id``; each entry holds its face, so the id cannot be reused."""
Call = tuple[str, str, "Location | None", tuple[float, float], float, float]
"""One resolution, as the second process and the first both name it: template, item (or
back) id, where the item is written, size, bleed and text margin."""


def no_progress(what: str, done: int, total: int) -> None:
    """Report nothing."""


@dataclass
class Resolved:
    """A game's kit with every template resolved: what the outputs draw."""

    groups: list[ItemGroup]
    sheets: list[tuple[str, str, Any]]
    """(component, name, generic sheet): laid out per paper."""
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
    marks: ByIdentity[Face, str] = field(default_factory=lambda: ByIdentity(version_mark))
    """Each face's version mark: one resolved through the cache has it worked out from the
    JSON the cache keeps of it, or read back with it."""
    reader: FaceReader = field(default_factory=FaceReader)
    """Reads faces back from the cache, sharing their elements."""
    kinds: dict[tuple[str, tuple[float, float], float, float], str] = field(
        default_factory=dict)
    """The digest of each template at each size, bleed and margin, for the faces' keys."""
    ahead: Ahead | None = None
    """Faces a second process is resolving meanwhile (:func:`resolve_parts`)."""
    keep_here: dict[Call, tuple[str | None, bytes]] | None = None
    """In the second process: the faces it resolves, as the cache keeps them, with their
    keys, for the first process to read back (None: in the first process)."""

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
        """Return the key of one resolution, or None when its inputs cannot be keyed."""
        try:
            data = canonical_json([context, where.__dict__ if where else None])
        except (TypeError, ValueError):
            return None
        return digest(self._face_kind(template, size, bleed, safe), item, data)

    def _face_kind(self, template: str, size: tuple[float, float], bleed: float,
                   safe: float) -> str:
        """Return the digest of what the faces of one template at one size share (worked
        out once: a deck's faces are keyed one after another)."""
        kind = (template, size, bleed, safe)
        known = self.kinds.get(kind)
        if known is None:
            known = self.kinds[kind] = digest(self.base, "face", template, repr(size),
                                              repr(bleed), repr(safe))
        return known

    @property
    def keyed(self) -> bool:
        """Whether faces get cache keys: the build has a cache (in the second process, the
        first's, whose digest of the inputs, ``base``, is then set)."""
        return self.cache.enabled or (self.keep_here is not None and bool(self.base))

    def resolve(self, templates: TemplateSet, template: str, context: dict[str, Any],
                size: tuple[float, float], bleed: float, item: str, where: Location | None,
                digests: Digests, safe: float = SAFE_MARGIN, named_at: Location | None = None,
                ahead: bool = False) -> tuple[Face, list[Finding]]:
        """Resolve one face through the cache (raises TemplateError like ``resolve``);
        ``ahead``: the second process of :attr:`ahead` resolved it (unless it failed)."""
        call: Call = (template, item, where, size, bleed, safe)
        if ahead and self.ahead is not None and (got := self.ahead.get(call)) is not None:
            key, entry = got
            if read := self._read_back(entry, key, digests):
                if key is not None:
                    self.cache.put("face", key, entry)
                return read
        key = (self.face_key(template, context, size, bleed, item, where, safe)
               if self.keyed else None)
        if key is not None and self.keep_here is None:
            cached = self.cache.get("face", key)
            if cached is not None and (read := self._read_back(cached, key, digests)):
                return read
        face, found = resolve(templates, template, context, size, bleed, item, where,
                              assets=self.assets, safe=safe, named_at=named_at)
        if key is not None or self.keep_here is not None:
            self._keep(call, key, face, found, digests)
        return face, found

    def _read_back(self, entry: bytes, key: str | None, digests: Digests
                   ) -> tuple[Face, list[Finding]] | None:
        """Return the face and findings ``entry`` keeps (None when it cannot be read)."""
        try:
            kept = json.loads(entry)
            face = self.reader.face(kept["face"])
            found = decode_findings(kept["findings"])
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        if key is not None:
            digests[id(face)] = (face, key)
        if isinstance(mark := kept.get("mark"), str):
            self.marks.remember(face, mark)
        return face, found

    def _keep(self, call: Call, key: str | None, face: Face, found: list[Finding],
              digests: Digests) -> None:
        """Keep a face resolved here, with its findings and version mark: in the cache
        under ``key``, or for the first process (:attr:`keep_here`)."""
        try:
            text, kept = face_texts(face)
            mark = version_mark(face, text)
            entry = (f'{{"face":{kept},"findings":'
                     f'{json.dumps(encode_findings(found))},"mark":"{mark}"}}').encode()
        except (TypeError, ValueError):
            return
        if self.keep_here is not None:
            self.keep_here[call] = (key, entry)
        elif key is not None:
            self.cache.put("face", key, entry)
            digests[id(face)] = (face, key)
        self.marks.remember(face, mark)
        self.reader.know(face)

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


def _bleed(printable: Printable, options: BuildOptions) -> float:
    """Return a printable's bleed: its own, or the kit's."""
    return options.bleed if printable.bleed is None else printable.bleed


def resolve_printable(game: GameContent, templates: TemplateSet, printable: Printable,
                      options: BuildOptions, builder: Builder | None = None,
                      digests: Digests | None = None, offset: int = 0,
                      pace: Pace | None = None) -> tuple[ItemGroup, list[Finding]]:
    """Resolve every item's front and back templates into faces (through the cache when
    ``builder`` has one); ``offset``, the kit's items before this printable's, and ``pace``
    tell which items a second process resolves (:class:`Ahead`)."""
    if builder is None:
        from ..content.assets import game_assets

        builder = Builder(assets=register_declared_fonts(game_assets(game)[0]))
    digests = {} if digests is None else digests
    bleed = _bleed(printable, options)
    group = ItemGroup(printable.component, printable.name, printable.size, bleed,
                      printable.noun, printable.shape, printable.crop_marks)
    findings: list[Finding] = []
    backs: dict[str, Face] = {}
    for n, item in enumerate(printable.items, offset):
        if pace is not None:
            pace.item(n)
        ahead = builder.ahead is not None and n >= builder.ahead.first
        if not item.front.template:
            findings.append(error("template.none", f"{item.id} has no template and its "
                                  f"{printable.noun} set names none", item.where))
            continue
        context = _context(game, printable, item)
        try:
            front, found = builder.resolve(templates, item.front.template, context,
                                           printable.size, bleed, item.id, item.where, digests,
                                           options.safe, item.front.where, ahead)
            findings += found
            back = None
            if item.back is not None:
                key = item.back_id or f"{item.id}-back"
                if key not in backs:
                    back_context = {**context, "back": dict(item.back.fields)}
                    backs[key], found = builder.resolve(templates, item.back.template,
                                                        back_context, printable.size, bleed,
                                                        key, item.where, digests, options.safe,
                                                        item.back.where, ahead)
                    findings += found
                back = backs[key]
        except TemplateError as exc:
            findings += exc.findings
            continue
        group.items.append(ItemFaces(item.id, front, back, item.back_id if back else None,
                                     item.copies, item.where))
    return group, findings


def resolve_parts(game: GameContent, templates: TemplateSet, parts: KitParts,
                  options: BuildOptions, progress: ReportProgress = no_progress,
                  builder: Builder | None = None) -> tuple[Resolved, list[Finding]]:
    """Resolve every printable's faces (a big kit's later ones in a second process meanwhile,
    :class:`Pace`); forms and boards pass through."""
    findings: list[Finding] = []
    digests: Digests = {}
    groups = []
    total = sum(len(p.items) for p in parts.printables)
    done = 0
    pace = Pace(game, templates, parts, options, builder) if builder else None
    try:
        for printable in parts.printables:
            group, found = resolve_printable(game, templates, printable, options, builder,
                                             digests, done, pace)
            findings += found
            if group.items:
                groups.append(group)
            done += len(printable.items)
            progress("faces", done, total)
    finally:
        if builder is not None and builder.ahead is not None:
            builder.ahead.cancel()
            builder.ahead = None
    resolved = Resolved(groups, parts.sheets, list(parts.boards), digests)
    findings += [f for board in resolved.boards for f in board_findings(board, options.safe)]
    if options.ink_saver:
        _ink_saver(resolved)
    return resolved, findings


AHEAD_WARM = 8
"""Items resolved (after the first, which pays for reading the templates, fonts and
pictures) to time before deciding whether to share the rest with a second process."""
AHEAD_WORTH = 0.06
"""Seconds the rest must take at that pace for a second process to pay for itself."""
AHEAD_SHARE = 0.5
"""The share of the rest the second process resolves: less where the first need not store
its own faces in the cache (``--no-cache``), for it reads all of the second's back."""
AHEAD_SHARE_UNCACHED = 0.4
AHEAD_SAMPLE = 16
"""Faces looked up in the cache to tell whether most of the second process's are new."""


class Ahead:
    """A second process resolving the faces of every item from the ``first`` on (counting
    each printable's items in turn), as the cache keeps them; :meth:`get` waits for it."""

    def __init__(self, first: int,
                 work: Background[dict[Call, tuple[str | None, bytes]]]) -> None:
        self.first = first
        self.work = work
        self.entries: dict[Call, tuple[str | None, bytes]] | None = None

    def get(self, call: Call) -> tuple[str | None, bytes] | None:
        """Return the face the second process resolved for ``call`` and its cache key (None:
        it did not)."""
        if self.entries is None:
            self.entries = self.work.result()
        return self.entries.get(call)

    def cancel(self) -> None:
        """Stop the second process if it is still running (a build that failed)."""
        self.work.cancel()


class Pace:
    """Times the first items a build resolves and, where the rest would take long enough
    (:data:`AHEAD_WORTH`) and the cache lacks most of their faces, starts a second process
    resolving the later share of them (:attr:`Builder.ahead`) while this one goes on: the
    layout of a big deck on two cores. Nothing of the kit depends on it: a face read back
    from the second process is the face resolved here."""

    def __init__(self, game: GameContent, templates: TemplateSet, parts: KitParts,
                 options: BuildOptions, builder: Builder) -> None:
        self.game, self.templates, self.parts = game, templates, parts
        self.options, self.builder = options, builder
        self.total = sum(len(p.items) for p in parts.printables)
        self.started = 0.0
        # A fork copies only the thread that makes it: a process running others (the
        # preview server's) lays out alone, lest the copy wait on a lock one of them held.
        self.on = (CAN_FORK and self.total > AHEAD_WARM + 1 and usable_cores() > 1
                   and threading.active_count() == 1)

    def item(self, index: int) -> None:
        """Note that item ``index`` (counting from the kit's first) is next."""
        if not self.on:
            return
        if index == 1:
            self.started = time.perf_counter()
        elif index == AHEAD_WARM + 1:
            self.on = False
            pace = (time.perf_counter() - self.started) / AHEAD_WARM
            if pace * (self.total - index) >= AHEAD_WORTH:
                self.start(index)

    def start(self, index: int) -> None:
        """Start the second process on the later share of the items after ``index``."""
        share = AHEAD_SHARE if self.builder.cache.enabled else AHEAD_SHARE_UNCACHED
        first = self.total - int((self.total - index) * share)
        if not _mostly_new(self.game, self.parts, self.options, self.builder, first):
            return
        parent = os.getpid()

        def work() -> dict[Call, tuple[str | None, bytes]]:
            if os.getpid() == parent:  # the second process did not start or failed
                return {}
            return _resolve_share(self.game, self.templates, self.parts, self.options,
                                  self.builder, first)

        self.builder.ahead = Ahead(first, Background(work))


def _resolve_share(game: GameContent, templates: TemplateSet, parts: KitParts,
                   options: BuildOptions, builder: Builder, first: int
                   ) -> dict[Call, tuple[str | None, bytes]]:
    """Resolve the faces of the items from the ``first`` on; return them as the cache keeps
    them, with their keys (run in the second process)."""
    kept: dict[Call, tuple[str | None, bytes]] = {}
    helper = replace(builder, cache=Cache(None), keep_here=kept, ahead=None)
    start = 0
    for printable in parts.printables:
        count = len(printable.items)
        if start + count > first:
            share = replace(printable, items=printable.items[max(first - start, 0):])
            resolve_printable(game, templates, share, options, helper, {})
        start += count
    return kept


def _mostly_new(game: GameContent, parts: KitParts, options: BuildOptions, builder: Builder,
                first: int) -> bool:
    """Return whether the cache lacks most of the faces of the items from ``first`` on, by
    a sample of their fronts."""
    if not builder.cache.enabled:
        return True
    items = [(p, item) for p in parts.printables for item in p.items][first:]
    step = max(len(items) // AHEAD_SAMPLE, 1)
    sample = [(p, item) for p, item in items[::step] if item.front.template]
    missing = 0
    for printable, item in sample:
        key = builder.face_key(item.front.template, _context(game, printable, item),
                               printable.size, _bleed(printable, options), item.id,
                               item.where, options.safe)
        missing += key is None or builder.cache.get("face", key) is None
    return missing * 2 >= len(sample)


def _ink_saver(resolved: Resolved) -> None:
    """Turn every face and board grayscale and pale, in place."""
    from ..layout.ink import ink_saver

    digests = resolved.digests
    inked: dict[int, Face] = {}

    def ink(face: Face) -> Face:
        # Shared backs stay shared: each face is converted once.
        if id(face) not in inked:
            inked[id(face)] = ink_saver(face)
            if id(face) in digests:
                new = inked[id(face)]
                digests[id(new)] = (new, digest(digests[id(face)][1], "ink-saver"))
        return inked[id(face)]

    for group in resolved.groups:
        for item in group.items:
            item.front = ink(item.front)
            item.back = ink(item.back) if item.back else None
    resolved.boards = [replace(b, face=ink_saver(b.face)) for b in resolved.boards]


def sheet_pages_for(resolved: Resolved, paper: str, ink: bool, safe: float = SAFE_MARGIN
                    ) -> tuple[list[SheetPages], list[Finding]]:
    """Lay out every form on ``paper``, its text ``safe`` mm inside the paper's edge."""
    out: list[SheetPages] = []
    findings: list[Finding] = []
    if not resolved.sheets:
        return out, findings  # no need to import the forms' layout
    from ..layout.forms import sheet_pages

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


@dataclass
class Kit:
    """A game laid out for the options: what every output draws from."""

    game: GameContent
    options: BuildOptions
    out_dir: Path
    """Where the kit lands: ``OUT/<game>/``."""
    faces: Resolved
    forms: dict[Paper, list[SheetPages]]
    """Every form laid out on each paper of the options."""
    builder: Builder
    content_findings: list[Finding]
    """The content's findings (``--strict`` applied), which ``content.json`` sums up."""
    unprinted: list[tuple[str, str]] = field(default_factory=list)
    """(name, why) for each component that prints nothing."""
    progress: ReportProgress = no_progress
    marks: dict[str, str] = field(default_factory=dict)
    """Every item face's version mark, by ``component/face-id``."""
    since: dict[str, str] | None = None
    """The marks as they were at ``--changed-since``'s build or revision."""

    @property
    def empty(self) -> bool:
        """Whether nothing of the game prints (no faces, forms or boards)."""
        return not (self.faces.groups or self.faces.sheets or self.faces.boards)

    @property
    def suffix(self) -> str:
        """What the options add to file and folder names (``-ink-saver``)."""
        return "-ink-saver" if self.options.ink_saver else ""


def lay_out(game: GameContent, templates: TemplateSet, options: BuildOptions, builder: Builder,
            *, out_dir: Path, content_findings: list[Finding],
            progress: ReportProgress = no_progress) -> tuple[Kit, list[Finding]]:
    """Collect, resolve every face and lay the forms out on each paper, before anything is
    written (so a failure leaves no partial kit); return the kit and its findings, each
    once."""
    parts = collect(game, options.only)
    resolved, findings = resolve_parts(game, templates, parts, options, progress, builder)
    forms: dict[Paper, list[SheetPages]] = {}
    for paper in options.papers:
        forms[paper], found = sheet_pages_for(resolved, paper.value, options.ink_saver,
                                              options.safe)
        findings += found
    kit = Kit(game, options, out_dir, resolved, forms, builder, content_findings,
              parts.unprinted, progress, stamp_marks(resolved.groups, builder.marks))
    return kit, _unique(findings)


def _unique(findings: list[Finding]) -> list[Finding]:
    """Drop repeats: a template error shows once however many items use the template, and a
    name many items lack at one place of a template is one finding naming them."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for f in findings:
        key = (f.code, f.message, str(f.location))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return merge_undefined(out)
