"""Rule checks every game gets: identities, references, counts against the bill of materials,
generic component sanity, and the rulebook contradictions the manifest records."""

from __future__ import annotations

import difflib
import posixpath
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.findings import Finding, Location, error, source_location, warning
from ..core.loader import Document
from .assets import fonts_are_usable
from .components import (
    Component,
    Deck,
    HexMap,
    MapOfPoints,
    Rulebook,
    Sheet,
    TableSection,
    TileSet,
)
from .components.sheet import BoxesSection
from .plugin import failing_line, kind_name

if TYPE_CHECKING:
    from .game import Check, GameContent


def run_checks(game: GameContent) -> list[Finding]:
    """Run the core checks, then the game's own; a crashing check becomes a finding."""
    findings: list[Finding] = []
    for check in (*CORE_CHECKS, *game.rules.checks):
        try:
            findings.extend(game.findings_of(check))
        except Exception as exc:  # a game's check must never turn into a traceback
            name = getattr(check, "__name__", repr(check))
            findings.append(error("check.crashed",
                                  f"rule check {name} failed on this content: "
                                  f"{type(exc).__name__}: {exc}", _crash_location(check, exc)
                                  or game.manifest.where()))
    return findings


def _crash_location(check: Check, exc: Exception) -> Location | None:
    """Point a crashed check at the line of its own file that raised."""
    code = getattr(check, "__code__", None)
    if code is None:
        return None
    path = Path(code.co_filename)
    line = failing_line(exc, path)
    return source_location(path, line) if line else None


def bom_ids_unique(game: GameContent) -> Iterator[Finding]:
    """Each bill-of-materials entry has its own id."""
    seen: dict[str, int] = {}
    for i, entry in enumerate(game.manifest.bill_of_materials):
        if entry.id in seen:
            first = game.manifest.bill_of_materials[seen[entry.id]].where("id")
            yield error("id.duplicate",
                        f"bill of materials id {entry.id!r} is used twice (first at line "
                        f"{first.line if first else '?'})", entry.where("id"))
        else:
            seen[entry.id] = i


def item_ids_unique(game: GameContent) -> Iterator[Finding]:
    """Every card, tile, point and zone id is unique across the game."""
    items = [item for component in game.components.values() for item in component.items()]
    # Where an id is written is looked up only for the ids used more than once.
    repeated = {name for name, uses in Counter(item.id for item in items).items() if uses > 1}
    seen: dict[str, str] = {}
    for item in items:
        if item.id not in repeated:
            continue
        where = item.where("id")
        if item.id in seen:
            yield error("id.duplicate", f"id {item.id!r} is already used at {seen[item.id]}",
                        where)
        elif where is not None:
            seen[item.id] = where.prefix()


def components_in_bom(game: GameContent) -> Iterator[Finding]:
    """A content file (or item) names a bill-of-materials entry that exists, of its kind."""
    bom = game.bom()
    known = sorted(bom)
    for component in game.components.values():
        named = [(component, component.component)] if component.component else []
        named += [(item, item.component) for item in component.items()
                  if getattr(item, "component", None)]
        for owner, ref in named:
            entry = bom.get(ref)
            if entry is None:
                close = difflib.get_close_matches(ref, known, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                yield error("ref.unknown-component",
                            f"component {ref!r} is not in the bill of materials in game.yaml"
                            f"{hint}; entries: {', '.join(known)}", owner.where("component"))
            elif (owner is component and entry.kind != component.base_kind
                  and entry.kind != "other"):
                yield error("bom.kind-mismatch",
                            f"the bill of materials lists {ref!r} as kind {entry.kind!r}, but "
                            f"this file is a {component.base_kind!r} ({component.kind})",
                            component.where("kind"))


def kinds_have_their_count(game: GameContent) -> Iterator[Finding]:
    """The game has as many files of each kind as its module says (exactly one rules table,
    at least one sector); a kind whose files failed validation is not counted."""
    for model, count in game.rules.counts.items():
        found = len(game.of_type(model))
        if not count.allows(found) and game.complete(model):
            kind = kind_name(model)
            yield error("content.count", f"expected {count} {kind} file, found {found}",
                        game.manifest.where())


def counts_match_bom(game: GameContent) -> Iterator[Finding]:
    """The pieces the content provides add up to the rulebook's count for each entry, and a
    printed entry with a count has content that provides it."""
    bom = game.bom()
    totals = game.counts()
    first_file: dict[str, Component] = {}
    for component in game.components.values():
        for key in component.counts():
            first_file.setdefault(key, component)
    for key, total in sorted(totals.items()):
        entry = bom.get(key)
        if entry is None or entry.count is None or total == entry.count:
            continue
        where = entry.where("count")
        at = f" (game.yaml:{where.line})" if where and where.line else ""
        yield error("bom.count-mismatch",
                    f"expected {entry.count} {entry.name} as the bill of materials says{at}, "
                    f"found {total} in content", first_file[key].where("component"))
    # Only when every file validated and names a known entry: a file that failed, or one
    # that misspells its component, may be the one meant to provide it.
    if game.failed_kinds or set(totals) - set(bom):
        return
    for key, entry in bom.items():
        if entry.printed and entry.count and key not in totals:
            yield error("bom.count-mismatch",
                        f"expected {entry.count} {entry.name} as the bill of materials says, "
                        f"found none: no content file provides component {key!r}",
                        entry.where("count"))


def card_backs_exist(game: GameContent) -> Iterator[Finding]:
    """A card's ``back`` names one of its deck's backs."""
    for deck in game.of_type(Deck):
        ids = [b.id for b in deck.backs]
        for card in deck.cards:
            if card.back is not None and card.back not in ids:
                listing = ", ".join(ids) if ids else "the deck defines no backs"
                yield error("ref.unknown-back",
                            f"card {card.id!r} names back {card.back!r}, which this deck does "
                            f"not define ({listing})", card.where("back"))


def two_sided_tiles_have_backs(game: GameContent) -> Iterator[Finding]:
    """A two-sided tile set gives every tile a back (its own or the set's)."""
    for tiles in game.of_type(TileSet):
        if tiles.sides == 2 and tiles.back is None:
            for tile in tiles.tiles:
                if tile.back is None:
                    yield error("tiles.missing-back",
                                f"tile {tile.id!r} has no back, but the set is two-sided "
                                "(give it a 'back' or give the set one)", tile.where())
        if tiles.sides == 1:
            for tile in tiles.tiles:
                if tile.back is not None:
                    yield warning("tiles.unused-back",
                                  f"tile {tile.id!r} has a back, but the set is one-sided "
                                  "(set 'sides: 2' to print it)", tile.where("back", key=True))


def rulebook_is_consistent(game: GameContent) -> Iterator[Finding]:
    """Each rule of a game's rulebook (in one file or several) has its own id; a rule
    ``covered-by`` others names them, and only such a rule does."""
    seen: dict[str, str] = {}
    for book in game.of_type(Rulebook):
        for i, rule in enumerate(book.rules):
            where = rule.where("id")
            if rule.id in seen:
                yield error("rulebook.duplicate-rule", f"rule {rule.id!r} is already listed at "
                            f"{seen[rule.id]}", where)
            elif where is not None:
                seen[rule.id] = where.prefix()
            unchecked = rule.unchecked
            if unchecked is None:
                continue
            if unchecked.reason == "covered-by" and not unchecked.by:
                yield error("rulebook.covered-by", f"rule {rule.id!r} is covered-by other rules: "
                            "name them in 'by'", book.where("rules", i, "unchecked", "reason"))
            elif unchecked.reason != "covered-by" and unchecked.by:
                yield error("rulebook.covered-by", f"'by' names the rules a covered-by rule "
                            f"relies on; rule {rule.id!r} is {unchecked.reason}",
                            book.where("rules", i, "unchecked", "by", key=True))


def hexes_unique(game: GameContent) -> Iterator[Finding]:
    """No two hexes of a map share coordinates."""
    for board in game.of_type(HexMap):
        seen: dict[tuple[int, int], int] = {}
        for i, cell in enumerate(board.hexes):
            coord = (cell.q, cell.r)
            if coord in seen:
                first = board.hexes[seen[coord]].where()
                yield error("hex.duplicate-cell",
                            f"hex q={cell.q}, r={cell.r} is listed twice (first at line "
                            f"{first.line if first else '?'})", cell.where())
            else:
                seen[coord] = i


def points_on_map(game: GameContent) -> Iterator[Finding]:
    """Places and zone centres lie inside the map."""
    for board in game.of_type(MapOfPoints):
        for item in board.items():
            if not (0 <= item.x <= board.width and 0 <= item.y <= board.height):
                yield error("map.outside",
                            f"{item.id!r} at ({item.x:g}, {item.y:g}) is outside the map "
                            f"(0..{board.width:g} x 0..{board.height:g})", item.where("x"))


def sheet_tables_are_rectangular(game: GameContent) -> Iterator[Finding]:
    """Each printed table row has one value per column; box values match the box count."""
    for sheet in game.of_type(Sheet):
        for section in sheet.sections:
            if isinstance(section, TableSection):
                width = len(section.columns)
                for r, row in enumerate(section.rows):
                    if len(row) != width:
                        yield error("sheet.row-length",
                                    f"expected {width} values (one per column), found "
                                    f"{len(row)}", section.where("rows", r))
            elif (isinstance(section, BoxesSection) and section.values is not None
                  and len(section.values) != section.count):
                yield error("sheet.box-values",
                            f"expected {section.count} values (one per box), found "
                            f"{len(section.values)}", section.where("values"))


def contradictions(game: GameContent) -> Iterator[Finding]:
    """Report each recorded rulebook contradiction as a warning naming both places."""
    bom = game.bom()
    for c in game.manifest.contradictions:
        places = "; ".join(f'{s.section} says "{s.says}"' for s in c.statements)
        yield warning("rulebook.contradiction",
                      f"the rulebook contradicts itself about {c.about}: {places}. "
                      f"Content uses {c.chosen}: {c.why}", c.where("chosen"), recorded=True)
        if c.applies_to is None:
            continue
        entry = bom.get(c.applies_to)
        if entry is None:
            yield error("ref.unknown-component",
                        f"applies_to names {c.applies_to!r}, which is not in the bill of "
                        "materials", c.where("applies_to"))
        elif (counted := entry.count if entry.count is not None else
              game.counts().get(entry.id, 0)) != c.chosen:
            yield error("rulebook.choice-not-applied",
                        f"expected the bill of materials to count {c.chosen} for "
                        f"{c.applies_to!r} as chosen here, found {counted}",
                        entry.where("count") or entry.where())


def schema_comment(doc: Document, component: Component) -> list[Finding]:
    """Warn when a file's ``yaml-language-server`` comment points at another kind's schema."""
    if doc.schema_comment is None:
        return []
    name = posixpath.basename(doc.schema_comment)
    expected = f"{component.kind}.schema.json"
    if name != expected:
        return [warning("schema.comment-mismatch",
                        f"the $schema comment names {name!r}, but this file is kind "
                        f"{component.kind!r} (expected {expected!r})", doc.location_at(1, 1))]
    return []


CORE_CHECKS = (
    kinds_have_their_count, bom_ids_unique, item_ids_unique, components_in_bom, counts_match_bom,
    card_backs_exist, two_sided_tiles_have_backs, hexes_unique, points_on_map,
    sheet_tables_are_rectangular, contradictions, fonts_are_usable, rulebook_is_consistent,
)
