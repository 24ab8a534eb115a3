"""Every game's kit: it builds, every PDF opens with pages and passes a syntax check, and two
builds are the same byte for byte (the two builds: the ``kits`` fixture, tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conformance.games import GAMES

Kits = Callable[[str], tuple[Path, Path]]


@pytest.mark.parametrize("game", GAMES)
def test_kit_builds_and_every_pdf_opens(game: str, kits: Kits) -> None:
    """The kit PDF and each board's: pages, and what ``qpdf --check`` checks (pikepdf)."""
    import pikepdf
    from pypdf import PdfReader

    kit, _ = kits(game)
    pdfs = sorted(kit.rglob("*.pdf"))
    assert kit / f"{game}-a4.pdf" in pdfs
    for path in pdfs:
        assert len(PdfReader(path).pages) > 0, path
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == [], path


@pytest.mark.parametrize("game", GAMES)
def test_kit_is_byte_identical_across_builds(game: str, kits: Kits) -> None:
    first, second = kits(game)

    def files(kit: Path) -> list[str]:
        return sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file())

    assert files(first) == files(second)
    for rel in files(second):
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), rel
