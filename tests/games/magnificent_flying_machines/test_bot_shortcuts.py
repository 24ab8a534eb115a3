"""What the bots and the referee work out without trying it on a fork agrees with what the
engine does on one: every state a few simulated races pass through, checked as the engine
plays each action (a test's need and pool looked up, a phase settled on the race itself, a
landing's deliveries read before it, the rivals' machines a phase cannot change, the end of
the race, a turn's end read, and a card played after a turn's phases)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.magnificent_flying_machines.bots import (
    exchange,
    quick_start_log,
    turn_ended,
)
from pnpcompiler.games.magnificent_flying_machines.card_play import CardPlayer
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards
from pnpcompiler.games.magnificent_flying_machines.races import race
from pnpcompiler.games.magnificent_flying_machines.referee import cards
from pnpcompiler.games.magnificent_flying_machines.referee.engine import (
    Action,
    EndTurn,
    PhaseAction,
    RaceEngine,
    StartTurn,
)
from pnpcompiler.games.magnificent_flying_machines.referee.log import Phase, Play, Turn
from pnpcompiler.games.magnificent_flying_machines.referee.rolls import TEST_OF, need, pool
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race, Tables
from pnpcompiler.games.magnificent_flying_machines.referee.turns import ends_race
from pnpcompiler.games.magnificent_flying_machines.referee.weather import face_up

RACES = [(2, "random", 11), (4, "random", 12), (6, "random", 13), (3, "heuristic", 14)]
"""Players, bot and seed of each race the checks follow."""


class Checking(RaceEngine):
    """The engine, checking each shortcut against a plain engine's fork before it plays an
    action, and counting the checks made."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables)
        self.plain = RaceEngine(tables)
        self.checked: Counter[str] = Counter()

    def apply(self, race: Race, action: Action) -> tuple[Race, list[Finding]]:
        if isinstance(action, PhaseAction) and race.current is not None:
            self.check_phase(race, action.phase)
        elif isinstance(action, EndTurn) and race.current is not None:
            self.check_end(race, action.turn)
        return super().apply(race, action)

    def check_phase(self, race: Race, phase: Phase) -> None:
        """A test's need and pool, the phase settled in place, a landing's exchange."""
        assert race.current is not None
        test = TEST_OF.get(phase.action)
        if test is not None:
            flyer = race.current.flyer
            needed, dice = cards.test_of(race, flyer, phase, test)
            if not phase.cards and phase.cad_answer is None:
                assert (needed, dice) == (need(race, flyer, phase, test),
                                          pool(race, flyer, phase, test))
                self.checked["need and pool"] += 1
            on_fork = self.plain.settle(race, phase)
            in_place = self.plain.settle_on(self.plain.fork(race), phase)
            assert (in_place.phase, in_place.race, in_place.rulings) == (
                on_fork.phase, on_fork.race, on_fork.rulings)
            self.checked["settled in place"] += 1
        if not cards.rivals_reached(race, phase):
            played, _ = self.plain.apply(self.plain.fork(race), PhaseAction(phase))
            mine = race.current.flyer.name
            assert {n: f for n, f in played.flyers.items() if n != mine} == {
                n: f for n, f in race.flyers.items() if n != mine}
            self.checked["rivals untouched"] += 1
        if phase.action == "landing":
            bare = phase.model_copy(update={"collect": [], "deliver": []})
            landed, _ = self.plain.apply(self.plain.fork(race), PhaseAction(bare))
            assert exchange(race, landing=True) == exchange(landed)
            self.checked["landing's exchange"] += 1

    def check_end(self, race: Race, turn: Turn) -> None:
        """The end of the race, the turn's end as the draw and weather read it, and each card
        a bot may play after the phases."""
        assert race.current is not None
        bare = turn.model_copy(update={"draw": [], "discard": [], "weather_change": None})
        ended, _ = self.plain.apply(self.plain.fork(race), EndTurn(bare))
        assert ends_race(race, race.current.flyer) == ended.over
        read = turn_ended(self.plain, race, bare)
        assert (read.turns, read.over, read.hands, face_up(read)) == (
            ended.turns, ended.over, ended.hands, face_up(ended))
        self.checked["turn's end"] += 1
        if race.hands is not None:
            self.check_cards(race, bare.model_copy(update={"cards": []}))

    def check_cards(self, race: Race, turn: Turn) -> None:
        """Each card held that is played at any time, as a bot plays it after the phases:
        played (CardPlayer.played) exactly when the turn's end tried with it draws no ruling
        more than without (CardPlayer.found)."""
        assert race.current is not None and race.hands is not None
        player = CardPlayer(self.plain, random.Random(0))
        flyer = race.current.flyer
        me = flyer.machine.player
        for owner, hand in race.hands.items():
            for card_id in hand:
                card = self.tables.tricks[card_id]
                effect = card.effect
                if effect is None or effect.when != "any" or effect.scrutiny:
                    continue
                if card.frame == "boost":
                    play = Play(player=me, card=card_id)
                    if owner != me:
                        continue
                elif owner != me:
                    play = Play(player=owner, card=card_id, target=flyer.name)
                else:
                    continue
                tried = turn.model_copy(update={"cards": [play]})
                acts = player.played(race, turn, play, flyer)[0] is not turn
                assert acts == (player.found(race, tried) == player.found(race, turn)), play
                self.checked["card played"] += 1


@pytest.mark.parametrize(("players", "bot", "seed"), RACES)
def test_8_1_8_2_9_10_2_3_what_the_bots_work_out_without_a_fork_is_what_a_fork_shows(
        game: GameContent, players: int, bot: str, seed: int) -> None:
    engine = Checking(RaceEngine.of(game).tables)
    race(game, engine, players, bot, seed, "standard", weather_changes=True, cargo=True,
         cards=True, drafted=True)
    assert set(engine.checked) == {"need and pool", "settled in place", "landing's exchange",
                                   "turn's end", "card played", "rivals untouched"}, \
        engine.checked


def test_8_2_a_die_face_shows_the_symbols_the_rules_print_on_it(game: GameContent) -> None:
    tables = RaceEngine.of(game).tables
    symbols = {s for face in tables.rules.dice.faces for s in face}
    for symbol in symbols:
        assert tables.faces_showing(symbol) == {
            face for face in range(1, 7) if symbol in tables.symbols(face)}


def test_10_2_3_general_cargo_unloaded_on_the_final_airfield_makes_room_to_collect(
        game: GameContent) -> None:
    """Over each machine carrying general cargo from none to a full hold above the final
    airfield, passengers waiting there: what it delivers and collects after landing, read
    before it, is what it does once landed; a full hold unloaded takes a passenger aboard."""
    engine = RaceEngine.of(game)
    boards = dashboards(game)
    log = quick_start_log(["Ann", "Bob", "Cat"], [b.id for b in boards],
                          [b.preset.pilot for b in boards],
                          [list(b.preset.equipment) for b in boards], {})
    general = next(t for t, piece in engine.tables.tokens.items()
                   if piece.token == "general-cargo")
    roomy = 0
    for machine in log.machines:
        for loaded in range(10):
            race = engine.initial(log)
            race.turns = race.order.index(machine.dashboard)
            race, _ = engine.apply(race, StartTurn(Turn(machine=machine.dashboard)))
            assert race.current is not None
            flyer = race.current.flyer
            flyer.at, flyer.altitude = len(race.course) - 1, 1
            flyer.passengers, flyer.cargo = [], [general] * loaded
            race.passengers_left[flyer.at] = 2
            landed, _ = engine.apply(engine.fork(race), PhaseAction(engine.phase("landing")))
            assert exchange(race, landing=True) == exchange(landed)
            roomy += loaded > 0 and "collect" in exchange(landed)
    assert roomy
