"""Text fitting with reportlab's paragraph machinery: wrapping, bold and italic, inline icons
and shrink-to-fit. The result is a list of positioned runs that both renderers draw as is.

Markup is reportlab's paragraph markup (``<b>``, ``<i>``, ``<br/>``); ``:name:`` tokens become
icons the height of the text, placed by reportlab as inline images and drawn by the renderers.
Text is reflowed: a single line break is a space, a blank line starts a new paragraph (set
half a line below the last), and only ``<br/>`` breaks a line where it stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.assets import BUILTIN_FONTS
from .model import Line, Run, Text

if TYPE_CHECKING:
    from ..content.assets import GameAssets

PT_PER_MM = 72 / 25.4
ICON_TOKEN = re.compile(r":([a-z][a-z0-9-]*):")

TITLE_FONT = "BarlowCondensed-Bold"
"""The title font: Barlow Condensed Bold, an open display face (SIL Open Font License 1.1,
``fonts/OFL.txt``) shipped in this package, for the titles of cards, counters, forms and
boards beside the Vera body text. Templates name it ``title``."""
TITLE_SVG_FAMILY = "'Barlow Condensed', 'Arial Narrow', 'Roboto Condensed', sans-serif"
"""How an SVG names the title font: the face itself, then narrow faces a viewer may have."""

#: The built-in fonts, embedded in every PDF: Bitstream Vera (shipped with reportlab) for
#: text, and the title font (shipped in ``fonts/`` beside this module).
FONT_FILES = {"Vera": "Vera.ttf", "Vera-Bold": "VeraBd.ttf", "Vera-Italic": "VeraIt.ttf",
              "Vera-BoldItalic": "VeraBI.ttf", TITLE_FONT: "BarlowCondensed-Bold.ttf"}
FONT_NAMES = dict(zip(BUILTIN_FONTS, FONT_FILES, strict=True))
"""reportlab's name of each built-in font."""
SVG_FONT_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
PARAGRAPH_SPACE = 0.5
"""Space between two paragraphs of a text, as a share of its line height."""
_BLANK_LINE = re.compile(r"[ \t]*\n(?:[ \t]*\n)+[ \t]*")
_LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*")

_DECLARED: dict[str, tuple[str, str, str]] = {}
"""Fonts a game declares, by the name they are registered under: (SVG font-family, weight,
style). Kept beside reportlab's own registry, which is per process too."""


def font_file(name: str) -> Path:
    """Return the TrueType file of a built-in font, by reportlab's name."""
    import reportlab

    if name == TITLE_FONT:
        return Path(str(resources.files("pnpcompiler.layout") / "fonts" / FONT_FILES[name]))
    return Path(reportlab.__file__).parent / "fonts" / FONT_FILES[name]


@cache
def register_fonts() -> None:
    """Register the built-in fonts with reportlab (once), so ``<b>`` and ``<i>`` map to the
    Vera family; the title font has one face, which they keep."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in FONT_FILES:
        pdfmetrics.registerFont(TTFont(name, str(font_file(name))))
    addMapping("Vera", 0, 0, "Vera")
    addMapping("Vera", 1, 0, "Vera-Bold")
    addMapping("Vera", 0, 1, "Vera-Italic")
    addMapping("Vera", 1, 1, "Vera-BoldItalic")
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(TITLE_FONT, bold, italic, TITLE_FONT)


def register_declared_fonts(assets: GameAssets) -> GameAssets:
    """Register the fonts a game declares (checked by validation) with reportlab, once each;
    return the assets."""
    for font in assets.fonts.values():
        register_ttf(font.registered, font.path)
    return assets


def register_ttf(name: str, path: Path) -> None:
    """Register the TrueType file ``path`` with reportlab as ``name`` (once per name).

    ``<b>`` and ``<i>`` inside text set in it keep it: a game declares its bold face as a
    font of its own. Raises whatever reportlab raises for a file it cannot use.
    """
    if name in _DECLARED:
        return
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(name, str(path)))
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(name, bold, italic, name)
    _DECLARED[name] = _svg_family(path)


def _svg_family(path: Path) -> tuple[str, str, str]:
    """Return the font-family, weight and style an SVG names a TrueType file by."""
    from PIL import ImageFont

    try:
        family, style = ImageFont.truetype(str(path), 10).getname()
    except (OSError, ValueError):
        family, style = None, None
    words = (style or "").lower()
    weight = "bold" if any(w in words for w in ("bold", "black", "heavy")) else "normal"
    slant = "italic" if ("italic" in words or "oblique" in words) else "normal"
    name = (family or path.stem).replace("\\", "").replace("'", "")
    return f"'{name}', sans-serif", weight, slant


def font_name(font: str) -> str:
    """Return reportlab's name for a style's font: a built-in name, a registered font, or
    Vera."""
    if font in _DECLARED:
        return font
    return FONT_NAMES.get(font, "Vera")


def svg_font(font: str) -> tuple[str, str, str]:
    """Return (font-family, font-weight, font-style) for a run's font in SVG output."""
    if font in _DECLARED:
        return _DECLARED[font]
    if font == TITLE_FONT:
        return TITLE_SVG_FAMILY, "bold", "normal"
    if font in FONT_FILES:
        weight = "bold" if "Bold" in font else "normal"
        style = "italic" if "Italic" in font else "normal"
        return SVG_FONT_FAMILY, weight, style
    return "sans-serif", "normal", "normal"


@cache
def _blank_png() -> str:
    """Return the path of the transparent image that reserves an icon's place in a line."""
    return str(resources.files("pnpcompiler.layout") / "blank.png")


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text (sizes in points, lengths in mm)."""

    font: str = "regular"
    """A built-in name (regular, bold, italic, bold-italic) or a registered font's name."""
    size: float = 9.0
    min_size: float = 6.0
    leading: float = 1.2
    """Line height as a multiple of the size."""
    align: str = "left"
    valign: str = "top"
    colour: str = "#000000"
    split_words: bool = False
    """Break a word too long for the line inside it; otherwise the text shrinks until every
    word fits its line, and does not fit when none does."""


@dataclass(frozen=True)
class Fitted:
    """Text set in a box: lines, the size used, and the height it needs."""

    lines: tuple[Line, ...]
    size: float
    height: float
    """Height of the set text in mm."""
    fits: bool


@lru_cache(maxsize=8192)
def fit(markup: str, style: TextStyle, width: float, height: float) -> Fitted:
    """Set ``markup`` in a ``width`` x ``height`` mm box, shrinking down to ``min_size``.
    Worked out once per text, style and box: cards repeat their rules text and labels."""
    size = style.size
    while True:
        fitted = _set(markup, style, size, width)
        if fitted.fits and fitted.height <= height + 1e-6:
            return _place(fitted, style, height)
        if size - 0.5 < style.min_size - 1e-9:
            return _place(Fitted(fitted.lines, size, fitted.height, False), style, height)
        size -= 0.5


@lru_cache(maxsize=256)
def _normal_colour(colour: str) -> str:
    """Return a text colour as the paragraph reports it (``#rrggbb``, lower case)."""
    from reportlab.lib import colors

    return _hex(colors.HexColor(colour)) or colour


def one_line(markup: str, style: TextStyle, size: float, width: float) -> Fitted | None:
    """Return plain text that clearly fits on one line set directly, as reportlab's Paragraph
    would set it (most titles and labels); None for anything else."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if (not markup or "<" in markup or "&" in markup or ">" in markup
            or ICON_TOKEN.search(markup)
            or any(c.isspace() and c != " " for c in markup)):
        return None
    words = [w for w in markup.split(" ") if w]
    if not words:
        return None
    register_fonts()
    font = font_name(style.font)
    # The line's width summed word by word, as reportlab's line breaking does.
    space = stringWidth(" ", font, size)
    used = -space
    for word in words:
        used = used + space + stringWidth(word, font, size)
    extra = width * PT_PER_MM - used
    if extra < 0.5:  # near the edge: leave the line breaking to reportlab
        return None
    line_text = " ".join(words)
    w = stringWidth(line_text, font, size)
    colour = _normal_colour(style.colour)
    shift = {"center": extra / 2, "right": extra}.get(style.align, 0.0) / PT_PER_MM
    run = Run(0.0 + shift, line_text, font, size, colour, w / PT_PER_MM)
    leading = size * style.leading
    height = (leading - (leading - size * 1.16)) / PT_PER_MM
    return Fitted((Line(size * 0.93 / PT_PER_MM, (run,)),), size, max(height, 0.0), True)


def paragraphs(markup: str) -> list[str]:
    """Return the paragraphs of a text as it is set: a blank line separates two, and a single
    line break inside one is a space (the line breaks of the YAML it was written in)."""
    parts = [_LINE_BREAK.sub(" ", part) for part in _BLANK_LINE.split(markup.strip("\n"))]
    return [part for part in parts if part.strip()] or [parts[0]]


def _set(markup: str, style: TextStyle, size: float, width: float) -> Fitted:
    parts = paragraphs(markup)
    if len(parts) == 1:
        return _set_paragraph(parts[0], style, size, width)
    leading = size * style.leading / PT_PER_MM
    # Below a paragraph's last glyphs: the rest of its line, then the space between two.
    between = leading - size * 1.16 / PT_PER_MM + PARAGRAPH_SPACE * leading
    lines: list[Line] = []
    top, fits = 0.0, True
    for part in parts:
        fitted = _set_paragraph(part, style, size, width)
        lines += [Line(line.baseline + top, line.runs) for line in fitted.lines]
        fits = fits and fitted.fits
        top += fitted.height + between
    return Fitted(tuple(lines), size, max(top - between, 0.0), fits)


def _set_paragraph(markup: str, style: TextStyle, size: float, width: float) -> Fitted:
    fast = one_line(markup, style, size, width)
    if fast is not None:
        return fast
    return set_by_reportlab(markup, style, size, width)


def set_by_reportlab(markup: str, style: TextStyle, size: float, width: float) -> Fitted:
    """Set one paragraph with reportlab's Paragraph: markup, icons, line breaking (what
    :func:`one_line` leaves to it, and the standard that shortcut is tested against)."""
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    register_fonts()
    icons: list[str] = []

    def icon(match: re.Match[str]) -> str:
        icons.append(match.group(1))
        return (f'<img src="{_blank_png()}" width="{size:.2f}" height="{size:.2f}" '
                'valign="middle"/>')

    text = ICON_TOKEN.sub(icon, markup)
    leading = size * style.leading
    # No shrinking of spaces to squeeze a line in: the runs are drawn with whole spaces, so a
    # squeezed line would print past its box.
    pstyle = ParagraphStyle(
        "pnp", fontName=font_name(style.font), fontSize=size, leading=leading,
        alignment={"center": TA_CENTER, "right": TA_RIGHT}.get(style.align, TA_LEFT),
        textColor=colors.HexColor(style.colour), splitLongWords=int(style.split_words),
        spaceShrinkage=0)
    para = Paragraph(text, pstyle)
    width_pt = width * PT_PER_MM
    para.wrap(width_pt, 1e6)
    bl: Any = para.blPara
    lines: list[Line] = []
    fits = True
    icon_no = 0
    for i, raw in enumerate(bl.lines):
        runs: list[Run] = []
        if bl.kind == 0:
            # One font for the whole paragraph: the paragraph's own (``<b>`` round all of it
            # makes it bold), not necessarily the style's.
            extra, words = raw
            line_text = " ".join(words)
            font = getattr(bl, "fontName", pstyle.fontName)
            fsize = getattr(bl, "fontSize", size)
            colour = _hex(getattr(bl, "textColor", None)) or style.colour
            w = stringWidth(line_text, font, fsize)
            runs.append(Run(0.0, line_text, font, fsize, colour, w / PT_PER_MM))
        else:
            extra = raw.extraSpace
            x = 0.0
            for frag in raw.words:
                cb = getattr(frag, "cbDefn", None)
                if cb is not None and getattr(cb, "kind", "") == "img":
                    w = float(cb.width)
                    name = icons[icon_no] if icon_no < len(icons) else "missing"
                    icon_no += 1
                    runs.append(Run(x / PT_PER_MM, "", frag.fontName, frag.fontSize,
                                    style.colour, w / PT_PER_MM, icon=name))
                else:
                    t = getattr(frag, "text", "")
                    w = stringWidth(t, frag.fontName, frag.fontSize)
                    colour = _hex(getattr(frag, "textColor", None)) or style.colour
                    if t:
                        runs.append(Run(x / PT_PER_MM, t, frag.fontName, frag.fontSize, colour,
                                        w / PT_PER_MM))
                x += w
        if extra < -1.0:
            # A word longer than the line. (reportlab lets a line run a fraction of a point
            # over; under a point, a third of a millimetre, is not an overflow.)
            fits = False
        shift = {"center": extra / 2, "right": extra}.get(style.align, 0.0) / PT_PER_MM
        runs = [Run(r.x + shift, r.text, r.font, r.size, r.colour, r.width, r.icon)
                for r in runs]
        # Baseline of line i: leading steps, the first at the font's ascent.
        baseline = (size * 0.93 + i * leading) / PT_PER_MM
        lines.append(Line(baseline, tuple(runs)))
    height = (len(bl.lines) * leading - (leading - size * 1.16)) / PT_PER_MM if bl.lines else 0
    return Fitted(tuple(lines), size, max(height, 0.0), fits)


ANCHORS = {"start": 0.0, "middle": 0.5, "end": 1.0}
"""How much of a label's width lies left of its anchor point."""


def label(text: str, x: float, baseline: float, size: float, *, font: str = "regular",
          anchor: str = "start", colour: str = "#000000") -> Text:
    """Return one line of ``text`` (``size`` in points) anchored at (x, baseline) mm."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if font not in FONT_NAMES:
        raise ValueError(f"font must be one of {', '.join(FONT_NAMES)}, not {font!r}")
    if anchor not in ANCHORS:
        raise ValueError(f"anchor must be one of {', '.join(ANCHORS)}, not {anchor!r}")
    register_fonts()
    name = FONT_NAMES[font]
    width = stringWidth(text, name, size) / PT_PER_MM
    # The same ascent and height as fitted text, so a label and a text box line up.
    ascent, height = size * 0.93 / PT_PER_MM, size * 1.16 / PT_PER_MM
    left = x - width * ANCHORS[anchor]
    run = Run(0.0, text, name, size, colour, width)
    return Text(left, baseline - ascent, width, height, (Line(ascent, (run,)),), size)


def _place(fitted: Fitted, style: TextStyle, height: float) -> Fitted:
    """Shift lines down for middle or bottom vertical alignment."""
    spare = height - fitted.height
    if spare <= 0 or style.valign == "top":
        return fitted
    dy = spare / 2 if style.valign == "middle" else spare
    lines = tuple(Line(line.baseline + dy, line.runs) for line in fitted.lines)
    return Fitted(lines, fitted.size, fitted.height, fitted.fits)


def _hex(colour: Any) -> str | None:
    if colour is None or not hasattr(colour, "hexval"):
        return None
    value = str(colour.hexval())  # '0x1a2b3c'
    return "#" + value[2:].lower()


def plain(markup: str) -> str:
    """Return markup without tags (for messages)."""
    return re.sub(r"<[^>]+>", "", markup)
