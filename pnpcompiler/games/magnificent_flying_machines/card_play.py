"""Trick and boost cards as the bots play them (4.2, 8.1, 8.2): the deck dealt and drawn from,
a rival's cad on a test, the player's own cards spent as spare parts or to pass a failed test,
repair and fuel boosts and a rival's dirty trick at the end of a turn, and the discards down
to the hand limit. Every
card a bot means to play is tried on a copy of the race first and dropped if the referee
would find fault with it, so what the bots play stays legal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from .model import TESTS, TrickCard
from .referee.cards import act_on
from .referee.engine import EndTurn, RaceEngine, Tried
from .referee.hands import hand_limit, hand_rules
from .referee.log import Phase, Play, RaceLog, Turn, revised
from .referee.rolls import TEST_OF
from .referee.state import Flyer, Race, fork_flyer, new_race

CAD_CHANCE = 0.25
"""How often a rival holding a cad card plays it on a test."""
DIRTY_CHANCE = 0.2
"""How often a rival holding a dirty trick plays it at the end of a turn."""
RIVAL_TRICKS = ("damage", "fuel", "altitude", "passengers")
"""The dirty tricks a bot plays on a rival at the end of its turn (effects it can aim)."""
OWN_BOOSTS = ("repair", "fuel")
"""The boosts a bot plays on its own machine at the end of its turn, when they can act."""


@dataclass(frozen=True)
class CardKinds:
    """The deck's cards sorted by how the bots play them."""

    cads: frozenset[str]
    """The cards showing a cad symbol."""
    boosts: frozenset[str]
    """The boosts a bot plays on its own machine at the end of its turn."""
    dirty: frozenset[str]
    """The dirty tricks a bot plays on a rival at the end of the rival's turn."""
    keepers: frozenset[str]
    """The cards a bot keeps over the others when it discards: they pass a failed test."""
    parts: dict[str, frozenset[str]]
    """The cards whose symbol is a spare part for each test."""
    passes: dict[str, frozenset[str]]
    """The cards that pass each test, failed."""

    @classmethod
    def of(cls, tricks: Iterable[TrickCard]) -> CardKinds:
        """Return the cards of a deck sorted."""
        deck = list(tricks)
        keepers = frozenset(c.id for c in deck if c.effect is not None and c.effect.pass_test)
        return cls(
            cads=frozenset(c.id for c in deck if c.symbol == "cad"),
            boosts=frozenset(c.id for c in deck if c.frame == "boost" and aimed(c, OWN_BOOSTS)),
            dirty=frozenset(c.id for c in deck
                            if c.frame == "dirty-trick" and aimed(c, RIVAL_TRICKS)),
            keepers=keepers,
            parts={test: frozenset(c.id for c in deck if c.symbol == test) for test in TESTS},
            passes={test: frozenset(c.id for c in deck if c.id in keepers and c.effect is not None
                                    and c.effect.test in (None, test)) for test in TESTS})


SORTED: WeakKeyDictionary[RaceEngine, CardKinds] = WeakKeyDictionary()
"""Each engine's deck sorted once (CardKinds.of): every race a process plays deals it."""


class CardPlayer:
    """The trick and boost deck and the bots' use of their hands."""

    def __init__(self, engine: RaceEngine, rng: random.Random) -> None:
        self.engine, self.rng = engine, rng
        self.cards: list[str] = [c.id for c in engine.tables.tricks.values()
                                 for _ in range(c.copies)]
        self.deck = list(self.cards)
        rng.shuffle(self.deck)
        self.kinds = SORTED.get(engine) or SORTED.setdefault(
            engine, CardKinds.of(engine.tables.tricks.values()))

    def card(self, card_id: str) -> TrickCard:
        """Return a card by id."""
        return self.engine.tables.tricks[card_id]

    def deal(self, log: RaceLog) -> RaceLog:
        """Return the race log with each player's hand dealt (4.2; Marco Florentina's four)."""
        # The machines as the record sets them up, unchecked: their pilots give the limits.
        race = new_race(self.engine.tables, log)
        hands = {player: [self.deck.pop() for _ in range(hand_limit(race, player))]
                 for player in log.players}
        return log.model_copy(update={"hands": hands})

    def draw(self, race: Race, count: int) -> list[str]:
        """Draw cards, shuffling the discards into a new deck when it runs out."""
        drawn: list[str] = []
        for _ in range(count):
            if not self.deck:
                held = Counter(c for hand in (race.hands or {}).values() for c in hand)
                self.deck = list((Counter(self.cards) - held - Counter(drawn)).elements())
                self.rng.shuffle(self.deck)
            if self.deck:
                drawn.append(self.deck.pop())
        return drawn

    def hand(self, race: Race, player: str) -> Sequence[str]:
        """Return a player's hand as the race holds it (to read, not to change)."""
        return (race.hands or {}).get(player, ())

    # --- on a test --------------------------------------------------------------------------

    def before_roll(self, race: Race, phase: Phase) -> Phase:
        """Return the phase with a rival's cad played on its test, now and then."""
        now = race.current
        if TEST_OF.get(phase.action) is None or now is None:
            return phase
        me, cads = now.flyer.machine.player, self.kinds.cads
        for player in race.players:
            hand = self.hand(race, player)
            if player == me or not hand or cads.isdisjoint(hand):
                continue
            cad = next(c for c in hand if c in cads)
            if self.rng.random() < CAD_CHANCE:
                return revised(phase, {"cad": player, "cad_from": cad})
        return phase

    def after_roll(self, race: Race, phase: Phase, test: str, short: int) -> Tried | None:
        """Return the phase with the player's own cards spent on its failed test (of
        ``test``, its dice ``short`` of the symbols it needs) tried on a fork: spare part
        symbols of the test's kind, else a card that passes it, before parts, fuel or luck;
        None when no card is played (none helps, or the referee would find fault with
        it)."""
        now = race.current
        if now is None or short <= 0:
            return None
        me = now.flyer.machine.player
        hand = self.hand(race, me)
        kinds = self.kinds
        if kinds.parts[test].isdisjoint(hand) and kinds.passes[test].isdisjoint(hand):
            return None
        parts = [c for c in hand if c in kinds.parts[test]]
        passes = [c for c in hand if c in kinds.passes[test]]
        if short <= len(parts):
            plays = [Play(player=me, card=c, use="spare-part") for c in parts[:short]]
        elif passes:
            plays = [Play(player=me, card=passes[0])]
        else:
            return None
        bare = revised(phase, {"spare_parts": 0, "fuel": False, "luck": False,
                               "cards": [*phase.cards, *plays], "outcome": "pass"})
        # The cards' phase with the outcome they come to, unless the referee finds fault.
        tried = self.engine.settle(race, bare)
        return None if tried.rulings else tried

    # --- at the end of a turn ---------------------------------------------------------------

    def after_phases(self, race: Race, turn: Turn) -> Turn:
        """Return the turn with the player's own boosts and, now and then, a rival's dirty
        trick played after its phases."""
        now = race.current
        if now is None:
            return turn
        me = now.flyer.machine.player
        turn, machine = self.own_boosts(race, turn, me, now.flyer)
        return self.dirty_trick(race, turn, me, machine)

    def draw_and_discard(self, race: Race, ended: Race) -> dict[str, list[str]]:
        """Return a turn's draw (one, Marco Florentina's two) and the discards down to the
        hand limit, by the turn's keys; ``ended``: the race after the turn without them."""
        now = race.current
        if now is None:
            return {}
        me = now.flyer.machine.player
        limit, due = hand_rules(race, me)
        drawn = self.draw(ended, due)
        hand = [*self.hand(ended, me), *drawn]
        excess = max(0, len(hand) - limit)
        # Keep the cards that pass tests; let go of the others first.
        hand.sort(key=self.kinds.keepers.__contains__)
        return {"draw": drawn, "discard": hand[:excess]}

    def own_boosts(self, race: Race, turn: Turn, me: str, machine: Flyer
                   ) -> tuple[Turn, Flyer]:
        """Return the turn with the player's repair and fuel boosts played where they act on
        the machine, and the machine as they leave it."""
        for card_id in self.hand(race, me):
            if card_id in self.kinds.boosts:
                turn, machine = self.played(race, turn, Play(player=me, card=card_id), machine)
        return turn, machine

    def dirty_trick(self, race: Race, turn: Turn, me: str, machine: Flyer) -> Turn:
        """Return the turn with one rival's dirty trick played on the machine (as the cards
        played before leave it), now and then."""
        now = race.current
        assert now is not None
        for player in race.players:
            if player == me or self.rng.random() >= DIRTY_CHANCE:
                continue
            for card_id in self.hand(race, player):
                if card_id not in self.kinds.dirty:
                    continue
                tried, _ = self.played(race, turn, Play(player=player, card=card_id,
                                                        target=now.flyer.name), machine)
                if tried is not turn:
                    return tried
        return turn

    def played(self, race: Race, turn: Turn, play: Play, machine: Flyer
               ) -> tuple[Turn, Flyer]:
        """Return the turn with a card played after its phases on ``machine`` (the machine
        whose turn it is, as the cards played before leave it) and the machine as the card
        leaves it (acted on a copy), or both as they were when the referee would find fault
        with the card.

        Such a card, from its player's hand and played at any time (a boost on the player's
        own machine, a dirty trick on a rival's), draws a ruling only where its text cannot
        act on the machine (cards.act_on), and nothing else in the turn's end rules
        otherwise for it; Official Scrutiny, which acts on the hands, is tried on the turn's
        whole end."""
        effect = self.card(play.card).effect
        assert effect is not None
        if effect.scrutiny and self.found(race, revised(
                turn, {"cards": [*turn.cards, play]})) != self.found(race, turn):
            return turn, machine
        acted, faults = fork_flyer(machine), list[str]()
        act_on(race, play, effect, acted, lambda why, rule="8.1": faults.append(why))
        if faults:
            return turn, machine
        return revised(turn, {"cards": [*turn.cards, play]}), acted

    def found(self, race: Race, turn: Turn) -> list[str]:
        """Return the rulings a turn's end draws, but the hand's (its draw is not made yet):
        a card is played when it adds none to the turn's."""
        bare = revised(turn, {"draw": [], "discard": []}) if turn.draw or \
            turn.discard else turn
        _, findings = self.engine.apply(self.engine.fork(race), EndTurn(bare))
        return [f.code for f in findings if not f.code.startswith("hand.")]


def aimed(card: TrickCard, effects: tuple[str, ...]) -> bool:
    """Return whether a card is played at any time for one of these effects."""
    effect = card.effect
    return effect is not None and effect.when == "any" \
        and any(getattr(effect, a) for a in effects)


def record_keys(turn: Turn) -> dict[str, Any]:
    """Return a turn's card keys as a race log writes them."""
    return {key: value for key, value in turn.model_dump(
        include={"cards", "draw", "discard"}, exclude_defaults=True).items() if value}
