"""The balance report's plots, PNG and SVG, with matplotlib (the ``plots`` extra): the score
histogram against the game's thresholds (the game length's when it keeps no score) and each
seat's share of the wins with its interval.

Importing this module fails without matplotlib; ``pnp simulate`` then says the plots were
skipped. The files are the same bytes run to run: no dates, a fixed salt for SVG ids.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never a window, whatever the machine has

import matplotlib.pyplot as plt  # after the backend is chosen
from matplotlib.ticker import MaxNLocator

from ..referee.balance import band_counts

PNG_DPI = 150
"""Pixels an inch of the PNGs: 960 by 540 for a plot, its smallest text still legible."""
SIZE = (6.4, 3.6)
"""Each plot's size in inches."""
FONT_SIZE = 9
"""Points of every plot's text (the thresholds' names and the legend 8)."""


def draw_plots(data: dict[str, Any], folder: Path) -> list[str]:
    """Draw the plots of a report's data into ``folder``; return their file names."""
    folder.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    with plt.rc_context({"svg.hashsalt": "pnp-simulate"}):
        names += _save(score_figure(data), folder, "scores" if data.get("scores") else "length")
        if "seats" in data:  # a cooperative game has no winning seat
            names += _save(winners_figure(data), folder, "winners")
    return names


def _save(figure: Any, folder: Path, stem: str) -> list[str]:
    """Write a figure as PNG and SVG; return the two file names."""
    figure.savefig(folder / f"{stem}.png", dpi=PNG_DPI, metadata={"Software": None})
    figure.savefig(folder / f"{stem}.svg", metadata={"Date": None, "Creator": None})
    plt.close(figure)
    return [f"{stem}.png", f"{stem}.svg"]


def _figure(draw: Callable[[dict[str, Any], Any], None], data: dict[str, Any]) -> Any:
    """Return a plot of the report's size and type size, ``draw`` drawing on its axes."""
    with plt.rc_context({"font.size": FONT_SIZE}):
        figure, axes = plt.subplots(figsize=SIZE)
        draw(data, axes)
        figure.tight_layout()
    return figure


def score_figure(data: dict[str, Any]) -> Any:
    """Return the histogram of the first seat's scores with the thresholds marked (or of
    the game's length), titled with whose scores they are and in how many games."""
    return _figure(_score_bars if data.get("scores") else _length_bars, data)


def _score_bars(data: dict[str, Any], axes: Any) -> None:
    """Draw the first seat's scores (the table's, in a cooperative game) and thresholds."""
    part = data["scores"][0]
    whose = ("the table's scores" if data.get("cooperative")
             else f"the scores of seat 1 ({data['bots'][0]})")
    # The games that scored nothing (an Air Cargo crash) are in no bar: the title says so.
    title = f"{data['game']}: {whose}\n{part['count']} games with a score"
    if part["unscored"]["count"]:
        title += f"; {part['unscored']['count']} of {data['games']} scored nothing"
    _thresholds(axes, part["thresholds"])
    _histogram(axes, part.get("histogram", {}),
               f"score ({part['unit']})" if part.get("unit") else "score", title)


def _length_bars(data: dict[str, Any], axes: Any) -> None:
    """Draw how many games lasted each length."""
    part = data["length"]
    _histogram(axes, part.get("histogram", {}), f"game length ({part['unit']})",
               f"{data['game']}: game length in {data['games']} games")


def _histogram(axes: Any, histogram: dict[str, int], label: str, title: str) -> None:
    """Draw a histogram's bars, in bands when its values span more than a plot holds."""
    values, width = _bands(sorted((int(v), k) for v, k in histogram.items()))
    # A band's bar spans its values (value - 0.5 to value + 0.5 each), as the thresholds'
    # lines at points - 0.5 expect.
    axes.bar([v + (width - 1) / 2 for v, _ in values], [k for _, k in values],
             width=float(width), color="#4878a8")
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))  # a count: no half games
    axes.set_title(title)


def _thresholds(axes: Any, thresholds: list[dict[str, Any]]) -> None:
    """Mark each threshold with a line at its points and, from the top down, its name and
    the share of all games reaching it, on white so that no bar hides it."""
    for t in thresholds:
        axes.axvline(t["points"] - 0.5, color="#b03030", linestyle="--", linewidth=1)
        axes.annotate(f"{t['name']}, {t['points']}: {100 * t['share']:.1f}% of games",
                      (t["points"] - 0.5, 1), xycoords=("data", "axes fraction"),
                      xytext=(2, -4), textcoords="offset points", rotation=90, fontsize=8,
                      color="#b03030", ha="left", va="top",
                      bbox={"boxstyle": "square,pad=0.1", "facecolor": "white",
                            "edgecolor": "none", "alpha": 0.85})


def _bands(values: list[tuple[int, int]], most: int = 60) -> tuple[list[tuple[int, int]], int]:
    """Return the tallied values in bands of equal width, at most ``most`` of them (a
    Rushing Tin ATC's money spans thousands), each by its first value, and the width."""
    bands, width = band_counts(dict(values), most)
    return [(start, games) for start, games in bands if games], width


def even_share(data: dict[str, Any]) -> float:
    """Return a seat's even share of all games, in percent: one in the number of seats of
    the games someone won (a game nobody won is no seat's)."""
    return 100 * (1 - float(data["no_winner"]["share"])) / len(data["seats"])


def winners_figure(data: dict[str, Any]) -> Any:
    """Return each seat's share of the wins with its 95% interval, and an even share."""
    return _figure(_seat_bars, data)


def _seat_bars(data: dict[str, Any], axes: Any) -> None:
    """Draw each seat's share of the wins with its interval, and the even share."""
    seats = data["seats"]
    shares = [100 * s["wins"]["share"] for s in seats]
    low = [shares[i] - 100 * s["wins"]["interval"][0] for i, s in enumerate(seats)]
    high = [100 * s["wins"]["interval"][1] - shares[i] for i, s in enumerate(seats)]
    # Seat and bot on a line each: six seats of 'sloppy-careful@0.1' fit side by side.
    labels = [f"seat {s['seat']}\n{s['bot']}" for s in seats]
    axes.bar(labels, shares, yerr=[low, high], capsize=4, color="#58a868")
    if len(seats) > 1:
        even = even_share(data)
        axes.axhline(even, color="#555555", linestyle=":", linewidth=1,
                     label=f"even share, {even:.1f}% (1 in {len(seats)} of the games "
                           "someone won)")
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), fontsize=8,
                    frameon=False)
    axes.tick_params(axis="x", labelsize=8)
    axes.set_ylabel("games won (%)")
    axes.set_title(f"{data['game']}: wins by seat, with 95% intervals")
