"""Bots that race through the referee's engine: a random-legal bot and a simple heuristic
bot. A bot picks among the engine's open actions, rolls the dice the engine says the test
rolls, spends spare parts, fuel or luck when that passes a failed test, and writes each
action as a race log writes it, so what the bots play is a record the referee accepts."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .card_play import CardPlayer, record_keys
from .flight import Pool, fuel_spent
from .model import Test
from .referee.cargo import COLLECT_LIMIT, DELIVERY_TERRAIN, PASSENGER, fits, unloaded
from .referee.engine import EndRace, EndTurn, PhaseAction, RaceEngine, StartTurn
from .referee.log import Machine, Phase, Play, RaceLog, Turn, WeatherTurn, revised
from .referee.phases import explodes
from .referee.state import Race, shallow
from .referee.turns import ends_race, scores, winner
from .referee.weather import changed

Chooser = Callable[[Race, list[Phase], random.Random], Phase | None]
TURN_LIMIT = 400
"""A race that has not ended after so many turns is stopped (bots that never land)."""


def random_choice(race: Race, options: list[Phase], rng: random.Random) -> Phase | None:
    """Pick any open action; now and then end the turn early."""
    if rng.random() < 0.1 and not any(p.forced for p in options):
        return None
    return rng.choice(options)


def heuristic_choice(race: Race, options: list[Phase], rng: random.Random) -> Phase | None:
    """Fly on while fuel lasts, land on airfields and untaken first-to-land tiles, repair
    when damaged, and give lessons and speeches on the final airfield."""
    by_action = {p.action: p for p in options}
    for forced in options:
        if forced.forced:
            return forced
    now = race.current
    assert now is not None
    flyer = now.flyer
    for wanted in ("flying-lesson", "speech", "make-good", "autographs"):
        if wanted in by_action and (wanted != "make-good" or flyer.total_damage):
            return by_action[wanted]
    if flyer.altitude == 0:
        if flyer.gauge_damage and "repair-and-scavenge" in by_action:
            return by_action["repair-and-scavenge"]
        return by_action.get("take-off")
    tile = race.course[flyer.at]
    worth_landing = tile.airfield in ("middle", "final") or (
        tile.first_to_land is not None and flyer.at not in race.first_landed)
    if "landing" in by_action and (tile.airfield == "final" or (worth_landing and now.crossed)):
        return by_action["landing"]
    if "fly-on" in by_action:
        return by_action["fly-on"]
    if "landing" in by_action and worth_landing:
        return by_action["landing"]
    return None if now.crossed else by_action.get("fly-on")


BOTS: dict[str, Chooser] = {"random": random_choice, "heuristic": heuristic_choice}


@dataclass
class Played:
    """A race a bot played: the record and the race it left."""

    record: dict[str, Any]
    race: Race
    turns: int
    tests: list[Tested]
    """Every test's first roll, in order."""


class Tested(NamedTuple):
    """A test's first roll, before re-rolls, spare parts, cards, fuel or luck: the test, the
    dice rolled, the symbols needed and whether the dice alone showed that many."""

    test: str
    dice: int
    need: int
    passed: bool


def rolled(engine: RaceEngine, race: Race, phase: Phase, taken: tuple[Test, int, Pool],
           rng: random.Random, tests: list[Tested] | None = None) -> tuple[Phase, int]:
    """Return the phase with its dice rolled for the test it takes (``taken``: the test, the
    symbols it needs and its pool) and what passes it spent, and the outcome they should
    come to (the referee's settle has the last word), and the symbols the dice fall short
    by; the first roll is added to ``tests``."""
    test, needed, pool = taken
    dice = roll(rng, pool.dice)
    now = race.current
    assert now is not None
    short = needed - engine.tables.shown(test, dice)
    if tests is not None:
        tests.append(Tested(test, pool.dice, needed, short <= 0))
    # The outcome written is what the pass comes to, else the dice's (phases.explodes): the
    # referee's settle writes the rules' outcome whatever it is, without a copy when the same.
    if short <= 0:
        return revised(phase, {"dice": dice, "outcome": "pass"}), short
    flyer = now.flyer
    extra: dict[str, Any] = {"dice": dice, "outcome": "pass"}
    if flyer.parts.get(test, 0) >= short:
        extra["spare_parts"] = short
    elif test != "landing" and flyer.fuel - 2 >= \
            fuel_spent(now.crossed + (phase.action == "fly-on"), engine.fuel):
        extra["fuel"] = True
    elif flyer.luck:
        extra["luck"] = True
    else:
        extra["outcome"] = "catastrophic" if explodes(race, flyer, dice, test) else "fail"
    return revised(phase, extra), short


def roll(rng: random.Random, count: int) -> list[int]:
    """Roll dice: the faces ``rng.randint(1, 6)`` gives for each, drawn as it draws them (a
    face from three random bits, drawn again above six)."""
    # randint's long way (randrange, its checks) for each die of each test a race rolls.
    bits, dice = rng.getrandbits, []
    for _ in range(count):
        face = bits(3)
        while face >= 6:
            face = bits(3)
        dice.append(face + 1)
    return dice


class WeatherDeck:
    """The weather change cards, turned over at the end of each round and shuffled again
    once they run out (8.5), with new weather tiles dealt where a card says."""

    def __init__(self, engine: RaceEngine, rng: random.Random) -> None:
        self.engine, self.rng, self.cards = engine, rng, list[str]()
        self.tiles = sorted(engine.tables.weather)

    def turn_over(self, race: Race) -> WeatherTurn:
        """Return the next card and the weather tiles it deals in this race."""
        if not self.cards:
            self.cards = sorted(self.engine.tables.changes)
            self.rng.shuffle(self.cards)
        card = self.engine.tables.changes[self.cards.pop()]
        return WeatherTurn(card=card.id, dealt={race.course[at].number: self.rng.choice(
            self.tiles) for at in changed(race, card)})

    def end_turn(self, ended: Race) -> WeatherTurn | None:
        """Return the weather change card a turn ends with when it ends a round of the race;
        ``ended``: the race after the turn (its draw and discard aside: they change neither
        the round nor the weather)."""
        if ended.turns % len(ended.order) or ended.over:
            return None
        return self.turn_over(ended)


def exchange(race: Race, landing: bool = False) -> dict[str, list[str]]:
    """Return what a machine on the ground delivers and collects now, or after the landing
    it takes with ``landing`` (on the ground, whatever the outcome, its general cargo
    unloaded on the final airfield): every passenger and cargo it may deliver here, then up
    to the turn's limit of what fits, passengers first, special cargo only when a tile of its
    terrain lies ahead (10.2-10.4)."""
    now = race.current
    if now is None or (now.flyer.altitude > 0 and not landing):
        return {}
    flyer, tile = now.flyer, race.course[now.flyer.at]
    cargo = flyer.cargo
    if landing and tile.airfield == "final":
        gone = unloaded(race, flyer)
        cargo = [t for t in cargo if t not in gone]
    deliver = [PASSENGER for boarded in flyer.passengers
               if boarded < flyer.at and tile.terrain in DELIVERY_TERRAIN]
    deliver += [t for t in cargo if race.tables.tokens[t].terrain == tile.terrain]
    here, waiting = race.on_tile.get(flyer.at, []), race.passengers_left.get(flyer.at, 0)
    if not deliver and (now.collected >= COLLECT_LIMIT or not (here or waiting)):
        return {}
    ahead = {t.terrain for t in race.course[flyer.at + 1:]} if here else set()
    offered = [PASSENGER] * waiting + [
        t for t in here
        if race.tables.tokens[t].token == "general-cargo" or race.tables.tokens[t].terrain in ahead]
    # Tried on the machine's own lists, copied, and put back.
    held = flyer.passengers, flyer.cargo
    flyer.passengers, flyer.cargo = list(flyer.passengers), list(cargo)
    for token in deliver:
        if token == PASSENGER:
            flyer.passengers.pop(0)
        else:
            flyer.cargo.remove(token)
    collect: list[str] = []
    for token in offered:
        if len(collect) + now.collected >= COLLECT_LIMIT:
            break
        if token == PASSENGER:
            flyer.passengers.append(flyer.at)
        else:
            flyer.cargo.append(token)
        if fits(flyer):
            collect.append(token)
        elif token == PASSENGER:
            flyer.passengers.pop()
        else:
            flyer.cargo.pop()
    flyer.passengers, flyer.cargo = held
    return {key: tokens for key, tokens in (("deliver", deliver), ("collect", collect))
            if tokens}


def play_phase(engine: RaceEngine, race: Race, choice: Phase, rng: random.Random,
               tests: list[Tested], hands: CardPlayer | None, cargo: bool
               ) -> tuple[Race, Phase]:
    """Play a phase the bot chose: a rival's cad, the dice and what passes the test, the
    player's cards on a failure, the passengers and cargo moved; return the race after it
    and the phase as the record writes it."""
    if hands is not None:
        choice = hands.before_roll(race, choice)
    taken = engine.test_of(race, choice)
    phase, tried = choice, None
    if taken is not None:
        phase, short = rolled(engine, race, choice, taken, rng, tests)
        if hands is not None and short > 0:
            tried = hands.after_roll(race, phase, taken[0], short)
            phase = phase if tried is None else tried.phase
    moved = exchange(race, landing=phase.action == "landing") if cargo else None
    if moved:
        phase, tried = revised(phase, moved), None
    if tried is not None:
        return tried.race, phase  # the fork it was tried on is the race it leaves
    if taken is None:
        return engine.apply(race, PhaseAction(phase))[0], phase
    # Nothing is tried on a fork of a phase that is kept whatever its outcome.
    played = engine.settle_on(race, phase)
    return played.race, played.phase


def play(engine: RaceEngine, log: RaceLog, choose: Chooser, rng: random.Random, *,
         weather_changes: bool = False, cargo: bool = False, cards: bool = False,
         log_turns: bool = True) -> Played:
    """Play a race set up as ``log`` says; return the record and the final race. With
    ``weather_changes`` a weather change card ends each round (8.5); with ``cargo`` the
    machines collect and deliver passengers and cargo (10.2-10.4); with ``cards`` the players
    are dealt trick and boost cards and play them (4.2, 8.1). Without ``log_turns`` the
    record writes the set-up and the end, not the turns (a race no one reads again)."""
    hands = CardPlayer(engine, rng) if cards else None
    if hands is not None:
        log = hands.deal(log)
    race = engine.initial(log)
    deck = WeatherDeck(engine, rng) if weather_changes else None
    turns: list[dict[str, Any]] = []
    tests: list[Tested] = []
    starts = {machine: StartTurn(Turn(machine=machine)) for machine in race.order}
    while not race.over and race.turns < TURN_LIMIT:
        machine = race.due()
        race, _ = engine.apply(race, starts[machine])
        phases: list[Phase] = []
        while True:
            options = engine.open_phases(race)
            choice = choose(race, options, rng) if options else None
            if choice is None:
                break
            race, phase = play_phase(engine, race, choice, rng, tests, hands, cargo)
            phases.append(phase)
        flyer = race.flyers[machine]
        luck_before = flyer.luck
        # The turn's start with its phases (Turn(machine=..., phases=...), unvalidated).
        turn = revised(starts[machine].turn, {"phases": phases})
        if hands is not None:
            turn = hands.after_phases(race, turn)
        if hands is not None or deck is not None:
            turn = draw_and_turn_over(engine, race, turn, hands, deck)
        race, _ = engine.apply(race, EndTurn(turn))
        if log_turns:
            turns.append(turn_record(turn, flyer.fuel, flyer.luck > luck_before, cards))
    table = scores(race)
    end = {"scores": {p: s["total"] for p, s in table.items()}, "winner": winner(race, table)}
    record = {**log.model_dump(exclude_defaults=True, exclude={"turns", "end"}),
              "game": log.game, "record": log.record, "turns": turns, "end": end}
    played = race.turns
    race, _ = engine.apply(race, EndRace(log))
    return Played(record, race, played, tests)


def turn_record(turn: Turn, fuel: int, luck: bool, cards: bool) -> dict[str, Any]:
    """Return a turn as the race log writes it: the fuel left and whether it earned a luck
    token, the trick and boost card keys when the race plays them."""
    written = {"machine": turn.machine,
               "phases": [p.model_dump(exclude_defaults=True) for p in turn.phases],
               "fuel": fuel, "luck": luck}
    if turn.weather_change is not None:
        written["weather_change"] = turn.weather_change.model_dump()
    if cards:
        written.update(record_keys(turn))
    return written


def draw_and_turn_over(engine: RaceEngine, race: Race, turn: Turn, hands: CardPlayer | None,
                       deck: WeatherDeck | None) -> Turn:
    """Return the turn with its draw and discards and its weather change card: both read the
    race after the turn without them (:func:`turn_ended`)."""
    ended = turn_ended(engine, race, turn)
    update: dict[str, Any] = {}
    if hands is not None:
        update.update(hands.draw_and_discard(race, ended))
    change = deck.end_turn(ended) if deck is not None else None
    if change is not None:
        update["weather_change"] = change
    return revised(turn, update) if update else turn


def turn_ended(engine: RaceEngine, race: Race, turn: Turn) -> Race:
    """Return the race after a turn's end, its draw and weather change aside, to read: the
    race itself with the turn counted, the end checked and the cards played taken from the
    hands, which is all such an end changes of what the draw and the weather change read
    (the hands, where the machines are, the weather); tried on a fork when the turn fires or
    plays a card that does more to them (:func:`hands_after`)."""
    now = race.current
    hands = hands_after(race, turn.cards)
    if now is None or turn.attacks or hands is None:
        return engine.apply(engine.fork(race), EndTurn(turn))[0]
    ended = shallow(race)
    ended.turns, ended.over = race.turns + 1, ends_race(race, now.flyer)
    ended.hands = hands
    return ended


def hands_after(race: Race, plays: list[Play]) -> dict[str, list[str]] | None:
    """Return the hands once the cards played after a turn's phases have left them (each
    taken from its player's hand, 8.1), when those cards change nothing else a draw or a
    weather card reads: none moves a machine back, is answered or makes others discard;
    None otherwise."""
    if not plays:
        return race.hands
    if race.hands is None:
        return None
    hands = {player: list(hand) for player, hand in race.hands.items()}
    for play in plays:
        card = race.tables.tricks.get(play.card)
        hand = hands.get(play.player)
        if card is None or (card.effect is not None and card.effect.back) or hand is None \
                or play.answer is not None or play.discards or play.card not in hand:
            return None
        hand.remove(play.card)
    return hands


def quick_start_log(players: list[str], boards: list[str], pilots: list[str],
                    kits: list[list[str]], weather: dict[int, str]) -> RaceLog:
    """Return the header of a quick-start race: tiles 1-11, machines in seat order."""
    machines = [Machine(player=players[i % len(players)], dashboard=b, pilot=p, equipment=k)
                for i, (b, p, k) in enumerate(zip(boards, pilots, kits, strict=True))]
    return RaceLog(game="magnificent-flying-machines", record="race", mode="quick-start",
                   players=players, course=list(range(1, 12)), weather=weather,
                   machines=machines)
