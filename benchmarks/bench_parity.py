"""The parity deck: `pnp build` against protograf and a plain reportlab script (the floor).

    python benchmarks/bench_parity.py [--rounds N] [--big CARDS] [--big-rounds N]
                                      [--big-protograf] [--tmp DIR]

Each tool draws the same 540 poker cards from benchmarks/parity/content/parity/cards/
routes.yaml onto A4 with crop marks: `pnp build parity` (which also writes an SVG of every
face and content.json), the same with `--no-svg` (only what prints, as the others), the same
build again with nothing changed (its build cache answers), the same build again after one
card's title is edited (a designer's usual rebuild: the cache gives back every other face,
and the whole kit is written again), benchmarks/parity/protograf_deck.py and
benchmarks/parity/reportlab_deck.py. Every run is a fresh process
writing into a fresh temporary folder (the rebuild into the folder of its warm-up run); after
one warm-up run of each, every round runs them all in turn, starting with a different one
each round. Prints the median and fastest wall time, the median CPU time
(user plus system, the build's own child process included: steadier than wall time on a busy
machine), the peak memory (the child's maximum resident set), the PDF's size and pages, and
the ratios.

Then how the cost grows: the same deck made 5,400 cards long (benchmarks/parity/make_deck.py,
written into a temporary folder) is timed the same way (`--big-rounds` rounds) with pnp
build, pnp --no-svg, pnp one edit and reportlab, and each tool's per-card marginal cost,
(t5400 - t540) / 4860, is printed with pnp's as a multiple of the reportlab floor's. protograf
takes over a minute a run at that size and joins only with `--big-protograf`. protograf is
optional (`pip install -e '.[bench]'`); without it the others still run. Figures only:
nothing here is asserted, and the exit status is 0.

Two things of the machine weigh on pnp's figures and not on the others', and the first line
printed names the first. With PYTHONDONTWRITEBYTECODE set, Python keeps no compiled modules:
pnp, installed editable from the checkout, compiles its own on every run (about 0.1 s of CPU),
while protograf and reportlab, installed with their bytecode, do not. And `pnp build` writes
an SVG file a face, in a second process beside the PDF: on a file system slow to create files
its time is that process's, not the PDF's. ext4 without a journal (as on some virtual
machines) skips, for each new file, every inode freed in the last half minute in the folder's
block group: a run right after the last one's folder was removed would scan past its
thousands of freed inodes for each file it makes (up to 3 s of system time for 5,400 SVGs,
which a designer's build into a fresh folder does not pay), so every run's folder is kept
until the benchmark ends and removed then. Files freed by other work on the machine still
weigh the same way. `--no-svg` writes no such files; `--tmp DIR` has every run write into
DIR (a tmpfs such as /dev/shm takes the disk's file system out of every tool's figures
alike), and the first lines printed name the file system written to.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "parity"))
from make_deck import write_content

ROOT = Path(__file__).resolve().parent.parent
PARITY = ROOT / "benchmarks" / "parity"
CARDS = 540
BIG_CARDS = 5400
TARGET_SPEEDUP = 10.0
TARGET_FLOOR = 2.0


@dataclass
class Tool:
    """One way of drawing the deck: how to run it and where its PDF lands."""

    name: str
    command: list[str]
    pdf: str
    """The PDF's path inside the run's output folder."""
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """User plus system time of the child."""
    peak_kb: list[int] = field(default_factory=list)
    pdf_bytes: int = 0
    pages: int = 0
    extra_bytes: int = 0
    """What the run wrote besides the PDF and its cache."""
    cache_bytes: int = 0
    """pnp's build cache (OUT/.cache), written on a first build."""
    error: str = ""
    keep: Path | None = None
    """An output folder kept from run to run (a rebuild); a fresh folder each run if None."""
    before: Callable[[], None] | None = None
    """What to do before each run (edit a card), untimed."""

    def argv(self, out: Path) -> list[str]:
        return [arg.replace("{out}", str(out)) for arg in self.command]


WRITTEN: list[Path] = []
"""Every run's output folder, removed when the benchmark ends (see :func:`clean_up`)."""


def tools(content: Path = PARITY / "content", big: bool = False) -> list[Tool]:
    """Return the tools to time on the deck in ``content``: pnp, protograf (when installed)
    and the reportlab floor; for the big deck no rebuild with nothing changed (its cost does
    not grow with the cards drawn)."""
    python = sys.executable
    pnp = Path(python).with_name("pnp")
    pnp_cmd = [str(pnp)] if pnp.exists() else [python, "-m", "pnpcompiler"]
    deck = str(content / "parity" / "cards" / "routes.yaml")

    def build(content: Path) -> list[str]:
        return [*pnp_cmd, "build", "parity", "--content", str(content), "--templates",
                str(PARITY / "templates"), "--paper", "a4", "-o", "{out}", "--quiet"]

    copy, edit = editable(content)
    out = [
        Tool("pnp build", build(content), "parity/parity-a4.pdf"),
        Tool("pnp --no-svg", [*build(content), "--no-svg"], "parity/parity-a4.pdf"),
        Tool("pnp rebuild", build(content), "parity/parity-a4.pdf",
             keep=Path(tempfile.mkdtemp(prefix="pnp-parity-rebuild-"))),
        Tool("pnp one edit", build(copy), "parity/parity-a4.pdf",
             keep=Path(tempfile.mkdtemp(prefix="pnp-parity-edit-")), before=edit),
        Tool("protograf", [python, str(PARITY / "protograf_deck.py"), deck, "-o",
                           "{out}/parity-protograf.pdf"], "parity-protograf.pdf"),
        Tool("reportlab", [python, str(PARITY / "reportlab_deck.py"), deck, "-o",
                           "{out}/parity-reportlab.pdf"], "parity-reportlab.pdf"),
    ]
    if big:
        out = [t for t in out if t.name != "pnp rebuild"]
    if importlib.util.find_spec("protograf") is None:
        out = [t for t in out if t.name != "protograf"]
    return out


def editable(content: Path) -> tuple[Path, Callable[[], None]]:
    """Copy the deck's content into a temporary folder (removed when the benchmark ends);
    return the copy and a function that gives its first card another title each call."""
    copy = Path(tempfile.mkdtemp(prefix="pnp-parity-content-"))
    WRITTEN.append(copy)
    shutil.copytree(content, copy, dirs_exist_ok=True)
    deck = copy / "parity" / "cards" / "routes.yaml"
    text = deck.read_text(encoding="utf-8")
    title = re.search(r"title: (Route \w+)", text)
    assert title is not None, f"{deck} has no card title to edit"
    edits = count(1)

    def edit() -> None:
        deck.write_text(text.replace(title.group(0), f"{title.group(0)} {next(edits)}", 1),
                        encoding="utf-8")

    return copy, edit


def clean_up() -> None:
    """Remove every run's output folder: all at the end, not each after its run, so that no
    run makes its files among the thousands of inodes the last one freed (ext4 without a
    journal scans past each inode freed in the last half minute for every file it makes:
    seconds of system time a run of 5,400 SVGs that a designer's build does not pay)."""
    while WRITTEN:
        shutil.rmtree(WRITTEN.pop(), ignore_errors=True)


def run(tool: Tool, timed: bool) -> None:
    """Run ``tool`` once in a fresh folder; record its time, memory and output."""
    out = tool.keep or Path(tempfile.mkdtemp(prefix="pnp-parity-"))
    if tool.before is not None:
        tool.before()
    try:
        start = time.perf_counter()
        child = subprocess.Popen(tool.argv(out), cwd=out, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        assert child.stderr is not None
        stderr = child.stderr.read().decode(errors="replace")
        child.stderr.close()
        pdf = out / tool.pdf
        if child.returncode != 0 or not pdf.exists():
            tool.error = (f"exit {child.returncode}, "
                          f"{'no PDF' if not pdf.exists() else 'PDF written'}: "
                          f"{stderr.strip()[-400:]}")
            return
        tool.pdf_bytes = pdf.stat().st_size
        tool.pages = count_pages(pdf)
        sizes = {f: f.stat().st_size for f in out.rglob("*") if f.is_file()}
        tool.cache_bytes = sum(n for f, n in sizes.items() if ".cache" in f.relative_to(out).parts)
        tool.extra_bytes = sum(sizes.values()) - tool.pdf_bytes - tool.cache_bytes
        if timed:
            tool.times.append(elapsed)
            tool.cpu.append(usage.ru_utime + usage.ru_stime)
            tool.peak_kb.append(usage.ru_maxrss)  # kilobytes on Linux
    finally:
        if tool.keep is None:
            WRITTEN.append(out)


def count_pages(pdf: Path) -> int:
    """Return the PDF's page count (pypdf when installed, else the page objects)."""
    try:
        from pypdf import PdfReader
    except ImportError:
        data = pdf.read_bytes()
        return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
    return len(PdfReader(pdf).pages)


def version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "-"


def table(done: list[Tool], rounds: int, cards: int) -> None:
    """Print one deck's table: each tool's times, memory and PDF."""
    floor = next((t for t in done if t.name == "reportlab" and t.times), None)
    base = statistics.median(floor.times) if floor else None
    print(f"\n{cards} poker cards on A4 with crop marks, {rounds} rounds "
          "(wall time of a fresh process each)\n")
    print(f"{'tool':<13} {'median s':>9} {'min s':>7} {'CPU s':>6} {'peak RSS MB':>12} "
          f"{'PDF KB':>7} {'pages':>6} {'x floor':>8}")
    for t in done:
        if not t.times:
            print(f"{t.name:<13} failed: {t.error}")
            continue
        median = statistics.median(t.times)
        ratio = f"{median / base:.1f}" if base else "-"
        print(f"{t.name:<13} {median:9.2f} {min(t.times):7.2f} "
              f"{statistics.median(t.cpu):6.2f} {max(t.peak_kb) / 1024:12.0f} "
              f"{t.pdf_bytes / 1024:7.0f} {t.pages:6d} {ratio:>8}")


def report(done: list[Tool], rounds: int) -> None:
    """Print the parity deck's table and the comparisons."""
    table(done, rounds, CARDS)
    floor = next((t for t in done if t.name == "reportlab" and t.times), None)
    base = statistics.median(floor.times) if floor else None
    by_name = {t.name: t for t in done if t.times}
    pnp, protograf = by_name.get("pnp build"), by_name.get("protograf")
    print()
    print("pnp build: a cold build, as a designer's first one: validates the content, writes the "
          "PDF, an SVG of every face and content.json, and fills its build cache; pnp --no-svg: "
          "the same without the SVGs (what the other two make: the PDF); pnp rebuild: the same "
          "build run again with nothing changed (the cache answers); pnp one edit: the same "
          "build run again after one card's title changed (the cache gives back the other "
          "faces; the PDF and that card's SVG are written again).")
    if pnp and pnp.extra_bytes:
        cache = (f" and {pnp.cache_bytes / 1024:.0f} KB of build cache" if pnp.cache_bytes
                 else "")
        print(f"pnp build also writes {pnp.extra_bytes / 1024:.0f} KB besides its PDF "
              f"(an SVG of every face, content.json){cache}; the others write only the PDF")
    for name in ("pnp build", "pnp --no-svg", "pnp rebuild", "pnp one edit"):
        t = by_name.get(name)
        if t is None:
            continue
        if protograf:
            speedup = statistics.median(protograf.times) / statistics.median(t.times)
            cpu = statistics.median(protograf.cpu) / statistics.median(t.cpu)
            met = "met" if speedup >= TARGET_SPEEDUP else "not met"
            print(f"{name}: {speedup:.1f}x faster than protograf ({cpu:.1f}x in CPU time; "
                  f"target {TARGET_SPEEDUP:.0f}x: {met})")
        if base and floor:
            ratio = statistics.median(t.times) / base
            cpu = statistics.median(t.cpu) / statistics.median(floor.cpu)
            met = "met" if ratio <= TARGET_FLOOR else "not met"
            print(f"{name}: {ratio:.1f}x the reportlab floor ({cpu:.1f}x in CPU time; target "
                  f"at most {TARGET_FLOOR:.0f}x: {met})")
    if pnp and protograf:
        ratio = pnp.pdf_bytes / protograf.pdf_bytes
        met = "met" if pnp.pdf_bytes <= protograf.pdf_bytes else "not met"
        print(f"PDF: pnp {pnp.pdf_bytes / 1024:.0f} KB, protograf "
              f"{protograf.pdf_bytes / 1024:.0f} KB ({ratio:.2f}x; target no larger: {met})")
    if pnp and floor:
        print(f"PDF: pnp {pnp.pdf_bytes / 1024:.0f} KB, reportlab "
              f"{floor.pdf_bytes / 1024:.0f} KB ({pnp.pdf_bytes / floor.pdf_bytes:.2f}x)")


def marginal(small: list[Tool], big: list[Tool], cards: int) -> None:
    """Print each tool's cost of one more card, (t_big - t_small) / extra cards, in wall and
    CPU time, and pnp's as a multiple of the reportlab floor's."""
    extra = cards - CARDS
    before = {t.name: t for t in small if t.times}
    costs: dict[str, tuple[float, float]] = {}
    print(f"\nPer-card marginal cost = (t{cards} - t{CARDS}) / {extra} (medians; the "
          "start-up, a fixed cost, drops out)\n")
    print(f"{'tool':<13} {'wall ms/card':>13} {'CPU ms/card':>12}")
    for t in big:
        if not t.times or t.name not in before:
            continue
        wall = (statistics.median(t.times) - statistics.median(before[t.name].times)) / extra
        cpu = (statistics.median(t.cpu) - statistics.median(before[t.name].cpu)) / extra
        costs[t.name] = (wall, cpu)
        print(f"{t.name:<13} {wall * 1000:13.3f} {cpu * 1000:12.3f}")
    floor = costs.get("reportlab")
    if floor is None or floor[0] <= 0 or floor[1] <= 0:
        return
    print()
    for name in ("pnp build", "pnp --no-svg", "pnp one edit"):
        if name in costs:
            wall, cpu = costs[name]
            ratio = wall / floor[0]
            met = "met" if ratio <= TARGET_FLOOR else "not met"
            target = (f"; target at most {TARGET_FLOOR:.0f}x: {met}" if name != "pnp one edit"
                      else "")
            print(f"{name}: a card costs {ratio:.1f}x the reportlab floor's ({cpu / floor[1]:.1f}x "
                  f"in CPU time{target})")


def time_tools(every: list[Tool], rounds: int) -> None:
    """Warm every tool up once, then time ``rounds`` rounds, each starting with another."""
    for tool in every:
        run(tool, timed=False)  # warm-up: imports and the deck in the page cache
        if tool.error:
            print(f"{tool.name}: failed: {tool.error}")
    todo = [t for t in every if not t.error]
    for n in range(rounds):
        order = todo[n % len(todo):] + todo[:n % len(todo)] if todo else []
        for tool in order:
            run(tool, timed=True)
        print(f"round {n + 1}: " + ", ".join(
            f"{t.name} {t.times[-1]:.2f} s" if t.times and not t.error else f"{t.name} failed"
            for t in todo), flush=True)
    for tool in every:
        if tool.keep is not None:
            shutil.rmtree(tool.keep, ignore_errors=True)


def file_system(folder: str) -> str:
    """Return the type of the file system a folder is on (its longest mount point in
    /proc/mounts), or "unknown" where there is no such table."""
    try:
        mounts = Path("/proc/mounts").read_text(encoding="utf-8").splitlines()
    except OSError:
        return "unknown"
    path = os.path.realpath(folder)
    best = ("", "unknown")
    for line in mounts:
        fields = line.split()
        if len(fields) < 3 or len(fields[1]) <= len(best[0]):
            continue
        if path == fields[1] or path.startswith(fields[1].rstrip("/") + "/"):
            best = (fields[1], fields[2])
    return best[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--big", type=int, default=BIG_CARDS,
                        help=f"cards in the bigger deck (default {BIG_CARDS}; 0: none)")
    parser.add_argument("--big-rounds", type=int, default=2,
                        help="timed rounds of the bigger deck (default 2)")
    parser.add_argument("--big-protograf", action="store_true",
                        help="time protograf on the bigger deck too (over a minute a run)")
    parser.add_argument("--tmp", type=Path, default=None,
                        help="the folder every run writes into (default: the system's "
                             "temporary folder), e.g. a tmpfs to take the disk's file system "
                             "out of the figures")
    args = parser.parse_args()
    rounds = max(args.rounds, 1)
    if args.tmp is not None:
        args.tmp.mkdir(parents=True, exist_ok=True)
        tempfile.tempdir = str(args.tmp)

    print(f"python {platform.python_version()}, pnpcompiler {version('pnpcompiler')}, "
          f"reportlab {version('reportlab')}, protograf {version('protograf')}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    where = tempfile.gettempdir()
    print(f"runs write into {where}, on a {file_system(where)} file system")
    if sys.flags.dont_write_bytecode:
        print("PYTHONDONTWRITEBYTECODE is set: an editable pnp compiles its modules every run")
    if importlib.util.find_spec("protograf") is None:
        print("protograf is not installed (pip install -e '.[bench]'): timing pnp and "
              "reportlab only")
    small = tools()
    time_tools(small, rounds)
    report(small, rounds)
    if args.big > CARDS:
        print(f"\nThe same deck made {args.big} cards long by benchmarks/parity/make_deck.py "
              "in a temporary folder")
        with tempfile.TemporaryDirectory(prefix="pnp-parity-big-") as folder:
            write_content(Path(folder), args.big)
            big = [t for t in tools(Path(folder), big=True)
                   if args.big_protograf or t.name != "protograf"]
            if not args.big_protograf and any(t.name == "protograf" for t in small):
                print("protograf is left out (about 10x its 540-card time a run); "
                      "--big-protograf times it")
            big_rounds = max(args.big_rounds, 1)
            time_tools(big, big_rounds)
        table(big, big_rounds, args.big)
        marginal(small, big, args.big)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        clean_up()
