"""Every game's kit PDF prints right the first time: the whole file printed double-sided puts
every back behind its own front and nothing behind a one-sided page; a calibration sheet comes
first; nothing prints in the 5 mm a printer cannot reach; the PDF asks for actual size on the
kit's duplex edge.

Every game (the repository's, the sampler and the game ``pnp new`` makes) is built on A4 and
Letter, long-edge, short-edge and folded (the ``duplex_kits`` fixture, tests/conftest.py), and
walked sheet by sheet through the page markers (tests/conformance/printed.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.layout.impose import MARGIN
from tests.conformance.games import GAMES
from tests.conformance.printed import blank, labels, on_a_front, read_pages, turned_centre
from tests.pdfs import catalog

Kits = Callable[[str, str], Path]
EVERY_GAME = (*GAMES, "sampler", "my-game")


def kit_pdf(duplex_kits: Kits, mode: str, game: str, paper: str) -> Path:
    """Return the path of a game's kit PDF built with ``--duplex mode`` on ``paper``."""
    return duplex_kits(mode, game) / f"{game}-{paper}.pdf"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("game", EVERY_GAME)
def test_every_front_is_followed_by_its_own_back_or_a_blank(duplex_kits: Kits, game: str,
                                                           duplex: str, paper: str) -> None:
    """Printed double-sided as a whole, sheet k is pages 2k-1 and 2k: the second is the first
    one's backs (each placed where a front lands once the sheet is turned over, for the same
    sheet and components) or a blank page; never another sheet's fronts."""
    pages = read_pages(kit_pdf(duplex_kits, duplex, game, paper))
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
                assert on_a_front(turned_centre(box, back.size, duplex), front.clips), \
                    back.number
            ((sheet, side, names),) = labels(front)
            assert (sheet, side) == (n, "fronts")
            ((sheet, side, backs),) = labels(back)
            assert (sheet, side, backs) == (n, "backs", names)
        else:
            assert back.holds == "Blank" and blank(back), back.number
            assert front.holds != "Blank" and not blank(front)


@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_double_sided_sheets_come_first_then_the_one_sided_ones(duplex_kits: Kits,
                                                                    game: str) -> None:
    """One run of double-sided sheets, then one run of one-sided ones: the contents gives the
    two ranges, and the odd pages of the second are every one-sided page (a single one as
    ``page 25``, never ``25-25``)."""
    pages = read_pages(kit_pdf(duplex_kits, "long", game, "a4"))
    sides = ["two" if back.holds in ("Backs", "Calibration") or front.holds == "Contents"
             else "one" for front, back in zip(pages[::2], pages[1::2], strict=True)]
    assert sides == sorted(sides, reverse=True)
    last_two = 2 * sides.count("two")
    contents = next(p for p in pages if p.holds == "Contents").text
    assert f"Pages 1-{last_two}:" in contents
    if last_two < len(pages):
        assert f"Pages {last_two + 1}-{len(pages)}:" in contents
        odd = (f"page {last_two + 1}" if len(pages) - last_two == 2
               else f"the odd pages {last_two + 1}-{len(pages) - 1}")
        assert f"{odd} only" in contents
    assert not re.search(r"\b(\d+)-\1\b", contents)


@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_contents_lists_the_components_in_page_order(duplex_kits: Kits,
                                                         game: str) -> None:
    """The table's rows follow the kit: each component's first page is no earlier than the
    one above it."""
    pages = read_pages(kit_pdf(duplex_kits, "long", game, "a4"))
    contents = "\n".join(p.text for p in pages if p.holds == "Contents")
    table = contents.split("\nLayout\n", 1)[1].split("\nCutting and assembly", 1)[0]
    firsts = [int(m.group(1)) for m in re.finditer(r"^(\d+)(?:-\d+)?$", table, re.M)]
    assert firsts and firsts == sorted(firsts)


@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_contents_notes_speak_only_of_what_the_kit_holds(duplex_kits: Kits,
                                                             game: str) -> None:
    """Backs are explained when some sheet has them, tiled boards when a board takes several
    sheets, and ``boards/`` when the build wrote it."""
    kit = duplex_kits("long", game)
    pages = read_pages(kit / f"{game}-a4.pdf")
    contents = " ".join(p.text for p in pages if p.holds == "Contents").replace("\n", " ")
    holds = [p.holds for p in pages]
    assert ("followed by its backs" in contents) == ("Backs" in holds)
    assert ("Boards print on several sheets" in contents) == (holds.count("Board") > 1)
    assert ("boards/ holds" in contents) == (kit / "boards").is_dir()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", EVERY_GAME)
def test_a_folded_kit_is_one_sided_throughout(duplex_kits: Kits, game: str, paper: str) -> None:
    from pypdf import PdfReader

    path = kit_pdf(duplex_kits, "fold", game, paper)
    pages = read_pages(path)
    assert [(p.sheet, p.side) for p in pages] == [(p.number, "Front") for p in pages]
    assert not {"Backs", "Blank"} & {p.holds for p in pages}
    assert "Every page is one-sided" in pages[1].text
    preferences = catalog(PdfReader(path))["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/Simplex"


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_pdf_asks_for_actual_size_the_duplex_edge_and_shows_its_outline(
        duplex_kits: Kits, game: str, duplex: str) -> None:
    """A viewer's print dialog starts at 100% and on the kit's duplex edge; the outline has
    the calibration sheet, the contents and each component at its first page, a front."""
    from pypdf import PdfReader
    from pypdf.generic import Destination

    path = kit_pdf(duplex_kits, duplex, game, "letter")
    reader = PdfReader(path)
    root = catalog(reader)
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert root["/ViewerPreferences"]["/Duplex"] == {
        "long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "fold": "/Simplex"}[duplex]
    assert root["/PageMode"] == "/UseOutlines"
    outline: dict[str, int] = {}
    for mark in reader.outline:  # one level of bookmarks, each with its page
        assert isinstance(mark, Destination) and mark.title, mark
        page = reader.get_destination_page_number(mark)
        assert page is not None, mark.title
        outline[mark.title] = page + 1
    pages = read_pages(path)
    assert outline.pop("Calibration sheet") == 1
    assert pages[outline.pop("Contents") - 1].holds == "Contents"
    assert outline
    for name, number in outline.items():
        first = pages[number - 1]
        assert first.side == "Front" and (name in first.text or first.holds in ("Form",
                                                                                 "Board")), name


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", EVERY_GAME)
def test_nothing_prints_within_5_mm_of_the_paper_edge(duplex_kits: Kits, game: str,
                                                      paper: str) -> None:
    """Rendered, every page of every kit is white in the 5 mm a home printer may not reach:
    labels, footers, crop marks, forms, board tiles and the calibration frame stay inside;
    so do the boards whole on A3 and as a poster."""
    import numpy as np
    import pypdfium2 as pdfium

    dpi = 60
    strip = int((MARGIN - 0.4) / 25.4 * dpi)
    pdfs = [kit_pdf(duplex_kits, duplex, game, paper) for duplex in ("long", "fold")]
    if paper == "a4":
        pdfs += sorted((duplex_kits("long", game) / "boards").glob("*.pdf"))
    for path in pdfs:
        pdf = pdfium.PdfDocument(path.read_bytes())
        for number in range(len(pdf)):
            pixels = np.asarray(pdf[number].render(scale=dpi / 72).to_pil().convert("L"))
            border = np.concatenate([pixels[:strip].ravel(), pixels[-strip:].ravel(),
                                     pixels[:, :strip].ravel(), pixels[:, -strip:].ravel()])
            assert border.min() >= 250, f"{path.name} page {number + 1}"
