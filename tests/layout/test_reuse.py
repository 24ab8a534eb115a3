"""Elements resolved once per values they read (layout/reuse.py): what items share is the same
object, what differs, or was found wanting, is resolved for each item."""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.layout.model import Text
from pnpcompiler.layout.reuse import read_values, spec_reads
from pnpcompiler.layout.templates import TemplateSet, resolve

CARD = (
    "elements:\n"
    "  - box: {x: 3, y: 3, w: \"{{ W - 6 }}\", h: \"{{ H - 6 }}\", stroke: '#1f3a5f'}\n"
    "  - text: {x: 6, y: 7, w: \"{{ W - 12 }}\", h: 9, text: \"{{ fields.title }}\"}\n"
    "  - text: {x: 6, y: 20, w: \"{{ W - 12 }}\", h: 40, text: \"{{ fields.body }}\"}\n")


def _templates(tmp_path: Path, text: str) -> TemplateSet:
    folder = tmp_path / "templates" / "game"
    folder.mkdir(parents=True)
    (folder / "face.yaml").write_text(text, encoding="utf-8")
    return TemplateSet([tmp_path / "templates"])


def _words(t: object) -> str:
    assert isinstance(t, Text)
    return " ".join(r.text for line in t.lines for r in line.runs)


def test_elements_reading_the_same_values_are_one_object(tmp_path: Path) -> None:
    """The frame and the rules text two cards share are resolved once; their titles not."""
    templates = _templates(tmp_path, CARD)
    faces = [resolve(templates, "game/face", {"fields": {"title": title, "body": "Fly on."}},
                     (63.5, 88.9), 3, title)[0] for title in ("Route A", "Route B")]
    (frame_a, title_a, body_a), (frame_b, title_b, body_b) = (f.elements for f in faces)
    assert frame_a is frame_b and body_a is body_b
    assert title_a is not title_b
    assert (_words(title_a), _words(title_b)) == ("Route A", "Route B")


def test_a_different_value_resolves_afresh(tmp_path: Path) -> None:
    """A card whose rules text differs gets its own text, with its own words."""
    templates = _templates(tmp_path, CARD)
    a, _ = resolve(templates, "game/face", {"fields": {"title": "A", "body": "Fly on."}},
                   (63.5, 88.9), 3, "a")
    b, _ = resolve(templates, "game/face", {"fields": {"title": "A", "body": "Land."}},
                   (63.5, 88.9), 3, "b")
    assert a.elements[2] is not b.elements[2]
    assert _words(b.elements[2]) == "Land."


def test_a_text_that_does_not_fit_is_reported_for_every_item(tmp_path: Path) -> None:
    """An element that came with a finding is not kept: each item's finding names it."""
    templates = _templates(tmp_path, "elements:\n  - text: {x: 3, y: 3, w: 20, h: 5, "
                                     "text: \"{{ item.rules }}\", size: 9, min_size: 9}\n")
    context = {"item": {"rules": "Far too many words for so small a box. " * 5}}
    found = [resolve(templates, "game/face", context, (63.5, 88.9), 3, name)[1]
             for name in ("card-1", "card-2")]
    assert [[f.code for f in fs] for fs in found] == [["text.overflow"], ["text.overflow"]]
    assert "card-2" in found[1][0].message


def test_a_look_up_a_mapping_answers_itself_is_not_a_key() -> None:
    """``fields.items`` is the mapping's own method in jinja2, not the field: resolved
    afresh; so is anything that reads a whole list."""
    assert spec_reads({"text": "{{ fields.items }}"}) == (("fields", "items"),)
    assert read_values((("fields", "items"),), {"fields": {"items": "x"}}) is None
    assert read_values((("fields", "costs"),), {"fields": {"costs": [1, 2]}}) is None
    assert read_values((("fields", "cost"),), {"fields": {"cost": 2}}) == (("int", 2),)


def test_dice_are_rolled_for_every_item() -> None:
    """An element that draws on ``random`` is never reused."""
    assert spec_reads({"text": "{{ [1, 2, 3] | random }}"}) is None
    assert spec_reads({"x": 3, "text": "plain"}) == ()
