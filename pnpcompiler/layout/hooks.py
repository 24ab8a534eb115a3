"""The printing hooks a game may give for its own component kinds, and the core's own.

A game registers one with ``@rules.on(BOARD, TheirMap)``; :mod:`.collect` calls it for every
component of that class (or of a subclass without a hook of its own). The generic kinds
(decks, tile sets, sheets, hex and point maps) are printed through the same hooks, given by
:mod:`.collect`, so a game kind that extends a generic one prints like it unless the game
says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content.components import Sheet
from ..content.plugin import Hook
from .printables import Board, Printable

ItemContext = Callable[[Any], dict[str, Any]]
"""Extra template variables for one item (card, tile) of a component."""

PRINTABLE: Hook[list[Printable]] = Hook(
    "printable", "the component's items to impose on sheets (cards, counters, notes, nets)")
FORM: Hook[Sheet | None] = Hook(
    "form", "the component as a printable form made of generic sheet sections")
BOARD: Hook[list[Board]] = Hook("board", "the component's boards, faces at print scale")
ITEM_CONTEXT: Hook[ItemContext] = Hook(
    "item context", "extra template variables for each item of a generic kind's component")

PRINTING_HOOKS: tuple[Hook[Any], ...] = (PRINTABLE, FORM, BOARD)
"""The hooks that print something; a component none of them serves prints nothing."""
