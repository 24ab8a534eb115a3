"""The outputs a build writes, in the order it tells of them.

To add an output, write a subclass of
:class:`~.base.Output` in a module of this package and add an instance to :data:`OUTPUTS`;
the build, its cache, its stage and ``pnp build`` need no change. An output may check
the kit before anything is written (:meth:`~.base.Output.preflight`). The Tabletop Simulator
export (:mod:`.tts`) is not among them: ``pnp export`` builds with it alone.
"""

from __future__ import annotations

from typing import Any

from .base import Output, Piece, Report, Writing
from .boards import BoardPdfs
from .content_json import ContentJson
from .game import GameOutputs
from .kit_pdf import KitPdfs
from .png import FacePngs
from .reprint import ReprintPdfs
from .shop import ShopFiles
from .svg import FaceSvgs

OUTPUTS: tuple[Output[Any], ...] = (ContentJson(), GameOutputs(), FaceSvgs(), FacePngs(),
                                    KitPdfs(), ReprintPdfs(), BoardPdfs(),
                                    ShopFiles())
"""Every output of a build, in the order their files are told."""

__all__ = ["OUTPUTS", "Output", "Piece", "Report", "Writing"]
