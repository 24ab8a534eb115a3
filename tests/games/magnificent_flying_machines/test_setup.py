"""The set-up a race log writes (5.3, 6.6-6.9, 8.1, 12.2, 12.3): the first-player roll, the
machines in turn order, the draft from the face-up rows, and team play."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog
from pnpcompiler.games.magnificent_flying_machines.referee.setup import pickers
from pnpcompiler.games.magnificent_flying_machines.referee.state import Race
from pnpcompiler.games.magnificent_flying_machines.referee.teams import finish, team_table
from pnpcompiler.games.magnificent_flying_machines.referee.turns import scores

PLAYERS = ["Ann", "Bob", "Cat"]
PILOT_ROW = ["sikosi-akimoto", "jing-li", "karishma-khana", "janu-rajan", "hamish-mctarn",
             "kauri-parata"]


def set_up(game: GameContent, players: list[str] = PLAYERS, **extra: Any) -> Race:
    """Return a standard race set up with the preset machines, seat by seat."""
    machines = 4 if len(players) == 2 else len(players)
    boards = dashboards(game)[:machines]
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "standard",
        "players": players, "course": list(range(1, 12)),
        "weather": {n: "weather-sunny" for n in range(2, 12)},
        "machines": [{"player": players[i % len(players)], "dashboard": b.id,
                      "pilot": b.preset.pilot, "equipment": list(b.preset.equipment)}
                     for i, b in enumerate(boards)], **extra})
    return RaceEngine.of(game).initial(log)


def codes(race: Race) -> list[tuple[str, Any]]:
    return [(f.code, f.extra.get("rule")) for f in race.rulings.findings]


def test_6_6_the_most_flying_symbols_is_first_player(game: GameContent) -> None:
    rolls = [{"Ann": [2, 2, 4, 1, 1], "Bob": [2, 1, 1, 1, 1], "Cat": [5, 3, 3, 3, 3]}]
    assert codes(set_up(game, first_player=rolls)) == []
    rolls[0]["Bob"] = [2, 2, 2, 2, 2]
    assert codes(set_up(game, first_player=rolls)) == [("first-player.seat", "6.6")]
    rolls[0]["Bob"] = [2, 2, 2, 2]
    assert codes(set_up(game, first_player=rolls)) == [("first-player.roll", "6.6")]


def test_6_6_in_the_case_of_a_draw_the_affected_players_re_roll(game: GameContent) -> None:
    rolls = [{"Ann": [2, 2, 1, 1, 1], "Bob": [4, 5, 1, 1, 1], "Cat": [2, 3, 3, 3, 3]},
             {"Ann": [2, 1, 1, 1, 1], "Bob": [1, 1, 1, 1, 1]}]
    assert codes(set_up(game, first_player=rolls)) == []
    assert codes(set_up(game, first_player=rolls[:1])) == [("first-player.roll", "6.6")]
    rolls[1]["Cat"] = [2, 2, 2, 2, 2]
    assert codes(set_up(game, first_player=rolls)) == [("first-player.roll", "6.6")]


def test_8_1_machines_are_listed_in_turn_order(game: GameContent) -> None:
    race = set_up(game)
    assert codes(race) == []
    race = set_up(game, players=["Bob", "Ann", "Cat"])
    assert codes(race) == []
    boards = dashboards(game)[:4]
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "standard",
        "players": ["Ann", "Bob"], "course": list(range(1, 12)),
        "weather": {n: "weather-sunny" for n in range(2, 12)},
        "machines": [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
                      "equipment": list(b.preset.equipment)}
                     for p, b in zip(["Ann", "Ann", "Bob", "Bob"], boards, strict=True)]})
    race = RaceEngine.of(game).initial(log)
    assert codes(race) == [("setup.seats", "12.2")]


def test_6_7_pilots_are_chosen_anticlockwise_from_the_first_player_s_right(
        game: GameContent) -> None:
    picks = [{"player": "Cat", "card": "hamish-mctarn", "dealt": "amelia-skyfoot"},
             {"player": "Bob", "card": "karishma-khana", "dealt": "pierre-dupont"},
             {"player": "Ann", "card": "sikosi-akimoto", "dealt": "floats"}]
    draft = {"pilots": {"display": PILOT_ROW, "picks": picks}}
    assert codes(set_up(game, draft=draft)) == [("draft.display", "6.7")]
    picks[2]["dealt"] = "elinah-mwangi"
    assert codes(set_up(game, draft=draft)) == []
    picks[0]["player"], picks[1]["player"] = "Bob", "Cat"
    assert codes(set_up(game, draft=draft)) == [("draft.order", "6.7")]
    picks[0]["player"], picks[1]["player"] = "Cat", "Bob"
    picks[2]["card"] = "janu-rajan"
    assert codes(set_up(game, draft=draft)) == [("draft.result", "6.7")]


def test_6_7_a_pilot_is_chosen_from_the_six_face_up(game: GameContent) -> None:
    picks = [{"player": "Cat", "card": "hamish-mctarn", "dealt": "amelia-skyfoot"},
             {"player": "Bob", "card": "karishma-khana", "dealt": "pierre-dupont"},
             {"player": "Ann", "card": "sikosi-akimoto"}]
    row = [p for p in PILOT_ROW if p != "sikosi-akimoto"] + ["marco-florentina"]
    race = set_up(game, draft={"pilots": {"display": row, "picks": picks}})
    assert codes(race) == [("draft.display", "6.7")]


def test_6_9_equipment_is_chosen_round_by_round_until_every_slot_is_filled(
        game: GameContent) -> None:
    # The monoplane has three slots, the biplane and the seaplane two: a third round for Ann.
    assert list(pickers(["Cat", "Bob", "Ann"], Counter({"Ann": 3, "Bob": 2, "Cat": 2}))) == [
        "Cat", "Bob", "Ann", "Cat", "Bob", "Ann", "Ann"]
    kits = {b.preset.pilot: list(b.preset.equipment) for b in dashboards(game)[:3]}
    ann, bob, cat = kits["sikosi-akimoto"], kits["karishma-khana"], kits["hamish-mctarn"]
    cards = [cat[0], bob[0], ann[0], cat[1], bob[1], ann[1], ann[2]]
    dealt = [ann[2], "new-wing-design", "shotgun", "national-flag", "floats", "two-seater",
             "flying-manual"]
    picks = [{"player": p, "card": c, "dealt": d} for p, c, d in zip(
        ["Cat", "Bob", "Ann", "Cat", "Bob", "Ann", "Ann"], cards, dealt, strict=True)]
    draft = {"equipment": {"display": cards[:6], "picks": picks}}
    assert codes(set_up(game, draft=draft)) == []
    picks[0]["dealt"] = ann[1]  # face up already: the deck cannot deal it
    assert codes(set_up(game, draft=draft)) == [("draft.display", "6.9")]
    picks[0]["dealt"], picks[6]["player"] = ann[2], "Bob"
    assert codes(set_up(game, draft=draft)) == [("draft.order", "6.9")]


def test_12_2_the_second_player_chooses_first_and_choices_alternate(game: GameContent) -> None:
    presets = [b.preset.pilot for b in dashboards(game)[:4]]
    row = [*presets, "amelia-skyfoot", "jing-li"]
    picks = [{"player": p, "card": c, "dealt": d} for p, c, d in zip(
        ["Bob", "Ann", "Bob", "Ann"], [presets[1], presets[0], presets[3], presets[2]],
        ["pierre-dupont", "elinah-mwangi", "janu-rajan", "matthew-comben"], strict=True)]
    race = set_up(game, players=["Ann", "Bob"], draft={"pilots": {"display": row,
                                                                   "picks": picks}})
    assert codes(race) == []
    picks[0]["player"] = "Ann"
    race = set_up(game, players=["Ann", "Bob"], draft={"pilots": {"display": row,
                                                                   "picks": picks}})
    assert codes(race)[0] == ("draft.order", "6.7")


def test_5_2_the_quick_start_has_no_draft(game: GameContent) -> None:
    boards = dashboards(game)[:3]
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": "quick-start",
        "players": PLAYERS, "course": list(range(1, 12)),
        "weather": {n: "weather-sunny" for n in range(2, 12)},
        "machines": [{"player": p, "dashboard": b.id, "pilot": b.preset.pilot,
                      "equipment": list(b.preset.equipment)}
                     for p, b in zip(PLAYERS, boards, strict=True)],
        "draft": {"machines": {"picks": []}}})
    assert codes(RaceEngine.of(game).initial(log)) == [("draft.quick-start", "5.2")]


FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_12_3_team_mates_do_not_sit_next_to_each_other(game: GameContent) -> None:
    assert codes(set_up(game, FOUR, teams={"red": ["Ann", "Cat"], "blue": ["Bob", "Dan"]})) == []
    assert codes(set_up(game, FOUR, teams={"red": ["Ann", "Bob"], "blue": ["Cat", "Dan"]})) == [
        ("team.seats", "12.3"), ("team.seats", "12.3")]
    assert codes(set_up(game, FOUR, teams={"red": ["Ann", "Dan"], "blue": ["Bob", "Cat"]})) == [
        ("team.seats", "12.3"), ("team.seats", "12.3")]


def test_12_3_teams_of_two_for_four_players_two_or_three_for_six(game: GameContent) -> None:
    assert codes(set_up(game, FOUR, teams={"red": ["Ann"], "blue": ["Bob", "Cat", "Dan"]})) == [
        ("team.size", "12.3")]
    assert codes(set_up(game, FOUR, teams={"red": ["Ann", "Cat"], "blue": ["Bob"]})) == [
        ("team.members", "12.3")]
    assert codes(set_up(game, teams={"red": ["Ann", "Cat"], "blue": ["Bob"]})) == [
        ("team.players", "12.3")]
    six = [*FOUR, "Eve", "Fay"]
    assert codes(set_up(game, six, teams={"a": ["Ann", "Cat", "Eve"],
                                          "b": ["Bob", "Dan", "Fay"]})) == []
    assert codes(set_up(game, six, teams={"a": ["Ann", "Dan"], "b": ["Bob", "Eve"],
                                          "c": ["Cat", "Fay"]})) == []


def test_12_3_each_team_totals_the_scores_of_its_machines(game: GameContent) -> None:
    teams = {"red": ["Ann", "Cat"], "blue": ["Bob", "Dan"]}
    race = set_up(game, FOUR, teams=teams)
    race.flyers["monoplane"].points["tricks"] += 4
    race.flyers["biplane"].points["tricks"] += 2
    race.flyers["pusher-plane"].points["tricks"] += 3
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "players": FOUR,
        "course": list(range(1, 12)), "machines": race_machines(race), "teams": teams,
        "end": {"teams": {"red": 4, "blue": 5}, "winner": "blue"}})
    assert team_table(log, scores(race))["blue"]["total"] == 5
    finish(race, log, scores(race))
    assert codes(race) == []
    log.end.teams["red"], log.end.winner = 6, "red"  # type: ignore[union-attr]
    finish(race, log, scores(race))
    assert codes(race) == [("score.team", "12.3"), ("score.winner", "12.3")]


def test_12_3_a_team_tie_goes_to_the_least_damage(game: GameContent) -> None:
    teams = {"red": ["Ann", "Cat"], "blue": ["Bob", "Dan"]}
    race = set_up(game, FOUR, teams=teams)
    race.flyers["monoplane"].points["tricks"] += 4
    race.flyers["biplane"].points["tricks"] += 5
    race.flyers["biplane"].take_damage(1)
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "players": FOUR,
        "course": list(range(1, 12)), "machines": race_machines(race), "teams": teams,
        "end": {"winner": "red"}})
    finish(race, log, scores(race))
    assert codes(race) == []


def race_machines(race: Race) -> list[dict[str, Any]]:
    """Return a race's machines as a record writes them."""
    return [f.machine.model_dump(exclude_defaults=True) for f in race.flyers.values()]
