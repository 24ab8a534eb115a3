"""pnp simulate two-airport: winners by seat, the first player's advantage, game length, and
games the referee finds legal."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.referee.batch import referee_batch
from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]


def test_simulated_games_report_seats_first_player_and_length(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", "two-airport", "--games", "30", "--players", "3", "--bots",
                    "racing,random", "--seed", "2", "--content", str(CONTENT), "-o", "report",
                    "--records", "games", "--no-plots", "-j", "1")
    assert code == 0, out
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert [s["bot"] for s in data["seats"]] == ["racing", "random", "racing"]
    wins = sum(s["wins"]["count"] for s in data["seats"]) + data["no_winner"]["count"]
    assert wins == data["games"] == 30
    first = data["first_player"]
    assert first["count"] == data["seats"][0]["wins"]["count"]
    assert first["even"] == round(1 / 3, 6)
    assert data["length"]["unit"] == "turns" and data["length"]["count"] == 30
    assert "First player: wins" in out
    records = sorted((tmp_path / "games").glob("*.yaml"))
    refereed = list(referee_batch(records, CONTENT, jobs=1))
    assert len(refereed) == 30
    assert [r.path for r in refereed if r.exit_code != 0] == []
    winners = [r.report["winner"] for r in refereed]
    assert sum(w == "Ann" for w in winners) == first["count"]
