"""Rushing Tin's rule checks: routes and the sector log, cards, pieces and rules tables.

Geometry and schedule checks live in :mod:`.map_checks`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, Location, error
from .model import (
    HandOffDeck,
    PlaneCubes,
    RandomEventDeck,
    RulesTables,
    Sector,
    StatusDeck,
    WeatherEventDeck,
)
from .routes import CELEBRITY, TURN_MINUTES, hhmm, minutes, parse_route

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

#: Land-within times the RANDOM EVENTS section states for each event.
LAND_WITHIN = {"food-poisoning": "1:30", "mucho-grande": "1:15", "passenger-freak-out": "1:00"}
#: Keys each random event needs on its card.
EVENT_NEEDS: dict[str, tuple[str, ...]] = {
    "electrical-failure": ("variant", "bonus"),
    "engine-failure": ("variant", "bonus"),
    "re-route": ("exit_point",),
    "radar-failure": ("bonus",),
    "go-around": (),
    "food-poisoning": ("land_within", "bonus"),
    "mucho-grande": ("land_within", "bonus"),
    "passenger-freak-out": ("land_within", "bonus"),
    "celebrity-alert": ("route", "bonus", "lawsuit"),
    "appraisal": ("per_commendation", "per_deal"),
}
VARIANTS = {"electrical-failure": ("cannot-climb", "cannot-descend"),
            "engine-failure": ("single", "double")}
CELEBRITY_ALERTS = 5
STATUSES = ("key-controller", "cautioned-controller", "black-listed")


def tables(game: GameContent) -> RulesTables | None:
    """Return the game's rules tables, if present."""
    found = game.of_type(RulesTables)
    return found[0] if found else None


@rules.check
def rules_tables_are_consistent(game: GameContent) -> Iterator[Finding]:
    """Speeds equal levels (3.05); the shift ends when its turns say (THE END OF THE SHIFT)."""
    t = tables(game)
    if t is None:
        return
    seen = Counter(level.level for level in t.levels)
    for i, level in enumerate(t.levels):
        if level.speed != level.level:
            yield error("rules.speed", f"expected speed {level.level} for level {level.level} "
                        f"(rule 3.05), found {level.speed}", t.where("levels", i, "speed"))
        if seen[level.level] > 1:
            yield error("rules.level-twice", f"level {level.level} is listed twice",
                        t.where("levels", i, "level"))
    s = t.shift
    start, end = minutes(s.start), minutes(s.end)
    if start is not None and end is not None and start + s.turns * s.turn_minutes != end:
        yield error("rules.shift-end",
                    f"expected the shift to end at {hhmm(start + s.turns * s.turn_minutes)} "
                    f"({s.turns} turns of {s.turn_minutes} minutes from {s.start}), found "
                    f"{s.end}", t.where("shift", "end"))
    atcs = sorted(limit.atcs for limit in t.shift_limits)
    if atcs != [1, 2, 3, 4]:
        yield error("rules.shift-limits",
                    f"expected one shift limit for each of 1-4 ATCs, found {atcs}",
                    t.where("shift_limits"))
    # SHIFT LIMIT: the more ATCs share the shift, the fewer hand-offs each may accept.
    by_atcs = sorted(enumerate(t.shift_limits), key=lambda pair: pair[1].atcs)
    for (_, fewer), (i, more) in pairwise(by_atcs):
        if more.atcs > fewer.atcs and more.accepted > fewer.accepted:
            yield error("rules.shift-limits",
                        f"expected at most {fewer.accepted} accepted hand-offs each for "
                        f"{more.atcs} ATCs (fewer ATCs, {fewer.atcs}, may accept "
                        f"{fewer.accepted}), found {more.accepted}",
                        t.where("shift_limits", i, "accepted"))


@rules.check
def sector_logs_are_sound(game: GameContent) -> Iterator[Finding]:
    """Log rows: route grammar and type, distinct entry and exit, known airline and levels,
    schedules in 15-minute steps, no row twice."""
    t = tables(game)
    airlines = {a.code for a in t.airlines} if t else None
    for sector in game.of_type(Sector):
        levels = {e.level for e in sector.entry_points}
        yield from _entry_points(sector)
        seen: dict[str, int] = {}
        # One finding per level without a point, naming the routes that need it.
        unserved: dict[int, list[tuple[str, Location | None]]] = {}
        for table, rows in (("single_routes", sector.single_routes),
                            ("multi_routes", sector.multi_routes)):
            for i, row in enumerate(rows):
                where = sector.where(table, i, "flight")
                route = parse_route(row.flight)
                if route is None:
                    continue  # the schema reports the grammar
                if row.flight in seen:
                    yield error("route.duplicate", f"flight {row.flight} is already in the log "
                                f"(line {seen[row.flight]})", where)
                elif where and where.line:
                    seen[row.flight] = where.line
                celebrity = route.airline == CELEBRITY
                if table == "single_routes" and (route.multi or celebrity):
                    yield error("route.wrong-table", f"expected a single route (type digit 0) "
                                f"in SINGLE ROUTES, found {row.flight}", where)
                if table == "multi_routes" and not (route.multi or celebrity):
                    yield error("route.wrong-table", f"expected a multi-route (type digit 1) or "
                                f"a Celebrity Jet in MULTI-ROUTES, found {row.flight}", where)
                if not route.multi and route.entry == route.exit:
                    # Multi-routes fly out to the airport and back (AA414), single ones not.
                    yield error("route.same-entry-exit", f"single route {row.flight} enters "
                                f"and exits at level {route.entry}", where)
                if route.multi and 1 in (route.entry, route.exit):
                    yield error("route.multi-via-airport",
                                f"multi-route {row.flight} flies via the airport, so it cannot "
                                "also start or end there (level 1)", where)
                for level in dict.fromkeys((route.entry, route.exit)):
                    if level not in levels:
                        unserved.setdefault(level, []).append((row.flight, where))
                if airlines is not None and not celebrity and route.airline not in airlines:
                    yield error("route.unknown-airline",
                                f"airline {route.airline} is not declared in the rules tables "
                                f"({', '.join(sorted(airlines))})", where)
                total = minutes(row.schedule)
                if total is not None and (total % TURN_MINUTES or total == 0):
                    yield error("schedule.not-turns",
                                f"expected a schedule in whole {TURN_MINUTES}-minute turns, "
                                f"found {row.schedule}", sector.where(table, i, "schedule"))
        for level, users in sorted(unserved.items()):
            flights = [flight for flight, _ in users]
            shown = ", ".join(flights[:6]) + (f" and {len(flights) - 6} more"
                                              if len(flights) > 6 else "")
            yield error("route.unknown-entry-point",
                        f"level {level} has no entry/exit point in sector {sector.code} "
                        f"(levels {', '.join(map(str, sorted(levels)))}), but "
                        f"{len(flights)} route{'s' if len(flights) > 1 else ''} fly to or from "
                        f"it: {shown}", users[0][1])


def _entry_points(sector: Sector) -> Iterator[Finding]:
    seen: dict[int, str] = {}
    for i, entry in enumerate(sector.entry_points):
        if entry.level in seen:
            yield error("sector.level-twice", f"level {entry.level} already has entry point "
                        f"{seen[entry.level]}", sector.where("entry_points", i, "level"))
        seen[entry.level] = entry.point
        if (entry.point == "airport") != (entry.level == 1):
            yield error("sector.airport-level",
                        "the airport is the level-1 entry/exit point (SECTOR MAP E); found "
                        f"{entry.point} at level {entry.level}",
                        sector.where("entry_points", i))


@rules.check
def hand_off_cards_match_the_log(game: GameContent) -> Iterator[Finding]:
    """Every log route has one hand-off card of its type, and every card a log row."""
    logged = {row.flight for sector in game.of_type(Sector) for row in sector.rows()}
    log_ok = game.complete(Sector)
    carded: dict[str, str] = {}
    for deck in game.of_type(HandOffDeck):
        for i, card in enumerate(deck.cards):
            where = deck.where("cards", i, "route")
            route = parse_route(card.route)
            if route is None:
                continue
            if card.route in carded:
                yield error("route.duplicate-card", f"route {card.route} already has a card "
                            f"({carded[card.route]})", where)
            carded[card.route] = card.id
            if log_ok and card.route not in logged:
                yield error("route.not-in-log", f"hand-off card {card.id} flies {card.route}, "
                            "which no sector log lists", where)
            component = card.component or deck.component or ""
            if route.multi != component.startswith("multi"):
                want = "multi" if route.multi else "single"
                yield error("route.wrong-deck", f"{card.route} is a {want} route, but the card "
                            f"counts as {component}", where)
    celebrity = {card.route for deck in game.of_type(RandomEventDeck) for card in deck.cards
                 if card.route}
    cards_ok = {True: game.complete(RandomEventDeck), False: game.complete(HandOffDeck)}
    for sector in game.of_type(Sector):
        for table, rows in (("single_routes", sector.single_routes),
                            ("multi_routes", sector.multi_routes)):
            for i, row in enumerate(rows):
                route = parse_route(row.flight)
                if route is None:
                    continue
                where = sector.where(table, i, "flight")
                if not cards_ok[route.airline == CELEBRITY]:
                    continue
                if route.airline == CELEBRITY:
                    if row.flight not in celebrity:
                        yield error("route.no-card", f"Celebrity Jet {row.flight} has no "
                                    "Celebrity Alert card", where)
                elif row.flight not in carded:
                    yield error("route.no-card", f"route {row.flight} has no hand-off card",
                                where)


@rules.check
def random_events_follow_the_rulebook(game: GameContent) -> Iterator[Finding]:
    """Each event card carries what its rules need; five Celebrity Alerts (RANDOM EVENTS)."""
    logged = {row.flight for sector in game.of_type(Sector) for row in sector.rows()}
    t = tables(game)
    celebrities = 0
    jets: dict[str, str] = {}
    for deck in game.of_type(RandomEventDeck):
        for i, card in enumerate(deck.cards):
            for key in EVENT_NEEDS[card.event]:
                if getattr(card, key) is None:
                    yield error("event.missing", f"{card.event} card {card.id} needs {key!r}",
                                deck.where("cards", i))
            if card.variant is not None and card.variant not in VARIANTS.get(card.event, ()):
                allowed = ", ".join(VARIANTS.get(card.event, ())) or "no variant"
                yield error("event.variant", f"expected {allowed} for {card.event}, found "
                            f"{card.variant}", deck.where("cards", i, "variant"))
            want = LAND_WITHIN.get(card.event)
            if want and card.land_within and card.land_within != want:
                yield error("event.rulebook-time", f"expected {card.event} to land within "
                            f"{want} as RANDOM EVENTS says, found {card.land_within}",
                            deck.where("cards", i, "land_within"))
            if card.event == "celebrity-alert":
                celebrities += card.copies
                route = parse_route(card.route or "")
                if card.route and (route is None or route.airline != CELEBRITY):
                    yield error("event.celebrity-route", f"expected a Celebrity Jet route "
                                f"(CJ...), found {card.route}", deck.where("cards", i, "route"))
                elif card.route and card.route in jets:
                    yield error("route.duplicate-card", f"Celebrity Jet {card.route} already "
                                f"has a card ({jets[card.route]})",
                                deck.where("cards", i, "route"))
                elif card.route and game.complete(Sector) and card.route not in logged:
                    yield error("route.not-in-log", f"Celebrity Jet {card.route} is not in any "
                                "sector log", deck.where("cards", i, "route"))
                if card.route:
                    jets.setdefault(card.route, card.id)
            if card.event == "appraisal" and t is not None:
                for key, value in (("per_commendation", t.appraisal.per_commendation),
                                   ("per_deal", t.appraisal.per_deal)):
                    if getattr(card, key) not in (None, value):
                        yield error("event.appraisal", f"expected {key} {value} (APPRAISAL), "
                                    f"found {getattr(card, key)}", deck.where("cards", i, key))
        if celebrities != CELEBRITY_ALERTS:
            yield error("event.celebrity-count", f"expected {CELEBRITY_ALERTS} Celebrity "
                        f"Alerts (RANDOM EVENTS), found {celebrities}", deck.where("cards"))


@rules.check
def weather_cards_are_complete(game: GameContent) -> Iterator[Finding]:
    """Storm and turbulence cards carry a penalty; strong winds a full d6 direction table."""
    for deck in game.of_type(WeatherEventDeck):
        for i, card in enumerate(deck.cards):
            if card.weather == "strong-winds":
                faces = sorted(card.directions or {})
                if faces != [1, 2, 3, 4, 5, 6]:
                    yield error("weather.directions", f"expected a direction for each d6 result"
                                f" 1-6, found {faces}", deck.where("cards", i))
            elif card.penalty is None:
                yield error("weather.penalty", f"{card.weather} card {card.id} needs the "
                            "penalty paid each turn in the system", deck.where("cards", i))


@rules.check
def status_cards_cover_each_airline(game: GameContent) -> Iterator[Finding]:
    """One Key, Cautioned and Black Listed card per airline; modifiers point the right way."""
    t = tables(game)
    for deck in game.of_type(StatusDeck):
        have: Counter[tuple[str, str]] = Counter((card.airline, card.status)
                                                 for card in deck.cards)
        for i, card in enumerate(deck.cards):
            if t is not None and card.airline not in {a.code for a in t.airlines}:
                yield error("route.unknown-airline", f"airline {card.airline} is not declared "
                            "in the rules tables", deck.where("cards", i, "airline"))
            sign_ok = {"key-controller": (card.modifier or 0) > 0,
                       "cautioned-controller": (card.modifier or 0) < 0,
                       "black-listed": card.modifier is None}[card.status]
            if not sign_ok:
                want = {"key-controller": "a bonus above 0", "cautioned-controller":
                        "a negative modifier", "black-listed": "no modifier"}[card.status]
                yield error("status.modifier", f"expected {want} on a {card.status} card, found "
                            f"{card.modifier}", deck.where("cards", i))
        if t is not None:
            for airline in t.airlines:
                for status in STATUSES:
                    if have[(airline.code, status)] != 1:
                        yield error("status.cards", f"expected one {status} card for "
                                    f"{airline.code}, found {have[(airline.code, status)]}",
                                    deck.where("cards"))


@rules.check
def plane_ids_match_cubes(game: GameContent) -> Iterator[Finding]:
    """Plane ID counters and plane cubes carry the same IDs (PLANE IDS)."""
    for cubes in game.of_type(PlaneCubes):
        dupes = [p for p, n in Counter(cubes.planes).items() if n > 1]
        if dupes:
            yield error("pieces.plane-twice", f"plane IDs {dupes} have more than one cube",
                        cubes.where("planes"))
