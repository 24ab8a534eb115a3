"""The kit PDF's contents: a contents longer than a page goes on over its sheet's back, and
every later sheet still starts on an odd page; the table lists the components in the order
they print; the notes on cutting speak only of what the kit holds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tests.conformance.printed import read_pages

if TYPE_CHECKING:
    from pnpcompiler.layout.printables import ItemGroup


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


def _kit(tmp_path: Path, groups: list[ItemGroup], duplex: str = "long") -> tuple[str, list[str]]:
    """Return a kit's contents as text, and its table's components in the order listed."""
    from pnpcompiler.render.kitpdf import PdfOptions, write_kit_pdf

    data, report = write_kit_pdf("Test", groups, [], [],
                                 PdfOptions("a4", 3.0, True, duplex, (0.0, 0.0)))
    path = tmp_path / "kit.pdf"
    path.write_bytes(data)
    text = "\n".join(p.text for p in read_pages(path) if p.holds == "Contents")
    return text, [row.name for row in report.rows]


def _deck(name: str, backs: bool, shape: str = "rect", noun: str = "cards") -> ItemGroup:
    from pnpcompiler.layout.model import Face
    from pnpcompiler.layout.printables import ItemFaces, ItemGroup, Shape

    face = Face(63.5, 88.9, 3.0, "#dddddd", ())
    return ItemGroup(name.lower(), name, (63.5, 88.9), 3.0, noun=noun, shape=Shape(shape),
                     items=[ItemFaces("c", face, face if backs else None,
                                      "back" if backs else None, 1)])


def test_cutting_notes_speak_only_of_what_the_kit_holds(tmp_path: Path) -> None:
    """A deck of cards with backs: the backs and the crop marks, not counters' outlines,
    cube nets or boards the kit does not have."""
    text, _ = _kit(tmp_path, [_deck("Cards", backs=True)])
    assert "Each sheet of fronts is followed by its backs" in text
    assert "Cut along the crop marks" in text
    for absent in ("Round and hex counters", "Cube nets", "Boards print", "boards/"):
        assert absent not in text, absent


def test_cutting_notes_name_round_counters_and_folded_backs_when_there_are_some(
        tmp_path: Path) -> None:
    text, _ = _kit(tmp_path, [_deck("Tokens", backs=True, shape="round", noun="counters")],
                   duplex="fold")
    assert "Round and hex counters: cut on the thin grey outline." in text
    assert "Fold each folded sheet" in text
    assert "followed by its backs" not in text and "Cube nets" not in text


def test_contents_lists_components_in_page_order(tmp_path: Path) -> None:
    """A one-sided deck given first prints after the two-sided one (one-sided sheets come
    last), so the contents lists it second."""
    _, names = _kit(tmp_path, [_deck("Plain", backs=False), _deck("Backed", backs=True)])
    assert names == ["Backed", "Plain"]


def test_a_single_one_sided_page_is_named_as_one_page(tmp_path: Path) -> None:
    text, _ = _kit(tmp_path, [_deck("Backed", backs=True), _deck("Plain", backs=False)])
    assert "single-sided: page 7 only." in text
    assert "7-7" not in text
