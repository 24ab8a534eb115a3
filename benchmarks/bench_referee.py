"""Referee throughput: whole recorded games replayed per second, on one core.

    python benchmarks/bench_referee.py [RECORD ...] [--seconds N]

For each record (by default the Rushing Tin 4-ATC shift and the Air Cargo examples: three
flight logs and a Pilot Log) it prints the record's size, then replays per second

- of the engine alone: the record already read and validated, the content already loaded;
- of the whole referee as ``pnp referee`` runs it: read and validate the record, load the
  game's content, replay, render the text report; ``cold``, checking the content afresh
  (``--no-cache``), and ``warm``, with the checks' results from the build cache as a second
  ``pnp referee`` of unchanged content finds them. The ``content ms`` column is loading and
  checking the content on its own;

and the peak memory of one replay (tracemalloc; a Rushing Tin replay keeps the board of every
turn, as the referee does), then the process's peak resident size. For a Rushing Tin shift it
also gives the cost of a simulator's use of the engine: before each recorded move, every move
``legal_actions`` offers applied to a ``fork`` of the shift. Rates are CPU time of this
process, the best of five rounds, so other work on the machine counts as little as it can.
Figures only: nothing is asserted; the engines' targets are reported as met or not.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
RECORDS = [ROOT / "examples" / "rushing-tin" / "shift-4atc.yaml",
           *(ROOT / "examples" / "air-cargo" / f"{name}.yaml"
             for name in ("crash", "stop", "gold-wing", "pilot-log"))]
TARGETS = {("rushing-tin", "shift"): 1000.0, ("air-cargo", "flight-log"): 10000.0}
"""Whole records per second each engine must replay on one core (a simulator plays many
thousands of games through them)."""
ROUNDS = 5


@dataclass
class Bench:
    """One record ready to replay: what it is and the engine's call."""

    record: Path
    game: str
    kind: str
    size: str
    findings: int
    engine: Callable[[], Any]
    """One replay by the engine alone."""
    kept: Callable[[], Any]
    """One replay keeping what the referee keeps (Rushing Tin: every turn's board)."""
    unit: str
    tries: Callable[[], int] | None = None
    """A simulator's use of the engine along the record: at each move, every move the engine
    offers tried on a fork; returns how many were tried (Rushing Tin only)."""


def rate(run: Callable[[], Any], seconds: float) -> tuple[float, int]:
    """Return (runs per CPU second in the best round, runs in all) of ``run`` for about
    ``seconds`` of CPU time."""
    best, total = 0.0, 0
    for _ in range(ROUNDS):
        done, start = 0, time.process_time()
        while True:
            run()
            done += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds / ROUNDS:
                break
        best, total = max(best, done / elapsed), total + done
    return best, total


Engines = dict[tuple[str, str], tuple[Any, Callable[[Path, Any, Any], Bench]]]
"""(game, record kind) -> (the record's model, what makes its Bench)."""


def prepare(record: Path, loaded: dict[str, Any], engines: Engines) -> Bench:
    """Read and validate a record and return its engine calls (content loaded once a game)."""
    from pnpcompiler.content.project import load_game
    from pnpcompiler.core.loader import load_file
    from pnpcompiler.core.validate import validate_document

    doc, found = load_file(record, str(record))
    header = doc.data if isinstance(doc.data, dict) else {}
    game_name, kind = header.get("game"), header.get("record")
    if found or not isinstance(game_name, str) or not isinstance(kind, str):
        raise SystemExit(f"cannot read {record}: not a record with 'game' and 'record'")
    if game_name not in loaded:
        game, _ = load_game(CONTENT, game_name)
        if game is None:
            raise SystemExit(f"cannot load the content of {game_name}")
        loaded[game_name] = game
    game = loaded[game_name]
    model, make = engines.get((game_name, kind), (None, None))
    if model is None or make is None:
        known = ", ".join(f"{g} {k}" for g, k in engines)
        raise SystemExit(f"{record}: no engine for {game_name} {kind} (known: {known})")
    log, found = validate_document(doc, model)
    if log is None:
        raise SystemExit(f"cannot read {record}: {found[0].message}")
    return make(record, game, log)


def _rushing_tin_shift(record: Path, game: Any, log: Any) -> Bench:
    from pnpcompiler.games.rushing_tin.referee.engine import ShiftEngine
    from pnpcompiler.referee import replay

    engine, keeping = ShiftEngine(game), ShiftEngine(game, snapshots=True)
    ctx, _ = replay(engine, log)
    moves = sum(len(t.moves) for t in log.turns)
    size = (f"{len(log.turns)} turns, {len(log.atcs)} ATCs, {len(ctx.state.planes)} planes, "
            f"{moves} moves")
    return Bench(record, "rushing-tin", "shift", size, len(ctx.findings),
                 lambda: replay(engine, log), lambda: replay(keeping, log), "shifts/s",
                 partial(_try_every_offer, engine, log))


def _try_every_offer(engine: Any, log: Any) -> int:
    """Replay a shift as a simulator plays one: before each of the record's moves, apply
    every move ``legal_actions`` offers to a fork of the shift; return how many were tried."""
    from pnpcompiler.games.rushing_tin.referee.engine import PlaneMove

    ctx, tried = engine.initial(log), 0
    for action in engine.actions(log):
        if isinstance(action, PlaneMove):
            for offered in engine.legal_actions(ctx):
                engine.apply(engine.fork(ctx), offered)
                tried += 1
        engine.apply(ctx, action)
    return tried


def _rushing_tin_sector_log(record: Path, game: Any, log: Any) -> Bench:
    from pnpcompiler.games.rushing_tin.referee.sheet import check_sheet

    sheet = check_sheet(game, log)
    return Bench(record, "rushing-tin", "sector-log", f"{len(log.rows)} rows (sheet)",
                 len(sheet.findings), lambda: check_sheet(game, log),
                 lambda: check_sheet(game, log), "sheets/s")


def _air_cargo_flight_log(record: Path, game: Any, log: Any) -> Bench:
    from pnpcompiler.games.air_cargo.referee.engine import AirCargoEngine
    from pnpcompiler.referee import replay

    engine = AirCargoEngine.of(game)
    run, _ = replay(engine, log)
    legs = sum(len(f.legs) for f in run.state.flights)
    size = f"{len(log.events)} events, {len(run.state.flights)} flights, {legs} legs"
    return Bench(record, "air-cargo", "flight-log", size, len(run.findings),
                 lambda: replay(engine, log), lambda: replay(engine, log), "games/s")


def _air_cargo_pilot_log(record: Path, game: Any, log: Any) -> Bench:
    from pnpcompiler.games.air_cargo.referee.context import chart_for
    from pnpcompiler.games.air_cargo.referee.sheet import check_sheet

    chart = chart_for(game)
    rulings, _ = check_sheet(chart, log)
    size = f"{len(log.airports.visited)} flights (sheet)"
    return Bench(record, "air-cargo", "pilot-log", size, len(rulings.findings),
                 lambda: check_sheet(chart, log), lambda: check_sheet(chart, log), "sheets/s")


def engines() -> Engines:
    """Return the engine of every kind of record the benchmark knows."""
    from pnpcompiler.games.air_cargo.referee.log import FlightLog, PilotLogRecord
    from pnpcompiler.games.rushing_tin.referee.log import SectorLogRecord, ShiftLog

    return {("rushing-tin", "shift"): (ShiftLog, _rushing_tin_shift),
            ("rushing-tin", "sector-log"): (SectorLogRecord, _rushing_tin_sector_log),
            ("air-cargo", "flight-log"): (FlightLog, _air_cargo_flight_log),
            ("air-cargo", "pilot-log"): (PilotLogRecord, _air_cargo_pilot_log)}


def peak_mb(run: Callable[[], Any]) -> float:
    """Return the most memory one call allocated at once, in MB (tracemalloc)."""
    tracemalloc.start()
    try:
        run()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1e6


def whole_referee(record: Path, cache: Path | None = None) -> None:
    """Referee a record as ``pnp referee RECORD`` does, down to the text report."""
    from pnpcompiler.referee import referee_file, render_report_text

    render_report_text(referee_file(record, CONTENT, cache=cache))


def content_ms(game: str, seconds: float) -> float:
    """Return the CPU milliseconds of loading and checking a game's content."""
    from pnpcompiler.content.project import load_game

    per_second, _ = rate(lambda: load_game(CONTENT, game), seconds)
    return 1000 / per_second


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path, default=RECORDS,
                        help="records to replay (default: the Rushing Tin 4-ATC shift and "
                             "the Air Cargo examples)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds to spend on each figure (default 2)")
    args = parser.parse_args()

    loaded: dict[str, Any] = {}
    known = engines()
    benches = [prepare(r.resolve(), loaded, known) for r in args.records]
    loading = {game: content_ms(game, args.seconds) for game in loaded}

    head = (f"{'record':<28} {'size':<42} {'findings':>8}  {'engine':>16} {'ms':>6}  "
            f"{'whole, cold ms':>14} {'warm ms':>7} {'content ms':>10}  {'peak MB':>7}")
    print(head)
    print("-" * len(head))
    reached: dict[tuple[str, str], list[float]] = {}
    simulated: list[str] = []
    with tempfile.TemporaryDirectory() as cache_dir:
        cache = Path(cache_dir)
        for b in benches:
            engine, _ = rate(b.engine, args.seconds)
            cold, _ = rate(partial(whole_referee, b.record), args.seconds)
            whole_referee(b.record, cache)
            warm, _ = rate(partial(whole_referee, b.record, cache), args.seconds)
            name = f"{b.game}/{b.record.name}"
            print(f"{name:<28} {b.size:<42} {b.findings:>8}  {engine:>7.0f} {b.unit:<8} "
                  f"{1000 / engine:>6.2f}  {1000 / cold:>14.1f} {1000 / warm:>7.1f} "
                  f"{loading[b.game]:>10.1f}  {peak_mb(b.kept):>7.2f}")
            reached.setdefault((b.game, b.kind), []).append(engine)
            if b.tries is not None:
                tried = b.tries()
                per_second, _ = rate(b.tries, args.seconds)
                simulated.append(f"{name}: {tried} offered moves tried on forks a shift, "
                                 f"{1e6 / (per_second * tried):.1f} us each "
                                 f"({per_second:.1f} shifts/s)")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"\nengine: the record read and validated, the content loaded; whole referee: read "
          f"and validate the record,\nload the content and check it (cold) or take its "
          f"checks from the build cache (warm), replay,\nrender the report. Rates per CPU "
          f"second, best of {ROUNDS} rounds.")
    print(f"peak memory: one replay (tracemalloc); process peak resident size {rss:.0f} MB "
          "(ru_maxrss)")
    for line in simulated:
        print(f"simulator (legal_actions, fork, apply): {line}")
    for (game, kind), target in TARGETS.items():
        if (game, kind) in reached:
            got = min(reached[game, kind])
            met = "met" if got >= target else f"not met: {got / target:.2f}x of it"
            print(f"target: {target:.0f} {game} {kind}s/s replayed by the engine on one core: "
                  f"{met} ({got:.0f}/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
