"""What a build works on (the project's folders) and how it prints (the build options).

Options are typed and checked once, here: a front-end (``pnp build``, a preview server, an
exporter) turns its text into :class:`BuildOptions` with the ``parse_*`` functions, and an
option out of range raises :class:`OptionError` whose message names the option as ``pnp
build`` spells it (the CLI prints it and exits with code 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.digests import canonical_json

if TYPE_CHECKING:
    from .profiles import Profile


class Paper(StrEnum):
    """A paper size the kit PDF is imposed on (millimetres in ``layout.impose.PAPERS``)."""

    A4 = "a4"
    LETTER = "letter"
    A3 = "a3"


class Duplex(StrEnum):
    """How backs meet fronts: the edge a duplex printer flips the sheet over, or folded."""

    LONG = "long"
    SHORT = "short"
    FOLD = "fold"
    """Fronts and backs side by side on one page, to fold in half and glue."""


class OptionError(ValueError):
    """A build option that cannot be used; the message says which and why."""


BLEED_RANGE = (0.0, 10.0)
"""Millimetres of bleed a build accepts."""
SAFE_RANGE = (0.0, 20.0)
"""Millimetres inside the cut that text keeps, as a build accepts them."""
PNG_DPI_RANGE = (36, 1200)
"""Resolutions a PNG of every face may be drawn at."""


@dataclass(frozen=True, kw_only=True)
class BuildOptions:
    """How to build: papers, bleed, marks, duplex, printer offset, which outputs, filters."""

    papers: tuple[Paper, ...] = (Paper.A4,)
    """A kit PDF for each, in this order."""
    bleed: float = 3.0
    safe: float = 3.0
    """How far inside the cut text keeps, in mm (a face may set its own); closer is a
    warning. The layout's own default (``layout.overlaps.SAFE_MARGIN``) is the same."""
    crop_marks: bool = True
    duplex: Duplex = Duplex.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Millimetres right and down to shift every back, for a printer's misalignment."""
    only: tuple[str, ...] = ()
    """Bill-of-materials ids or component names to build; everything when empty."""
    ink_saver: bool = False
    """Grayscale, without full-bleed backgrounds, pale fills."""
    png_dpi: int = 0
    """Also write a PNG of every face at this resolution; none when 0."""
    svg: bool = True
    """Write an SVG of every face and board (off for a build that only wants to print)."""
    strict: bool = False
    """Warnings count as errors."""
    cache: bool = True
    """Read and keep pieces in the build cache (off: everything is made afresh)."""
    profile: Profile | None = None
    """A print shop to write files for (``--profile``), after its pre-flight; its bleed is
    the build's."""
    changed_since: str = ""
    """Also write a PDF of only the faces that changed since this build (``last`` or a build
    id) or git revision (``--changed-since``); none when empty."""

    def __post_init__(self) -> None:
        if not self.papers:
            raise OptionError("--paper: name at least one paper")
        for paper in self.papers:
            parse_paper(paper)
        parse_duplex(self.duplex)
        low, high = BLEED_RANGE
        if not low <= self.bleed <= high:
            raise OptionError(f"--bleed must be between {low:g} and {high:g} mm, "
                              f"not {self.bleed:g}")
        low, high = SAFE_RANGE
        if not low <= self.safe <= high:
            raise OptionError(f"--safe must be between {low:g} and {high:g} mm, "
                              f"not {self.safe:g}")
        if self.profile is not None and abs(self.bleed - self.profile.bleed) > 1e-9:
            raise OptionError(f"--bleed: the {self.profile.id} profile prints with "
                              f"{self.profile.bleed:g} mm of bleed, not {self.bleed:g}")
        low_dpi, high_dpi = PNG_DPI_RANGE
        if self.png_dpi and not low_dpi <= self.png_dpi <= high_dpi:
            raise OptionError(f"--png takes a resolution between {low_dpi} and {high_dpi} "
                              f"dpi, not {self.png_dpi}")

    @property
    def partial(self) -> bool:
        """Whether only some components are built (so the build cannot tell which files of
        an earlier build are no longer wanted)."""
        return bool(self.only)

    def key(self) -> str:
        """Return the options that shape the kit as canonical text, for the build's key."""
        settings = asdict(self)
        del settings["cache"]  # where pieces come from, not what is made
        return canonical_json(settings)


@dataclass(frozen=True)
class Project:
    """The folders a build reads and writes: content, templates, output."""

    content: Path = Path("content")
    templates: tuple[Path, ...] = field(default=(Path("templates"),))
    output: Path = Path("out")


def parse_paper(name: str) -> Paper:
    """Return the paper called ``name`` (``a4``, ``letter``, ``a3``)."""
    try:
        return Paper(name)
    except ValueError:
        raise OptionError(f"--paper must be one of {', '.join(Paper)}, not {name!r}") from None


def parse_papers(names: Sequence[str]) -> tuple[Paper, ...]:
    """Return the papers named, each once, in order; A4 when none is."""
    papers = dict.fromkeys(parse_paper(name) for name in names)
    return tuple(papers) or (Paper.A4,)


def parse_duplex(name: str) -> Duplex:
    """Return the duplex mode called ``name`` (``long``, ``short``, ``fold``)."""
    try:
        return Duplex(name)
    except ValueError:
        raise OptionError(f"--duplex must be long, short or fold, not {name!r}") from None


def parse_back_offset(text: str) -> tuple[float, float]:
    """Return the back offset written as ``X,Y`` in millimetres (e.g. ``0.5,-1``)."""
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        raise OptionError(f"--back-offset takes X,Y in mm (e.g. 0.5,-1), not "
                          f"{text!r}") from None
    return dx, dy
