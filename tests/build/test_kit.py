"""The kit as the build makes it, on the sampler game: PDF structure, placement, backs, fold,
PNG, SVG, boards."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.paths import SAMPLER
from tests.pdfs import content_stream, resources

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader

PT = 72 / 25.4
POKER_BLEED = (63.5 + 6, 88.9 + 6)
COUNTER_BLEED = 20 + 6
MARKER_BLEED = 16 + 6


def _build(root: Path, out: str, *args: str) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "sampler", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"),
                                      "-o", str(root / out), "-q", *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two A4 builds with PNGs (for byte identity), a Letter short-edge build with a back
    offset and a fold-in-half build of the cards, each in its own folder: a build removes the
    files an earlier build wrote into its folder that its own options do not make."""
    root = tmp_path_factory.mktemp("kit")
    shutil.copytree(SAMPLER, root, dirs_exist_ok=True)
    _build(root, "a", "--png", "72")
    _build(root, "b", "--png", "72")
    _build(root, "letter", "--paper", "letter", "--duplex", "short", "--back-offset", "1,-2")
    _build(root, "fold", "--duplex", "fold", "--only", "cards")
    return root


def _reader(path: Path) -> PdfReader:
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(path.read_bytes()))


def _pages_labelled(reader: PdfReader, label: str) -> list[int]:
    return [i for i, page in enumerate(reader.pages) if label in (page.extract_text() or "")]


def _clips(page: PageObject) -> list[tuple[float, float, float, float]]:
    """Return each face's clip rectangle (its bleed box) in mm, PDF coordinates."""
    data = content_stream(page)
    return [(float(m[1]) / PT, float(m[2]) / PT, float(m[3]) / PT, float(m[4]) / PT) for m in
            re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n", data)]


def _bleed_boxes(page: PageObject, size: tuple[float, float]) -> list[tuple[float, ...]]:
    """Return the filled rectangles of ``size`` mm (a face's background over its trim and
    bleed), in mm, PDF coordinates."""
    data = content_stream(page)
    boxes = [tuple(float(v) / PT for v in m.groups()) for m in
             re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re f\*?", data)]
    return [b for b in boxes if b[2:] == pytest.approx(size, abs=1e-3)]


def _flat(points: list[tuple[float, float]]) -> list[float]:
    return [v for point in points for v in point]


def _placed_forms(page: PageObject) -> list[tuple[float, float]]:
    """Return where each shared back form is placed (its bleed box's corner), in mm."""
    data = content_stream(page)
    return [(float(m.group(1)) / PT, float(m.group(2)) / PT) for m in
            re.finditer(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*/\S+ Do", data)]


def test_every_pdf_passes_a_syntax_check(kit: Path) -> None:
    """What ``qpdf --check`` checks, through qpdf's own library (pikepdf)."""
    import pikepdf

    pdfs = sorted([*(kit / "a" / "sampler").rglob("*.pdf"),
                   kit / "letter" / "sampler" / "sampler-letter.pdf"])
    # The A4 and Letter kits, and each of the two maps on A3 and as a poster.
    assert [p.name for p in pdfs] == ["board-a3.pdf", "board-poster.pdf", "chart-a3.pdf",
                                      "chart-poster.pdf", "sampler-a4.pdf", "sampler-letter.pdf"]
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == [], path


def test_kit_pdf_structure(kit: Path) -> None:
    """Page sizes, trim and bleed boxes, embedded fonts."""
    reader = _reader(kit / "a" / "sampler" / "sampler-a4.pdf")
    pages = reader.pages
    sizes = {(round(float(p.mediabox.width) / PT), round(float(p.mediabox.height) / PT))
             for p in pages}
    assert sizes == {(210, 297), (297, 210)}
    (card_fronts,) = _pages_labelled(reader, "fronts: Sampler cards\n")  # 8 of the 10 cards
    trim, bleed = pages[card_fronts].trimbox, pages[card_fronts].bleedbox
    assert float(bleed.width) - float(trim.width) == pytest.approx(6 * PT, abs=0.01)
    assert float(trim.width) / PT == pytest.approx(4 * 63.5 + 3 * 6, abs=0.01)
    assert float(trim.height) / PT == pytest.approx(2 * 88.9 + 6, abs=0.01)
    fonts = set()
    for page in pages:
        for font in resources(page).get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor", {})
            fonts.add((font["/BaseFont"], any(k in descriptor for k in
                                               ("/FontFile", "/FontFile2", "/FontFile3"))))
    assert fonts and all(embedded for _, embedded in fonts), fonts


def test_cards_are_their_size_and_backs_mirror_fronts_plus_the_offset(kit: Path) -> None:
    """Letter, short-edge duplex, --back-offset 1,-2: each back's bleed box is its front's
    mirrored left to right (a landscape sheet turned over its short edge), then moved 1 mm
    right and 2 mm up (offsets are right and down in mm; PDF y grows upward). Eight cards
    fit: neighbours in a row share their cut, so each is clipped at its inner trims."""
    reader = _reader(kit / "letter" / "sampler" / "sampler-letter.pdf")
    pages = reader.pages
    front = _pages_labelled(reader, "fronts: Sampler cards")[0]
    assert "backs" in pages[front + 1].extract_text()
    page_w = float(pages[front].mediabox.width) / PT
    fronts = _bleed_boxes(pages[front], POKER_BLEED)
    assert len(fronts) == 8
    cells = sorted(_clips(pages[front]))
    assert [round(w, 3) for _, _, w, _ in cells] == [66.5, 66.5, 63.5, 63.5, 63.5, 63.5,
                                                     66.5, 66.5]
    assert all(h == pytest.approx(POKER_BLEED[1], abs=1e-3) for *_, h in cells)
    backs = _placed_forms(pages[front + 1])
    expected = sorted((page_w - x - w + 1.0, y + 2.0) for x, y, w, _ in fronts)
    assert _flat(sorted(backs)) == pytest.approx(_flat(expected), abs=1e-3)


def test_backs_are_shared_forms(kit: Path) -> None:
    """A deck's back is drawn once as a form XObject and placed per card: the first sheet's
    eight cards have two backs (plain and the emblem)."""
    reader = _reader(kit / "a" / "sampler" / "sampler-a4.pdf")
    (back,) = _pages_labelled(reader, "backs (long-edge duplex): Sampler cards\n")
    page = reader.pages[back]
    assert len(resources(page)["/XObject"]) == 2
    assert content_stream(page).count(" Do") == 8


def test_counters_share_sheets_and_have_aligned_backs(kit: Path) -> None:
    """The last cards and the two-sided counters are ganged on one sheet (landscape, for the
    cards); the one-sided markers print on a sheet of their own with a blank back. The page
    after the ganged sheet holds the backs of its cards and counters, each where its front
    lands when the sheet is turned over its long edge."""
    reader = _reader(kit / "a" / "sampler" / "sampler-a4.pdf")
    pages = reader.pages
    (front,) = _pages_labelled(reader, "fronts: Sampler cards, Sampler counters\n")
    (markers_sheet,) = _pages_labelled(reader, "fronts: Sampler markers (one-sided)")
    assert markers_sheet > front + 1
    assert "intentionally blank" in pages[markers_sheet + 1].extract_text()
    page_w = float(pages[front].mediabox.width) / PT
    page_h = float(pages[front].mediabox.height) / PT
    assert (round(page_w), round(page_h)) == (297, 210)
    clips = _clips(pages[front])
    # The counters of a row share their cuts: each is clipped at its inner trims.
    counters = [c for c in clips if c[3] == pytest.approx(COUNTER_BLEED)]
    assert len(counters) == 12 and all(c[2] < COUNTER_BLEED for c in counters)
    assert not [c for c in clips if c[3] == pytest.approx(MARKER_BLEED)]
    backs = _placed_forms(pages[front + 1])
    assert len(backs) == 2 + 12
    bleeds = (_bleed_boxes(pages[front], POKER_BLEED)
              + _bleed_boxes(pages[front], (COUNTER_BLEED, COUNTER_BLEED)))
    flipped = {(round(x, 3), round(page_h - y - h, 3)) for x, y, _, h in bleeds}
    assert {(round(x, 3), round(y, 3)) for x, y in backs} <= flipped


def test_fold_puts_fronts_and_backs_on_one_page(kit: Path) -> None:
    reader = _reader(kit / "fold" / "sampler" / "sampler-a4.pdf")
    pages = reader.pages
    assert len(pages) == 2 + 3  # calibration, contents; 10 cards, 4 to a folded sheet
    page = pages[2]
    page_w = float(page.mediabox.width) / PT
    fronts = _clips(page)
    backs = _placed_forms(page)
    assert len(fronts) == len(backs) == 4
    assert all(x + w <= page_w / 2 + 1e-6 for x, _, w, _ in fronts)
    mirrored = sorted((page_w - x - w, y) for x, y, w, _ in fronts)
    assert _flat(sorted(backs)) == pytest.approx(_flat(mirrored), abs=1e-3)
    assert "fold on the dashed line" in page.extract_text()


def test_kit_is_byte_identical_across_builds(kit: Path) -> None:
    a, b = kit / "a" / "sampler", kit / "b" / "sampler"
    outputs = sorted(p for p in b.rglob("*") if p.suffix in (".svg", ".png", ".pdf"))
    assert {p.suffix for p in outputs} == {".svg", ".png", ".pdf"}
    assert len(outputs) == 22 + 20 + 5  # faces and boards, PNGs of the faces, PDFs
    for path in outputs:
        assert (a / path.relative_to(b)).read_bytes() == path.read_bytes(), path


def test_png_per_face_at_the_chosen_resolution(kit: Path) -> None:
    from PIL import Image

    png = kit / "a" / "sampler" / "png"
    card = Image.open(png / "cards" / "card-ace.png")
    width, height = (v / 25.4 * 72 for v in POKER_BLEED)
    assert card.size[0] == pytest.approx(width, abs=1) and card.size[1] == pytest.approx(
        height, abs=1)
    assert (png / "cards" / "emblem.png").is_file()
    assert (png / "counters" / "counter-gold-back.png").is_file()
    # Every face but the two boards.
    assert len(list(png.rglob("*.png"))) == len(list((png.parent / "svg").rglob("*.svg"))) - 2


def test_boards_whole_on_a3_and_as_a_poster(kit: Path) -> None:
    boards = kit / "a" / "sampler" / "boards"
    for board in ("board", "chart"):
        a3 = _reader(boards / f"{board}-a3.pdf").pages[0]
        assert sorted((round(float(a3.mediabox.width) / PT),
                       round(float(a3.mediabox.height) / PT))) == [297, 420]
        assert "true size" in a3.extract_text()
        assert (boards / f"{board}-poster.pdf").is_file()
        assert (kit / "a" / "sampler" / "svg" / board / f"{board}.svg").is_file()


def test_the_card_back_draws_its_picture(kit: Path) -> None:
    svg = kit / "a" / "sampler" / "svg" / "cards"
    assert '<image' in (svg / "emblem.svg").read_text(encoding="utf-8")
    assert '<image' not in (svg / "plain.svg").read_text(encoding="utf-8")


def test_only_an_unknown_component_is_a_usage_error(pnp: Callable[..., tuple[int, str]],
                                                     tmp_path: Path) -> None:
    code, out = pnp("build", "sampler", "--content", str(SAMPLER / "content"), "--templates",
                    str(SAMPLER / "templates"), "-o", str(tmp_path), "--only", "dice-tower")
    assert code == 2
    assert "--only 'dice-tower' matches no component" in out and "markers" in out
    assert not (tmp_path / "sampler").exists()


def test_quiet_build_counts_warnings_in_one_line(pnp: Callable[..., tuple[int, str]],
                                                 tmp_path: Path) -> None:
    code, out = pnp("build", "sampler", "--content", str(SAMPLER / "content"), "--templates",
                    str(SAMPLER / "templates"), "-o", str(tmp_path), "--only", "markers",
                    "--quiet")
    assert code == 0, out
    assert "rulebook.contradiction" not in out and "1 warning" in out
    # One line per file written: no per-component lines, no list of what is not printed.
    assert "Sampler markers: 4 counters" not in out and "not printed" not in out
    code, out = pnp("build", "sampler", "--content", str(SAMPLER / "content"), "--templates",
                    str(SAMPLER / "templates"), "-o", str(tmp_path), "--only", "markers",
                    "--no-cache")
    assert "Sampler markers: 4 counters on pages 5-6" in out
