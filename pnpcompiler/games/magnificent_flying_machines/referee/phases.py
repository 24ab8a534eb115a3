"""One action phase of a turn (8.1, 8.3): where the machine may act, its test (8.2) and what
the action table does with the outcome."""

from __future__ import annotations

from collections.abc import Sequence

from ..flight import fuel_spent
from ..model import Test
from . import abilities, cards, cargo
from .log import Phase
from .rolls import FINAL_ACTIONS, TEST_OF
from .state import GAUGE, GAUGE_DAMAGE, Flyer, Race, TurnState

AIR_ACTIONS = ("fly-on", "trick-manoeuvre", "gain-altitude", "landing")
GROUND_ACTIONS = ("take-off", "repair-and-scavenge")


def act(race: Race, phase: Phase) -> None:
    """Play one action of the current turn."""
    now = race.current
    if now is None:
        # A turn played after the race ended is that one finding (game.over), its actions
        # not played.
        if not race.over:
            race.rulings.rule("turn.none", "8.1", "an action outside any turn",
                              phase.where("action"))
        return
    now.outcome = None
    abilities.before(race, now, phase)
    counted = count_phase(race, now, phase)
    before = sum(now.flyer.points.values())
    play(race, now, phase)
    if not counted:
        # The record goes on from the extra phase, so it is played; a score left without
        # its points is not a second finding (9.2).
        player = now.flyer.machine.player
        race.unscored[player] = (race.unscored.get(player, 0)
                                 + sum(now.flyer.points.values()) - before)


def play(race: Race, now: TurnState, phase: Phase) -> None:
    """Play one action phase: where it may be taken, its test and what it does."""
    flyer = now.flyer
    cards.before_action(race, now, phase)
    if phase.action != "landing":
        cargo.exchange(race, phase)
    if not allowed_here(race, flyer, phase) or abilities.catapult(race, now, phase):
        return
    test = TEST_OF.get(phase.action)
    if test is None:
        if phase.dice:
            race.rulings.rule("test.none", "8.3", f"{phase.action} takes no test, so no dice "
                              f"are rolled; found {len(phase.dice)}", phase.where("dice"),
                              piece=flyer.name)
        outcome = "pass"
    else:
        outcome = take_test(race, now, phase, test)
    effects(race, now, phase, outcome)
    cards.after_action(race, now, phase, outcome)
    if phase.action == "landing":
        cargo.exchange(race, phase)
    abilities.after(race, now, phase)
    if flyer.gauge_damage >= GAUGE_DAMAGE and flyer.altitude > 0:
        now.forced_landing = True


def count_phase(race: Race, now: TurnState, phase: Phase) -> bool:
    """Count the phases a turn uses: two, besides continued and forced actions (8.1, 8.3);
    return False for a phase beyond them."""
    if phase.forced:
        if not now.forced_landing or phase.action != "landing":
            ruling(race, now.flyer, phase, "phase.forced", "8.3", "only a landing test forced "
                   "by a catastrophic failure or two damage markers on the gauge is taken "
                   "without a phase")
        now.forced_landing = False
    elif phase.continues:
        if not now.may_continue:
            ruling(race, now.flyer, phase, "phase.continues", "8.3", "a phase goes on only "
                   "after a passed fly on or trick manoeuvre")
    else:
        if now.forced_landing:
            ruling(race, now.flyer, phase, "landing.forced", "8.3", "a catastrophic failure "
                   f"forces a landing test first, found {phase.action}")
            now.forced_landing = False
        now.phases += 1
        if now.phases > 2:
            ruling(race, now.flyer, phase, "phase.count", "8.1", f"a turn has two action "
                   f"phases; this is action phase {now.phases}")
            return False
    now.may_continue = False
    return True


def ruling(race: Race, flyer: Flyer, phase: Phase, code: str, rule: str, text: str) -> None:
    """Rule on a phase's action and the machine taking it."""
    # Where the action is written, looked up only for a ruling: every phase passes here.
    race.rulings.rule(code, rule, text, phase.where("action"), piece=flyer.name)


def allowed_here(race: Race, flyer: Flyer, phase: Phase) -> bool:
    """Report an action the machine cannot take where it is; return whether it is played."""
    tile, action = race.course[flyer.at], phase.action
    on_runway = flyer.finished and flyer.altitude == 0 and tile.airfield == "final"
    if on_runway and action not in FINAL_ACTIONS:
        ruling(race, flyer, phase, "final.action", "section 11", "on the final airfield's "
               f"runway a machine takes final airfield actions, not {action}")
    elif action in FINAL_ACTIONS and not on_runway:
        ruling(race, flyer, phase, "final.action", "section 11", f"{action} is taken only on "
               "the final airfield's runway")
    elif action in FINAL_ACTIONS and action in flyer.done and action != "autographs":
        ruling(race, flyer, phase, "final.once", "section 11", f"{action} may be attempted "
               "once in the game")
    elif action in GROUND_ACTIONS and flyer.altitude > 0:
        ruling(race, flyer, phase, "action.in-the-air", "8.3", f"{action} is taken on the "
               f"ground; the machine is in air band {flyer.altitude}")
    elif action in AIR_ACTIONS and flyer.altitude == 0:
        ruling(race, flyer, phase, "action.on-the-ground", "8.3", f"{action} is taken in the "
               "air; the machine is on the ground")
    elif action == "take-off" and flyer.gauge_damage >= GAUGE_DAMAGE:
        ruling(race, flyer, phase, "damage.grounded", "8.4.2", "with two damage markers on "
               "the fuel gauge a machine may not take off")
    elif action == "fly-on" and flyer.at + 1 >= len(race.course):
        ruling(race, flyer, phase, "move.past-final", "8.1", "the final airfield is the end "
               "of the course: there is no tile to fly on to")
    elif action == "fly-on" and race.current is not None and flyer.fuel < (
            cost := fuel_spent(race.current.crossed + 1, race.tables.rules.fuel)):
        ruling(race, flyer, phase, "fuel.short", "8.3", f"flying on to cross tile "
               f"{race.current.crossed + 1} this turn needs {cost} fuel cubes (8.4.1); the "
               f"gauge holds {flyer.fuel}")
    else:
        return True
    return False


def take_test(race: Race, now: TurnState, phase: Phase, test: str) -> str:
    """Check a test's dice and what was added to pass it; return its outcome (8.2)."""
    flyer, piece = now.flyer, now.flyer.name
    kind: Test = test  # type: ignore[assignment]
    needed, dice = cards.test_of(race, flyer, phase, kind)
    if phase.cad is not None and phase.cad == flyer.machine.player:
        race.rulings.rule("cad.own", "8.2", "a cad symbol is played by another player on "
                          "your test", phase.where("cad"), piece=piece)
    if len(phase.dice) != dice.dice:
        terms = ", ".join(f"{name} {n:+d}" for name, n in dice.terms)
        race.rulings.rule("test.dice", "8.2", f"the {test} test rolls {dice.dice} dice "
                          f"({terms}); found {len(phase.dice)}", phase.where("dice"),
                          piece=piece)
    extra = abilities.on_test(race, now, phase, test)  # type: ignore[arg-type]
    for card in phase.charges:
        if flyer.charges.get(card, 0) <= 0:
            race.rulings.rule("charge.spent", "section 14", f"{card} has no charge left",
                              phase.where("charges"), piece=piece)
        else:
            flyer.charges[card] -= 1
    final = cards.final_dice(race, phase, kind, abilities.rolled(race, now, phase))
    symbols = race.tables.shown(test, final) + spend_parts(race, flyer, phase, test)
    symbols += extra + cards.card_symbols(race, flyer, phase, kind)
    if phase.descend:
        if test != "flying" or flyer.altitude - phase.descend < 1:
            race.rulings.rule("altitude.descend", "8.3", f"a flying test may gain a symbol "
                              f"for each band descended, staying in the air; found "
                              f"{phase.descend} from band {flyer.altitude}",
                              phase.where("descend"), piece=piece)
        else:
            flyer.altitude -= phase.descend
            symbols += phase.descend
    carded = cards.rescued(race, now, phase, kind, short=symbols < needed)
    outcome = "pass" if symbols >= needed or carded else rescue(race, flyer, phase, test)
    if outcome != "pass":
        outcome = "catastrophic" if explodes(race, flyer, final, test) else "fail"
    if phase.outcome != outcome:
        race.rulings.rule("test.outcome", "8.2", f"the {test} test needs {needed} symbols and "
                          f"has {symbols}: expected {outcome}, found {phase.outcome}",
                          phase.where("outcome"), piece=piece)
    now.tests[test] = now.tests.get(test, 0) + 1  # without Counter's __missing__
    now.outcome = outcome
    return outcome


def spend_parts(race: Race, flyer: Flyer, phase: Phase, test: str) -> int:
    """Spend the spare parts a test uses; return the symbols they give (8.2)."""
    have = flyer.parts.get(test, 0)
    if phase.spare_parts > have:
        # One mistake, one finding: the parts it did hold stay for the tests that follow.
        race.rulings.rule("spare-parts.none", "8.2", f"{phase.spare_parts} {test} spare parts "
                          f"spent; the machine holds {have}", phase.where("spare_parts"),
                          piece=flyer.name)
    else:
        flyer.parts[test] = have - phase.spare_parts
    return phase.spare_parts


def rescue(race: Race, flyer: Flyer, phase: Phase, test: str) -> str:
    """Return ``pass`` when two fuel cubes (not for landing) or a luck token save a failed
    test, else ``fail`` (8.2, 8.3)."""
    if phase.fuel:
        if test == "landing":
            race.rulings.rule("fuel.landing", "8.2", "two fuel cubes pass a failed take-off or "
                              "flying test, never a landing test", phase.where("fuel"),
                              piece=flyer.name)
        elif flyer.fuel < 2:
            race.rulings.rule("fuel.short", "8.2", f"two fuel cubes are discarded to pass; the "
                              f"gauge holds {flyer.fuel}", phase.where("fuel"),
                              piece=flyer.name)
        else:
            flyer.fuel -= 2
            return "pass"
    if phase.luck:
        if flyer.luck < 1:
            race.rulings.rule("luck.none", "8.3", "a luck token is spent but the machine holds "
                              "none", phase.where("luck"), piece=flyer.name)
        else:
            flyer.luck -= 1
            return "pass"
    return "fail"


def explodes(race: Race, flyer: Flyer, dice: Sequence[int], test: str) -> bool:
    """Return whether a failed test is a catastrophic failure (8.2, sections 13-14): the
    faces its dice finally show."""
    explosions = race.tables.shown("explosion", dice)
    ids = {c.id for c in flyer.kit}
    if "armour-plating" in ids:
        explosions -= 1
    if "st-christopher" in ids or (test == "flying" and flyer.pilot is not None
                                   and flyer.pilot.id == "pierre-dupont"):
        return False
    return explosions > 0


def effects(race: Race, now: TurnState, phase: Phase, outcome: str) -> None:
    """Do what the action table says of an action's outcome (8.3, 10.1, section 11)."""
    flyer, tile = now.flyer, race.course[now.flyer.at]
    action = phase.action
    if action == "take-off" and outcome == "pass":
        flyer.altitude = 1
    elif action == "repair-and-scavenge":
        repair(race, flyer, phase)
    elif action == "fly-on" and outcome == "pass":
        flyer.at += 1
        now.crossed += 1
        flyer.altitude = min(flyer.altitude, race.course[flyer.at].air_bands)
        now.may_continue = True
    elif action == "trick-manoeuvre" and outcome == "pass":
        barnstormer = flyer.pilot is not None and flyer.pilot.id == "kauri-parata"
        flyer.points["tricks"] += 2 + (1 if barnstormer else 0)
        now.progress = now.may_continue = True
    elif action == "gain-altitude":
        flyer.altitude = tile.air_bands
    elif action == "landing":
        land(race, now, outcome)
    elif action in ("make-good", "flying-lesson", "speech", "autographs"):
        final_action(race, flyer, action, outcome)
    if outcome == "catastrophic" and action in ("take-off", "fly-on", "trick-manoeuvre"):
        flyer.take_damage(1)
        if action != "take-off":
            now.forced_landing = True


def repair(race: Race, flyer: Flyer, phase: Phase) -> None:
    """Repair and scavenge (8.3, 8.4.3): gauge damage to the scoring area, a fuel cube if
    needed, then spare parts and fuel up to the tile's resource number."""
    flyer.damage += flyer.gauge_damage
    flyer.gauge_damage = 0
    flyer.fuel = min(GAUGE, flyer.fuel + 1)
    resource = race.course[flyer.at].resource
    taken = sum(phase.take.values())
    if taken > resource:
        race.rulings.rule("repair.resource", "8.3", f"the tile's resource number is "
                          f"{resource}; {taken} spare parts and fuel cubes taken",
                          phase.where("take"), piece=flyer.name)
    for kind, n in phase.take.items():
        if kind == "fuel":
            flyer.fuel = min(GAUGE, flyer.fuel + n)
        else:
            flyer.parts[kind] = flyer.parts.get(kind, 0) + n


def land(race: Race, now: TurnState, outcome: str) -> None:
    """A landing test's outcome (8.3) and the airfield's race stage marker (10.1)."""
    flyer, tile = now.flyer, race.course[now.flyer.at]
    flyer.altitude = 0
    if outcome == "pass":
        if tile.first_to_land and flyer.at not in race.first_landed:
            race.first_landed.add(flyer.at)
            pioneer = flyer.pilot is not None and flyer.pilot.id == "matthew-comben"
            flyer.points["first to land"] += tile.first_to_land + (1 if pioneer else 0)
            now.progress = True
        flyer.fuel = min(GAUGE - flyer.gauge_damage, flyer.fuel + 1)
    else:
        flyer.take_damage(1 if outcome == "fail" else 2)
    if tile.airfield in ("middle", "final"):
        stack = race.stacks[tile.airfield]
        if stack:
            flyer.points["race stage"] += stack.pop(0)
            now.progress = True
        if tile.airfield == "final":
            flyer.finished = True
    if tile.airfield == "final":
        cargo.land_at_final(race, flyer)


def final_action(race: Race, flyer: Flyer, action: str, outcome: str) -> None:
    """A final airfield special action (section 11)."""
    rule = next(a for a in race.tables.rules.final_airfield if a.id == action)
    if action != "autographs":
        flyer.done.add(action)
    if outcome == "pass":
        flyer.points["final airfield"] += rule.victory_points
        for _ in range(rule.removes_damage):
            if flyer.gauge_damage:
                flyer.gauge_damage -= 1
            elif flyer.damage:
                flyer.damage -= 1
    elif outcome == "catastrophic":
        flyer.take_damage(1)
