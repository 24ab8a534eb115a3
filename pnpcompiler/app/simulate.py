"""``pnp simulate``: bots play a game many times; a balance report (Markdown, one HTML page and
JSON), plots, and every game as a record if asked.

The run is cut into tasks of consecutive games (:func:`task_size`), played on the local
process pool or a Dask cluster (``referee.executor``); each game's seed comes from the run's
seed and its index alone, and the tasks' results are added up in order, so a run's report
and records are the same bytes whichever executor and however many workers played it.
"""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..core.cores import usable_cores

if TYPE_CHECKING:
    from ..referee.balance import Balance, Exact
    from ..referee.simulation import Played

TASK_MOST = 1000
TASK_LEAST = 100
"""Games per task: at least 100 so that handing a task to a worker (a few milliseconds)
costs under 1% of playing it; at most 1,000, and about four tasks a worker, so that every
worker stays busy to the end and results stream out as the run goes."""


@dataclass(frozen=True)
class SimulateOptions:
    """What ``pnp simulate`` was asked to do."""

    game: str
    games: int
    bots: list[str]
    seed: int
    players: int | None
    content: Path
    output: Path
    records: Path | None = None
    jobs: int | None = None
    scheduler: str | None = None
    plots: bool = True
    cache: Path | None = None


def task_size(games: int, workers: int) -> int:
    """Return how many games a task plays (see :data:`TASK_LEAST`); a run of fewer than
    :data:`TASK_LEAST` games a worker still gives every worker a task (a slow game's few
    games are worth sharing out)."""
    workers = max(1, workers)
    share = math.ceil(games / (4 * workers))
    size = min(games, TASK_MOST, max(TASK_LEAST, share), math.ceil(games / workers))
    return max(1, size)


def simulate(options: SimulateOptions) -> int:
    """Play the run, stream its progress to standard error, write the report (and records
    and plots); print where they are; return the exit code."""
    from ..referee.balance import Balance, render_markdown
    from ..referee.executor import run_tasks
    from ..referee.simulation import Task, play_task, prepared, seat_bots

    content = options.content.resolve()
    cache = None if options.cache is None else options.cache.resolve()
    # Loaded here before any worker starts: forked workers share it.
    simulation, table = prepared(content, options.game, cache)
    seats = seat_bots(simulation, options.bots or [simulation.bots[0]],
                      options.players or simulation.players[0])
    _check_folders(options)
    workers = options.jobs or usable_cores()
    size = task_size(options.games, workers)
    # Made as the workers take them: a run of 10^12 games holds a few tasks, not 10^9.
    tasks = (Task(content, options.game, seats, options.seed, start,
                  min(start + size, options.games), options.records is not None, cache)
             for start in range(0, options.games, size))
    thresholds = simulation.targets(table) if simulation.targets is not None else []
    balance = Balance(options.game, seats, options.seed, simulation.length, thresholds,
                      cooperative=simulation.cooperative, score_unit=simulation.score_unit)
    width = len(str(max(options.games - 1, 0)))
    began = time.perf_counter()
    for chunk in run_tasks(play_task, tasks, jobs=options.jobs, scheduler=options.scheduler):
        balance.add(chunk)
        if options.records is not None:
            _write_records(options.records, options.game, chunk.start, chunk.games, width)
        typer.echo(f"{options.game}: {balance.games}/{options.games} games, "
                   + _progress(balance, seats[0]), err=True)
    took = time.perf_counter() - began
    if options.records is not None:
        stale = _remove_earlier_records(options.records, options.game, options.games, width)
        if stale:
            typer.echo(f"removed {stale} record(s) of an earlier run from {options.records} "
                       f"({options.game}-N.yaml beyond this run's {options.games})", err=True)
    exact: Exact = {name: (t.columns, partial(t.chance, table))
             for name, t in simulation.exact_tables.items()}
    data = balance.to_json(exact)
    data.update(_plots(data, options.output) if options.plots else
                {"plots_skipped": "--no-plots"})
    options.output.mkdir(parents=True, exist_ok=True)
    (options.output / "report.json").write_text(
        json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (options.output / "report.md").write_text(render_markdown(data), encoding="utf-8")
    (options.output / "report.html").write_text(_page(data, options.output), encoding="utf-8")
    typer.echo(render_markdown(data, exact=False))
    typer.echo(f"{options.games} games in {took:.1f} s ({options.games / max(took, 1e-9):.0f} "
               f"games/s, {math.ceil(options.games / size)} tasks of up to {size}); report in "
               f"{options.output / 'report.md'}, report.html and report.json", err=True)
    return 0


def _check_folders(options: SimulateOptions) -> None:
    """Raise :class:`SimulationError` for a report or records folder that cannot be written,
    before a game is played."""
    from ..core.files import folder_problem
    from ..referee.simulation import SimulationError

    for option, folder in (("-o", options.output), ("--records", options.records)):
        problem = folder_problem(folder) if folder is not None else None
        if problem:
            raise SimulationError(f"{option}: {problem}")


def _write_records(folder: Path, game: str, start: int, played: list[Played],
                   width: int) -> None:
    """Write each game of a task as a record file, named by its index in the run."""
    folder.mkdir(parents=True, exist_ok=True)
    for offset, one in enumerate(played):
        assert one.record is not None
        path = folder / f"{game}-{start + offset:0{width}d}.yaml"
        path.write_text(one.record, encoding="utf-8")


def _remove_earlier_records(folder: Path, game: str, games: int, width: int) -> int:
    """Remove the records an earlier run left in ``folder`` that this run did not write
    (named as it names them, another number or width), so the folder holds this run alone:
    ``pnp referee --batch`` on it would mix the runs. Return how many were removed; other
    files are left as they are."""
    named = re.compile(rf"{re.escape(game)}-(\d+)\.yaml")
    removed = 0
    for path in folder.iterdir():
        match = named.fullmatch(path.name)
        if match is None or not path.is_file():
            continue
        number = match.group(1)
        if len(number) != width or int(number) >= games:
            path.unlink()
            removed += 1
    return removed


def _plots(data: dict[str, object], folder: Path) -> dict[str, object]:
    """Draw the report's plots when matplotlib is installed; say why not otherwise."""
    try:
        from .plots import draw_plots
    except ImportError:
        return {"plots_skipped": "matplotlib is not installed (pip install "
                                 "'pnpcompiler[plots]')"}
    return {"plots": draw_plots(data, folder)}


def _page(data: dict[str, object], folder: Path) -> str:
    """Return the report as one HTML page, its plots embedded from the files just drawn."""
    from ..referee.balance_page import render_html

    names = data.get("plots")
    plots = {name: (folder / name).read_bytes()
             for name in (names if isinstance(names, list) else [])}
    return render_html(data, plots)


def _progress(balance: Balance, first: str) -> str:
    """Return how the run is going: the first seat's wins, or a cooperative table's mean
    score."""
    if not balance.cooperative:
        return f"seat 1 ({first}) wins {100 * balance.wins[0] / balance.games:.1f}%"
    scored = balance.scores[0] if balance.scores else None
    if not scored:
        return "no score yet"
    mean = sum(points * k for points, k in scored.items()) / sum(scored.values())
    return f"the table's mean score {mean:.1f}"
