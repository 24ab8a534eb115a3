"""What the templates see besides the item: a dashboard's preset side resolved to its pilot's
and equipment's names, the dice they add and the ability markers that show them (6.10); the
dice faces for the dice labels."""

from __future__ import annotations

from typing import Any

from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import ITEM_CONTEXT, ItemContext
from .lookup import equipment, pilots, tables_of
from .model import TESTS, Counters, Dashboard, DashboardDeck

rules = Rules()
"""This module's hooks; the game's package includes them."""


def preset_view(game: GameContent, board: Dashboard) -> dict[str, Any]:
    """Return what a dashboard's preset side prints: names, dice, markers, charges."""
    pilot = next((p for p in pilots(game) if p.id == board.preset.pilot), None)
    kit = [c for c in equipment(game) if c.id in board.preset.equipment]
    markers = [(pilot.dice.of(t) if pilot else 0) + sum(c.dice.of(t) for c in kit)
               for t in TESTS]
    dice = [board.symbols.of(t) + m for t, m in zip(TESTS, markers, strict=True)]
    charges = sum(c.charges or 0 for c in kit) + ((pilot.charges or 0) if pilot else 0)
    notes = [{"name": c.name, "text": c.text} for c in kit]
    if pilot is not None:
        notes.insert(0, {"name": f"{pilot.name}, {pilot.title}", "text": pilot.ability})
    return {"pilot": f"{pilot.name} ({pilot.title})" if pilot else board.preset.pilot,
            "equipment": [c.name for c in kit], "dice": dice,
            "markers": [f"+{m}" if m else "" for m in markers],
            "charges": charges, "notes": notes}


@rules.on(ITEM_CONTEXT, DashboardDeck)
def dashboard_context(game: GameContent, deck: DashboardDeck) -> ItemContext:
    """The preset side of each dashboard, resolved."""
    def context(item: Any) -> dict[str, Any]:
        return {"preset": preset_view(game, item) if isinstance(item, Dashboard) else {}}
    return context


@rules.on(ITEM_CONTEXT, Counters)
def counter_context(game: GameContent, counters: Counters) -> ItemContext:
    """The dice faces, for the dice labels: each face's symbols, by face number."""
    tables = tables_of(game)
    faces = {str(n): list(face) for n, face in enumerate(tables.dice.faces, 1)} if tables \
        else {}
    return lambda item: {"dice_faces": faces}
