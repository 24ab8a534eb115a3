"""Every face a game prints, laid out as the build lays it out, and what the build found."""

from __future__ import annotations

from functools import cache

from pnpcompiler.build.faces import item_faces, resolve_parts, sheet_pages_for
from pnpcompiler.build.options import BuildOptions
from pnpcompiler.content.project import load_game
from pnpcompiler.layout.collect import collect
from pnpcompiler.layout.model import Face
from pnpcompiler.layout.overlaps import OVERFLOW, OVERLAP, SAFE, TRIM
from pnpcompiler.layout.templates import TemplateSet
from tests.paths import CONTENT, TEMPLATES

CHECK_CODES = {OVERLAP, TRIM, SAFE, OVERFLOW, "sheet.header-split"}
"""What the check of a face's text finds (layout/overlaps.py), and a form's split header."""


@cache
def shipped_faces(slug: str) -> tuple[dict[str, list[tuple[str, Face]]], list[str]]:
    """Return every face a game prints, by what it is (cards, boards, forms on A4 ...), and
    what the check of their text found while the build laid them out."""
    game, _ = load_game(CONTENT, slug)
    assert game is not None
    resolved, findings = resolve_parts(game, TemplateSet([TEMPLATES]), collect(game),
                                       BuildOptions())
    faces: dict[str, list[tuple[str, Face]]] = {}
    for group in resolved.groups:
        kind = f"{group.noun} ({group.component})"
        for component, name, face in item_faces(resolved):
            if component == group.component:
                faces.setdefault(kind, []).append((name, face))
    for board in resolved.boards:
        faces.setdefault("boards", []).append((board.id, board.face))
    for paper in ("a4", "letter"):
        forms, found = sheet_pages_for(resolved, paper, ink=False)
        findings += found
        for form in forms:
            faces.setdefault(f"forms on {paper}", []).extend(
                (f"{form.component} page {i + 1}", page) for i, page in enumerate(form.pages))
    return faces, [f"{f.code}: {f.message}" for f in findings if f.code in CHECK_CODES]


def kinds_of_face(slug: str) -> set[str]:
    """Return the kinds of face a game prints: cards, counters, boards, forms on A4 ..."""
    return {kind.split(" (")[0] for kind in shipped_faces(slug)[0]}
