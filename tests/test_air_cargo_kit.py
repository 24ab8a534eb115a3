"""The Air Cargo kit, built from the CLI: pages, the leg strip's exact length, the map."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PT = 72 / 25.4
LEG_MM = 55.0
AIRPORTS = ("seattle", "portland", "helena", "silver-springs", "oakland", "los-angeles",
            "spokane", "caldwell", "crawford", "big-timber", "oro-loma", "salerno", "tillit",
            "christman", "denver", "fremont", "la-junta", "tucumjari", "pendleton")


def _build(root: Path, out: str, *args: str) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "air-cargo", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"),
                                      "-o", str(root / out), *args])
    assert result.exit_code == 0, result.output
    assert "text.overflow" not in result.output, result.output


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two A4 and Letter builds (for byte identity)."""
    root = tmp_path_factory.mktemp("air-cargo-kit")
    shutil.copytree(ROOT / "content" / "air-cargo", root / "content" / "air-cargo")
    shutil.copytree(ROOT / "templates", root / "templates")
    _build(root, "a", "--paper", "a4", "--paper", "letter")
    _build(root, "b", "--paper", "a4", "--paper", "letter")
    return root


def _reader(path: Path) -> Any:
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(path.read_bytes()))


def _pages_labelled(reader: Any, label: str) -> list[int]:
    return [i for i, page in enumerate(reader.pages) if label in (page.extract_text() or "")]


def _clips(page: Any) -> list[tuple[float, ...]]:
    """Return each face's clip rectangle (its bleed box) in mm, PDF coordinates."""
    data = page.get_contents().get_data().decode("latin-1")
    return [tuple(float(v) / PT for v in m.groups()) for m in
            re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n", data)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kit_pages(kit: Path, paper: str) -> None:
    """The calibration sheet and the contents, then the leg strip, the two pilot logs and the
    rules summary a sheet each, the map on 2 x 2 sheets: 10 sheets, 20 pages (each one-sided
    page followed by its blank back)."""
    reader = _reader(kit / "a" / "air-cargo" / f"air-cargo-{paper}.pdf")
    assert len(reader.pages) == 20
    contents = reader.pages[2].extract_text()
    for name in ("Leg template", "Pilot Log (first game)", "Pilot Log", "Rules summary",
                 "Air Cargo Map", "2 x 2 sheets"):
        assert name in contents, name
    for title in ("PILOT LOG V3 (FIRST GAME)", "PILOT LOG V3", "RULES SUMMARY"):
        (page,) = [i for i in _pages_labelled(reader, title)
                   if title != "PILOT LOG V3" or "FIRST GAME" not in
                   reader.pages[i].extract_text()]
        assert "page 1 of 1" in reader.pages[page].extract_text()
    assert len(_pages_labelled(reader, "Air Cargo Map - sheet")) == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_leg_strip_is_exactly_the_longest_leg(kit: Path, paper: str) -> None:
    """The strip's trim (no bleed: its clip rectangle) is the map's 250 miles at 0.22 mm."""
    reader = _reader(kit / "a" / "air-cargo" / f"air-cargo-{paper}.pdf")
    (page,) = _pages_labelled(reader, "fronts: Leg template")
    (clip,) = _clips(reader.pages[page])
    _, _, w, h = clip
    assert w == pytest.approx(LEG_MM, abs=0.01)
    assert h == pytest.approx(14.0, abs=0.01)
    trim = reader.pages[page].trimbox
    assert float(trim.width) / PT == pytest.approx(LEG_MM, abs=0.01)


def test_the_pilot_logs_carry_their_tables_and_the_template(kit: Path) -> None:
    reader = _reader(kit / "a" / "air-cargo" / "air-cargo-a4.pdf")
    first = reader.pages[_pages_labelled(reader, "(FIRST GAME)")[0]].extract_text()
    for text in ("CARGO WEIGHT", "X HEAVY 5", "WEATHER HAZARD", "D1-4", "AIRPORTS",
                 "PENDLETON - START", "PLAN REROLL", "STAMINA", "PRAYER REROLL",
                 "HAZARD CHECK", "12 or less to pass", "Gold Wing pilot", "STEP DISTANCE",
                 "longest leg: 250 miles", "Read the two dice"):
        assert text in first, text


def test_the_map_svg_holds_every_airport_beacon_and_mountain(kit: Path) -> None:
    svg = (kit / "a" / "air-cargo" / "svg" / "map" / "map.svg").read_text(encoding="utf-8")
    for airport in AIRPORTS:
        assert f'id="airport-{airport}"' in svg, airport
    for name in ("SEATTLE", "TUCUMJARI", "PENDLETON", "41 (0)", "66 (1)", "XX - START",
                 "YKM", "H3", "STEP DISTANCE", "250 miles = 55 mm"):
        assert f">{name}<" in svg or name in svg, name
    assert svg.count('id="beacon-') == 29
    assert svg.count('id="mountain-') == 23


def test_the_map_prints_whole_and_true_size_on_a3(kit: Path) -> None:
    reader = _reader(kit / "a" / "air-cargo" / "boards" / "map-a3.pdf")
    text = reader.pages[0].extract_text()
    assert "true size" in text and "scaled" not in text


def test_builds_are_byte_identical(kit: Path) -> None:
    for rel in ("air-cargo-a4.pdf", "air-cargo-letter.pdf", "boards/map-a3.pdf",
                "svg/map/map.svg", "svg/leg-template/leg-template.svg"):
        assert (kit / "a" / "air-cargo" / rel).read_bytes() == \
            (kit / "b" / "air-cargo" / rel).read_bytes(), rel
