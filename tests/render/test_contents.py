"""The kit PDF's contents: a contents longer than a page goes on over its sheet's back, and
every later sheet still starts on an odd page."""

from __future__ import annotations

from pathlib import Path

from tests.conformance.printed import read_pages


def test_a_long_contents_runs_on_over_its_sheet_and_the_pages_stay_in_sheets(
        tmp_path: Path) -> None:
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
    path = tmp_path / "many.pdf"
    path.write_bytes(data)
    pages = read_pages(path)
    contents = [p.number for p in pages if p.holds == "Contents"]
    assert len(contents) >= 3 and contents == list(range(3, 3 + len(contents)))
    assert "Contents, page 1 of" in pages[2].text
    assert all(p.number % 2 == (1 if p.side == "Front" else 0) for p in pages)
    assert report.sheets == len(pages) // 2
    first = next(p for p in pages if p.holds == "Items")
    assert f"{first.number}" in " ".join(pages[c - 1].text for c in contents)
