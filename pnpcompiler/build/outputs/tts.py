"""A kit for Tabletop Simulator: ``<game>.json`` (a saved object) and the pictures it names.

Decks become sheets of card faces (``cards/<component>-<n>.png``, at most 10 x 7 cards and
4096 x 4096 pixels, RGB) with the back each sheet's cards share (``...-back.png``); unless
backs are hidden by the game, the sheet's last slot holds what other players see of a card
in a hand (its back). Counters and tiles become ``tiles/<component>/<id>.png``, boards
``boards/<id>.png``. ``pnp export GAME --format tts`` writes it (:mod:`..tts` holds the
format).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import quote

from ...core.digests import canonical_json, code_digest, digest
from ...layout.model import Face
from ...layout.printables import ItemFaces, ItemGroup
from .. import tts
from ..faces import Kit
from ..stage import Stage
from .base import Output, Piece, Report

DECK_NOUNS = ("cards", "notes")
"""Items that shuffle and deal as a deck; every other item is a counter or tile."""
CARD_DPI = 150
"""Cards on a sheet are drawn at this resolution unless the sheet would be too large."""
TILE_DPI = 300
"""Counters are small: drawn finer."""
BOARD_DPI = 150
"""Boards are drawn at this resolution, or less to stay within the game's largest picture."""


@dataclass(frozen=True)
class PicturePiece(Piece):
    """A PNG of faces on a grid (one face for a single picture; None draws a blank slot)."""

    faces: tuple[Face | None, ...]
    columns: int
    cell: tuple[int, int]


@dataclass(frozen=True)
class SavePiece(Piece):
    """The saved object, its data made when the kit is planned."""

    data: dict[str, Any]


@dataclass(frozen=True)
class TabletopSimulator(Output[Piece]):
    """The kit as Tabletop Simulator objects: decks, bags of counters, boards."""

    name = "tts"
    base_url: str = ""
    """Where the pictures will be hosted; the files themselves (``file://``) when empty."""
    back_is_hidden: bool = False
    """Show a card's back in other players' hands instead of the sheet's last slot."""

    def settings(self) -> str:
        return canonical_json([self.base_url, self.back_is_hidden])

    def pieces(self, kit: Kit) -> list[Piece]:
        plan = Plan(kit, self)
        objects = plan.objects()
        save = tts.saved_object(kit.game.manifest.title, objects)
        return [*plan.pictures, SavePiece(f"{kit.game.slug}.json", "", save)]

    def write(self, kit: Kit, stage: Stage, pieces: list[Piece]) -> list[Report]:
        pictures = [p for p in pieces if isinstance(p, PicturePiece)]
        for piece in pictures:
            stage.write(piece.path, kit.builder.bytes_for("png", piece.key,
                                                          partial(draw_picture, piece)))
        (save,) = [p for p in pieces if isinstance(p, SavePiece)]
        path = stage.write(save.path, json.dumps(save.data, indent=2, ensure_ascii=False))
        sheets = sum(p.path.startswith("cards/") and not p.path.endswith("-back.png")
                     for p in pictures)
        return [Report((*(p.path for p in pictures), save.path),
                       f"{path} (Tabletop Simulator: {sheets} card sheets, "
                       f"{len(pictures) - sheets} other pictures)")]


class Plan:
    """The pictures a kit needs and the objects that name them, made in one pass."""

    def __init__(self, kit: Kit, output: TabletopSimulator) -> None:
        self.kit = kit
        self.output = output
        self.pictures: list[PicturePiece] = []
        self.next_key = 1

    def url(self, rel: str) -> str:
        """Return how the save names a picture of the kit."""
        if self.output.base_url:
            return f"{self.output.base_url.rstrip('/')}/{quote(rel)}"
        return (self.kit.out_dir / rel).resolve().as_uri()

    def picture(self, path: str, faces: tuple[Face | None, ...], columns: int,
                cell: tuple[int, int]) -> str:
        """Plan one picture; return its URL."""
        key = ""
        if self.kit.builder.cache.enabled:
            named = [self.kit.faces.digest_of(f) if f is not None else "blank" for f in faces]
            key = digest(code_digest(), "tts-picture", canonical_json([named, columns,
                                                                       list(cell)]))
        self.pictures.append(PicturePiece(path, key, faces, columns, cell))
        return self.url(path)

    def objects(self) -> list[dict[str, Any]]:
        """Return every object of the kit, side by side on the table."""
        objects: list[dict[str, Any]] = []
        for group in self.kit.faces.groups:
            x = len(objects) * tts.SPACING
            made = self.deck(group, x) if group.noun in DECK_NOUNS else self.tiles(group, x)
            objects.append(made)
        for b in self.kit.faces.boards:
            face = b.face
            longest = max(face.width, face.height)
            per_mm = min(BOARD_DPI / 25.4, tts.MAX_PIXELS / longest)
            cell = (round(face.width * per_mm), round(face.height * per_mm))
            url = self.picture(f"boards/{b.id}.png", (face,), 1, cell)
            objects.append(tts.board(b.name, url, len(objects) * tts.SPACING, b.component, b.id))
        return objects

    def deck(self, group: ItemGroup, x: float) -> dict[str, Any]:
        """Plan a deck's sheets; return the deck."""
        deck = tts.Deck(group.name, group.component, group.size)
        hidden = 0 if self.output.back_is_hidden else 1
        per_sheet = tts.MAX_COLUMNS * tts.MAX_ROWS - hidden
        n = 0
        for back, items in _by_back(group.items):
            for start in range(0, len(items), per_sheet):
                n += 1
                chunk = items[start:start + per_sheet]
                sheet = self.sheet(group, n, chunk, back, hidden)
                for slot, item in enumerate(chunk):
                    deck.cards += [(item.id, sheet, slot)] * item.copies
        return deck.saved(x)

    def sheet(self, group: ItemGroup, n: int, chunk: list[ItemFaces], back: Face | None,
              hidden: int) -> tts.DeckSheet:
        """Plan one sheet of a deck's faces and its back."""
        grid = tts.sheet_grid(len(chunk) + hidden, group.size, CARD_DPI)
        slots: list[Face | None] = [item.front for item in chunk]
        slots += [None] * (grid.slots - len(slots))
        if hidden:
            slots[-1] = back
        name = f"cards/{group.component}-{n}"
        faces_url = self.picture(f"{name}.png", tuple(slots), grid.columns, grid.cell)
        back_url = self.picture(f"{name}-back.png", (back,), 1, grid.cell)
        sheet = tts.DeckSheet(self.next_key, faces_url, back_url, grid, not hidden)
        self.next_key += 1
        return sheet

    def tiles(self, group: ItemGroup, x: float) -> dict[str, Any]:
        """Plan a family's counters (each face once); return the bag of every copy."""
        width, height = group.size
        cell = (round(width / 25.4 * TILE_DPI), round(height / 25.4 * TILE_DPI))
        urls: dict[str, str] = {}

        def url(name: str, face: Face) -> str:
            if name not in urls:
                urls[name] = self.picture(f"tiles/{group.component}/{name}.png", (face,), 1,
                                          cell)
            return urls[name]

        contents = []
        for item in group.items:
            front = url(item.id, item.front)
            back = (url(item.back_id or f"{item.id}-back", item.back) if item.back is not None
                    else front)
            contents += [tts.tile(item.id, front, back, group.shape.value, x, group.component,
                                  item.id, str(n)) for n in range(item.copies)]
        return tts.bag(group.name, contents, x, group.component)


def _by_back(items: list[ItemFaces]) -> Iterator[tuple[Face | None, list[ItemFaces]]]:
    """Yield the items sharing each back (None: no back), in the order they come."""
    groups: dict[int, tuple[Face | None, list[ItemFaces]]] = {}
    for item in items:
        groups.setdefault(id(item.back), (item.back, []))[1].append(item)
    yield from groups.values()


def draw_picture(piece: PicturePiece) -> bytes:
    """Draw a picture piece: its faces (trimmed) in a grid, blank slots white."""
    from PIL import Image

    from ...render.png import face_images, png_bytes

    columns, (width, height) = piece.columns, piece.cell
    rows = -(-len(piece.faces) // columns)
    # A tuple, not "white": Pillow keeps each colour name it parses in its shared table.
    sheet = Image.new("RGB", (columns * width, rows * height), (255, 255, 255))
    drawn: dict[int, Any] = {}
    distinct = list({id(f): f for f in piece.faces if f is not None}.values())
    for face, image in zip(distinct, face_images(distinct, [piece.cell] * len(distinct),
                                                 trim=True), strict=True):
        drawn[id(face)] = image
    for slot, in_slot in enumerate(piece.faces):
        if in_slot is not None:
            sheet.paste(drawn[id(in_slot)], ((slot % columns) * width, (slot // columns) * height))
    first = piece.faces[0]
    return png_bytes(sheet, width / (first.width / 25.4) if first is not None else 72)

