"""What Rushing Tin prints besides its generic decks and counters (cash notes, plane cube
nets), and what its templates see besides the item itself: airline names, level colours, the
decoded route and its schedule from the sector log, the geometry of a cube net."""

from __future__ import annotations

from typing import Any

from ...content.components import Component, Counters
from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import ITEM_CONTEXT, PRINTABLE, ItemContext
from ...layout.printables import Printable, PrintableItem, Side
from .model import (
    Cash,
    HandOffDeck,
    PlaneCubes,
    RandomEventDeck,
    RulesTables,
    Sector,
    StatusDeck,
    WeatherEventDeck,
)
from .routes import parse_route

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

TAB_DEPTH = 0.3
"""Glue tab depth as a share of the cube's edge."""


def _common(game: GameContent) -> dict[str, Any]:
    tables = game.of_type(RulesTables)
    t = tables[0] if tables else None
    colours = {lv.level: lv.colour for lv in t.levels} if t else {}
    return {
        "level_colour": {str(k): v for k, v in colours.items()},
        "levels": [{"level": lv.level, "colour": lv.colour, "speed": lv.speed}
                   for lv in (t.levels if t else [])],
        "airlines": {a.code: a.name for a in (t.airlines if t else [])},
    }


def _route(game: GameContent, code: str | None) -> dict[str, Any]:
    route = parse_route(code or "")
    if route is None:
        return {"route": None}
    schedule = next((row.schedule for sector in game.of_type(Sector) for row in sector.rows()
                     if row.flight == code), None)
    return {"route": {"code": code, "airline": route.airline, "entry": route.entry,
                      "exit": route.exit, "multi": route.multi, "type": route.type_name,
                      "schedule": schedule}}


@rules.on(ITEM_CONTEXT, HandOffDeck)
def hand_off_context(game: GameContent, deck: HandOffDeck) -> ItemContext:
    """Airline, decoded route and schedule for each hand-off card."""
    common = _common(game)
    return lambda card: {**common, **_route(game, getattr(card, "route", None))}


@rules.on(ITEM_CONTEXT, RandomEventDeck)
def random_event_context(game: GameContent, deck: RandomEventDeck) -> ItemContext:
    """Level colours, and the Celebrity Jet's route for a Celebrity Alert."""
    common = _common(game)
    return lambda card: {**common, **_route(game, getattr(card, "route", None))}


def level_context(game: GameContent, component: Component) -> ItemContext:
    """Level colours and airline names for weather and status cards and for counters (entry
    and exit points, weather, wind)."""
    common = _common(game)
    return lambda item: common


rules.on(ITEM_CONTEXT, WeatherEventDeck)(level_context)
rules.on(ITEM_CONTEXT, StatusDeck)(level_context)
rules.on(ITEM_CONTEXT, Counters)(level_context)


@rules.on(PRINTABLE, Cash)
def cash_notes(game: GameContent, cash: Cash) -> list[Printable]:
    """Return the notes of each denomination, as many as the content counts."""
    named = Side(cash.template, where=cash.where("template"))
    items = [PrintableItem(f"note-{note.value}", named, copies=note.count,
                           item={"value": note.value, "symbol": cash.symbol},
                           where=cash.where("denominations", i))
             for i, note in enumerate(cash.denominations) if note.count]
    return [Printable(cash.component or cash.kind, cash.name or "Cash",
                      (cash.width, cash.height), items, noun="notes")]


@rules.on(PRINTABLE, PlaneCubes)
def plane_cube_nets(game: GameContent, cubes: PlaneCubes) -> list[Printable]:
    """Return one cube net per plane: six faces in a cross, with glue tabs."""
    net = cube_net(cubes.face, cubes.levels, _common(game)["level_colour"], cubes.glue_tabs)
    named = Side(cubes.template, where=cubes.where("template"))
    items = [PrintableItem(f"cube-{plane}", named, item={"plane": plane},
                           context={**_common(game), "net": net},
                           where=cubes.where("planes", i))
             for i, plane in enumerate(cubes.planes)]
    size = (net["width"], net["height"])
    # The net carries its own cut and fold lines; the bleed is only space between nets.
    return [Printable(cubes.component or cubes.kind, cubes.name or "Plane Cubes", size, items,
                      noun="nets", crop_marks=False)]


Point = tuple[float, float]


def cube_net(edge: float, levels: list[int], colours: dict[str, str], tabs: bool
             ) -> dict[str, Any]:
    """Return a cross-shaped cube net: faces, glue tabs, cut lines and fold lines, in mm.

    The band of four faces runs left to right in the middle row, the caps sit above and below
    its second face. Tabs go on one edge of each of the seven pairs that meet when folded.
    """
    cells = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)]
    faces = [{"x": c * edge, "y": r * edge, "level": level,
              "colour": colours.get(str(level), "#ffffff")}
             for (c, r), level in zip(cells, levels, strict=True)]
    # Tabbed edges: (cell, side) with side n/s/e/w; their partners stay plain.
    tabbed = {((0, 1), "n"), ((2, 1), "n"), ((3, 1), "n"), ((0, 1), "s"), ((2, 1), "s"),
              ((3, 1), "s"), ((3, 1), "e")} if tabs else set()
    occupied = set(cells)
    step = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}
    cuts: list[list[Point]] = []
    folds: list[list[Point]] = []
    tab_shapes: list[list[Point]] = []
    depth = TAB_DEPTH * edge
    for cell in cells:
        for side, (dc, dr) in step.items():
            a, b = _edge(cell, side, edge)
            neighbour = (cell[0] + dc, cell[1] + dr)
            if neighbour in occupied:
                if side in ("e", "s"):  # each shared edge once
                    folds.append([a, b])
            elif (cell, side) in tabbed:
                folds.append([a, b])
                tab = _tab(a, b, (dc, dr), depth)
                tab_shapes.append(tab)
                cuts.append(tab)
            else:
                cuts.append([a, b])
    width = 4 * edge + (depth if tabs else 0.0)
    return {"edge": edge, "faces": faces, "tabs": tab_shapes, "cuts": cuts, "folds": folds,
            "width": width, "height": 3 * edge}


def _edge(cell: tuple[int, int], side: str, edge: float) -> tuple[Point, Point]:
    x, y = cell[0] * edge, cell[1] * edge
    return {"n": ((x, y), (x + edge, y)), "s": ((x, y + edge), (x + edge, y + edge)),
            "w": ((x, y), (x, y + edge)), "e": ((x + edge, y), (x + edge, y + edge))}[side]


def _tab(a: Point, b: Point, outward: tuple[int, int], depth: float) -> list[Point]:
    """Return a trapezoid tab on edge a-b, its outer side shortened by 45-degree ends."""
    ox, oy = outward[0] * depth, outward[1] * depth
    ux, uy = (b[0] - a[0]), (b[1] - a[1])
    length = abs(ux) + abs(uy)
    ux, uy = ux / length * depth, uy / length * depth
    return [a, (a[0] + ox + ux, a[1] + oy + uy), (b[0] + ox - ux, b[1] + oy - uy), b]
