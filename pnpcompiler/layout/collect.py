"""Collect what a game prints: every component turned into printables, sheets or boards.

Every component goes through the printing hooks of :mod:`.hooks`: the game's for its class
(``@rules.on(BOARD, TheirMap)``), else the core's for the generic kinds, given here (decks,
tile sets, sheets, hex and point maps). Everything comes back in the order of the bill of
materials, so the kit reads like the rulebook's piece list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..content.components import Deck, HexMap, PointMap, Rulebook, Sheet, TileSet
from ..content.components.base import Component
from ..content.plugin import Hook, Rules
from ..content.project import GameContent
from .hooks import BOARD, FORM, ITEM_CONTEXT, PRINTABLE, PRINTING_HOOKS
from .printables import Board, Printable, PrintableItem, Shape, Side

T = TypeVar("T")
GENERIC = Rules()
"""The core's printing hooks for the generic kinds; a game's hook for a class comes first."""


@dataclass
class KitParts:
    """What one game prints, before templates are resolved."""

    printables: list[Printable] = field(default_factory=list)
    sheets: list[tuple[str, str, Sheet]] = field(default_factory=list)
    """(component id, name, sheet) for each printable form."""
    boards: list[Board] = field(default_factory=list)
    unprinted: list[tuple[str, str]] = field(default_factory=list)
    """(name, why) for each component that prints nothing."""


def _item_context(game: GameContent, component: Component) -> Callable[[Any], dict[str, Any]]:
    """Return the variables a game's module adds for each item of a generic kind."""
    given = game.rules.hook(ITEM_CONTEXT, component)
    if given is None:
        return lambda item: {}
    extra = given(game, component)
    return lambda item: dict(extra(item))


def deck_printable(game: GameContent, deck: Deck[Any]) -> Printable | None:
    """Return a deck's cards as a printable; None when no card has a template."""
    if deck.template is None and not any(card.template for card in deck.cards):
        return None
    context = _item_context(game, deck)
    backs = {back.id: back for back in deck.backs}
    default_back = deck.backs[0].id if deck.backs else None
    back_at = {back.id: deck.where("backs", i, "template") for i, back in enumerate(deck.backs)}
    items = []
    for i, card in enumerate(deck.cards):
        name = card.template or deck.template or ""
        named_at = deck.where("cards", i, "template") if card.template else deck.where(
            "template")
        back_id = card.back or default_back
        back = backs.get(back_id or "")
        back_side = (Side(back.template, dict(back.fields), back_at[back.id])
                     if back and back.template else None)
        items.append(PrintableItem(
            card.id, Side(name, dict(card.fields), named_at), back_side,
            back_id if back_side else None, card.copies,
            item=card.model_dump(mode="json"), context=context(card),
            where=deck.where("cards", i)))
    return Printable(_component_id(deck), _name(deck), deck.size_mm(), items, noun="cards")


def tiles_printable(game: GameContent, tiles: TileSet[Any]) -> Printable | None:
    """Return a set of tiles or counters as a printable; None when nothing has a template."""
    if tiles.template is None and not any(t.front.template for t in tiles.tiles):
        return None
    context = _item_context(game, tiles)
    shared = tiles.back if tiles.sides == 2 else None
    items = []
    for i, tile in enumerate(tiles.tiles):
        front_at = (tiles.where("tiles", i, "front", "template") if tile.front.template
                    else tiles.where("template"))
        front = Side(tile.front.template or tiles.template or "", dict(tile.front.fields),
                     front_at)
        back: Side | None = None
        back_id = None
        if tiles.sides == 2:
            own = tile.back
            template = (own.template if own else None) or (shared.template if shared else None)
            back_at = (tiles.where("tiles", i, "back", "template") if own and own.template
                       else tiles.where("back", "template"))
            if template:
                if own is not None:
                    back = Side(template, dict(own.fields), back_at)
                    back_id = f"{tile.id}-back"
                elif shared is not None:
                    back = Side(template, dict(shared.fields), back_at)
                    back_id = f"{_component_id(tiles)}-back"
        items.append(PrintableItem(tile.id, front, back, back_id, tile.copies,
                                   item=tile.model_dump(mode="json"),
                                   context=context(tile),
                                   where=tiles.where("tiles", i)))
    return Printable(_component_id(tiles), _name(tiles), tiles.size_mm(), items,
                     noun="counters", shape=_SHAPES[tiles.shape],
                     crop_marks=tiles.shape == "square")


_SHAPES = {"square": Shape.RECT, "round": Shape.ROUND, "hex": Shape.HEX}
"""A tile set's shape as written in content, and the outline it is cut along."""


def _component_id(component: Component) -> str:
    return component.component or component.kind


def _name(component: Component) -> str:
    return component.name or component.component or component.kind


def selected(component_ids: set[str], only: tuple[str, ...]) -> bool:
    """Return whether ``--only`` lets a component through."""
    return not only or bool(component_ids & set(only))


def selectable(component: Component) -> set[str]:
    """Return the names ``--only`` knows a component by: its entry, name and kind."""
    ids = {_component_id(component), _name(component), component.kind}
    ids |= set(component.counts())
    return ids


def collect(game: GameContent, only: tuple[str, ...] = ()) -> KitParts:
    """Return every printable, sheet and board of a game, in bill-of-materials order, and why
    each component that prints nothing does not."""
    parts = KitParts()
    for component in _in_bom_order(game):
        if not selected(selectable(component), only):
            continue
        before = (len(parts.printables), len(parts.sheets), len(parts.boards))
        _collect_one(game, component, parts)
        if before == (len(parts.printables), len(parts.sheets), len(parts.boards)):
            why = unprinted_reason(game, component)
            parts.unprinted.append((f"{_name(component)} ({component.kind})", why))
    return parts


def _collect_one(game: GameContent, component: Component, parts: KitParts) -> None:
    """Add what one component prints to ``parts``."""
    parts.printables += printables_of(game, component)
    sheet = form_of(game, component)
    if sheet is not None:
        parts.sheets.append((_component_id(component), _name(component), sheet))
    parts.boards += boards_of(game, component)


def printables_of(game: GameContent, component: Component) -> list[Printable]:
    """Return a component's items to impose on sheets (none when nothing prints them)."""
    hook = _hook(game, PRINTABLE, component)
    return hook(game, component) if hook is not None else []


def form_of(game: GameContent, component: Component) -> Sheet | None:
    """Return a component as a printable form, None when it is not one."""
    hook = _hook(game, FORM, component)
    return hook(game, component) if hook is not None else None


def boards_of(game: GameContent, component: Component) -> list[Board]:
    """Return a component's boards (faces at print scale); none when it draws none."""
    hook = _hook(game, BOARD, component)
    return hook(game, component) if hook is not None else []


def _hook(game: GameContent, hook: Hook[T], component: Component
          ) -> Callable[[GameContent, Any], T] | None:
    """Return the game's hook for a component's class, else the core's, else None."""
    return game.rules.hook(hook, component) or GENERIC.hook(hook, component)


@GENERIC.on(PRINTABLE, Deck)
def deck_printables(game: GameContent, deck: Deck[Any]) -> list[Printable]:
    """Return a deck's cards, when any card has a template."""
    printable = deck_printable(game, deck)
    return [printable] if printable is not None else []


@GENERIC.on(PRINTABLE, TileSet)
def tile_printables(game: GameContent, tiles: TileSet[Any]) -> list[Printable]:
    """Return a tile set's tiles, when any tile has a template."""
    printable = tiles_printable(game, tiles)
    return [printable] if printable is not None else []


@GENERIC.on(FORM, Sheet)
def sheet_form(game: GameContent, sheet: Sheet) -> Sheet:
    """Return a generic sheet as its own form."""
    return sheet


@GENERIC.on(BOARD, HexMap)
def hex_map_boards(game: GameContent, board: HexMap[Any]) -> list[Board]:
    """Return a generic hex map (with hexes) as a board drawn by the toolkit."""
    return map_boards(board)


@GENERIC.on(BOARD, PointMap)
def point_map_boards(game: GameContent, board: PointMap[Any, Any]) -> list[Board]:
    """Return a generic point map as a board drawn by the toolkit."""
    return map_boards(board)


def map_boards(component: HexMap[Any] | PointMap[Any, Any]) -> list[Board]:
    """Return a generic hex map (with hexes) or point map as a board drawn by the toolkit."""
    from .map_boards import hex_map_face, map_title, point_map_face

    if isinstance(component, HexMap):
        if not component.hexes:
            return []
        face = hex_map_face(component)
    else:
        face = point_map_face(component)
    cid = _component_id(component)
    return [Board(cid, cid, map_title(component), face)]


def unprinted_reason(game: GameContent, component: Component) -> str:
    """Return why a component prints nothing, in words a designer can act on."""
    kind = component.kind
    why = game.rules.why_not_printed(component)
    if why is not None:
        return why
    if isinstance(component, Rulebook):
        return "the list of the game's rules, for the rule-coverage map (`pnp rules`), not printed"
    if any(game.rules.hook(hook, component) for hook in PRINTING_HOOKS):
        return "the game's module drew nothing for it (see its findings)"
    if isinstance(component, Deck):
        return "neither the deck nor any card names a template"
    if isinstance(component, TileSet):
        return "neither the set nor any tile names a template"
    if isinstance(component, HexMap):
        return "the map has no hexes"
    return (f"the kind '{kind}' is neither a generic printed kind nor drawn by the game's "
            "module")


def _in_bom_order(game: GameContent) -> list[Component]:
    """Return the component files ordered by the first bill-of-materials entry they fill."""
    order = {entry.id: i for i, entry in enumerate(game.manifest.bill_of_materials)}

    def key(item: tuple[str, Component]) -> tuple[int, str]:
        path, component = item
        ids = [component.component or "", *component.counts()]
        return (min((order[i] for i in ids if i in order), default=len(order)), path)

    return [c for _, c in sorted(game.components.items(), key=key)]
