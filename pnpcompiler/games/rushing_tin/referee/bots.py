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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ....content.project import GameContent
from ....core import hexgrid
from ....core.hexgrid import Hex, distance, neighbor
from ....referee.simulation import Slips
from ....referee.writing import dump_record, record_dumper
from ..movement import MAX_LEVEL, State
from ..routes import hhmm, minutes
from . import events as ev
from . import money
from .arrive import exit_of
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
    ShiftEngine,
    StartMoves,
    TurnEvent,
    WeatherGrowth,
)
from .flight import (
    QuietCourse,
    control_zone_dealt,
    entry_blocked,
    fault_ruled,
    low_flying_deal,
    low_flying_ruled,
    passes_weather,
    quiet_course,
    quiet_end_of,
    quiet_take_off,
    stays_on_the_map,
    take_off_ruled,
    writes_nothing_to_match,
)
from .log import Accept, Move, ShiftLog, Turn
from .state import Plane, WeatherSystem
from .turns import build_context

Data = dict[str, Any]
NAMES = ("PR", "JD", "MK", "SL")
"""The ATCs' initials, in the order they sit down (before the roll for Lead Controller)."""
SECTOR = "RT001"
SEARCH_LIMIT = 30
"""The most moves a controller looks ahead for a plane's way to its exit."""
AFTER_CHOOSING = ("near-miss.unrecorded", "weather.lightning", "deal.unrecorded")
"""What the player writes down after choosing a move (near misses, lightning, deals): no
error of the choice."""

REPAIRABLE = ("cannot-climb", "cannot-descend", "stuck")
"""The faults a plane rolls to repair every turn (ELECTRICAL FAILURE, LIGHTNING STRIKES)."""
QUALITY = {"perfect": 0, "imperfect": 1, "overshoot": 2, "emergency": 0}
"""How good a finished flight is, best first (a deal, or anything else, is 9)."""

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


@dataclass(frozen=True)
class Style:
    """How an ATC takes on work."""

    solo_planes: int
    """Solo, draw a new hand-off only with fewer planes than this accepted."""
    team_planes: int
    """With colleagues, the same."""


HOLD = (0, 0, 0, 3, 60, 60, True)
"""The score of a plane holding on the ground with nothing else to rule on: chosen only when
taking off is worse (see Controllers.score)."""
DEALT: dict[str | None, tuple[Any, ...]] = {"major": (0, 1, 0, 0, 0, 0, False),
                                           "minor": (0, 0, 1, 0, 0, 0, False)}
"""The best score a move sure to cause a major or a minor deal can have (see
Controllers.score)."""
SETTLE_TRIED = True
"""Keep the fork a chosen move was tried on, as written, as the shift after it
(``ShiftEngine.settle``) instead of playing the move again; the tests compare the two."""

STYLES = {
    "careful": Style(solo_planes=4, team_planes=2),
    "busy": Style(solo_planes=6, team_planes=3),
}
"""``careful`` takes a new hand-off only with few planes in the air, which keeps the sector
from crowding; ``busy`` takes more and earns (or loses) more."""


STATES_A_HEX = 6 * (MAX_LEVEL + 1) * 2
"""The states a plane can be in on one hex: a facing, a level, taking off or not."""


def state_index(state: State) -> int | None:
    """Return where a state is in its hex's row of :meth:`Staff.moves_to` (None: no facing
    or level a plane flies with)."""
    _, facing, level, taking_off = state
    if not (0 <= facing < 6 and 0 <= level <= MAX_LEVEL):
        return None
    return (facing * (MAX_LEVEL + 1) + level) * 2 + taking_off


@dataclass
class Staff:
    """What every shift a process plays shares: the engine (and through it the map's tables)."""

    game: GameContent
    engine: ShiftEngine = field(init=False)

    routes: dict[int, dict[Hex, int]] = field(default_factory=dict)
    """By exit level: how many other points' hand-off routes cross each hex."""
    exits: dict[int, dict[Hex, list[int | None]]] = field(default_factory=dict)
    """By exit level: the fewest moves from each state on the map to that exit (see
    :meth:`moves_to`)."""
    cards: tuple[str, ...] | None = None
    sections: dict[str, frozenset[Hex]] = field(default_factory=dict)
    """Each section's hexes, by its name."""
    """The hand-off cards the controllers draw from (see :meth:`deck`)."""
    crowds: dict[State, tuple[frozenset[Hex], dict[Hex, int]]] = field(default_factory=dict)
    """By a plane's place: what :meth:`spots` says of it."""

    def __post_init__(self) -> None:
        self.engine = ShiftEngine(self.game)

    def spots(self, ctx: Context, plane: Plane) -> tuple[frozenset[Hex], dict[Hex, int]]:
        """Return where a plane on the map is and the hexes it flies through going straight
        on, and how many of those each hex is next to (worked out once per place)."""
        assert plane.hex is not None
        key = (plane.hex, plane.facing, plane.level, plane.taking_off)
        found = self.crowds.get(key)
        if found is None:
            spots = (plane.hex, *ctx.movement.path(key))
            found = self.crowds[key] = (frozenset(spots),
                                        Counter(n for h in spots for n in ctx.around(h)))
        return found

    def section(self, ctx: Context, section: str) -> frozenset[Hex]:
        """Return a section's hexes (looked up once a section)."""
        found = self.sections.get(section)
        if found is None:
            found = self.sections[section] = frozenset(ev.section_hexes(ctx, section))
        return found

    def deck(self, ctx: Context) -> tuple[str, ...]:
        """Return the sector's hand-off cards the controllers draw from (the Sector Log's
        rows but the Celebrity Jet's), in the log's order."""
        if self.cards is None:
            sector = ctx.geo.sector
            assert sector is not None
            self.cards = tuple(r.flight for r in sector.rows() if not r.flight.startswith("CJ"))
        return self.cards

    def moves_to(self, ctx: Context, exit_level: int) -> dict[Hex, list[int | None]]:
        """Return the fewest moves from each state on the map to the exit at ``exit_level``
        (``Movement.moves_to``), a row a hex, each state's at :func:`state_index` (None:
        the exit out of reach), worked out once a level."""
        found = self.exits.get(exit_level)
        if found is None:
            found = self.exits[exit_level] = {}
            for state, moves in ctx.movement.moves_to(ctx.lookups.goals[exit_level]).items():
                index = state_index(state)
                if index is not None:
                    found.setdefault(state[0], [None] * STATES_A_HEX)[index] = moves
        return found

    def routes_across(self, ctx: Context, exit_level: int) -> dict[Hex, int]:
        """Return how many hand-off routes of the points in play, but the airport and the
        exit at ``exit_level``, each hex lies on (the shift's sector; worked out once)."""
        found = self.routes.get(exit_level)
        if found is None:
            found = self.routes[exit_level] = Counter(
                h for level, point in ctx.geo.points_in_play().items()
                if point.name != "airport" and level != exit_level
                for h in set(ctx.geo.hand_off_route(point)))
        return found


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
        self.tried: dict[str, tuple[Context, Plane]] = {}
        """The moves tried for the plane now choosing, by what they write (see trial)."""
        self.on_map: list[Plane] = []
        """The planes on the map as the plane now choosing chooses (see risk)."""

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
        """Return how many planes sit in the way of a card's entry move, or near its entry."""
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
            h = neighbor(h, hexgrid.turn(point.outward, 3))
        return out * 10 + waiting

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
        for plane in ctx.state.on_map():
            if plane.hex is None:
                continue
            end = self.ahead(ctx, plane)[-1]
            for level in range(max(plane.level - 2, 2), min(plane.level + 2, 6) + 1):
                if level not in ctx.lookups.points:
                    continue
                same, run = ctx.lookups.in_the_way(level, level)
                if end in same or end in run:
                    return True
        return False

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

    def trial(self, plane: Plane, cand: Data | PlaneMove) -> tuple[Context, Plane]:
        """Return a fork of the shift with the move tried on it, and the plane there (read
        only: the same move tried again for the same plane's move gives the same fork)."""
        key = repr(as_written(cand.move) if isinstance(cand, PlaneMove) else cand)
        found = self.tried.get(key)
        if found is None:
            action = (cand if isinstance(cand, PlaneMove)
                      else PlaneMove(Move.model_validate(cand)))
            ctx = self.engine.fork_for(self.ctx, action)
            twin = ctx.state.planes[plane.id]
            self.engine.apply(ctx, action)
            found = self.tried[key] = ctx, twin
        return found

    def best(self, plane: Plane, options: list[PlaneMove], quiet: QuietCourse | None
             ) -> PlaneMove:
        """Return the least bad of the offered moves (the first of them, in the order they
        are offered). The quiet moves are scored first (without a fork), then the rest in
        order; once a move that breaks no rule is found, a move sure to be ruled on
        (``flight.low_flying_ruled``, ``flight.take_off_ruled``) cannot be the best: it is not
        tried; nor is one that cannot beat the best found so far (:meth:`at_least`). The
        order the moves are scored in changes no choice: a tie goes to the move offered
        first."""
        chosen, least, first = options[0], None, 0
        rest: list[tuple[int, PlaneMove]] = []
        for n, offered in enumerate(options):
            found = self.quiet_score(plane, offered, least, quiet)
            if found is None:
                rest.append((n, offered))
            elif least is None or (found, n) < (least, first):
                chosen, least, first = offered, found, n
        for n, offered in rest:
            if least is not None:
                # Sure to be ruled on, or to collide first if nobody near: worse than a best
                # found without a ruling (and without a major deal, when planes are near).
                alone = least[1] > 0
                if least[0] == 0 and (
                        low_flying_ruled(self.ctx, plane, offered.move, alone=alone)
                        or take_off_ruled(self.ctx, plane, offered.move, alone=alone)):
                    continue
                bound = self.at_least(plane, offered, least)
                if bound is not None and (bound > least or (bound == least and n > first)):
                    continue  # worse than the best whatever it meets, or a tie it loses
            found = self.tried_score(plane, offered, least)
            if least is None or (found, n) < (least, first):
                chosen, least, first = offered, found, n
        return chosen

    def at_least(self, plane: Plane, offered: PlaneMove,
                 least: tuple[Any, ...] | None = None) -> tuple[Any, ...] | None:
        """Return a score an offered move cannot beat, known without trying it, or None: a
        move sure to leave the plane on the map (``flight.stays_on_the_map``) scores at best
        as it would breaking no rule and causing no deal, the other planes where they are
        (they move only in a collision, which only makes it worse: see :meth:`flying_on`,
        which ``least`` lets stop short once the move is worse); a move sure to cause a deal
        (``flight.control_zone_dealt``, ``flight.low_flying_deal``) scores its :data:`DEALT`
        at best; one sure to be ruled on for a level change its fault forbids
        (``flight.fault_ruled``) has that ruling besides the repair roll it does not make, or
        with planes on its way a collision's major deal instead. The highest of these."""
        move = offered.move
        bounds = []
        dealt = DEALT.get("major" if control_zone_dealt(self.ctx, plane, move)
                          else low_flying_deal(self.ctx, plane, move))
        if dealt is not None:
            bounds.append(dealt)
        if fault_ruled(self.ctx, plane, move, alone=False):
            unrolled = int(plane.fault in REPAIRABLE)
            bounds.append((1 + unrolled, 0, 0, 0, 0, 0, False)
                          if fault_ruled(self.ctx, plane, move)
                          else (unrolled, 1, 0, 0, 0, 0, False))
        end = stays_on_the_map(self.ctx, plane, move)
        if end is not None:
            bounds.append(self.flying_on(self.ctx, plane, (*end, False), 0, 0, 0, least))
        return max(bounds) if bounds else None

    def score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None = None,
              quiet: QuietCourse | None = None) -> tuple[Any, ...]:
        """Return how bad an offered move is, worst first: rulings, deals, how the flight
        ends, how far and how crowded it leaves the plane. A move found worse than ``least``
        before its crowding is counted is given a score that only shows it is worse;
        ``quiet`` is the plane's ``flight.quiet_course``, if any."""
        quick = self.quiet_score(plane, offered, least, quiet)
        return quick if quick is not None else self.tried_score(plane, offered, least)

    def tried_score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None
                    ) -> tuple[Any, ...]:
        """Return :meth:`score` of an offered move tried on a fork."""
        before_f, before_i = len(self.ctx.findings), len(self.ctx.incidents)
        ctx, twin = self.trial(plane, offered)
        hold = offered.move.hold
        errors = [f for f in ctx.findings[before_f:] if f.severity.value == "error"
                  and f.code not in AFTER_CHOOSING]
        new = ctx.incidents[before_i:]
        major = sum(1 for i in new if i["kind"] == "major deal")
        minor = sum(1 for i in new if i["kind"] == "minor deal")
        done = [i for i in new if i["kind"] == "hand-off"]
        if done:
            return (len(errors), major, minor, QUALITY.get(str(done[0]["quality"]), 9), 0, 0,
                    hold)
        if hold:  # waiting on the ground: only when taking off is worse
            return (len(errors), major, minor, *HOLD[3:])
        if twin.where == "gone" or twin.hex is None:  # landed for a first leg, or crashed
            return (len(errors), major, minor, 0 if twin.where == "ground" else 9, 0, 0,
                    hold)
        return self.flying_on(ctx, twin, (twin.hex, twin.facing, twin.level, twin.taking_off),
                              len(errors), major, minor, least)

    def flying_on(self, ctx: Context, plane: Plane, at: State, errors: int, major: int,
                  minor: int, least: tuple[Any, ...] | None) -> tuple[Any, ...]:
        """Return the score of a move that leaves the plane flying, ``at`` the place it
        ends in (hex, facing, level, still taking off; see :meth:`score`)."""
        away = self.distance(ctx, plane, at)
        trapped = away >= 99  # no legal way left to its exit: it will leave by another
        # Taking off with no legal way on (too low to reach the route's end at level 3, 5.02)
        # makes the next move illegal: as bad as an error now.
        head = (errors + int(trapped and at[3]), major, minor, 8 if trapped else 3)
        if least is not None and (*head, away) > least[:5]:
            return (*head, away, away, False)  # worse whatever its crowding
        return (*head, away + 2 * self.risk(ctx, plane, at), away, False)

    def quiet_score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None,
                    quiet: QuietCourse | None) -> tuple[Any, ...] | None:
        """Return :meth:`score` of a quiet move (``flight.quiet_end``, weather allowed) or a
        hold on the ground without trying it on a fork, or None for any other move. Such a
        move only moves the plane (the weather's penalty and lightning rolls are written after
        choosing), and the one rule it can break is a blocked entry (1.36), besides the repair
        roll a plane with a fault must make (ELECTRICAL FAILURE, LIGHTNING STRIKES: the moves
        offered have none); one that ends facing off the map hands the plane off there
        (``arrive.exit_of``), a deal if over the wrong side."""
        move = offered.move
        if move.repair is not None or move.regain_control:
            return None
        if move.hold and plane.where == "ground":
            # Holding on the ground does nothing and breaks no rule (5.03), a fault aside.
            return HOLD if plane.fault is None and writes_nothing_to_match(move) else None
        if plane.taking_off:
            return self.take_off_score(plane, offered, least)
        if (quiet is None or plane.where not in ("flying", "waiting") or move.hold
                or not writes_nothing_to_match(move)):
            return None
        end = quiet_end_of(self.ctx, quiet, plane, move)
        if end is None:
            return None
        unrolled = int(plane.fault in REPAIRABLE)  # no repair roll: event.repair-roll
        at, facing, level, _, faces_out = end
        if faces_out:
            out = exit_of(self.ctx, plane, at, facing, level, facing, overshoot=False)
            return (unrolled, int(out.deal == "major"), int(out.deal == "minor"),
                    QUALITY.get(out.quality, 9), 0, 0, False)
        errors = unrolled + int(entry_blocked(self.ctx, plane.id, at, level) is not None)
        return self.flying_on(self.ctx, plane, (at, facing, level, False), errors, 0, 0, least)

    def take_off_score(self, plane: Plane, offered: PlaneMove, least: tuple[Any, ...] | None
                       ) -> tuple[Any, ...] | None:
        """Return :meth:`score` of a quiet take-off move (``flight.quiet_take_off``) without
        trying it on a fork, or None for any other: it draws only 5.02's rulings and a
        blocked entry's (1.36)."""
        took = quiet_take_off(self.ctx, plane, offered.move)
        if took is None:
            return None
        at, facing, level, still, rulings = took
        errors = rulings + int(entry_blocked(self.ctx, plane.id, at, level) is not None)
        return self.flying_on(self.ctx, plane, (at, facing, level, still), errors, 0, 0, least)

    def risk(self, ctx: Context, plane: Plane, at: State) -> int:
        """Return how crowded the plane's spot ``at`` (hex, facing, level, taking off) is:
        planes near it at about its level, and other points' entry routes it sits on.

        Each other plane within 2 hexes at about its level counts 1; and where the other
        plane is now and where it goes if it flies straight on, my next move straight on
        should pass neither (a near miss is decided by the path taken): each hex of one on a
        hex of the other at about the same level counts 2, and each beside one at the same
        level 2."""
        here, _, level, _ = at
        mine = ctx.movement.path(at)
        crowd = 0
        # The shift itself has the planes on the map listed once for the plane choosing.
        for other in self.on_map if ctx is self.ctx else ctx.state.on_map():
            there = other.hex
            if other.id == plane.id or there is None or not -2 < other.level - level < 2:
                continue
            if distance(there, here) <= 2:
                crowd += 1
            spots, beside = self.staff.spots(ctx, other)
            crowd += 2 * len(spots.intersection(mine))
            if other.level == level:
                crowd += 2 * sum([beside[g] for g in mine if g in beside])
        return crowd + self.staff.routes_across(ctx, plane.exit_level).get(here, 0)

    @staticmethod
    def ahead(ctx: Context, plane: Plane) -> list[Hex]:
        """Return the hexes a plane would fly through next turn going straight on."""
        if plane.hex is None:
            return []
        return ctx.movement.path((plane.hex, plane.facing, plane.level, plane.taking_off))

    def distance(self, ctx: Context, plane: Plane, at: State) -> int:
        """Return the fewest moves the plane needs from ``at`` (hex, facing, level, taking
        off) to its exit (99: none within 30)."""
        rows = self.staff.exits.get(plane.exit_level)
        row = rows.get(at[0]) if rows is not None else None
        if row is not None:  # the common case, looked up at once
            index = state_index(at)
            found = None if index is None else row[index]
        else:
            goal = ctx.lookups.goals.get(plane.exit_level)
            if goal is None or at[0] is None:
                return 99
            if at[0] in ctx.lookups.hexes:
                row = self.staff.moves_to(ctx, plane.exit_level).get(at[0])
                index = state_index(at)
                found = None if row is None or index is None else row[index]
            else:
                found = ctx.movement.fewest_moves(at, goal, limit=SEARCH_LIMIT)
        return 99 if found is None or found > SEARCH_LIMIT else found

    def choose(self, plane: Plane) -> Data:
        """Choose the plane's move, roll the dice it calls for, write it down and play it."""
        self.tried.clear()
        self.on_map = self.ctx.state.on_map()
        # Every move of the plane flies the same run; weather on it changes no score.
        quiet = quiet_course(self.ctx, plane, through_weather=True)
        best = self.best(plane, self.candidates(plane), quiet)
        slips = self.sloppy.get(plane.atc)
        move = as_written(best.move)
        if slips is not None:
            move = self.blunder(plane, move, slips)
        if plane.fault in REPAIRABLE:
            move = {"plane": plane.id, "repair": self.roll(),
                    **{k: v for k, v in move.items() if k != "plane"}}
        if move == as_written(best.move) and self.ordinary(plane, best, quiet):
            # An ordinary move meets nothing: no near miss, storm, landing, deal or payment
            # to write down.
            self.engine.apply(self.ctx, best)
            return move
        self.near_misses(plane, move, slips)
        ctx, _ = self.trial(plane, move)
        lightning = [f for f in self.new(ctx) if f.code == "weather.lightning"]
        if lightning:
            count = int(lightning[0].message.split("passed ")[1].split()[0])
            move["lightning"] = [self.roll() for _ in range(count)]
        if any(f.code == "event.emergency-roll" for f in self.new(ctx)):
            move["emergency_roll"] = self.roll()  # 11.02: landing off the runway
        ctx, _ = self.trial(plane, move)
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
        tried = self.tried.get(repr(move)) if SETTLE_TRIED else None
        if tried is None and SETTLE_TRIED and paid and move.get("paid") == paid[0] and not deals:
            # Paying what the flight earns draws no ruling (1.42): the move tried without
            # the payment left the shift as the move with it does.
            tried = self.tried.get(repr({k: v for k, v in move.items() if k != "paid"}))
        if tried is not None:  # the move as written was tried: its fork is the shift after it
            self.ctx = self.engine.settle(self.ctx, tried[0])
            self.tried.clear()
        else:
            self.engine.apply(self.ctx, PlaneMove(Move.model_validate(move)))
        return move

    def ordinary(self, plane: Plane, offered: PlaneMove, quiet: QuietCourse | None) -> bool:
        """Return whether an offered move is ordinary (``flight.ordinary_end``), from its
        plane's quiet run (weather allowed): an ordinary one passes no weather."""
        end = quiet_end_of(self.ctx, quiet, plane, offered.move)
        return (end is not None and not end[4] and quiet is not None
                and not passes_weather(self.ctx, quiet.course))

    def near_misses(self, plane: Plane, move: Data, slips: Slips | None) -> None:
        """Write down the near misses the move causes, each with its panic roll and the
        evasive action a panicking pilot takes: dice in the order they happen."""
        for _ in range(6):
            ctx, _twin = self.trial(plane, move)
            missing = [f for f in self.new(ctx) if f.code == "near-miss.unrecorded"]
            if not missing:
                return
            if slips is not None and self.slipped(slips, ["near-miss-unwritten"]):
                return
            other = int(missing[0].message.split("with plane ")[1].split()[0])
            kind = "vertical" if "vertical" in missing[0].message else "horizontal"
            record: Data = {"with": other, "kind": kind, "panic": self.roll()}
            if record["panic"] in self.ctx.tables.rules.dice.panic:
                record["evasive"] = self.evasive(plane, move, record, kind)
            move.setdefault("near_misses", []).append(record)
            ctx, _twin = self.trial(plane, move)
            if any(f.code in RESTRICTED for f in self.new(ctx)):
                # Evasive action mid-move leaves no turn or level change (6.10, 7.11); on
                # take-off its level change is the turn's one level (5.02); a failed engine
                # still drops (ENGINE FAILURE), from the level the evasive action left.
                move.pop("turn", None)
                move.pop("level", None)
                self.engine_drop(plane, move)

    def engine_drop(self, plane: Plane, move: Data) -> None:
        """Write the level a plane with a failed engine drops to at the end of its move, when
        evasive action has changed the level it drops from."""
        drops = {plane.dropped_to(plane.level + change) for change in (0, -1, 1)}
        for level in sorted(d for d in drops if d is not None):
            move["level"] = level
            ctx, _ = self.trial(plane, move)
            if not any(f.code in ("event.fault", *RESTRICTED) for f in self.new(ctx)):
                return
        move.pop("level", None)

    def new(self, ctx: Context) -> list[Any]:
        """Return the findings a trial added."""
        return ctx.findings[len(self.ctx.findings):]

    def evasive(self, plane: Plane, move: Data, record: Data, kind: str) -> Data:
        """Return the evasive action a panicking pilot takes that the rules allow."""
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


def as_written(move: Move) -> Data:
    """Return an offered move as the record writes it: plane, entry change, turn, level."""
    out: Data = {"plane": move.plane}
    if move.enter is not None and move.enter.level is not None:
        out["enter"] = {"level": move.enter.level}
    if move.hold:
        out["hold"] = True
    if move.turn is not None:
        out["turn"] = move.turn
    if move.level is not None:
        out["level"] = move.level
    return out


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
