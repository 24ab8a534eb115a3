"""Search placements of the RT001 airport and entry points on the Rushing Tin sector map.

Usage: python tools/search_rt_map.py SEED AIRPORTS COLUMNS_PER_SECTION ROWS_PER_SECTION
(e.g. `1 80 6 7`). For AIRPORTS random airport placements it tries every placement of the
five RT001 points, one per section and in an order that lets the 24 positions be numbered
round the edge, keeps those where every route of the Sector Log is flyable within its
schedule, and prints per airport the best ones: (-tight routes, -total slack, points).
Feed a result to tools/write_rt_map.py to write content/rushing-tin/maps/sector-map.yaml.
"""

import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from pnpcompiler.content.project import load_game
from pnpcompiler.core import hexgrid as hg
from pnpcompiler.games.rushing_tin.model import Sector
from pnpcompiler.games.rushing_tin.movement import (
    Airspace,
    Movement,
    control_zone,
    level2_zone,
    route_hexes,
)
from pnpcompiler.games.rushing_tin.routes import minutes, parse_route

W, H = int(sys.argv[3]), int(sys.argv[4])
C, R = 3 * W, 2 * H
HEXES = frozenset(hg.rectangle(C, R, "odd-q"))


def ax(c, r):
    return hg.offset_to_axial(c, r, "odd-q")


def block(h):
    c, r = hg.axial_to_offset(h, "odd-q")
    return (c // W, r // H)


def D(n):
    return hg.direction_index("flat", n)
# edge candidates: (hex, outward)
EDGE = []
for c in range(C):
    EDGE.append((ax(c, 0), D("n")))
    EDGE.append((ax(c, R - 1), D("s")))
for r in range(1, R - 1):
    for n in ("nw", "sw"):
        EDGE.append((ax(0, r), D(n)))
    for n in ("ne", "se"):
        EDGE.append((ax(C - 1, r), D(n)))
EDGE = [
    e
    for e in EDGE
    if hg.neighbor(*e) not in HEXES and all(h in HEXES for h in route_hexes(e[0], e[1], 3))
]

game, _ = load_game(Path(__file__).resolve().parent.parent / "content", "rushing-tin")
sector = game.of_type(Sector)[0]
SCHED = {}
for row in sector.rows():
    rt = parse_route(row.flight)
    SCHED[row.flight] = (rt, minutes(row.schedule) // 15)


def airspace(air, l2=frozenset()):
    h, d = air
    approach = route_hexes(h, hg.turn(d, 3), 4)[1:]
    cz = control_zone(h, approach, HEXES)
    return Airspace(
        hexes=HEXES,
        airport=h,
        takeoff_direction=d,
        approach=approach,
        control_zone=cz,
        level2_allowed=l2,
    )


def bfs(mv, start, limit=40):
    """earliest[(end, facing, level)] over legal moves; landing move count."""
    earliest = {}
    land = None
    seen = {start}
    frontier = [start]
    n = 0
    while frontier and n < limit:
        n += 1
        nxt = []
        for st in frontier:
            path = mv.path(st)
            if not mv.path_is_legal(st, path):
                continue
            _h, f, lv, to = st
            if not to:
                key = (path[-1], f, lv)
                if key not in earliest:
                    earliest[key] = n
                if (
                    land is None
                    and path[-1] == mv.air.airport
                    and f == mv.air.landing_direction
                    and mv.along_line(path, f)
                    and lv in (1, 2)
                ):
                    land = n
            for s2 in mv.after_move(st, path[-1]):
                if s2 not in seen:
                    seen.add(s2)
                    nxt.append(s2)
        frontier = nxt
    return earliest, land


def reach(earliest, goal_hex, goal_out, level):
    best = None
    for df in (-1, 0, 1):
        for dl in (-1, 0, 1):
            v = earliest.get((goal_hex, hg.turn(goal_out, df), level + dl))
            if v is not None and (best is None or v < best):
                best = v
    return best


def takeoff_ok(air):
    a = airspace(air)
    if len(a.control_zone) != 12 or any(h not in HEXES for h in a.approach):
        return False
    mv = Movement(a)
    s = mv.takeoff_state()
    for _i in range(4):
        p = mv.path(s)
        if not mv.path_is_legal(s, p):
            return False
        nx = list(mv.after_move(s, p[-1]))
        if not nx:
            return False
        s = nx[-1]
    return True


def tables(air):
    """For one airport: T[(start_edge_index, level)] -> earliest dict; plus takeoff."""
    a = airspace(air)
    mv = Movement(a)
    T = {}
    for i, (h, o) in enumerate(EDGE):
        for L in (3, 4, 5, 6):
            T[(i, L)] = bfs(mv, mv.entry_state(h, o, L))
    T["takeoff"] = bfs(mv, mv.takeoff_state())
    # level-2 starts, each with its own zone
    for i, (h, o) in enumerate(EDGE):
        route = route_hexes(h, o, 3)
        z = level2_zone(route, HEXES)
        if len(z) != 9:
            continue
        mv2 = Movement(airspace(air, frozenset(z | set(route))))
        T[(i, 2)] = bfs(mv2, mv2.entry_state(h, o, 2))
    return T


def fewest(T, air, a_lv, a_pt, b_lv, b_pt):
    """fewest moves from level a at point a_pt to level b at b_pt (level 1 = airport)."""
    src = T["takeoff"] if a_lv == 1 else T.get((a_pt, a_lv))
    if src is None:
        return None
    earliest, land = src
    if b_lv == 1:
        return land
    h, o = EDGE[b_pt]
    return reach(earliest, h, o, b_lv)


def perim(e):
    h, o = e
    c, r = hg.axial_to_offset(h, "odd-q")
    name = hg.direction_name("flat", o)
    if r == 0 and name == "n":
        return c
    if c == C - 1 and name in ("ne", "se"):
        return C + r
    if r == R - 1 and name == "s":
        return C + R + (C - 1 - c)
    return 2 * C + R + (R - 1 - r)


PER = 2 * C + 2 * R
# numbers between consecutive RT001 points going round: 02 .. 09 .. 15 .. 21 .. 24 .. 02
ORDER = [2, 4, 5, 6, 3]
NEED = [int((b + 1) * 1.5) for b in (6, 5, 5, 2, 1)]


def numbering_ok(assign):
    for sign in (1, -1):
        t = [sign * perim(EDGE[assign[L]]) % PER for L in ORDER]
        gaps = [(t[(k + 1) % 5] - t[k]) % PER for k in range(5)]
        if sum(gaps) == PER and all(g >= n for g, n in zip(gaps, NEED, strict=False)):
            return True
    return False


def solve(air):
    t0 = time.time()
    T = tables(air)
    ablock = block(air[0])
    sols = []
    levels = [2, 3, 4, 5, 6]
    cands = {
        L: [i for i in range(len(EDGE)) if (i, L) in T and block(EDGE[i][0]) != ablock]
        for L in levels
    }

    def routes_ok(assign):
        # check every route whose levels are all assigned; return (ok, slacks)
        sl = []
        for _code, (rt, sched) in SCHED.items():
            lv = {rt.entry, rt.exit} | ({1} if rt.multi else set())
            if not all(x == 1 or x in assign for x in lv):
                continue
            if rt.multi:
                x = fewest(T, air, rt.entry, assign.get(rt.entry), 1, None)
                y = fewest(T, air, 1, None, rt.exit, assign.get(rt.exit))
                f = None if x is None or y is None else x + y
            else:
                f = fewest(T, air, rt.entry, assign.get(rt.entry), rt.exit, assign.get(rt.exit))
            if f is None or sched - f < 0:
                return None
            sl.append(sched - f)
        return sl

    def rec(k, assign, blocks):
        if k == len(levels):
            sl = routes_ok(assign)
            if sl is not None and numbering_ok(assign):
                sols.append((-sum(1 for x in sl if x < 1), -sum(sl), dict(assign)))
            return
        L = levels[k]
        for i in cands[L]:
            b = block(EDGE[i][0])
            if b in blocks:
                continue
            assign[L] = i
            if routes_ok(assign) is not None:
                rec(k + 1, assign, blocks | {b})
            del assign[L]

    rec(0, {}, {ablock})
    sols.sort(key=lambda s: (s[0], s[1]), reverse=True)
    return (
        air,
        len(sols),
        [
            (
                a,
                b,
                {
                    L: (list(EDGE[i][0]), hg.direction_name("flat", EDGE[i][1]))
                    for L, i in d.items()
                },
            )
            for a, b, d in sols[:5]
        ],
        round(time.time() - t0),
    )


if __name__ == "__main__":
    airs = [(h, d) for h in sorted(HEXES) for d in range(6)]
    airs = [a for a in airs if takeoff_ok(a)]
    random.Random(int(sys.argv[1])).shuffle(airs)
    airs = airs[: int(sys.argv[2])]
    print(len(EDGE), "edge candidates;", len(airs), "airports", flush=True)
    with Pool(2) as pool:
        for air, n, top, secs in pool.imap_unordered(solve, airs):
            print(
                json.dumps(
                    {
                        "air": [list(air[0]), hg.direction_name("flat", air[1])],
                        "n": n,
                        "top": top,
                        "s": secs,
                    }
                ),
                flush=True,
            )
