"""The options several ``pnp`` commands share, and how a command reports a usage error."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from ..core.findings import Finding

ContentOpt = Annotated[Path, typer.Option("--content", help="Folder holding one folder per game.",
                                          show_default=True)]
GamesArg = Annotated[list[str] | None, typer.Argument(
    help="Games to work on (folder names under the content folder); all when omitted.",
    show_default=False)]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")]
TemplatesOpt = Annotated[Path, typer.Option(
    "--templates", help="Folder of face templates (<game>/<name>.yaml).")]


class ReportFormat(StrEnum):
    """How a report is printed: text for people, JSON for programs."""

    text = "text"
    json = "json"


def fail_usage(message: str) -> typer.Exit:
    """Print a usage error as ``pnp: error: ...``; return the exit (code 2) to raise."""
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(2)


def print_findings(findings: list[Finding], *, err: bool = False) -> None:
    """Print each finding as a compiler does: its place, message, source line and caret."""
    from ..core.findings import render_text

    for finding in findings:
        typer.echo(render_text(finding), err=err)
