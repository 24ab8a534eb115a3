"""The Rushing Tin kit: every piece of the GAME PIECE GUIDE on its contents page, and one face
of each type as normalised SVG text (tests/golden/kit/).

How a kit is imposed, backed, folded and cached is tested on the sampler game
(tests/build/); that every game's kit builds, opens and is the same twice, in
tests/conformance/.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conformance.faces import kinds_of_face
from tests.conformance.printed import read_pages
from tests.paths import GOLDEN

KIT_GOLDEN = GOLDEN / "kit"


@pytest.fixture
def kit(kits: Callable[[str], tuple[Path, Path]]) -> Path:
    """The A4 kit, with an SVG of every face: the first of the two builds the conformance
    suite compares (tests/conformance/test_kit.py)."""
    return kits("rushing-tin")[0]


def test_kit_lists_every_component_on_its_contents_page(kit: Path) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO((kit / "rushing-tin-a4.pdf").read_bytes()))
    text = reader.pages[2].extract_text()
    for name in ("Plane Cubes", "Entry/Exit Point counters", "Plane ID Counters",
                 "Weather System Counters", "Wind Counters", "'Single Route' Hand-off Cards",
                 "'Multi-Route' Hand-off Cards", "Random Event Cards", "Weather Event Cards",
                 "ATC Status Cards", "Time Counter", "Rushing Tin Cash", "Sector Log - RT001",
                 "Sector map - RT001"):
        assert name in text, name
    assert "190 notes" in text and "48 counters" in text and "1 counter" in text


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
    path = kit / "svg" / face
    assert path.is_file(), sorted(p.name for p in path.parent.glob("*"))[:10]
    text = _normalised(path.read_text(encoding="utf-8"))
    golden(text, KIT_GOLDEN / face.replace("/", "__"))


def test_the_faces_checked_are_every_kind_the_kit_prints() -> None:
    """What the conformance suite checks clear (tests/conformance/test_faces.py) is every
    kind of piece of the GAME PIECE GUIDE, the sector map board and the Sector Log on both
    papers."""
    assert kinds_of_face("rushing-tin") == {"cards", "counters", "notes", "nets", "boards",
                                            "forms on a4", "forms on letter"}


@pytest.mark.parametrize(("paper", "sheets", "shared"), [("a4", 17, True),
                                                    ("letter", 16, False)])
def test_cash_notes_take_twelve_to_a_sheet_after_the_small_counters(
        duplex_kits: Callable[[str, str], Path], paper: str, sheets: int, shared: bool) -> None:
    """190 notes, 12 to a sheet in rows that share their cuts (19 sheets of 10 with gutters
    both ways); on A4 the first six fill the sheet the small one-sided counters share, on
    Letter that sheet is landscape and full."""
    pages = read_pages(duplex_kits("long", "rushing-tin") / f"rushing-tin-{paper}.pdf")
    cash = [p for p in pages if p.holds == "Items" and "Rushing Tin Cash" in p.text]
    assert len(cash) == sheets
    assert ("Wind Counters" in cash[0].text and "Time Counter" in cash[0].text) == shared
