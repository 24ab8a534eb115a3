"""Equipment that acts on a rival (section 14): the Mounted Rifle (three charges, one damage
on a machine in the same air space whatever its altitude) and the Shotgun (two dice, one
damage on a machine at the same altitude when they show an explosion). Each is fired once per
turn, in its own machine's turn and from the air (the recorded reading of
attack-once-per-turn)."""

from __future__ import annotations

from ....core.findings import Location
from .log import Attack
from .state import Flyer, Race, TurnState

SHOTGUN_DICE = 2
"""Section 14: the Shotgun "may roll 2 dice"."""


def fire(race: Race, now: TurnState, attack: Attack, where: Location | None) -> None:
    """Fire a Mounted Rifle or Shotgun at a rival machine; a hit places one damage marker."""
    flyer, piece = now.flyer, now.flyer.name
    card = next((c for c in flyer.kit if c.id == attack.equipment), None)
    if card is None:
        race.rulings.rule("attack.carried", "section 14", f"the {piece} does not carry the "
                          f"{attack.equipment}", where, piece=piece)
        return
    if card.once_per_turn and card.id in now.fired:
        race.rulings.rule("attack.once", "section 14", f"the {card.name} is used once per "
                          "turn", where, piece=piece)
        return
    now.fired.add(card.id)
    target = race.flyers.get(attack.target)
    if target is None or target.machine.player == flyer.machine.player:
        race.rulings.rule("attack.target", "section 14", f"the {card.name} fires on a rival's "
                          f"machine; found {attack.target}", where, piece=piece)
        return
    if not in_range(flyer, target, card.id):
        level = "" if card.id == "mounted-rifle" else " at the same altitude"
        race.rulings.rule("attack.range", "section 14", f"the {card.name} fires on a machine in "
                          f"the same air space{level}: the {piece} is over tile "
                          f"{race.course[flyer.at].number} in band {flyer.altitude}, the "
                          f"{target.name} over tile {race.course[target.at].number} in band "
                          f"{target.altitude}", where, piece=piece)
        return
    if card.charges:
        if flyer.charges.get(card.id, 0) <= 0:
            race.rulings.rule("charge.spent", "section 14", f"{card.id} has no charge left",
                              where, piece=piece)
            return
        flyer.charges[card.id] -= 1
    if hits(race, attack, where, piece):
        target.take_damage(1)


def in_range(flyer: Flyer, target: Flyer, equipment: str) -> bool:
    """Return whether a rival is in the same air space (and, for the Shotgun, band)."""
    same_space = flyer.at == target.at and flyer.altitude > 0 and target.altitude > 0
    return same_space and (equipment == "mounted-rifle" or flyer.altitude == target.altitude)


def hits(race: Race, attack: Attack, where: Location | None, piece: str) -> bool:
    """Return whether the shot hits: the Rifle always, the Shotgun on an explosion."""
    if attack.equipment == "mounted-rifle":
        if attack.dice:
            race.rulings.rule("attack.dice", "section 14", "the Mounted Rifle rolls no dice; "
                              f"found {len(attack.dice)}", where, piece=piece)
        return True
    if len(attack.dice) != SHOTGUN_DICE:
        race.rulings.rule("attack.dice", "section 14", f"the Shotgun rolls {SHOTGUN_DICE} "
                          f"dice; found {len(attack.dice)}", where, piece=piece)
    return any("explosion" in race.tables.symbols(face) for face in attack.dice)
