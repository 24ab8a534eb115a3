"""Validation and kit builds of every game, as a designer runs them: cold, unchanged, one card
changed.

    python benchmarks/bench_build.py [--rounds N]

Each figure is the median wall time of N runs of the `pnp` command in a fresh process, with
the process's peak memory (its maximum resident set size). The project's content and
templates are copied to a temporary folder first, so the repository's out/ is not touched:

- validate: `pnp validate` of every game;
- kit, cold: `pnp build --paper a4 --paper letter --png 150` with no out/ and no cache;
- kit, cold, PDFs only: the same without PNGs;
- rebuild, nothing changed: the same command again (the build cache answers);
- rebuild, one card changed: one hand-off card's bonus edited between runs.

Figures only: nothing here is asserted. Targets (issue 7): the whole kit cold under 10 s on
a 2-core machine, validation under 1 s, a rebuild with no change under 1 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "pnpcompiler"]
KIT = ["build", "--paper", "a4", "--paper", "letter", "--png", "150", "-q"]
CARD = Path("content/rushing-tin/cards/hand-offs-single.yaml")


def run(args: list[str], cwd: Path) -> tuple[float, float]:
    """Run pnp with ``args``; return (wall seconds, peak resident memory in MB)."""
    start = time.perf_counter()
    process = subprocess.Popen([*PNP, *args], cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"pnp {' '.join(args)} failed with exit code {process.returncode}")
    return elapsed, usage.ru_maxrss / 1024


def measure(rounds: int, prepare: Callable[[], None], args: list[str], cwd: Path
            ) -> tuple[float, float, float]:
    """Return (median s, min s, peak MB) over ``rounds`` runs, ``prepare`` before each."""
    times, peaks = [], []
    for _ in range(rounds):
        prepare()
        elapsed, peak = run(args, cwd)
        times.append(elapsed)
        peaks.append(peak)
    return statistics.median(times), min(times), max(peaks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        project = Path(tmp)
        shutil.copytree(ROOT / "content", project / "content")
        shutil.copytree(ROOT / "templates", project / "templates")
        out = project / "out"
        card = project / CARD
        original = card.read_text()
        bonus = iter(range(10_000, 99_999, 10))

        def nothing() -> None:
            return None

        def clean() -> None:
            shutil.rmtree(out, ignore_errors=True)

        def edit_card() -> None:
            card.write_text(original.replace("route: AA105, bonus: 550",
                                             f"route: AA105, bonus: {next(bonus)}", 1))

        run([*KIT], project)  # compile the bytecode once, outside the figures
        rows = [
            ("validate (every game)", measure(args.rounds, nothing, ["validate"],
                                              project), 1.0),
            ("kit, cold (A4 + Letter + PNG 150 dpi)", measure(args.rounds, clean, KIT,
                                                              project), 10.0),
            ("kit, cold, PDFs and SVGs only", measure(args.rounds, clean, [*KIT[:-3], "-q"],
                                                      project), None),
        ]
        run(KIT, project)
        rows.append(("rebuild, nothing changed", measure(args.rounds, nothing, KIT, project),
                     1.0))
        rows.append(("rebuild, one card changed", measure(args.rounds, edit_card, KIT,
                                                          project), None))
        card.write_text(original)

    print(f"pnp {' '.join(KIT)} on every game ({args.rounds} runs each, "
          f"{os.cpu_count()} cores)")
    print(f"{'what':40} {'median s':>9} {'min s':>7} {'peak MB':>8}  target")
    for name, (median, low, peak), target in rows:
        verdict = ""
        if target is not None:
            verdict = f"< {target:g} s: {'met' if median < target else 'NOT met'}"
        print(f"{name:40} {median:9.2f} {low:7.2f} {peak:8.0f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
