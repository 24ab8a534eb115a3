"""Print-shop profiles on the sampler: the files each shop takes, at exactly its size, and the
pre-flight that stops a build before anything is written."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.paths import SAMPLER
from tests.pdfs import content_stream, resources

INCH = 25.4


def _build(root: Path, *args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "sampler", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"), "-o",
                                      str(root / "out"), "--no-svg", *args])
    return result.exit_code, result.output


@pytest.fixture
def sampler(tmp_path: Path) -> Path:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    return tmp_path


def _deck(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(
        (root / "content/sampler/cards/deck.yaml").read_text("utf-8"))
    return data


def _picture(path: Path) -> Any:
    from PIL import Image

    return Image.open(path)


def _profile(name: str) -> dict[str, Any]:
    from pnpcompiler.build.profiles import FOLDER

    data: dict[str, Any] = yaml.safe_load((FOLDER / f"{name}.yaml").read_text("utf-8"))
    return data


def test_tgc_writes_a_png_of_825_by_1125_px_per_face_and_per_back(sampler: Path) -> None:
    code, out = _build(sampler, "--profile", "tgc")
    assert code == 0, out
    pictures = sorted((sampler / "out/sampler/tgc/cards").glob("*.png"))
    deck = _deck(sampler)
    assert len(pictures) == len(deck["cards"]) + len(deck["backs"])
    assert tuple(_profile("tgc")["sizes"][0]["pixels"]) == (825, 1125)
    for path in pictures:
        picture = _picture(path)
        assert picture.size == (825, 1125) and picture.mode == "RGB", path
        assert round(picture.info["dpi"][0]) == 300


def test_mpc_pictures_are_822_by_1122_px_with_36_px_of_bleed(sampler: Path) -> None:
    code, out = _build(sampler, "--profile", "mpc")
    assert code == 0, out
    pictures = sorted((sampler / "out/sampler/mpc/cards").glob("*.png"))
    assert pictures
    for path in pictures:
        assert _picture(path).size == (822, 1122), path
    # The bleed is 36 px on every side: the frame the card template draws 3 mm inside the
    # cut (0.5 mm wide) starts 36 px + 3 mm - 0.25 mm from the picture's left edge.
    picture = _picture(sampler / "out/sampler/mpc/cards/card-ace.png").convert("L")
    row = [picture.getpixel((x, 561)) for x in range(120)]
    first_dark = next(x for x, v in enumerate(row) if v < 128)
    assert abs(first_dark - (36 + (3 - 0.25) / INCH * 300)) <= 1


def test_dtc_pdf_is_one_card_a_page_front_then_back_with_its_boxes(sampler: Path) -> None:
    from pypdf import PdfReader

    code, out = _build(sampler, "--profile", "dtc")
    assert code == 0, out
    reader = PdfReader(sampler / "out/sampler/dtc/sampler-cards.pdf")
    deck = _deck(sampler)
    copies = [(c["name"], c.get("back", "plain")) for c in deck["cards"]
              for _ in range(c.get("copies", 1))]
    assert len(reader.pages) == 2 * len(copies)
    pt = 72 / INCH
    bleed = 0.125 * 72
    for page in reader.pages:
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 x 3.75 in
        assert [round(float(v), 2) for v in page.bleedbox] == [0, 0, 198, 270]
        assert [round(float(v), 2) for v in page.trimbox] == [bleed, bleed, 198 - bleed,
                                                              270 - bleed]
        assert abs(float(page.trimbox[2]) - float(page.trimbox[0]) - 63.5 * pt) < 0.01
        data = content_stream(page)
        # Drawn colours are CMYK: no RGB colour operator on any page.
        assert not re.search(r"\b(rg|RG)\b", data) and re.search(r"\b(k|K)\b", data)
    for n, (name, _) in enumerate(copies):
        front, back = reader.pages[2 * n], reader.pages[2 * n + 1]
        assert name in (front.extract_text() or "")
        assert "Sampler" in (back.extract_text() or "") and name not in back.extract_text()


def test_dtc_pdf_embeds_every_font(sampler: Path) -> None:
    from pypdf import PdfReader

    assert _build(sampler, "--profile", "dtc")[0] == 0
    reader = PdfReader(sampler / "out/sampler/dtc/sampler-cards.pdf")
    fonts = {}
    for page in reader.pages:
        for font in resources(page)["/Font"].values():
            font = font.get_object()
            inner = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
                else font
            descriptor = inner.get("/FontDescriptor")
            fonts[str(font["/BaseFont"])] = descriptor is not None and "/FontFile2" in \
                descriptor.get_object()
    assert fonts and all(fonts.values()), fonts


def test_preflight_catches_an_oversized_title_before_anything_is_written(
        sampler: Path) -> None:
    template = sampler / "templates/sampler/card-front.yaml"
    text = template.read_text("utf-8")
    oversized = text.replace('x: 6, y: 7, w: "{{ W - 12 }}", h: 9, text: "<b>{{ item.name }}</b>", '
                             'size: 14,\n           min_size: 9',
                             'x: 1, y: 4, w: "{{ W - 2 }}", h: 12, text: "<b>{{ item.name }}</b>",'
                             ' size: 24,\n           min_size: 24')
    assert oversized != text
    template.write_text(oversized, "utf-8")
    code, out = _build(sampler, "--profile", "tgc")
    assert code == 1, out
    assert not (sampler / "out/sampler").exists()
    deck_lines = (sampler / "content/sampler/cards/deck.yaml").read_text("utf-8").splitlines()
    line = next(n for n, t in enumerate(deck_lines, 1) if "card-ace" in t)
    assert re.search(rf"content/sampler/cards/deck\.yaml:{line}:\d+: error shop\.safe: "
                     r"cards\[0\]: cards card-ace front: text 'Ace' at .* comes [\d.]+ mm "
                     r"from the cut; text keeps 3\.175 mm inside it for The Game Crafter",
                     out), out
    assert "kit not built" in out
    # Without the profile the same kit builds: the kit's own check only warns.
    assert _build(sampler)[0] == 0


def test_a_size_the_shop_does_not_print_is_left_out_with_a_warning(sampler: Path) -> None:
    """A deck the shop has no size for is left out of its files, and said so; the rest of the
    kit is built (``--strict`` stops it)."""
    deck = sampler / "content/sampler/cards/deck.yaml"
    deck.write_text(deck.read_text("utf-8").replace("size: poker", "size: mini"), "utf-8")
    code, out = _build(sampler, "--profile", "tgc")
    assert code == 0, out
    assert re.search(r"deck\.yaml:\d+:\d+: warning shop\.size: (cards\[0\]: )?Sampler cards: "
                     r"[\d.]+ x [\d.]+ mm cards, left out of the shop's files; The Game "
                     r"Crafter prints poker \(63\.5 x 88\.9 mm\)", out), out
    assert (sampler / "out/sampler/sampler-a4.pdf").exists()
    assert not (sampler / "out/sampler/tgc/cards").exists()
    shutil.rmtree(sampler / "out")
    code, out = _build(sampler, "--profile", "tgc", "--strict")
    assert code == 1, out
    assert not (sampler / "out/sampler").exists()


def test_a_profile_file_is_a_new_shop(sampler: Path) -> None:
    shop = sampler / "tarot-shop.yaml"
    shop.write_text("name: Poker Without Bleed\nfiles: png\ncolour: rgb\nbleed: 0in\n"
                    "safe: 0.1in\nsizes:\n  - {name: poker, trim: [2.5in, 3.5in], "
                    "pixels: [750, 1050]}\n", "utf-8")
    code, out = _build(sampler, "--profile", str(shop))
    assert code == 0, out
    pictures = list((sampler / "out/sampler/tarot-shop/cards").glob("*.png"))
    assert pictures and all(_picture(p).size == (750, 1050) for p in pictures)


def test_a_broken_or_unknown_profile_is_a_usage_error(sampler: Path) -> None:
    code, out = _build(sampler, "--profile", "kinkos")
    assert code == 2 and "tgc" in out and "dtc" in out
    shop = sampler / "shop.yaml"
    shop.write_text("name: Shop\nfiles: tiff\ncolour: rgb\nbleed: 3mm\nsafe: 3mm\n"
                    "sizes: [{name: poker, trim: [2.5in, 3.5in]}]\n", "utf-8")
    code, out = _build(sampler, "--profile", str(shop))
    assert code == 2 and "shop.yaml:2:8" in out, out
    code, out = _build(sampler, "--profile", "tgc", "--bleed", "2")
    assert code == 2 and "3.175" in out


def test_preflight_finds_cmyk_pictures_and_low_resolution(tmp_path: Path) -> None:
    from PIL import Image as Pictures

    from pnpcompiler.build.preflight import face_findings
    from pnpcompiler.build.profiles import load_profile
    from pnpcompiler.layout.model import Face, Image

    path = tmp_path / "art.jpg"
    Pictures.new("CMYK", (120, 120)).save(path)
    art = Image(str(path), "d" * 64, "jpeg", (120, 120), 10, 10, 40, 40)
    face = Face(63.5, 88.9, 3.175, "#ffffff", (art,))
    tgc = load_profile("tgc")
    (size,) = tgc.sizes
    codes = {f.code: f.severity.value for f in face_findings(face, tgc, size, "card", None)}
    assert codes == {"shop.colour": "error", "shop.dpi": "warning"}
    dtc = load_profile("dtc")
    dtc_codes = {f.code for f in face_findings(face, dtc, dtc.sizes[0], "card", None)}
    assert dtc_codes == {"shop.dpi"}  # CMYK is what the PDF shop takes


def test_a_game_without_cards_gets_no_shop_files_and_says_so(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app
    from tests.paths import CONTENT, TEMPLATES

    result = CliRunner().invoke(app, ["build", "air-cargo", "--content", str(CONTENT),
                                      "--templates", str(TEMPLATES), "-o", str(tmp_path),
                                      "--no-svg", "--profile", "tgc"])
    assert result.exit_code == 0, result.output
    assert "no files for The Game Crafter (it prints cards; air-cargo has none)" in result.output
    assert "not for The Game Crafter: Leg template (strips)" in result.output
    assert not (tmp_path / "air-cargo/tgc").exists()


def test_a_picture_shop_gets_the_copies_of_each_card_to_order(sampler: Path) -> None:
    """One picture a face, and beside them the list a designer orders from: each card's front,
    its back and how many copies (the Wind card three)."""
    import csv

    code, out = _build(sampler, "--profile", "tgc")
    assert code == 0, out
    folder = sampler / "out/sampler/tgc/cards"
    with (folder / "copies.csv").open(encoding="utf-8") as listed:
        rows = list(csv.DictReader(listed))
    deck = _deck(sampler)
    assert [r["front"] for r in rows] == [f"{card['id']}.png" for card in deck["cards"]]
    assert [int(r["copies"]) for r in rows] == [card.get("copies", 1) for card in deck["cards"]]
    wind = next(r for r in rows if r["front"] == "card-wind.png")
    assert (wind["back"], wind["copies"]) == ("emblem-back.png", "3")
    assert all((folder / r["front"]).is_file() and (folder / r["back"]).is_file() for r in rows)
