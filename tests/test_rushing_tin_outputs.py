"""What Rushing Tin exports and builds: route feasibility figures and the SVG sector map."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parent.parent / "content"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def rushing_tin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(CONTENT / "rushing-tin", tmp_path / "content" / "rushing-tin")
    shutil.copytree(CONTENT.parent / "templates", tmp_path / "templates")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_export_lists_every_route_with_its_fewest_turns(
        rushing_tin: Path, pnp: Callable[..., tuple[int, str]]) -> None:
    """All 60 rows of the RT001 Sector Log, each flyable within its schedule."""
    code, out = pnp("export", "rushing-tin", "--format", "json")
    assert code == 0
    routes = json.loads(out)["derived"]["routes"]
    assert len(routes) == 60
    kinds = [r["type"] for r in routes]
    assert (kinds.count("single"), kinds.count("multi"), kinds.count("celebrity")) == (30, 25, 5)
    for r in routes:
        assert r["fewest_turns"] is not None, r["code"]
        assert r["fewest_turns"] <= r["schedule_turns"], r["code"]
        assert r["slack_turns"] == r["schedule_turns"] - r["fewest_turns"]
    by_code = {r["code"]: r for r in routes}
    assert by_code["CA506"]["schedule"] == "1:00" and by_code["CA506"]["schedule_turns"] == 4
    assert by_code["AA105"]["entry_level"] == 1 and by_code["AA105"]["exit_level"] == 5
    assert by_code["AA216"]["type"] == "multi"
    # A multi-route flies to the airport and out again: its fewest turns are the sum of the
    # two legs (CA201 is level 2 to the airport, RA102 the airport to level 2).
    assert by_code["TJ212"]["fewest_turns"] == (by_code["CA201"]["fewest_turns"]
                                                + by_code["RA102"]["fewest_turns"])


def test_build_writes_the_sector_map_svg(rushing_tin: Path,
                                         pnp: Callable[..., tuple[int, str]]) -> None:
    code, out = pnp("build", "rushing-tin", "-o", "out")
    assert code == 0, out
    path = rushing_tin / "out" / "rushing-tin" / "svg" / "sector-map" / "rt001.svg"
    assert path.is_file()
    root = ET.parse(path).getroot()
    assert root.get("width", "").endswith("mm") and root.get("height", "").endswith("mm")
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert len(groups["hexes"].findall(f"{SVG}polygon")) == 18 * 14
    texts = {t.text for t in groups["entry-exit-points"].iter(f"{SVG}text")}
    assert {"02", "09", "15", "21", "24"} <= texts
    assert {"2", "3", "4", "5", "6"} <= texts  # each in-play point shows its level
    track = groups["time-track"]
    assert len(track.findall(f"{SVG}rect")) == 31
    clock = [t.text for t in track.iter(f"{SVG}text")]
    assert "08:00" in clock and "15:30" in clock
    assert "Level 2 Hand-off Zone (10.04)" in {t.text for t in root.iter(f"{SVG}text")}


def test_map_svg_is_byte_identical_across_builds(rushing_tin: Path,
                                                 pnp: Callable[..., tuple[int, str]]) -> None:
    pnp("build", "rushing-tin", "-o", "a")
    pnp("build", "rushing-tin", "-o", "b")
    rel = Path("rushing-tin/svg/sector-map/rt001.svg")
    assert (rushing_tin / "a" / rel).read_bytes() == (rushing_tin / "b" / rel).read_bytes()
