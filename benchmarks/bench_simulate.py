"""Simulation throughput: games per second on one and two workers, for every game with bots,
and what a task costs the process pool.

    python benchmarks/bench_simulate.py [--games N] [--game GAME ...]

For each game (air-cargo and two-airport by default) it times a run of ``--games`` games
(default: 2,000 of Air Cargo, 300 of two-airport) the way ``pnp simulate`` plays it
(``referee.executor.run_tasks`` over ``referee.simulation.play_task``, tasks of
``app.simulate.task_size``): in this process
(1 worker) and on a pool of 2 forked processes; the scaling efficiency is the 2-worker rate
over twice the 1-worker rate. The per-task overhead is the wall time of empty tasks (no game
played) through the pool, per task, beside the time of one task of 100 games. Then the peak
resident memory of a worker. Wall-clock time, best of three rounds (other work on the
machine slows a round; the best is the one it slowed least). Figures only: nothing is
asserted; ``pnp simulate air-cargo --games 10000``'s target (under a minute on two cores) is
reported as met or not.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

from pnpcompiler.app.simulate import task_size
from pnpcompiler.referee.executor import process_pool, run_tasks
from pnpcompiler.referee.simulation import Task, play_task, prepared

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
GAMES = {"air-cargo": (("careful",), 2000), "two-airport": (("random", "random"), 300)}
"""Each game's bots and the games a run plays (a two-airport game is some 60 ms)."""
ROUNDS = 3


def run_rate(game: str, seats: tuple[str, ...], games: int, workers: int) -> float:
    """Return the games per second of a run on ``workers`` processes (best of the rounds)."""
    size = task_size(games, workers)
    tasks = [Task(CONTENT, game, seats, 1, start, min(start + size, games), False)
             for start in range(0, games, size)]
    best = float("inf")
    for _ in range(ROUNDS):
        began = time.perf_counter()
        for _chunk in run_tasks(play_task, tasks, jobs=workers):
            pass
        best = min(best, time.perf_counter() - began)
    return games / best


def nothing(task: int) -> int:
    """A task that plays no game: what handing a task to a worker costs on its own."""
    return task


def task_overhead_ms(tasks: int = 400) -> float:
    """Return the wall time per empty task through a pool of 2 workers, started already."""
    with process_pool(2) as pool:
        list(pool.map(nothing, range(8)))  # the workers are up
        best = float("inf")
        for _ in range(ROUNDS):
            began = time.perf_counter()
            list(pool.map(nothing, range(tasks)))
            best = min(best, time.perf_counter() - began)
    return 1000 * best / tasks


def main() -> int:
    """Print the table of figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games a run (default: per game)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    args = parser.parse_args()
    overhead = task_overhead_ms()
    head = (f"{'game':<12} {'bots':<15} {'1 worker':>10} {'2 workers':>10} {'scaling':>8} "
            f"{'task of 100':>12} {'overhead':>9}")
    print(head)
    print("-" * len(head))
    rates = {}
    for game in args.game or sorted(GAMES):
        seats, games = GAMES[game]
        games = args.games or games
        prepared(CONTENT, game)  # loaded once, before the pool forks
        one = run_rate(game, seats, games, 1)
        two = run_rate(game, seats, games, 2)
        rates[game] = two
        task_ms = 1000 * 100 / one
        print(f"{game:<12} {','.join(seats):<15} {one:>8.0f}/s {two:>8.0f}/s "
              f"{two / (2 * one):>7.0%} {task_ms:>9.0f} ms {overhead / task_ms:>8.2%}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"\nwall time, best of {ROUNDS}; a task's overhead: "
          f"{overhead:.2f} ms (empty tasks through a pool of 2), as a share of a task of 100 "
          "games")
    print(f"peak resident memory: this process {rss:.0f} MB, the largest worker "
          f"{workers:.0f} MB")
    if "air-cargo" in rates:
        seconds = 10_000 / rates["air-cargo"]
        verdict = "met" if seconds < 60 else "NOT met"
        print(f"target: pnp simulate air-cargo --games 10000 in under 60 s on two cores: "
              f"{seconds:.0f} s of play at this rate, {verdict}")
        print(f"10 million air-cargo games at this rate: {1e7 / rates['air-cargo'] / 3600:.1f} "
              "hours on these two cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
