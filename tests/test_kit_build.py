"""The Rushing Tin kit, built from the CLI: PDF structure, placement, backs, fold, PNG, SVG."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "kit"
PT = 72 / 25.4
POKER_BLEED = (63.5 + 6, 88.9 + 6)


def _build(root: Path, out: str, *args: str) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "rushing-tin", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"),
                                      "-o", str(root / out), *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two A4 builds with PNGs (for byte identity), a Letter short-edge build with a back
    offset and a fold-in-half build, each in its own folder: a build removes the files an
    earlier build wrote into its folder that its own options do not make."""
    root = tmp_path_factory.mktemp("kit")
    shutil.copytree(ROOT / "content" / "rushing-tin", root / "content" / "rushing-tin")
    shutil.copytree(ROOT / "templates", root / "templates")
    _build(root, "a", "--png", "72")
    _build(root, "b", "--png", "72")
    _build(root, "letter", "--paper", "letter", "--duplex", "short", "--back-offset", "1,-2")
    _build(root, "fold", "--duplex", "fold", "--only", "random-event-cards")
    return root


def _reader(path: Path) -> object:
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(path.read_bytes()))


def _pages_labelled(reader: object, label: str) -> list[int]:
    return [i for i, page in enumerate(reader.pages)  # type: ignore[attr-defined]
            if label in (page.extract_text() or "")]


def _clips(page: object) -> list[tuple[float, float, float, float]]:
    """Return each face's clip rectangle (its bleed box) in mm, PDF coordinates."""
    data = page.get_contents().get_data().decode("latin-1")  # type: ignore[attr-defined]
    return [tuple(float(v) / PT for v in m.groups()) for m in  # type: ignore[misc]
            re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n", data)]


def _bleed_boxes(page: object, size: tuple[float, float]) -> list[tuple[float, ...]]:
    """Return the filled rectangles of ``size`` mm (a face's background over its trim and
    bleed), in mm, PDF coordinates."""
    data = page.get_contents().get_data().decode("latin-1")  # type: ignore[attr-defined]
    boxes = [tuple(float(v) / PT for v in m.groups()) for m in
             re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re f\*?", data)]
    return [b for b in boxes if b[2:] == pytest.approx(size, abs=1e-3)]


def _flat(points: list[tuple[float, float]]) -> list[float]:
    return [v for point in points for v in point]


def _placed_forms(page: object) -> list[tuple[float, float]]:
    """Return where each shared back form is placed (its bleed box's corner), in mm."""
    data = page.get_contents().get_data().decode("latin-1")  # type: ignore[attr-defined]
    return [(float(m.group(1)) / PT, float(m.group(2)) / PT) for m in
            re.finditer(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*/\S+ Do", data)]


def test_kit_lists_every_component_on_its_contents_page(kit: Path) -> None:
    reader = _reader(kit / "a" / "rushing-tin" / "rushing-tin-a4.pdf")
    text = reader.pages[2].extract_text()  # type: ignore[attr-defined]
    for name in ("Plane Cubes", "Entry/Exit Point counters", "Plane ID Counters",
                 "Weather System Counters", "Wind Counters", "'Single Route' Hand-off Cards",
                 "'Multi-Route' Hand-off Cards", "Random Event Cards", "Weather Event Cards",
                 "ATC Status Cards", "Time Counter", "Rushing Tin Cash", "Sector Log - RT001",
                 "Sector map - RT001"):
        assert name in text, name
    assert "190 notes" in text and "48 counters" in text and "1 counter" in text


def test_every_pdf_passes_a_syntax_check(kit: Path) -> None:
    """What ``qpdf --check`` checks, through qpdf's own library (pikepdf)."""
    import pikepdf

    pdfs = sorted([*(kit / "a" / "rushing-tin").rglob("*.pdf"),
                   kit / "letter" / "rushing-tin" / "rushing-tin-letter.pdf"])
    assert len(pdfs) == 4  # A4 kit, Letter kit, the map on A3 and as a poster
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == [], path


def test_kit_pdf_structure(kit: Path) -> None:
    """Page sizes, trim and bleed boxes, embedded fonts."""
    reader = _reader(kit / "a" / "rushing-tin" / "rushing-tin-a4.pdf")
    pages = reader.pages  # type: ignore[attr-defined]
    sizes = {(round(float(p.mediabox.width) / PT), round(float(p.mediabox.height) / PT))
             for p in pages}
    assert sizes == {(210, 297), (297, 210)}
    card_fronts = _pages_labelled(reader, "fronts: 'Single Route' Hand-off Cards")
    assert len(card_fronts) == 4  # 30 cards, 8 to a landscape A4 sheet
    for i in card_fronts[:3]:
        trim, bleed = pages[i].trimbox, pages[i].bleedbox
        assert float(bleed.width) - float(trim.width) == pytest.approx(6 * PT, abs=0.01)
        assert float(trim.width) / PT == pytest.approx(4 * 63.5 + 3 * 6, abs=0.01)
        assert float(trim.height) / PT == pytest.approx(2 * 88.9 + 6, abs=0.01)
    fonts = set()
    for page in pages:
        for font in page["/Resources"].get("/Font", {}).values():
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
    reader = _reader(kit / "letter" / "rushing-tin" / "rushing-tin-letter.pdf")
    pages = reader.pages  # type: ignore[attr-defined]
    front = _pages_labelled(reader, "fronts: 'Single Route' Hand-off Cards")[0]
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
    """A deck's back is drawn once as a form XObject and placed per card."""
    reader = _reader(kit / "a" / "rushing-tin" / "rushing-tin-a4.pdf")
    back = _pages_labelled(reader, "backs (long-edge duplex): 'Single Route'")[0]
    page = reader.pages[back]  # type: ignore[attr-defined]
    assert len(page["/Resources"]["/XObject"]) == 1
    assert page.get_contents().get_data().decode("latin-1").count(" Do") == 8


def test_counters_share_sheets_and_have_aligned_backs(kit: Path) -> None:
    """Plane ID and weather counters are ganged on one sheet (the counters without backs
    print on one-sided sheets of their own); the sheet after it holds their backs, each the
    mirror of its front across the page (long edge, portrait)."""
    reader = _reader(kit / "a" / "rushing-tin" / "rushing-tin-a4.pdf")
    pages = reader.pages  # type: ignore[attr-defined]
    (front,) = _pages_labelled(reader, "fronts: Plane ID Counters, Weather System Counters")
    page_w = float(pages[front].mediabox.width) / PT
    page_h = float(pages[front].mediabox.height) / PT
    counters = [c for c in _clips(pages[front]) if c[2] == pytest.approx(22)]
    assert len(counters) == 12 + 48
    backs = _placed_forms(pages[front + 1])
    assert len(backs) == 12 + 48
    flipped = {(round(page_w - x - w, 3), round(y, 3)) for x, y, w, _ in counters}
    assert {(round(x, 3), round(y, 3)) for x, y in backs} <= flipped
    assert page_h == pytest.approx(297)


def test_fold_puts_fronts_and_backs_on_one_page(kit: Path) -> None:
    reader = _reader(kit / "fold" / "rushing-tin" / "rushing-tin-a4.pdf")
    pages = reader.pages  # type: ignore[attr-defined]
    assert len(pages) == 2 + 7  # calibration, contents; 25 cards, 4 to a folded sheet
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
    a, b = kit / "a" / "rushing-tin", kit / "b" / "rushing-tin"
    assert (a / "rushing-tin-a4.pdf").read_bytes() == (b / "rushing-tin-a4.pdf").read_bytes()
    outputs = sorted(p for p in b.rglob("*") if p.suffix in (".svg", ".png", ".pdf"))
    assert len(outputs) > 300
    for path in outputs:
        assert (a / path.relative_to(b)).read_bytes() == path.read_bytes(), path


def test_png_per_face_at_the_chosen_resolution(kit: Path) -> None:
    from PIL import Image

    png = kit / "a" / "rushing-tin" / "png"
    card = Image.open(png / "single-route-hand-off-cards" / "hand-off-aa105.png")
    width, height = (v / 25.4 * 72 for v in POKER_BLEED)
    assert card.size[0] == pytest.approx(width, abs=1) and card.size[1] == pytest.approx(
        height, abs=1)
    assert (png / "single-route-hand-off-cards" / "hand-off-single-back.png").is_file()
    assert (png / "weather-system-counters" / "counter-weather-3-back.png").is_file()
    assert len(list(png.rglob("*.png"))) == len(list((png.parent / "svg").rglob("*.svg"))) - 1


def test_boards_whole_on_a3_and_as_a_poster(kit: Path) -> None:
    boards = kit / "a" / "rushing-tin" / "boards"
    a3 = _reader(boards / "rt001-a3.pdf").pages[0]  # type: ignore[attr-defined]
    assert sorted((round(float(a3.mediabox.width) / PT), round(float(a3.mediabox.height) / PT))
                  ) == [297, 420]
    assert "scaled to" in a3.extract_text()
    assert (kit / "a" / "rushing-tin" / "svg" / "sector-map" / "rt001.svg").is_file()


def _normalised(svg: str) -> str:
    return re.sub(r">\s*<", ">\n<", svg).strip() + "\n"


@pytest.mark.parametrize("face", [
    "multi-route-hand-off-cards/hand-off-aa216.svg",
    "multi-route-hand-off-cards/hand-off-multi-back.svg",
    "random-event-cards/event-celebrity-cj102.svg",
    "weather-event-cards/weather-storm-3.svg",
    "status-deck/status-aa-key.svg",
    "entry-exit-counters/counter-entry-exit-4.svg",
    "plane-id-counters/counter-plane-7.svg",
    "plane-id-counters/counter-plane-7-back.svg",
    "weather-system-counters/counter-weather-5.svg",
    "weather-system-counters/counter-weather-5-back.svg",
    "wind-counters/counter-wind-3.svg",
    "time-counter/counter-time.svg",
    "cash/note-100.svg",
    "plane-cubes/cube-1.svg",
])
def test_face_svg_golden(kit: Path, face: str, golden: Callable[[str, Path], None]) -> None:
    """One of each face type, as normalised SVG text."""
    path = kit / "b" / "rushing-tin" / "svg" / face
    assert path.is_file(), sorted(p.name for p in path.parent.glob("*"))[:10]
    text = _normalised(path.read_text(encoding="utf-8"))
    golden(text, GOLDEN / face.replace("/", "__"))


def test_build_options_are_checked(pnp: Callable[..., tuple[int, str]]) -> None:
    code, out = pnp("build", "--paper", "a5")
    assert code == 2 and "--paper must be one of a4, letter, a3" in out
    code, out = pnp("build", "--back-offset", "1")
    assert code == 2 and "--back-offset takes X,Y" in out
    code, out = pnp("build", "--duplex", "sideways")
    assert code == 2 and "--duplex must be long, short or fold" in out
    code, out = pnp("build", "--png", "5")
    assert code == 2 and "--png takes a resolution" in out


def test_only_an_unknown_component_is_a_usage_error(pnp: Callable[..., tuple[int, str]],
                                                     tmp_path: Path) -> None:
    code, out = pnp("build", "rushing-tin", "--content", str(ROOT / "content"), "--templates",
                    str(ROOT / "templates"), "-o", str(tmp_path), "--only", "dice-tower")
    assert code == 2
    assert "--only 'dice-tower' matches no component" in out and "plane-cubes" in out
    assert not (tmp_path / "rushing-tin").exists()


def test_quiet_build_counts_warnings_in_one_line(pnp: Callable[..., tuple[int, str]],
                                                 tmp_path: Path) -> None:
    code, out = pnp("build", "rushing-tin", "--content", str(ROOT / "content"), "--templates",
                    str(ROOT / "templates"), "-o", str(tmp_path), "--only", "wind-counters",
                    "--quiet")
    assert code == 0, out
    assert "rulebook.contradiction" not in out and "6 warnings" in out
    assert "Wind Counters: 4 counters on pages 5-6" in out


def test_progress_bar_draws_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import re
    import sys

    from pnpcompiler.app.cli import ProgressBar

    written: list[str] = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> int:
            written.append(text)
            return len(text)

    def shown() -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", "".join(written))

    monkeypatch.setenv("TERM", "xterm-256color")
    for name in ("TTY_INTERACTIVE", "TTY_COMPATIBLE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stderr", Terminal())
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("faces", 83, 166)
    assert "rushing-tin:" in shown() and "faces 83/166" in shown()
    written.clear()
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("pdf a4", 12, 0)
    assert "pdf a4 12 pages" in shown()
    after = "".join(written).rsplit("12 pages", 1)[1]
    assert "\x1b[2K" in after  # the bar's line is erased at the end
    written.clear()
    with ProgressBar("rushing-tin", enabled=False) as bar:  # --quiet
        bar("faces", 1, 2)
    monkeypatch.setenv("TERM", "dumb")
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("faces", 1, 2)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.setenv("TERM", "xterm-256color")
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("faces", 1, 2)
    assert written == []
