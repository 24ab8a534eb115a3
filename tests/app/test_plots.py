"""The balance report's plots, drawn from report data alone."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.referee.balance import Balance
from pnpcompiler.referee.simulation import Chunk, Played

pytest.importorskip("matplotlib")

from pnpcompiler.app.plots import draw_plots, even_share, score_figure, winners_figure


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


def _scored(scores: list[int | None], game: str = "air-cargo", seats: int = 1,
            unit: str = "points") -> dict[str, Any]:
    """Return the report data of one-seat games with these scores (None: a crash)."""
    balance = Balance(game, ("careful",) * seats, 1, "flights", [("Winning the game", 40)],
                      score_unit=unit)
    balance.add(Chunk(0, [Played(0 if (s or 0) >= 40 else None, 5, "stop",
                                 scores=(s,) * seats) for s in scores], Counter()))
    return balance.to_json({})


def _texts(figure: Any) -> list[Any]:
    """Return every piece of text a figure draws."""
    import matplotlib.text

    return [t for t in figure.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text()]


def test_the_score_plot_says_whose_scores_in_how_many_games_and_in_what(
        tmp_path: Path) -> None:
    # Air Cargo's bold pilot crashes in most games: the histogram holds only the others.
    figure = score_figure(_scored([41, 38, None, None, None]))
    texts = {t.get_text() for t in _texts(figure)}
    assert ("air-cargo: the scores of seat 1 (careful)\n2 games with a score; 3 of 5 scored "
            "nothing") in texts
    assert "score (points)" in texts and "games" in texts
    assert "Winning the game, 40: 20.0% of games" in texts


def test_a_histogram_counts_games_in_whole_numbers() -> None:
    # Four games: matplotlib's own ticks would be 0, 0.25, 0.5 ... games.
    figure = score_figure(_scored([41, 38, 38, 12]))
    ticks = figure.axes[0].get_yticks()
    assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks), ticks


def test_the_length_plot_names_its_unit() -> None:
    balance = Balance("two-airport", ("random", "random"), 1, "turns")
    balance.add(Chunk(0, [Played(0, n, "won") for n in (50, 60, 70)], Counter()))
    texts = {t.get_text() for t in _texts(score_figure(balance.to_json({})))}
    assert "game length (turns)" in texts
    assert "two-airport: game length in 3 games" in texts


@pytest.mark.parametrize("bots", [("heuristic",) * 6, ("sloppy-careful@0.1", "busy") * 2])
def test_no_text_of_a_plot_is_cut_off_or_runs_into_another(bots: tuple[str, ...]) -> None:
    balance = Balance("magnificent-flying-machines", bots, 1, "turns")
    balance.add(Chunk(0, [Played(i % len(bots), 40, "race-over", scores=(3,) * len(bots))
                          for i in range(60)], Counter()))
    data = balance.to_json({})
    for figure in (winners_figure(data), score_figure(data)):
        figure.canvas.draw()
        drawn = figure.get_tightbbox()  # in inches: everything drawn, text included
        width, height = figure.get_size_inches()
        assert drawn.x0 >= 0 and drawn.y0 >= 0, drawn
        assert drawn.x1 <= width and drawn.y1 <= height, drawn
        ticks = [t.get_window_extent() for t in figure.axes[0].get_xticklabels()]
        assert not any(a.overlaps(b) for a, b in pairwise(ticks))
