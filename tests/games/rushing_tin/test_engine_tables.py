"""The Rushing Tin engine's tables worked out once per sector, against the hex grid's own
functions; and copies of the shift (snapshots, forks) that share nothing that changes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core.hexgrid import Hex, distance, neighbor, neighbors, turn
from pnpcompiler.core.loader import load_file
from pnpcompiler.core.validate import validate_document
from pnpcompiler.games.rushing_tin.referee.context import Context, MapLookups
from pnpcompiler.games.rushing_tin.referee.engine import ShiftEngine
from pnpcompiler.games.rushing_tin.referee.log import ShiftLog
from pnpcompiler.games.rushing_tin.referee.state import Shift
from pnpcompiler.games.rushing_tin.referee.turns import build_context
from pnpcompiler.referee import replay
from tests.paths import CONTENT, EXAMPLES

LOADED, _ = load_game(CONTENT, "rushing-tin")
assert LOADED is not None
GAME: GameContent = LOADED
LOOKUPS: MapLookups = build_context(GAME, "RT001").lookups
MAP = sorted(LOOKUPS.hexes)
EDGE = sorted({n for h in MAP for n in neighbors(h)} - LOOKUPS.hexes)
"""The hexes just off the map, where entering planes start."""


@settings(max_examples=300, deadline=None)
@given(start=st.sampled_from(MAP + EDGE), facing=st.integers(0, 11),
       speed=st.integers(1, 7))
def test_3_02_course_is_the_straight_run_hex_by_hex(start: Hex, facing: int, speed: int
                                                    ) -> None:
    course = LOOKUPS.course(start, facing, speed)
    path, h = [], start
    for _ in range(speed):
        h = neighbor(h, facing)
        if h not in LOOKUPS.hexes:
            break
        path.append(h)
    assert course.path == tuple(path)
    assert course.leaves == (len(path) < speed)
    assert course.hexes == set(path)
    assert course.near == {z for h in path[:-1] for z in (h, *neighbors(h))}
    assert course.airport == (LOOKUPS.airport in (start, *path[:-1]))
    assert course.restricted == any(h in LOOKUPS.restricted for h in path)


def _in_the_way_hex_by_hex(entry: int, level: int, at: Hex, at_level: int) -> str | None:
    """1.36 as the rule reads: walk the entry run and compare each hex with the plane."""
    point = LOOKUPS.points.get(entry)
    if point is None or point.name == "airport":
        return None
    h, inward = point.hex, turn(point.outward, 3)
    for _ in range(level):
        if h not in LOOKUPS.hexes:
            break
        same_hex = h == at and abs(level - at_level) <= 1
        if same_hex or (distance(h, at) == 1 and level == at_level):
            return "collision" if same_hex and level == at_level else "near miss"
        h = neighbor(h, inward)
    return None


@settings(max_examples=400, deadline=None)
@given(entry=st.integers(1, 6), level=st.integers(1, 7), at=st.sampled_from(MAP),
       at_level=st.integers(1, 6))
def test_1_36_entry_blocked_table_agrees_with_the_entry_run(entry: int, level: int, at: Hex,
                                                            at_level: int) -> None:
    same_level, run = LOOKUPS.in_the_way(entry, level)
    if abs(level - at_level) > 1:
        found = None
    elif level == at_level:
        found = same_level.get(at)
    else:
        found = "near miss" if at in run else None
    assert found == _in_the_way_hex_by_hex(entry, level, at, at_level)


def _mutable_parts(value: Any, path: str = "") -> dict[str, Any]:
    """Return every list, dict, set and record reachable from a state, by its path."""
    out: dict[str, Any] = {}
    if isinstance(value, (list, dict, set)) or hasattr(value, "__dict__"):
        out[path] = value
    items: Any = ()
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    elif hasattr(value, "__dict__"):
        items = vars(value).items()
    for key, item in items:
        out.update(_mutable_parts(item, f"{path}.{key}"))
    return out


@pytest.fixture(scope="module")
def shift_4atc() -> Context:
    record = EXAMPLES / "rushing-tin" / "shift-4atc.yaml"
    doc, _ = load_file(record, str(record))
    log, _ = validate_document(doc, ShiftLog)
    assert log is not None
    ctx, _ = replay(ShiftEngine(GAME), log)
    return ctx


def test_snapshot_shares_nothing_that_changes(shift_4atc: Context) -> None:
    state = shift_4atc.state
    kept = state.snapshot()
    mine, theirs = _mutable_parts(state), _mutable_parts(kept)
    assert mine.keys() == theirs.keys()
    shared = [p for p in mine if mine[p] is theirs[p]]
    assert shared == []
    assert kept == state


def test_fork_is_apart_from_the_shift(shift_4atc: Context) -> None:
    engine = ShiftEngine(GAME)
    twin = engine.fork(shift_4atc)
    assert isinstance(twin.state, Shift) and twin.state is not shift_4atc.state
    for name in ("findings", "incidents", "reported", "expected_entry", "entry_priority",
                 "moved"):
        assert getattr(twin, name) == getattr(shift_4atc, name)
        assert getattr(twin, name) is not getattr(shift_4atc, name)
    assert twin.lookups is shift_4atc.lookups and twin.snapshots == []


def test_4_01_map_edge_table_agrees_with_the_hex_grid() -> None:
    for h in MAP:
        for d in range(6):
            assert ((h, d) in LOOKUPS.edge) == (neighbor(h, d) not in LOOKUPS.hexes)
