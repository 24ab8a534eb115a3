"""No template of any kind makes resolving a face, or drawing it, raise: it gives findings
that say where, and an exit code of 0, 1 or 2.

Fuzz targets (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases of each): templates made from scratch
(every element kind with keys changed, dropped or added; lengths, sizes, colours, markup and
jinja2 expressions, hostile ones too; ``if``, ``each``, ``as``; an icon template beside them,
which may draw itself), and the shipped templates damaged (their trees or their text).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from pnpcompiler.content.assets import GameAssets
from pnpcompiler.core.findings import Finding, Location, exit_code, render_json, render_text
from pnpcompiler.layout.model import Face
from pnpcompiler.layout.templates import TemplateError, TemplateSet, resolve
from pnpcompiler.render.png import faces_pdf
from pnpcompiler.render.svg import face_svg
from tests.fuzz_cases import (
    Vocabulary,
    Words,
    damage,
    dump,
    edit_text,
    fuzz,
    parse,
    template_documents,
    template_values,
)
from tests.paths import REPO

ROOT = REPO
SHIPPED = sorted((ROOT / "templates").rglob("*.yaml"))
ITEM_AT = Location("content/fz/cards/deck.yaml", 7, 5, "cards[0]")


class TemplateProject:
    """A game folder with a picture, and a templates folder where each case writes its
    template (``fz/face``) and an icon (``fz/icons/star``)."""

    def __init__(self, root: Path) -> None:
        from PIL import Image as PILImage

        self.game = root / "content" / "fz"
        (self.game / "images").mkdir(parents=True)
        picture = io.BytesIO()
        PILImage.new("RGB", (30, 20), (200, 40, 40)).save(picture, format="PNG")
        (self.game / "images" / "a.png").write_bytes(picture.getvalue())
        self.templates = root / "templates"
        (self.templates / "fz" / "icons").mkdir(parents=True)
        self.assets = GameAssets("fz", self.game.resolve())

    def resolve(self, face: bytes, icon: bytes | None, fields: dict[str, Any]
                ) -> tuple[Face | None, list[Finding]]:
        """Write the case's templates and resolve the face for one card."""
        (self.templates / "fz" / "face.yaml").write_bytes(face)
        star = self.templates / "fz" / "icons" / "star.yaml"
        if icon is None:
            star.unlink(missing_ok=True)
        else:
            star.write_bytes(icon)
        context = {"item": {"id": "card-1", "name": "Alpha <b>&", "copies": 2,
                            "fields": dict(fields)},
                   "fields": dict(fields), "back": {"title": "Back"},
                   "game": {"title": "Fuzz", "slug": "fz"},
                   "component": {"id": "cards", "name": "Cards"}}
        try:
            return resolve(TemplateSet([self.templates]), "fz/face", context, (63.5, 88.9),
                           3.0, "card-1", ITEM_AT, assets=self.assets)
        except TemplateError as exc:
            return None, exc.findings


def _located(findings: Sequence[Finding]) -> None:
    """Assert that every finding says where (file:line:col) and what, and prints."""
    for finding in findings:
        loc = finding.location
        assert loc is not None and loc.file, finding
        assert loc.line is not None and loc.line >= 1, finding
        assert loc.col is not None and loc.col >= 1, finding
        assert finding.code and finding.message, finding
        render_text(finding)
    render_json(findings)


def _resolved_and_drawn(project: TemplateProject, face: bytes, icon: bytes | None,
                        fields: dict[str, Any]) -> None:
    """Resolve, check the findings, and draw the face as the kit's PDF and SVG do."""
    resolved, findings = project.resolve(face, icon, fields)
    code = exit_code(findings)
    event(f"exit code {code}")
    for finding in findings:
        event(finding.code)
    assert code in (0, 1, 2)
    _located(findings)
    if resolved is None:
        assert code in (1, 2)
        return
    faces_pdf([resolved])
    face_svg(resolved)


@pytest.fixture(scope="module")
def template_project(tmp_path_factory: pytest.TempPathFactory) -> TemplateProject:
    return TemplateProject(tmp_path_factory.mktemp("fuzz-templates"))


FIELDS = st.fixed_dictionaries({}, optional={
    "title": st.one_of(st.sampled_from(["Title", "<b>&amp;", ""]), st.text(max_size=8)),
    "art": st.sampled_from(["images/a.png", "images/none.png", "../outside.png", "/etc/passwd",
                            "images", ""]),
    "n": st.one_of(st.integers(-3, 12), st.text(max_size=3))})


@fuzz(100)
@given(data=st.data())
def test_templates_from_scratch_never_crash(template_project: TemplateProject,
                                            data: st.DataObject) -> None:
    """Templates made from scratch: findings that say where, or a face the PDF and SVG
    writers draw."""
    words = Words(["background", "elements", "shape", "each", "as", "if", "size", "text"],
                  "keys")
    face = dump(template_documents(data, words)).encode()
    icon = None
    if data.draw(st.booleans(), label="icon"):
        icon = dump(template_documents(data, words)).encode()
    _resolved_and_drawn(template_project, face, icon, data.draw(FIELDS, label="fields"))


@pytest.fixture(scope="module")
def shipped() -> tuple[dict[str, str], dict[str, Any], Vocabulary]:
    texts = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in SHIPPED}
    trees = {rel: parse(text) for rel, text in texts.items()}
    return texts, trees, Vocabulary(list(trees.values()))


@fuzz(60)
@given(data=st.data())
def test_shipped_templates_damaged_never_crash(
        template_project: TemplateProject, data: st.DataObject,
        shipped: tuple[dict[str, str], dict[str, Any], Vocabulary]) -> None:
    """The shipped templates with their trees or text damaged, resolved for a card that has
    none of the fields they read."""
    texts, trees, words = shipped
    rel = data.draw(st.sampled_from(sorted(texts)), label="template")
    if data.draw(st.booleans(), label="text"):
        face = edit_text(data, texts[rel]).encode("utf-8", "surrogatepass")
    else:
        face = dump(damage(data, trees[rel], template_values(), words)).encode()
    _resolved_and_drawn(template_project, face, None, data.draw(FIELDS, label="fields"))
