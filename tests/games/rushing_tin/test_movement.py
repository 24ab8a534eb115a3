"""Rushing Tin movement on the RT001 sector map: the rulebook's rules and worked examples."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.project import load_game
from pnpcompiler.core import hexgrid as hg
from pnpcompiler.games.rushing_tin.map_checks import geometry_for
from pnpcompiler.games.rushing_tin.movement import Goal, Movement, State
from pnpcompiler.games.rushing_tin.sector_map import SectorGeometry
from tests.paths import CONTENT


@functools.cache
def _rt001() -> SectorGeometry:
    game, _ = load_game(CONTENT, "rushing-tin")
    assert game is not None
    (geometry,) = geometry_for(game)
    return geometry


@pytest.fixture(scope="module")
def geo() -> SectorGeometry:
    return _rt001()


@pytest.fixture(scope="module")
def mv(geo: SectorGeometry) -> Movement:
    return geo.movement()


def _centre(geo: SectorGeometry) -> hg.Hex:
    return hg.offset_to_axial(5, 10, "odd-q")  # in section E, far from the airport


def test_rule_3_05_speed_is_level(geo: SectorGeometry, mv: Movement) -> None:
    """3.05, MOVEMENT EXAMPLES 2-3: a plane moves as many hexes as its level."""
    start = _centre(geo)
    for level in range(2, 7):
        path = mv.path((start, hg.direction_index("flat", "n"), level, False))
        assert len(path) == level
        assert hg.distance(start, path[-1]) == level


def test_rule_3_07_one_side_and_one_level_at_the_end(geo: SectorGeometry,
                                                     mv: Movement) -> None:
    """3.07, 3.11: after the full move, turn at most one side and change at most one level."""
    state: State = (_centre(geo), hg.direction_index("flat", "n"), 4, False)
    end = mv.path(state)[-1]
    after = set(mv.after_move(state, end))
    assert {(f, lv) for _, f, lv, _ in after} == {
        (f, lv) for f in (1, 2, 3) for lv in (3, 4, 5)}


def test_movement_example_1_entry_point_is_the_first_hex(geo: SectorGeometry,
                                                         mv: Movement) -> None:
    """MOVEMENT EXAMPLES 1: entering at level 6, the first of the 6 hexes is the entry point."""
    point = geo.points_in_play()[6]
    state = mv.entry_state(point.hex, point.outward, 6)
    path = mv.path(state)
    assert path[0] == point.hex and len(path) == 6
    assert path[:3] == list(geo.hand_off_route(point))  # along the hand-off route


def test_rule_4_01_perfect_hand_off_turns_and_changes_level_at_the_end(
        geo: SectorGeometry, mv: Movement) -> None:
    """4.01, PERFECT HAND-OFF EXAMPLE (Plane ID 4): a plane one level too high and one side
    off the route's direction still hands off perfectly, fixing both at the end of its move."""
    point = geo.points_in_play()[4]  # point 09
    goal = Goal(point.hex, point.outward, 4)
    facing = hg.turn(point.outward, 1)
    back = hg.turn(facing, 3)
    start = hg.add(point.hex, hg.scale(hg.DIRECTIONS[back], 5))
    state: State = (start, facing, 5, False)
    path = mv.path(state)
    assert path[-1] == point.hex
    assert mv.reaches(state, path, goal)
    # Two levels off cannot be fixed in one move (3.11).
    four_off = hg.add(point.hex, hg.scale(hg.DIRECTIONS[back], 6))
    assert not mv.reaches((four_off, facing, 6, False), mv.path((four_off, facing, 6, False)),
                          goal)


def test_rule_5_02_take_off_follows_the_approach_and_reaches_level_3(
        geo: SectorGeometry, mv: Movement) -> None:
    """5.02, TAKE OFF EXAMPLE: the first move puts the plane on the airport at level 2; it
    follows the approach without turning and is at level 3 by its end."""
    state = mv.takeoff_state()
    first = mv.path(state)
    assert first == [geo.board.airport.hex] and state[2] == 1
    (after_first,) = mv.after_move(state, first[-1])
    assert after_first[2] == 2  # TAKE OFF EXAMPLE: enters at level 2
    second = mv.path(after_first)
    assert second == list(geo.approach[:2])
    for nxt in mv.after_move(after_first, second[-1]):
        assert nxt[1] == after_first[1]  # no turning on the approach
    climbed = [s for s in mv.after_move(after_first, second[-1]) if s[2] == 3]
    third = mv.path(climbed[0])
    assert third[0] == geo.approach[-1]


def test_rule_5_02_level_3_on_the_routes_end_not_a_hex_later(
        geo: SectorGeometry, mv: Movement) -> None:
    """5.02 with 3.12: still at level 2 after the second move, the third passes the route's
    end mid-move at level 2; climbing at its end is too late, so that move is not legal."""
    (after_first,) = mv.after_move(mv.takeoff_state(), geo.board.airport.hex)
    low = next(s for s in mv.after_move(after_first, mv.path(after_first)[-1]) if s[2] == 2)
    path = mv.path(low)
    assert path[0] == geo.approach[-1] and len(path) == 2
    assert not mv.path_is_legal(low, path)


def test_rule_5_07_landing_ends_on_the_airport_at_level_1(geo: SectorGeometry,
                                                         mv: Movement) -> None:
    """5.07: a landing flies the approach towards the airport and ends on it."""
    a = geo.board.airport
    landing = mv.air.landing_direction
    goal = Goal(a.hex, hg.direction_index("flat", a.direction), 1, landing=True)
    start = geo.approach[1]  # two hexes out, at level 2: two hexes ends on the airport
    state: State = (start, landing, 2, False)
    path = mv.path(state)
    assert path[-1] == a.hex
    assert mv.reaches(state, path, goal)
    across: State = (start, hg.turn(landing, 1), 2, False)
    assert not mv.reaches(across, mv.path(across), goal)


def test_rule_5_10_control_zone(geo: SectorGeometry, mv: Movement) -> None:
    """5.10-5.11: the control zone is the hexes around the airport and its approach (12 here);
    a plane at level 3 may not fly into it, one at level 4 may. (Flying down the runway's
    centre line towards the airport is the landing approach, so the test avoids that line.)"""
    assert len(geo.control_zone) == 12
    core = {geo.board.airport.hex, *geo.approach}
    assert all(any(hg.distance(h, c) == 1 for c in core) for h in geo.control_zone)
    a = geo.board.airport
    line = {hg.add(a.hex, hg.scale(hg.DIRECTIONS[hg.direction_index("flat", a.direction)], i))
            for i in range(-20, 20)}
    target = min(geo.control_zone - line)
    for d in range(6):
        start = hg.add(target, hg.scale(hg.DIRECTIONS[hg.turn(d, 3)], 3))
        state: State = (start, d, 3, False)
        path = mv.path(state)
        if all(h in geo.hexes for h in path) and target in path:
            assert not mv.path_is_legal(state, path)
            high: State = (hg.add(target, hg.scale(hg.DIRECTIONS[hg.turn(d, 3)], 4)), d, 4,
                           False)
            if all(h in geo.hexes for h in mv.path(high)):
                assert mv.path_is_legal(high, mv.path(high))
            return
    pytest.fail("no straight approach into the control zone found")


def test_rule_10_04_level_2_only_in_the_hand_off_zone(geo: SectorGeometry,
                                                      mv: Movement) -> None:
    """10.01-10.04: level 2 only inside the Level 2 Hand-off Zone (9 hexes) or its route."""
    assert len(geo.level2_zone) == 9
    state: State = (_centre(geo), hg.direction_index("flat", "n"), 2, False)
    assert not mv.path_is_legal(state, mv.path(state))
    point = geo.points_in_play()[2]
    entering = mv.entry_state(point.hex, point.outward, 2)
    assert mv.path_is_legal(entering, mv.path(entering))


def test_rule_3_06_never_off_the_map(geo: SectorGeometry, mv: Movement) -> None:
    """MOVEMENT EXAMPLES 5: a move that would leave by an unmonitored side is not a legal
    move for the search (the referee reports it as a Major Deal)."""
    edge = hg.offset_to_axial(5, 0, "odd-q")
    state: State = (hg.add(edge, (0, 2)), hg.direction_index("flat", "n"), 4, False)
    assert not mv.path_is_legal(state, mv.path(state))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 17), st.integers(0, 13), st.integers(0, 5), st.integers(2, 6))
def test_every_legal_move_keeps_the_rules(col: int, row: int, facing: int, level: int) -> None:
    """Property: each legal move is ``level`` hexes straight ahead on the map, and the next
    state turns at most one side and changes at most one level, staying within levels 1-6."""
    mv = _rt001().movement()
    state: State = (hg.offset_to_axial(col, row, "odd-q"), facing, level, False)
    for path, (end, nf, nl, _) in mv.moves(state):
        assert len(path) == level and path[-1] == end
        assert all(h in mv.air.hexes for h in path)
        assert min((nf - facing) % 6, (facing - nf) % 6) <= 1
        assert abs(nl - level) <= 1 and 1 <= nl <= 6


@functools.cache
def _movement() -> Movement:
    """RT001's movement, kept: its tables are worked out once for every example."""
    return _rt001().movement()


@functools.cache
def _exits() -> dict[int, Goal]:
    """Every flight's end in RT001, by the level of its point (the airport: a landing)."""
    geo = _rt001()
    return {level: Goal(p.hex, p.outward, 1, landing=True) if p.name == "airport"
            else Goal(p.hex, p.outward, p.level) for level, p in geo.points_in_play().items()}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 17), st.integers(0, 13), st.integers(0, 5), st.integers(1, 6),
       st.booleans(), st.sampled_from(sorted(_exits())))
def test_moves_to_is_the_fewest_moves_from_every_state(col: int, row: int, facing: int,
                                                       level: int, taking_off: bool,
                                                       exit_level: int) -> None:
    """The backward search's table gives what a forward search from each state finds: the
    fewest moves to the exit, or nothing where there is no way."""
    mv = _movement()
    h = hg.offset_to_axial(col, row, "odd-q")
    if h not in mv.air.hexes:
        return
    goal = _exits()[exit_level]
    state: State = (h, facing, level, taking_off)
    assert mv.moves_to(goal).get(state) == mv.fewest_moves(state, goal, limit=200)


@pytest.mark.parametrize("exit_level", sorted(_exits()))
def test_rule_10_04_the_way_to_an_exit_comes_down_to_level_2_only_where_that_exit_allows(
        exit_level: int) -> None:
    """Every way the table counts to an exit is flown by moves the referee allows a plane
    bound there (10.04): from every state a step leads to a state one move nearer, and none
    comes down to level 2 where a plane bound for that exit may not (the level-2 zone is
    for the level-2 exit's planes; the airport's airspace for the landing ones)."""
    mv = _movement()
    goal = _exits()[exit_level]
    table = mv.moves_to(goal)
    downs = 0
    for state, moves in table.items():
        if moves == 1:
            continue
        step = mv.step(state)
        assert step is not None, state
        nearer = [nxt for nxt in step[1] if table.get(nxt) == moves - 1 and (
            state[2] <= 2 or nxt[2] != 2 or mv.level_two_allowed(exit_level, nxt[0]))]
        assert nearer, state
        downs += state[2] > 2 and any(nxt[2] == 2 for nxt in nearer)
    # The zone and the airspace are where planes bound there do come down.
    assert (downs > 0) == (exit_level in (1, 2)), downs


def test_rule_10_04_a_plane_bound_for_the_airport_never_plans_through_the_level_2_zone(
        ) -> None:
    """RT001: a plane bound to land, at 1210 heading for the level-2 hand-off zone at level
    3, has no legal way left (its only way round comes down to level 2 in the zone, which
    10.04 keeps for the level-2 exit's planes); one bound for the level-2 exit has."""
    mv = _movement()
    state: State = (hg.offset_to_axial(11, 9, "odd-q"), 5, 3, False)  # 1210 on the map
    assert mv.moves_to(_exits()[1]).get(state) is None
    assert mv.moves_to(_exits()[2]).get(state) is not None
