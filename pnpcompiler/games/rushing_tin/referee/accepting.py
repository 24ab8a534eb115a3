"""Who accepts when (1.12-1.14, 1.80-1.83): one at a time clockwise from the Lead Controller,
then the roll-offs that decide who may, or must, take the planes left in the Plane Pool.

The record lists a phase's acceptances in order. They are read as rounds round the table from
the Lead Controller: an ATC whose turn goes by while they could accept has declined, and may
accept again only once every ATC has declined, when the planes left must be taken in the order
of the roll-off (1.14, 1.83: lowest roll first). When the pool holds fewer planes than the
ATCs able to accept and the record has the rolls, the highest rolls choose first (1.82).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from ....core.model import Model
from .context import Context, where
from .log import Accept, Turn


@dataclass(slots=True)
class Table:
    """What decides who can accept: planes in the pool, each ATC's load and usable cards."""

    pool: int
    load: dict[str, int]
    cards: dict[str, int]
    fired: set[str]
    limit: int
    taken: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, ctx: Context) -> Table:
        """Return the table as the shift stands now."""
        state = ctx.state
        limit, _ = ctx.tables.shift_limit(len(state.seating))
        cards = {a: sum(1 for f in c.pending if f[:2] not in c.black_listed)
                 for a, c in state.controllers.items()}
        fired = {a for a, c in state.controllers.items() if c.fired}
        return cls(len(state.pool), state.load(), cards, fired, limit)

    def able(self, atc: str) -> bool:
        """Return whether an ATC could accept a hand-off now (a plane, a card, SHIFT LIMIT)."""
        if self.pool <= 0 or atc in self.fired or self.cards.get(atc, 0) <= 0:
            return False
        return (self.load.get(atc, 0) < self.limit
                or all(n >= self.limit for n in self.load.values()))

    def take(self, acc: Accept) -> None:
        """Play an acceptance on the counts."""
        self.pool -= 1
        if acc.atc in self.load:
            self.load[acc.atc] += 1
        holder = acc.traded_from or acc.atc
        if holder in self.cards:
            self.cards[holder] -= 1


def clockwise(ctx: Context) -> list[str]:
    """Return the ATCs round the table from the Lead Controller, to the left."""
    seating = ctx.state.seating
    if ctx.state.lead not in seating:
        return list(seating)
    start = seating.index(ctx.state.lead)
    return seating[start:] + seating[:start]


def check_rollers(ctx: Context, rolls: dict[str, list[int]] | None, owner: Model, key: str,
                  rule: str) -> None:
    """A roll-off is rolled by the ATCs on the shift: report each roller who is not one."""
    for atc in rolls or {}:
        if atc not in ctx.state.controllers:
            ctx.rule("rolls.unknown-atc", rule, f"{atc} rolls in the roll-off but is not an "
                     f"ATC on this shift ({', '.join(ctx.state.seating)})",
                     owner.where(key, atc, key=True))


def setup_acceptances(ctx: Context, accepts: list[Accept], first: int,
                      rolls: dict[str, list[int]] | None) -> None:
    """1.12-1.14: after the first round (``first`` acceptances), the set-up's acceptances."""
    table = Table.of(ctx)
    for acc in accepts[:first]:
        table.take(acc)
    judge(ctx, table, accepts[first:], rolls, setup=True)


def turn_acceptances(ctx: Context, turn: Turn) -> None:
    """1.80-1.83: a turn's acceptances, once the planes of 1.71 are in the pool."""
    check_rollers(ctx, turn.accept_rolls, turn, "accept_rolls", "1.83")
    if not turn.accept:
        return
    table = Table.of(ctx)
    # 1.43: an ATC who handed off a plane this turn may accept at once, before the round.
    handed = Counter(i.get("atc") for i in itertools.takewhile(
        lambda i: i["turn"] == ctx.state.turn, reversed(ctx.incidents))
        if i["kind"] == "hand-off")
    accepts = list(turn.accept)
    while accepts and handed[accepts[0].atc] > 0:
        handed[accepts[0].atc] -= 1
        table.take(accepts.pop(0))
    judge(ctx, table, accepts, turn.accept_rolls, setup=False)


def judge(ctx: Context, table: Table, accepts: list[Accept],
          rolls: dict[str, list[int]] | None, *, setup: bool) -> None:
    """Rule on the order of one phase's acceptances, the set-up's after its first round or
    a turn's (one finding at most)."""
    order = [a for a in clockwise(ctx) if a in table.load]
    if not accepts or not order:
        return
    if rolls and not setup and table.pool < sum(map(table.able, order)):
        choosing(ctx, table, accepts, rolls)
        return
    forced = round_the_table(ctx, table, accepts, order, setup=setup, rolled=bool(rolls))
    if forced is None:
        return
    if not rolls:
        if sum(map(table.able, order)) < 2:
            return  # only one ATC can take them: nothing to roll for
        rule = "1.14" if setup else "1.83"
        ctx.rule("accept.roll-off-missing", rule, f"{accepts[forced].atc} accepts after every "
                 "ATC let their turn go by: the planes left go by a roll-off, each ATC rolling "
                 "1d6, the lowest accepting first (re-rolling ties); the record has no "
                 "accept_rolls", where(accepts[forced], "atc"), warn=True)
        return
    wrong = lowest_first(table, accepts[forced:], order, rolls)
    if wrong is not None:
        acc, expected = wrong
        ctx.rule("accept.roll-off", "1.14" if setup else "1.83", "the roll-off decides who "
                 "must accept the planes left, lowest roll first (re-rolling ties): "
                 f"{' or '.join(expected)} must accept next; the record has {acc.atc}",
                 where(acc, "atc"))


def round_the_table(ctx: Context, table: Table, accepts: list[Accept], order: list[str],
                    *, setup: bool, rolled: bool) -> int | None:
    """Play the acceptances made in turn round the table; return where the forced ones
    start, or None. An ATC accepting after declining starts them when every ATC has declined
    or the record has the roll-off (``rolled``); otherwise it is out of turn."""
    seat, declined = 0, set[str]()
    for i, acc in enumerate(accepts):
        atc = acc.atc
        if atc not in order:
            table.take(acc)  # an unknown ATC is ruled on at the acceptance itself (2.01)
            continue
        if atc in declined:
            waiting = [a for a in order if a not in declined and table.able(a)]
            if rolled or not waiting:
                return i
            forced = "1.14" if setup else "1.83"
            ctx.rule("accept.out-of-turn", "1.12" if setup else "1.81", "hand-offs are "
                     "accepted one at a time clockwise from the Lead Controller "
                     f"({', '.join(order)}): {atc} let their turn go by and may not accept "
                     f"again before {', '.join(waiting)} decline too (then only by the "
                     f"roll-off of {forced}, which the record does not have)", where(acc, "atc"))
            return None
        while order[seat % len(order)] != atc:
            passed = order[seat % len(order)]
            if table.able(passed):
                declined.add(passed)
            seat += 1
        seat += 1
        table.take(acc)
    return None


def rank(rolls: dict[str, list[int]], atc: str) -> tuple[int, ...]:
    """Return an ATC's place in a roll-off: the first roll, then each re-roll after a tie."""
    return tuple(rolls.get(atc, ()))


def lowest_first(table: Table, accepts: list[Accept], order: list[str],
                 rolls: dict[str, list[int]]) -> tuple[Accept, list[str]] | None:
    """Return the first acceptance against the roll-off (lowest roll first, then the next,
    round again while planes are left) with who should have accepted, or None."""
    done: set[str] = set()
    for acc in accepts:
        fit = [a for a in order if a in rolls and a not in done and table.able(a)]
        if not fit:
            done.clear()
            fit = [a for a in order if a in rolls and table.able(a)]
        if fit:
            low = min(rank(rolls, a) for a in fit)
            expected = [a for a in fit if rank(rolls, a) == low]
            if acc.atc not in expected:
                return acc, expected
        done.add(acc.atc)
        table.take(acc)
    return None


def choosing(ctx: Context, table: Table, accepts: list[Accept], rolls: dict[str, list[int]]
             ) -> None:
    """1.82: too few planes for every ATC able to accept: the highest rolls choose first
    (or, if nobody wanted them, 1.83's lowest roll must accept first)."""
    order = list(table.load)
    highest = all(rank(rolls, a.atc) >= rank(rolls, b.atc)
                  for a, b in itertools.pairwise(accepts))
    if highest or lowest_first(table, accepts, order, rolls) is None:
        return
    late = next(b for a, b in itertools.pairwise(accepts)
                if rank(rolls, a.atc) < rank(rolls, b.atc))
    ctx.rule("accept.roll-off", "1.82", f"too few planes in the Plane Pool for every ATC: "
             f"only the highest rolls choose, highest first; {late.atc} rolled "
             f"{'-'.join(map(str, rank(rolls, late.atc)))} and accepts after a lower roll",
             where(late, "atc"))
