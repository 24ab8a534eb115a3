"""Printable sheets: forms and logs made of tables, tick boxes and text."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..model import Id, Model, Scalar
from ..units import Length
from .base import Component


class Column(Model):
    """A table column: its header and, optionally, its printed width."""

    title: str
    width: Length | None = None


class TableSection(Model):
    """A table with a header row, printed rows and blank rows to fill in."""

    kind: Literal["table"]
    id: Id | None = None
    title: str | None = None
    columns: list[str | Column] = Field(min_length=1)
    rows: list[list[Scalar]] = Field(default_factory=list)
    blank_rows: int = Field(0, ge=0, le=500)


class BoxesSection(Model):
    """A row of tick boxes (rerolls, stamina, weather progress), optionally with values."""

    kind: Literal["boxes"]
    id: Id | None = None
    title: str | None = None
    count: int = Field(ge=1, le=500)
    values: list[Scalar] | None = None
    """One printed value per box, when the boxes carry numbers."""


class TextSection(Model):
    """A block of text: instructions, a rule summary."""

    kind: Literal["text"]
    id: Id | None = None
    title: str | None = None
    text: str


Section = Annotated[TableSection | BoxesSection | TextSection, Field(discriminator="kind")]


class Sheet(Component):
    """A printable form or log sheet."""

    kind: Literal["sheet"] = "sheet"
    paper: Literal["a4", "letter", "a3"] = "a4"
    orientation: Literal["portrait", "landscape"] = "portrait"
    copies: int = Field(1, ge=1, le=1000)
    sections: list[Section] = Field(min_length=1)

    base_kind = "sheet"

    def counts(self) -> dict[str, int]:
        return {self.component: self.copies} if self.component else {}
