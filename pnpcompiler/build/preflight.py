"""Pre-flight: check a kit's faces against a print shop's profile before any file is written.

Every front and back of what the shop prints is checked for what the shop refuses or prints
badly: a size it does not print (``shop.size``, a warning: the deck is left out of the
shop's files, and the rest go), a picture file that is not exactly its size
(``shop.pixels``) or a bleed other than its own (``shop.bleed``), a picture in a colour mode
it does not take (``shop.colour``), text or key art (pictures and icons that do not fill the
card) past its safe zone (``shop.safe``, measured as the text check measures, glyph by glyph),
and pictures below its resolution at the size they print (``shop.dpi``, a warning: the shop
prints them, blurred). Findings sit where the item is written in content.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from ..core.findings import Finding, Location, error, warning
from ..layout.model import Element, Face, Group, Icon, Image
from ..layout.overlaps import SAFE, TRIM, check_face
from ..layout.printables import ItemGroup
from .faces import Kit
from .profiles import CardSize, Profile

MM_PER_INCH = 25.4


def preflight(kit: Kit, profile: Profile) -> list[Finding]:
    """Return what stops each face the shop prints from going to it as it is."""
    findings: list[Finding] = []
    for group in kit.faces.groups:
        if group.noun not in profile.prints:
            continue
        size = profile.size_for(group.size)
        where = group.items[0].where if group.items else None
        if size is None:
            w, h = group.size
            sizes = ", ".join(f"{s.name} ({s.trim[0]:g} x {s.trim[1]:g} mm)"
                              for s in profile.sizes)
            findings.append(warning("shop.size", f"{group.name}: {w:g} x {h:g} mm "
                                    f"{group.noun}, left out of the shop's files; "
                                    f"{profile.name} prints {sizes}", where))
            continue
        for about, face, item_where in sides(group):
            findings += face_findings(face, profile, size, f"{group.component} {about}",
                                      item_where)
    return findings


def sides(group: ItemGroup) -> Iterator[tuple[str, Face, Location | None]]:
    """Yield (``<id> front``, face, where) for every front and each shared back once."""
    backs: set[int] = set()
    for item in group.items:
        yield f"{item.id} front", item.front, item.where
        if item.back is not None and id(item.back) not in backs:
            backs.add(id(item.back))
            yield f"{item.back_id or item.id} back", item.back, item.where


def face_findings(face: Face, profile: Profile, size: CardSize, about: str,
                  where: Location | None) -> list[Finding]:
    """Return one face's findings against the profile."""
    out = list(_size_findings(face, profile, size, about, where))
    for clash in check_face(replace(face, safe=None), safe=profile.safe):
        if clash.code in (TRIM, SAFE):
            out.append(error("shop.safe", f"{about}: {clash.message} for {profile.name}",
                             where))
    for element in _art(face.elements):
        out += _art_findings(element, face, profile, about, where)
    return out


def _size_findings(face: Face, profile: Profile, size: CardSize, about: str,
                   where: Location | None) -> Iterator[Finding]:
    """Yield a finding when the face's file would not be the size the shop takes."""
    w, h = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    wanted = size.pixels_for((face.width, face.height))
    if wanted is not None:
        per_mm = profile.dpi / MM_PER_INCH
        made = (round(w * per_mm), round(h * per_mm))
        if made != wanted:
            yield error("shop.pixels", f"{about}: {face.width:g} x {face.height:g} mm with "
                        f"{face.bleed:g} mm bleed is {made[0]} x {made[1]} px at "
                        f"{profile.dpi} dpi; {profile.name} takes {size.name} pictures of "
                        f"exactly {wanted[0]} x {wanted[1]} px", where)
    elif abs(face.bleed - profile.bleed) > 0.01:
        yield error("shop.bleed", f"{about}: {face.bleed:g} mm of bleed; {profile.name} takes "
                    f"{profile.bleed:g} mm", where)


def _art(elements: tuple[Element, ...], backdrop: bool = False
         ) -> Iterator[tuple[Image | Icon, bool]]:
    """Yield every picture and icon, and whether it is backdrop art."""
    for e in elements:
        if isinstance(e, Group):
            yield from _art(e.elements, backdrop or e.backdrop)
        elif isinstance(e, Image | Icon):
            yield e, backdrop


def _art_findings(art: tuple[Image | Icon, bool], face: Face, profile: Profile, about: str,
                  where: Location | None) -> Iterator[Finding]:
    """Yield what a picture or icon breaks: the safe zone, the shop's colours, resolution."""
    element, backdrop = art
    if isinstance(element, Image):
        x, y, w, h = element.placed()
        what = f"the picture {element.path.rsplit('/', 1)[-1]!r}"
    else:
        x, y, w, h = element.x, element.y, element.size, element.size
        what = f"the icon {element.name!r}"
    fills = x <= 0 and y <= 0 and x + w >= face.width and y + h >= face.height
    m = profile.safe
    if not (backdrop or fills) and (x < m - 0.01 or y < m - 0.01 or x + w > face.width - m + 0.01
                                    or y + h > face.height - m + 0.01):
        yield error("shop.safe", f"{about}: {what} at ({x:.1f}, {y:.1f}) mm, {w:.1f} x {h:.1f} "
                    f"mm, is key art past {profile.name}'s safe zone ({m:g} mm inside the cut)",
                    where)
    if not isinstance(element, Image):
        return
    mode = picture_mode(element.path, element.digest)
    if profile.colour == "rgb" and mode == "CMYK":
        yield error("shop.colour", f"{about}: {what} is CMYK; {profile.name} takes RGB only",
                    where)
    elif profile.colour == "cmyk" and mode != "CMYK":
        yield warning("shop.colour", f"{about}: {what} is {mode}; the PDF keeps it so (only "
                      f"drawn colours are converted to CMYK), and {profile.name} converts it",
                      where)
    pw, ph = element.pixels
    if w > 0 and h > 0:
        dpi = min(pw / (w / MM_PER_INCH), ph / (h / MM_PER_INCH))
        if dpi < profile.dpi - 0.5:
            yield warning("shop.dpi", f"{about}: {what} prints at {dpi:.0f} dpi ({pw} x {ph} "
                          f"px over {w:.1f} x {h:.1f} mm); {profile.name} wants "
                          f"{profile.dpi} dpi", where)


@lru_cache(maxsize=256)
def picture_mode(path: str, digest: str) -> str:
    """Return a picture's colour mode as Pillow names it (``RGB``, ``CMYK``, ``L``...)."""
    from PIL import Image as Pictures

    try:
        with Pictures.open(path) as picture:
            return str(picture.mode)
    except OSError:
        return "unreadable"
