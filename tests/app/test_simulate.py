"""pnp simulate's usage errors and the plots, drawn or skipped."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]


@pytest.mark.parametrize(("args", "says"), [
    (["air-cargo", "--bots", "reckless"], "no bot 'reckless'; the game has: careful, bold"),
    (["air-cargo", "--players", "2"], "the game seats 1 player, not 2"),
    (["two-airport", "--players", "5"], "the game seats 2 to 4 players, not 5"),
    (["two-airport", "--bots", "random,random,random"], "3 bots for 2 seats"),
    (["no-such-game"], "no game 'no-such-game'"),
    (["rushing-tin", "--players", "5"], "the game seats 1 to 4 players, not 5"),
    (["two-airport", "--bots", "sloppy-random"], "the game's bots make no mistakes on purpose"),
    (["air-cargo", "--bots", "sloppy-careful@2"], "a number above 0 and at most 1"),
    (["air-cargo", "--bots", "sloppy-reckless"], "no bot 'sloppy-reckless'"),
    # One bot plays every seat: a second was never played, yet the report named it.
    (["magnificent-flying-machines", "--bots", "heuristic,random"],
     "one bot plays every seat of this game; give one, not heuristic, random"),
    (["now-boarding", "--bots", "random,heuristic"],
     "one bot plays every seat of this game; give one, not random, heuristic"),
])
def test_simulate_usage_errors_exit_2(pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      args: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", *args, "--games", "2", "--content", str(CONTENT))
    assert code == 2
    assert says in out


def test_simulate_names_a_misspelt_game_and_a_content_file_as_the_other_commands_do(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown game gets the nearest game and the list, and --content naming a file says
    so, as pnp validate, rules and export say them (simulate said only "no game")."""
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", "rushing-tn", "--games", "2", "--content", str(CONTENT))
    assert code == 2
    assert "(did you mean 'rushing-tin'?); games: air-cargo," in out, out
    Path("afile").write_text("not a folder\n", encoding="utf-8")
    code, out = pnp("simulate", "air-cargo", "--games", "2", "--content", "afile")
    assert code == 2
    assert "content folder 'afile' is a file, not a folder" in out, out


def test_simulate_a_game_without_bots_exits_2(pnp: Pnp, project: Callable[..., Path]
                                             ) -> None:
    project()
    code, out = pnp("simulate", "golden", "--games", "2")
    assert code == 2
    assert "golden has no bots to simulate it with" in out


def test_simulate_says_plots_are_skipped_without_matplotlib(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "pnpcompiler.app.plots", None)  # import fails
    code, _ = pnp("simulate", "air-cargo", "--games", "5", "--content", str(CONTENT),
                  "-o", "report", "-j", "1")
    assert code == 0
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert "matplotlib is not installed" in data["plots_skipped"]
    assert "Plots skipped: matplotlib is not installed" in (
        tmp_path / "report" / "report.md").read_text(encoding="utf-8")


def test_simulate_draws_score_and_winner_plots(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    drawn = []
    for run in ("a", "b"):
        code, _ = pnp("simulate", "air-cargo", "--games", "20", "--content", str(CONTENT),
                      "-o", run, "-j", "1")
        assert code == 0
        drawn.append({p.name: p.read_bytes() for p in sorted((tmp_path / run).iterdir())})
    assert sorted(drawn[0]) == ["report.html", "report.json", "report.md", "scores.png",
                                "scores.svg", "winners.png", "winners.svg"]
    assert drawn[0]["scores.png"].startswith(b"\x89PNG")
    assert b"<svg" in drawn[0]["winners.svg"]
    assert drawn[0] == drawn[1]


@pytest.mark.parametrize("where", [["-o", "afile"], ["-o", "afile/report"],
                                   ["--records", "afile"]])
def test_simulate_into_a_file_is_a_usage_error_before_any_game(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: list[str]) -> None:
    """-o or --records naming a file exits 2 before a game is played (it played every game,
    then failed with an internal error, exit 3)."""
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("not a folder\n", encoding="utf-8")
    code, out = pnp("simulate", "air-cargo", "--games", "2", "--content", str(CONTENT), *where)
    assert code == 2, out
    assert f"pnp: error: {where[0]}: " in out and "afile" in out
    assert "games, seat 1" not in out


def test_records_of_an_earlier_run_are_removed_and_other_files_kept(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A second run into the same --records folder leaves it holding that run alone (a
    # referee --batch over it would mix the runs): the first run's 12 records, numbered
    # 00-11, are replaced by the second's 3, numbered 0-2; a file of the user's stays.
    monkeypatch.chdir(tmp_path)
    common = ["simulate", "air-cargo", "--content", str(CONTENT), "--no-plots", "-j", "1",
              "--records", "games"]
    assert pnp(*common, "--games", "12")[0] == 0
    Path("games/notes.yaml").write_text("mine: true\n", encoding="utf-8")
    code, out = pnp(*common, "--games", "3")
    assert code == 0, out
    assert sorted(p.name for p in Path("games").iterdir()) == [
        "air-cargo-0.yaml", "air-cargo-1.yaml", "air-cargo-2.yaml", "notes.yaml"]
    assert "removed 12 record(s) of an earlier run from games" in out
