"""pnp simulate now-boarding: a cooperative game's report (no winning seat, the table's score
against the tiers) and games the referee finds legal."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.referee.batch import referee_batch
from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]


def test_8_3_the_table_s_score_is_reported_against_the_tiers(pnp: Pnp, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", "now-boarding", "--games", "8", "--players", "3", "--bots",
                    "heuristic", "--seed", "3", "--content", str(CONTENT), "-o", "report",
                    "--records", "games", "--no-plots", "-j", "1")
    assert code == 0, out
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert data["cooperative"] and "seats" not in data and "first_player" not in data
    (table,) = data["scores"]
    assert table["count"] == 8
    assert [t["name"] for t in table["thresholds"]][:2] == ["Notable", "Great"]
    assert "A cooperative game" in out and "## Winners" not in out
    records = sorted((tmp_path / "games").glob("*.yaml"))
    refereed = list(referee_batch(records, CONTENT, jobs=1))
    assert len(refereed) == 8
    assert [r.path for r in refereed if r.exit_code != 0] == []
    scores = sorted(int(r.report["scores"]["table"]["score"]) for r in refereed)
    assert scores and min(scores) >= table["min"] and max(scores) <= table["max"]
