"""Rushing Tin boards of a replayed shift: the map at the end of each turn, and hex names."""

from __future__ import annotations

import copy
import io
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
import shapely
from pypdf import PdfReader

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.rushing_tin.board import MapPlacement
from pnpcompiler.games.rushing_tin.map_checks import geometry_for
from pnpcompiler.games.rushing_tin.referee.snapshot import board_at
from pnpcompiler.games.rushing_tin.referee.state import HexNames, Shift, WeatherSystem, Wind
from pnpcompiler.layout.collect import boards_of
from pnpcompiler.layout.model import Element, Ellipse, Face, Group, Polygon, Text, leaves
from pnpcompiler.referee import AnyReport, board_pages, referee_file
from pnpcompiler.render.board import board_pdf
from pnpcompiler.render.svg import face_svg
from tests.paths import CONTENT

SVG = "{http://www.w3.org/2000/svg}"
RED = "#d62728"

# A solo ATC; plane 3 enters at point 15 (hex 1601, heading south, level 5), plane 2 at point
# 02 (hex 1114, heading north, level 2), plane 1 takes off from the airport (hex 1103).
SHIFT = """\
game: rushing-tin
record: shift
sector: RT001
atcs:
  - {id: PR}
lead: PR
setup:
  pending:
    PR: [CA506, AA204, AA105]
  accept:
    - {atc: PR, flight: CA506, plane: 3}
    - {atc: PR, flight: AA204, plane: 2}
    - {atc: PR, flight: AA105, plane: 1}
turns:
  - turn: 1
    roll: 4
    moves:
      - {plane: 3}
      - {plane: 2}
      - {plane: 1, take_off: true}
  - turn: 2
    roll: 5
    moves:
      - {plane: 3}
      - {plane: 2}
      - {plane: 1}
"""

#: Where each plane is at the end of each turn: hex, heading, level.
FLYING = {
    1: {3: ("1605", "s", 5), 2: ("1113", "n", 2), 1: ("1103", "s", 2)},
    2: {3: ("1610", "s", 5), 2: ("1111", "n", 2), 1: ("1105", "s", 2)},
}
#: Flat-topped headings as unit vectors on the drawing (y grows downward).
HEADINGS = {"se": (0.866, 0.5), "ne": (0.866, -0.5), "n": (0.0, -1.0),
            "nw": (-0.866, -0.5), "sw": (-0.866, 0.5), "s": (0.0, 1.0)}
LEVEL_COLOURS = {2: "#CC79A7", 5: "#56B4E9"}


@pytest.fixture(scope="module")
def game(rushing_tin: GameContent) -> GameContent:
    return rushing_tin


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> AnyReport:
    log = tmp_path_factory.mktemp("shift") / "shift.yaml"
    log.write_text(SHIFT, encoding="utf-8")
    return referee_file(log, CONTENT)


def shifts(report: AnyReport) -> list[Shift]:
    """Return a shift's snapshots: the shift as each turn left it."""
    found = [shift for shift in report.snapshots if isinstance(shift, Shift)]
    assert len(found) == len(report.snapshots)
    return found


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "shift.yaml"
    path.write_text(SHIFT, encoding="utf-8")
    return path


def _groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("id", ""): g for g in root.iter(f"{SVG}g")}


def _points(polygon: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in polygon.get("points", "").split())]


def _hex_centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Return each hex's centre on the drawing by the name printed in it."""
    groups = _groups(root)
    hexes = [shapely.Polygon(_points(p)) for p in groups["hexes"].iter(f"{SVG}polygon")]
    centres: dict[str, tuple[float, float]] = {}
    for text in groups["hex-names"].iter(f"{SVG}text"):
        spot = shapely.Point(float(text.get("x", "")) + 1, float(text.get("y", "")) - 0.7)
        (cell,) = [h for h in hexes if h.contains(spot)]
        centres[text.text or ""] = (cell.centroid.x, cell.centroid.y)
    return centres


def _svg(game: GameContent, state: Shift) -> ET.Element:
    return ET.fromstring(face_svg(board_at(game, state)))


# --- the replay and its boards ---------------------------------------------------------------


def test_the_shift_is_legal_and_keeps_each_turn(report: AnyReport) -> None:
    assert report.legal, report.findings
    assert [s.turn for s in shifts(report)] == [1, 2]


@pytest.mark.parametrize("turn", [1, 2])
def test_each_plane_in_flight_sits_in_its_hex_pointing_its_heading(
        report: AnyReport, turn: int) -> None:
    ((_, text),) = board_pages(report, str(turn))
    root = ET.fromstring(text)
    centres = _hex_centres(root)
    flying = _groups(root)["planes-flying"]
    assert sorted(g.get("id", "") for g in flying.findall(f"{SVG}g")) == [
        f"plane-{i}" for i in sorted(FLYING[turn])]
    for plane, (name, heading, level) in FLYING[turn].items():
        (marker,) = [g for g in flying.findall(f"{SVG}g") if g.get("id") == f"plane-{plane}"]
        texts = [t.text for t in marker.iter(f"{SVG}text")]
        assert str(plane) in texts and str(level) in texts
        (ring,) = marker.iter(f"{SVG}ellipse")
        assert ring.get("stroke") == LEVEL_COLOURS[level]
        x, y = float(ring.get("cx", "")), float(ring.get("cy", ""))
        assert (x, y) == pytest.approx(centres[name], abs=0.01)
        body = _points(next(marker.iter(f"{SVG}polygon")))
        tip = max(body, key=lambda p: math.dist(p, (x, y)))
        norm = math.dist(tip, (x, y))
        assert ((tip[0] - x) / norm, (tip[1] - y) / norm) == pytest.approx(
            HEADINGS[heading], abs=0.01)


def test_waiting_planes_sit_beyond_their_entry_point_and_beside_the_airport(
        game: GameContent, report: AnyReport) -> None:
    state = copy.deepcopy(shifts(report)[0])
    state.planes[3].where, state.planes[3].hex = "waiting", None
    state.planes[1].where, state.planes[1].hex = "ground", None
    root = _svg(game, state)
    groups = _groups(root)
    centres = _hex_centres(root)
    assert [g.get("id") for g in groups["planes-flying"].findall(f"{SVG}g")] == ["plane-2"]
    (waiting,) = groups["planes-waiting"].findall(f"{SVG}g")
    (ground,) = groups["planes-on-ground"].findall(f"{SVG}g")
    assert (waiting.get("id"), ground.get("id")) == ("plane-3", "plane-1")
    (ring,) = waiting.iter(f"{SVG}ellipse")
    x, y = float(ring.get("cx", "")), float(ring.get("cy", ""))
    # Straight above point 15's hex (1601), off the map: north of every hex.
    assert x == pytest.approx(centres["1601"][0], abs=0.01)
    assert y < min(cy for _, cy in centres.values()) - 11
    (ring,) = ground.iter(f"{SVG}ellipse")
    beside = math.dist((float(ring.get("cx", "")), float(ring.get("cy", ""))),
                       centres["1103"])
    assert 4 < beside < 12.7


def test_an_out_of_control_plane_has_a_red_dashed_ring(game: GameContent,
                                                        report: AnyReport) -> None:
    state = copy.deepcopy(shifts(report)[0])
    state.planes[2].out_of_control = True
    groups = _groups(_svg(game, state))
    rings = {g.get("id"): [e for e in g.iter(f"{SVG}ellipse") if e.get("stroke") == RED]
             for g in groups["planes-flying"].findall(f"{SVG}g")}
    assert len(rings["plane-2"]) == 1 and rings["plane-2"][0].get("stroke-dasharray")
    assert rings["plane-3"] == [] and rings["plane-1"] == []


def test_weather_and_wind_appear_when_present(game: GameContent, report: AnyReport) -> None:
    plain = _groups(_svg(game, shifts(report)[0]))
    assert "weather" not in plain and "wind" not in plain
    (geo,) = [g for g in geometry_for(game) if g.sector]
    names = HexNames(geo.board.grid)
    state = copy.deepcopy(shifts(report)[0])
    state.weather = [
        WeatherSystem("storm", 4, "F", 100, [names.hex("1308"), names.hex("1309")]),
        WeatherSystem("turbulence", 3, "D", 100, [names.hex("0412")]),
    ]
    state.wind = Wind(level=4, direction=1)
    root = _svg(game, state)
    groups = _groups(root)
    centres = _hex_centres(root)
    counters = groups["weather"].findall(f"{SVG}g")
    assert [g.get("id") for g in counters] == ["storm-1308", "storm-1309", "turbulence-0412"]
    for counter in counters:
        kind, name = (counter.get("id") or "").split("-")
        tint = shapely.Polygon(_points(next(counter.iter(f"{SVG}polygon"))))
        assert (tint.centroid.x, tint.centroid.y) == pytest.approx(centres[name], abs=0.01)
        level = {"storm": "4", "turbulence": "3"}[kind]
        assert level in {t.text for t in counter.iter(f"{SVG}text")}
    wind_texts = " ".join(t.text or "" for t in groups["wind"].iter(f"{SVG}text"))
    assert "NE" in wind_texts and "level 4" in wind_texts
    (arrow,) = groups["wind"].iter(f"{SVG}polygon")
    (dial,) = groups["wind"].iter(f"{SVG}ellipse")
    middle = (float(dial.get("cx", "")), float(dial.get("cy", "")))
    tip = max(_points(arrow), key=lambda p: math.dist(p, middle))
    norm = math.dist(tip, middle)
    assert ((tip[0] - middle[0]) / norm, (tip[1] - middle[1]) / norm) == pytest.approx(
        HEADINGS["ne"], abs=0.01)


def test_the_title_strip_and_the_controllers_table(report: AnyReport) -> None:
    ((_, text),) = board_pages(report, "2")
    groups = _groups(ET.fromstring(text))
    assert "Turn 2 - 8:15" in {t.text for t in groups["title"].iter(f"{SVG}text")}
    table = [t.text for t in groups["controllers"].iter(f"{SVG}text")]
    assert table[:4] == ["ATC", "Cash", "Commendations", "Deals"]
    assert table[4:] == ["PR", "500", "0", "0"]
    assert len(groups["turn-on-track"].findall(f"{SVG}rect")) == 1


def test_board_drawing_is_deterministic(report: AnyReport) -> None:
    first = [svg.encode() for _, svg in board_pages(report, "all")]
    second = [svg.encode() for _, svg in board_pages(report, "all")]
    assert len(first) == 2 and first == second


def test_the_board_draws_in_a_pdf_too(game: GameContent, report: AnyReport) -> None:
    data = board_pdf(board_at(game, shifts(report)[1]), fit="a3", title="turn 2")
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "Turn 2 - 8:15" in text and "0412" in text


# --- the command line ------------------------------------------------------------------------


def test_board_of_one_turn_is_written(log: Path, tmp_path: Path,
                                      pnp: Callable[..., tuple[int, str]]) -> None:
    target = tmp_path / "f.svg"
    code, _ = pnp("referee", str(log), "--content", str(CONTENT), "--board", "2",
                  "-o", str(target))
    assert code == 0
    root = ET.fromstring(target.read_text(encoding="utf-8"))
    assert "Turn 2 - 8:15" in {t.text for t in root.iter(f"{SVG}text")}


def test_board_is_written_for_an_illegal_record_with_its_exit_code(
        tmp_path: Path, pnp: Callable[..., tuple[int, str]]) -> None:
    log = tmp_path / "illegal.yaml"
    log.write_text(SHIFT.replace("      - {plane: 1}\n", ""), encoding="utf-8")
    target = tmp_path / "f.svg"
    code, output = pnp("referee", str(log), "--content", str(CONTENT), "--board", "2",
                       "-o", str(target))
    assert code == 1 and "move.missing" in output
    assert target.is_file()


def test_boards_of_every_turn_and_a_page_to_step_through_them(
        log: Path, tmp_path: Path, pnp: Callable[..., tuple[int, str]]) -> None:
    folder = tmp_path / "boards"
    code, _ = pnp("referee", str(log), "--content", str(CONTENT), "--board", "all",
                  "-o", str(folder))
    assert code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", "turn-01.svg",
                                                       "turn-02.svg"]
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert 'src="turn-01.svg"' in page and 'src="turn-02.svg"' in page


def test_a_turn_not_played_is_a_usage_error(log: Path, tmp_path: Path,
                                            pnp: Callable[..., tuple[int, str]]) -> None:
    code, output = pnp("referee", str(log), "--content", str(CONTENT), "--board", "99",
                       "-o", str(tmp_path / "f.svg"))
    assert code == 2 and "turn 99" in output
    assert not (tmp_path / "f.svg").exists()


# --- hex names on the printed map ----------------------------------------------------------


def _map_face(game: GameContent) -> tuple[Face, MapPlacement]:
    (sector_map,) = [c for c in game.components.values() if c.kind == "sector-map"]
    (board,) = boards_of(game, sector_map)
    (geo,) = [g for g in geometry_for(game) if g.sector]
    return board.face, MapPlacement(geo)



def _area(e: Element) -> shapely.Geometry:
    """Return what an element covers, strokes included."""
    if isinstance(e, Text):
        return shapely.box(e.x, e.y, e.x + e.w, e.y + e.h)
    if isinstance(e, Ellipse):
        return shapely.Point(e.cx, e.cy).buffer(e.rx + e.paint.stroke_width / 2)
    if isinstance(e, Polygon):
        shape = shapely.Polygon(e.points) if e.closed else shapely.LineString(e.points)
        return shape.buffer(e.paint.stroke_width / 2 if e.paint.stroke else 0.0)
    return shapely.box(getattr(e, "x", 0), getattr(e, "y", 0),
                       getattr(e, "x", 0) + getattr(e, "w", 0),
                       getattr(e, "y", 0) + getattr(e, "h", 0))


def test_every_hex_shows_its_record_name_small_and_grey(game: GameContent) -> None:
    face, m = _map_face(game)
    names = HexNames(m.geo.board.grid)
    (group,) = [g for g in face.elements if isinstance(g, Group) and g.id == "hex-names"]
    labels = [e for e in group.elements if isinstance(e, Text)]
    assert sorted(t.lines[0].runs[0].text for t in labels) == sorted(
        names.name(h) for h in m.geo.hexes)
    assert len(labels) == 18 * 14
    for t in labels:
        (run,) = t.lines[0].runs
        assert 1.8 <= run.size * 25.4 / 72 <= 2.2 and run.colour == "#8c8c8c"
        # Inside the hex it names.
        cell = shapely.Polygon(m.corners(names.hex(run.text)))
        assert cell.contains(shapely.box(t.x, t.y, t.x + t.w, t.y + t.h))


def test_hex_names_never_cover_the_points_runway_routes_or_labels(game: GameContent) -> None:
    face, m = _map_face(game)
    groups = {g.id: g for g in face.elements if isinstance(g, Group)}
    marked = shapely.union_all([_area(e) for key in ("section-labels", "hand-off-routes",
                                                     "airport", "entry-exit-points")
                                for e in leaves(groups[key])])
    labels = {t.lines[0].runs[0].text: t for t in groups["hex-names"].elements
              if isinstance(t, Text)}
    assert [name for name, t in labels.items() if marked.intersects(_area(t))] == []
    names = HexNames(m.geo.board.grid)

    def centre(name: str) -> tuple[float, float]:
        return m.at(names.hex(name))

    # Most names sit at the top of their hex; the airport's and the runway's move left of the
    # runway, and point 15's (1601) moves right of its hand-off arrow.
    for name in ("0412", "1001", "1801"):
        t, (x, y) = labels[name], centre(name)
        assert t.x + t.w / 2 == pytest.approx(x) and t.y < y - 8
    for name in ("1103", "1104", "1105", "1106"):
        assert labels[name].x + labels[name].w < centre(name)[0] - 4
    assert labels["1601"].x > centre("1601")[0] and labels["1601"].y < centre("1601")[1] - 8


def test_the_map_and_each_board_show_a_hex_name_once(game: GameContent,
                                                     report: AnyReport) -> None:
    face, _ = _map_face(game)
    for root in (ET.fromstring(face_svg(face)), _svg(game, shifts(report)[-1])):
        assert [t.text for t in root.iter(f"{SVG}text")].count("0412") == 1
