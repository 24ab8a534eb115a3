"""Play a whole Rushing Tin shift with simple controllers and write it as a shift record.

The controllers fly every plane towards its exit by the fewest moves, avoiding incidents when
they can, and take every hand-off they may. They play through the referee's engine
(``ShiftEngine``): each phase of a turn is an action applied to the shift, and each move is
chosen among the engine's legal actions by trying it on a fork of the shift. Dice come from a
die seeded with ``--seed`` and are written into the record, whose ``seed`` lets the referee
check them; card draws and counter placements use a second, separately seeded generator.
Trying moves on forks keeps the record legal by the rules as the referee applies them; the
finished record is refereed again before it is written.

    python tools/play_rt_shift.py --atcs 2 --seed 7 -o examples/rushing-tin/shift-2atc.yaml
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import yaml

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.rushing_tin.movement import Goal
from pnpcompiler.games.rushing_tin.referee import events as ev
from pnpcompiler.games.rushing_tin.referee import money
from pnpcompiler.games.rushing_tin.referee.context import Context, plane_goal
from pnpcompiler.games.rushing_tin.referee.engine import (
    AcceptHandOff,
    Draws,
    EndMoves,
    EndTurn,
    Payments,
    PlaneMove,
    PoolAdditions,
    ShiftEngine,
    StartMoves,
    TurnEvent,
    WeatherGrowth,
)
from pnpcompiler.games.rushing_tin.referee.log import Accept, Move, ShiftLog, Turn
from pnpcompiler.games.rushing_tin.referee.state import Plane
from pnpcompiler.games.rushing_tin.referee.turns import build_context
from pnpcompiler.games.rushing_tin.routes import hhmm
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
NAMES = ["PR", "JD", "MK", "SL"]


class Player:
    """Plays a shift and writes down everything as it happens."""

    def __init__(self, atcs: int, seed: int) -> None:
        game, _ = load_game(ROOT / "content", "rushing-tin")
        assert game is not None
        self.engine = ShiftEngine(game)
        # The sector's cards are dealt before the shift is set up; the engine's state
        # replaces this context once the setup is known.
        self.ctx: Context = build_context(game, "RT001")
        self.die = random.Random(seed)
        self.deck = random.Random(seed + 1000)
        self.seed = seed
        self.atcs = NAMES[:atcs]
        self.record: dict[str, Any] = {
            "game": "rushing-tin", "record": "shift", "sector": "RT001", "seed": seed,
            "atcs": [{"id": a} for a in self.atcs], "lead": None}
        self.distances: dict[tuple[Any, Goal], int] = {}

    def roll(self) -> int:
        return self.die.randint(1, 6)

    # -- setup -------------------------------------------------------------------------------

    def setup(self) -> None:
        rolls = self.roll_off()  # 1.06: the highest roll leads, ties re-roll
        lead = money.roll_off(rolls)[0]
        assert lead is not None
        self.record["lead"] = lead
        # Seating starts at the lead in this record, so "to the left" is simply list order.
        self.atcs = self.atcs[self.atcs.index(lead):] + self.atcs[:self.atcs.index(lead)]
        self.record["atcs"] = [{"id": a} for a in self.atcs]

        flights = self.flights()
        pending = {a: [flights.pop() for _ in range(3)] for a in self.atcs}
        setup: dict[str, Any] = {"lead_rolls": rolls, "pending": pending, "accept": []}
        self.record["setup"] = setup
        log = ShiftLog.model_validate({**self.record, "setup": {**setup, "accept": []}})
        self.ctx = self.engine.initial(log)
        self.ctx.findings.clear()
        setup["accept"] = self.accept_all()

    def entry_conflicts(self, flight: str) -> int:
        """Return how many planes sit in the way of a card's entry move, or near its entry."""
        from pnpcompiler.core.hexgrid import distance, neighbor, turn

        ctx = self.ctx
        entry = int(flight[2])
        point = ctx.geo.points_in_play().get(entry)
        if point is None:
            return 99
        waiting = sum(1 for p in ctx.state.planes.values()
                      if p.where in ("waiting", "ground") and p.entry == entry)
        if point.name == "airport":
            return waiting
        h, out = point.hex, 0
        for _ in range(entry + 1):
            out += sum(1 for p in ctx.state.on_map() if p.hex is not None
                       and distance(p.hex, h) <= 1 and abs(p.level - entry) <= 1)
            h = neighbor(h, turn(point.outward, 3))
        return out * 10 + waiting

    def flights(self) -> list[str]:
        """Return the unused hand-off cards of the sector, shuffled."""
        rows = [r.flight for r in self.ctx.geo.sector.rows()  # type: ignore[union-attr]
                if not r.flight.startswith("CJ") and r.flight not in self.ctx.state.used_flights]
        self.deck.shuffle(rows)
        return rows

    def accept_all(self) -> list[dict[str, Any]]:
        """Accept hand-offs round the table while planes and pending cards last."""
        state, ctx = self.ctx.state, self.ctx
        limit, _ = ctx.tables.shift_limit(len(self.atcs))
        out: list[dict[str, Any]] = []
        progress = True
        while state.pool and progress:
            progress = False
            for atc_id in self.atcs:
                atc = state.controllers[atc_id]
                load = {a: len(state.accepted_by(a)) for a in self.atcs}
                full = all(n >= limit for n in load.values())
                if not state.pool or atc.fired or (load[atc_id] >= limit and not full):
                    continue
                cards = [f for f in atc.pending if f[:2] not in atc.black_listed]
                if not cards:
                    continue
                flight, plane = min(cards, key=self.entry_conflicts), min(state.pool)
                entry = {"atc": atc_id, "flight": flight, "plane": plane}
                self.engine.apply(ctx, AcceptHandOff(Accept.model_validate(entry)))
                out.append(entry)
                progress = True
        return out

    # -- one turn ----------------------------------------------------------------------------

    def turn(self, n: int) -> dict[str, Any]:
        """Play one turn through the engine's phases, writing the record as it goes."""
        engine, ctx = self.engine, self.ctx
        record: dict[str, Any] = {"turn": n, "time": hhmm(ctx.tables.time_of(n))}
        roll = self.roll()
        record["roll"] = roll

        def part(**fields: Any) -> Turn:
            return Turn.model_validate({"turn": n, "roll": roll, **fields})

        event = self.event(roll)
        if event is not None:
            record["event"] = event
        engine.apply(ctx, TurnEvent(part(event=event)))
        grow = self.growth(roll, ctx.active_systems)
        if grow:
            record["growth"] = grow
        engine.apply(ctx, WeatherGrowth(part(growth=grow)))
        engine.apply(ctx, StartMoves(part()))
        record["moves"] = self.moves()
        engine.apply(ctx, EndMoves(part()))
        draws = self.draws()
        if draws:
            record["draw"] = draws
        engine.apply(ctx, Draws(part(draw=draws)))
        pool = self.pool_additions(n)
        if pool:
            record["pool"] = pool
        engine.apply(ctx, PoolAdditions(part(pool=pool)))
        accepted = self.accept_all()
        if accepted:
            record["accept"] = accepted
        engine.apply(ctx, Payments(part()))
        engine.apply(ctx, EndTurn(part()))
        return record

    def event(self, roll: int) -> dict[str, Any] | None:
        ctx = self.ctx
        dice = ctx.tables.rules.dice
        if roll in dice.random_event:
            cards = [c for c in ctx.tables.random_events.values()
                     if c.id not in ctx.state.events]
            card = self.deck.choice(sorted(cards, key=lambda c: c.id))
            out: dict[str, Any] = {"card": card.id}
            if card.event in ("celebrity-alert", "appraisal"):
                out["rolls"] = self.roll_off()
                out["atc"] = money.roll_off(out["rolls"])[0]
                if card.event == "celebrity-alert":
                    used = {p.id for p in ctx.state.planes.values()}
                    out["celebrity_plane"] = max([12, *used]) + 1
                return out
            if card.event == "go-around":
                plane = ev.approaching(ctx)
                if plane is not None:
                    out["plane"] = plane.id
                return out
            out["section"] = self.roll()
            section = ev.section_for(ctx, out["section"])
            plane = ev.affected_plane(ctx, section) if section else None
            if plane is not None:
                out["plane"] = plane.id
            if card.event == "radar-failure":
                out["new_section"] = self.roll()
            return out
        if roll in dice.weather_event:
            wcards = [c for c in ctx.tables.weather_events.values()
                      if c.id not in ctx.state.events]
            wcard = self.deck.choice(sorted(wcards, key=lambda c: c.id))
            if wcard.weather == "strong-winds":
                return {"card": wcard.id, "wind": self.roll()}
            section_roll = self.roll()
            section = ev.section_for(ctx, section_roll)
            count = min(ctx.tables.rules.weather.counters_per_system,
                        ev.counters_available(ctx, wcard.level))
            return {"card": wcard.id, "section": section_roll,
                    "counters": self.counters(section or "", count, wcard.weather, [])}
        return None

    def roll_off(self) -> dict[str, list[int]]:
        rolls: dict[str, list[int]] = {a: [] for a in self.atcs}
        contenders = list(self.atcs)
        while True:
            for a in contenders:
                rolls[a].append(self.roll())
            best = max(rolls[a][-1] for a in contenders)
            contenders = [a for a in contenders if rolls[a][-1] == best]
            if len(contenders) == 1:
                return rolls

    def counters(self, section: str, count: int, kind: str, existing: list[Any],
                 system: Any = None) -> list[str]:
        """Choose hexes for weather counters: in the section, each next to the last ones,
        never next to another system of the same kind."""
        ctx = self.ctx
        hexes = set(ev.section_hexes(ctx, section))
        others = [c for s in ctx.state.weather if s.kind == kind and s is not system
                  for c in s.counters]
        placed = list(existing)
        out: list[str] = []
        from pnpcompiler.core.hexgrid import distance, neighbors

        def ok(h: Any) -> bool:
            return (h in hexes and h not in placed
                    and not any(distance(h, c) <= 1 for c in others))

        for _ in range(count):
            if placed:
                options = sorted({n for c in placed for n in neighbors(c) if ok(n)})
            else:
                options = sorted(h for h in hexes if ok(h))
            if not options:
                break
            h = self.deck.choice(options)
            placed.append(h)
            out.append(ctx.names.name(h))
        return out

    def growth(self, roll: int, active: list[Any]) -> list[dict[str, Any]]:
        """Grow or shrink each system as the referee will, in order, each change seen by the
        next system's (a 6 flips each system as its turn comes)."""
        out = []
        weather = self.ctx.state.weather
        saved = [(w, w.kind, list(w.counters)) for w in weather]
        try:
            for n, system in enumerate(active, start=1):
                if system not in weather:
                    continue
                if roll in self.ctx.tables.rules.dice.weather_flip:
                    system.kind = "turbulence" if system.kind == "storm" else "storm"
                if roll % 2 == 0:
                    added = self.counters(system.section, 1, system.kind,
                                          list(system.counters), system)
                    if added and ev.counters_available(self.ctx, system.level):
                        out.append({"system": n, "add": added[0]})
                        system.counters.append(self.ctx.names.hex(added[0]))
                elif system.counters:
                    gone = self.deck.choice(sorted(system.counters))
                    out.append({"system": n, "remove": self.ctx.names.name(gone)})
                    system.counters.remove(gone)
        finally:
            for w, kind, counters in saved:
                w.kind, w.counters = kind, counters
        return out

    def draws(self) -> list[dict[str, Any]]:
        out = []
        flights = self.flights()
        # 1.61 is optional: these controllers take a new hand-off only when they have few
        # planes in the air, which keeps the sector from crowding.
        wanted = 4 if len(self.atcs) == 1 else 2
        for atc_id in self.atcs:
            atc = self.ctx.state.controllers[atc_id]
            busy = len(self.ctx.state.accepted_by(atc_id))
            if len(atc.pending) < 3 and flights and not atc.fired and busy < wanted:
                out.append({"atc": atc_id, "flight": flights.pop()})
        return out

    def pool_additions(self, n: int) -> list[int]:
        ctx = self.ctx
        sector = ctx.geo.sector
        assert sector is not None
        from pnpcompiler.games.rushing_tin.routes import minutes

        every = minutes(sector.frequency.every) or 0
        since = ctx.tables.time_of(n + 1) - ctx.tables.start
        if every and since > 0 and since % every == 0 and n < ctx.tables.rules.shift.turns:
            spare = sorted(ctx.state.out_of_play)[:sector.frequency.planes]
            return spare
        return []

    # -- moves -------------------------------------------------------------------------------

    def moves(self) -> list[dict[str, Any]]:
        """Move every plane in the engine's order (3.01), each by the best legal move."""
        out = []
        while True:
            planes = self.engine.to_move(self.ctx)
            if not planes:
                return out
            out.append(self.choose(planes[0]))

    def candidates(self, plane: Plane) -> list[dict[str, Any]]:
        """Return the moves the engine offers the plane, as the record writes them."""
        return [as_written(a.move) for a in self.engine.legal_actions(self.ctx)
                if a.move.plane == plane.id]

    def trial(self, plane: Plane, cand: dict[str, Any]) -> tuple[Context, Plane]:
        """Return a fork of the shift with the move tried on it, and the plane there."""
        ctx = self.engine.fork(self.ctx)
        twin = ctx.state.planes[plane.id]
        self.engine.apply(ctx, PlaneMove(Move.model_validate(cand)))
        return ctx, twin

    def score(self, plane: Plane, cand: dict[str, Any]) -> tuple[Any, ...]:
        before_f, before_i = len(self.ctx.findings), len(self.ctx.incidents)
        ctx, twin = self.trial(plane, cand)
        # What the player writes down after choosing (near misses, lightning, deals) is no
        # error of the choice.
        errors = [f for f in ctx.findings[before_f:] if f.severity.value == "error"
                  and f.code not in ("near-miss.unrecorded", "weather.lightning",
                                     "deal.unrecorded")]
        new = ctx.incidents[before_i:]
        major = sum(1 for i in new if i["kind"] == "major deal")
        minor = sum(1 for i in new if i["kind"] == "minor deal")
        done = [i for i in new if i["kind"] == "hand-off"]
        quality = {"perfect": 0, "imperfect": 1, "overshoot": 2, "emergency": 0}
        if done:
            return (len(errors), major, minor, quality.get(done[0]["quality"], 9), 0, 0,
                    "hold" in cand)
        if "hold" in cand:  # waiting on the ground: only when taking off is worse
            return (len(errors), major, minor, 3, 60, 60, True)
        if twin.where == "gone" or twin.hex is None:  # landed for a first leg, or crashed
            return (len(errors), major, minor, 0 if twin.where == "ground" else 9, 0, 0,
                    "hold" in cand)
        distance = self.distance(ctx, twin)
        trapped = distance >= 99  # no legal way left to its exit: it will leave by another
        # Taking off with no legal way on (too low to reach the route's end at level 3, 5.02)
        # makes the next move illegal: as bad as an error now.
        late = int(trapped and twin.taking_off)
        return (len(errors) + late, major, minor, 8 if trapped else 3,
                distance + 2 * self.risk(ctx, twin), distance, "hold" in cand)

    def risk(self, ctx: Context, plane: Plane) -> int:
        """Return how crowded the plane's spot is: planes near it at about its level, and
        other points' entry routes it sits on."""
        from pnpcompiler.core.hexgrid import distance

        assert plane.hex is not None
        crowd = sum(1 for p in ctx.state.on_map() if p.id != plane.id and p.hex is not None
                    and distance(p.hex, plane.hex) <= 2 and abs(p.level - plane.level) <= 1)
        mine = self.ahead(ctx, plane)
        for other in ctx.state.on_map():
            if other.id == plane.id or other.hex is None:
                continue
            # Where the other plane is now and where it goes if it flies straight on: my
            # next move should pass neither (a near miss is decided by the path taken).
            spots = [(other.hex, other.level), *self.ahead(ctx, other)]
            for h, lv in spots:
                for g, mlv in mine:
                    if (g == h and abs(lv - mlv) <= 1) or (distance(g, h) == 1 and lv == mlv):
                        crowd += 2
        routes = 0
        for level, point in ctx.geo.points_in_play().items():
            if point.name == "airport" or level == plane.exit_level:
                continue
            if plane.hex in ctx.geo.hand_off_route(point):
                routes += 1
        return crowd + routes

    @staticmethod
    def ahead(ctx: Context, plane: Plane) -> list[tuple[Any, int]]:
        """Return the hexes a plane would fly through next turn going straight on."""
        if plane.hex is None:
            return []
        path = ctx.movement.path((plane.hex, plane.facing, plane.level, plane.taking_off))
        return [(h, plane.level) for h in path]

    def distance(self, ctx: Context, plane: Plane) -> int:
        goal = plane_goal(ctx.geo, plane)
        if goal is None:
            return 99
        state = (plane.hex, plane.facing, plane.level, plane.taking_off)
        key = (state, goal)
        if key not in self.distances:
            found = ctx.movement.fewest_moves(state, goal, limit=30)  # type: ignore[arg-type]
            self.distances[key] = 99 if found is None else found
        return self.distances[key]

    def choose(self, plane: Plane) -> dict[str, Any]:
        options = self.candidates(plane)
        best = min(options, key=lambda c: self.score(plane, c))
        move = dict(best)
        if plane.fault in ("cannot-climb", "cannot-descend", "stuck"):
            move = {"plane": plane.id, "repair": self.roll(),
                    **{k: v for k, v in best.items() if k != "plane"}}
        # Near misses the move causes, and lightning: dice in the order they happen.
        for _ in range(6):
            ctx, _twin = self.trial(plane, move)
            missing = [f for f in self.new(ctx) if f.code == "near-miss.unrecorded"]
            if not missing:
                break
            other = int(missing[0].message.split("with plane ")[1].split()[0])
            kind = "vertical" if "vertical" in missing[0].message else "horizontal"
            record = {"with": other, "kind": kind, "panic": self.roll()}
            if record["panic"] in self.ctx.tables.rules.dice.panic:
                record["evasive"] = self.evasive(plane, move, record, kind)
            move.setdefault("near_misses", []).append(record)
            ctx, _twin = self.trial(plane, move)
            if any(f.code == "move.restricted" for f in self.new(ctx)):
                # Evasive action mid-move leaves no turn or level change (6.10, 7.11).
                move.pop("turn", None)
                move.pop("level", None)
        ctx, twin = self.trial(plane, move)
        lightning = [f for f in self.new(ctx) if f.code == "weather.lightning"]
        if lightning:
            count = int(lightning[0].message.split("passed ")[1].split()[0])
            move["lightning"] = [self.roll() for _ in range(count)]
        if twin.where == "gone" and twin.fault in ("engine-1", "engine-2"):
            air = self.ctx.movement.air
            if twin.hex not in (air.airport, *air.approach):
                move["emergency_roll"] = self.roll()
        ctx, twin = self.trial(plane, move)
        happened = ctx.incidents[len(self.ctx.incidents):]
        paid = [i["paid"] for i in happened if i["kind"] == "hand-off"]
        if paid:
            move["paid"] = paid[0]  # what the Lead Controller paid (1.41)
        deals = [i["kind"].split()[0] for i in happened if i["kind"] in ("minor deal",
                                                                      "major deal")]
        if deals:
            move["deals"] = deals
        self.engine.apply(self.ctx, PlaneMove(Move.model_validate(move)))
        return move

    def new(self, ctx: Context) -> list[Any]:
        """Return the findings a trial added."""
        return ctx.findings[len(self.ctx.findings):]

    def evasive(self, plane: Plane, move: dict[str, Any], record: dict[str, Any],
                kind: str) -> dict[str, Any]:
        if kind == "vertical":
            for level in ("down", "up"):
                trial = {**move, "near_misses": [*move.get("near_misses", []),
                                                  {**record, "evasive": {"level": level}}]}
                ctx, _ = self.trial(plane, trial)
                if not any(f.code == "near-miss.evasive" for f in self.new(ctx)):
                    return {"level": level}
        for side in ("left", "right"):
            trial = {**move, "near_misses": [*move.get("near_misses", []),
                                              {**record, "evasive": {"turn": side}}]}
            ctx, _ = self.trial(plane, trial)
            if not any(f.code in ("near-miss.away", "near-miss.evasive")
                       for f in self.new(ctx)):
                return {"turn": side}
        return {"turn": "left"}

    # -- all of it ---------------------------------------------------------------------------

    def play(self, turns: int) -> dict[str, Any]:
        self.setup()
        self.record["turns"] = [self.turn(n) for n in range(1, turns + 1)]
        state = self.ctx.state
        self.record["end"] = {"cash": {a: state.controllers[a].cash for a in self.atcs},
                              "winner": money.winner(state)}
        if self.record["end"]["winner"] is None:
            del self.record["end"]["winner"]
        return self.record


def as_written(move: Move) -> dict[str, Any]:
    """Return an offered move as the record writes it: plane, entry change, turn, level."""
    out: dict[str, Any] = {"plane": move.plane}
    if move.enter is not None and move.enter.level is not None:
        out["enter"] = {"level": move.enter.level}
    if move.hold:
        out["hold"] = True
    if move.turn is not None:
        out["turn"] = move.turn
    if move.level is not None:
        out["level"] = move.level
    return out


class RecordDumper(yaml.SafeDumper):
    """Quote hex names and times, which YAML would otherwise read as numbers."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    quoted = value[:1].isdigit()
    return dumper.represent_scalar("tag:yaml.org,2002:str", value,
                                   style='"' if quoted else None)


RecordDumper.add_representer(str, _str)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atcs", type=int, default=1, choices=[1, 2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=31)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    record = Player(args.atcs, args.seed).play(args.turns)
    header = (schema_comment(args.output, SCHEMAS, "shift-record", "rushing-tin") + "\n"
              f"# A whole shift of Rushing Tin, RT001, {args.atcs} ATC(s), played by\n"
              f"# tools/play_rt_shift.py --atcs {args.atcs} --seed {args.seed}. See "
              "docs/referee.md for the format.\n")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(header + yaml.dump(record, Dumper=RecordDumper, sort_keys=False,
                                              width=100, default_flow_style=None),
                           encoding="utf-8")
    report = referee_file(args.output, ROOT / "content")
    for finding in report.findings:
        print(finding.code, finding.extra.get("rule"), finding.message, file=sys.stderr)
    deals = sum(1 for i in report.incidents if "deal" in i["kind"])
    hand_offs = [i for i in report.incidents if i["kind"] == "hand-off"]
    print(f"{args.output}: {len(report.findings)} findings, {len(hand_offs)} hand-offs, "
          f"{deals} deals, winner {report.winner}, scores "
          f"{ {a: s['cash'] for a, s in report.scores.items()} }")
    return 0 if report.legal else 1


if __name__ == "__main__":
    sys.exit(main())
