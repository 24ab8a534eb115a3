"""Write content/rushing-tin/maps/sector-map.yaml from a placement found by search_rt_map.py.

Usage:
  python tools/write_rt_map.py '{"air": [[q, r], "s"], "pts": {"2": [[q, r], "s"], ...}}' > F
"""

import json
import sys

from pnpcompiler.core import hexgrid as hg

d = json.loads(sys.argv[1])
W, H = 6, 7
C, R = 3 * W, 2 * H
PER = 2 * C + 2 * R
NUM = {2: "02", 3: "24", 4: "09", 5: "15", 6: "21"}


def off(h):
    return hg.axial_to_offset(tuple(h), "odd-q")


def ax(c, r):
    return list(hg.offset_to_axial(c, r, "odd-q"))


def perim(c, r, name):
    if r == 0 and name == "n":
        return c
    if c == C - 1 and name in ("ne", "se"):
        return C + r
    if r == R - 1 and name == "s":
        return C + R + (C - 1 - c)
    return 2 * C + R + (R - 1 - r)


def at(t):
    """edge slot at perimeter parameter t -> (col, row, direction)"""
    t %= PER
    if t < C:
        return (t, 0, "n")
    if t < C + R:
        return (C - 1, t - C, "ne" if t - C < R // 2 else "se")
    if t < 2 * C + R:
        return (C - 1 - (t - C - R), R - 1, "s")
    r = R - 1 - (t - 2 * C - R)
    return (0, r, "nw" if r < R // 2 else "sw")


fixed = {}
for L, (h, name) in d["pts"].items():
    c, r = off(h)
    fixed[NUM[int(L)]] = (perim(c, r, name), (c, r, name))
# numbering direction: clockwise if the fixed numbers appear in increasing order clockwise
order = sorted(fixed, key=int)


def ok(sign):
    t = [sign * fixed[n][0] % PER for n in order]
    return sum((t[(k + 1) % 5] - t[k]) % PER for k in range(5)) == PER


sign = 1 if ok(1) else -1
assert ok(sign)
slots = {n: v[1] for n, v in fixed.items()}
nums = [f"{i:02d}" for i in range(1, 25)]
for k, n in enumerate(order):
    nxt = order[(k + 1) % 5]
    t0 = sign * fixed[n][0] % PER
    t1 = sign * fixed[nxt][0] % PER
    gap = (t1 - t0) % PER
    between = [nums[(int(n) + j) % 24 - 1] for j in range(1, (int(nxt) - int(n)) % 24)]
    for j, m in enumerate(between):
        t = t0 + round(gap * (j + 1) / (len(between) + 1))
        used = {(c2, r2) for c2, r2, _ in slots.values()}
        corners = {(0, 0), (C - 1, 0), (0, R - 1), (C - 1, R - 1)}
        for dt in (0, 1, -1, 2, -2, 3, -3):
            c, r, name = at(sign * (t + dt))
            if (c, r) not in corners and (c, r) not in used:
                break
        slots[m] = (c, r, name)
assert len(slots) == 24 and len({(c, r) for c, r, _ in slots.values()}) == 24, slots
ac, ar = off(d["air"][0])
adir = d["air"][1]
blocks = {}
for L, (h, _name) in d["pts"].items():
    c, r = off(h)
    blocks[(c // W, r // H)] = f"{NUM[int(L)]} (level {L})"
blocks[(ac // W, ar // H)] = "the airport (level 1)"
out = []
w = out.append
w("# yaml-language-server: $schema=../../../schemas/rushing-tin/sector-map.schema.json")
w("# The Sector Map (GAME PIECE GUIDE: 01x Sector Map; SECTOR MAP A-H).")
w("#")
w("# The rulebook shows the map only in pictures, so its geometry is designer-chosen: a")
w(f"# flat-topped hex grid of {C} x {R} hexes (odd columns shifted down half a hex), cut into six")
w(f"# congruent {W} x {H} sections (A B C on top, D E F below) so that RADAR FAILURE can move a")
w("# plane to the same hex of another section. Each section holds one of RT001's entry/exit")
w("# points, so a d6 roll picks the section whose level matches (RANDOM EVENTS, WEATHER SYSTEMS):")
ids = "ABCDEF"
for j in range(2):
    w("#   " + "  ".join(f"{ids[j * 3 + i]}: {blocks[(i, j)]}" for i in range(3)))
w("# The 24 entry/exit positions are numbered in order round the edge. RT001's five points and")
w("# the airport were placed by a search over the grid: every route of the RT001 Sector Log can")
w("# be flown within its schedule under the movement rules, and as few as possible need a")
w("# perfect flight (`pnp validate` warns of those; `pnp export rushing-tin` lists the fewest")
w("# turns and the slack of every route). Hexes are in axial coordinates [q, r].")
w("kind: sector-map")
w("component: sector-map")
w("name: Sector Map")
w("source: designer")
w("orientation: flat")
w("hex_size: 22mm            # flat-to-flat; a 16 mm plane cube sits inside a hex")
w(f"grid: {{layout: odd-q, columns: {C}, rows: {R}}}")
w("hand_off_route_length: 3  # hexes; three give the 9-hex Level 2 Hand-off Zone of 10.04")
w('time_track: {turns: 31, start: "8:00"}   # THE END OF THE SHIFT: 31 turns from 8:00')
w(
    f"airport: {{hex: {list(d['air'][0])}, direction: {adir}, approach_length: 3}}"
    f"   # take-off heads {adir}"
)
w("sections:")
for k, (i, j) in enumerate([(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]):
    w(
        f"  - id: {ids[k]}          # columns {i * W}-{(i + 1) * W - 1}, "
        f"rows {j * H}-{(j + 1) * H - 1}: {blocks[(i, j)]}"
    )
    w("    hexes: [")
    cols = list(range(i * W, (i + 1) * W))
    for q, c in enumerate(cols):
        row = ", ".join(str(ax(c, r)) for r in range(j * H, (j + 1) * H))
        w(f"      {row}" + ("," if q < len(cols) - 1 else ""))
    w("    ]")
w("points:")
for n in nums:
    c, r, name = slots[n]
    note = "   # RT001" if n in fixed else ""
    w(f'  - {{number: "{n}", hex: {ax(c, r)}, direction: {name}}}{note}')
print("\n".join(out))
