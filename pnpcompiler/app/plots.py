"""The balance report's plots, PNG and SVG, with matplotlib (the ``plots`` extra): the score
histogram against the game's thresholds (the game length's when it keeps no score) and each
seat's share of the wins with its interval.

Importing this module fails without matplotlib; ``pnp simulate`` then says the plots were
skipped. The files are the same bytes run to run: no dates, a fixed salt for SVG ids.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never a window, whatever the machine has

import matplotlib.pyplot as plt  # after the backend is chosen

from ..referee.balance import band_counts

PNG_DPI = 100


def draw_plots(data: dict[str, Any], folder: Path) -> list[str]:
    """Draw the plots of a report's data into ``folder``; return their file names."""
    folder.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    with plt.rc_context({"svg.hashsalt": "pnp-simulate", "font.size": 9}):
        names += _save(_histogram(data), folder, "scores" if data.get("scores") else "length")
        if "seats" in data:  # a cooperative game has no winning seat
            names += _save(_seat_bars(data), folder, "winners")
    return names


def _save(figure: Any, folder: Path, stem: str) -> list[str]:
    """Write a figure as PNG and SVG; return the two file names."""
    figure.savefig(folder / f"{stem}.png", dpi=PNG_DPI, metadata={"Software": None})
    figure.savefig(folder / f"{stem}.svg", metadata={"Date": None, "Creator": None})
    plt.close(figure)
    return [f"{stem}.png", f"{stem}.svg"]


def _histogram(data: dict[str, Any]) -> Any:
    """Return the histogram of the first seat's scores with the thresholds marked (or of
    the game's length)."""
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    if data.get("scores"):
        part = data["scores"][0]
        label = "score"
        for t in part["thresholds"]:
            axes.axvline(t["points"] - 0.5, color="#b03030", linestyle="--", linewidth=1)
            axes.annotate(f"{t['name']} ({100 * t['share']:.1f}%)", (t["points"] - 0.4, 0),
                          xycoords=("data", "axes fraction"), xytext=(2, 4),
                          textcoords="offset points", rotation=90, fontsize=7,
                          color="#b03030")
    else:
        part = data["length"]
        label = data["length"]["unit"]
    values = sorted((int(v), k) for v, k in part.get("histogram", {}).items())
    values, width = _bands(values)
    # A band's bar spans its values (value - 0.5 to value + 0.5 each), as the thresholds'
    # lines at points - 0.5 expect.
    axes.bar([v + (width - 1) / 2 for v, _ in values], [k for _, k in values],
             width=float(width), color="#4878a8")
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    axes.set_title(f"{data['game']}: {label} in {data['games']} games")
    figure.tight_layout()
    return figure


def _bands(values: list[tuple[int, int]], most: int = 60) -> tuple[list[tuple[int, int]], int]:
    """Return the tallied values in bands of equal width, at most ``most`` of them (a
    Rushing Tin ATC's money spans thousands), each by its first value, and the width."""
    bands, width = band_counts(dict(values), most)
    return [(start, games) for start, games in bands if games], width


def even_share(data: dict[str, Any]) -> float:
    """Return a seat's even share of all games, in percent: one in the number of seats of
    the games someone won (a game nobody won is no seat's)."""
    return 100 * (1 - float(data["no_winner"]["share"])) / len(data["seats"])


def _seat_bars(data: dict[str, Any]) -> Any:
    """Return each seat's share of the wins with its 95% interval, and an even share."""
    figure, axes = plt.subplots(figsize=(4.8, 3.2))
    seats = data["seats"]
    shares = [100 * s["wins"]["share"] for s in seats]
    low = [shares[i] - 100 * s["wins"]["interval"][0] for i, s in enumerate(seats)]
    high = [100 * s["wins"]["interval"][1] - shares[i] for i, s in enumerate(seats)]
    labels = [f"{s['seat']}: {s['bot']}" for s in seats]
    axes.bar(labels, shares, yerr=[low, high], capsize=4, color="#58a868")
    if len(seats) > 1:
        even = even_share(data)
        axes.axhline(even, color="#555555", linestyle=":", linewidth=1,
                     label=f"even share, {even:.1f}% (1 in {len(seats)} of the games "
                           "someone won)")
        axes.legend(loc="lower right", fontsize=7)
    axes.set_ylabel("wins (%)")
    axes.set_title(f"{data['game']}: wins by seat (95% intervals)")
    figure.tight_layout()
    return figure
