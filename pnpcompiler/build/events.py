"""What a build tells as it goes: one event at a time, to whoever listens (``pnp build``
prints them; a preview server would push them to a page).

For each game, in order: :class:`Started`; :class:`FindingReported` for each finding of the
content; :class:`Progress` while faces are resolved and PDFs drawn; a
:class:`FindingReported` for each finding of the kit; once the kit is in place, a
:class:`Written` for what each output wrote, a :class:`Skipped` for each component that
prints nothing and a :class:`Removed` for each file of an earlier build that these options
no longer make; last, :class:`Done` with the outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from ..core.findings import Finding


@dataclass(frozen=True)
class Started:
    """A game's build begins; its kit lands in ``out_dir``."""

    game: str
    out_dir: Path


@dataclass(frozen=True)
class Progress:
    """Work under way: ``done`` of ``total`` (``total`` 0 when unknown, e.g. PDF pages)."""

    game: str
    what: str
    done: int
    total: int


@dataclass(frozen=True)
class FindingReported:
    """A finding of the content or of the kit (``--strict`` already applied)."""

    game: str
    finding: Finding


@dataclass(frozen=True)
class Skipped:
    """A component that prints nothing, and why."""

    game: str
    what: str
    why: str


@dataclass(frozen=True)
class Written:
    """Files one output wrote, now in place: a line to tell (``summary``, e.g. ``out/x.pdf
    (9 pages)``) and any lines under it (``details``, e.g. the contents page's rows)."""

    game: str
    output: str
    """The output's name (``kit-pdf``, ``svg``...)."""
    files: tuple[Path, ...]
    summary: str
    details: tuple[str, ...] = ()


@dataclass(frozen=True)
class Removed:
    """A file an earlier build wrote that these options no longer make, now removed."""

    game: str
    path: Path


class Outcome(StrEnum):
    """How a game's build ended."""

    BUILT = "built"
    UP_TO_DATE = "up to date"
    """Nothing it reads changed since the last build: nothing was loaded or written."""
    NOTHING_TO_BUILD = "nothing to build"
    """No component of the game matches ``--only``."""
    NOT_BUILT = "not built"
    """The content has errors."""
    KIT_NOT_BUILT = "kit not built"
    """The kit has errors (a template, a form, an output path): the folder is as it was."""


@dataclass(frozen=True)
class Done:
    """A game's build ended: how, its exit code, and what it made."""

    game: str
    outcome: Outcome
    code: int
    summary: str
    """The findings counted (``0 errors, 2 warnings``)."""
    out_dir: Path
    files: int = 0
    """Files the kit has."""
    changed: int = 0
    """Of those, the files this build wrote (the others were in place already)."""
    build_id: str = ""
    """The id of the faces this kit prints (``--changed-since`` takes it); "" when unknown."""


Event = Started | Progress | FindingReported | Skipped | Written | Removed | Done
Listener = Callable[[Event], None]
"""Receives a build's events, in order."""


def ignore(event: Event) -> None:
    """Listen to nothing (a build run for its files alone)."""
