"""Air Cargo's printed geometry a player can decide: legs and circle edges a tolerance clear.

Execute flight: "Maximum leg distance is measured by template"; Hazards: a leg that crosses a
mountain range circle needs a check. The referee decides both exactly; on paper a player can
only tell them apart when the distance lies at least the map's ``print_tolerance`` from its
limit. (The generic measurement, core/points.py, is tested in tests/core/test_points.py.)
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from pnpcompiler.content.project import load_game
from pnpcompiler.core.findings import Finding, Severity
from tests.paths import CONTENT

CODES = ("leg.undecidable", "leg.grazes-circle", "leg.order-undecidable")

#: The map before its places and circles were moved clear of the limits: for each place or
#: mountain moved, its fields as they were.
OLD_MAP = {
    "oakland": "x: 145, y: 799", "spokane": "x: 390, y: 116", "caldwell": "x: 436, y: 391",
    "crawford": "x: 906, y: 731", "big-timber": "x: 786, y: 239", "oro-loma": "x: 230, y: 857",
    "fremont": "x: 700, y: 749",
    "mount-hood": "x: 170, y: 283, radius: 32", "three-sisters": "x: 157, y: 386, radius: 38",
    "mount-shasta": "x: 146, y: 549, radius: 42",
    "northern-sierra": "x: 251, y: 714, radius: 45",
    "high-sierra": "x: 337, y: 862, radius: 55",
    "bitterroot-range": "x: 543, y: 214, radius: 45",
    "ruby-mountains": "x: 506, y: 621, radius: 28",
    "front-range": "x: 1008, y: 621, radius: 42",
    "san-juan-mountains": "x: 908, y: 797, radius: 45",
    "san-gabriel-mountains": "x: 388, y: 1028, radius: 26",
}


def edited_map(root: Path, edit: Any) -> Path:
    """Copy the Air Cargo content under ``root`` and edit its map's text; return the folder."""
    shutil.copytree(CONTENT / "air-cargo", root / "air-cargo")
    path = root / "air-cargo" / "maps" / "map.yaml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return root


def tolerance_findings(content: Path) -> list[Finding]:
    """Return the findings of the printed-geometry checks on the game in ``content``."""
    game, findings = load_game(content, "air-cargo")
    assert game is not None
    assert not [f for f in findings if f.severity is Severity.ERROR]
    return [f for f in findings if f.code in CODES]


def restore_old_map(text: str) -> str:
    """Put every moved place and circle back where the map had it."""
    for ident, fields in OLD_MAP.items():
        pattern = re.compile(rf"^(  - {{id: {re.escape(ident)},.*?)x: \d+, y: \d+(, radius: \d+)?",
                             re.MULTILINE)
        text, count = pattern.subn(rf"\g<1>{fields}", text)
        assert count == 1, ident
    return text


@pytest.fixture(scope="module")
def old_map(tmp_path_factory: pytest.TempPathFactory) -> list[Finding]:
    return tolerance_findings(edited_map(tmp_path_factory.mktemp("old"), restore_old_map))


def found(findings: list[Finding], code: str, *words: str) -> Finding:
    """Return the one finding of ``code`` whose message holds every word."""
    hits = [f for f in findings if f.code == code and all(w in f.message for w in words)]
    assert len(hits) == 1, [f.message for f in findings]
    return hits[0]


# --- the four cases on the old map -------------------------------------------------------


def test_execute_flight_seattle_spokane_0_29_miles_over_the_template_cannot_be_told(
        old_map: list[Finding]) -> None:
    finding = found(old_map, "leg.undecidable", "Seattle-Spokane")
    assert finding.severity is Severity.WARNING
    assert ("expected Seattle-Spokane at least 1 mm (4.5 miles) from the leg template's 250 "
            "miles, found 0.29 miles over (0.06 mm)") in finding.message
    assert finding.location is not None and finding.location.path == "airports[6].x"
    assert "id: spokane" in (finding.location.source_line or "")


def test_execute_flight_oakland_to_lol_0_45_miles_over_the_template_cannot_be_told(
        old_map: list[Finding]) -> None:
    finding = found(old_map, "leg.undecidable", "Oakland-LOL")
    assert "found 0.45 miles over (0.10 mm)" in finding.message
    assert finding.location is not None and "code: LOL" in (finding.location.source_line or "")


def test_hazards_silver_springs_to_rbl_0_96_miles_inside_the_sierra_nevada_cannot_be_told(
        old_map: list[Finding]) -> None:
    finding = found(old_map, "leg.grazes-circle", "Silver Springs-RBL")
    assert ("from the edge of Sierra Nevada (H3, radius 45 miles), found it 0.96 miles inside "
            "(0.21 mm)") in finding.message
    assert finding.location is not None and finding.location.path.endswith(".radius")
    assert "id: northern-sierra" in (finding.location.source_line or "")


def test_hazards_denver_to_jnc_0_39_miles_clear_of_the_front_range_cannot_be_told(
        old_map: list[Finding]) -> None:
    finding = found(old_map, "leg.grazes-circle", "Denver-JNC", "Front Range")
    assert "found it 0.39 miles clear (0.09 mm)" in finding.message


def test_the_shipped_map_leaves_every_leg_and_crossing_decidable() -> None:
    assert tolerance_findings(CONTENT) == []


def test_the_shipped_map_keeps_the_old_maps_legs_and_crossings(tmp_path: Path) -> None:
    """The places and circles moved only off the limits: every legal leg, and the ranges
    each crosses in the order met, are as they were."""
    from pnpcompiler.games.air_cargo.checks import game_map
    from pnpcompiler.games.air_cargo.legs import network

    def legs(content: Path) -> dict[frozenset[str], tuple[tuple[str, ...], tuple[str, ...]]]:
        game, _ = load_game(content, "air-cargo")
        board = game_map(game) if game else None
        assert board is not None
        return {k: (leg.crossings, leg.back) for k, leg in network(board).legs.items()}

    assert legs(CONTENT) == legs(edited_map(tmp_path, restore_old_map))


# --- exactly at the tolerance -------------------------------------------------------------------


def small_map(places: list[tuple[float, float]],
              mountains: list[tuple[float, float, float]]) -> dict[str, Any]:
    """A map at 0.25 mm a mile with a 1 mm tolerance (4 miles) and a 50-mile template: the
    start airport at the first place, airport 41 at the last, beacons between."""
    first, *between, last = places
    return {
        "kind": "air-cargo-map", "component": "map", "width": 100, "height": 100,
        "unit": "0.25mm", "print_tolerance": "1mm", "leg_length": 50,
        "airports": [
            {"id": "pendleton", "name": "Pendleton", "dice_id": "XX", "start": True,
             "x": first[0], "y": first[1]},
            {"id": "seattle", "name": "Seattle", "dice_id": 41, "hazard": 0,
             "x": last[0], "y": last[1]},
        ],
        "beacons": [{"id": f"beacon-{i}", "code": f"B{'ABCDEF'[i]}", "x": x, "y": y}
                    for i, (x, y) in enumerate(between)],
        "mountains": [{"id": f"range-{i}", "name": f"Range {i}", "x": x, "y": y, "radius": r,
                       "hazard": 1} for i, (x, y, r) in enumerate(mountains)],
    }


def small_map_findings(root: Path, board: dict[str, Any]) -> list[Finding]:
    return tolerance_findings(edited_map(root, lambda _: yaml.safe_dump(board)))


@pytest.mark.parametrize(("end", "decidable"), [
    ((54, 50), True),    # 4 miles over: exactly the tolerance
    ((46, 50), True),    # 4 miles short
    ((53, 50), False),   # 3 miles over
    ((47, 50), False),   # 3 miles short
    ((50, 50), False),   # exactly the template
])
def test_execute_flight_a_leg_exactly_the_tolerance_from_the_template_can_be_told(
        tmp_path: Path, end: tuple[int, int], decidable: bool) -> None:
    # The beacon keeps airport 41 reachable when the direct leg is too long.
    board = small_map([(0, 50), (27, 85), end], [])
    codes = [f.code for f in small_map_findings(tmp_path, board)]
    assert codes == ([] if decidable else ["leg.undecidable"])


@pytest.mark.parametrize(("centre_y", "radius", "decidable"), [
    (41, 5, True),       # the leg passes 9 from the centre: 4 clear, exactly the tolerance
    (41.5, 5, False),    # 3.5 clear
    (56, 10, True),      # 6 from the centre: 4 inside, exactly the tolerance
    (57, 10, False),     # 3 inside
    (60, 10, False),     # grazing: exactly on the edge
])
def test_hazards_a_leg_exactly_the_tolerance_from_a_circles_edge_can_be_told(
        tmp_path: Path, centre_y: float, radius: float, decidable: bool) -> None:
    board = small_map([(10, 50), (50, 50)], [(30, centre_y, radius)])
    codes = [f.code for f in small_map_findings(tmp_path, board)]
    assert codes == ([] if decidable else ["leg.grazes-circle"])


@pytest.mark.parametrize(("second_x", "decidable"), [(28, True), (26, False)])
def test_hazards_a_leg_meets_two_ranges_a_tolerance_apart_or_the_order_cannot_be_told(
        tmp_path: Path, second_x: float, decidable: bool) -> None:
    """The referee asks for the checks in the order the leg meets the ranges: met 4 miles
    apart (the first entered 10 miles along the leg, the second at 14), a player can tell
    which comes first; 2 miles apart, not. Flown back, the leg meets them far apart."""
    board = small_map([(2, 50), (46, 50)], [(20, 50, 8), (second_x, 50, 12)])
    findings = small_map_findings(tmp_path, board)
    assert [f.code for f in findings] == ([] if decidable else ["leg.order-undecidable"])
    if not decidable:
        assert "to meet Range 0 and Range 1 at least 1 mm (4.0 miles) apart, found 2.00 miles" \
            in findings[0].message
