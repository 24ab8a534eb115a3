"""Every game's kit prints its words at a size a player can read: nothing a face, form or
board prints is under 5 pt, icons' digits included; the sheet's label in the margin goes no
smaller than its own least size, and only the version marks in the bleed are smaller (they
are cut away)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.render.itemsheets import LABEL_MIN_SIZE, MARK_SIZE
from tests.conformance.printed import LABEL, read_pages, type_sizes
from tests.conformance.test_duplex import EVERY_GAME, kit_pdf

Kits = Callable[[str, str], Path]
LEAST = 5.0
"""The smallest type a player is asked to read, in points."""


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", EVERY_GAME)
def test_no_words_print_under_5_pt(duplex_kits: Kits, game: str, paper: str) -> None:
    small = []
    for page, size, words in type_sizes(kit_pdf(duplex_kits, "long", game, paper)):
        if re.fullmatch(r"[0-9a-f]{6}", words) and size >= MARK_SIZE - 0.01:
            continue
        least = LABEL_MIN_SIZE if LABEL.match(words) else LEAST
        if size < least - 0.01:
            small.append(f"page {page}: {words!r} at {size:.2f} pt")
    assert small == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", EVERY_GAME)
def test_every_sheet_label_is_whole(duplex_kits: Kits, game: str, paper: str) -> None:
    """A label short of room drops the words it can spare before it cuts a name short, and
    never cuts how to print the sheet (one-sided, fold)."""
    cut = [f"page {page.number}: {line}" for page in read_pages(kit_pdf(duplex_kits, "long",
                                                                         game, paper))
           for line in page.text.splitlines() if LABEL.match(line) and "..." in line]
    assert cut == []
