"""Deals, fines, status cards and bonus payments (4.05-4.13, 12.01-12.09, ATC STATUS).

The Sector Log checker and the shift replay share these rules, so the money of a game comes
out the same however it was recorded.
"""

from __future__ import annotations

from dataclasses import dataclass

from .context import Tables
from .state import Controller, Shift

KEY = "key-controller"
CAUTIONED = "cautioned-controller"


@dataclass(frozen=True)
class Payment:
    """How a hand-off's money was worked out."""

    schedule: int
    """The Schedule Bonus paid after modifiers and penalties (0 when none is due)."""
    extra: int
    """Random event bonuses paid on top."""
    why: str

    @property
    def total(self) -> int:
        """Return what the ATC is paid."""
        return self.schedule + self.extra


def status_modifier(atc: Controller, airline: str, tables: Tables) -> int:
    """Return the ATC's bonus payment modifier with an airline (ATC STATUS)."""
    if airline in atc.cautioned:
        return tables.modifier(airline, CAUTIONED)
    return atc.key.get(airline, 0) * tables.modifier(airline, KEY)


def status_card(atc: Controller, airline: str) -> str | None:
    """Return the ATC status card an ATC holds for an airline (None: neutral, ATC STATUS)."""
    if airline in atc.black_listed:
        return "black-listed"
    if airline in atc.cautioned:
        return CAUTIONED
    return KEY if atc.key.get(airline) else None


def schedule_bonus(*, bonus: int, penalty_per: int, away: int, modifier: int,
                   weather: int, overshoot: bool, tables: Tables) -> tuple[int, str]:
    """Return the Schedule Bonus due for a hand-off within schedule, and how it was reached.

    PENALTIES: more than 3 cumulative levels and hexes away and nothing is paid; otherwise
    the card's bonus plus the status modifier, less the penalty per level or hex away, the
    weather penalties of the flight and, for an overshoot, a one-off 50% (4.12). Penalties
    only reduce a bonus: the result is never below nothing.
    """
    limit = tables.rules.bonuses.no_bonus_beyond
    if away > limit:
        return 0, f"{away} levels/hexes away, more than {limit}: no Schedule Bonus"
    amount = bonus + modifier - away * penalty_per - weather
    parts = [f"bonus {bonus}"]
    if modifier:
        parts.append(f"status {modifier:+d}")
    if away:
        parts.append(f"{away} away x {penalty_per} = -{away * penalty_per}")
    if weather:
        parts.append(f"weather -{weather}")
    if overshoot:
        cut = bonus * tables.rules.bonuses.overshoot_penalty_percent // 100
        amount -= cut
        parts.append(f"final warning -{cut}")
    return max(amount, 0), ", ".join(parts)


def deal(shift: Shift, tables: Tables, atc_id: str, airline: str, major: bool) -> list[str]:
    """Apply a deal (12.01-12.06, CAUTIONED and BLACK LISTED CONTROLLER); return what
    followed, in words. A fired ATC stays fired."""
    atc = shift.controllers[atc_id]
    out = []
    atc.fines += tables.rules.fines.major if major else tables.rules.fines.minor
    atc.deals += tables.rules.deals.major_counts_as if major else 1
    atc.deals_with[airline] = atc.deals_with.get(airline, 0) + 1
    if major or atc.deals_with[airline] > 1:
        atc.black_listed.add(airline)
        atc.key.pop(airline, None)
        atc.cautioned.discard(airline)
        out.append(f"black-listed by {airline}")
    else:
        out.append(caution(shift, atc, airline))
    if atc.deals > tables.rules.deals.fired_after_more_than and not atc.fired:
        atc.fired = True
        out.append(f"fired: {atc.deals} deals, more than "
                   f"{tables.rules.deals.fired_after_more_than}")
    return out


def caution(shift: Shift, atc: Controller, airline: str) -> str:
    """Caution an ATC with an airline (12.02-12.03, CAUTIONED CONTROLLER)."""
    if airline in atc.black_listed:
        return f"already black-listed by {airline}"
    if atc.key.get(airline):
        # A Key Controller who is cautioned goes back to neutral and takes no card.
        atc.key.pop(airline)
        return f"Key Controller status with {airline} lost"
    holder = next((c for c in shift.controllers.values()
                   if c is not atc and airline in c.cautioned), None)
    if holder is not None:
        holder.cautioned.discard(airline)
    atc.cautioned.add(airline)
    return f"cautioned by {airline}" + (f" (card taken from {holder.id})" if holder else "")


def final_warning(shift: Shift, atc: Controller, airline: str) -> str:
    """Give a final warning (4.12, 12.07-12.09); the second with an airline is a caution."""
    atc.final_warnings[airline] = atc.final_warnings.get(airline, 0) + 1
    if atc.final_warnings[airline] == 2:  # 4.13, 12.09: the second one
        return "final warning; second with " + airline + ": " + caution(shift, atc, airline)
    return f"final warning from {airline}"


def overshoot(shift: Shift, atc: Controller, airline: str) -> str:
    """Record an overshoot (4.10, 4.12-4.13): a commendation removed and a final warning."""
    removed = "a commendation removed" if atc.commendations else "no commendation to remove"
    atc.commendations = max(atc.commendations - 1, 0)
    return f"{removed}; " + final_warning(shift, atc, airline)


def perfect_hand_off(shift: Shift, atc: Controller, airline: str) -> str:
    """Update status after a perfect hand-off (4.05-4.06, KEY CONTROLLER, REMOVING A
    CAUTION): a commendation; a caution is lifted, otherwise a Key Controller card."""
    atc.commendations += 1
    if airline in atc.cautioned:
        atc.cautioned.discard(airline)
        return f"commendation; caution with {airline} removed"
    # One Key Controller card per airline: taking it ends another ATC's status.
    holder = next((c for c in shift.controllers.values()
                   if c is not atc and c.key.get(airline)), None)
    if holder is not None:
        holder.key.pop(airline)
    atc.key[airline] = atc.key.get(airline, 0) + 1
    return (f"commendation; Key Controller with {airline} x{atc.key[airline]}"
            + (f" (card taken from {holder.id})" if holder else ""))


def appraisal(atc: Controller, tables: Tables) -> int:
    """Return the APPRAISAL payment: 500 per commendation, docked 500 per deal."""
    a = tables.rules.appraisal
    return atc.commendations * a.per_commendation - atc.deals * a.per_deal


def winner(shift: Shift) -> str | None:
    """Return the ATC who earned the most (tie: most commendations, then fewest deals);
    a fired ATC cannot win. None when nobody is left."""
    staff = [c for c in shift.controllers.values() if not c.fired]
    if not staff:
        return None
    best = max(staff, key=lambda c: (c.cash, c.commendations, -c.deals))
    ties = [c for c in staff if (c.cash, c.commendations, -c.deals) ==
            (best.cash, best.commendations, -best.deals)]
    return best.id if len(ties) == 1 else None


def roll_off(rolls: dict[str, list[int]]) -> tuple[str | None, list[str]]:
    """Return the winner of a roll-off (highest roll, the tied re-rolling round by round)
    and, when the rolls stop on a tie, the players still tied."""
    contenders = [a for a, r in rolls.items() if r]
    for i in range(max((len(r) for r in rolls.values()), default=0)):
        scores = {a: rolls[a][i] for a in contenders if i < len(rolls[a])}
        if not scores:
            break
        best = max(scores.values())
        contenders = [a for a, v in scores.items() if v == best]
        if len(contenders) == 1:
            return contenders[0], []
    return None, contenders
