"""What an output is: a name, the files it writes for a kit (each with the cache key of its
bytes), and a step that writes them into the stage.

An output plans before it writes (:meth:`Output.pieces`), so the build knows every file of
the kit, and two outputs cannot claim one file, before anything is drawn. Outputs whose work
can run in a second process (:attr:`Output.background`) are started first and collected
last, so their work runs beside the others'.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from ...core.findings import Finding
from ..faces import Kit
from ..options import BuildOptions
from ..stage import Stage


@dataclass(frozen=True)
class Piece:
    """One file an output writes: where it lands in the kit folder, and the cache key that
    names its bytes: the digest of everything it is made from ("" when it is not cached)."""

    path: str
    key: str


@dataclass(frozen=True)
class Report:
    """Files an output wrote (paths in the kit folder) and how to tell it: one line, and
    any lines under it."""

    files: tuple[str, ...]
    summary: str
    details: tuple[str, ...] = ()


def _nothing() -> None:
    return None


class Writing:
    """An output being written: :meth:`finish` returns what it wrote, :meth:`cancel` stops
    work still running (a build that failed)."""

    def __init__(self, finish: Callable[[], list[Report]],
                 cancel: Callable[[], None] = _nothing) -> None:
        self.finish = finish
        self.cancel = cancel

    @classmethod
    def done(cls, reports: list[Report]) -> Writing:
        """Return writing already finished."""
        return cls(lambda: reports)


P = TypeVar("P", bound=Piece)


class Output(ABC, Generic[P]):
    """One kind of file a build makes from a kit (a PDF per paper, an SVG per face...)."""

    name: ClassVar[str]
    """What the build calls it in its events (``kit-pdf``, ``svg``)."""
    background: ClassVar[bool] = False
    """Whether :meth:`start` leaves its work running (in a second process)."""

    def wanted(self, options: BuildOptions) -> bool:
        """Return whether the options ask for this output at all."""
        return True

    def settings(self) -> str:
        """Return what this output was made with beyond the build options (an export's own
        settings), for the build's key: the same kit with other settings is another kit."""
        return ""

    def preflight(self, kit: Kit) -> list[Finding]:
        """Return what stops (errors) or concerns (warnings) this output's files, found before
        any file of the kit is written."""
        return []

    @abstractmethod
    def pieces(self, kit: Kit) -> list[P]:
        """Return the files this output writes for ``kit``, each with its cache key. An output
        whose files are known only once written (a game's own writers) returns none."""

    @abstractmethod
    def write(self, kit: Kit, stage: Stage, pieces: list[P]) -> list[Report]:
        """Write ``pieces`` into ``stage`` (through the cache by their keys); return what to
        tell."""

    def start(self, kit: Kit, stage: Stage, pieces: list[P]) -> Writing:
        """Begin writing ``pieces``; unless the output works in the background, all of it is
        done here."""
        return Writing.done(self.write(kit, stage, pieces))
