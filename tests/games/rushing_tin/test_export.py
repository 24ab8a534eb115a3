"""What Rushing Tin exports: each route's feasibility figures (its sector map as a board is in
test_sector_map_board.py)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

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
