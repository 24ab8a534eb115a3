"""The outputs a build writes, in the order it tells of them.

To add an output (a Tabletop Simulator deck, a print-shop profile), write a subclass of
:class:`~.base.Output` in a module of this package and add an instance to :data:`OUTPUTS`;
the build, its cache, its stage and ``pnp build`` need no change.
"""

from __future__ import annotations

from typing import Any

from .base import Output, Piece, Report, Writing
from .boards import BoardPdfs
from .content_json import ContentJson
from .game import GameOutputs
from .kit_pdf import KitPdfs
from .png import FacePngs
from .svg import FaceSvgs

OUTPUTS: tuple[Output[Any], ...] = (ContentJson(), GameOutputs(), FaceSvgs(), FacePngs(),
                                    KitPdfs(), BoardPdfs())
"""Every output of a build, in the order their files are told."""

__all__ = ["OUTPUTS", "Output", "Piece", "Report", "Writing"]
