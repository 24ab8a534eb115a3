"""Templates fail as content does: a finding at the template's line (and the item's), with
"did you mean", never a crash; missing fields in conditions are false; colours in one form;
``pnp validate`` resolves every face as ``pnp build`` does."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.core.findings import Finding, Location, Severity
from pnpcompiler.layout.colours import CSS_COLOURS, BadColour, normal_colour
from pnpcompiler.layout.model import Box, Face, Text
from pnpcompiler.layout.templates import TemplateError, TemplateSet, resolve
from tests.paths import REPO

GAME_YAML = """\
title: Demo
seed: demo.txt
players: {min: 1, max: 2}
bill_of_materials:
  - id: cards
    name: Cards
    kind: deck
    count: 3
"""

DECK_YAML = """\
kind: deck
component: cards
size: poker
template: demo/front
backs:
  - id: plain
    template: demo/back
cards:
  - id: alpha
    name: Alpha
    fields: {title: First}
  - id: beta
    name: Beta
    fields: {title: Second}
  - id: gamma
    name: Gamma
    fields: {title: Third}
"""

FRONT = """\
background: "#f7f4ec"
elements:
  - text: {x: 4, y: 4, w: 55, h: 10, text: "{{ fields.title }}"}
"""

BACK = """\
background: navy
elements: []
"""


def _face(tmp_path: Path, template: str, item: dict[str, Any] | None = None,
          fields: dict[str, Any] | None = None, where: Location | None = None
          ) -> tuple[Face, list[Finding]]:
    """Resolve ``template`` (templates/game/face.yaml) for one item."""
    folder = tmp_path / "templates" / "game"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "face.yaml").write_text(template, encoding="utf-8")
    context = {"item": item or {}, "fields": fields or {}}
    return resolve(TemplateSet([tmp_path / "templates"]), "game/face", context, (63.5, 88.9),
                   3.0, "card-1", where)


def _error(tmp_path: Path, template: str, **given: Any) -> TemplateError:
    with pytest.raises(TemplateError) as info:
        _face(tmp_path, template, **given)
    return info.value


@pytest.fixture
def demo(tmp_path: Path) -> Callable[..., Path]:
    """Write a small game (content/demo, templates/demo) in the test's folder; ``changes``
    replace whole files, by their path in the project."""

    def make(changes: dict[str, str] | None = None) -> Path:
        files = {"content/demo/game.yaml": GAME_YAML, "content/demo/cards/deck.yaml": DECK_YAML,
                 "templates/demo/front.yaml": FRONT, "templates/demo/back.yaml": BACK}
        files.update(changes or {})
        for rel, text in files.items():
            (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / rel).write_text(text, encoding="utf-8")
        return tmp_path

    return make


def _headers(out: str) -> list[str]:
    return [line for line in out.splitlines() if re.search(r": (error|warning) ", line)]


# -- a missing field in a condition is false --------------------------------------------------


def test_image_if_fields_art_without_art_draws_nothing(tmp_path: Path) -> None:
    """The documented ``image: {if: "fields.art", ...}``: a card without art has no picture,
    and no error (it crashed with exit 3)."""
    face, found = _face(tmp_path, "elements:\n  - image: {if: \"fields.art\", src: "
                        "\"{{ fields.art }}\", x: 4, y: 22, w: 55, h: 40, fit: cover}\n")
    assert face.elements == () and found == []


@pytest.mark.parametrize(("condition", "drawn"), [
    ("fields.art", False),
    ("item.bonus.amount", False),
    ("fields.count > 2", False),
    ("fields.count + 1 == 3", False),
    ("not fields.art", True),
    ("fields.art is not defined", True),
    ("fields.title and fields.art", False),
    ("fields.title or fields.art", True),
    ("missing_variable", False),
])
def test_missing_field_or_variable_in_if_is_false(tmp_path: Path, condition: str,
                                                  drawn: bool) -> None:
    face, found = _face(tmp_path, f"elements:\n  - box: {{if: \"{condition}\", x: 1, y: 1, "
                        "w: 2, h: 2, fill: red}\n", fields={"title": "T"})
    assert (len(face.elements) == 1) is drawn
    assert [f for f in found if f.severity is Severity.ERROR] == []


def test_if_beside_the_element_is_false_for_a_missing_field(tmp_path: Path) -> None:
    face, _ = _face(tmp_path, "elements:\n  - box: {x: 1, y: 1, w: 2, h: 2}\n"
                    "    if: \"fields.art\"\n")
    assert face.elements == ()


def test_misspelt_variable_in_if_warns_with_the_near_name(tmp_path: Path) -> None:
    """A condition on ``feilds`` is false for every item: a warning says so."""
    face, found = _face(tmp_path, "elements:\n  - box: {if: \"feilds.art\", x: 1, y: 1, w: 2, "
                        "h: 2}\n", fields={"art": "a.png"})
    assert face.elements == ()
    (finding,) = found
    assert finding.code == "template.unknown-name"
    assert finding.severity is Severity.WARNING
    assert "'feilds' is not a variable" in finding.message
    assert "(did you mean 'fields'?)" in finding.message


# -- an undefined name elsewhere is a finding at both places -----------------------------------


def test_undefined_field_names_template_line_item_line_and_near_key(tmp_path: Path) -> None:
    item_at = Location("content/demo/cards/deck.yaml", 12, 5)
    error = _error(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 50, h: 9,\n"
                   "           text: \"{{ item.titel }}\"}\n",
                   item={"id": "card-1", "title": "Alpha", "copies": 1}, where=item_at)
    finding = error.finding
    assert finding.code == "template.undefined"
    assert finding.location is not None
    assert (finding.location.file, finding.location.line, finding.location.col) == (
        "templates/game/face.yaml", 3, 18)
    assert "'item.titel' is not defined for card-1 (content/demo/cards/deck.yaml:12:5)" in (
        finding.message)
    assert "(did you mean 'item.title'?)" in finding.message
    assert "item has copies, id, title" in finding.message


def test_undefined_variable_suggests_the_template_variable(tmp_path: Path) -> None:
    error = _error(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 50, h: 9, "
                   "text: \"{{ itme.title }}\"}\n", item={"title": "A"})
    assert error.finding.code == "template.undefined"
    assert "'itme' is not defined" in error.finding.message
    assert "(did you mean 'item'?)" in error.finding.message


def test_undefined_in_a_length_and_in_each_are_findings(tmp_path: Path) -> None:
    for body in ("  - box: {x: \"{{ fields.left }}\", y: 1, w: 2, h: 2}\n",
                 "  - box: {x: 1, y: 1, w: 2, h: 2}\n    each: \"fields.spots\"\n",
                 "  - polygon: {points: \"fields.shape\"}\n"):
        error = _error(tmp_path, "elements:\n" + body, fields={"lft": 3})
        assert error.finding.code == "template.undefined", body
        assert "fields." in error.finding.message


def test_undefined_attribute_of_a_text_says_what_the_value_is(tmp_path: Path) -> None:
    error = _error(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 50, h: 9, "
                   "text: \"{{ item.name.first }}\"}\n", item={"name": "Alpha"})
    assert "'item.name.first' is not defined" in error.finding.message
    assert "item.name is a text" in error.finding.message


def test_a_name_many_cards_lack_is_one_finding_naming_them(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo({"templates/demo/front.yaml": FRONT.replace("fields.title", "item.titel")})
    code, out = pnp("build", "-q")
    assert code == 1
    (header,) = _headers(out)
    assert header.startswith("templates/demo/front.yaml:3:")
    assert "'item.titel' is not defined for 3 items: alpha (content/demo/cards/deck.yaml:" in (
        header)
    assert "(did you mean 'item.title'?)" not in header  # the cards have 'name', not 'title'
    assert "item has back, component, copies, fields, id, name, notes, source, template" in (
        header)


# -- template keys, choices and sizes get "did you mean" --------------------------------------


@pytest.mark.parametrize(("template", "key", "near"), [
    ("elements:\n  - text: {x: 1, y: 1, w: 9, h: 9, text: a, szie: 9}\n", "szie", "size"),
    ("backgrund: red\nelements: []\n", "backgrund", "background"),
    ("elements:\n  - box: {x: 1, y: 1, w: 2, h: 2}\n    iff: fields.a\n", "iff", "if"),
    ("elements:\n  - circle: {cx: 1, cy: 1, r: 2, strok: red}\n", "strok", "stroke"),
])
def test_unknown_template_key_suggests_the_near_key(tmp_path: Path, template: str, key: str,
                                                    near: str) -> None:
    error = _error(tmp_path, template)
    finding = error.finding
    assert finding.code == "template.unknown-key"
    assert f"unknown key '{key}'" in finding.message
    assert f"(did you mean '{near}'?)" in finding.message
    assert "allowed keys: " in finding.message
    where = finding.location
    assert where is not None and where.source_line is not None and where.col is not None
    assert where.source_line[where.col - 1:].startswith(key)


def test_unknown_element_kind_suggests_the_near_kind(tmp_path: Path) -> None:
    error = _error(tmp_path, "elements:\n  - txt: {x: 1, y: 1, w: 9, h: 9, text: a}\n")
    assert error.finding.code == "template.bad-element"
    assert "found txt (did you mean 'text'?)" in error.finding.message


def test_every_unknown_key_of_a_template_is_reported_at_once(tmp_path: Path) -> None:
    error = _error(tmp_path, "backgrund: red\nelements:\n"
                   "  - text: {x: 1, y: 1, w: 9, h: 9, text: a, szie: 9, colr: red}\n")
    assert [(f.code, f.location.line if f.location else 0) for f in error.findings] == [
        ("template.unknown-key", 1), ("template.unknown-key", 3), ("template.unknown-key", 3)]


def test_unknown_keys_are_found_even_where_if_is_false(tmp_path: Path) -> None:
    error = _error(tmp_path, "elements:\n  - box: {if: \"fields.never\", x: 1, y: 1, w: 2, h: 2, "
                   "fil: red}\n")
    assert "(did you mean 'fill'?)" in error.finding.message


@pytest.mark.parametrize(("key", "value", "near"), [
    ("align", "centre", "center"), ("valign", "midle", "middle"), ("font", "bold-itallic",
                                                                    "bold-italic")])
def test_bad_choice_suggests_the_near_choice(tmp_path: Path, key: str, value: str,
                                             near: str) -> None:
    error = _error(tmp_path, f"elements:\n  - text: {{x: 1, y: 1, w: 9, h: 9, text: a, "
                   f"{key}: {value}}}\n")
    assert error.finding.code == "template.bad-choice"
    assert f"(did you mean '{near}'?)" in error.finding.message


def test_deck_size_pokr_is_one_finding_suggesting_poker(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo({"content/demo/cards/deck.yaml": DECK_YAML.replace("size: poker", "size: pokr")})
    code, out = pnp("validate")
    assert code == 1
    (header,) = _headers(out)
    assert header.startswith("content/demo/cards/deck.yaml:3:7: error schema.invalid-value")
    assert "found text 'pokr' (did you mean 'poker'?)" in header
    assert "or a mapping" in header


# -- a missing template is one finding where it is named ---------------------------------------


def test_missing_deck_template_is_one_finding_at_the_deck_template_line(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo({"content/demo/cards/deck.yaml": DECK_YAML.replace("template: demo/front",
                                                             "template: demo/frnt")})
    code, out = pnp("build", "-q")
    assert code == 1
    assert _headers(out) == [
        "content/demo/cards/deck.yaml:4:11: error template.missing: template: no template "
        "'demo/frnt' (looked for demo/frnt.yaml in templates) (did you mean 'demo/front'?)"]


def test_missing_back_template_is_one_finding_at_the_back_template_line(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo({"content/demo/cards/deck.yaml": DECK_YAML.replace("template: demo/back",
                                                             "template: demo/bak")})
    code, out = pnp("build", "-q")
    (header,) = _headers(out)
    assert code == 1
    assert header.startswith("content/demo/cards/deck.yaml:7:15: error template.missing: "
                             "backs[0].template: no template 'demo/bak'")


def test_missing_card_templates_are_one_finding_per_card_at_its_own_line(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    deck = DECK_YAML.replace("    name: Alpha\n", "    name: Alpha\n    template: demo/a\n")
    deck = deck.replace("    name: Beta\n", "    name: Beta\n    template: demo/b\n")
    demo({"content/demo/cards/deck.yaml": deck})
    code, out = pnp("build", "-q")
    assert code == 1
    assert [h.split(": error")[0] for h in _headers(out)] == [
        "content/demo/cards/deck.yaml:11:15", "content/demo/cards/deck.yaml:15:15"]


# -- colours ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "normal"), [
    ("#1A2b3C", "#1a2b3c"), ("#abc", "#aabbcc"), ("#ABC", "#aabbcc"), ("navy", "#000080"),
    ("DarkSeaGreen", "#8fbc8f"), ("lightgray", "#d3d3d3"), ("rebeccapurple", "#663399")])
def test_colours_become_one_rrggbb_form(written: str, normal: str) -> None:
    assert normal_colour(written) == normal


def test_css_named_colours_are_those_of_css() -> None:
    """Checked against Pillow's table of the CSS names, kept apart from ours."""
    from PIL import ImageColor

    assert dict(CSS_COLOURS) == {name: str(value) for name, value in
                                 ImageColor.colormap.items()}


@pytest.mark.parametrize(("written", "hint"), [
    ("ligthblue", "(did you mean 'lightblue'?)"), ("#12345", "(5 hex digits; a colour has 3 or "
                                                           "6)"),
    ("#ggg", "(only 0-9 and a-f follow '#')"), ("reddish-brown", "")])
def test_bad_colour_is_a_finding_with_the_near_name(tmp_path: Path, written: str,
                                                    hint: str) -> None:
    with pytest.raises(BadColour) as info:
        normal_colour(written)
    assert hint in str(info.value)
    error = _error(tmp_path, f"elements:\n  - box: {{x: 1, y: 1, w: 2, h: 2, fill: "
                   f"'{written}'}}\n")
    assert error.finding.code == "template.bad-colour"
    assert hint in error.finding.message


def test_short_hex_and_names_draw_alike_in_pdf_and_svg(tmp_path: Path) -> None:
    """``#abc`` is #aabbcc in the SVG and in the PDF (reportlab alone reads it as #000abc),
    and a CSS name reportlab does not know is drawn too."""
    from PIL import Image as PILImage

    from pnpcompiler.render.png import faces_to_png
    from pnpcompiler.render.svg import face_svg

    face, _ = _face(tmp_path, "background: rebeccapurple\nelements:\n"
                    "  - box: {x: 10, y: 10, w: 40, h: 60, fill: '#abc'}\n"
                    "  - text: {x: 1, y: 80, w: 50, h: 6, text: x, colour: DarkSeaGreen}\n")
    box = next(e for e in face.elements if isinstance(e, Box))
    text = next(e for e in face.elements if isinstance(e, Text))
    assert (face.background, box.paint.fill) == ("#663399", "#aabbcc")
    assert {r.colour for line in text.lines for r in line.runs} == {"#8fbc8f"}
    svg = face_svg(face)
    assert 'fill="#aabbcc"' in svg and "#663399" in svg
    ((_, png),) = faces_to_png([face], 72, [Path("face.png")])
    image = PILImage.open(io.BytesIO(png)).convert("RGB")
    k = 72 / 25.4
    assert image.getpixel((int((3 + 30) * k), int((3 + 40) * k))) == (170, 187, 204)
    assert image.getpixel((int(1 * k), int(1 * k))) == (102, 51, 153)


# -- no template input ends in a crash ----------------------------------------------------------


@pytest.mark.parametrize(("body", "code"), [
    ("  - box: {x: .nan, y: 1, w: 2, h: 2}\n", "template.bad-length"),
    ("  - box: {x: \"{{ 10 ** 400 }}\", y: 1, w: 2, h: 2}\n", "template.bad-length"),
    ("  - box: {x: [1, 2], y: 1, w: 2, h: 2}\n", "template.bad-length"),
    ("  - box: {x: 1, y: 1, w: 2, h: 2, radius: -1}\n", "template.bad-length"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: a, size: 1e9}\n", "template.bad-number"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: a, size: .inf}\n", "template.bad-number"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: a, min_size: 0}\n", "template.bad-number"),
    ("  - text: {x: 1, y: 1, w: 0, h: 9, text: a}\n", "template.bad-length"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: '<img src=\"/etc/passwd\"/>'}\n",
     "template.bad-markup"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: '<font color=\"nope\">a</font>'}\n",
     "template.bad-markup"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ 'x' * 30000 }}\"}\n", "template.too-big"),
    ("  - box: {x: 1, y: 1, w: 2, h: 2, dash: '0 0'}\n", "template.bad-number"),
    ("  - box: {x: 1, y: 1, w: 2, h: 2, stroke: red, dash: 'nan 1'}\n", "template.bad-number"),
    ("  - box: {x: 1, y: 1, w: 2, h: 2}\n    each: \"range(100000)\"\n", "template.too-many"),
    ("  - box: {x: 1, y: 1, w: 2, h: 2}\n    each: 5\n", "template.bad-each"),
    ("  - polygon: {points: \"range(20000) | map('string') | list\"}\n", "template.bad-points"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ 'x'.center(10 ** 9) }}\"}\n",
     "template.render"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ 'x' | indent(10 ** 9) }}\"}\n",
     "template.render"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ '%*d' % (10 ** 9, 1) }}\"}\n",
     "template.render"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ '{:>{}}'.format(1, 10 ** 9) }}\"}\n",
     "template.render"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ ('ab' * 1000) | replace('', 'xyz' * 999) "
     "}}\"}\n", "template.render"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{{ lipsum(10 ** 9) }}\"}\n",
     "template.undefined"),
    ("  - text: {x: 1, y: 1, w: 9, h: 9, text: \"{% macro f() %}{{ f() }}{% endmacro %}"
     "{{ f() }}\"}\n", "template.too-big"),
])
def test_template_input_is_a_finding_never_a_crash(tmp_path: Path, body: str,
                                                   code: str) -> None:
    error = _error(tmp_path, "elements:\n" + body)
    assert error.finding.code == code
    assert error.finding.location is not None and error.finding.location.line is not None


def test_an_icon_that_draws_itself_is_a_finding(tmp_path: Path) -> None:
    icons = tmp_path / "templates" / "game" / "icons"
    icons.mkdir(parents=True)
    (icons / "loop.yaml").write_text("elements:\n  - icon: {name: loop, x: 1, y: 1, size: 8}\n",
                                     encoding="utf-8")
    error = _error(tmp_path, "elements:\n  - icon: {name: loop, x: 1, y: 1, size: 8}\n")
    assert error.finding.code == "template.too-deep"
    assert "'loop' draw itself" in error.finding.message


def test_a_broken_icon_template_is_reported_not_taken_for_missing(tmp_path: Path) -> None:
    icons = tmp_path / "templates" / "game" / "icons"
    icons.mkdir(parents=True)
    (icons / "star.yaml").write_text("elements:\n  - box: {x: 1, y: 1, w: 2, h: 2, fil: red}\n",
                                     encoding="utf-8")
    error = _error(tmp_path, "elements:\n  - icon: {name: star, x: 1, y: 1, size: 8}\n")
    assert error.finding.code == "template.unknown-key"
    assert error.finding.location is not None
    assert error.finding.location.file == "templates/game/icons/star.yaml"


def test_images_need_a_box_above_zero(tmp_path: Path) -> None:
    error = _error(tmp_path, "elements:\n  - image: {src: a.png, x: 1, y: 1, w: 0, h: 5}\n")
    assert error.finding.code == "template.bad-length"


# -- pnp validate resolves every face ------------------------------------------------------------


def test_validate_reports_template_findings_and_writes_no_output(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    root = demo({"templates/demo/front.yaml": FRONT.replace("fields.title", "item.titel")})
    code, out = pnp("validate")
    assert code == 1
    assert "template.undefined" in out
    assert "demo: 1 error, 0 warnings" in out
    assert not (root / "out" / "demo").exists()


def test_validate_reports_what_build_reports(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    front = FRONT + ("  - text: {x: 4, y: 20, w: 10, h: 3, text: \"{{ 'long words ' * 30 }}\", "
                     "field: rules}\n")
    back = BACK.replace("elements: []", "elements:\n  - box: {x: 1, y: 1, w: 2, h: 2, "
                        "fill: ligthblue}")
    demo({"templates/demo/front.yaml": front, "templates/demo/back.yaml": back})
    code, validated = pnp("validate")
    built_code, built = pnp("build")
    assert (code, built_code) == (1, 1)
    assert _headers(validated) == _headers(built)
    assert {h.split(" ")[2].rstrip(":") for h in _headers(validated)} == {
        "text.overflow", "template.bad-colour"}


def test_validate_of_the_shipped_games_finds_what_build_finds(
        pnp: Callable[..., tuple[int, str]]) -> None:
    repo = REPO
    args = ("--content", str(repo / "content"), "--templates", str(repo / "templates"))
    code, out = pnp("validate", *args)
    assert code == 0, out
    assert "air-cargo: 0 errors" in out and "rushing-tin: 0 errors" in out


def test_second_validate_reads_faces_from_the_cache(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pnpcompiler.build import faces
    from pnpcompiler.layout import templates

    demo()
    resolved: list[str] = []
    real = templates.resolve  # what faces calls

    def counting(*args: Any, **kwargs: Any) -> Any:
        resolved.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(faces, "resolve", counting)
    assert pnp("validate")[0] == 0
    assert len(resolved) == 4  # three fronts and the shared back
    resolved.clear()
    assert pnp("validate")[0] == 0
    assert resolved == []


def test_default_and_is_defined_print_nothing_for_a_missing_field(tmp_path: Path) -> None:
    face, found = _face(tmp_path, "elements:\n  - text: {x: 5, y: 5, w: 50, h: 9, text: "
                        "\"[{{ fields.flavour | default('') }}{% if fields.flavour is defined %}"
                        "x{% endif %}]\"}\n")
    (text,) = face.elements
    assert isinstance(text, Text) and found == []
    assert "".join(r.text for line in text.lines for r in line.runs) == "[]"


def test_python_internals_are_a_security_error(tmp_path: Path) -> None:
    error = _error(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 50, h: 9, "
                   "text: \"{{ ''.__class__ }}\"}\n")
    assert error.finding.code == "template.render"
    assert "SecurityError" in error.finding.message


def test_a_games_own_printable_reports_a_missing_template_once(
        tmp_path: Path, pnp: Callable[..., tuple[int, str]]) -> None:
    """Rushing Tin's cash notes (a kind of its own): one finding at the cash file's
    ``template:``, not one per denomination."""
    import shutil

    repo = REPO
    shutil.copytree(repo / "content" / "rushing-tin", tmp_path / "content" / "rushing-tin")
    shutil.copytree(repo / "templates" / "rushing-tin", tmp_path / "templates" / "rushing-tin")
    (tmp_path / "templates" / "rushing-tin" / "cash-note.yaml").unlink()
    code, out = pnp("validate", "rushing-tin")
    assert code == 1
    errors = [h for h in _headers(out) if ": error " in h]
    assert errors == [
        "content/rushing-tin/pieces/cash.yaml:22:11: error template.missing: template: no "
        "template 'rushing-tin/cash-note' (looked for rushing-tin/cash-note.yaml in templates)"]


def test_validate_again_after_an_edit_finds_what_changed(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    """The kept findings are those of unchanged content and templates only."""
    root = demo()
    assert pnp("validate")[0] == 0
    front = root / "templates" / "demo" / "front.yaml"
    front.write_text(FRONT.replace("h: 10,", "h: 10, szie: 9,"), encoding="utf-8")
    code, out = pnp("validate")
    assert code == 1 and "(did you mean 'size'?)" in out
    front.write_text(FRONT, encoding="utf-8")
    assert pnp("validate")[0] == 0
    deck = root / "content" / "demo" / "cards" / "deck.yaml"
    deck.write_text(DECK_YAML.replace("template: demo/front", "template: demo/frnt"),
                    encoding="utf-8")
    code, out = pnp("validate")
    assert code == 1 and "template.missing" in out
