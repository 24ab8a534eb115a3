"""Rushing Tin's printed pieces: plane cube nets, cash notes and counters."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon, box
from shapely.ops import polygonize, unary_union

from pnpcompiler.build.faces import resolve_parts
from pnpcompiler.build.options import BuildOptions
from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.games.rushing_tin.kit import cube_net
from pnpcompiler.games.rushing_tin.model import Cash
from pnpcompiler.layout.collect import collect
from pnpcompiler.layout.templates import TemplateSet
from tests.paths import CONTENT, TEMPLATES

COLOURS = {str(level): "#000000" for level in range(1, 7)}


@pytest.fixture(scope="module")
def game() -> GameContent:
    loaded, _ = load_game(CONTENT, "rushing-tin")
    assert loaded is not None
    return loaded


@given(st.floats(8, 40))
def test_cube_net_folds_into_a_cube(edge: float) -> None:
    """THE PLANE CUBES: six faces, one per level; 7 glue tabs, one on each pair of edges that
    meet when folded; cut lines enclose the net and fold lines join faces and tabs."""
    net = cube_net(edge, [1, 2, 3, 4, 5, 6], COLOURS, tabs=True)
    assert sorted(f["level"] for f in net["faces"]) == [1, 2, 3, 4, 5, 6]
    assert len(net["tabs"]) == 7
    faces = unary_union([box(f["x"], f["y"], f["x"] + edge, f["y"] + edge)
                         for f in net["faces"]])
    assert faces.area == pytest.approx(6 * edge * edge)
    # 5 edges between faces and 7 tab bases are folds; cuts close round faces and tabs.
    assert len(net["folds"]) == 12
    outline = list(polygonize(unary_union([LineString(c) for c in net["cuts"]] +
                                          [LineString(f) for f in net["folds"]])))
    whole = unary_union(outline)
    tabs = unary_union([Polygon(t) for t in net["tabs"]])
    assert whole.area == pytest.approx(faces.area + tabs.area, rel=1e-6)
    assert not tabs.intersects(faces.buffer(-1e-6))
    minx, miny, maxx, maxy = whole.bounds
    assert (minx, miny) == pytest.approx((0, 0))
    assert (maxx, maxy) == pytest.approx((net["width"], net["height"]))


def test_cube_net_band_makes_each_level_change_one_push() -> None:
    """Levels 2-5 run round the band and 1 and 6 are the caps: neighbouring levels are
    neighbouring faces of the folded cube (opposite faces are never one level apart)."""
    net = cube_net(16, [1, 2, 3, 4, 5, 6], COLOURS, tabs=True)
    at = {(round(f["x"] / 16), round(f["y"] / 16)): f["level"] for f in net["faces"]}
    opposite = {frozenset((at[(1, 0)], at[(1, 2)])), frozenset((at[(0, 1)], at[(2, 1)])),
                frozenset((at[(1, 1)], at[(3, 1)]))}
    for level in range(1, 6):
        assert frozenset((level, level + 1)) not in opposite


def test_every_piece_of_the_game_piece_guide_is_printed(game: GameContent) -> None:
    """GAME PIECE GUIDE: each printed component is in the kit with the rulebook's count."""
    parts = collect(game)
    counts = {p.component: sum(i.copies for i in p.items) for p in parts.printables}
    assert counts["plane-cubes"] == 12
    assert counts["entry-exit-counters"] == 6
    assert counts["plane-id-counters"] == 12
    assert counts["weather-system-counters"] == 48
    assert counts["wind-counters"] == 4
    assert counts["time-counter"] == 1
    assert counts["single-route-hand-off-cards"] == 30
    assert counts["multi-route-hand-off-cards"] == 25
    assert counts["random-event-cards"] == 25
    assert counts["weather-event-cards"] == 14
    cash = next(p for p in parts.printables if p.component == "cash")
    assert sum(int(i.item["value"]) * i.copies for i in cash.items) == 10_000
    assert [s[0] for s in parts.sheets] == ["sector-log", "player-aid"]
    assert [(b.component, b.id) for b in parts.boards] == [("sector-map", "rt001")]


def test_counters_resolve_with_shapes_and_backs(game: GameContent) -> None:
    """Round and hex counters carry their cut shape; two-sided ones have a back per design
    (weather: storm on the front, turbulence on the back)."""
    parts = collect(game, ("weather-system-counters", "entry-exit-counters",
                           "plane-id-counters"))
    resolved, findings = resolve_parts(game, TemplateSet([TEMPLATES]), parts,
                                       BuildOptions())
    assert not findings
    groups = {g.component: g for g in resolved.groups}
    weather = groups["weather-system-counters"]
    assert (weather.shape, weather.size, weather.count) == ("round", (16.0, 16.0), 48)
    assert all(item.back is not None for item in weather.items)
    assert Counter(item.back_id for item in weather.items) == Counter(
        {f"counter-weather-{n}-back": 1 for n in (3, 4, 5, 6)})
    hexes = groups["entry-exit-counters"]
    assert hexes.shape == "hex"
    assert hexes.size == pytest.approx((18 * 2 / 3 ** 0.5, 18.0))
    assert all(item.back is not None for item in groups["plane-id-counters"].items)


def test_cash_counts_its_worth_against_the_bill_but_its_notes_as_pieces(
        rushing_tin: GameContent) -> None:
    """GAME PIECE GUIDE: 10,000 worth of Rushing Tin Cash; the kit's piece count adds the
    190 notes, not the 10,000 they are worth (385 pieces with the player aid)."""
    (cash,) = rushing_tin.of_type(Cash)
    assert cash.counts() == {"cash": 10000}
    assert cash.pieces() == 190
    assert sum(c.pieces() for c in rushing_tin.components.values()) == 385
