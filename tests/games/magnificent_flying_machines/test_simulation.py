"""pnp simulate magnificent-flying-machines: winners by seat, pilot and machine in standard
races drafted at random, the first player's share, scores, races the referee finds legal, and
each test's first roll against its exact chance."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from pnpcompiler.games.magnificent_flying_machines.drafting import random_draft
from pnpcompiler.games.magnificent_flying_machines.simulation import Table, pass_chance
from pnpcompiler.referee.balance import wilson
from pnpcompiler.referee.batch import referee_batch
from pnpcompiler.referee.simulation import Task, play_task, prepared
from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]
GAME = "magnificent-flying-machines"


def table() -> Table:
    """Return the table the simulation plays races from."""
    found = prepared(CONTENT, GAME)[1]
    assert isinstance(found, Table)
    return found


def test_11_simulated_races_count_each_winner_once_and_referee_legal(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", GAME, "--games", "6", "--players", "3",
                    "--bots", "heuristic", "--seed", "5", "--content", str(CONTENT), "-o",
                    "report", "--records", "races", "--no-plots", "-j", "1")
    assert code == 0, out
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert [s["bot"] for s in data["seats"]] == ["heuristic"] * 3
    assert sum(s["wins"]["count"] for s in data["seats"]) + data["no_winner"]["count"] == 6
    assert len(data["scores"]) == 3
    records = sorted((tmp_path / "races").glob("*.yaml"))
    refereed = list(referee_batch(records, CONTENT, jobs=1))
    assert [r.path for r in refereed if r.exit_code != 0] == []
    winners = [r.report["winner"] for r in refereed]
    assert sum(w == "Ann" for w in winners) == data["seats"][0]["wins"]["count"]
    # Each race seats three pilots and three machines: each category adds up to 18 seats.
    machines, pilots = data["sides"]
    assert sum(r["games"] for r in machines["rows"]) == sum(r["games"] for r in pilots["rows"])
    assert sum(r["games"] for r in pilots["rows"]) == 18
    assert sum(r["wins"]["count"] for r in pilots["rows"]) == 6 - data["no_winner"]["count"]


def test_6_7_drafted_races_of_two_and_six_players_referee_legal(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for players in ("2", "6"):
        code, out = pnp("simulate", GAME, "--games", "3", "--players", players, "--seed", "8",
                        "--content", str(CONTENT), "-o", f"report-{players}", "--records",
                        f"races-{players}", "--no-plots", "-j", "1")
        assert code == 0, out
    records = sorted(tmp_path.glob("races-*/*.yaml"))
    assert len(records) == 6
    refereed = list(referee_batch(records, CONTENT, jobs=1))
    assert [r.path for r in refereed if r.exit_code != 0] == []


def test_12_2_two_player_draft_gives_each_player_two_machines_without_marco() -> None:
    tables = table().engine.tables
    for seed in range(40):
        drafted = random_draft(tables, ["Ann", "Bob"], random.Random(seed))
        assert [m.player for m in drafted.machines] == ["Ann", "Bob", "Ann", "Bob"]
        assert "marco-florentina" not in {m.pilot for m in drafted.machines}
        assert len({m.dashboard for m in drafted.machines}) == 4
        kit = [card for m in drafted.machines for card in m.equipment]
        assert len(kit) == len(set(kit)) and "two-seater" not in kit
        assert all(len(m.equipment) == tables.boards[m.dashboard].equipment_slots
                   for m in drafted.machines)


def test_8_2_test_pass_chance_is_every_face_of_every_die_enumerated() -> None:
    faces = table().engine.tables.rules.dice.faces
    for test in ("take-off", "flying", "landing"):
        for dice in range(4):
            rolls = list(itertools.product(faces, repeat=dice))
            for need in range(5):
                passing = sum(1 for roll in rolls
                              if sum(test in face for face in roll) >= need)
                assert pass_chance(table(), test, dice, need) == Fraction(
                    passing, len(rolls)), (test, dice, need)
    # Flying shows on three faces of six, take-off on two: 2 dice need one flying = 3/4,
    # 3 dice need two take-off = 3 * (1/3)^2 * (2/3) + (1/3)^3 = 7/27.
    assert pass_chance(table(), "flying", 2, 1) == Fraction(3, 4)
    assert pass_chance(table(), "take-off", 3, 2) == Fraction(7, 27)
    assert pass_chance(table(), "landing", 10, 0) == 1


def test_8_2_each_tests_first_roll_agrees_with_its_exact_chance() -> None:
    chunk = play_task(Task(CONTENT, GAME, ("heuristic",) * 4, 5, 0, 40, False))
    simulation, tables = prepared(CONTENT, GAME)
    tested = Counter[str]()
    for name, key in {(name, key) for name, key, _ in chunk.chances}:
        passed = chunk.chances[(name, key, True)]
        trials = passed + chunk.chances[(name, key, False)]
        if trials < 50:
            continue
        # 99.9% intervals: the dozens of rows tested here should all hold one.
        low, high = wilson(passed, trials, z=3.2905)
        assert low <= simulation.exact_tables[name].chance(tables, key) <= high, (
            name, key, passed, trials)
        tested[name] += 1
    assert set(tested) == {"take-off test", "flying test", "landing test"}
    assert sum(tested.values()) >= 15
