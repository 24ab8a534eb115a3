"""Print-shop profiles: what a shop takes, as data. Each ``<id>.yaml`` here is one shop
(``pnp build --profile <id>``); a profile file elsewhere is named by its path, so a new shop is
a file, not code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

FOLDER = Path(__file__).parent


class ProfileError(ValueError):
    """A profile that is unknown or cannot be read; the message says why."""


@dataclass(frozen=True)
class CardSize:
    """A card size a shop prints: its trim in mm and, for pictures, their exact pixels."""

    name: str
    trim: tuple[float, float]
    pixels: tuple[int, int] | None = None

    def pixels_for(self, trim: tuple[float, float]) -> tuple[int, int] | None:
        """Return the pixels of an item ``trim`` mm, turned as it is (upright or sideways)."""
        if self.pixels is None:
            return None
        w, h = self.pixels
        return (w, h) if (trim[0] <= trim[1]) == (w <= h) else (h, w)


@dataclass(frozen=True)
class Profile:
    """A shop: the files it takes, their colours, bleed, safe zone and sizes (mm)."""

    id: str
    name: str
    files: Literal["png", "pdf"]
    """``png``: a picture per face and per back; ``pdf``: one card a page, front then back."""
    colour: Literal["rgb", "cmyk"]
    dpi: int
    bleed: float
    safe: float
    """How far inside the cut text and key art keep."""
    prints: tuple[str, ...]
    """The kinds of item the shop prints (``cards``), as the kit calls them."""
    sizes: tuple[CardSize, ...]

    def size_for(self, trim: tuple[float, float]) -> CardSize | None:
        """Return the size that prints an item of ``trim`` mm (upright or sideways)."""
        w, h = trim
        for size in self.sizes:
            sw, sh = size.trim
            if (abs(sw - w) < 0.1 and abs(sh - h) < 0.1) or (abs(sw - h) < 0.1
                                                              and abs(sh - w) < 0.1):
                return size
        return None


def profile_names() -> list[str]:
    """Return the ids of the shipped profiles."""
    return sorted(path.stem for path in FOLDER.glob("*.yaml"))


def load_profile(name: str) -> Profile:
    """Return the shipped profile ``name`` or the profile file at that path (``.yaml``)."""
    if name.endswith((".yaml", ".yml")):
        path = Path(name)
        if not path.is_file():
            raise ProfileError(f"--profile: no profile file {name}")
        return read_profile(path, path.stem, name)
    if name not in profile_names():
        raise ProfileError(f"--profile must be one of {', '.join(profile_names())} or a "
                           f"profile file (.yaml), not {name!r}")
    return read_profile(FOLDER / f"{name}.yaml", name, f"{name}.yaml")


def read_profile(path: Path, profile_id: str, display: str) -> Profile:
    """Read and check a profile file; raise :class:`ProfileError` with its findings."""
    from ...core.findings import render_text
    from ...core.loader import load_file
    from ...core.validate import validate_document
    from .schema import ProfileFile

    doc, findings = load_file(path, display)
    model = None
    if not findings:
        model, findings = validate_document(doc, ProfileFile)
    if model is None or findings:
        raise ProfileError("--profile: the profile has errors:\n"
                           + "\n".join(render_text(f) for f in findings))
    return Profile(profile_id, model.name, model.files, model.colour, model.dpi, model.bleed,
                   model.safe, tuple(model.prints),
                   tuple(CardSize(s.name, (s.trim[0], s.trim[1]),
                                  (s.pixels[0], s.pixels[1]) if s.pixels else None)
                         for s in model.sizes))
