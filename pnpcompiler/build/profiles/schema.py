"""The format of a print-shop profile file, checked like content (findings with
file:line:col)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core.model import Model
from ...core.units import Length


class SizeEntry(Model):
    """A card size the shop prints."""

    name: str
    trim: tuple[Length, Length]
    """Width and height of the cut card."""
    pixels: tuple[Annotated[int, Field(gt=0)], Annotated[int, Field(gt=0)]] | None = None
    """The exact size of each picture, bleed included (profiles whose files are pictures)."""


class ProfileFile(Model):
    """A print shop: the files it takes and what it prints."""

    name: str
    files: Literal["png", "pdf"]
    colour: Literal["rgb", "cmyk"]
    dpi: Annotated[int, Field(ge=72, le=1200)] = 300
    """The least resolution of a picture at print size."""
    bleed: Length
    safe: Length
    """How far inside the cut text and key art keep."""
    prints: list[str] = Field(default_factory=lambda: ["cards"])
    sizes: list[SizeEntry] = Field(min_length=1)
