"""pnp simulate magnificent-flying-machines: winners by seat, the first player's share, scores,
and races the referee finds legal."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.referee.batch import referee_batch
from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]


def test_11_simulated_races_count_each_winner_once_and_referee_legal(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", "magnificent-flying-machines", "--games", "6", "--players", "3",
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
