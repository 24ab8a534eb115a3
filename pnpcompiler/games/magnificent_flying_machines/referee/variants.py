"""The less dirty game (12.4): the cards it returns to the box (the Shotgun, the Mounted Rifle,
Sir Archibald Smythe, every dirty trick, Immunity, An Honourable Pilot, This Means War and
Official Scrutiny, as ``rules.yaml`` lists them) appear nowhere in a race that says it plays
it: not flown, carried, drafted, dealt, drawn, played or fired."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.findings import Location
from ..model import Equipment, Pilot
from .log import Phase, Play, RaceLog, Turn
from .state import Race, Tables

LESS_DIRTY = "less-dirty"


def returned_to_the_box(tables: Tables) -> dict[str, str]:
    """Return the cards the less dirty game leaves out, by id, with the name to report."""
    rule = tables.rules.variants.less_dirty
    out = {p: _name(tables.pilots.get(p), p) for p in rule.pilots}
    out |= {e: _name(tables.equipment.get(e), e) for e in rule.equipment}
    for card in tables.tricks.values():
        if card.title in rule.tricks or (rule.all_dirty_tricks and card.frame == "dirty-trick"):
            out[card.id] = card.title
    return out


def _name(card: Pilot | Equipment | None, card_id: str) -> str:
    """Return a card's printed name, or its id when it has none."""
    return (card.name if card is not None else None) or card_id


def check_variant(race: Race, log: RaceLog) -> None:
    """Report each card the less dirty game returns to the box, once, where the race first
    shows it (12.4)."""
    if LESS_DIRTY not in log.variants:
        return
    gone, seen = returned_to_the_box(race.tables), set()
    for card, where in mentions(log):
        if card in gone and card not in seen:
            seen.add(card)
            race.rulings.rule("variant.less-dirty", "12.4", f"the less dirty game returns "
                              f"{gone[card]} to the box; found {card} in the race", where)


def mentions(log: RaceLog) -> Iterator[tuple[str, Location | None]]:
    """Yield every pilot, equipment and trick and boost card the race names, in record order,
    with where it is named."""
    for i, machine in enumerate(log.machines):
        yield machine.pilot, log.where("machines", i, "pilot")
        if machine.second_pilot:
            yield machine.second_pilot, log.where("machines", i, "second_pilot")
        for j, kit in enumerate(machine.equipment):
            yield kit, log.where("machines", i, "equipment", j)
    if log.draft is not None:
        for name in ("pilots", "equipment"):
            part = getattr(log.draft, name)
            if part is None:
                continue
            for j, card in enumerate(part.display):
                yield card, part.where("display", j)
            for pick in part.picks:
                yield pick.card, pick.where("card")
                if pick.dealt:
                    yield pick.dealt, pick.where("dealt")
    for player, hand in (log.hands or {}).items():
        for j, card in enumerate(hand):
            yield card, log.where("hands", player, j)
    for turn in log.turns:
        yield from _turn_mentions(turn)


def _turn_mentions(turn: Turn) -> Iterator[tuple[str, Location | None]]:
    """Yield the cards one turn names: its phases', then its own plays, shots and draws."""
    for phase in turn.phases:
        yield from _phase_mentions(phase)
    yield from _plays(turn.cards)
    for j, attack in enumerate(turn.attacks):
        yield attack.equipment, turn.where("attacks", j, "equipment")
    for j, card in enumerate(turn.draw):
        yield card, turn.where("draw", j)


def _phase_mentions(phase: Phase) -> Iterator[tuple[str, Location | None]]:
    """Yield the cards one phase names: a cad's source, its plays and shots, a swap."""
    if phase.cad_from:
        yield phase.cad_from, phase.where("cad_from")
    if phase.cad_answer:
        yield phase.cad_answer, phase.where("cad_answer")
    yield from _plays(phase.cards)
    for j, attack in enumerate(phase.attacks):
        yield attack.equipment, phase.where("attacks", j, "equipment")
    if phase.swap is not None:
        for j, card in enumerate(phase.swap.take):
            yield card, phase.swap.where("take", j)
        if phase.swap.pilot:
            yield phase.swap.pilot, phase.swap.where("pilot")
    if phase.pilot:
        yield phase.pilot, phase.where("pilot")


def _plays(plays: list[Play]) -> Iterator[tuple[str, Location | None]]:
    """Yield the cards played, and those played back in answer."""
    for play in plays:
        yield play.card, play.where("card")
        if play.answer:
            yield play.answer, play.where("answer")
