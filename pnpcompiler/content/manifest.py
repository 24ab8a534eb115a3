"""The game manifest, ``content/<game>/game.yaml``: what the game is and what is in the box."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..core.model import Id, Model, Scalar, Source

#: The name a template's ``text: {font: ...}`` uses for a font the game declares.
FontName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40,
                                description="A font name: lowercase letters, digits and '-'.")]


class Players(Model):
    """How many people play."""

    min: int = Field(ge=1, le=100)
    max: int = Field(ge=1, le=100)

    @model_validator(mode="after")
    def _min_not_above_max(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"players.min ({self.min}) is greater than players.max ({self.max})")
        return self


class BomEntry(Model):
    """One line of the bill of materials: a component family and how many exist."""

    id: Id
    name: str
    """The name the rulebook uses (e.g. "'Single Route' Hand-off Cards")."""
    count: int | None = Field(None, ge=0, le=1_000_000)
    """How many the rulebook says exist. Left out, with ``source: designer`` (a designer's own
    game), the content's count is the count: a deck read from a spreadsheet is not counted
    twice."""
    unit: Literal["pieces", "cash"] = "pieces"
    """``cash`` when ``count`` is a sum of money rather than a number of pieces."""
    kind: Literal["deck", "tiles", "hex-map", "point-map", "sheet", "dice", "cash", "other"]
    """The generic kind the component is built on, or ``dice``/``other`` for what is not
    printed."""
    printed: bool = True
    """Whether the kit prints it (dice are not printed)."""
    source: Source = "rulebook"
    ref: str | None = None
    """Where the rulebook states it (section or page)."""
    notes: str | None = None

    @model_validator(mode="after")
    def _count_stated_unless_designed(self) -> BomEntry:
        if self.count is None and self.source != "designer":
            raise ValueError(f"{self.id}: the rulebook's count is missing; leave 'count' out "
                             "only with 'source: designer', where the content's count is the "
                             "count")
        return self


class Statement(Model):
    """One place in the rulebook and what it says there."""

    section: str
    """The rulebook section (or page) that says it."""
    says: str
    """The rulebook's words, quoted."""


class Contradiction(Model):
    """A place where the rulebook contradicts itself, and the choice the content made."""

    id: Id
    about: str
    statements: list[Statement] = Field(min_length=2)
    chosen: Scalar
    why: str
    applies_to: Id | None = None
    """The bill-of-materials entry whose ``count`` follows the choice (checked)."""


class Manifest(Model):
    """A game's manifest."""

    title: str = Field(min_length=1)
    seed: str
    """The rulebook's file name in the seeds folder."""
    edition: str | None = None
    """The rulebook version the content follows."""
    players: Players
    plugin: str | None = None
    """The game's rule module: a dotted module name (``pnpcompiler.games.rushing_tin``) or a
    ``.py`` file inside the game folder. Defaults to ``rules.py`` when that file exists."""
    bill_of_materials: list[BomEntry] = Field(min_length=1)
    contradictions: list[Contradiction] = Field(default_factory=list)
    """Places where the rulebook contradicts itself; each is reported as a warning."""
    fonts: dict[FontName, str] = Field(default_factory=dict,
                                       json_schema_extra={"additionalProperties": False})
    """TrueType fonts templates may use, by name: a ``.ttf`` file inside the game folder
    (``display: fonts/Oswald-Bold.ttf``). Templates say ``text: {font: display}``."""
    notes: str | None = None
