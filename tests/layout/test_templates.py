"""Templates: errors at file:line:col, the sandbox, escaping, if and each, the overflow
warning, the ink saver; no way out of the sandbox to Python, markup escaped in SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.layout.model import Text
from pnpcompiler.layout.templates import TemplateError, TemplateSet, resolve
from tests.paths import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"
KIT_GOLDEN = GOLDEN / "kit"


def _templates(tmp_path: Path, text: str) -> TemplateSet:
    folder = tmp_path / "templates" / "game"
    folder.mkdir(parents=True)
    (folder / "face.yaml").write_text(text, encoding="utf-8")
    return TemplateSet([tmp_path / "templates"])


def test_template_errors_name_file_line_and_column(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    templates = _templates(tmp_path, "elements:\n  - box: {x: 1, y: 2, w: 3mm, h: wide}\n")
    with pytest.raises(TemplateError) as info:
        resolve(templates, "game/face", {}, (60, 90), 3, "card-1")
    finding = info.value.finding
    assert finding.code == "template.bad-length"
    assert finding.location is not None
    assert (finding.location.file, finding.location.line, finding.location.col) == (
        "templates/game/face.yaml", 2, 34)


def test_template_unknown_key_lists_allowed(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 9, h: 9, txt: a}\n")
    with pytest.raises(TemplateError, match=r"unknown key.*txt.*allowed keys: align"):
        resolve(templates, "game/face", {}, (60, 90), 3, "card-1")


def test_templates_are_sandboxed(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 9, h: 9, "
                                     "text: \"{{ ''.__class__.__mro__ }}\"}\n")
    with pytest.raises(TemplateError, match=r"template.render|unsafe|SecurityError"):
        resolve(templates, "game/face", {}, (60, 90), 3, "card-1")


def test_template_names_cannot_escape(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements: []\n")
    with pytest.raises(TemplateError, match="stay inside"):
        resolve(templates, "../secret", {}, (60, 90), 3, "card-1")


def test_values_are_escaped_for_markup(tmp_path: Path) -> None:
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 50, h: 9, "
                                     "text: \"{{ item.name }}\"}\n")
    face, _ = resolve(templates, "game/face", {"item": {"name": "Fish & <Chips>"}},
                      (60, 90), 3, "card-1")
    (text,) = face.elements
    assert isinstance(text, Text)
    assert "".join(r.text for line in text.lines for r in line.runs) == "Fish & <Chips>"


def test_if_and_each(tmp_path: Path) -> None:
    templates = _templates(tmp_path, (
        "elements:\n"
        "  - circle: {cx: \"{{ 5 + n * 10 }}\", cy: 5, r: 2, fill: '#000000'}\n"
        "    each: \"range(3)\"\n"
        "    as: n\n"
        "  - box: {if: \"item.show\", x: 0, y: 0, w: 1, h: 1, fill: '#ff0000'}\n"))
    face, _ = resolve(templates, "game/face", {"item": {"show": False}}, (60, 90), 3, "c")
    assert [getattr(e, "cx", None) for e in face.elements] == [5.0, 15.0, 25.0]


def test_overflow_error_golden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               golden: Callable[[str, Path], None]) -> None:
    """A text that cannot fit is an error naming the card, the field and what it needs."""
    monkeypatch.chdir(tmp_path)
    templates = _templates(tmp_path, "elements:\n  - text: {x: 3, y: 3, w: 50, h: 10, "
                                     "field: rules, text: \"{{ item.rules }}\", size: 9, "
                                     "min_size: 7}\n")
    _, findings = resolve(templates, "game/face", {"item": {"rules": "Long rules text. " * 20}},
                          (63.5, 88.9), 3, "card-7")
    report = "\n".join(f"{f.location.file}:{f.location.line}:{f.location.col}: "
                       f"{f.severity.value} {f.code}: {f.message}" for f in findings
                       if f.location) + "\n"
    golden(report, KIT_GOLDEN / "overflow.txt")


def test_ink_saver_is_gray_without_backgrounds(tmp_path: Path) -> None:
    from pnpcompiler.layout.ink import ink_saver
    from pnpcompiler.layout.model import Box

    templates = _templates(tmp_path, (
        "background: '#1f3a5f'\n"
        "elements:\n"
        "  - box: {x: 0, y: 0, w: 10, h: 10, fill: '#1f3a5f', stroke: '#cc0000'}\n"
        "  - text: {x: 1, y: 1, w: 50, h: 9, text: 'white on dark', colour: '#ffffff'}\n"))
    face, _ = resolve(templates, "game/face", {}, (60, 90), 3, "c")
    saved = ink_saver(face)
    assert saved.background is None
    box = next(e for e in saved.elements if isinstance(e, Box))
    text = next(e for e in saved.elements if isinstance(e, Text))
    for colour in (box.paint.fill, box.paint.stroke):
        assert colour is not None and colour[1:3] == colour[3:5] == colour[5:7]
    assert box.paint.fill is not None and int(box.paint.fill[1:3], 16) > 180  # pale
    assert {r.colour for line in text.lines for r in line.runs} == {"#000000"}


@pytest.mark.parametrize("expression", [
    "''.__class__.__mro__[1].__subclasses__()",
    "item.__init__.__globals__",
    "cycler.__init__.__globals__",
    "joiner.__init__.__globals__['os']",
    "item.update({'x': 1})",
    "range(10**9) | list",
    "9 ** 99999999",
    "'x' * 10 ** 9",
])
def test_templates_cannot_reach_python_internals(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 expression: str) -> None:
    monkeypatch.chdir(tmp_path)
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 9, h: 9,\n"
                                     f"           text: \"{{{{ {expression} }}}}\"}}\n")
    with pytest.raises(TemplateError) as info:
        resolve(templates, "game/face", {"item": {"name": "a"}}, (60, 90), 3, "card-1")
    finding = info.value.finding
    assert finding.code == "template.render"
    assert finding.location is not None
    assert (finding.location.file, finding.location.line, finding.location.col) == (
        "templates/game/face.yaml", 3, 18)


def test_a_jinja_syntax_error_names_file_line_and_column(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.chdir(tmp_path)
    templates = _templates(tmp_path, "elements:\n  - box: {x: 1, y: 1, w: 9, h: 9}\n"
                                     "  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ item. }}\"}\n")
    with pytest.raises(TemplateError) as info:
        resolve(templates, "game/face", {"item": {}}, (60, 90), 3, "card-1")
    finding = info.value.finding
    assert finding.location is not None
    assert finding.location.prefix() == "templates/game/face.yaml:3:42"
    assert "TemplateSyntaxError" in finding.message
    assert finding.message.startswith("game/face: ")


def test_markup_in_values_comes_out_escaped_in_svg(tmp_path: Path) -> None:
    from pnpcompiler.layout.model import Box, Group, Paint
    from pnpcompiler.render.svg import face_svg

    nasty = '<script>alert("x")</script> & "quoted" \'too\''
    templates = _templates(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 200, h: 30, "
                                     "size: 6, text: \"{{ item.name }}\"}\n")
    face, _ = resolve(templates, "game/face", {"item": {"name": nasty}}, (250, 90), 3, "c")
    face = type(face)(face.width, face.height, face.bleed, face.background,
                      (*face.elements, Group(nasty, (Box(0, 0, 1, 1, Paint("#000000")),))))
    svg = face_svg(face, title=nasty)
    assert "<script>" not in svg
    root = ET.fromstring(svg)  # well-formed
    texts = root.findall(f".//{SVG}text")
    assert "".join("".join(t.itertext()) for t in texts).replace(" ", "") == nasty.replace(
        " ", "")
    assert root.findtext(f"{SVG}title") == nasty
    assert root.findall(f".//{SVG}g")[0].get("id") == nasty
