"""The balance report's plots, drawn from report data alone."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.referee.balance import Balance
from pnpcompiler.referee.simulation import Chunk, Played

pytest.importorskip("matplotlib")

from pnpcompiler.app.plots import draw_plots, even_share


def _report(winners: list[int | None], seats: int) -> dict[str, Any]:
    """Return the report data of games won by these seats (None: nobody won)."""
    balance = Balance("game", ("bot",) * seats, 1, "turns")
    balance.add(Chunk(0, [Played(w, 31, "over") for w in winners], Counter()))
    return balance.to_json({})


def test_the_even_line_is_a_seats_share_of_the_games_someone_won(tmp_path: Path) -> None:
    data = _report([0] * 37 + [1] * 42 + [2] * 40 + [3] * 60 + [None] * 21, 4)
    # 21 of 200 shifts nobody won: each seat's even share of all 200 is 179 / 4, 22.4%.
    assert even_share(data) == pytest.approx(100 * 179 / 200 / 4)
    draw_plots(data, tmp_path)
    assert "even share, 22.4% (1 in 4 of the games someone won)" in (
        tmp_path / "winners.svg").read_text(encoding="utf-8").replace("&#x27;", "'")
