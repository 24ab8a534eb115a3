"""Printable sheets: forms and logs made of tables, tick boxes, text and labelled fields."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field as Spec

from ..model import Id, Model, Scalar
from ..units import Length
from .base import Component


class Column(Model):
    """A table column: its header and, optionally, its printed width."""

    title: str
    width: Length | None = None
    """Fixes the column's width; columns without one share what is left, weighted by the
    length of their header."""


class TableSection(Model):
    """A table with a header row, printed rows and blank rows to fill in."""

    kind: Literal["table"]
    id: Id | None = None
    title: str | None = None
    columns: list[str | Column] = Spec(min_length=1)
    rows: list[list[Scalar]] = Spec(default_factory=list)
    blank_rows: int = Spec(0, ge=0, le=500)
    split: int = Spec(1, ge=1, le=4)
    """Print the rows in this many side-by-side blocks, each with the column headers, reading
    down the first block, then the next."""
    row_height: Length | None = None
    """Height of a row; when absent, about 6 mm, shrunk (to no less than 5 mm) when that
    saves a page."""


class BoxesSection(Model):
    """A row of tick boxes (rerolls, stamina, weather progress), optionally with values."""

    kind: Literal["boxes"]
    id: Id | None = None
    title: str | None = None
    count: int = Spec(ge=1, le=500)
    values: list[Scalar] | None = None
    """One printed value per box, when the boxes carry numbers."""


class TextSection(Model):
    """A block of text: instructions, a rule summary."""

    kind: Literal["text"]
    id: Id | None = None
    title: str | None = None
    text: str
    """Paragraph markup (``<b>``, ``<i>``); line breaks are kept."""


class Field(Model):
    """A labelled value in a strip of fields, or a labelled blank to write on."""

    label: str
    value: Scalar | None = None
    """The printed value; none leaves a line to write on."""
    width: Length | None = None
    """Fixes the field's width; fields without one share the strip."""


class FieldsSection(Model):
    """A strip of labelled values and write-in blanks (sector code, date, player name)."""

    kind: Literal["fields"]
    id: Id | None = None
    title: str | None = None
    items: list[Field] = Spec(min_length=1)


Section = Annotated[TableSection | BoxesSection | TextSection | FieldsSection,
                    Spec(discriminator="kind")]


class Sheet(Component):
    """A printable form or log sheet."""

    kind: Literal["sheet"] = "sheet"
    title: str | None = None
    """Printed at the top of each page; the sheet's ``name`` when absent."""
    paper: Literal["a4", "letter", "a3"] = "a4"
    orientation: Literal["portrait", "landscape"] = "portrait"
    copies: int = Spec(1, ge=1, le=1000)
    sections: list[Section] = Spec(min_length=1)

    base_kind = "sheet"

    def counts(self) -> dict[str, int]:
        return {self.component: self.copies} if self.component else {}
