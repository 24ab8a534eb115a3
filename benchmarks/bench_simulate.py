"""Simulation and batch-refereeing throughput: games per second on one and two workers for
every game that simulates, what a task costs the process pool and a Dask cluster, records
refereed per second against the engine's replay of the same records, and each worker's memory.

    python benchmarks/bench_simulate.py [--game GAME ...] [--scale X] [--no-dask]
                                        [--batch-only]

For each game (air-cargo, two-airport, now-boarding, magnificent-flying-machines,
rushing-tin) it times a run the way ``pnp simulate`` plays it
(``referee.executor.run_tasks`` over ``referee.simulation.play_task``): in this process
(1 worker) and on a pool of 2 forked processes; the scaling efficiency is the 2-worker rate
over twice the 1-worker rate. Tasks are ``app.simulate.task_size``'s, except that a run too
short for it to give each worker two tasks (the slow games: a few dozen games) is cut into
four tasks a worker, so that both workers play. ``--scale`` multiplies every game's count.

The per-task overhead is the wall time of empty tasks (no game played), per task, through the
pool and through a Dask scheduler with two workers on 127.0.0.1 that the bench starts (skipped,
with a note, without the dask extra), beside the time of a task of 100 Air Cargo games; Air
Cargo's rate on that cluster is given too. Memory: the peak resident size of a worker that
loaded one game and played one task of it, in a fresh process (as a Dask worker or a pool's
worker would hold it), and of a Dask worker after the cluster's runs.

Batch refereeing (``--batch-only``: that table alone): records the bots wrote (``keep`` on)
are refereed by ``referee.batch.referee_batch`` on one worker (read, validate, replay, rule,
report as JSON: what ``pnp referee --batch`` does for each; the game's content loaded once
already, as a batch of any length loads it once) and on a pool of two, and replayed by the
game's engine alone (read and validated already); a record's time reading its YAML and
validating it is given apart. The issue's goal is that reading and validating a record costs
less than its replay: the whole referee's time per record under twice the engine's.

Wall-clock time, the best of the rounds (other work on the machine slows a round; the best is
the one it slowed least), except in the batch table, where everything done in this process
(one worker, read, validate, replay) is CPU time, best of three: on a shared machine the wall
clock of a few milliseconds measures the neighbours. Figures only: nothing is asserted;
targets are reported met or not.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpcompiler.app.simulate import task_size
from pnpcompiler.referee.executor import process_pool, run_tasks
from pnpcompiler.referee.simulation import Task, play_task, prepared

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@dataclass(frozen=True)
class Run:
    """How a game is benchmarked: its seats' bots, games a run, rounds, records to referee."""

    seats: tuple[str, ...]
    games: int
    rounds: int
    records: int


GAMES = {
    "air-cargo": Run(("careful",), 2000, 3, 300),
    "two-airport": Run(("random", "random"), 400, 1, 40),
    "now-boarding": Run(("random",) * 3, 800, 1, 40),
    "magnificent-flying-machines": Run(("random", "random"), 300, 1, 20),
    "rushing-tin": Run(("careful",), 400, 1, 20),
}
"""Each game's run: its default bots and players, those of a plain ``pnp simulate GAME`` (an
Air Cargo game is about a millisecond of one core, the others 3 to 15 ms; a few seconds of
games each, so that a worker's first games, which fill the tables the bots keep, weigh
little)."""


def tasks_of(game: str, run: Run, games: int, workers: int, keep: bool = False) -> list[Task]:
    """Return a run's tasks, as ``pnp simulate`` cuts them unless that leaves a worker idle."""
    size = task_size(games, workers)
    if games < size * 2 * workers:
        size = max(1, math.ceil(games / (4 * workers)))
    return [Task(CONTENT, game, run.seats, 1, start, min(start + size, games), keep)
            for start in range(0, games, size)]


def best_rate(tasks: list[Task], rounds: int, **where: Any) -> float:
    """Return the games per second of the best of ``rounds`` runs of the tasks."""
    games = sum(t.stop - t.start for t in tasks)
    best = float("inf")
    for _ in range(rounds):
        began = time.perf_counter()
        for _chunk in run_tasks(play_task, tasks, **where):
            pass
        best = min(best, time.perf_counter() - began)
    return games / best


def nothing(task: int) -> int:
    """A task that plays no game: what handing a task to a worker costs on its own."""
    return task


def pool_overhead_ms(tasks: int = 400, rounds: int = 3) -> float:
    """Return the wall time per empty task through a pool of 2 workers, started already."""
    with process_pool(2) as pool:
        list(pool.map(nothing, range(8)))  # the workers are up
        best = float("inf")
        for _ in range(rounds):
            began = time.perf_counter()
            list(pool.map(nothing, range(tasks)))
            best = min(best, time.perf_counter() - began)
    return 1000 * best / tasks


def peak_mb() -> float:
    """Return this process's peak resident size in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play_one_task(task: Task) -> float:
    """Load a game, play a task of it and return this process's peak resident size (MB)."""
    play_task(task)
    return peak_mb()


def worker_mb(task: Task) -> float:
    """Return the peak resident size of a fresh process that plays one task of a game."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(play_one_task, task).result()


@contextlib.contextmanager
def local_cluster(folder: Path) -> Iterator[str]:
    """Start a Dask scheduler and two single-threaded workers on 127.0.0.1; yield the
    scheduler's address; stop them."""
    from distributed import Client

    dask = str(Path(sys.executable).parent / "dask")
    info = folder / "scheduler.json"
    log = (folder / "dask.log").open("wb")
    started = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                 "--no-dashboard", "--scheduler-file", str(info)],
                                stdout=log, stderr=subprocess.STDOUT, cwd=folder)]
    try:
        deadline = time.monotonic() + 60
        while not info.is_file() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(info.read_text(encoding="utf-8"))["address"]
        started += [subprocess.Popen([dask, "worker", address, "--nthreads", "1",
                                      "--no-dashboard", "--host", "127.0.0.1"],
                                     stdout=log, stderr=subprocess.STDOUT, cwd=folder)
                    for _ in range(2)]
        with Client(address, timeout="30s") as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in started:
            process.send_signal(signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()


def dask_figures(folder: Path, tasks: int = 400) -> dict[str, float]:
    """Return Dask's overhead per empty task (ms), Air Cargo's games/s and the workers' peak
    memory (MB) on a local cluster of two workers."""
    from distributed import Client

    with local_cluster(folder) as address, \
            Client(address) as client:  # type: ignore[no-untyped-call]
        client.gather(client.map(nothing, range(8), pure=False))
        best = float("inf")
        for _ in range(3):
            began = time.perf_counter()
            client.gather(client.map(nothing, range(tasks), pure=False))
            best = min(best, time.perf_counter() - began)
        run = GAMES["air-cargo"]
        rate = best_rate(tasks_of("air-cargo", run, run.games, 2), 3, scheduler=address)
        memory = client.run(peak_mb)
    return {"overhead_ms": 1000 * best / tasks, "air_cargo_rate": rate,
            "worker_mb": max(memory.values())}


def engine_replay(game: str, content: Any) -> Callable[[Any], Any]:
    """Return the replay of a record (validated already) by the game's engine alone."""
    from pnpcompiler.referee import replay

    engine: Any
    if game == "air-cargo":
        from pnpcompiler.games.air_cargo.referee.engine import AirCargoEngine
        engine = AirCargoEngine.of(content)
    elif game == "two-airport":
        from pnpcompiler.games.two_airport.referee.engine import TwoAirportEngine
        from pnpcompiler.games.two_airport.referee.state import tables_for
        engine = TwoAirportEngine(tables_for(content))
    elif game == "now-boarding":
        from pnpcompiler.games.now_boarding.referee.replay import engine_of
        engine = engine_of(content)
    elif game == "rushing-tin":
        from pnpcompiler.games.rushing_tin.referee.engine import ShiftEngine
        engine = ShiftEngine(content)
    else:
        from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
        engine = RaceEngine.of(content)
    return lambda log: replay(engine, log)


def write_records(game: str, run: Run, folder: Path) -> list[Path]:
    """Write ``run.records`` games of the bots as record files; return their paths."""
    paths = []
    for chunk in run_tasks(play_task, tasks_of(game, run, run.records, 2, keep=True), jobs=2):
        for offset, played in enumerate(chunk.games):
            path = folder / f"{game}-{chunk.start + offset:04d}.yaml"
            path.write_text(played.record or "", encoding="utf-8")
            paths.append(path)
    return paths


@dataclass
class Refereeing:
    """Records refereed by the batch against the engine's replay of them: records/s of the
    batch on 1 and 2 workers, and a record's milliseconds in each step on one worker."""

    records: int
    legal: int
    batch_one: float
    batch_two: float
    read_ms: float
    """Reading the YAML as the referee does: every value's line and column worked out only
    if a finding asks (none does in a legal record)."""
    validate_ms: float
    """Validating it against the kind of record's model."""
    replay_ms: float
    """The engine's replay alone."""


def best_seconds(run: Callable[[], object], clock: Callable[[], float]) -> float:
    """Return the seconds of the best of three runs, by ``clock``."""
    best = float("inf")
    for _ in range(3):
        began = clock()
        run()
        best = min(best, clock() - began)
    return best


def best_ms(run: Callable[[], object], count: int) -> float:
    """Return the CPU milliseconds a record of the best of three runs over ``count`` records
    (work done in this process only)."""
    return 1000 * best_seconds(run, time.process_time) / count


def best_wall_rate(run: Callable[[], object], count: int) -> float:
    """Return records a second of the best of three runs over ``count`` records, by the wall
    clock (for work shared out to other processes)."""
    return count / best_seconds(run, time.perf_counter)


def batch_rates(game: str, run: Run, folder: Path) -> Refereeing:
    """Referee records the bots wrote with the batch and replay them with the engine alone."""
    from pnpcompiler.core.loader import load_file
    from pnpcompiler.core.validate import validate_document
    from pnpcompiler.referee.batch import referee_batch
    from pnpcompiler.referee.records import load_content, records_of

    paths = write_records(game, run, folder)
    legal = sum(1 for done in referee_batch(paths, CONTENT, jobs=1) if done.exit_code == 0)
    # The content is loaded now: each round below referees the records alone.
    one = 1000 / best_ms(lambda: list(referee_batch(paths, CONTENT, jobs=1)), len(paths))
    two = best_wall_rate(lambda: list(referee_batch(paths, CONTENT, jobs=2)), len(paths))
    loaded, _ = load_content(CONTENT, game, None)
    assert loaded is not None
    kinds = records_of(loaded).kinds
    docs = [load_file(path, str(path), marks_later=True)[0] for path in paths]
    logs = [validate_document(doc, kinds[doc.data["record"]].model)[0] for doc in docs]
    replay = engine_replay(game, loaded)
    return Refereeing(
        len(paths), legal, one, two,
        best_ms(lambda: each(lambda path: load_file(path, str(path), marks_later=True), paths),
                len(paths)),
        best_ms(lambda: each(lambda doc: validate_document(doc, kinds[doc.data["record"]].model),
                             docs), len(paths)),
        best_ms(lambda: each(replay, logs), len(paths)))


def each(step: Callable[[Any], object], items: list[Any]) -> None:
    """Run ``step`` on every item, keeping no result: a batch holds one record at a time, and
    every result held would make the garbage collector's passes slower than the batch's."""
    for item in items:
        step(item)


def simulate_table(games: list[str], scale: float, overhead: float) -> dict[str, float]:
    """Print games/s on 1 and 2 workers and a worker's memory, a row a game; return the
    2-worker rates."""
    head = (f"{'game':<28} {'bots':<20} {'games':>6} {'1 worker':>10} {'2 workers':>10} "
            f"{'scaling':>8} {'task of 100':>12} {'pool cost':>10} {'worker':>8} "
            f"{'10,000 games':>13}")
    print(head)
    print("-" * len(head))
    rates = {}
    for game in games:
        run = GAMES[game]
        count = max(8, round(run.games * scale))
        prepared(CONTENT, game)  # loaded once, before the pool forks
        one = best_rate(tasks_of(game, run, count, 1), run.rounds, jobs=1)
        two = best_rate(tasks_of(game, run, count, 2), run.rounds, jobs=2)
        rates[game] = two
        memory = worker_mb(tasks_of(game, run, min(count, 100), 1)[0])
        task_ms = 1000 * 100 / one
        verdict = "(met)" if 10_000 / two < 60 else "(NOT met)"
        bots = ",".join(dict.fromkeys(run.seats)) + f" x{len(run.seats)}"
        print(f"{game:<28} {bots:<20} {count:>6} {one:>8.1f}/s {two:>8.1f}/s "
              f"{two / (2 * one):>7.0%} {_ms(task_ms):>12} {overhead / task_ms:>9.3%} "
              f"{memory:>5.0f} MB {10_000 / two:>6.0f} s {verdict}", flush=True)
    print("10,000 games: the time of `pnp simulate GAME --games 10000` at the 2-worker rate, "
          "its games alone (a run adds a second or two: starting, the report, the plots); the "
          "target is under a minute")
    return rates


def _ms(ms: float) -> str:
    """Return a duration in ms or s."""
    return f"{ms:.0f} ms" if ms < 10_000 else f"{ms / 1000:.1f} s"


def batch_table(games: list[str]) -> None:
    """Print records/s of the batch referee against the engine's replay, a row a game."""
    head = (f"\n{'game':<28} {'records':>8} {'batch, 1':>10} {'batch, 2':>10} {'engine':>10} "
            f"{'whole':>9} {'read':>8} {'validate':>9} {'replay':>8} {'goal':>8}")
    print(head)
    print("-" * (len(head) - 1))
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            folder = Path(tmp) / game
            folder.mkdir()
            r = batch_rates(game, GAMES[game], folder)
            whole = 1000 / r.batch_one
            # the goal: what the batch adds to the replay costs less than the replay
            verdict = "met" if whole - r.replay_ms < r.replay_ms else "NOT met"
            print(f"{game:<28} {r.records:>8} {r.batch_one:>8.1f}/s {r.batch_two:>8.1f}/s "
                  f"{1000 / r.replay_ms:>8.1f}/s {whole:>6.2f} ms {r.read_ms:>5.2f} ms "
                  f"{r.validate_ms:>6.2f} ms {r.replay_ms:>5.2f} ms {verdict:>8}"
                  + ("" if r.legal == r.records else f"  ({r.records - r.legal} not legal!)"),
                  flush=True)
    print("batch, 1 and 2: records/s of referee_batch on 1 worker (CPU time) and a pool of 2 "
          "(wall time); engine: records/s of the replay alone; whole, read, validate, replay: a "
          "record's CPU time on one worker in the whole batch, reading its YAML, validating it, "
          "the replay; the goal: whole - replay < replay")


def main() -> int:
    """Print the tables of figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--scale", type=float, default=1.0, help="games a run, times this")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask figures")
    parser.add_argument("--batch-only", action="store_true",
                        help="only the batch refereeing table")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    if args.batch_only:
        batch_table(games)
        return 0
    overhead = pool_overhead_ms()
    rates = simulate_table(games, args.scale, overhead)
    print(f"\nwall time, best of the rounds; a task's cost through the process pool: "
          f"{overhead:.3f} ms (empty tasks through a pool of 2), as a share of a task of 100 "
          "games; worker: peak resident memory of a fresh process that loaded the game and "
          f"played a task of it; this process: {peak_mb():.0f} MB")
    dask = None
    if args.no_dask:
        print("Dask: skipped (--no-dask)")
    elif shutil.which("dask", path=str(Path(sys.executable).parent)) is None:
        print("Dask: skipped, the dask extra is not installed (pip install 'pnpcompiler[dask]')")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            dask = dask_figures(Path(tmp))
        print(f"Dask on 127.0.0.1 (a scheduler, 2 single-threaded workers): "
              f"{dask['overhead_ms']:.2f} ms a task (empty tasks), air-cargo "
              f"{dask['air_cargo_rate']:.0f} games/s, a worker's peak resident memory "
              f"{dask['worker_mb']:.0f} MB")
    batch_table(games)
    if "air-cargo" in rates:
        seconds = 10_000 / rates["air-cargo"]
        verdict = "met" if seconds < 60 else "NOT met"
        print(f"\ntarget: pnp simulate air-cargo --games 10000 in under 60 s on two cores: "
              f"{seconds:.0f} s of play at this rate, {verdict}")
    for game, rate in rates.items():
        print(f"10 million {game} games at this rate: {1e7 / rate / 3600:,.1f} hours on these "
              "two cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
