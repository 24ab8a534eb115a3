"""The Air Cargo kit, built from the CLI: pages, the leg strip's exact length, the map and its
mountain names, what it does not print."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.layout.coverage import text_ink
from pnpcompiler.layout.model import Ellipse, Group, Text
from tests.conformance.faces import kinds_of_face, shipped_faces
from tests.paths import CONTENT, TEMPLATES

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
    """The A4 and Letter kits (that two builds are the same: tests/conformance/)."""
    root = tmp_path_factory.mktemp("air-cargo-kit")
    shutil.copytree(CONTENT / "air-cargo", root / "content" / "air-cargo")
    shutil.copytree(TEMPLATES, root / "templates")
    _build(root, "a", "--paper", "a4", "--paper", "letter")
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


def test_build_says_the_rules_tables_and_rulebook_are_not_printed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        pnp: Callable[..., tuple[int, str]]) -> None:
    shutil.copytree(CONTENT / "air-cargo", tmp_path / "content" / "air-cargo")
    monkeypatch.chdir(tmp_path)
    code, out = pnp("build", "air-cargo", "--only", "air-cargo-rules", "--only", "rulebook")
    assert code == 0, out
    assert "not printed: Air Cargo rules tables (air-cargo-rules): the cargo" in out
    assert "not printed: Air Cargo rulebook (rulebook): the list of the game's rules" in out


def test_air_cargo_mountain_names_sit_in_their_circle_or_beside_it() -> None:
    """WIND RIVER RANGE and ABSAROKA RANGE on two lines inside their circles (broken at the
    space nearest the middle); OLYMPIC MTS, too long for its small circle, under it; the
    legend spells out the hazard number."""
    faces, _ = shipped_faces("air-cargo")
    [(_, face)] = faces["boards"]
    groups = {g.id: g for g in face.elements if isinstance(g, Group)}
    mountains = {g.id: g for g in groups["mountains"].elements if isinstance(g, Group)}

    def names(mountain: str) -> tuple[Ellipse, list[Text]]:
        group = mountains[f"mountain-{mountain}"]
        edge = next(e for e in group.elements if isinstance(e, Ellipse))
        texts = [e for e in group.elements if isinstance(e, Text) and e.lines[0].runs[0].font
                 == "Vera-Italic"]
        return edge, texts

    for mountain, lines in (("wind-river-range", ["WIND RIVER", "RANGE"]),
                            ("absaroka-range", ["ABSAROKA", "RANGE"])):
        edge, texts = names(mountain)
        assert [t.lines[0].runs[0].text for t in texts] == lines
        for t in texts:
            x0, y0, x1, y1 = text_ink(t).bounds
            assert all((x - edge.cx) ** 2 + (y - edge.cy) ** 2 < edge.rx ** 2
                       for x in (x0, x1) for y in (y0, y1)), mountain
    edge, [olympic] = names("olympic-mountains")
    assert text_ink(olympic).bounds[1] > edge.cy + edge.rx
    legend = [e for e in groups["legend"].elements if isinstance(e, Text)]
    assert "MOUNTAIN  hazard number" in {t.lines[0].runs[0].text for t in legend}


def test_the_faces_checked_are_every_kind_the_kit_prints() -> None:
    """What the conformance suite checks clear (tests/conformance/test_faces.py) is the
    leg strip, the map board and the forms on both papers."""
    assert kinds_of_face("air-cargo") == {"strips", "boards", "forms on a4", "forms on letter"}
