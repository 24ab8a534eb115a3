"""Checks of what a race can need from the box: dice pools against the ten dice, ability and
charge markers against every pilot and equipment in play, and the set-up of each number of
players and course against the supply."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from ...content.plugin import Rules
from ...content.project import GameContent
from ...core.findings import Finding, error, warning
from .lookup import counters, dashboards, equipment, pilots, tables_of
from .model import TESTS, Dashboard, Equipment, Pilot, Test
from .supply import PLAYERS, Need, common_needs, course_needs, machines_for, setup_needs
from .tables import RulesTables

rules = Rules()
"""This module's checks; the game's package includes them."""


WATER_DICE_MACHINES = {"seaplane": 2}
"""Section 15: the seaplane gains 2 dice for take off and landing tests on water tiles."""


def equipment_dice(card: Equipment, test: Test) -> int:
    """Return the most dice a card adds to one test (always, by a charge or on water)."""
    charge = 1 if card.any_test_charge_die else card.charged_dice.of(test)
    return card.dice.of(test) + charge + card.water_dice.of(test)


def most_dice(board: Dashboard, test: Test, cards: list[Pilot], kit: list[Equipment]) -> int:
    """Return the largest pool a dashboard can roll for a test with any pilot and equipment."""
    pilot = max((p.dice.of(test) for p in cards), default=0)
    adds = sorted((equipment_dice(c, test) for c in kit), reverse=True)
    water = WATER_DICE_MACHINES.get(board.id, 0) if test != "flying" else 0
    return board.symbols.of(test) + pilot + sum(adds[:board.equipment_slots]) + water


@rules.check
def dice_pools_fit_the_box(game: GameContent) -> Iterator[Finding]:
    """No dashboard with any pilot and equipment rolls more dice than the box holds (8.2)."""
    tables = tables_of(game)
    if tables is None:
        return
    cards, kit = pilots(game), equipment(game)
    for board in dashboards(game):
        for test in TESTS:
            pool = most_dice(board, test, cards, kit)
            if pool > tables.max_dice:
                yield error("dice.pool", f"{board.id!r} can roll {pool} dice for a {test} test "
                            f"with its best pilot and equipment; the box holds "
                            f"{tables.max_dice} dice (8.2)", board.symbols.where("take_off"))


def most_dashboards_at(test: Test, value: int, cards: list[Pilot], kit: list[Equipment],
                       machines: int) -> int:
    """Return how many dashboards can show a bonus of ``value`` for a test at once (6.10)."""
    bonus = [c for c in kit if c.dice.of(test)]
    best = 0
    for holders in product(range(len(cards) + 1), repeat=len(bonus)):
        # A dashboard may hold several of the cards (2 or 3 slots, 6.9).
        totals = [p.dice.of(test) for p in cards]
        for card, holder in zip(bonus, holders, strict=True):
            if holder < len(cards):
                totals[holder] += card.dice.of(test)
        best = max(best, sum(1 for t in totals if t == value))
    return min(best, machines)


def recorded(tables: RulesTables, game: GameContent, supply: str) -> bool:
    """Return whether game.yaml records a contradiction that explains a shortfall of supply."""
    ids = {c.id for c in game.manifest.contradictions}
    return any(s.supply == supply and s.contradiction in ids for s in tables.shortfalls)


@rules.check
def ability_markers_cover_the_bonuses(game: GameContent) -> Iterator[Finding]:
    """The ability markers can show every pilot and equipment bonus on six dashboards at once
    (6.10), and every bonus has a marker of its value."""
    tables = tables_of(game)
    if tables is None:
        return
    cards, kit = pilots(game), equipment(game)
    held: dict[tuple[str, int], int] = {}
    for token in counters(game):
        if token.token == "ability" and token.symbol and token.value:
            held[(token.symbol, token.value)] = held.get((token.symbol, token.value), 0) \
                + token.copies
    machines = machines_for(max(PLAYERS), tables)
    for test in TESTS:
        values = {p.dice.of(test) for p in cards} | {c.dice.of(test) for c in kit}
        values |= {p.dice.of(test) + c.dice.of(test) for p in cards for c in kit}
        for value in sorted(v for v in values if v):
            need = most_dashboards_at(test, value, cards, kit, machines)
            have = held.get((test, value), 0)
            if need > have and not recorded(tables, game, f"ability-{test}-{value}"):
                yield warning("supply.ability-markers", f"{need} dashboards can each need a "
                              f"+{value} {test} ability marker at once; the box holds {have} "
                              "(6.10)", tables.where("contents"))


@rules.check
def charge_markers_cover_the_charges(game: GameContent) -> Iterator[Finding]:
    """Every charged card and pilot in play at once needs no more charge markers than the box
    holds (5.2, 6.9)."""
    tables = tables_of(game)
    if tables is None:
        return
    boards = dashboards(game)
    machines = machines_for(max(PLAYERS), tables)
    slots = sum(sorted((b.equipment_slots for b in boards), reverse=True)[:machines])
    charges = sorted((c.charges or 0 for c in equipment(game)), reverse=True)[:slots]
    pilot_charges = sorted(((p.charges or 0) + (p.cad_per_turn or 0) for p in pilots(game)),
                           reverse=True)[:machines]
    need = sum(charges) + sum(pilot_charges)
    have = sum(t.copies for t in counters(game) if t.token == "charge")
    if need > have and not recorded(tables, game, "charge-markers"):
        yield warning("supply.charge-markers", f"every charged card and pilot in play at once "
                      f"needs {need} charge markers; the box holds {have} (5.2)",
                      tables.where("contents"))


SETUP_RULES = {"special cargo": "(6.3)", "general cargo": "(6.3)", "passengers": "(6.2)",
               "first to land": "(6.5)", "first to land and seat points": "(5.3)",
               "race stage": "(section 7)", "hands": "(4.2)", "pilots": "(6.7)",
               "equipment": "(6.9)", "fuel": "(6.8)", "spare parts": "(6.11)",
               "machines": "(5.2)"}
"""The rule that places each kind of need."""
COURSE_RULES = {"quick-start": "(5.1)", "standard": "(6.1)", "long": "(6.1)",
                "random": "(12.1)", "two players": "(12.2)"}
"""The rule that builds each course, and the two-player game's."""


@rules.check
def supply_covers_every_setup(game: GameContent) -> Iterator[Finding]:
    """Each number of players and each course finds in the box what its set-up places."""
    tables = tables_of(game)
    if tables is None:
        return
    for players in PLAYERS:
        stacks = next((r for r in tables.race_stages if r.players == players), None)
        where = stacks.where("final") if stacks else tables.where("setup")
        for need in short(game, tables, common_needs(game, tables, players)):
            cite = SETUP_RULES.get(need.what.split(":")[0], "(5.2)")
            built = "(12.2)" if players == 2 else "(5.2)"
            yield error("supply.short", f"{players} players: {need.what} needs {need.count}, "
                        f"the box holds {holds(game, need)} {cite} {built}", where, rule=cite)
        for course in tables.courses:
            for need in short(game, tables, course_needs(game, tables, players, course)):
                cite = SETUP_RULES.get(need.what.split(":")[0], "(5.2)")
                built = COURSE_RULES.get("two players" if players == 2 else course.mode,
                                         "(6.1)")
                yield error("supply.short", f"{players} players, {course.mode} course: "
                            f"{need.what} needs {need.count}, the box holds "
                            f"{holds(game, need)} {cite} {built}", course.where("mode"),
                            rule=cite, course_rule=built)


def holds(game: GameContent, need: Need) -> int:
    """Return how many of a need's pieces the box holds."""
    bom = game.bom()
    return sum(game.stated_count(bom[e]) for e in need.entries if e in bom)


def short(game: GameContent, tables: RulesTables, needs: list[Need]) -> list[Need]:
    """Return the needs the box cannot meet and no recorded contradiction explains."""
    return [n for n in needs if n.count > holds(game, n)
            and not (len(n.entries) == 1 and recorded(tables, game, n.entries[0]))]


@rules.derive("supply")
def supply_table(game: GameContent) -> list[dict[str, object]]:
    """What each number of players and course takes from the box, against what it holds."""
    tables = tables_of(game)
    if tables is None:
        return []
    bom = game.bom()
    return [{"players": players, "course": course.mode, "what": need.what,
             "needs": need.count,
             "holds": sum(game.stated_count(bom[e]) for e in need.entries if e in bom)}
            for players, course in product(PLAYERS, tables.courses)
            for need in setup_needs(game, tables, players, course)]
