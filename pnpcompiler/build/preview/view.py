"""What the preview page shows of one game: its faces grouped by component, each with the
findings that concern it, and the findings that concern no face.

A game is laid out by the build's own stages (load and check, lay out) through its cache, so
after a save only the faces whose inputs changed are resolved again; each face's SVG is kept
under the digest that names the face, so an unchanged face is not drawn again either. When
the content has errors the page keeps the last good drawing of every face and shows the
errors beside the faces they concern.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...core.digests import digest
from ...core.findings import Finding, Location, exit_code
from ...core.store import CACHE_DIR, Cache
from ...layout.model import Face, Text, leaves

if TYPE_CHECKING:
    from ...layout.printables import ItemFaces
    from ..faces import Kit
    from ..pipeline import Build


@dataclass(frozen=True)
class Card:
    """One face on the page: a card's front or back, a board, a page of a form."""

    key: str
    """Unique in its game: ``component/id`` (``component/id/back``, ``component/page-2``)."""
    id: str
    side: str
    """``front``, ``back``, ``board`` or ``page N``."""
    svg: str
    """The digest its SVG is served under."""
    text: str
    """Every word it prints, for the page's search."""
    where: Location | None = None
    """Where the content defines it."""
    stale: bool = False
    """The last good drawing, kept while its content has errors."""


@dataclass(frozen=True)
class Family:
    """The faces of one component (a deck, a tile set, a board, a form)."""

    component: str
    name: str
    kind: str
    """``cards``, ``counters`` ... (the component's noun), ``board`` or ``form``."""
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class GameView:
    """What the page shows of one game."""

    slug: str
    title: str
    families: tuple[Family, ...] = ()
    findings: tuple[Finding, ...] = ()
    changed: tuple[str, ...] = ()
    """Keys of the cards whose drawing the last update changed."""

    def cards(self) -> Iterator[Card]:
        """Yield every card of every family."""
        for family in self.families:
            yield from family.cards

    def placed_findings(self) -> tuple[dict[str, list[Finding]], list[Finding]]:
        """Return the findings by the key of the card they concern, and those that concern
        no card (a template, the game's manifest, a form)."""
        starts: dict[str, list[tuple[int, int, str]]] = {}
        for card in self.cards():
            if card.where is not None and card.where.line is not None:
                starts.setdefault(card.where.file, []).append(
                    (card.where.line, card.where.col or 0, card.key))
        for marks in starts.values():
            marks.sort()
        by_card: dict[str, list[Finding]] = {}
        loose: list[Finding] = []
        for finding in self.findings:
            keys = _concerned(finding.location, starts)
            for key in keys:
                by_card.setdefault(key, []).append(finding)
            if not keys:
                loose.append(finding)
        return by_card, loose


def _concerned(where: Location | None, starts: dict[str, list[tuple[int, int, str]]]
               ) -> list[str]:
    """Return the keys of the cards defined at the place a finding points to: those of the
    last definition starting at or before it in its file (a front and its back share one)."""
    if where is None or where.line is None or where.file not in starts:
        return []
    marks = starts[where.file]
    at = bisect.bisect_right(marks, (where.line, where.col or 0, "\uffff"))
    if at == 0:
        return []
    line, col, _ = marks[at - 1]
    return [key for mark_line, mark_col, key in marks if (mark_line, mark_col) == (line, col)]


def face_text(face: Face) -> str:
    """Return the words a face prints, in the order it draws them."""
    words = [run.text for element in face.elements for leaf in leaves(element)
             if isinstance(leaf, Text) for line in leaf.lines for run in line.runs
             if run.icon is None]
    return " ".join(" ".join(words).split())


@dataclass
class Drawings:
    """Each face's SVG, drawn once per digest of the face and named by the digest of the SVG
    itself (so a face resolved again to the same drawing keeps its name); shared by every game
    of the page."""

    names: dict[str, str] = field(default_factory=dict)
    """The SVG's name by the face's digest."""
    svgs: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, name: str) -> str | None:
        """Return the SVG named ``name``."""
        with self.lock:
            return self.svgs.get(name)

    def draw(self, faces: dict[str, Face]) -> dict[str, str]:
        """Draw the faces (by digest) not drawn yet; return every face's SVG name."""
        from ...render.svg import faces_svg

        with self.lock:
            todo = {key: face for key, face in faces.items() if key not in self.names}
        drawn = faces_svg([(face, None) for face in todo.values()])
        with self.lock:
            for key, svg in zip(todo, drawn, strict=True):
                name = digest(svg)[:24]
                self.names[key] = name
                self.svgs[name] = svg
            return {key: self.names[key] for key in faces}

    def keep_only(self, names: set[str]) -> None:
        """Forget the drawings no game shows any more."""
        with self.lock:
            self.names = {key: name for key, name in self.names.items() if name in names}
            self.svgs = {name: svg for name, svg in self.svgs.items() if name in names}


def look(build: Build, slug: str, drawings: Drawings, last: GameView | None = None
         ) -> GameView:
    """Load, check and lay out ``slug`` through the build's cache; return what the page
    shows of it, keeping ``last``'s drawings where the content has errors."""
    state = build.project.output / CACHE_DIR / slug
    with Cache(state if build.options.cache else None) as cache:
        inputs, _ = build.read_inputs(slug)
        game, findings, _ = build.load(slug, cache, inputs)
        kit = None
        if game is not None and not exit_code(findings):
            kit, kit_findings = build.lay_out(game, findings, cache, inputs)
            findings = findings + kit_findings
    title = game.manifest.title if game is not None else (last.title if last else slug)
    if kit is None:
        families = tuple(_all_stale(last.families)) if last else ()
        return GameView(slug, title, families, tuple(findings))
    faces = dict(_faces(kit))
    names = drawings.draw({face_digest: face for face_digest, face in faces.values()})
    families = tuple(_families(kit, {key: names[d] for key, (d, _) in faces.items()}))
    if last is not None and exit_code(findings):
        families = _keep_missing(families, last.families)
    view = GameView(slug, title, families, tuple(findings))
    return replace(view, changed=_changed(last, view))


def _faces(kit: Kit) -> Iterator[tuple[str, tuple[str, Face]]]:
    """Yield (card key, (digest, face)) for every face of the kit."""
    resolved = kit.faces
    for group in resolved.groups:
        for item in group.items:
            yield f"{group.component}/{item.id}", (resolved.digest_of(item.front), item.front)
            if item.back is not None:
                yield _back_key(group.component, item), (resolved.digest_of(item.back),
                                                         item.back)
    for board in resolved.boards:
        yield f"{board.component}/{board.id}", (resolved.digest_of(board.face), board.face)
    for forms in kit.forms.values():
        for form in forms:
            for number, page in enumerate(form.pages, 1):
                yield (f"{form.component}/page-{number}",
                       (resolved.digest_of(page), page))
        break  # one paper is enough to see a form


def _families(kit: Kit, digests: dict[str, str]) -> Iterator[Family]:
    """Yield the kit's components in the order the kit prints them."""
    resolved = kit.faces
    for group in resolved.groups:
        cards: list[Card] = []
        backs: set[str] = set()
        for item in group.items:
            key = f"{group.component}/{item.id}"
            cards.append(Card(key, item.id, "front", digests[key], face_text(item.front),
                              item.where))
            back = _back_key(group.component, item)
            if item.back is not None and back not in backs:
                backs.add(back)
                # A back several cards share is defined by none of them.
                cards.append(Card(back, item.back_id or f"{item.id}-back", "back",
                                  digests[back], face_text(item.back),
                                  None if item.back_id else item.where))
        yield Family(group.component, group.name, group.noun, tuple(cards))
    for board in resolved.boards:
        key = f"{board.component}/{board.id}"
        yield Family(board.component, board.name, "board",
                     (Card(key, board.id, "board", digests[key], face_text(board.face)),))
    for forms in kit.forms.values():
        for form in forms:
            pages = tuple(Card(f"{form.component}/page-{n}", form.component, f"page {n}",
                               digests[f"{form.component}/page-{n}"], face_text(page))
                          for n, page in enumerate(form.pages, 1))
            yield Family(form.component, form.name, "form", pages)
        break


def _back_key(component: str, item: ItemFaces) -> str:
    """Return the key of an item's back: its own, or the shared back it names (shown once)."""
    if item.back_id:
        return f"{component}/back/{item.back_id}"
    return f"{component}/{item.id}/back"


def _all_stale(families: Iterable[Family]) -> Iterator[Family]:
    """Yield the families with every card marked as the last good drawing."""
    for family in families:
        yield replace(family, cards=tuple(replace(c, stale=True) for c in family.cards))


def _keep_missing(families: tuple[Family, ...], last: tuple[Family, ...]
                  ) -> tuple[Family, ...]:
    """Return ``families`` with the cards ``last`` had and these lack (a face whose template
    failed) kept as they were drawn, and the families they lack kept whole."""
    now = {family.component: family for family in families}
    out: list[Family] = []
    for old in last:
        family = now.pop(old.component, None)
        if family is None:
            out.append(next(_all_stale([old])))
            continue
        have = {card.key for card in family.cards}
        kept = [replace(card, stale=True) for card in old.cards if card.key not in have]
        out.append(replace(family, cards=family.cards + tuple(kept)))
    return tuple(out) + tuple(now.values())


def _changed(last: GameView | None, view: GameView) -> tuple[str, ...]:
    """Return the keys of the cards drawn differently than in ``last`` (none the first
    time)."""
    if last is None:
        return ()
    before = {card.key: card.svg for card in last.cards()}
    return tuple(card.key for card in view.cards()
                 if not card.stale and before.get(card.key) != card.svg)


def view_json(view: GameView) -> dict[str, Any]:
    """Return the game as the page reads it."""
    by_card, loose = view.placed_findings()
    return {
        "slug": view.slug,
        "title": view.title,
        "findings": [finding_json(f) for f in loose],
        "errors": exit_code(list(view.findings)) > 0,
        "changed": list(view.changed),
        "families": [{
            "component": family.component, "name": family.name, "kind": family.kind,
            "cards": [{
                "key": card.key, "id": card.id, "side": card.side, "svg": card.svg,
                "text": card.text, "stale": card.stale,
                "where": card.where.prefix() if card.where else None,
                "findings": [finding_json(f) for f in by_card.get(card.key, [])],
            } for card in family.cards],
        } for family in view.families],
    }


def finding_json(finding: Finding) -> dict[str, Any]:
    """Return a finding as the page shows it."""
    where = finding.location
    return {"severity": finding.severity.value, "code": finding.code,
            "message": finding.message, "where": where.prefix() if where else None}
