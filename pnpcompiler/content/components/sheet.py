"""Printable sheets: forms and logs made of tables, tick boxes, text and labelled fields."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field as Spec

from ...core.model import Id, Model, Scalar
from ...core.units import Length
from .base import Component


class Column(Model):
    """A table column: its header and, optionally, its printed width."""

    title: str
    width: Length | None = None
    """Fixes the column's width; columns without one share what is left, weighted by the
    length of their header."""
    tick: bool = False
    """A column of tick boxes: each row's cell holds a box, with the row's value (if any)
    printed inside it."""
    align: Literal["left", "center", "right"] | None = None
    """How the column's values sit in their cells; short values are centred and long ones
    set left when not given."""


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
    size: float | None = Spec(None, ge=5, le=24)
    """Font size in points; 8.5 when not given."""


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


class RulerSection(Model):
    """A strip of an exact printed length with ruler ticks (a measuring template)."""

    kind: Literal["ruler"]
    id: Id | None = None
    title: str | None = None
    length: Length
    """The strip's printed length, exactly."""
    height: Length = 10.0
    divisions: int = Spec(0, ge=0, le=200)
    """Equal divisions marked along the strip; none when 0."""
    tick_labels: list[Scalar] | None = None
    """One label per tick (``divisions`` + 1), printed under it."""
    label: str | None = None
    """Text printed inside the strip."""
    note: str | None = None
    """Paragraph markup printed beside the strip, on the side away from its alignment."""
    align: Literal["left", "center", "right"] = "left"
    at_foot: bool = False
    """Place the strip at the foot of the page (a template along the sheet's edge); what
    follows starts a new page."""


PanelSection = Annotated[TableSection | BoxesSection | TextSection | FieldsSection
                         | RulerSection, Spec(discriminator="kind")]


class Panel(Model):
    """One column of a panels section: sections stacked top to bottom."""

    width: Length | None = None
    """Fixes the panel's width; panels without one share what is left equally."""
    sections: list[PanelSection] = Spec(min_length=1)


class PanelsSection(Model):
    """Panels side by side (tables next to each other), kept together on one page."""

    kind: Literal["panels"]
    id: Id | None = None
    title: str | None = None
    gap: Length = 5.0
    """Space between two panels."""
    panels: list[Panel] = Spec(min_length=1, max_length=8)


Section = Annotated[TableSection | BoxesSection | TextSection | FieldsSection,
                    Spec(discriminator="kind")]
#: What a :class:`FormSheet` holds: the sections of a sheet, strips and rows of panels.
FormSection = Annotated[TableSection | BoxesSection | TextSection | FieldsSection
                        | RulerSection | PanelsSection, Spec(discriminator="kind")]


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


class FormSheet(Sheet):
    """A sheet whose sections may also be rows of panels side by side and measuring strips.

    A game's module builds it (``@rules.sheet``) for forms laid out like a printed log: tables
    next to each other, a template of exact length at the page's foot.
    """

    sections: list[FormSection] = Spec(min_length=1)  # type: ignore[assignment]
