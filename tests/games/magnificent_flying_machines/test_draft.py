"""The flying machines as a race log sets them up (5.2, 6.7-6.9, 12.2): each pilot, machine,
equipment card and colour taken once, every slot filled, the preset side in the quick start."""

from __future__ import annotations

from typing import Any

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.lookup import dashboards
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def found(game: GameContent, mode: str, edit: dict[int, dict[str, Any]],
          players: list[str] = PLAYERS) -> list[tuple[str, Any, Any]]:
    """Return the set-up findings of four preset machines with some fields changed."""
    machines = []
    for i, (player, board) in enumerate(zip(players * 2, dashboards(game)[:4], strict=False)):
        machine = {"player": player, "dashboard": board.id, "pilot": board.preset.pilot,
                   "equipment": list(board.preset.equipment)}
        machines.append(machine | edit.get(i, {}))
    log = RaceLog.model_validate({
        "game": "magnificent-flying-machines", "record": "race", "mode": mode,
        "players": players, "course": list(range(1, 12)), "machines": machines,
        "weather": {n: "weather-sunny" for n in range(2, 12)}})
    race = RaceEngine.of(game).initial(log)
    return [(f.code, f.extra.get("rule"), f.extra.get("piece")) for f in race.rulings.findings]


def test_5_2_the_quick_start_flies_the_preset_side(game: GameContent) -> None:
    assert found(game, "quick-start", {}) == []
    assert found(game, "quick-start", {1: {"pilot": "jing-li"}}) == [
        ("setup.preset", "5.2", "biplane")]
    assert found(game, "standard", {1: {"pilot": "jing-li"}}) == []


def test_6_7_each_pilot_is_taken_once(game: GameContent) -> None:
    first = dashboards(game)[0].preset.pilot
    assert found(game, "standard", {2: {"pilot": first}}) == [
        ("draft.pilot", "6.7", "seaplane")]


def test_6_8_one_of_each_flying_machine_and_colour(game: GameContent) -> None:
    assert found(game, "standard", {0: {"colour": "red"}, 3: {"colour": "red"}}) == [
        ("draft.colour", "6.8", "pusher-plane")]
    assert ("draft.machine", "6.8", "monoplane") in found(
        game, "standard", {3: {"dashboard": "monoplane"}})


def test_6_9_every_equipment_slot_filled_and_each_card_taken_once(game: GameContent) -> None:
    boards = dashboards(game)
    assert found(game, "standard", {1: {"equipment": boards[1].preset.equipment[:1]}}) == [
        ("draft.equipment", "6.9", "biplane")]
    shared = boards[0].preset.equipment[0]
    assert found(game, "standard", {2: {"equipment": [shared, *boards[2].preset.equipment[1:]]}}
                 ) == [("draft.equipment", "6.9", "seaplane")]


def test_12_2_marco_florentina_is_left_out_of_the_two_player_game(game: GameContent) -> None:
    assert found(game, "standard", {3: {"pilot": "marco-florentina"}}, ["Ann", "Bob"]) == [
        ("draft.pilot", "12.2", "pusher-plane")]
    assert found(game, "standard", {3: {"pilot": "marco-florentina"}}) == []
