"""Trick and boost cards played (8.1) and where a cad symbol comes from (8.2): who may play a
card and when, its bottom symbol as a spare part or a cad, and its text as the card's effect
data says (TrickEffect): on a rival's machine for a dirty trick, on one's own for a boost, on
the test being taken, after a trick manoeuvre, or in answer to a dirty trick or a cad."""

from __future__ import annotations

from collections.abc import Callable

from ....core.findings import Location
from ..flight import Pool
from ..model import Test, TrickCard, TrickEffect
from . import abilities, attacks, hands
from .log import Phase, Play, Turn
from .rolls import TEST_OF, need_and_pool
from .state import GAUGE, GAUGE_DAMAGE, Flyer, Race, TurnState

ON_TEST = ("test", "failed-test")
ANSWERS = ("answer-dirty", "answer-cad")


def start_turn(race: Race) -> None:
    """A machine forced down by a rival's card or shot in another turn lands first (8.4.2)."""
    now = race.current
    if now is not None and now.flyer.altitude > 0 and now.flyer.gauge_damage >= GAUGE_DAMAGE:
        now.forced_landing = True


# --- a test's pool, need and symbols, read from the phase's cards -----------------------------


def test_effects(race: Race, phase: Phase, test: Test) -> list[tuple[Play, TrickEffect]]:
    """Return the card texts that act on a test of this kind (an answered dirty trick acts no
    more)."""
    found = []
    for play in phase.cards:
        card = race.tables.tricks.get(play.card)
        if card is None or card.effect is None or play.use != "text":
            continue
        effect = card.effect
        answered = card.frame == "dirty-trick" and play.answer is not None
        if effect.when in ON_TEST and effect.test in (None, test) and not answered:
            found.append((play, effect))
    return found


def cad_cancelled(race: Race, phase: Phase) -> bool:
    """Return whether An Honourable Pilot answers the test's cad."""
    card = race.tables.tricks.get(phase.cad_answer or "")
    return phase.cad is not None and card is not None and card.effect is not None \
        and card.effect.when == "answer-cad" and card.effect.cancel


def test_of(race: Race, flyer: Flyer, phase: Phase, test: Test) -> tuple[int, Pool]:
    """Return the symbols a test needs, with the dirty tricks played on it, and the dice it
    rolls: the pool (8.2) with cards' extra dice, and no cad die lost when the cad is
    answered."""
    needed, base = need_and_pool(race, flyer, phase, test)
    if not phase.cards and phase.cad_answer is None:
        return needed, base
    effects = test_effects(race, phase, test)
    terms = list(base.terms)
    if cad_cancelled(race, phase) and ("cad", -1) in terms:
        terms.remove(("cad", -1))
    terms += [(f"card: {play.card}", e.dice) for play, e in effects if e.dice]
    needed += sum(e.need for _, e in effects)
    if terms == base.terms:
        return needed, base
    return needed, Pool(max(0, sum(n for _, n in terms)), terms)


def rivals_reached(race: Race, phase: Phase) -> bool:
    """Return whether a phase may change a machine but the one whose turn it is: a cad (a
    Box of Tricks charge is the cad player's machine's, 8.2, section 14), a shot (section 14)
    or a card's text other than a boost's (a dirty trick acts on a rival's machine, answered
    on its player's, 8.1)."""
    if phase.cad is not None or phase.attacks:
        return True
    for play in phase.cards:
        card = race.tables.tricks.get(play.card)
        if play.use != "spare-part" and (card is None or card.frame != "boost"):
            return True
    return False


def final_dice(race: Race, phase: Phase, test: Test, faces: list[int]) -> list[int]:
    """Return the test's dice as they finally lie: ``faces`` (the roll after any pilot's or
    equipment's re-rolls), or a card's re-roll of them all."""
    if not phase.cards:
        return faces
    for play, effect in test_effects(race, phase, test):
        if effect.reroll and play.dice:
            faces = list(play.dice)
    return faces


def card_symbols(race: Race, flyer: Flyer, phase: Phase, test: Test) -> int:
    """Return the spare part symbols the player's own cards add to a test (8.1, 8.2)."""
    if not phase.cards:
        return 0
    return sum(1 for play in phase.cards if play.use == "spare-part"
               and play.player == flyer.machine.player
               and (card := race.tables.tricks.get(play.card)) is not None
               and card.symbol == test)


def rescued(race: Race, now: TurnState, phase: Phase, test: Test, *, short: bool) -> bool:
    """Return whether a card passes a failed test; report one played on a test that passed."""
    if not phase.cards:
        return False
    passing = [play for play, e in test_effects(race, phase, test) if e.pass_test]
    if not short:
        for play in passing:
            race.rulings.rule("card.effect", "8.1", f"{play.card} passes a failed test; this "
                              f"{test} test passed without it", phase.where("cards"),
                              piece=now.flyer.name)
    return short and bool(passing)


# --- playing a card ---------------------------------------------------------------------------


def before_action(race: Race, now: TurnState, phase: Phase) -> None:
    """Play a phase's cad, cards and shots, before its action (8.1, 8.2, section 14)."""
    if phase.cad is None and phase.cad_from is None and phase.cad_answer is None \
            and not phase.cards and not phase.attacks:
        return
    test = TEST_OF.get(phase.action)
    cad_source(race, now, phase)
    for i, play in enumerate(phase.cards):
        play_card(race, now, play, phase.where("cards", i), phase, test)
    for i, attack in enumerate(phase.attacks):
        attacks.fire(race, now, attack, phase.where("attacks", i))


def after_action(race: Race, now: TurnState, phase: Phase, outcome: str) -> None:
    """Score the cards played after a passed trick manoeuvre (Crowd Pleaser)."""
    for i, play in enumerate(phase.cards):
        card = race.tables.tricks.get(play.card)
        if card is None or card.effect is None or play.use != "text" \
                or card.effect.when != "after-trick" or play.player != now.flyer.machine.player:
            continue
        if phase.action != "trick-manoeuvre" or outcome != "pass":
            race.rulings.rule("card.effect", "8.1", f"{card.title} is played after a passed "
                              f"trick manoeuvre; this phase is a {phase.action} "
                              f"({outcome})", phase.where("cards", i), piece=now.flyer.name)
        else:
            now.flyer.points["tricks"] += card.effect.points


def end_turn(race: Race, turn: Turn) -> None:
    """Play the cards and shots after the turn's phases, then draw to the hand limit (8.1)."""
    now = race.current
    if now is None:
        return
    for i, play in enumerate(turn.cards):
        play_card(race, now, play, turn.where("cards", i), None, None)
    for i, attack in enumerate(turn.attacks):
        attacks.fire(race, now, attack, turn.where("attacks", i))
    hands.end_turn(race, turn, now.flyer)


def play_card(race: Race, now: TurnState, play: Play, where: Location | None,
              phase: Phase | None, test: Test | None) -> None:
    """Play one card from its player's hand: its symbol or its text (never both, 8.1)."""
    piece = now.flyer.name
    if play.player not in race.players:
        race.rulings.rule("card.player", "8.1", f"{play.player} is not a player of this race",
                          where, piece=piece)
        return
    card = hands.played_card(race, play.player, play.card, where)
    if card is None:
        return
    mine = play.player == now.flyer.machine.player
    if play.use == "spare-part":
        spare_part(race, play, card, where, test, mine=mine, piece=piece)
        return
    effect = card.effect
    if effect is None:
        return
    if card.frame == "boost" and not mine and not effect.any_time:
        race.rulings.rule("card.out-of-turn", "8.1", f"{play.player} plays the boost card "
                          f"{card.title} in the {piece}'s turn: a boost is played only in its "
                          "player's own turn", where, piece=piece)
    elif effect.when in ANSWERS:
        answered = "dirty trick" if effect.when == "answer-dirty" else "cad"
        race.rulings.rule("card.effect", "8.1", f"{card.title} is played only in answer to a "
                          f"{answered} played on you", where, piece=piece)
    elif play.answer is not None and card.frame != "dirty-trick":
        race.rulings.rule("card.effect", "8.1", f"only a dirty trick is answered; {card.title} "
                          "is a boost", where, piece=piece)
    elif effect.when in ON_TEST:
        on_test(race, now, play, card, where, phase, test)
    elif effect.when == "after-trick":
        if phase is None:
            race.rulings.rule("card.effect", "8.1", f"{card.title} is played after a passed "
                              "trick manoeuvre, in its phase", where, piece=piece)
    elif (target := target_of(race, now, play, card, where)) is not None:
        act(race, play, effect, target, where)


def spare_part(race: Race, play: Play, card: TrickCard, where: Location | None,
               test: Test | None, *, mine: bool, piece: str) -> None:
    """Check a card's bottom symbol used as a spare part on its player's test (8.1, 8.2)."""
    if card.symbol == "cad":
        problem = "shows a cad symbol, not a spare part"
    elif not mine:
        problem = "is a spare part for its player's own test, not a rival's"
    elif test is None:
        problem = "is a spare part spent on a test; no test is taken here"
    elif card.symbol != test:
        problem = f"is a {card.symbol} spare part; this is a {test} test"
    else:
        return
    race.rulings.rule("card.symbol", "8.2", f"{card.id} {problem}", where, piece=piece)


def on_test(race: Race, now: TurnState, play: Play, card: TrickCard, where: Location | None,
            phase: Phase | None, test: Test | None) -> None:
    """Check a card played on the test being taken: its kind of test, a re-roll's dice, and
    a dirty trick's target (the machine taking the test)."""
    effect, piece = card.effect, now.flyer.name
    assert effect is not None
    if phase is None or test is None:
        race.rulings.rule("card.effect", "8.1", f"{card.title} is played on a test as it is "
                          "taken; no test is taken here", where, piece=piece)
    elif effect.test is not None and effect.test != test:
        race.rulings.rule("card.effect", "8.1", f"{card.title} is played on a {effect.test} "
                          f"test; this is a {test} test", where, piece=piece)
    elif effect.reroll and len(play.dice) != len(phase.dice):
        race.rulings.rule("card.effect", "8.1", f"{card.title} re-rolls the test's dice: "
                          f"{len(phase.dice)} rolled, found {len(play.dice)} after it", where,
                          piece=piece)
    if card.frame != "dirty-trick":
        return
    if play.player == now.flyer.machine.player or play.target not in (None, piece):
        race.rulings.rule("card.target", "8.1", f"{card.title} is played on a rival's test; "
                          f"the test is the {piece}'s", where, piece=piece)
    elif play.answer is not None:
        answer(race, play, now.flyer, where)


def target_of(race: Race, now: TurnState, play: Play, card: TrickCard,
              where: Location | None) -> Flyer | None:
    """Return the machine a card's text acts on: a rival's for a dirty trick (or, answered,
    none or its own player's), the player's own for a boost."""
    piece = now.flyer.name
    if card.frame == "boost":
        if play.target not in (None, piece):
            race.rulings.rule("card.target", "8.1", f"the boost card {card.title} acts on its "
                              f"player's own machine, the {piece}; found {play.target}", where,
                              piece=piece)
            return None
        return now.flyer
    target = race.flyers.get(play.target or "")
    if target is None or target.machine.player == play.player:
        race.rulings.rule("card.target", "8.1", f"the dirty trick {card.title} is played on "
                          f"another player's machine; found {play.target}", where, piece=piece)
        return None
    return answer(race, play, target, where) if play.answer is not None else target


def answer(race: Race, play: Play, target: Flyer, where: Location | None) -> Flyer | None:
    """Play the target's answer to a dirty trick: Immunity leaves no machine to act on, This
    Means War turns it on a machine of the player who played it (the one whose turn it is,
    else the first in turn order)."""
    card = race.tables.tricks.get(play.answer or "")
    if card is None:
        card = hands.read_as(race, play.answer or "", play.where("answer") or where,
                             target.machine.player)
        if card is None:  # one finding; the trick acts as if unanswered
            return target
    hands.take(race, target.machine.player, card.id, where)
    effect = card.effect
    if effect is None or effect.when != "answer-dirty":
        race.rulings.rule("card.effect", "8.1", f"{card.title} does not answer a dirty trick",
                          where, piece=target.name)
        return target
    if effect.cancel:
        return None
    now = race.current
    if now is not None and now.flyer.machine.player == play.player:
        return now.flyer
    return next(f for f in race.flyers.values() if f.machine.player == play.player)


def act(race: Race, play: Play, effect: TrickEffect, target: Flyer,
        where: Location | None) -> None:
    """Do what a card's text does to a machine; report a text that cannot act on it."""
    def cannot(why: str, rule: str = "8.1") -> None:
        race.rulings.rule("card.effect", rule, f"{play.card} cannot act on the "
                          f"{target.name}: {why}", where, piece=target.name)

    act_on(race, play, effect, target, cannot)
    if effect.scrutiny:
        scrutiny(race, play, where, target.name)


def act_on(race: Race, play: Play, effect: TrickEffect, target: Flyer,
           cannot: Callable[..., None]) -> None:
    """Do what a card's text does to a machine, Official Scrutiny's discards aside (they act
    on the hands), calling ``cannot(why, rule)`` for each part of it that cannot act. Only
    the machine changes: on a copy of it, this says whether the card would act."""
    if effect.back:
        if target.at == 0 or target.finished:
            cannot("it has no tile to go back to (on the starting airfield, or landed on the "
                   "final airfield)")
        else:
            target.at -= 1
            target.altitude = min(target.altitude, race.course[target.at].air_bands)
    if effect.passengers:
        if not target.passengers:
            cannot("it carries no passenger", "10.3.1")
        else:
            # The passenger who boarded first gets off (recorded reading grumpy-passenger).
            target.passengers.pop(0)
    if effect.damage:
        target.take_damage(effect.damage)
    if effect.repair:
        if target.gauge_damage < effect.repair:
            cannot("no damage marker on its fuel gauge")
        else:
            target.gauge_damage -= effect.repair
            target.damage += effect.repair
    if effect.fuel:
        refuel(effect.fuel, target, cannot)
    if effect.spare_parts:
        if play.part is None or target.parts.get(play.part, 0) < -effect.spare_parts:
            cannot(f"it holds no {play.part or 'named'} spare part (part)")
        else:
            target.parts[play.part] += effect.spare_parts
    if effect.altitude or effect.top_band:
        climb(race, effect, target, cannot)


def refuel(fuel: int, target: Flyer, cannot: Callable[..., None]) -> None:
    """Take or discard fuel cubes (8.4.1): a cube needs a free space on the gauge."""
    room = GAUGE - target.gauge_damage
    if fuel > 0 and target.fuel >= room:
        cannot("its fuel gauge has no free space")
    elif fuel < 0 and target.fuel < -fuel:
        cannot("it has no fuel cube to discard")
    else:
        target.fuel = min(room, target.fuel + fuel)


def climb(race: Race, effect: TrickEffect, target: Flyer,
          cannot: Callable[..., None]) -> None:
    """Move a machine in the air down (never below the lowest band) or to the highest band."""
    bands = race.course[target.at].air_bands
    if target.altitude == 0:
        cannot("it is on the ground")
    elif effect.top_band and target.altitude >= bands:
        cannot("it is already in the highest band")
    elif effect.top_band:
        target.altitude = bands
    else:
        target.altitude = max(1, target.altitude + effect.altitude)


def scrutiny(race: Race, play: Play, where: Location | None, piece: str) -> None:
    """Official Scrutiny: every other player discards one dirty trick card they hold."""
    for player, card_id in play.discards.items():
        card = race.tables.tricks.get(card_id)
        if player == play.player or player not in race.players or card is None \
                or card.frame != "dirty-trick":
            race.rulings.rule("card.effect", "8.1", f"Official Scrutiny: each other player "
                              f"discards a dirty trick card; found {player}: {card_id}", where,
                              piece=piece)
        else:
            hands.take(race, player, card_id, where)
    if race.hands is None:
        return
    for player, hand in race.hands.items():
        dirty = [c for c in hand if race.tables.tricks[c].frame == "dirty-trick"]
        if player != play.player and player not in play.discards and dirty:
            race.rulings.rule("card.effect", "8.1", f"Official Scrutiny: {player} holds "
                              f"{', '.join(dirty)} and discards one", where, piece=piece)


def cad_source(race: Race, now: TurnState, phase: Phase) -> None:
    """Check where a cad on the test came from (8.2): a trick and boost card with a cad
    symbol from its player's hand, a Box of Tricks charge or Sir Archibald Smythe; and An
    Honourable Pilot played against it from the tester's hand."""
    where, piece = phase.where("cad_from"), now.flyer.name
    if phase.cad is None:
        if phase.cad_from is not None or phase.cad_answer is not None:
            race.rulings.rule("cad.source", "8.2", "no cad is played on this test (cad names "
                              "its player)", where, piece=piece)
        return
    source = phase.cad_from
    if source is None:
        if race.hands is not None:
            race.rulings.rule("cad.source", "8.2", f"{phase.cad}'s cad symbol comes from a "
                              "trick and boost card or a charge: the record names which "
                              "(cad_from)", phase.where("cad"), piece=piece)
    elif source in race.tables.tricks:
        hands.take(race, phase.cad, source, where)
        symbol = race.tables.tricks[source].symbol
        if symbol != "cad":
            race.rulings.rule("card.symbol", "8.2", f"{source} shows a {symbol} spare part, "
                              "not a cad symbol", where, piece=piece)
    else:
        abilities.cad_from(race, now, phase)
    if phase.cad_answer is not None:
        answered = phase.where("cad_answer")
        card = hands.played_card(race, now.flyer.machine.player, phase.cad_answer, answered)
        if card is not None and not cad_cancelled(race, phase):
            race.rulings.rule("card.effect", "8.1", f"{card.title} does not answer a cad",
                              answered, piece=piece)
