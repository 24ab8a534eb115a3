"""Referee throughput: replays of a whole recorded shift per second, on one core.

    python benchmarks/bench_referee.py [RECORD] [--seconds N]

Prints the record's size (turns, planes, ATCs, moves), replays per second for the engine
alone (the record already validated) and for the whole referee (read, validate, replay,
report), and the peak memory of one replay. Figures only: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rate(run: object, seconds: float) -> tuple[float, int]:
    """Return (runs per second, runs) of calling ``run`` for about ``seconds``."""
    done, start = 0, time.perf_counter()
    while True:
        run()  # type: ignore[operator]
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", nargs="?", type=Path,
                        default=ROOT / "examples" / "rushing-tin" / "shift-4atc.yaml")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()

    from pnpcompiler.games.rushing_tin.referee.log import ShiftLog
    from pnpcompiler.games.rushing_tin.referee.replay import replay
    from pnpcompiler.loader import load_file
    from pnpcompiler.project import load_game
    from pnpcompiler.referee import referee_file
    from pnpcompiler.schema import validate_document

    game, _ = load_game(ROOT / "content", "rushing-tin")
    assert game is not None
    doc, _ = load_file(args.record, str(args.record))
    log, found = validate_document(doc, ShiftLog)
    if log is None:
        print(f"cannot read {args.record}: {found[0].message}", file=sys.stderr)
        return 2
    ctx = replay(game, log, snapshots=False)
    moves = sum(len(t.moves) for t in log.turns)
    print(f"record: {args.record.name}: {len(log.turns)} turns, {len(log.atcs)} ATCs, "
          f"{len(ctx.state.planes)} planes, {moves} moves, {len(ctx.findings)} findings")
    engine, n = rate(lambda: replay(game, log, snapshots=False), args.seconds)
    print(f"replay (engine only):          {engine:8.1f} shifts/s  ({n} runs, "
          f"{1000 / engine:.1f} ms each)")
    full, n = rate(lambda: referee_file(args.record, ROOT / "content"), args.seconds)
    print(f"pnp referee (read + validate + content + replay): {full:6.1f} shifts/s  "
          f"({n} runs)")
    tracemalloc.start()
    replay(game, log, snapshots=True)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of one replay with board snapshots: {peak / 1e6:.1f} MB")
    print("target: 200 shifts/s for the engine on one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
