"""The kit PDF prints right the first time: the whole file printed double-sided puts every
back behind its own front and nothing behind a one-sided page; a calibration sheet comes
first; nothing prints in the 5 mm a printer cannot reach; sheets are as full as cutting
allows.

Every kit of every game (Rushing Tin, Air Cargo, the small generic test game and the game
``pnp new`` makes) is built on A4 and Letter, long-edge, short-edge and folded, and walked
sheet by sheet.
"""

from __future__ import annotations

import io
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.layout.impose import MARGIN, PAPERS, Request, pack, plan
from pnpcompiler.render.calibration import VERNIER_STEP, targets, turned

ROOT = Path(__file__).resolve().parent.parent
PT = 72 / 25.4
GAMES = ("rushing-tin", "air-cargo", "golden", "my-game")
MODES = ("long", "short", "fold")
MARKER = re.compile(r"/PnpSheet <</Sheet (\d+) /Side /(\w+) /Holds /(\w+)>> DP")
CLIP = re.compile(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n")
PLACED = re.compile(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*(/\S+) Do")
LABEL = re.compile(r"Sheet (\d+), (fronts|backs)(?: \([a-z]+-edge duplex\))?: ([^\n]+?)"
                   r"(?: \(one-sided\))?$", re.M)


def _build(root: Path, out: str, *args: str) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"), "-o",
                                      str(root / out), "--paper", "a4", "--paper", "letter",
                                      "--no-svg", "--quiet", *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game's kit on A4 and Letter, in each duplex mode (a folder each)."""
    import os

    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    root = tmp_path_factory.mktemp("duplex")
    for game in ("rushing-tin", "air-cargo"):
        shutil.copytree(ROOT / "content" / game, root / "content" / game)
    shutil.copytree(ROOT / "tests" / "golden" / "content" / "_base", root / "content" / "golden")
    shutil.copytree(ROOT / "templates", root / "templates")
    here = Path.cwd()
    os.chdir(root)
    try:
        made = CliRunner().invoke(app, ["new", "my-game", "--title", "My Game"])
        assert made.exit_code == 0, made.output
    finally:
        os.chdir(here)
    for mode in MODES:
        _build(root, mode, "--duplex", mode)
    return root


@dataclass(frozen=True)
class Printed:
    """One page of a kit PDF as the tests read it back."""

    number: int
    size: tuple[float, float]
    sheet: int
    side: str
    holds: str
    clips: tuple[tuple[float, ...], ...]
    """Every clip rectangle on the page (x, y, w, h in mm, PDF coordinates)."""
    placed: tuple[tuple[float, ...], ...]
    """Every form placed on the page (a shared back), as the box it covers."""
    text: str
    content: str


def _pages(path: Path) -> list[Printed]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path.read_bytes()))
    out = []
    for number, page in enumerate(reader.pages, start=1):
        content = page.get_contents().get_data().decode("latin-1")
        marker = MARKER.search(content)
        assert marker, f"{path.name} page {number} has no sheet marker"
        clips = tuple(tuple(round(float(v) / PT, 3) for v in m.groups())
                      for m in CLIP.finditer(content))
        forms = page["/Resources"].get("/XObject", {})
        placed = []
        for m in PLACED.finditer(content):
            _, _, w, h = (float(v) for v in forms[m.group(3)]["/BBox"])
            placed.append((float(m.group(1)) / PT, float(m.group(2)) / PT, w / PT, h / PT))
        out.append(Printed(number, (float(page.mediabox.width) / PT,
                                    float(page.mediabox.height) / PT),
                           int(marker.group(1)), marker.group(2), marker.group(3), clips,
                           tuple(placed), page.extract_text() or "", content))
    return out


def _kit(kits: Path, mode: str, game: str, paper: str) -> Path:
    return kits / mode / game / f"{game}-{paper}.pdf"


def _turned(box: tuple[float, ...], size: tuple[float, float], duplex: str
            ) -> tuple[float, float]:
    """Return where the centre of a box on a back lands on its front: turning a sheet over
    its long edge mirrors a portrait page left to right and a landscape one top to bottom."""
    x, y, w, h = box
    page_w, page_h = size
    if (duplex == "long") == (page_w < page_h):
        return (page_w - x - w / 2, y + h / 2)
    return (x + w / 2, page_h - y - h / 2)


def _on_a_front(centre: tuple[float, float], cells: tuple[tuple[float, ...], ...]) -> bool:
    """Return whether a back's centre, turned over, is the centre of a front's trim: inside
    one of the front's cells, off its middle by at most half a bleed where it shares a cut."""
    cx, cy = centre
    return any(x < cx < x + w and y < cy < y + h and abs(x + w / 2 - cx) <= 1.5 + 1e-3
               and abs(y + h / 2 - cy) <= 1.5 + 1e-3 for x, y, w, h in cells)


def _blank(page: Printed) -> bool:
    """Return whether a page prints nothing but a line of text."""
    drawing = re.sub(r"BT.*?ET", "", page.content, flags=re.S)
    return (not page.clips and " Do" not in drawing and " re" not in drawing
            and not re.search(r"\s[lmcS]\s", drawing) and "intentionally blank" in page.text)


def _labels(page: Printed) -> list[tuple[int, str, str]]:
    return [(int(n), side, names) for n, side, names in LABEL.findall(page.text)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("game", GAMES)
def test_every_front_is_followed_by_its_own_back_or_a_blank(kits: Path, game: str,
                                                           duplex: str, paper: str) -> None:
    """Printed double-sided as a whole, sheet k is pages 2k-1 and 2k: the second is the first
    one's backs (each placed where a front lands once the sheet is turned over, for the same
    sheet and components) or a blank page; never another sheet's fronts."""
    pages = _pages(_kit(kits, duplex, game, paper))
    assert len(pages) % 2 == 0
    for n, (front, back) in enumerate(zip(pages[::2], pages[1::2], strict=True), start=1):
        assert (front.sheet, front.side, back.sheet, back.side) == (n, "Front", n, "Back")
        assert front.size == back.size
        if front.holds == "Calibration":
            assert n == 1 and back.holds == "Calibration"
        elif back.holds == "Backs":
            assert front.holds == "Items"
            assert back.placed
            for box in back.placed:
                assert _on_a_front(_turned(box, back.size, duplex), front.clips), back.number
            ((sheet, side, names),) = _labels(front)
            assert (sheet, side) == (n, "fronts")
            ((sheet, side, backs),) = _labels(back)
            assert (sheet, side, backs) == (n, "backs", names)
        else:
            assert back.holds == "Blank" and _blank(back), back.number
            assert front.holds != "Blank" and not _blank(front)


@pytest.mark.parametrize("game", GAMES)
def test_the_double_sided_sheets_come_first_then_the_one_sided_ones(kits: Path,
                                                                    game: str) -> None:
    """One run of double-sided sheets, then one run of one-sided ones: the contents gives the
    two ranges, and the odd pages of the second are every one-sided page."""
    pages = _pages(_kit(kits, "long", game, "a4"))
    sides = ["two" if back.holds in ("Backs", "Calibration") or front.holds == "Contents"
             else "one" for front, back in zip(pages[::2], pages[1::2], strict=True)]
    assert sides == sorted(sides, reverse=True)
    last_two = 2 * sides.count("two")
    contents = next(p for p in pages if p.holds == "Contents").text
    assert f"Pages 1-{last_two}:" in contents
    if last_two < len(pages):
        assert f"Pages {last_two + 1}-{len(pages)}:" in contents
        assert f"the odd pages {last_two + 1}-{len(pages) - 1} only" in contents


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_a_folded_kit_is_one_sided_throughout(kits: Path, game: str, paper: str) -> None:
    from pypdf import PdfReader

    path = _kit(kits, "fold", game, paper)
    pages = _pages(path)
    assert [(p.sheet, p.side) for p in pages] == [(p.number, "Front") for p in pages]
    assert not {"Backs", "Blank"} & {p.holds for p in pages}
    assert "Every page is one-sided" in pages[1].text
    preferences = PdfReader(path).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/Simplex"


@pytest.mark.parametrize("duplex", MODES)
def test_the_pdf_asks_for_actual_size_the_duplex_edge_and_shows_its_outline(
        kits: Path, duplex: str) -> None:
    """A viewer's print dialog starts at 100% and on the kit's duplex edge; the outline has
    the calibration sheet, the contents and each component at its first page."""
    from pypdf import PdfReader

    reader = PdfReader(_kit(kits, duplex, "rushing-tin", "letter"))
    root = reader.trailer["/Root"]
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert root["/ViewerPreferences"]["/Duplex"] == {
        "long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "fold": "/Simplex"}[duplex]
    assert root["/PageMode"] == "/UseOutlines"
    outline = {o.title: reader.get_destination_page_number(o) + 1 for o in reader.outline}
    pages = _pages(_kit(kits, duplex, "rushing-tin", "letter"))
    assert outline["Calibration sheet"] == 1
    assert pages[outline["Contents"] - 1].holds == "Contents"
    for name in ("Plane Cubes", "'Single Route' Hand-off Cards", "Rushing Tin Cash",
                 "Sector Log - RT001", "Sector map - RT001"):
        first = pages[outline[name] - 1]
        assert first.side == "Front" and (name in first.text or first.holds in ("Form",
                                                                                 "Board"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_nothing_prints_within_5_mm_of_the_paper_edge(kits: Path, game: str,
                                                      paper: str) -> None:
    """Rendered, every page of every kit is white in the 5 mm a home printer may not reach:
    labels, footers, crop marks, forms, board tiles and the calibration frame stay inside;
    so do the boards whole on A3 and as a poster."""
    import numpy as np
    import pypdfium2 as pdfium

    dpi = 60
    strip = int((MARGIN - 0.4) / 25.4 * dpi)
    pdfs = [_kit(kits, duplex, game, paper) for duplex in ("long", "fold")]
    if paper == "a4":
        pdfs += sorted((kits / "long" / game / "boards").glob("*.pdf"))
    for path in pdfs:
        pdf = pdfium.PdfDocument(path.read_bytes())
        for number in range(len(pdf)):
            pixels = np.asarray(pdf[number].render(scale=dpi / 72).to_pil().convert("L"))
            border = np.concatenate([pixels[:strip].ravel(), pixels[-strip:].ravel(),
                                     pixels[:, :strip].ravel(), pixels[:, -strip:].ravel()])
            assert border.min() >= 250, f"{path.relative_to(kits)} page {number + 1}"


# --- the calibration sheet ---------------------------------------------------------------


def _segments(content: str) -> list[tuple[float, float, float, float]]:
    """Return the straight lines a page strokes (reportlab's ``x y m x y l S``), in mm."""
    return [tuple(float(v) / PT for v in m.groups())  # type: ignore[misc]
            for m in re.finditer(r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S", content)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_has_a_100_mm_and_a_4_inch_ruler_each_way(kits: Path,
                                                                         paper: str) -> None:
    front = _pages(_kit(kits, "long", "rushing-tin", paper))[0]
    assert front.holds == "Calibration" and "calibration sheet" in front.text
    lengths = {(round(abs(x2 - x1), 2), round(abs(y2 - y1), 2))
               for x1, y1, x2, y2 in _segments(front.content)}
    for length in (100.0, 101.6):
        assert (length, 0.0) in lengths and (0.0, length) in lengths, length
    assert "5 mm inside the paper's edge" in front.text


def _read(target: Any, shift: tuple[float, float], offset: tuple[float, float],
          size: tuple[float, float], duplex: str) -> float:
    """Read one axis of the alignment target as a person does, holding the printed sheet to
    the light: the back's scale, printed ``shift`` mm off (as seen on the back), under the
    front's lines, which show through where the sheet turned over puts them."""
    page_w, page_h = size
    axis = 0 if target.axis == "x" else 1
    ticks = [(seg[axis] + shift[axis], mm) for seg, mm in target.scale(offset)]
    lines = []
    for seg, k in target.vernier():
        x1, y1, _, _ = turned(seg, page_w, page_h, duplex)  # as the front draws it
        # Turned over: a long-edge flip of a portrait sheet mirrors across, a short one down.
        seen = (page_w - x1 if duplex == "long" else x1, y1 if duplex == "long" else page_h - y1)
        lines.append((seen[axis], k))
    zero = next(at for at, mm in ticks if mm == 0)
    index = next(at for at, k in lines if k == 0)
    sign = 1 if index >= zero - 1e-9 else -1
    whole = int(abs(index - zero) + 1e-9)
    # Counting outward from the long line (itself first), the first that meets a mark.
    for at, k in sorted(lines, key=lambda line: abs(line[1])):
        if k * sign >= 0 and any(abs(at - t) < VERNIER_STEP / 20 for t, _ in ticks):
            return sign * (whole + abs(k) / 10)
    raise AssertionError("no line meets a mark")


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(-20, 20), st.integers(-20, 20),
       st.sampled_from(["a4", "letter"]), st.sampled_from(["long", "short"]))
def test_the_alignment_target_reads_what_to_add_to_the_back_offset(
        sx: int, sy: int, ox: int, oy: int, paper: str, duplex: str) -> None:
    """Whatever the printer's shift of the back side (to the tenth, up to 5 mm) and the
    kit's offset, the two readings added to the offset give the offset that cancels the
    shift."""
    shift, offset = (sx / 10, sy / 10), (ox / 10, oy / 10)
    error = (shift[0] + offset[0], shift[1] + offset[1])
    if max(abs(error[0]), abs(error[1])) > 5:
        return
    across, down = targets(*PAPERS[paper])
    readings = [_read(t, shift, offset, PAPERS[paper], duplex) for t in (across, down)]
    assert offset[0] + readings[0] == pytest.approx(-shift[0], abs=1e-6)
    assert offset[1] + readings[1] == pytest.approx(-shift[1], abs=1e-6)


def test_the_calibration_sheet_front_draws_the_target_where_the_back_expects_it(
        kits: Path) -> None:
    """The vernier lines on the front of the long- and short-edge kits are where the target
    puts them once turned over, and the back names the kit's offset."""
    for duplex in ("long", "short"):
        front, back = _pages(_kit(kits, duplex, "rushing-tin", "a4"))[:2]
        drawn = {tuple(round(v, 2) for v in seg) for seg in _segments(front.content)}
        for target in targets(*PAPERS["a4"]):
            for seg, _ in target.vernier():
                x1, y1, x2, y2 = turned(seg, *PAPERS["a4"], duplex)
                assert (round(x1, 2), round(PAPERS["a4"][1] - y1, 2), round(x2, 2),
                        round(PAPERS["a4"][1] - y2, 2)) in drawn or \
                    (round(x1, 2), round(PAPERS["a4"][1] - y2, 2), round(x2, 2),
                     round(PAPERS["a4"][1] - y1, 2)) in drawn
        assert "--back-offset 0,0" in back.text


# --- denser sheets -----------------------------------------------------------------------


def test_eight_poker_cards_fit_a_letter_sheet_edge_to_edge_across() -> None:
    """Letter holds 8 poker cards when neighbours in a row share a cut; rows keep their
    gutter, and A4 keeps gutters both ways (8 fit there anyway)."""
    letter = plan(63.5, 88.9, 3, "letter", butt=True)
    assert (letter.cols, letter.rows, letter.gap_x, letter.gap_y) == (4, 2, 0.0, 6.0)
    a4 = plan(63.5, 88.9, 3, "a4", butt=True)
    assert (a4.cols, a4.rows, a4.gap_x, a4.gap_y) == (4, 2, 6.0, 6.0)


@given(st.floats(10, 120), st.floats(10, 130), st.floats(0, 5), st.sampled_from(["a4", "letter"]),
       st.integers(1, 40), st.sampled_from(["long", "short"]))
def test_cells_never_reach_a_neighbours_trim_and_backs_turn_with_them(
        w: float, h: float, bleed: float, paper: str, count: int, duplex: str) -> None:
    """What an item paints (its cell) covers its trim, stops at half the gap before the next
    trim, stays inside the margin; each back's cell is its front's cell turned over."""
    try:
        sheet = plan(w, h, bleed, paper, butt=True)
    except ValueError:
        return
    count = min(count, sheet.per_page)
    cells = [sheet.cell(i, count) for i in range(count)]
    for i, (left, top, right, bottom) in enumerate(cells):
        x, y = sheet.trim(i)
        assert left <= x + 1e-9 and top <= y + 1e-9
        assert right >= x + w - 1e-9 and bottom >= y + h - 1e-9
        assert left >= MARGIN - 1e-6 and top >= MARGIN - 1e-6
        assert right <= sheet.page_w - MARGIN + 1e-6 and bottom <= sheet.page_h - MARGIN + 1e-6
        for j in range(count):
            if j == i:
                continue
            ox, oy = sheet.trim(j)
            overlap_x = min(right, ox + w) - max(left, ox)
            overlap_y = min(bottom, oy + h) - max(top, oy)
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6, (i, j)
        back = sheet.back_cell(i, count, duplex)
        bx, _ = sheet.back(i, duplex)
        assert back[2] - back[0] == pytest.approx(right - left)
        assert back[3] - back[1] == pytest.approx(bottom - top)
        assert back[0] <= bx + 1e-9 and back[2] >= bx + w - 1e-9


@given(st.lists(st.tuples(st.sampled_from([(63.5, 88.9), (16.0, 16.0), (85.0, 42.0),
                                           (55.0, 14.0)]),
                          st.integers(1, 60), st.booleans()), min_size=1, max_size=6),
       st.sampled_from(["a4", "letter"]), st.booleans())
def test_one_sided_groups_share_sheets_but_never_with_two_sided_ones(
        groups: list[tuple[tuple[float, float], int, bool]], paper: str, fold: bool) -> None:
    """Pages hold items with backs or items without, never both; the two-sided pages come
    first; every item is placed once."""
    requests = [Request(w, h, 3.0, True, n, backs, butt=True) for (w, h), n, backs in groups]
    pages = pack(requests, paper, fold=fold)
    kinds = [{requests[b.request].backs for b in page.bands} for page in pages]
    assert all(len(kind) == 1 for kind in kinds)
    assert [kind == {True} for kind in kinds] == sorted((kind == {True} for kind in kinds),
                                                        reverse=True)
    for i, r in enumerate(requests):
        assert sum(b.count for page in pages for b in page.bands if b.request == i) == r.count


@pytest.mark.parametrize(("paper", "sheets", "shared"), [("a4", 17, True),
                                                    ("letter", 16, False)])
def test_cash_notes_take_twelve_to_a_sheet_after_the_small_counters(
        kits: Path, paper: str, sheets: int, shared: bool) -> None:
    """190 notes, 12 to a sheet in rows that share their cuts (19 sheets of 10 with gutters
    both ways); on A4 the first six fill the sheet the small one-sided counters share, on
    Letter that sheet is landscape and full."""
    pages = _pages(_kit(kits, "long", "rushing-tin", paper))
    cash = [p for p in pages if p.holds == "Items" and "Rushing Tin Cash" in p.text]
    assert len(cash) == sheets
    assert ("Wind Counters" in cash[0].text and "Time Counter" in cash[0].text) == shared


# --- a long contents ---------------------------------------------------------------------


def test_a_long_contents_runs_on_over_its_sheet_and_the_pages_stay_in_sheets() -> None:
    """A hundred and ten one-card decks: the contents takes three pages; it goes on over the back
    of its sheet and onto the next, and every later sheet still starts on an odd page."""
    from pnpcompiler.layout.model import Face
    from pnpcompiler.layout.printables import ItemFaces, ItemGroup
    from pnpcompiler.render.kitpdf import PdfOptions, write_kit_pdf

    card = Face(63.5, 88.9, 3.0, "#dddddd", ())
    groups = [ItemGroup(f"deck-{i}", f"Deck number {i}", (63.5, 88.9), 3.0,
                        items=[ItemFaces(f"c{i}", card, card, "back", 1)]) for i in range(110)]
    data, report = write_kit_pdf("Many Decks", groups, [], [],
                                 PdfOptions("a4", 3.0, True, "long", (0.0, 0.0)))
    path = Path("many.pdf")
    path.write_bytes(data)
    pages = _pages(path)
    contents = [p.number for p in pages if p.holds == "Contents"]
    assert len(contents) >= 3 and contents == list(range(3, 3 + len(contents)))
    assert "Contents, page 1 of" in pages[2].text
    assert all(p.number % 2 == (1 if p.side == "Front" else 0) for p in pages)
    assert report.sheets == len(pages) // 2
    first = next(p for p in pages if p.holds == "Items")
    assert f"{first.number}" in " ".join(pages[c - 1].text for c in contents)
