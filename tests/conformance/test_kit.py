"""Every game's kit: it builds, every PDF opens with pages and passes a syntax check, and two
builds are the same byte for byte."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conformance.games import GAMES
from tests.paths import CONTENT, TEMPLATES

Kits = Callable[[str], tuple[Path, Path]]

# Both tests of a game share its two builds: on one worker under ``-n auto --dist loadgroup``.
KIT_OF_EACH_GAME = [pytest.param(game, marks=pytest.mark.xdist_group(f"kit-{game}"))
                    for game in GAMES]


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Kits:
    """Return the folders of a game's two kits, each built afresh into its own output."""
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    built: dict[str, tuple[Path, Path]] = {}

    def of(game: str) -> tuple[Path, Path]:
        if game not in built:
            root = tmp_path_factory.mktemp(f"kit-{game}")
            shutil.copytree(CONTENT / game, root / "content" / game)
            shutil.copytree(TEMPLATES, root / "templates")
            for out in ("first", "second"):
                result = CliRunner().invoke(app, [
                    "build", game, "--content", str(root / "content"), "--templates",
                    str(root / "templates"), "-o", str(root / out), "-q"])
                assert result.exit_code == 0, result.output
            built[game] = (root / "first" / game, root / "second" / game)
        return built[game]

    return of


@pytest.mark.parametrize("game", KIT_OF_EACH_GAME)
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


@pytest.mark.parametrize("game", KIT_OF_EACH_GAME)
def test_kit_is_byte_identical_across_builds(game: str, kits: Kits) -> None:
    first, second = kits(game)

    def files(kit: Path) -> list[str]:
        return sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file())

    assert files(first) == files(second)
    for rel in files(second):
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), rel
