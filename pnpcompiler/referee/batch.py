"""Many recorded games refereed in one run: each game's content loaded once per worker, the
records shared out over a pool of processes in chunks, every record's report kept whatever
another record does.

``pnp referee --batch DIR|GLOB`` runs it, on the local process pool or a Dask cluster
(``referee.executor``). Results come back in the order of the records (the sorted paths), so
a run's output is the same bytes with any number of workers, here or on a cluster.
"""

from __future__ import annotations

import glob
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..core.files import display_path
from ..core.findings import unreadable
from .executor import run_tasks
from .records import Loaded, load_content, referee_file
from .report import AnyReport, Report

RECORD_SUFFIXES = (".yaml", ".yml")
CHUNK = 25
"""Records per task: enough that handing a task to a worker costs little beside refereeing
it, few enough that every worker stays busy to the end."""


class BatchError(Exception):
    """The batch cannot start: no records where it was pointed (a usage error)."""


@dataclass(frozen=True)
class Refereed:
    """One record's outcome: its path, exit code, finding codes and its report as JSON."""

    path: str
    exit_code: int
    codes: tuple[str, ...]
    report: dict[str, Any]

    def json_line(self) -> str:
        """Return the record's report as one line of JSON, its file first."""
        return json.dumps({"file": self.path, **self.report}, sort_keys=True,
                          ensure_ascii=False)


@dataclass
class Summary:
    """What a batch found: how many records were legal, illegal or unreadable, and the
    commonest finding codes."""

    legal: int = 0
    illegal: int = 0
    unreadable: int = 0
    codes: Counter[str] = field(default_factory=Counter)

    def add(self, done: Refereed) -> None:
        """Count one record."""
        if done.exit_code == 0:
            self.legal += 1
        elif done.exit_code == 1:
            self.illegal += 1
        else:
            self.unreadable += 1
        self.codes.update(done.codes)

    @property
    def records(self) -> int:
        """How many records were refereed."""
        return self.legal + self.illegal + self.unreadable

    @property
    def exit_code(self) -> int:
        """0 when every record is legal, else 1 (a record that cannot be read counts too)."""
        return 0 if self.legal == self.records else 1

    def lines(self, top: int = 10) -> list[str]:
        """Return the summary for people."""
        out = [f"{self.records} records: {self.legal} legal, {self.illegal} illegal, "
               f"{self.unreadable} unreadable"]
        if self.codes:
            out.append("commonest findings:")
            width = max(len(code) for code, _ in self.codes.most_common(top))
            out += [f"  {code:<{width}}  {n}" for code, n in self.codes.most_common(top)]
        return out


def find_records(where: str) -> list[Path]:
    """Return the records a batch referees: every YAML file under a folder, or the files a
    glob pattern matches, sorted; raise :class:`BatchError` when there are none."""
    path = Path(where)
    if path.is_dir():
        found = [p for p in path.rglob("*") if p.suffix in RECORD_SUFFIXES and p.is_file()
                 and not any(part.startswith(".") for part in p.relative_to(path).parts)]
    elif glob.has_magic(where):
        found = [Path(p) for p in glob.glob(where, recursive=True) if Path(p).is_file()]
    elif path.is_file():
        found = [path]
    else:
        raise BatchError(f"{where!r} is neither a folder, a file nor a glob pattern that "
                         "matches files")
    if not found:
        raise BatchError(f"no records in {where!r} (a record is a .yaml file)")
    return sorted(found)


def referee_batch(paths: Sequence[Path], content_dir: Path, *, jobs: int | None = None,
                  cache: Path | None = None, scheduler: str | None = None
                  ) -> Iterator[Refereed]:
    """Referee every record, in order, on ``jobs`` processes (every core when None; one runs
    them here), or on the Dask cluster whose scheduler is at ``scheduler``. Each worker loads
    a game's content once, however many records it reads."""
    # A worker elsewhere has another working folder: it is sent absolute paths, and each
    # record's name as it is shown here, so the reports are the same bytes wherever made.
    # (Absolute, not resolved: resolving asks the file system about every folder of every
    # path, a tenth of a millisecond a record.)
    here = Path.cwd()
    shown = [(here / path, display_path(path)) for path in paths]
    chunks = [shown[i:i + CHUNK] for i in range(0, len(shown), CHUNK)]
    content_dir = content_dir.resolve()
    cache = None if cache is None else cache.resolve()
    work = partial(_referee_chunk, content_dir=content_dir, cache=cache)
    if scheduler is None:
        # Each game is loaded here, once, before the workers start: forked, they share it.
        for game in sorted({g for g in map(_game_named, paths) if g}):
            if game not in _LOADED and (content_dir / game / "game.yaml").is_file():
                _LOADED[game] = load_content(content_dir, game, cache)
    for done in run_tasks(work, chunks, jobs=jobs, scheduler=scheduler):
        yield from done


_GAME_LINE = re.compile(r"^game:[ \t]*['\"]?([\w-]+)", re.MULTILINE)


def _game_named(path: Path) -> str | None:
    """Return the game a record's header names, read from its text (None if it names none
    or cannot be read: its own report will say why)."""
    try:
        found = _GAME_LINE.search(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None
    return found.group(1) if found else None


_LOADED: Loaded = {}
"""The games a worker has loaded, by name: kept for the worker's life."""


def _referee_chunk(paths: list[tuple[Path, str]], content_dir: Path, cache: Path | None
                   ) -> list[Refereed]:
    """Referee a chunk of records (each its path and the name it is shown by) in this
    process; one record's failure is its own report."""
    return [_referee_one(path, shown, content_dir, cache, _LOADED) for path, shown in paths]


def _referee_one(path: Path, shown: str, content_dir: Path, cache: Path | None,
                 loaded: Loaded) -> Refereed:
    """Referee one record; a record the referee itself fails on is reported, not raised."""
    report: AnyReport
    try:
        report = referee_file(path, content_dir, shown, loaded=loaded, cache=cache)
    except Exception as exc:  # one bad record never stops the batch
        report = Report("?", "?")
        report.findings = [unreadable("record.referee-failed", f"the referee failed on this "
                                      f"record: {type(exc).__name__}: {exc}")]
    return Refereed(shown, report.exit_code, tuple(f.code for f in report.findings),
                    report.to_json())


def run_batch(where: str, content_dir: Path, *, jobs: int | None, cache: Path | None,
              each: Callable[[Refereed, int, int], None],
              scheduler: str | None = None) -> Summary:
    """Referee the records ``where`` names, calling ``each(result, done, total)`` in order;
    return the summary."""
    paths = find_records(where)
    summary = Summary()
    refereed = referee_batch(paths, content_dir, jobs=jobs, cache=cache, scheduler=scheduler)
    for n, done in enumerate(refereed, start=1):
        summary.add(done)
        each(done, n, len(paths))
    return summary
