"""What ``pnp build`` (and an export that builds) prints of a build's events."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .progress import ProgressBar

if TYPE_CHECKING:
    from ..build.events import Done, Event


class BuildPrinter:
    """Prints a build's events: findings and what went wrong on stderr, what was written on
    stdout, and a progress bar while faces and PDFs are drawn."""

    def __init__(self, *, quiet: bool) -> None:
        self.quiet = quiet
        self.out_dir: Path | None = None
        self.bar: ProgressBar | None = None
        self.removed = 0
        self.recorded = 0

    def __call__(self, event: Event) -> None:
        from ..build.events import Done, FindingReported, Progress, Removed, Skipped, Started
        from ..build.events import Written as WrittenEvent
        from ..core.findings import Severity, render_text

        if isinstance(event, Progress):
            self.progress(event.game, event.what, event.done, event.total)
            return
        self.close()
        if isinstance(event, Started):
            self.out_dir, self.removed, self.recorded = event.out_dir, 0, 0
        elif isinstance(event, FindingReported):
            if event.finding.recorded and event.finding.severity is Severity.WARNING:
                self.recorded += 1
            elif not self.quiet or event.finding.severity is Severity.ERROR:
                typer.echo(render_text(event.finding), err=True)
        elif isinstance(event, WrittenEvent):
            typer.echo(f"{event.game}: wrote {event.summary}")
            for line in () if self.quiet else event.details:
                typer.echo(f"    {line}")
        elif isinstance(event, Skipped):
            if not self.quiet:
                typer.echo(f"{event.game}: not printed: {event.what}: {event.why}")
        elif isinstance(event, Removed):
            self.removed += 1
            if not self.quiet:
                typer.echo(f"{event.game}: removed {event.path} (no longer made)")
        elif isinstance(event, Done):
            self.done(event)

    def done(self, event: Done) -> None:
        """Tell how a game's build ended."""
        from ..build.events import Outcome

        game, out_dir = event.game, event.out_dir
        if self.recorded and not self.quiet:
            them = "it" if self.recorded == 1 else "them"
            typer.echo(f"{game}: {self.recorded} rulebook contradiction"
                       f"{'' if self.recorded == 1 else 's'} recorded in game.yaml with the "
                       f"reading chosen ('pnp validate {game}' shows {them})", err=True)
        if event.outcome is Outcome.UP_TO_DATE:
            typer.echo(f"{game}: up to date ({event.files} files in {out_dir}; nothing changed "
                       f"since the last build; {event.summary})")
        elif event.outcome is Outcome.NOTHING_TO_BUILD:
            typer.echo(f"{game}: nothing to build (no component matches --only)", err=True)
        elif event.outcome is Outcome.NOT_BUILT:
            typer.echo(f"{game}: not built ({event.summary})", err=True)
        elif event.outcome is Outcome.KIT_NOT_BUILT:
            typer.echo(f"{game}: kit not built ({event.summary}; {out_dir} left as it was)",
                       err=True)
        else:
            if self.quiet and self.removed:
                files = "file" if self.removed == 1 else "files"
                typer.echo(f"{game}: removed {self.removed} {files} an earlier build wrote "
                           "that these options no longer make")
            if event.changed < event.files:
                typer.echo(f"{game}: {event.changed} of {event.files} files changed; the "
                           "others were already up to date")
            if event.build_id and not self.quiet:
                typer.echo(f"{game}: build {event.build_id} (each face's version mark is "
                           f"printed beside it; --changed-since {event.build_id} reprints "
                           "what changes after it)")

    def progress(self, game: str, what: str, done: int, total: int) -> None:
        """Show work under way on the progress bar (started on the first report)."""
        if self.bar is None:
            self.bar = ProgressBar(game, enabled=not self.quiet).start()
        self.bar(what, done, total)

    def close(self) -> None:
        """Clear the progress bar, so other lines print whole."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def interrupted(self) -> None:
        """Tell that the build was interrupted and the game's folder left as it was."""
        self.close()
        where = f"; {self.out_dir} left as it was" if self.out_dir else ""
        typer.echo(f"\npnp: interrupted{where}", err=True)
