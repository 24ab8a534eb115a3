"""Event rolls, random event cards and weather (1.20-1.23, 1.51, RANDOM EVENTS, WEATHER
SYSTEMS, STRONG WINDS)."""

from __future__ import annotations

from typing import Any

from ....core.findings import Location
from ....core.hexgrid import (
    Hex,
    axial_to_offset,
    direction_index,
    distance,
    neighbors,
    offset_to_axial,
)
from ..model import RandomEventCard, WeatherEventCard
from . import money
from .context import Context, where
from .log import Event, Growth, Turn
from .run import making_approach
from .state import Plane, WeatherSystem, Wind

PER_LEVEL_COUNTERS = 12
"""Weather System Counters per level (48 split evenly over levels 3-6; content/tiles)."""


def resolve_event(ctx: Context, turn: Turn) -> None:
    """1.20-1.22: a roll of 1 draws a Random Event card, a 2 a Weather Event card."""
    dice = ctx.tables.rules.dice
    roll, event = turn.roll, turn.event
    kind = ("random" if roll in dice.random_event else
            "weather" if roll in dice.weather_event else None)
    if kind is None:
        if event is not None:
            # 1.21-1.22: only a 1 draws a Random Event card and a 2 a Weather Event card.
            rule = "1.22" if event.card in ctx.tables.weather_events else "1.21"
            ctx.rule("event.no-card", rule, f"an event roll of {roll} draws no card",
                     where(turn, "event"))
        return
    rule = "1.21" if kind == "random" else "1.22"
    deck: dict[str, RandomEventCard] | dict[str, WeatherEventCard] = (
        ctx.tables.random_events if kind == "random" else ctx.tables.weather_events)
    if event is None:
        if cards_left(ctx, deck):
            ctx.rule("event.missing", rule, f"an event roll of {roll} draws a "
                     f"{'Random' if kind == 'random' else 'Weather'} Event card; the record has "
                     "none", where(turn, "roll"))
        return  # with every card of the deck drawn there is none to draw
    card = deck.get(event.card)
    if card is None:
        ctx.rule("event.unknown-card", rule, f"there is no {kind} event card {event.card!r} "
                 f"(cards: {', '.join(sorted(deck))})", where(event, "card"))
        return
    drawn = ctx.state.events.get(event.card, 0)
    if drawn >= card.copies:
        copies = "the one copy" if card.copies == 1 else f"all {card.copies} copies"
        ctx.rule("event.card-twice", rule, f"{copies} of {event.card} have been drawn already",
                 where(event, "card"))
    ctx.state.events[event.card] = drawn + 1
    if kind == "weather":
        _weather_event(ctx, event)
    else:
        _random_event(ctx, event)


def cards_left(ctx: Context, deck: dict[str, RandomEventCard] | dict[str, WeatherEventCard]
               ) -> list[str]:
    """Return the cards of an event deck not drawn yet, a card once for each copy left, in
    the order of their IDs (the cards drawn stay on the table: the deck can run out)."""
    drawn = ctx.state.events
    return [c for c in sorted(deck) for _ in range(deck[c].copies - drawn.get(c, 0))]


# --- random events ----------------------------------------------------------------------------


def _no_section_roll(ctx: Context, event: Event, rule: str) -> None:
    ctx.rule("event.section-roll", rule, "roll 1d6 for the affected section; the record has "
             "no roll", where(event))


def section_hexes(ctx: Context, section_id: str) -> list[Hex]:
    """Return a section's hexes."""
    return list(ctx.lookups.sections.get(section_id, ()))


def section_for(ctx: Context, roll: int) -> str | None:
    """Return the section whose entry/exit point has the level rolled (RANDOM EVENTS)."""
    point = ctx.lookups.points.get(roll)
    if point is None:
        return None
    return ctx.lookups.section_of.get(point.hex)


def affected_plane(ctx: Context, section_id: str) -> Plane | None:
    """Return the plane with the highest ID in a section; planes on its boundary come last."""
    hexes = set(section_hexes(ctx, section_id))
    section_of = ctx.lookups.section_of

    def on_boundary(h: Hex) -> bool:
        return any(n in section_of and section_of[n] != section_id for n in neighbors(h))

    inside = [p for p in ctx.state.on_map() if p.hex in hexes]
    inside.sort(key=lambda p: (p.hex is not None and on_boundary(p.hex), -p.id))
    return inside[0] if inside else None


def _random_event(ctx: Context, event: Event) -> None:
    card = ctx.tables.random_events[event.card]
    if card.event == "celebrity-alert":
        _celebrity(ctx, event)
        return
    if card.event == "appraisal":
        atc = _roll_off(ctx, event, "APPRAISAL")
        if atc is not None:
            controller = ctx.state.controllers[atc]
            controller.appraisal += money.appraisal(controller, ctx.tables)
            ctx.incident("appraisal", "APPRAISAL", atc=atc,
                         amount=money.appraisal(controller, ctx.tables))
        return
    if card.event == "go-around":
        plane = approaching(ctx)
        named = ctx.state.planes.get(event.plane) if event.plane else None
        if named is not None and named is not plane and named.where == "flying" and not (
                making_approach(ctx, named)):
            ctx.rule("event.plane", "5.13", f"plane {named.id} is not approaching to land: "
                     "its next move does not bring it into the airport's airspace (at level 3 "
                     "or below); the plane with the highest ID approaching to land is "
                     f"{'plane ' + str(plane.id) if plane else 'none (the card is discarded)'}",
                     where(event, "plane"), piece=named.id)
        else:
            _check_plane(ctx, event, plane, "the plane with the highest ID approaching to land",
                         rule="GO AROUND")
        if plane is not None:
            plane.go_around = True
        return
    if event.section is None:
        _no_section_roll(ctx, event, "RANDOM EVENTS")
        return
    section = section_for(ctx, event.section)
    plane = affected_plane(ctx, section) if section else None
    _check_plane(ctx, event, plane, f"the highest ID in section {section}")
    if plane is None:
        return  # no plane in the section: the card is discarded
    bonus = card.bonus or 0
    if card.event == "electrical-failure":
        plane.fault, plane.out_of_control = card.variant, True
        plane.reason, plane.extra_bonus = "electrical failure", plane.extra_bonus + bonus
    elif card.event == "engine-failure":
        plane.fault = "engine-1" if card.variant == "single" else "engine-2"
        plane.out_of_control, plane.reason = True, "engine failure"
        plane.emergency_bonus = bonus
        # The emergency landing (11.00) replaces a take-off: the plane drops, it cannot climb.
        plane.taking_off = False
    elif card.event == "re-route":
        levels = ctx.geo.levels()
        plane.exit_override = levels.get(card.exit_point or "", plane.exit_level)
    elif card.event == "radar-failure":
        _radar_failure(ctx, event, plane, section or "")
        plane.extra_bonus += bonus
    elif card.land_within is not None:
        from ..routes import minutes

        deadline = ctx.tables.time_of(ctx.state.turn) + (minutes(card.land_within) or 0)
        plane.landing_bonus = (bonus, deadline)
    ctx.incident(card.event, "RANDOM EVENTS", piece=plane.id, atc=plane.atc, card=card.id)


def _check_plane(ctx: Context, event: Event, plane: Plane | None, which: str, *,
                 rule: str = "RANDOM EVENTS") -> None:
    found = plane.id if plane else None
    if event.plane != found:
        ctx.rule("event.plane", rule, f"the affected plane is {which}: "
                 f"{'plane ' + str(found) if found else 'none (the card is discarded)'}; the "
                 f"record has {'plane ' + str(event.plane) if event.plane else 'none'}",
                 where(event, "plane") or where(event), piece=found)


def approaching(ctx: Context) -> Plane | None:
    """Return the highest-ID plane approaching to land: its next move brings it into the
    airport's airspace (5.13)."""
    best = None
    for plane in ctx.state.on_map():
        if (best is None or plane.id > best.id) and making_approach(ctx, plane):
            best = plane
    return best


def _radar_failure(ctx: Context, event: Event, plane: Plane, section: str) -> None:
    """RADAR FAILURE: the plane moves to the same place in the section rolled."""
    if event.new_section is None:
        ctx.rule("event.section-roll", "RADAR FAILURE", "RADAR FAILURE: roll 1d6 for the new "
                 "section; the record has no roll", where(event))
        return
    target = section_for(ctx, event.new_section)
    if target is None or plane.hex is None:
        return
    layout = ctx.geo.board.grid.layout
    here = [axial_to_offset(h, layout) for h in section_hexes(ctx, section)]
    there = [axial_to_offset(h, layout) for h in section_hexes(ctx, target)]
    col, row = axial_to_offset(plane.hex, layout)
    dc, dr = col - min(c for c, _ in here), row - min(r for _, r in here)
    moved = offset_to_axial(min(c for c, _ in there) + dc, min(r for _, r in there) + dr, layout)
    if moved in ctx.geo.hexes:
        plane.hex = moved


def _roll_off(ctx: Context, event: Event, rule: str) -> str | None:
    """Each ATC rolls 1d6, re-rolling ties; return the highest (checked against the record)."""
    rolls = event.rolls or {}
    final = {atc: r[-1] for atc, r in rolls.items() if r and atc in ctx.state.controllers}
    if set(final) != set(ctx.state.seating):
        ctx.rule("event.rolls", rule, f"every ATC rolls 1d6 ({', '.join(ctx.state.seating)}); "
                 f"the record has rolls for {', '.join(final) or 'nobody'}",
                 where(event, "rolls") or where(event))
    chosen, tied = money.roll_off({a: list(r) for a, r in rolls.items()
                                   if a in ctx.state.controllers})
    if chosen is None and final:
        ctx.rule("event.tie", rule, f"{' and '.join(tied)} are still tied: they re-roll",
                 where(event, "rolls"))
    if event.atc is not None and chosen is not None and event.atc != chosen:
        ctx.rule("event.atc", rule, f"{chosen} rolled highest; the record names {event.atc}",
                 where(event, "atc"))
    if chosen is None and event.atc in ctx.state.controllers:
        chosen = str(event.atc)
    return chosen


def _celebrity(ctx: Context, event: Event) -> None:
    """CELEBRITY ALERT: the highest roller takes the Celebrity Jet's hand-off at once."""
    from ..routes import parse_route

    card = ctx.tables.random_events[event.card]
    atc = _roll_off(ctx, event, "CELEBRITY ALERT")
    route = parse_route(card.route or "")
    if atc is None or route is None:
        return
    number = event.celebrity_plane
    in_play = {p.id for p in ctx.state.planes.values() if p.where != "gone"}
    if number is None or number in in_play:
        ctx.rule("event.celebrity-plane", "CELEBRITY ALERT", "give the Celebrity Jet a plane ID "
                 "not in play (it does not come from the Plane Pool)",
                 where(event, "celebrity_plane") or where(event))
        return
    turn = ctx.state.turn
    ctx.state.planes[number] = Plane(
        number, route.code, atc, route.airline, route.entry, route.exit, route.multi,
        ctx.tables.schedules.get(route.code, 0), ctx.tables.time_of(turn), active_from=turn,
        where="ground" if route.entry == 1 else "waiting", level=route.entry, celebrity=True,
        lawsuit=card.lawsuit or 0)
    ctx.incident("celebrity alert", "CELEBRITY ALERT", piece=number, atc=atc, flight=route.code)


# --- weather ------------------------------------------------------------------------------------


def _weather_event(ctx: Context, event: Event) -> None:
    card = ctx.tables.weather_events[event.card]
    if card.weather == "strong-winds":
        if event.wind is None or not card.directions:
            ctx.rule("weather.wind-roll", "STRONG WINDS", "roll 1d6 for the wind's direction; "
                     "the record has no roll", where(event))
            return
        name = card.directions.get(event.wind)
        if name is None:
            return
        ctx.state.wind = Wind(card.level, direction_index("flat", name))
        ctx.incident("strong winds", "STRONG WINDS", level=card.level, direction=name)
        return
    if event.section is None:
        _no_section_roll(ctx, event, "WEATHER SYSTEMS")
        return
    section = section_for(ctx, event.section)
    if section is None:
        return
    system = WeatherSystem("storm" if card.weather == "storm" else "turbulence", card.level,
                           section, card.penalty or 0)
    wanted = min(ctx.tables.rules.weather.counters_per_system, counters_available(ctx, card.level))
    for i, name in enumerate(event.counters):
        _place(ctx, system, ctx.names.hex(name), (event, "counters", i))
    # Fewer only when the counters run out or the placement rules leave no hex for another.
    short = len(system.counters) < wanted and (not system.counters or _room(ctx, system))
    if len(system.counters) > wanted or short:
        ctx.rule("weather.count", "WEATHER SYSTEMS", f"counters are placed until there are "
                 f"{wanted} in the section; the record places {len(event.counters)}",
                 where(event, "counters") or where(event))
    if system.counters:  # with no counter left to place there is no system
        ctx.state.weather.append(system)
    ctx.incident(card.weather, "WEATHER SYSTEMS", level=card.level, section=section,
                 counters=[ctx.names.name(h) for h in system.counters])


def counters_available(ctx: Context, level: int) -> int:
    """Return how many weather counters of a level are left to place (the box holds a
    fixed number per level)."""
    used = sum(len(s.counters) for s in ctx.state.weather if s.level == level)
    return max(PER_LEVEL_COUNTERS - used, 0)


def _room(ctx: Context, system: WeatherSystem) -> bool:
    """Return whether a counter can be placed by the rules (else the system cannot grow)."""
    section = set(section_hexes(ctx, system.section))
    others = [c for s in ctx.state.weather if s is not system and s.kind == system.kind
              for c in s.counters]
    return any(n in section and n not in system.counters
               and not any(distance(n, c) <= 1 for c in others)
               for c in system.counters for n in neighbors(c))


def _place(ctx: Context, system: WeatherSystem, h: Hex, here: tuple[Any, ...]) -> None:
    """PLACING WEATHER SYSTEMS: adjacent to a counter of the system, inside its section,
    never joining two systems."""
    problem = None
    if h not in ctx.lookups.hexes or ctx.lookups.section_of.get(h) != system.section:
        problem = f"{ctx.hexname(h)} is not in section {system.section}"
    elif h in system.counters:
        problem = f"{ctx.names.name(h)} already holds a counter"
    elif system.counters and ctx.lookups.around[h].isdisjoint(system.counters):
        problem = f"{ctx.names.name(h)} is not next to a counter of the system"
    elif any(not ctx.lookups.zone[h].isdisjoint(s.counters) for s in ctx.state.weather
             if s is not system and s.kind == system.kind):
        problem = f"{ctx.names.name(h)} would join two weather systems"
    if problem:
        # ``here`` is (model, key...): the location is looked up only for a finding.
        ctx.rule("weather.placement", "WEATHER SYSTEMS", problem, where(*here))
    system.counters.append(h)


def growth(ctx: Context, turn: Turn, active: list[WeatherSystem]) -> None:
    """1.23 / WEATHER SYSTEM GROWTH: even grows a counter, odd shrinks one, 6 flips it."""
    rules = ctx.tables.rules
    entries = {g.system: g for g in turn.growth}
    for n, system in enumerate(active, start=1):
        if system not in ctx.state.weather:
            continue
        entry = entries.pop(n, None)
        grows = turn.roll % 2 == 0
        if turn.roll in rules.dice.weather_flip:
            system.kind = "turbulence" if system.kind == "storm" else "storm"
        here = entry if entry else turn  # looked up only if there is something to report
        if grows:
            if entry is None or entry.add is None:
                if counters_available(ctx, system.level) and _room(ctx, system):
                    ctx.rule("weather.growth", "1.23", f"an even roll ({turn.roll}) grows "
                             f"weather system {n} by a counter; the record adds none",
                             _at(here, turn))
                continue
            _place(ctx, system, ctx.names.hex(entry.add), (entry, "add"))
        else:
            if entry is None or entry.remove is None:
                ctx.rule("weather.growth", "1.23", f"an odd roll ({turn.roll}) shrinks weather "
                         f"system {n} by a counter; the record removes none", _at(here, turn))
                continue
            h = ctx.names.hex(entry.remove)
            if h not in system.counters:
                ctx.rule("weather.growth", "1.23", f"{entry.remove} holds no counter of "
                         f"weather system {n}", where(entry, "remove"))
                continue
            system.counters.remove(h)
            if not system.counters:
                ctx.state.weather.remove(system)
    for n, entry in entries.items():
        ctx.rule("weather.growth", "1.23", f"there is no active weather system {n}",
                 where(entry))


def _at(entry: Growth | Turn, turn: Turn) -> Location | None:
    """Return where to report a growth problem: its entry, or the turn's roll."""
    return where(entry) if entry is not turn else where(turn, "roll")


def weather_moves(ctx: Context, turn: Turn) -> None:
    """1.51 / WEATHER SYSTEM MOVEMENT: each ATC may move one counter within its system."""
    moved: set[str] = set()
    for move in turn.weather_moves:
        if move.atc in moved:
            ctx.rule("weather.move-twice", "1.51", f"{move.atc} may move one weather counter a "
                     "turn", where(move))
            continue
        moved.add(move.atc)
        source = ctx.names.hex(move.from_)
        system = next((s for s in ctx.state.weather if source in s.counters), None)
        if system is None:
            ctx.rule("weather.move", "1.51", f"{move.from_} holds no weather counter",
                     where(move, "from"))
            continue
        system.counters.remove(source)
        _place(ctx, system, ctx.names.hex(move.to), (move, "to"))
