"""``pnp referee --batch``: many records refereed in one run, a line each and a summary."""

from __future__ import annotations

from pathlib import Path

import typer

from .progress import ProgressBar


def referee_many(where: str, content_dir: Path, *, as_json: bool, jobs: int | None,
                 cache: Path | None, scheduler: str | None = None) -> int:
    """Referee every record ``where`` names; print a line per record (JSON Lines with
    ``as_json``) on standard output in the records' order, then the summary (on standard
    error with JSON, so the lines stay machine-readable); return the exit code."""
    from ..referee.batch import Refereed, run_batch

    with ProgressBar("referee", enabled=True, unit="records") as bar:

        def each(done: Refereed, n: int, total: int) -> None:
            bar("records", n, total)
            if as_json:
                typer.echo(done.json_line())
            else:
                typer.echo(_line(done))

        summary = run_batch(where, content_dir, jobs=jobs, cache=cache, each=each,
                            scheduler=scheduler)
    for line in summary.lines():
        typer.echo(line, err=as_json)
    return summary.exit_code


def _line(done: object) -> str:
    """Return one record's outcome for people: legal, or its findings' codes."""
    from collections import Counter

    from ..referee.batch import Refereed

    assert isinstance(done, Refereed)
    if done.exit_code == 0:
        return f"{done.path}: legal"
    codes = Counter(done.codes)
    listed = ", ".join(f"{code} x{n}" if n > 1 else code for code, n in sorted(codes.items()))
    if done.exit_code == 2:
        return f"{done.path}: unreadable ({listed})"
    noun = "finding" if len(done.codes) == 1 else "findings"
    return f"{done.path}: illegal, {len(done.codes)} {noun} ({listed})"
