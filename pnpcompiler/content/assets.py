"""Files a game's content names (pictures and fonts), and the rule that keeps them inside the
game's folder.

Every such path, written in ``game.yaml`` or given by a template, goes through
:func:`confine`: relative as written, without NUL, resolving (symbolic links followed) to a
regular file inside ``content/<game>/``. Anything else is refused with a finding that says
where the path was written, what was expected and what was found.

A game's :class:`GameAssets` (its folder, its declared fonts, its documents) are made once per
load, by the core check that validates the fonts; the layout registers the fonts with
reportlab when it lays out the game's faces.
"""

from __future__ import annotations

import hashlib
import io
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any

from ..core.files import display_path
from ..core.findings import Finding, Location, error

if TYPE_CHECKING:
    from ..core.loader import Document, PathKey
    from .game import GameContent

BUILTIN_FONTS = ("regular", "bold", "italic", "bold-italic", "title")
"""The fonts every template may name: the Bitstream Vera family (shipped with reportlab) and
the title font (shipped with pnp, ``layout/text.py`` says which); a game's own fonts take other
names."""
MAX_IMAGE_BYTES = 64 * 1024 * 1024
MAX_FONT_BYTES = 32 * 1024 * 1024
IMAGE_FORMATS = ("png", "jpeg")
"""The picture formats templates draw, as read from the file's first bytes."""

_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "png"), (b"\xff\xd8\xff", "jpeg"), (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"), (b"BM", "BMP"), (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"),
    (b"%PDF", "PDF"), (b"\x00\x00\x01\x00", "ICO"), (b"8BPS", "PSD"), (b"PK\x03\x04", "ZIP"),
)


# -- confinement --------------------------------------------------------------------------


def _absolute(written: str) -> bool:
    """Return whether a path is absolute as written, on POSIX or on Windows."""
    return (PurePosixPath(written).is_absolute() or bool(PureWindowsPath(written).anchor))


def _shown(path: Path) -> str:
    return display_path(path)


def confine(root: Path, written: object, *, what: str = "file", where: Location | None = None,
            about: str = "") -> Path | Finding:
    """Return the regular file ``written`` names inside ``root``, resolved; or the finding
    that refuses it (never raises).

    ``what`` (``image``, ``font``) names the file in messages and in the codes of a missing or
    unreadable file; ``about`` starts the message (``"card aa103: "``).
    """
    folder = _shown(root)
    a = "an" if what[:1] in ("a", "e", "i", "o", "u") else "a"
    if not isinstance(written, str) or not written.strip():
        return error("path.invalid", f"{about}expected {a} {what} path relative to the game "
                     f"folder {folder}, found {written!r}", where)
    if "\0" in written:
        return error("path.invalid", f"{about}expected {a} {what} path without NUL characters, "
                     f"found {written!r}", where)
    if _absolute(written):
        return error("path.absolute", f"{about}expected {a} {what} path relative to the game "
                     f"folder {folder}, found the absolute path {written!r}", where)
    try:
        base = root.resolve()
        target = (base / written).resolve()
        if target.exists():
            # A loop stops a lenient resolve part way, leaving a later link unfollowed; the
            # file read is where every link leads.
            target = target.resolve(strict=True)
    except RuntimeError:  # a loop of symbolic links
        return error(f"{what}.unreadable", f"{about}expected {a} {what} file at {written!r}, "
                     "found a loop of symbolic links", where)
    except (OSError, ValueError) as exc:
        return error(f"{what}.unreadable", f"{about}expected {a} {what} file at {written!r}, "
                     f"found a path that cannot be resolved ({exc})", where)
    if target == base or not target.is_relative_to(base):
        lexical = Path(os.path.normpath(base / written))
        through = (" through a symbolic link" if lexical.is_relative_to(base)
                   and lexical != base else "")
        return error("path.outside-content", f"{about}expected {a} {what} inside the game "
                     f"folder {folder}, found {written!r}, which leads{through} to {target}",
                     where)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return error(f"{what}.missing", f"{about}expected {a} {what} file at {written!r} in "
                     f"{folder}, found no such file", where)
    except (OSError, ValueError) as exc:
        return error(f"{what}.unreadable", f"{about}expected a readable {what} file at "
                     f"{written!r}, found {exc.__class__.__name__}: {exc}", where)
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "something that is not a regular file"
        return error("path.not-a-file", f"{about}expected {a} {what} file at {written!r}, found "
                     f"{kind}", where)
    return target


# -- pictures -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Picture:
    """A picture file that passed every check: where it is, what it holds."""

    path: Path
    digest: str
    format: str
    width: int
    height: int


def sniff(data: bytes) -> str:
    """Name the format of a file from its first bytes (``png``, ``jpeg``, ``GIF``, ...)."""
    for magic, name in _SIGNATURES:
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    head = data[:256].lstrip().lower()
    if head.startswith((b"<svg", b"<?xml")) and b"<svg" in data[:4096].lower():
        return "SVG"
    if not data:
        return "an empty file"
    text = data[:16].decode("utf-8", "replace")
    if "\ufffd" in text[:-3] or any(ord(c) < 32 and c not in "\t\r\n" for c in text):
        return f"data that is not an image (it starts with {data[:8].hex(' ')})"
    return f"text, not an image (it starts with {text!r})"


@lru_cache(maxsize=512)
def _read_picture(path: str, mtime_ns: int, size: int) -> Picture | tuple[str, str]:
    """Read and check a picture once per version of the file: the picture, or a problem as
    (code, what was found)."""
    import warnings

    from PIL import Image as PILImage

    if size > MAX_IMAGE_BYTES:
        return "image.too-large", f"{size:,} bytes (at most {MAX_IMAGE_BYTES:,})"
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return "image.unreadable", f"{exc.__class__.__name__}: {exc}"
    kind = sniff(data)
    if kind not in IMAGE_FORMATS:
        named = " " not in kind
        return "image.unsupported", f"a {kind} file" if named else kind
    with warnings.catch_warnings():
        warnings.simplefilter("error", PILImage.DecompressionBombWarning)
        try:
            with PILImage.open(io.BytesIO(data), formats=[kind.upper()]) as im:
                width, height = im.size
                im.load()
        except (OSError, SyntaxError, ValueError, PILImage.DecompressionBombError,
                PILImage.DecompressionBombWarning) as exc:
            return "image.unsupported", f"a {kind.upper()} file Pillow cannot decode ({exc})"
    return Picture(Path(path), hashlib.sha256(data).hexdigest(), kind, width, height)


def read_picture(path: Path, *, where: Location | None, about: str, written: str
                 ) -> Picture | Finding:
    """Return the PNG or JPEG picture at ``path`` (confined already), or a finding."""
    try:
        st = path.stat()
    except OSError as exc:
        return error("image.unreadable", f"{about}expected a readable picture at {written!r}, "
                     f"found {exc.__class__.__name__}: {exc}", where)
    found = _read_picture(str(path), st.st_mtime_ns, st.st_size)
    if isinstance(found, Picture):
        return found
    code, detail = found
    expected = ("a PNG or JPEG picture" if code == "image.unsupported"
                else "a readable picture")
    return error(code, f"{about}expected {expected} at {written!r}, found {detail}", where)


class PictureChanged(RuntimeError):
    """A picture's file went away or changed between layout and drawing."""


@lru_cache(maxsize=8)  # pictures may be large: keep the few in use
def _picture_bytes(path: str, mtime_ns: int, size: int, grayscale: bool
                   ) -> tuple[bytes, str, str]:
    from PIL import Image as PILImage

    data = Path(path).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    kind = sniff(data)
    if not grayscale:
        return data, kind, digest
    with PILImage.open(io.BytesIO(data)) as im:
        alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
        gray = im.convert("RGBA" if alpha else "RGB").convert("LA" if alpha else "L")
    out = io.BytesIO()
    gray.save(out, format="PNG")
    return out.getvalue(), "png", digest


def file_version(path: str) -> tuple[int, int]:
    """Return (modification time in ns, size) of a file, (0, 0) when it cannot be read: what
    a cache of its contents is keyed on, beside its path."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return (0, 0)  # picture_bytes says why it cannot be read
    return (st.st_mtime_ns, st.st_size)


def picture_bytes(path: str, digest: str, grayscale: bool = False) -> tuple[bytes, str]:
    """Return a picture's bytes and format (``png``/``jpeg``), in grayscale as a PNG when
    asked; read once per version of the file. Raises :class:`PictureChanged` when the file
    is no longer the one the layout read (``digest``)."""
    try:
        st = os.stat(path)
        data, kind, found = _picture_bytes(path, st.st_mtime_ns, st.st_size, grayscale)
    except (OSError, ValueError) as exc:
        raise PictureChanged(f"the picture {path} cannot be read any more ({exc}); build "
                             "again (with --no-cache if it keeps happening)") from None
    if found != digest:
        raise PictureChanged(f"the picture {path} changed while the kit was being made; build "
                             "again (with --no-cache if it keeps happening)")
    return data, kind


# -- fonts --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeclaredFont:
    """A font from ``game.yaml``'s ``fonts:``, checked to be a TrueType file reportlab can
    embed (the layout registers it when a kit is built)."""

    name: str
    """The name templates use (``display``)."""
    path: Path
    digest: str
    registered: str
    """reportlab's name for it: game, name and digest, so two games (or two versions of a
    file) never share one."""


def _declared_fonts(game: GameContent) -> tuple[dict[str, DeclaredFont], list[Finding]]:
    """Check every font ``game.yaml`` declares."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    fonts: dict[str, DeclaredFont] = {}
    findings: list[Finding] = []
    manifest = game.manifest
    for name, written in manifest.fonts.items():
        where = manifest.where("fonts", name)
        about = f"font {name!r}: "
        if name in BUILTIN_FONTS:
            findings.append(error("font.name-taken", f"{about}expected a name other than the "
                                  f"built-in fonts ({', '.join(BUILTIN_FONTS)}), found {name!r}",
                                  manifest.where("fonts", name, key=True)))
            continue
        found = confine(game.root, written, what="font", where=where, about=about)
        if isinstance(found, Finding):
            findings.append(found)
            continue
        try:
            if found.stat().st_size > MAX_FONT_BYTES:
                raise ValueError(f"larger than {MAX_FONT_BYTES:,} bytes")
            digest = hashlib.sha256(found.read_bytes()).hexdigest()
            registered = f"{game.slug}-{name}-{digest[:12]}"
            TTFontFile(str(found))  # parses it as reportlab will when it embeds the font
        except Exception as exc:  # reportlab raises its own errors (and others) on bad fonts
            findings.append(error("font.unreadable", f"{about}expected a TrueType font (.ttf) "
                                  f"at {written!r}, found a file that cannot be used: {exc}",
                                  where))
            continue
        fonts[name] = DeclaredFont(name, found, digest, registered)
    return fonts, findings


# -- a game's assets ----------------------------------------------------------------------


@dataclass
class GameAssets:
    """What templates may draw from one game's folder."""

    slug: str
    root: Path
    fonts: dict[str, DeclaredFont] = field(default_factory=dict)
    documents: dict[str, Document] = field(default_factory=dict)
    """The game's content documents, to point a finding at the field that named a file."""

    def picture(self, written: object, *, where: Location | None, about: str = ""
                ) -> Picture | Finding:
        """Return the picture ``written`` names, confined to the game folder, or a finding."""
        found = confine(self.root, written, what="image", where=where, about=about)
        if isinstance(found, Finding):
            return found
        return read_picture(found, where=where, about=about, written=str(written))

    def locate_value(self, item: Location | None, value: str) -> Location | None:
        """Return where, inside the item written at ``item``, the text ``value`` is given."""
        return next((doc.locate(path) for doc, path, given in self._values_in(item)
                     if given == value), None)

    def locate_text(self, item: Location | None, printed: str) -> Location | None:
        """Return where, inside the item written at ``item``, the longest text value that
        ``printed`` shows is given (the value that made a text too long)."""
        best: tuple[int, Location] | None = None
        for doc, path, value in self._values_in(item):
            if (isinstance(value, str) and value.strip() and value in printed
                    and (best is None or len(value) > best[0])):
                best = (len(value), doc.locate(path))
        return best[1] if best else None

    def _values_in(self, item: Location | None) -> Iterator[tuple[Document, PathKey, Any]]:
        """Yield (document, path, value) for every value written inside the item at ``item``."""
        if item is None:
            return
        for doc in self.documents.values():
            if doc.file != item.file:
                continue
            base = next((p for p in doc.values if _path_text(p) == item.path), None)
            if base is None:
                continue
            for path in doc.values:
                if path[:len(base)] == base:
                    yield doc, path, _value_at(doc.data, path)


def _path_text(path: PathKey) -> str:
    from ..core.loader import format_path

    return format_path(path)


def _value_at(data: Any, path: PathKey) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def game_assets(game: GameContent) -> tuple[GameAssets, list[Finding]]:
    """Return a game's assets (its fonts checked and registered) and the fonts' findings,
    made once per load."""

    def make() -> tuple[GameAssets, list[Finding]]:
        fonts, findings = _declared_fonts(game)
        return GameAssets(game.slug, game.root.resolve(), fonts, dict(game.documents)), findings

    return game.memo("assets", make)


def fonts_are_usable(game: GameContent) -> Iterator[Finding]:
    """Every font ``game.yaml`` declares is a TrueType file inside the game folder."""
    yield from game_assets(game)[1]
