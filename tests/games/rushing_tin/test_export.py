"""What Rushing Tin exports and draws: route feasibility figures and the sector map board."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.content.project import load_game
from pnpcompiler.layout.collect import boards_of
from pnpcompiler.render.svg import face_svg
from tests.paths import CONTENT

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


def _map_svgs(content: Path) -> dict[str, str]:
    """Load the game and return each sector map board's SVG by board id."""
    game, _ = load_game(content, "rushing-tin")
    assert game is not None
    (sector_map,) = [c for c in game.components.values() if c.kind == "sector-map"]
    boards = boards_of(game, sector_map)
    return {board.id: face_svg(board.face, title=board.name) for board in boards}


def test_the_sector_map_board_draws_the_map(rushing_tin: Path) -> None:
    svgs = _map_svgs(rushing_tin / "content")
    assert list(svgs) == ["rt001"]
    root = ET.fromstring(svgs["rt001"])
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


def test_map_svg_is_byte_identical_across_loads(rushing_tin: Path) -> None:
    first = _map_svgs(rushing_tin / "content")
    second = _map_svgs(rushing_tin / "content")
    assert first["rt001"].encode() == second["rt001"].encode()
