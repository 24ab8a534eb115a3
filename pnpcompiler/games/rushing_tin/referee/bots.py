"""Air traffic controllers that play a whole Rushing Tin shift through the referee's engine and
write it down as a shift record.

The controllers fly every plane towards its exit by the fewest moves, avoiding incidents when
they can, and take the hand-offs their style asks for. They play through the engine
(:class:`~.engine.ShiftEngine`): each phase of a turn is an action applied to the shift, and
each move is chosen among the engine's legal actions by trying it on a fork of the shift. Dice
come from a die seeded with the shift's seed and are written into the record, whose ``seed``
lets the referee check them; card draws and counter placements use a second, separately
seeded generator. Trying moves on forks keeps the record legal by the rules as the referee
applies them.

A sloppy controller (:class:`~pnpcompiler.referee.simulation.Slips`) sometimes breaks a rule
on purpose at a plane's move or a payment (:data:`MISTAKES`); the engine applies the move as
written and rules on it, as the referee will when it replays the record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ....core import hexgrid
from ....core.hexgrid import Hex, distance, neighbor
from ....referee.simulation import Slips
from ....referee.writing import dump_record, record_dumper
from ..routes import hhmm, minutes
from . import events as ev
from . import money
from .choice import REPAIRABLE, Choice, as_written
from .context import Context
from .engine import (
    AcceptHandOff,
    Draws,
    EndMoves,
    EndShift,
    EndTurn,
    Payments,
    PlaneMove,
    PoolAdditions,
    StartMoves,
    TurnEvent,
    WeatherGrowth,
)
from .log import Accept, Move, ShiftLog, Turn
from .staff import Staff, Style
from .state import Plane, WeatherSystem
from .turns import build_context

Data = dict[str, Any]
NAMES = ("PR", "JD", "MK", "SL")
"""The ATCs' initials, in the order they sit down (before the roll for Lead Controller)."""
SECTOR = "RT001"


RESTRICTED = ("move.restricted", "take-off.level")
"""What an evasive action makes of a move's own turn and level change: not allowed."""

MISTAKES = {
    "two-levels": "a plane in flight changes two levels at the end of its move (3.11)",
    "turn-taking-off": "a plane taking off turns off its hand-off route (5.02)",
    "wrong-entry": "a plane enters at a level other than the one 2.05-2.07 give it",
    "hold-in-the-air": "a plane in flight holds as if waiting on the ground (5.03)",
    "near-miss-unwritten": "a near miss a move caused is left out of the record (6.04, 7.04)",
    "wrong-payment": "the Lead Controller pays 50 too much for a hand-off (1.42)",
}
"""The rules a sloppy controller breaks on purpose, by name."""


SETTLE_TRIED = True
"""Keep the fork a chosen move was tried on, as written, as the shift after it
(``ShiftEngine.settle``) instead of playing the move again; the tests compare the two."""


class Controllers:
    """The ATCs of one shift: they play it and write down everything as it happens."""

    def __init__(self, staff: Staff, seed: int, styles: Sequence[Style],
                 slips: Sequence[Slips | None] = ()) -> None:
        self.staff = staff
        self.engine = staff.engine
        # The sector's cards are dealt before the shift is set up; the engine's state
        # replaces this context once the setup is known.
        self.ctx: Context = build_context(staff.game, SECTOR)
        self.die = random.Random(seed)
        self.deck = random.Random(seed + 1000)
        self.seed = seed
        self.atcs = list(NAMES[:len(styles)])
        self.styles = list(styles)
        self.slips = list(slips) or [None] * len(styles)
        self.style: dict[str, Style] = {}
        self.sloppy: dict[str, Slips | None] = {}
        self.record: Data = {
            "game": "rushing-tin", "record": "shift", "sector": SECTOR, "seed": seed,
            "atcs": [{"id": a} for a in self.atcs], "lead": None}
        self.mistakes: list[str] = []
        """The mistakes made on purpose, in order."""
        self.face_down: list[str] = []
        """The hand-off deck, shuffled at the set-up: cards are drawn from its end (1.61)."""

    def roll(self) -> int:
        """Roll the die."""
        return self.die.randint(1, 6)

    # -- setup -------------------------------------------------------------------------------

    def setup(self) -> None:
        """Roll for the Lead Controller, deal the hand-offs and accept the first (1.00-1.14)."""
        rolls = self.roll_off()  # 1.06: the highest roll leads, ties re-roll
        lead = money.roll_off(rolls)[0]
        assert lead is not None
        self.record["lead"] = lead
        # Seating starts at the lead in this record, so "to the left" is simply list order;
        # the seats' bots sit from the lead round the table.
        self.atcs = self.atcs[self.atcs.index(lead):] + self.atcs[:self.atcs.index(lead)]
        self.record["atcs"] = [{"id": a} for a in self.atcs]
        self.style = dict(zip(self.atcs, self.styles, strict=True))
        self.sloppy = dict(zip(self.atcs, self.slips, strict=True))

        self.face_down = self.flights()  # 1.01: shuffled once, the rest face down
        pending = {a: [self.face_down.pop() for _ in range(3)] for a in self.atcs}
        setup: Data = {"lead_rolls": rolls, "pending": pending, "accept": []}
        self.record["setup"] = setup
        log = ShiftLog.model_validate({**self.record, "setup": {**setup, "accept": []}})
        self.ctx = self.engine.initial(log)
        self.ctx.findings.clear()
        setup["accept"] = self.accept_all()

    def entry_conflicts(self, flight: str) -> int:
        """Return how crowded a card's entry is: most, the planes whose next move straight on
        ends in the way of a plane entering there (1.36: the card must be accepted, 1.80, and
        its plane enters next turn, when every move of such a plane may end in its way); then
        the planes in the way of its entry move or near its entry now; then the planes
        already waiting to enter there."""
        ctx = self.ctx
        entry = int(flight[2])
        point = ctx.geo.points_in_play().get(entry)
        if point is None:
            return 999
        waiting = sum(1 for p in ctx.state.planes.values()
                      if p.where in ("waiting", "ground") and p.entry == entry)
        if point.name == "airport":
            return waiting
        blocking = sum(ends_in_the_way(ctx, p, entry) for p in ctx.state.on_map())
        h, out = point.hex, 0
        for _ in range(entry + 1):
            out += sum(1 for p in ctx.state.on_map() if p.hex is not None
                       and distance(p.hex, h) <= 1 and abs(p.level - entry) <= 1)
            h = neighbor(h, hexgrid.turn(point.outward, 3))
        return blocking * 100 + out * 10 + waiting

    def flights(self) -> list[str]:
        """Return the unused hand-off cards of the sector, shuffled."""
        used = self.ctx.state.used_flights
        rows = [f for f in self.staff.deck(self.ctx) if f not in used]
        self.deck.shuffle(rows)
        return rows

    def accept_all(self) -> list[Data]:
        """Accept hand-offs round the table while planes and pending cards last."""
        state, ctx = self.ctx.state, self.ctx
        limit, _ = ctx.tables.shift_limit(len(self.atcs))
        out: list[Data] = []
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

    def turn(self, n: int) -> Data:
        """Play one turn through the engine's phases, writing the record as it goes."""
        engine, ctx = self.engine, self.ctx
        record: Data = {"turn": n, "time": hhmm(ctx.tables.time_of(n))}
        roll = self.roll()
        record["roll"] = roll

        def part(**fields: Any) -> Turn:
            return Turn.model_validate({"turn": n, "roll": roll, **fields})

        bare = part()  # what the phases that read nothing more of the turn are given

        event = self.event(roll)
        if event is not None:
            record["event"] = event
        engine.apply(ctx, TurnEvent(part(event=event) if event is not None else bare))
        grow = self.growth(roll, ctx.active_systems)
        if grow:
            record["growth"] = grow
        engine.apply(ctx, WeatherGrowth(part(growth=grow) if grow else bare))
        before = engine.fork(ctx) if any(self.slips) else None
        start = len(ctx.findings)
        engine.apply(ctx, StartMoves(bare))
        record["moves"] = self.moves()
        ctx = self.ctx  # a move's fork may have become the shift (see choose)
        if before is not None:
            self.rule_as_written(before, start, part(moves=record["moves"]))
        engine.apply(ctx, EndMoves(bare))
        draws = self.draws()
        if draws:
            record["draw"] = draws
        engine.apply(ctx, Draws(part(draw=draws) if draws else bare))
        pool = self.pool_additions(n)
        if pool:
            record["pool"] = pool
        engine.apply(ctx, PoolAdditions(part(pool=pool) if pool else bare))
        accepted = self.accept_all()
        if accepted:
            record["accept"] = accepted
        engine.apply(ctx, Payments(bare))
        engine.apply(ctx, EndTurn(bare))
        return record

    def rule_as_written(self, before: Context, start: int, turn: Turn) -> None:
        """Rule on the turn's moves as the referee will, with every move in hand from the
        start: the order they are written in (3.01) and the entries they block (1.36) turn
        on the levels the record enters planes at, which a sloppy ATC's wrong entry
        changes. The moves are played again on the shift as it was before them, and their
        rulings replace those made move by move (the rest is the same either way)."""
        mark = len(before.findings)
        self.engine.apply(before, StartMoves(turn))
        for move in turn.moves:
            self.engine.apply(before, PlaneMove(move))
        self.ctx.findings[start:] = before.findings[mark:]
        # What was ruled once and is not ruled again (Rulings.once), as the referee has it.
        self.ctx.reported.clear()
        self.ctx.reported.update(before.reported)

    def event(self, roll: int) -> Data | None:
        """Draw the turn's event card, if the roll calls for one, with the dice it needs."""
        ctx = self.ctx
        dice = ctx.tables.rules.dice
        if roll in dice.random_event:
            cards = ev.cards_left(ctx, ctx.tables.random_events)
            if not cards:
                return None  # every card drawn: none to draw
            card = ctx.tables.random_events[self.deck.choice(cards)]
            out: Data = {"card": card.id}
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
            wcards = ev.cards_left(ctx, ctx.tables.weather_events)
            if not wcards:
                return None  # every card drawn: none to draw
            wcard = ctx.tables.weather_events[self.deck.choice(wcards)]
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
        """Roll off between the ATCs: the tied roll again until one is highest."""
        rolls: dict[str, list[int]] = {a: [] for a in self.atcs}
        contenders = list(self.atcs)
        while True:
            for a in contenders:
                rolls[a].append(self.roll())
            best = max(rolls[a][-1] for a in contenders)
            contenders = [a for a in contenders if rolls[a][-1] == best]
            if len(contenders) == 1:
                return rolls

    def counters(self, section: str, count: int, kind: str, existing: list[Hex],
                 system: WeatherSystem | None = None) -> list[str]:
        """Choose hexes for weather counters: in the section, each next to the last ones,
        never next to another system of the same kind."""
        ctx = self.ctx
        hexes = self.staff.section(ctx, section)
        # Next to or on another system's counter of the same kind: never (it would join them).
        # Being next to is mutual, so the hexes next to those counters are the ones barred.
        barred = {c for s in ctx.state.weather if s.kind == kind and s is not system
                  for c in s.counters}
        barred.update(*[ctx.around(c) for c in barred])
        placed = list(existing)
        out: list[str] = []
        for _ in range(count):
            # In the section, not barred, not placed already: next to a placed one if any.
            near = set().union(*[ctx.around(c) for c in placed]) if placed else hexes
            options = sorted(near.intersection(hexes).difference(barred, placed))
            if not options:
                break
            h = self.deck.choice(options)
            placed.append(h)
            out.append(ctx.names.name(h))
        return out

    def growth(self, roll: int, active: list[WeatherSystem]) -> list[Data]:
        """Grow or shrink each system as the referee will, in order, each change seen by the
        next system's (a 6 flips each system as its turn comes)."""
        out: list[Data] = []
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

    def draws(self) -> list[Data]:
        """Take new hand-off cards (1.61 is optional: each ATC's style says when, and no ATC
        draws while a plane is about to end its move near an entry point)."""
        out = []
        flights = self.face_down
        solo = len(self.atcs) == 1
        crowded = self.entries_in_reach()
        for atc_id in self.atcs:
            atc = self.ctx.state.controllers[atc_id]
            style = self.style[atc_id]
            wanted = style.solo_planes if solo else style.team_planes
            busy = len(self.ctx.state.accepted_by(atc_id))
            if (len(atc.pending) < 3 and flights and not atc.fired and busy < wanted
                    and not crowded):
                out.append({"atc": atc_id, "flight": flights.pop()})
        return out

    def entries_in_reach(self) -> bool:
        """Return whether a plane on the map will end its next move, straight on, on or next
        to the entry run of a point in play, at about its level. A card drawn blind must be
        accepted while planes wait in the pool (1.80), and its plane enters next turn: a plane
        ending its move in the way of that entry breaks 1.36 ("always consider the
        consequences of the next turn prior to accepting a Hand-off")."""
        ctx = self.ctx
        levels = [level for level in ctx.lookups.points if 2 <= level <= 6]
        return any(ends_in_the_way(ctx, plane, level)
                   for plane in ctx.state.on_map() for level in levels)

    def pool_additions(self, n: int) -> list[int]:
        """Return the planes that join the pool this turn (1.71: as the sector's frequency
        says)."""
        ctx = self.ctx
        sector = ctx.geo.sector
        assert sector is not None
        every = minutes(sector.frequency.every) or 0
        since = ctx.tables.time_of(n + 1) - ctx.tables.start
        if every and since > 0 and since % every == 0 and n < ctx.tables.rules.shift.turns:
            return sorted(ctx.state.out_of_play)[:sector.frequency.planes]
        return []

    # -- moves -------------------------------------------------------------------------------

    def moves(self) -> list[Data]:
        """Move every plane in the engine's order (3.01), each by the best legal move."""
        out: list[Data] = []
        while True:
            planes = self.engine.to_move(self.ctx)
            if not planes:
                return out
            out.append(self.choose(planes[0]))

    def candidates(self, plane: Plane) -> list[PlaneMove]:
        """Return the moves the engine offers the plane."""
        return list(self.engine.moves_of(self.ctx, plane))

    def choose(self, plane: Plane) -> Data:
        """Choose the plane's move, roll the dice it calls for, write it down and play it."""
        choice = Choice(self.staff, self.ctx, plane)
        best = choice.best(plane, self.candidates(plane))
        slips = self.sloppy.get(plane.atc)
        move = as_written(best.move)
        if slips is not None:
            move = self.blunder(plane, move, slips)
        if plane.fault in REPAIRABLE:
            move = {"plane": plane.id, "repair": self.roll(),
                    **{k: v for k, v in move.items() if k != "plane"}}
        if move == as_written(best.move) and choice.ordinary(plane, best):
            # An ordinary move meets nothing: no near miss, storm, landing, deal or payment
            # to write down.
            self.engine.apply(self.ctx, best)
            return move
        self.near_misses(choice, plane, move, slips)
        ctx, _ = choice.trial(plane, move)
        lightning = [f for f in choice.new(ctx) if f.code == "weather.lightning"]
        if lightning:
            count = int(lightning[0].message.split("passed ")[1].split()[0])
            move["lightning"] = [self.roll() for _ in range(count)]
        if any(f.code == "event.emergency-roll" for f in choice.new(ctx)):
            move["emergency_roll"] = self.roll()  # 11.02: landing off the runway
        ctx, _ = choice.trial(plane, move)
        happened = ctx.incidents[len(self.ctx.incidents):]
        paid = [i["paid"] for i in happened if i["kind"] == "hand-off"]
        if paid:
            move["paid"] = paid[0]  # what the Lead Controller paid (1.41)
            lead = self.sloppy.get(self.atcs[0])
            if lead is not None and self.slipped(lead, ["wrong-payment"]):
                move["paid"] = int(str(paid[0])) + 50
        deals = [i["kind"].split()[0] for i in happened if i["kind"] in ("minor deal",
                                                                      "major deal")]
        if deals:
            move["deals"] = deals
        tried = choice.tried.get(repr(move)) if SETTLE_TRIED else None
        if tried is None and SETTLE_TRIED and paid and move.get("paid") == paid[0] and not deals:
            # Paying what the flight earns draws no ruling (1.42): the move tried without
            # the payment left the shift as the move with it does.
            tried = choice.tried.get(repr({k: v for k, v in move.items() if k != "paid"}))
        if tried is not None:  # the move as written was tried: its fork is the shift after it
            self.ctx = self.engine.settle(self.ctx, tried[0])
        else:
            self.engine.apply(self.ctx, PlaneMove(Move.model_validate(move)))
        return move

    def near_misses(self, choice: Choice, plane: Plane, move: Data, slips: Slips | None
                    ) -> None:
        """Write down the near misses the move causes, each with its panic roll and the
        evasive action a panicking pilot takes: dice in the order they happen."""
        for _ in range(6):
            ctx, _twin = choice.trial(plane, move)
            missing = [f for f in choice.new(ctx) if f.code == "near-miss.unrecorded"]
            if not missing:
                return
            if slips is not None and self.slipped(slips, ["near-miss-unwritten"]):
                return
            other = int(missing[0].message.split("with plane ")[1].split()[0])
            kind = "vertical" if "vertical" in missing[0].message else "horizontal"
            record: Data = {"with": other, "kind": kind, "panic": self.roll()}
            if record["panic"] in self.ctx.tables.rules.dice.panic:
                record["evasive"] = self.evasive(choice, plane, move, record, kind)
            move.setdefault("near_misses", []).append(record)
            ctx, _twin = choice.trial(plane, move)
            new = choice.new(ctx)
            if any(f.code in RESTRICTED for f in new) or (
                    plane.dropped_to(plane.level) is not None
                    and any(f.code == "event.fault" for f in new)):
                # Evasive action mid-move leaves no turn or level change (6.10, 7.11); on
                # take-off its level change is the turn's one level (5.02); a failed engine
                # still drops (ENGINE FAILURE), from the level the evasive action left (a
                # vertical one's changes the level the drop is written from).
                move.pop("turn", None)
                move.pop("level", None)
                self.engine_drop(choice, plane, move)

    def engine_drop(self, choice: Choice, plane: Plane, move: Data) -> None:
        """Write the level a plane with a failed engine drops to at the end of its move, when
        evasive action has changed the level it drops from."""
        drops = {plane.dropped_to(plane.level + change) for change in (0, -1, 1)}
        for level in sorted(d for d in drops if d is not None):
            move["level"] = level
            ctx, _ = choice.trial(plane, move)
            if not any(f.code in ("event.fault", *RESTRICTED) for f in choice.new(ctx)):
                return
        move.pop("level", None)

    def evasive(self, choice: Choice, plane: Plane, move: Data, record: Data, kind: str
                ) -> Data:
        """Return the evasive action a panicking pilot takes that the rules allow."""
        if kind == "vertical":
            for level in ("down", "up"):
                trial = {**move, "near_misses": [*move.get("near_misses", []),
                                                  {**record, "evasive": {"level": level}}]}
                ctx, _ = choice.trial(plane, trial)
                if not any(f.code == "near-miss.evasive" for f in choice.new(ctx)):
                    return {"level": level}
        for side in ("left", "right"):
            trial = {**move, "near_misses": [*move.get("near_misses", []),
                                              {**record, "evasive": {"turn": side}}]}
            ctx, _ = choice.trial(plane, trial)
            if not any(f.code in ("near-miss.away", "near-miss.evasive")
                       for f in choice.new(ctx)):
                return {"turn": side}
        return {"turn": "left"}

    # -- mistakes made on purpose ----------------------------------------------------------

    def slipped(self, slips: Slips, open_: list[str]) -> str | None:
        """Return the mistake a sloppy ATC makes at this decision, if any (and note it)."""
        mistake = slips.pick(open_)
        if mistake is not None:
            self.mistakes.append(mistake)
        return mistake

    def blunder(self, plane: Plane, move: Data, slips: Slips) -> Data:
        """Return the move as a sloppy ATC may write it: now and then breaking a rule."""
        flying = plane.where == "flying" and plane.hex is not None
        open_ = []
        if flying and not plane.taking_off and plane.fault is None and "hold" not in move:
            open_.append("two-levels")
        if flying and plane.taking_off:
            open_.append("turn-taking-off")
        if plane.where == "waiting" and self.ctx.geo.points_in_play().get(plane.entry):
            open_.append("wrong-entry")
        if flying:
            open_.append("hold-in-the-air")
        mistake = self.slipped(slips, open_)
        if mistake == "two-levels":
            return {**move, "level": plane.level + 2 if plane.level <= 4 else plane.level - 2}
        if mistake == "turn-taking-off":
            return {**move, "turn": "right" if move.get("turn") == "left" else "left"}
        if mistake == "wrong-entry":
            if "enter" in move:  # it must alter its entry (2.06): it does not
                return {k: v for k, v in move.items() if k != "enter"}
            level = plane.entry + 1 if plane.entry < 6 else plane.entry - 1
            return {"plane": plane.id, "enter": {"level": level},
                    **{k: v for k, v in move.items() if k != "plane"}}
        if mistake == "hold-in-the-air":
            return {"plane": plane.id, "hold": True}
        return move

    # -- all of it ---------------------------------------------------------------------------

    def play(self, turns: int) -> Data:
        """Play the shift (setup and ``turns`` turns) and return its record."""
        self.setup()
        self.record["turns"] = [self.turn(n) for n in range(1, turns + 1)]
        state = self.ctx.state
        self.record["end"] = {"cash": {a: state.controllers[a].cash for a in self.atcs},
                              "winner": money.winner(state)}
        if self.record["end"]["winner"] is None:
            del self.record["end"]["winner"]
        return self.record

    def end_shift(self) -> None:
        """Play THE END OF THE SHIFT on the engine: the claims the record ends with. The end
        reads of the turns only the last one's number, and every die is the seed's (the
        controllers roll them), so the record is given with its last turn alone."""
        record = {**self.record, "turns": self.record["turns"][-1:]}
        self.engine.apply(self.ctx, EndShift(ShiftLog.model_validate(record)))


def ahead(ctx: Context, plane: Plane) -> list[Hex]:
    """Return the hexes a plane would fly through next turn going straight on."""
    if plane.hex is None:
        return []
    return ctx.movement.path((plane.hex, plane.facing, plane.level, plane.taking_off))


def ends_in_the_way(ctx: Context, plane: Plane, level: int) -> bool:
    """Return whether a plane on the map, at about ``level``, ends its next move straight on
    on or next to the entry run of the point at ``level`` (1.36: in the way of a plane
    entering there next turn)."""
    if plane.hex is None or abs(plane.level - level) > 2:
        return False
    end = ahead(ctx, plane)[-1]
    same, run = ctx.lookups.in_the_way(level, level)
    return end in same or end in run


# --- writing ------------------------------------------------------------------------------------


def quoted(value: str) -> bool:
    """Hex names and times start with a digit: quoted, or YAML reads them as numbers."""
    return value[:1].isdigit()


def _plain(value: Any) -> bool:
    """Return whether a value is written as a plain scalar (no quotes, no nesting)."""
    return not isinstance(value, dict | list) and not (isinstance(value, str) and quoted(value))


def _one_line(value: Data) -> bool:
    """A mapping of plain values on one line (a move, a draw), the rest as blocks."""
    return all(_plain(k) and _plain(v) for k, v in value.items())


def _one_line_list(value: list[Any]) -> bool:
    """A list of plain values (dice, plane IDs) on one line."""
    return all(_plain(v) for v in value)


RecordDumper = record_dumper(_one_line, _one_line_list, quoted)
"""Writes shift records as PyYAML's default flow style does: collections of plain scalars on
one line."""


def dump(record: Data, header: str) -> str:
    """Return a shift record as the YAML a record file holds, after a header of comments."""
    return dump_record(record, header, RecordDumper)
