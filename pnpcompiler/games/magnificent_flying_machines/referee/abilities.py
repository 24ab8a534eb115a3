"""Pilot and equipment abilities a race log shows (sections 13-14, 10.1): charges that give a
spare part symbol or ignore a terrain symbol, re-rolls, cads from Box of Tricks and Sir
Archibald, Sheila's restocked space, Elinah's repair on take-off, the Catapult Launcher, the
Damage Repair Kit, the Two-Seater's pilots and equipment exchanged on the middle airfield.

Dice an ability adds to every test (ability markers), charged dice and water dice are the dice
pool's (``flight.dice_pool``); the Navigator, Goggles, Armour Plating, St Christopher, Pierre
Dupont and the points pilots are applied where their rule is (``rolls``, ``phases``,
``cargo``)."""

from __future__ import annotations

from collections import Counter

from ....core.findings import Location
from ..model import TESTS, Test
from .log import Phase, RaceLog, Reroll
from .state import Flyer, Race, TurnState

SPARE_SYMBOL = ("universal-spare-parts", "vladimir-orkovski")
"""A charge gives one spare part symbol of any type (sections 13-14)."""
FLYING_MANUAL = "flying-manual"
"""A charge ignores one terrain symbol of any type (section 14)."""
REROLLS = ("lucky-locket", "flying-jacket", "adriana-belhinda")
BOX_OF_TRICKS, ROTTEN_EGG = "box-of-tricks", "sir-archibald-smythe"
SCAVENGER, MECHANIC, LUCKY = "sheila-dawson", "elinah-mwangi", "adriana-belhinda"
CATAPULT, REPAIR_KIT = "catapult-launcher", "damage-repair-kit"
NATIONAL_FLAG, FLAG_POINTS = "national-flag", 5
"""Section 14: 5 victory points when delivered to the final airfield, by landing there (the
recorded reading national-flag)."""
LUCKY_DICE = 2
"""Adriana Belhinda re-rolls up to two dice, once per phase."""


def pilot_is(flyer: Flyer, pilot: str) -> bool:
    """Return whether the pilot flying the machine is the one named."""
    return flyer.pilot is not None and flyer.pilot.id == pilot


def carries(flyer: Flyer, card: str) -> bool:
    """Return whether the machine carries an equipment card."""
    return any(c.id == card for c in flyer.kit)


# --- set-up -----------------------------------------------------------------------------------


def set_up(race: Race, log: RaceLog) -> None:
    """Seat each Two-Seater's second pilot (section 14) and give him his charges."""
    flying = {m.pilot for m in log.machines}
    for i, machine in enumerate(log.machines):
        flyer = race.flyers.get(machine.dashboard)
        if flyer is None:
            continue
        where = log.where("machines", i)
        seat_crew(race, flyer, machine.second_pilot, where, flying)
        if machine.second_pilot is not None:
            flying.add(machine.second_pilot)


def seat_crew(race: Race, flyer: Flyer, second: str | None, where: Location | None,
              flying: set[str]) -> None:
    """Check a Two-Seater's pilots and seat the second (section 14)."""
    rules = race.tables.rules.two_seater
    two_seater = carries(flyer, rules.equipment)
    piece = flyer.name
    if not two_seater:
        if second is not None:
            race.rulings.rule("two-seater.pilot", "section 14", "only a Two-Seater carries a "
                              f"second pilot; found {second}", where, piece=piece)
        return
    if second is None or second not in race.tables.pilots:
        race.rulings.rule("two-seater.pilot", "section 14", "a Two-Seater chooses an "
                          "additional pilot from the top six of the pilot deck; found "
                          f"{second or 'none'}", where, piece=piece)
        return
    pilots = [p for p in (flyer.machine.pilot, second) if p]
    banned = [p for p in pilots if p in rules.excluded_pilots]
    if banned:
        race.rulings.rule("two-seater.pilot", "section 14", f"{', '.join(banned)} cannot "
                          "fly in a Two-Seater", where, piece=piece)
    if second in flying:
        race.rulings.rule("two-seater.pilot", "section 14", f"{second} already flies a "
                          "machine: each pilot card is taken once", where, piece=piece)
    pilot = race.tables.pilots[second]
    flyer.crew = [p for p in (flyer.pilot, pilot) if p is not None]
    if pilot.charges:
        flyer.charges[pilot.id] = pilot.charges


# --- before and after an action ---------------------------------------------------------------


def before(race: Race, now: TurnState, phase: Phase) -> None:
    """Apply what a record writes before an action's phase is counted: the Two-Seater's pilot
    change, an exchange on the middle airfield, Sheila's restock, Elinah's repair and the
    Damage Repair Kit's extra phase."""
    flyer = now.flyer
    if phase.pilot is not None:
        change_pilot(race, flyer, phase)
    if phase.swap is not None and phase.action != "landing":
        exchange(race, flyer, phase)
    if phase.restock is not None:
        restock(race, flyer, phase)
    if phase.repair:
        mechanic(race, flyer, phase)
    if REPAIR_KIT in phase.charges and phase.action == "repair-and-scavenge":
        repair_kit(race, now, phase)


def after(race: Race, now: TurnState, phase: Phase) -> None:
    """Apply what follows a landing: an exchange written on it (10.1), and the National
    Flag's points on the final airfield (section 14)."""
    if phase.swap is not None and phase.action == "landing":
        exchange(race, now.flyer, phase)
    flyer = now.flyer
    if (phase.action == "landing" and flyer.altitude == 0 and carries(flyer, NATIONAL_FLAG)
            and race.course[flyer.at].airfield == "final" and not flyer.points[NATIONAL_FLAG]):
        flyer.points[NATIONAL_FLAG] += FLAG_POINTS


def change_pilot(race: Race, flyer: Flyer, phase: Phase) -> None:
    """Change a Two-Seater's flying pilot: on the ground, between its two (section 14)."""
    crew = {p.id: p for p in flyer.crew}
    where, piece = phase.where("pilot"), flyer.name
    if phase.pilot not in crew:
        race.rulings.rule("two-seater.pilot", "section 14", f"{phase.pilot} is not one of "
                          f"this machine's pilots ({', '.join(crew) or 'no Two-Seater'})",
                          where, piece=piece)
    elif flyer.altitude > 0:
        race.rulings.rule("two-seater.change", "section 14", "a Two-Seater changes pilots "
                          "only on the ground", where, piece=piece)
    else:
        flyer.pilot = crew[phase.pilot]


def restock(race: Race, flyer: Flyer, phase: Phase) -> None:
    """Fill Sheila's space with a spare part at the start of a take-off phase (section 13)."""
    where, piece, kind = phase.where("restock"), flyer.name, phase.restock or ""
    if not pilot_is(flyer, SCAVENGER) or phase.action != "take-off":
        race.rulings.rule("ability.restock", "section 13", "only Sheila Dawson's space is "
                          "restocked, at the start of a take-off phase", where, piece=piece)
    elif flyer.space is not None:
        race.rulings.rule("ability.restock", "section 13", f"Sheila Dawson's space holds a "
                          f"{flyer.space} spare part already", where, piece=piece)
    else:
        flyer.space = kind
        flyer.parts[kind] = flyer.parts.get(kind, 0) + 1


def mechanic(race: Race, flyer: Flyer, phase: Phase) -> None:
    """Elinah repairs one damage marker when taking off: the gauge's to the scoring area."""
    where, piece = phase.where("repair"), flyer.name
    if not pilot_is(flyer, MECHANIC) or phase.action != "take-off":
        race.rulings.rule("ability.repair", "section 13", "only Elinah Mwangi repairs a "
                          "damage marker, when taking off", where, piece=piece)
    elif flyer.gauge_damage == 0 or flyer.altitude > 0:
        race.rulings.rule("ability.repair", "section 13", "no damage marker on the fuel "
                          "gauge to repair on taking off", where, piece=piece)
    else:
        flyer.gauge_damage -= 1
        flyer.damage += 1


def repair_kit(race: Race, now: TurnState, phase: Phase) -> None:
    """Discard the Damage Repair Kit: an extra phase to repair and scavenge, every damage
    marker removed and not counted at the end (section 14)."""
    flyer = now.flyer
    if flyer.charges.get(REPAIR_KIT, 0) <= 0:
        race.rulings.rule("charge.spent", "section 14", f"{REPAIR_KIT} has no charge left",
                          phase.where("charges"), piece=flyer.name)
        return
    if flyer.altitude > 0:
        return  # the action itself is reported as taken in the air (8.3)
    now.phases -= 1
    flyer.gauge_damage = flyer.damage = 0
    del flyer.charges[REPAIR_KIT]
    flyer.kit = [c for c in flyer.kit if c.id != REPAIR_KIT]


def catapult(race: Race, now: TurnState, phase: Phase) -> bool:
    """Play a take-off by the Catapult Launcher: no test, through the tile onto the next,
    in the lowest air band (section 14); return whether the take-off was the catapult's."""
    flyer = now.flyer
    if phase.action != "take-off" or CATAPULT not in phase.charges:
        return False
    where, piece = phase.where("charges"), flyer.name
    if flyer.charges.get(CATAPULT, 0) <= 0:
        # One mistake, one finding: the take-off it would have been is not played.
        race.rulings.rule("charge.spent", "section 14", f"{CATAPULT} has no charge left",
                          where, piece=piece)
        return True
    flyer.charges[CATAPULT] -= 1
    if phase.dice:
        race.rulings.rule("test.none", "section 14", "the Catapult Launcher takes off "
                          f"without a test, so no dice are rolled; found {len(phase.dice)}",
                          phase.where("dice"), piece=piece)
    if flyer.at + 1 < len(race.course):
        flyer.at += 1
        now.crossed += 1
    flyer.altitude = 1
    return True


# --- exchanging equipment on the middle airfield (10.1) ---------------------------------------


def exchange(race: Race, flyer: Flyer, phase: Phase) -> None:
    """Give up equipment for face-up cards on the middle airfield's ground (10.1), one for
    one (the recorded reading middle-airfield-exchange)."""
    swap, where, piece = phase.swap, phase.where("swap"), flyer.name
    assert swap is not None
    tile = race.course[flyer.at]
    if flyer.altitude > 0 or tile.airfield != "middle":
        race.rulings.rule("equipment.swap", "10.1", "equipment is exchanged only on the "
                          "ground of the middle airfield", where, piece=piece)
        return
    held = {c.id for f in race.flyers.values() for c in f.kit}
    mine = {c.id for c in flyer.kit}
    wrong = [c for c in swap.drop if c not in mine]
    wrong += [c for c in swap.take if c not in race.tables.equipment or c in held
              or c in race.discarded]
    if wrong or len(swap.take) != len(swap.drop) or len(set(swap.take)) != len(swap.take):
        race.rulings.rule("equipment.swap", "10.1", "each card given up is replaced by one "
                          "of the face-up cards, none another machine holds or discarded; "
                          f"found {', '.join(swap.drop)} for {', '.join(swap.take)}", where,
                          piece=piece)
        return
    for card in swap.drop:
        flyer.charges.pop(card, None)
    race.discarded.update(swap.drop)
    flyer.kit = [c for c in flyer.kit if c.id not in swap.drop]
    taken = [race.tables.equipment[c] for c in swap.take]
    flyer.kit += taken
    flyer.charges.update({c.id: c.charges for c in taken if c.charges})
    two_seater = race.tables.rules.two_seater.equipment
    if two_seater in swap.drop:
        first = race.tables.pilots.get(flyer.machine.pilot)
        for pilot in flyer.crew:
            if pilot is not first:
                flyer.charges.pop(pilot.id, None)
        flyer.crew, flyer.pilot = [], first
    if two_seater in swap.take:
        flying = {p.id for f in race.flyers.values() for p in (f.pilot, *f.crew) if p}
        seat_crew(race, flyer, swap.pilot, phase.where("swap", "pilot"), flying)


# --- a test ----------------------------------------------------------------------------------


def terrain_ignored(phase: Phase) -> int:
    """Return the terrain symbols the Flying Manual's charges ignore in a test."""
    return phase.charges.count(FLYING_MANUAL)


def on_test(race: Race, now: TurnState, phase: Phase, test: Test) -> int:
    """Check a test's charges and cad against the cards that give them; return the spare
    part symbols charges add (Vladimir Orkovski, Universal Spare Parts)."""
    flyer = now.flyer
    symbols = 0
    for card in phase.charges:
        if card in SPARE_SYMBOL:
            if card == "vladimir-orkovski" and not pilot_is(flyer, card):
                race.rulings.rule("charge.use", "section 14", "only the flying pilot's "
                                  "abilities are used", phase.where("charges"),
                                  piece=flyer.name)
            elif flyer.charges.get(card, 0) > 0:
                symbols += 1
        elif not charge_fits(race, card, test):
            race.rulings.rule("charge.use", "section 14", f"{card}'s charge does nothing "
                              f"for a {test} test", phase.where("charges"), piece=flyer.name)
    if phase.spare_parts and flyer.space == test:
        flyer.space = None  # the restocked part is spent first: it comes back
    return symbols


def charge_fits(race: Race, card: str, test: Test) -> bool:
    """Return whether an equipment charge may be spent on a test of this kind."""
    equipment = race.tables.equipment.get(card)
    if equipment is None or card == FLYING_MANUAL:
        return True
    if card in (*REROLLS, BOX_OF_TRICKS, CATAPULT, REPAIR_KIT):
        return False
    if equipment.any_test_charge_die or equipment.charged_dice.of(test):
        return True
    # A charge that is no die at all (the Mounted Rifle's) is not this test's to judge.
    return not any(equipment.charged_dice.of(t) for t in TESTS)


def cad_from(race: Race, now: TurnState, phase: Phase) -> None:
    """Spend a cad's source when it is no trick and boost card: a Box of Tricks charge or Sir
    Archibald's cad of the round (sections 13-14, the recorded reading archibald-cad)."""
    where, piece = phase.where("cad_from"), now.flyer.name
    theirs = [f for f in race.flyers.values() if f.machine.player == phase.cad]
    if phase.cad is None:
        race.rulings.rule("cad.source", "8.2", "a cad's source is written without the "
                          "player who played it", where, piece=piece)
    elif phase.cad_from == BOX_OF_TRICKS:
        holder = next((f for f in theirs if f.charges.get(BOX_OF_TRICKS, 0) > 0), None)
        if holder is None:
            race.rulings.rule("cad.source", "section 14", f"{phase.cad}'s machine carries "
                              "no Box of Tricks with a charge left", where, piece=piece)
        else:
            holder.charges[BOX_OF_TRICKS] -= 1
    elif phase.cad_from == ROTTEN_EGG:
        rotten = next((f for f in theirs if pilot_is(f, ROTTEN_EGG)), None)
        if rotten is None:
            race.rulings.rule("cad.source", "section 13", f"{phase.cad} does not fly Sir "
                              "Archibald Smythe", where, piece=piece)
            return
        turn, seat, machines = race.turns, race.order.index(rotten.name), len(race.order)
        restocked = turn - (turn - seat) % machines
        if race.cads_used.get(rotten.name, -machines - 1) >= restocked:
            race.rulings.rule("cad.archibald", "section 13", "Sir Archibald's cad is "
                              "restocked at the start of his turn: played once already "
                              "since", where, piece=piece)
        race.cads_used[rotten.name] = turn
    else:
        race.rulings.rule("cad.source", "8.2", f"a cad comes from a trick and boost card, "
                          f"a Box of Tricks or Sir Archibald; found {phase.cad_from}", where,
                          piece=piece)


def rolled(race: Race, now: TurnState, phase: Phase) -> list[int]:
    """Return a test's faces after its re-rolls, each checked against the card or pilot
    that allows it (sections 13-14)."""
    if not phase.rerolls:
        return phase.dice
    faces = list(phase.dice)
    for i, reroll in enumerate(phase.rerolls):
        if allowed_reroll(race, now, phase, reroll, i):
            left = Counter(faces)
            left.subtract(reroll.dice)
            if min(left.values(), default=0) < 0 or len(reroll.rolled) != len(reroll.dice):
                race.rulings.rule("reroll.dice", "8.2", f"a re-roll gives up dice the test "
                                  f"shows ({faces}) for as many new ones; found "
                                  f"{reroll.dice} for {reroll.rolled}",
                                  phase.where("rerolls", i), piece=now.flyer.name)
                continue
            faces = sorted(left.elements()) + list(reroll.rolled)
    return faces


def allowed_reroll(race: Race, now: TurnState, phase: Phase, reroll: Reroll, i: int) -> bool:
    """Report a re-roll the machine may not make; spend its charge; return whether it counts."""
    flyer, where = now.flyer, phase.where("rerolls", i)
    problem = ""
    if reroll.by == LUCKY:
        if not pilot_is(flyer, LUCKY):
            problem = "only Adriana Belhinda re-rolls without a card"
        elif len(reroll.dice) > LUCKY_DICE:
            problem = "Adriana Belhinda re-rolls up to two dice"
        elif now.phases in now.rerolled:
            problem = "Adriana Belhinda re-rolls once per phase"
        else:
            now.rerolled.add(now.phases)
    elif reroll.by in REROLLS:
        if not carries(flyer, reroll.by):
            problem = f"the {flyer.name} does not carry {reroll.by}"
        elif flyer.charges.get(reroll.by, 0) <= 0:
            problem = f"{reroll.by} has no charge left"
        elif reroll.by == "flying-jacket" and any(
                "explosion" not in race.tables.symbols(f) for f in reroll.dice):
            problem = "the Flying Jacket re-rolls dice showing explosion symbols only"
        else:
            flyer.charges[reroll.by] -= 1
    else:
        problem = f"{reroll.by} gives no re-roll"
    if problem:
        race.rulings.rule("reroll.by", "section 14" if reroll.by != LUCKY else "section 13",
                          problem, where, piece=flyer.name)
    return not problem
