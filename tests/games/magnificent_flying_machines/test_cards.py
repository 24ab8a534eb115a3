"""Trick and boost cards in a race log (4.2, 8.1, 8.2): the hands, the draw and the hand limit,
who plays a card when, its symbol as a spare part or a cad, and what each card's text does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.bots import BOTS, play, quick_start_log
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards, tricks
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog
from pnpcompiler.games.magnificent_flying_machines.referee.replay import replay
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race

PLAYERS = ["Ann", "Bob", "Cat"]
SUNNY = {n: "weather-sunny" for n in range(2, 12)}
HANDS = {"Ann": ["full-throttle-flying", "quick-repair-take-off", "thermals-cad"],
         "Bob": ["sabotage-cad", "crosswind-flying", "grumpy-passenger-take-off"],
         "Cat": ["immunity-take-off", "perfect-conditions-take-off", "crowd-pleaser-cad"]}
CHECKED = ("card.", "hand.", "cad.", "attack.", "charge.")
# Faces: 1 take-off, 2 flying, 3 landing, 4 take-off+flying, 5 flying+landing, 6 explosion.
# Pools on the starting airfield: monoplane 5 of each (Sikosi), biplane take-off 4, flying 5,
# landing 6 (Superior Tyres), seaplane take-off 3, flying 5, landing 3; every test needs 1.
TAKE_OFF = {"action": "take-off", "dice": [1, 3, 3, 3, 3], "outcome": "pass"}


def race_log(game: GameContent, turns: list[dict[str, Any]], *,
             hands: dict[str, list[str]] | None = None, **machines: Any) -> RaceLog:
    """Return a quick-start race of three machines; ``machines`` changes one by dashboard."""
    boards = dashboards(game)[:3]
    listed = [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
               "equipment": list(b.preset.equipment)} | machines.get(b.id, {})
              for p, b in zip(PLAYERS, boards, strict=True)]
    return RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "quick-start",
        "players": PLAYERS, "course": list(range(1, 12)), "weather": SUNNY,
        "machines": listed, "hands": HANDS if hands is None else hands, "turns": turns})


DRAWS = {"monoplane": "fuel-stop-flying", "biplane": "fuel-stop-take-off",
         "seaplane": "fuel-stop-landing"}


def turn(machine: str, *phases: dict[str, Any], draw: list[str] | None = None,
         discard: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """Return a turn that draws its machine's Fuel Stop and, unless told otherwise, discards
    it again to keep three cards."""
    drawn = [DRAWS[machine]] if draw is None else draw
    return {"machine": machine, "phases": list(phases), "draw": drawn,
            "discard": drawn if discard is None else discard, **extra}


def codes(race: Race) -> list[tuple[str, Any]]:
    return [(f.code, f.extra.get("rule")) for f in race.rulings.findings
            if f.code.startswith(CHECKED)]


def test_4_2_each_player_is_dealt_three_cards(game: GameContent) -> None:
    race = replay(game, race_log(game, []))
    assert codes(race) == []
    assert race.hands == HANDS
    short = HANDS | {"Ann": HANDS["Ann"][:2]}
    assert codes(replay(game, race_log(game, [], hands=short))) == [("hand.deal", "4.2")]
    del short["Cat"]
    assert ("hand.deal", "4.2") in codes(replay(game, race_log(game, [], hands=short)))


def test_4_2_marco_florentina_starts_with_four(game: GameContent) -> None:
    marco: dict[str, Any] = {"seaplane": {"pilot": "marco-florentina"}}
    assert codes(replay(game, race_log(game, [], **marco))) == [("hand.deal", "4.2")]
    hands = HANDS | {"Cat": [*HANDS["Cat"], "second-wind-cad"]}
    assert codes(replay(game, race_log(game, [], hands=hands, **marco))) == []


def test_4_2_no_more_copies_of_a_card_are_held_than_the_deck_has(game: GameContent) -> None:
    copies = {c.id: c.copies for c in tricks(game)}
    assert copies["sabotage-cad"] == 1
    hands = HANDS | {"Ann": ["sabotage-cad", *HANDS["Ann"][1:]]}
    assert codes(replay(game, race_log(game, [], hands=hands))) == [("card.copies", "4.2")]


def test_8_1_one_card_is_drawn_at_the_end_of_a_turn_and_the_hand_kept_to_three(
        game: GameContent) -> None:
    race = replay(game, race_log(game, [turn("monoplane", discard=[])]))
    assert codes(race) == [("hand.limit", "8.1")]
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"])]))
    assert codes(race) == []
    assert race.hands is not None
    assert race.hands["Ann"] == ["full-throttle-flying", "quick-repair-take-off",
                                 "fuel-stop-flying"]
    race = replay(game, race_log(game, [turn("monoplane", draw=[])]))
    assert codes(race) == [("hand.draw", "8.1")]
    race = replay(game, race_log(game, [turn("monoplane", discard=["sabotage-cad"])]))
    assert codes(race) == [("card.not-in-hand", "8.1")]


def test_8_1_marco_florentina_draws_two_with_a_hand_limit_of_four(game: GameContent) -> None:
    marco = {"monoplane": {"pilot": "marco-florentina"}}
    hands = HANDS | {"Ann": [*HANDS["Ann"], "second-wind-cad"]}
    turns = [turn("monoplane", draw=["fuel-stop-flying", "fuel-stop-cad"],
                  discard=["thermals-cad", "second-wind-cad"])]
    assert codes(replay(game, race_log(game, turns, hands=hands, **marco))) == []
    turns[0]["draw"] = ["fuel-stop-flying"]
    turns[0]["discard"] = ["thermals-cad"]
    assert codes(replay(game, race_log(game, turns, hands=hands, **marco))) == [
        ("hand.draw", "8.1")]


def test_8_1_a_card_is_played_from_its_players_hand(game: GameContent) -> None:
    play = {"player": "Ann", "card": "sabotage-cad", "target": "biplane"}
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"],
                                             cards=[play])]))
    assert codes(race) == [("card.not-in-hand", "8.1")]
    # Played all the same: one mistake, one finding.
    assert race.flyers["biplane"].gauge_damage == 1


def test_8_1_dirty_tricks_at_any_time_boosts_only_in_ones_own_turn(game: GameContent) -> None:
    sabotage = {"player": "Bob", "card": "sabotage-cad", "target": "monoplane"}
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"],
                                             cards=[sabotage])]))
    assert codes(race) == []
    assert race.flyers["monoplane"].gauge_damage == 1
    assert race.flyers["monoplane"].fuel == 3
    repair = {"player": "Ann", "card": "quick-repair-take-off"}
    race = replay(game, race_log(game, [
        turn("monoplane", discard=["thermals-cad"], cards=[sabotage]),
        turn("biplane", discard=[], cards=[repair])]))
    assert codes(race) == [("card.out-of-turn", "8.1")]


def test_8_1_a_dirty_trick_is_played_on_a_rivals_machine(game: GameContent) -> None:
    own = {"player": "Bob", "card": "sabotage-cad", "target": "biplane"}
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"],
                                             cards=[own])]))
    assert codes(race) == [("card.target", "8.1")]
    assert race.flyers["biplane"].gauge_damage == 0


def test_8_2_a_cards_spare_part_symbol_is_one_symbol_of_its_test(game: GameContent) -> None:
    failed = {"action": "take-off", "dice": [2, 3, 3, 3, 3], "outcome": "pass",
              "cards": [{"player": "Ann", "card": "quick-repair-take-off",
                         "use": "spare-part"}]}
    race = replay(game, race_log(game, [turn("monoplane", failed, discard=[])]))
    assert codes(race) == []
    assert race.flyers["monoplane"].altitude == 1
    failed["cards"] = [{"player": "Ann", "card": "thermals-cad", "use": "spare-part"}]
    race = replay(game, race_log(game, [turn("monoplane", failed, discard=[])]))
    assert codes(race) == [("card.symbol", "8.2")]
    assert [f.code for f in race.rulings.findings if f.code == "test.outcome"] == [
        "test.outcome"]


def test_8_2_a_cad_symbol_comes_from_a_card_or_a_charge(game: GameContent) -> None:
    cad = {"action": "take-off", "dice": [1, 3, 3, 3], "outcome": "pass", "cad": "Bob"}
    assert codes(replay(game, race_log(game, [turn("monoplane", cad,
                                                   discard=["thermals-cad"])]))) == [
        ("cad.source", "8.2")]
    hands = HANDS | {"Bob": ["bad-directions-cad", *HANDS["Bob"][1:]]}
    cad["cad_from"] = "bad-directions-cad"
    race = replay(game, race_log(game, [turn("monoplane", cad, discard=["thermals-cad"])],
                                 hands=hands))
    assert codes(race) == []
    assert race.hands is not None and "bad-directions-cad" not in race.hands["Bob"]
    cad["cad_from"] = "crosswind-flying"
    assert codes(replay(game, race_log(game, [turn("monoplane", cad,
                                                   discard=["thermals-cad"])]))) == [
        ("card.symbol", "8.2")]


def test_8_2_an_honourable_pilot_answers_a_cad(game: GameContent) -> None:
    hands = HANDS | {"Ann": ["an-honourable-pilot-take-off", *HANDS["Ann"][1:]],
                     "Bob": ["bad-directions-cad", *HANDS["Bob"][1:]]}
    cad = {"action": "take-off", "dice": [1, 3, 3, 3, 3], "outcome": "pass", "cad": "Bob",
           "cad_from": "bad-directions-cad", "cad_answer": "an-honourable-pilot-take-off"}
    race = replay(game, race_log(game, [turn("monoplane", cad, discard=[])], hands=hands))
    assert codes(race) == []
    assert [f.code for f in race.rulings.findings if f.code == "test.dice"] == []
    cad["cad_answer"] = "thermals-cad"
    race = replay(game, race_log(game, [turn("monoplane", cad, discard=[])], hands=hands))
    assert codes(race) == [("card.effect", "8.1")]
    assert "test.dice" in [f.code for f in race.rulings.findings]


def test_8_2_box_of_tricks_gives_three_cads(game: GameContent) -> None:
    box = {"biplane": {"equipment": ["superior-tyres", "box-of-tricks"]}}
    cad = {"action": "take-off", "dice": [1, 3, 3, 3], "outcome": "pass", "cad": "Bob",
           "cad_from": "box-of-tricks"}
    race = replay(game, race_log(game, [turn("monoplane", cad, discard=["thermals-cad"])],
                                 **box))
    assert codes(race) == []
    assert race.flyers["biplane"].charges["box-of-tricks"] == 2
    assert codes(replay(game, race_log(game, [turn("monoplane", cad,
                                                   discard=["thermals-cad"])]))) == [
        ("cad.source", "section 14")]


def test_8_1_full_throttle_rolls_two_dice_more(game: GameContent) -> None:
    up = {"action": "fly-on", "dice": [2] * 7, "outcome": "pass",
          "cards": [{"player": "Ann", "card": "full-throttle-flying"}]}
    race = replay(game, race_log(game, [turn("monoplane", TAKE_OFF, up, discard=[])]))
    assert codes(race) == []
    assert "test.dice" not in [f.code for f in race.rulings.findings]
    up["dice"] = [2] * 5
    race = replay(game, race_log(game, [turn("monoplane", TAKE_OFF, up, discard=[])]))
    assert "test.dice" in [f.code for f in race.rulings.findings]


def test_8_1_crosswind_makes_a_rivals_test_need_one_more_symbol(game: GameContent) -> None:
    wind = {"action": "take-off", "dice": [1, 3, 3, 3, 3], "outcome": "fail",
            "cards": [{"player": "Bob", "card": "crosswind-flying"}]}
    race = replay(game, race_log(game, [turn("monoplane", wind, discard=["thermals-cad"])]))
    assert codes(race) == []
    assert race.flyers["monoplane"].altitude == 0
    # Immunity from Cat's hand answers it on Cat's own test.
    hands = HANDS | {"Cat": ["immunity-take-off", "sabotage-landing", "fuel-stop-cad"]}
    wind["cards"] = [{"player": "Bob", "card": "crosswind-flying",
                      "answer": "immunity-take-off"}]
    wind |= {"dice": [1, 3, 3], "outcome": "pass"}
    race = replay(game, race_log(game, [turn("seaplane", wind, discard=[])], hands=hands))
    assert codes(race) == []
    assert race.flyers["seaplane"].altitude == 1


def test_8_1_a_card_that_passes_a_failed_test_only_on_its_kind_of_test(
        game: GameContent) -> None:
    cards = [{"player": "Cat", "card": "perfect-conditions-take-off"}]
    failed = {"action": "take-off", "dice": [3, 3, 3], "outcome": "pass", "cards": cards}
    turns = [turn("monoplane", discard=["thermals-cad"]),
             turn("biplane", discard=None),
             turn("seaplane", failed, discard=[])]
    race = replay(game, race_log(game, turns))
    assert codes(race) == []
    assert race.flyers["seaplane"].altitude == 1
    failed["dice"] = [1, 3, 3]
    race = replay(game, race_log(game, turns))
    assert codes(race) == [("card.effect", "8.1")]


def test_8_1_second_wind_rerolls_the_tests_dice(game: GameContent) -> None:
    hands = HANDS | {"Ann": ["second-wind-flying", *HANDS["Ann"][1:]]}
    reroll: dict[str, Any] = {"action": "take-off", "dice": [3, 3, 3, 3, 3], "outcome": "pass",
              "cards": [{"player": "Ann", "card": "second-wind-flying",
                         "dice": [1, 3, 3, 3, 3]}]}
    race = replay(game, race_log(game, [turn("monoplane", reroll, discard=[])], hands=hands))
    assert codes(race) == []
    assert race.flyers["monoplane"].altitude == 1
    reroll["cards"][0]["dice"] = [1]
    race = replay(game, race_log(game, [turn("monoplane", reroll, discard=[])], hands=hands))
    assert codes(race) == [("card.effect", "8.1")]


def test_10_3_1_grumpy_passenger_makes_a_passenger_disembark(game: GameContent) -> None:
    grumpy = {"player": "Bob", "card": "grumpy-passenger-take-off", "target": "monoplane"}
    loaded = {"monoplane": {"load": ["passenger"]}, "biplane": {"load": ["passenger"]}}
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"],
                                             cards=[grumpy])], **loaded))
    assert codes(race) == []
    assert race.flyers["monoplane"].passengers == []
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"],
                                             cards=[grumpy])]))
    assert codes(race) == [("card.effect", "10.3.1")]


def test_8_1_immunity_and_this_means_war_answer_a_dirty_trick(game: GameContent) -> None:
    loaded = {"monoplane": {"load": ["passenger"]}, "biplane": {"load": ["passenger"]}}
    hands = HANDS | {"Ann": ["immunity-flying", "this-means-war-flying", "thermals-cad"]}
    grumpy = {"player": "Bob", "card": "grumpy-passenger-take-off", "target": "monoplane",
              "answer": "immunity-flying"}
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[grumpy])],
                                 hands=hands, **loaded))
    assert codes(race) == []
    assert race.flyers["monoplane"].passengers == [0]
    assert race.flyers["biplane"].passengers == [0]
    grumpy["answer"] = "this-means-war-flying"
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[grumpy])],
                                 hands=hands, **loaded))
    assert codes(race) == []
    assert race.flyers["monoplane"].passengers == [0]
    assert race.flyers["biplane"].passengers == []
    # An answer the deck does not hold is one finding: a misspelling is read as the card of
    # the hand nearest to it. A name near none leaves the trick unanswered, and the hand then
    # holds one card too many at the turn's end (which card left it the record cannot say).
    grumpy["answer"] = "imunity-flying"
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[grumpy])],
                                 hands=hands, **loaded))
    assert codes(race) == [("card.unknown", "8.1")]
    assert "read as immunity-flying" in race.rulings.findings[0].message
    assert race.flyers["monoplane"].passengers == [0]
    grumpy["answer"] = "lucky-escape"
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[grumpy])],
                                 hands=hands, **loaded))
    assert [c for c, _ in codes(race)] == ["card.unknown", "hand.limit"]
    assert race.flyers["monoplane"].passengers == []


def test_8_1_swap_the_maps_moves_a_rival_back_one_tile(game: GameContent) -> None:
    hands = HANDS | {"Bob": ["swap-the-maps-flying", *HANDS["Bob"][1:]]}
    fly = {"action": "fly-on", "dice": [2, 3, 3, 3, 3], "outcome": "pass"}
    swap = {"player": "Bob", "card": "swap-the-maps-flying", "target": "monoplane"}
    turns = [turn("monoplane", TAKE_OFF, fly, discard=["thermals-cad"]),
             turn("biplane", discard=[], cards=[swap])]
    race = replay(game, race_log(game, turns, hands=hands))
    assert codes(race) == []
    assert race.flyers["monoplane"].at == 0
    assert race.flyers["monoplane"].altitude == 1
    race = replay(game, race_log(game, turns[1:], hands=hands))
    assert codes(race) == [("card.effect", "8.1")]


def test_8_1_boosts_act_on_the_players_own_machine(game: GameContent) -> None:
    thermals = {"player": "Ann", "card": "thermals-cad"}
    repair = {"player": "Ann", "card": "quick-repair-take-off"}
    race = replay(game, race_log(game, [turn("monoplane", TAKE_OFF, discard=[],
                                             cards=[thermals, repair])]))
    assert codes(race) == [("card.effect", "8.1")]  # no damage on the gauge to repair
    assert race.flyers["monoplane"].altitude == 3
    crowd = {"action": "trick-manoeuvre", "dice": [2, 2, 3, 3, 3], "outcome": "pass",
             "cards": [{"player": "Cat", "card": "crowd-pleaser-cad"}]}
    race = replay(game, race_log(game, [
        turn("monoplane", discard=["thermals-cad"]),
        turn("biplane", discard=None),
        turn("seaplane", TAKE_OFF | {"dice": [1, 3, 3]}, crowd, discard=[])]))
    assert codes(race) == []
    assert race.flyers["seaplane"].points["tricks"] == 3


def test_8_1_official_scrutiny_makes_every_rival_discard_a_dirty_trick(
        game: GameContent) -> None:
    hands = HANDS | {"Ann": ["official-scrutiny-cad", *HANDS["Ann"][1:]]}
    scrutiny = {"player": "Ann", "card": "official-scrutiny-cad",
                "discards": {"Bob": "sabotage-cad"}}
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[scrutiny])],
                                 hands=hands))
    assert codes(race) == []
    assert race.hands is not None and "sabotage-cad" not in race.hands["Bob"]
    scrutiny["discards"] = {}
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[scrutiny])],
                                 hands=hands))
    assert codes(race) == [("card.effect", "8.1")]


def test_8_4_2_a_machine_forced_down_in_a_rivals_turn_lands_first(game: GameContent) -> None:
    hands = HANDS | {"Cat": ["sabotage-flying", "sabotage-landing", "fuel-stop-cad"]}
    shots = [{"player": "Cat", "card": "sabotage-flying", "target": "monoplane"},
             {"player": "Cat", "card": "sabotage-landing", "target": "monoplane"}]
    turns = [turn("monoplane", TAKE_OFF, discard=["thermals-cad"]),
             turn("biplane", discard=None, cards=shots),
             turn("seaplane", discard=[]),
             turn("monoplane", {"action": "gain-altitude"}, draw=["thermals-flying"],
                  discard=["thermals-flying"])]
    race = replay(game, race_log(game, turns, hands=hands))
    assert race.flyers["monoplane"].gauge_damage == 2
    assert "landing.forced" in [f.code for f in race.rulings.findings]
    turns[3]["phases"] = [{"action": "landing", "forced": True, "dice": [3, 3, 3, 3, 3],
                           "outcome": "pass"}]
    race = replay(game, race_log(game, turns, hands=hands))
    assert [f.code for f in race.rulings.findings if f.code != "game.unfinished"] == []
    assert race.flyers["monoplane"].altitude == 0


def test_section_14_mounted_rifle_once_per_turn_in_the_same_air_space(
        game: GameContent) -> None:
    rifle = {"monoplane": {"equipment": ["mounted-rifle", "goggles", "universal-spare-parts"]}}
    shot = {"equipment": "mounted-rifle", "target": "biplane"}
    turns = [turn("monoplane", TAKE_OFF, discard=["thermals-cad"]),
             turn("biplane", TAKE_OFF | {"dice": [1, 3, 3, 3]}, discard=None),
             turn("seaplane", discard=None),
             turn("monoplane", {"action": "gain-altitude", "attacks": [shot]},
                  draw=["thermals-flying"], discard=["thermals-flying"])]
    race = replay(game, race_log(game, turns, **rifle))
    assert codes(race) == []
    assert race.flyers["biplane"].gauge_damage == 1
    assert race.flyers["monoplane"].charges["mounted-rifle"] == 2
    turns[3]["attacks"] = [shot]
    race = replay(game, race_log(game, turns, **rifle))
    assert ("attack.once", "section 14") in codes(race)
    turns[3]["phases"] = []
    turns[3]["attacks"] = [{"equipment": "mounted-rifle", "target": "seaplane"}]
    assert ("attack.range", "section 14") in codes(replay(game, race_log(game, turns, **rifle)))


def test_section_14_shotgun_hits_with_an_explosion_at_the_same_altitude(
        game: GameContent) -> None:
    gun = {"monoplane": {"equipment": ["shotgun", "goggles", "universal-spare-parts"]}}
    turns = [turn("monoplane", TAKE_OFF, discard=["thermals-cad"]),
             turn("biplane", TAKE_OFF | {"dice": [1, 3, 3, 3]}, discard=None),
             turn("seaplane", discard=None),
             turn("monoplane", draw=["thermals-flying"], discard=["thermals-flying"],
                  attacks=[{"equipment": "shotgun", "target": "biplane", "dice": [6, 2]}])]
    race = replay(game, race_log(game, turns, **gun))
    assert codes(race) == []
    assert race.flyers["biplane"].gauge_damage == 1
    turns[3]["attacks"][0]["dice"] = [2, 2]
    race = replay(game, race_log(game, turns, **gun))
    assert race.flyers["biplane"].gauge_damage == 0
    turns[3]["attacks"][0]["dice"] = [6]
    assert ("attack.dice", "section 14") in codes(replay(game, race_log(game, turns, **gun)))
    turns[3]["phases"] = [{"action": "gain-altitude"}]
    turns[3]["attacks"][0]["dice"] = [6, 6]
    race = replay(game, race_log(game, turns, **gun))
    assert ("attack.range", "section 14") in codes(race)


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_8_1_bots_play_their_cards_and_stay_legal(game: GameContent, bot: str,
                                                  players: int) -> None:
    engine = RaceEngine.of(game)
    played_cards = 0
    for seed in range(2):
        boards = dashboards(game)[:4 if players == 2 else players]
        log = quick_start_log(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players],
                              [b.id for b in boards], [b.preset.pilot for b in boards],
                              [list(b.preset.equipment) for b in boards], SUNNY)
        played = play(engine, log, BOTS[bot], random.Random(seed), cards=True)
        assert played.race.over
        assert played.race.rulings.findings == []
        record = played.record
        assert sorted(record["hands"]) == sorted(log.players)
        assert all(len(t["draw"]) == 1 for t in record["turns"])
        again = replay(game, RaceLog.model_validate(record))
        assert again.rulings.findings == []
        played_cards += sum(len(t.get("cards", [])) + sum(
            len(p.get("cards", [])) + ("cad_from" in p) for p in t["phases"])
            for t in record["turns"])
    assert played_cards > 0


def test_8_1_dirty_tricks_take_fuel_spare_parts_and_altitude(game: GameContent) -> None:
    hands = HANDS | {"Bob": ["siphoned-fuel-flying", "stolen-spares-landing",
                             "bad-directions-flying"]}
    tricks_played = [
        {"player": "Bob", "card": "siphoned-fuel-flying", "target": "monoplane"},
        {"player": "Bob", "card": "stolen-spares-landing", "target": "monoplane",
         "part": "landing"},
        {"player": "Bob", "card": "bad-directions-flying", "target": "monoplane"}]
    thermals = {"player": "Ann", "card": "thermals-cad"}
    race = replay(game, race_log(game, [turn("monoplane", TAKE_OFF, discard=[],
                                             cards=[thermals, *tricks_played])], hands=hands))
    assert codes(race) == []
    monoplane = race.flyers["monoplane"]
    assert (monoplane.fuel, monoplane.parts["landing"], monoplane.altitude) == (3, 1, 2)
    # On the ground: no band to drop; a part the machine does not hold cannot be stolen.
    tricks_played[1]["part"] = "flying"
    race = replay(game, race_log(game, [turn("monoplane", discard=["thermals-cad"],
                                             cards=tricks_played)], hands=hands))
    assert codes(race) == [("card.effect", "8.1")]
    assert race.flyers["monoplane"].parts["flying"] == 1


def test_8_1_fuel_stop_needs_room_on_the_gauge(game: GameContent) -> None:
    hands = HANDS | {"Ann": ["fuel-stop-cad", *HANDS["Ann"][1:]]}
    fuel = {"player": "Ann", "card": "fuel-stop-cad"}
    race = replay(game, race_log(game, [turn("monoplane", discard=[], cards=[fuel])],
                                 hands=hands))
    assert codes(race) == [("card.effect", "8.1")]
    sabotage = {"player": "Bob", "card": "sabotage-cad", "target": "monoplane"}
    siphon = {"player": "Cat", "card": "siphoned-fuel-flying", "target": "monoplane"}
    hands |= {"Cat": ["siphoned-fuel-flying", *HANDS["Cat"][1:]]}
    race = replay(game, race_log(game, [turn("monoplane", discard=[],
                                             cards=[sabotage, siphon, fuel])], hands=hands))
    assert codes(race) == []
    assert race.flyers["monoplane"].fuel == 3
