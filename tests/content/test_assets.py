"""Pictures and fonts named by content: drawn in the PDF, SVG and PNG, and confined to the
game's folder. (The template sandbox around them: tests/layout/test_templates.py.)"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import reportlab
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.assets import PictureChanged, confine, game_assets
from pnpcompiler.core.findings import Finding
from pnpcompiler.layout.model import Image
from tests.pdfs import content_stream, resources

PT = 72 / 25.4
VERA = Path(reportlab.__file__).parent / "fonts"
SVG = "{http://www.w3.org/2000/svg}"

GAME_YAML = """\
title: Demo
seed: demo.txt
players: {{min: 1, max: 2}}
{fonts}bill_of_materials:
  - id: cards
    name: Cards
    kind: deck
    count: {count}
"""

FRONT = """\
background: "#f7f4ec"
elements:
  - image: {src: "{{ fields.art }}", x: 3, y: 3, w: 57.5, h: 40, fit: cover}
  - text: {x: 4, y: 70, w: 55, h: 12, text: "{{ fields.body }}"}
"""


def _png(size: tuple[int, int] = (200, 100), colour: tuple[int, ...] = (200, 30, 30, 255),
         mode: str = "RGBA") -> bytes:
    from PIL import Image as PILImage

    out = io.BytesIO()
    PILImage.new(mode, size, colour).save(out, format="PNG")
    return out.getvalue()


def _jpeg(size: tuple[int, int] = (60, 120)) -> bytes:
    from PIL import Image as PILImage

    out = io.BytesIO()
    PILImage.new("RGB", size, (20, 160, 40)).save(out, format="JPEG", quality=90)
    return out.getvalue()


def _gif() -> bytes:
    from PIL import Image as PILImage

    out = io.BytesIO()
    PILImage.new("P", (4, 4)).save(out, format="GIF")
    return out.getvalue()


def _deck(cards: list[tuple[str, str]]) -> str:
    lines = ["kind: deck", "component: cards", "size: poker", "template: demo/front", "cards:"]
    for card_id, art in cards:
        lines += [f"  - id: {card_id}", f"    name: {card_id.title()}",
                  f"    fields: {{art: {art!r}, body: Text}}"]
    return "\n".join(lines) + "\n"


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
         ) -> Callable[..., Path]:
    """Make a project in tmp_path (the working folder) with one deck whose cards name art."""

    def make(cards: list[tuple[str, str]] | None = None, *, front: str = FRONT,
             fonts: dict[str, str] | None = None,
             files: dict[str, bytes] | None = None) -> Path:
        game = tmp_path / "content" / "demo"
        cards = cards if cards is not None else [("alpha", "images/wide.png"),
                                                 ("beta", "images/photo.jpg")]
        declared = "".join(f"  {k}: {v}\n" for k, v in (fonts or {}).items())
        body = {
            "game.yaml": GAME_YAML.format(fonts=f"fonts:\n{declared}" if fonts else "",
                                          count=len(cards)).encode(),
            "cards/deck.yaml": _deck(cards).encode(),
            "images/wide.png": _png(),
            "images/photo.jpg": _jpeg(),
            **(files or {}),
        }
        for rel, data in body.items():
            path = game / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        template = tmp_path / "templates" / "demo" / "front.yaml"
        template.parent.mkdir(parents=True, exist_ok=True)
        template.write_text(front, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        return game

    return make


def _build(pnp: Callable[..., tuple[int, str]], *args: str) -> tuple[int, str]:
    return pnp("build", "-o", "out", "--quiet", "--no-cache", *args)


def _findings(out: str) -> list[str]:
    return [line for line in out.splitlines() if ": error " in line or ": warning " in line]


def _page_images(pdf: Path) -> list[dict[str, Any]]:
    from pypdf import PdfReader

    found = []
    for page in PdfReader(pdf).pages:
        xobjects = resources(page).get("/XObject") or {}
        for ref in xobjects.values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found.append(obj)
    return found


# --- drawing -----------------------------------------------------------------------------


def test_images_are_drawn_in_the_pdf_once_each_and_jpeg_stays_jpeg(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]], tmp_path: Path) -> None:
    demo([("alpha", "images/wide.png"), ("beta", "images/photo.jpg"),
          ("gamma", "images/wide.png")])
    code, out = _build(pnp, "--png", "72")
    assert code == 0, out
    images = _page_images(tmp_path / "out" / "demo" / "demo-a4.pdf")
    sizes = sorted((int(i["/Width"]), int(i["/Height"])) for i in images)
    assert sizes == [(60, 120), (200, 100)]  # the PNG drawn twice is stored once
    jpeg = next(i for i in images if int(i["/Width"]) == 60)
    assert "/DCTDecode" in list(jpeg["/Filter"])
    png = next(i for i in images if int(i["/Width"]) == 200)
    assert "/SMask" in png  # its transparency is kept
    from PIL import Image as PILImage

    rendered = PILImage.open(tmp_path / "out" / "demo" / "png" / "cards" / "alpha.png")
    # The top of the card (the cover-fitted art) is the art's red.
    pixel = rendered.convert("RGB").getpixel((rendered.width // 2, 40))
    assert isinstance(pixel, tuple)
    r, g, b = pixel
    assert r > 150 and g < 80 and b < 80


def test_builds_with_images_are_byte_identical(demo: Callable[..., Path],
                                               pnp: Callable[..., tuple[int, str]],
                                               tmp_path: Path) -> None:
    demo()
    assert _build(pnp)[0] == 0
    first = (tmp_path / "out" / "demo" / "demo-a4.pdf").read_bytes()
    svg = (tmp_path / "out" / "demo" / "svg" / "cards" / "alpha.svg").read_bytes()
    shutil.rmtree(tmp_path / "out")
    assert _build(pnp)[0] == 0
    assert (tmp_path / "out" / "demo" / "demo-a4.pdf").read_bytes() == first
    assert (tmp_path / "out" / "demo" / "svg" / "cards" / "alpha.svg").read_bytes() == svg


def test_svg_embeds_the_picture_as_a_data_uri(demo: Callable[..., Path],
                                              pnp: Callable[..., tuple[int, str]],
                                              tmp_path: Path) -> None:
    game = demo(front=FRONT + "  - image: {src: images/photo.jpg, x: 3, y: 45, w: 20, h: 20}\n"
                "  - image: {src: images/wide.png, x: 30, y: 45, w: 20, h: 20, "
                "fit: stretch}\n")
    assert _build(pnp)[0] == 0
    root = ET.parse(tmp_path / "out" / "demo" / "svg" / "cards" / "alpha.svg").getroot()
    images = root.findall(f".//{SVG}image")
    assert [i.get("preserveAspectRatio") for i in images] == [
        "xMidYMid slice", "xMidYMid meet", "none"]
    assert [(i.get("x"), i.get("y"), i.get("width"), i.get("height")) for i in images] == [
        ("3", "3", "57.5", "40"), ("3", "45", "20", "20"), ("30", "45", "20", "20")]
    head, _, data = images[0].get("href", "").partition(",")
    assert head == "data:image/png;base64"
    assert base64.b64decode(data) == (game / "images" / "wide.png").read_bytes()
    assert images[1].get("href", "").startswith("data:image/jpeg;base64,")


@pytest.mark.parametrize(("fit", "expected"), [
    ("contain", (10.0, 30.0, 40.0, 20.0)),   # 2:1 in a 40 x 60 box: full width, centred
    ("cover", (-30.0, 10.0, 120.0, 60.0)),   # full height, centred, clipped to the box
    ("stretch", (10.0, 10.0, 40.0, 60.0)),
])
def test_fits_place_the_picture(fit: str, expected: tuple[float, ...]) -> None:
    image = Image("/x.png", "0", "png", (200, 100), 10, 10, 40, 60, fit)
    assert image.placed() == pytest.approx(expected)


@pytest.mark.parametrize("fit", ["contain", "cover", "stretch"])
def test_pdf_draws_the_picture_where_the_fit_says(fit: str, tmp_path: Path) -> None:
    from pypdf import PdfReader

    from pnpcompiler.layout.model import Face
    from pnpcompiler.render.png import faces_pdf

    path = tmp_path / "wide.png"
    path.write_bytes(_png())
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    image = Image(str(path), digest, "png", (200, 100), 10, 10, 40, 60, fit)
    face = Face(63.5, 88.9, 0.0, None, (image,))
    page = PdfReader(io.BytesIO(faces_pdf([face]))).pages[0]
    stream = content_stream(page)
    numbers = r"(-?[\d.]+)"
    placed = re.search(" ".join([numbers] * 6) + r" cm\s*/FormXob\S* Do", stream)
    assert placed is not None, stream
    w, _, _, h, x, y = (float(v) for v in placed.groups())
    px, py, pw, ph = image.placed()
    assert (x, w, h) == pytest.approx((px * PT, pw * PT, ph * PT), abs=0.01)
    assert y == pytest.approx((88.9 - py - ph) * PT, abs=0.01)
    # The face clips to its bleed box; a cover picture clips to its own box as well.
    assert len(re.findall(r"re W\*? n", stream)) == (2 if fit == "cover" else 1)


def test_ink_saver_draws_pictures_in_grayscale(demo: Callable[..., Path],
                                               pnp: Callable[..., tuple[int, str]],
                                               tmp_path: Path) -> None:
    from PIL import Image as PILImage

    demo()
    assert _build(pnp, "--ink-saver")[0] == 0
    out = tmp_path / "out" / "demo"
    images = _page_images(out / "demo-a4-ink-saver.pdf")
    assert images and {str(i["/ColorSpace"]) for i in images} == {"/DeviceGray"}
    root = ET.parse(out / "svg-ink-saver" / "cards" / "beta.svg").getroot()
    href = root.findall(f".//{SVG}image")[0].get("href", "")
    assert href.startswith("data:image/png;base64,")  # the JPEG, converted
    picture = PILImage.open(io.BytesIO(base64.b64decode(href.partition(",")[2])))
    assert picture.mode in ("L", "LA")


def test_a_changed_picture_changes_the_face_and_the_rebuilt_kit(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]],
        tmp_path: Path) -> None:
    game = demo()
    assert pnp("build", "-o", "out", "--quiet")[0] == 0
    svg = tmp_path / "out" / "demo" / "svg" / "cards" / "alpha.svg"
    before = svg.read_text()
    (game / "images" / "wide.png").write_bytes(_png(colour=(0, 0, 255, 255)))
    code, out = pnp("build", "-o", "out", "--quiet")
    assert code == 0, out
    assert svg.read_text() != before


def test_a_picture_changed_after_layout_is_not_drawn_silently(tmp_path: Path) -> None:
    from pnpcompiler.layout.model import Face
    from pnpcompiler.render.png import faces_pdf
    from pnpcompiler.render.svg import face_svg

    path = tmp_path / "wide.png"
    path.write_bytes(_png())
    stale = Image(str(path), "0" * 64, "png", (200, 100), 0, 0, 10, 10)
    gone = Image(str(tmp_path / "gone.png"), "0" * 64, "png", (200, 100), 0, 0, 10, 10)
    for image in (stale, gone):
        face = Face(63.5, 88.9, 0.0, None, (image,))
        with pytest.raises(PictureChanged, match="build again"):
            face_svg(face)
        with pytest.raises(PictureChanged, match="build again"):
            faces_pdf([face])


# --- confinement -------------------------------------------------------------------------


def test_paths_outside_the_game_are_refused_and_nothing_is_written(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]],
        tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.png").write_bytes(_png())
    game = demo([("up", "../../elsewhere/secret.png"), ("abs", str(outside / "secret.png")),
                 ("link", "images/link.png"), ("dirlink", "images/shared/secret.png"),
                 ("gone", "images/nope.png"), ("fake", "images/fake.png"),
                 ("gif", "images/anim.gif"), ("folder", "images")],
                files={"images/fake.png": b"hello, not a picture\n", "images/anim.gif": _gif()})
    os.symlink(outside / "secret.png", game / "images" / "link.png")
    os.symlink(outside, game / "images" / "shared")
    code, out = _build(pnp)
    assert code == 1
    assert not (tmp_path / "out" / "demo").exists()
    found = _findings(out)
    expected = [
        (8, "path.outside-content", "which leads to"),
        (11, "path.absolute", "found the absolute path"),
        (14, "path.outside-content", "through a symbolic link"),
        (17, "path.outside-content", "through a symbolic link"),
        (20, "image.missing", "found no such file"),
        (23, "image.unsupported", "found text, not an image (it starts with 'hello, not a"),
        (26, "image.unsupported", "found a GIF file"),
        (29, "path.not-a-file", "found a folder"),
    ]
    assert len(found) == len(expected), out
    for line, (row, code_, words) in zip(found, expected, strict=True):
        assert line.startswith(f"content/demo/cards/deck.yaml:{row}:"), line
        assert f"error {code_}: cards[" in line and ".fields.art: " in line, line
        assert "image src of demo/front (templates/demo/front.yaml:3:" in line, line
        assert words in line, line


def test_a_path_written_in_the_template_points_at_the_template(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo(front="elements:\n  - image: {src: ../../../etc/passwd, x: 0, y: 0, w: 9, h: 9}\n")
    code, out = _build(pnp)
    assert code == 1
    (line,) = _findings(out)  # once, however many cards use the template
    assert line.startswith("templates/demo/front.yaml:2:18: error path.outside-content: "
                           "elements[0].image.src: demo/front: expected an image inside the game "
                           "folder content/demo, found '../../../etc/passwd'"), line


def test_a_computed_path_names_the_item_and_the_value(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo(front="elements:\n  - image: {src: \"images/{{ item.id }}.png\", x: 0, y: 0, w: 9, "
               "h: 9}\n")
    code, out = _build(pnp)
    assert code == 1
    found = _findings(out)
    assert any("alpha: image src of demo/front" in f and "'images/alpha.png'" in f
               and "image.missing" in f for f in found), out


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game folder with files, folders and links in and out, beside a folder outside."""
    base = tmp_path_factory.mktemp("tree")
    root, outside = base / "game", base / "outside"
    (root / "images" / "sub").mkdir(parents=True)
    outside.mkdir()
    for path in (root / "a.png", root / "images" / "b.png", root / "images" / "sub" / "c.png",
                 outside / "x.png"):
        path.write_bytes(b"x")
    os.symlink(outside, root / "out-dir")
    os.symlink(outside / "x.png", root / "out-file")
    os.symlink(root / "images", root / "in-dir")
    os.symlink(root / "a.png", root / "images" / "in-file")
    os.symlink("loop-b", root / "loop-a")
    os.symlink("loop-a", root / "loop-b")
    os.symlink("../..", root / "images" / "up-two")
    return root


SEGMENTS = st.sampled_from(["..", ".", "", "images", "sub", "a.png", "b.png", "c.png",
                            "x.png", "outside", "game", "out-dir", "out-file", "in-dir",
                            "in-file", "loop-a", "up-two", "~", "\0", "C:", "\\"])


@settings(max_examples=300, deadline=None)
@given(segments=st.lists(SEGMENTS, min_size=0, max_size=8), absolute=st.booleans())
def test_confine_returns_a_file_inside_or_a_finding(tree: Path, segments: list[str],
                                                     absolute: bool) -> None:
    written = ("/" if absolute else "") + "/".join(segments)
    found = confine(tree, written, what="image")
    if isinstance(found, Finding):
        assert found.code.startswith(("path.", "image."))
        return
    assert found.is_relative_to(tree.resolve()) and found != tree.resolve()
    assert found.is_file() and found == found.resolve()
    assert not absolute


# --- fonts -------------------------------------------------------------------------------


def test_a_declared_font_is_embedded_and_named_in_the_svg(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]],
        tmp_path: Path) -> None:
    from pypdf import PdfReader

    demo(front=FRONT.replace('text: "{{ fields.body }}"}',
                             'text: "{{ fields.body }}", font: display}'),
         fonts={"display": "fonts/Display.ttf"},
         files={"fonts/Display.ttf": (VERA / "VeraBI.ttf").read_bytes()})
    code, out = _build(pnp)
    assert code == 0, out
    reader = PdfReader(tmp_path / "out" / "demo" / "demo-a4.pdf")
    fonts = {}
    for page in reader.pages[1:2]:  # the sheet of cards
        for ref in resources(page)["/Font"].values():
            font = ref.get_object()
            descendant = font.get("/DescendantFonts")
            desc = (descendant[0].get_object() if descendant else font)["/FontDescriptor"]
            fonts[str(font["/BaseFont"]).split("+")[-1]] = "/FontFile2" in desc.get_object()
    assert fonts.get("BitstreamVeraSans-BoldOblique") is True, fonts
    root = ET.parse(tmp_path / "out" / "demo" / "svg" / "cards" / "alpha.svg").getroot()
    text = root.findall(f".//{SVG}text")[0]
    assert text.get("font-family") == "'Bitstream Vera Sans', sans-serif"
    assert (text.get("font-weight"), text.get("font-style")) == ("bold", "italic")


def test_an_undeclared_font_lists_the_declared_ones(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]]) -> None:
    demo(front=FRONT.replace('text: "{{ fields.body }}"}',
                             'text: "{{ fields.body }}", font: fancy}'),
         fonts={"display": "fonts/Display.ttf"},
         files={"fonts/Display.ttf": (VERA / "Vera.ttf").read_bytes()})
    code, out = _build(pnp)
    assert code == 1
    assert "expected one of regular, bold, italic, bold-italic, title, display for 'font', found " \
           "'fancy'" in out


@pytest.mark.parametrize(("written", "files", "code", "words"), [
    ("fonts/bad.ttf", {"fonts/bad.ttf": b"not a font at all"}, "font.unreadable",
     "expected a TrueType font (.ttf) at 'fonts/bad.ttf', found a file that cannot be used"),
    ("fonts/none.ttf", {}, "font.missing", "found no such file"),
    ("../../Vera.ttf", {}, "path.outside-content", "expected a font inside the game folder"),
    ("fonts/linked.ttf", {}, "path.outside-content", "through a symbolic link"),
    ("/usr/share/fonts/Vera.ttf", {}, "path.absolute", "found the absolute path"),
])
def test_bad_fonts_are_validation_errors_at_their_line(
        demo: Callable[..., Path], pnp: Callable[..., tuple[int, str]], tmp_path: Path,
        written: str, files: dict[str, bytes], code: str, words: str) -> None:
    shutil.copy(VERA / "Vera.ttf", tmp_path / "Vera.ttf")
    game = demo(fonts={"display": written}, files=files)
    if written == "fonts/linked.ttf":
        (game / "fonts").mkdir(exist_ok=True)
        os.symlink(tmp_path / "Vera.ttf", game / "fonts" / "linked.ttf")
    exit_code, out = pnp("validate")
    assert exit_code == 1
    (line,) = _findings(out)
    assert line.startswith(f"content/demo/game.yaml:5:12: error {code}: fonts.display: "
                           "font 'display': "), line
    assert words in line, line
    exit_code, out = _build(pnp)
    assert exit_code == 1 and not (tmp_path / "out" / "demo").exists()


def test_a_font_may_not_take_a_built_in_name(demo: Callable[..., Path],
                                             pnp: Callable[..., tuple[int, str]]) -> None:
    demo(fonts={"bold": "fonts/Display.ttf"},
         files={"fonts/Display.ttf": (VERA / "Vera.ttf").read_bytes()})
    code, out = pnp("validate")
    assert code == 1 and "error font.name-taken: fonts.bold" in out


def test_two_games_declaring_one_name_do_not_clash(tmp_path: Path) -> None:
    from pnpcompiler.content.project import load_game

    content = tmp_path / "content"
    for slug, file in (("one", "Vera.ttf"), ("two", "VeraBd.ttf")):
        game = content / slug
        (game / "fonts").mkdir(parents=True)
        shutil.copy(VERA / file, game / "fonts" / "display.ttf")
        (game / "game.yaml").write_text(GAME_YAML.format(
            fonts="fonts:\n  display: fonts/display.ttf\n", count=1), encoding="utf-8")
    names = set()
    for slug in ("one", "two"):
        loaded, findings = load_game(content, slug)
        assert loaded is not None and not [f for f in findings if f.code.startswith("font")]
        names.add(game_assets(loaded)[0].fonts["display"].registered)
    assert len(names) == 2
