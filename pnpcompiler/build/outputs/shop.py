"""A print shop's files (``pnp build --profile ID``), in ``<id>/`` beside the kit: a PNG of
every face and back at exactly the shop's size (``<id>/<component>/<face>.png``) with the
copies of each card to order (``<id>/<component>/copies.csv``), or a PDF per deck of one card
a page, front then back for every copy (``<id>/<game>-<component>.pdf``).

The profile's pre-flight runs before any file of the kit is written (:mod:`..preflight`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ...core.digests import canonical_json, code_digest, digest
from ...core.findings import Finding
from ...layout.model import Face
from ...layout.printables import ItemGroup
from ..faces import Kit
from ..options import BuildOptions
from ..preflight import preflight, sides
from ..profiles import CardSize, Profile
from ..stage import Stage
from .base import Output, Piece, Report


@dataclass(frozen=True)
class ShopPicture(Piece):
    """One face as the shop's picture."""

    face: Face
    pixels: tuple[int, int]


@dataclass(frozen=True)
class ShopCopies(Piece):
    """A deck's list of cards to order from its pictures: (front, back, copies) per card."""

    rows: tuple[tuple[str, str, int], ...]

    def text(self) -> str:
        """Return the list as CSV, a header line first."""
        lines = ["front,back,copies", *(f"{front},{back},{copies}"
                                        for front, back, copies in self.rows)]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ShopPdf(Piece):
    """A deck as the shop's PDF: its pages in order (None: a blank back)."""

    pages: tuple[Face | None, ...]
    trim: tuple[float, float]


class ShopFiles(Output[Piece]):
    """The files a print shop takes, after its pre-flight."""

    name = "shop"

    def wanted(self, options: BuildOptions) -> bool:
        return options.profile is not None

    def preflight(self, kit: Kit) -> list[Finding]:
        return preflight(kit, _profile(kit))

    def pieces(self, kit: Kit) -> list[Piece]:
        profile = _profile(kit)
        pieces: list[Piece] = []
        for group, size in printed(kit, profile):
            if profile.files == "pdf":
                pieces.append(_pdf_piece(kit, profile, group))
                continue
            pixels = size.pixels_for(group.size)
            assert pixels is not None, "a picture profile gives every size its pixels"
            folder = f"{profile.id}/{group.component}"
            for about, face, _ in sides(group):
                key = kit.builder.key(kit.faces, face, "shop-png", canonical_json(pixels),
                                      str(profile.dpi))
                name, side = about.rsplit(" ", 1)
                pieces.append(ShopPicture(f"{folder}/{_picture(name, side == 'back')}", key,
                                          face, pixels))
            pieces.append(ShopCopies(f"{folder}/copies.csv", "", tuple(
                (_picture(item.id), _picture(item.back_id or item.id, True) if item.back
                 else "", item.copies) for item in group.items)))
        return pieces

    def write(self, kit: Kit, stage: Stage, pieces: list[Piece]) -> list[Report]:
        from ...render.png import face_images, png_bytes
        from ...render.shop_pdf import cards_pdf

        profile = _profile(kit)
        pictures = [p for p in pieces if isinstance(p, ShopPicture)]
        cache = kit.builder.cache
        missing = [p for p in pictures if not p.key or cache.get("png", p.key) is None]
        drawn = dict(zip((p.path for p in missing), face_images(
            [p.face for p in missing], [p.pixels for p in missing]), strict=True))
        for piece in pictures:
            data = (png_bytes(drawn[piece.path], profile.dpi) if piece.path in drawn
                    else cache.get("png", piece.key))
            assert data is not None
            if piece.path in drawn and piece.key:
                cache.put("png", piece.key, data)
            stage.write(piece.path, data)
        for copies in (p for p in pieces if isinstance(p, ShopCopies)):
            stage.write(copies.path, copies.text())
        pdfs = [p for p in pieces if isinstance(p, ShopPdf)]
        for pdf in pdfs:
            stage.write(pdf.path, kit.builder.bytes_for("pdf", pdf.key, partial(
                cards_pdf, pdf.pages, pdf.trim, profile.bleed, cmyk=profile.colour == "cmyk")))
        others = tuple(f"not for {profile.name}: {g.name} ({g.noun})"
                       for g in kit.faces.groups if g.noun not in profile.prints)
        sized = tuple(f"not for {profile.name}: {g.name} ({g.size[0]:g} x {g.size[1]:g} mm, "
                      "a size it does not print)" for g in kit.faces.groups
                      if g.noun in profile.prints and profile.size_for(g.size) is None)
        if not pieces:
            prints = " and ".join(profile.prints)
            why = (f"{kit.game.slug} has none in a size it prints" if sized
                   else f"{kit.game.slug} has none")
            return [Report((), f"no files for {profile.name} (it prints {prints}; {why})",
                           sized + others)]
        made = (f"{len(pictures)} PNG pictures and each deck's copies.csv" if pictures
                else f"{len(pdfs)} PDFs of {sum(len(p.pages) for p in pdfs)} pages")
        return [Report(tuple(p.path for p in pieces),
                       f"{made} for {profile.name} to {kit.out_dir / profile.id}",
                       sized + others)]


def _picture(name: str, back: bool = False) -> str:
    """Return the picture file of a front (``<id>.png``) or a back (``<id>-back.png``)."""
    return f"{name}-back.png" if back else f"{name}.png"


def _profile(kit: Kit) -> Profile:
    profile = kit.options.profile
    assert profile is not None, "the shop's files are wanted only with a profile"
    return profile


def printed(kit: Kit, profile: Profile) -> list[tuple[ItemGroup, CardSize]]:
    """Return the groups the shop prints, each with its size (the others the pre-flight
    reports, or the shop does not print)."""
    out = []
    for group in kit.faces.groups:
        size = profile.size_for(group.size) if group.noun in profile.prints else None
        if size is not None:
            out.append((group, size))
    return out


def _pdf_piece(kit: Kit, profile: Profile, group: ItemGroup) -> ShopPdf:
    """Plan a deck's PDF: every copy of every card, front then back."""
    pages: list[Face | None] = []
    for item in group.items:
        pages += [item.front, item.back] * item.copies
    key = ""
    if kit.builder.cache.enabled:
        named = [kit.faces.digest_of(p) if p is not None else "blank" for p in pages]
        key = digest(code_digest(), "shop-pdf", canonical_json(
            [named, list(group.size), profile.bleed, profile.colour]))
    return ShopPdf(f"{profile.id}/{kit.game.slug}-{group.component}.pdf", key, tuple(pages),
                   group.size)
