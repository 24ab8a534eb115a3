"""A progress bar on a terminal's standard error, for the verbs that work a while."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


class ProgressBar:
    """A progress bar on a terminal's stderr, cleared when done; silent when stderr is not a
    terminal (or one that cannot redraw a line)."""

    def __init__(self, label: str, *, enabled: bool, unit: str = "pages") -> None:
        self.label = label
        self.unit = unit
        """What a stage without a total counts."""
        self.enabled = enabled and sys.stderr.isatty()
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> ProgressBar:
        return self.start()

    def start(self) -> ProgressBar:
        """Show the bar (when it can be drawn)."""
        if self.enabled:
            # Imported here: rich takes longer to load than the rest of `pnp --help`.
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn

            console = Console(stderr=True)
            if not console.is_interactive:  # a dumb terminal cannot redraw a line
                return self
            self.bar = Progress(TextColumn("{task.fields[label]}:"), BarColumn(bar_width=24),
                                TextColumn("{task.description} {task.fields[count]}"),
                                console=console, transient=True)
            self.task = self.bar.add_task("", total=None, label=self.label, count="")
            self.bar.start()
        return self

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.bar is None or self.task is None:
            return
        # A stage without a total (the PDF's pages) counts what it has done so far.
        count = f"{done}/{total}" if total else f"{done} {self.unit}"
        self.bar.update(self.task, description=stage, completed=done, total=total or None,
                        count=count)

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Clear the bar."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
