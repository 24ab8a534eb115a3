"""The parity deck drawn straight on a reportlab canvas: the floor the other tools are timed
against.

    python benchmarks/parity/reportlab_deck.py [DECK] -o OUT.pdf

Reads the cards from the parity deck's YAML and draws them as pnp does with
templates/parity/card-front.yaml: poker cards, 8 to a landscape A4 sheet with 3 mm bleeds
between them and crop marks in the margin; on each card a rounded frame, the title, the body
wrapped in its box and the bonus line, in the Vera fonts (embedded, as pnp embeds them).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import reportlab
import yaml
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

DECK = Path(__file__).resolve().parent / "content" / "parity" / "cards" / "routes.yaml"

CARD_W, CARD_H = 63.5, 88.9  # poker, mm
BLEED = 3.0
COLS, ROWS = 4, 2
PAGE_W, PAGE_H = 297.0, 210.0
X0 = (PAGE_W - (COLS * CARD_W + (COLS - 1) * 2 * BLEED)) / 2  # left of the first trim
MARK_GAP, MARK_LENGTH = 1.0, 3.5
INK = HexColor("#1f3a5f")
BLACK = HexColor("#000000")


def read_cards(path: Path) -> list[dict[str, object]]:
    """Return each card's fields, one entry per printed copy."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    deck = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    return [card["fields"] for card in deck["cards"] for _ in range(card.get("copies", 1))]


def register_fonts() -> None:
    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont("Vera", str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont("Vera-Bold", str(folder / "VeraBd.ttf")))


def text_line(c: Canvas, text: str, x: float, top: float, font: str, size: float) -> None:
    """Draw one line whose box starts ``top`` mm from the page top; the baseline sits at the
    font's ascent below it, as pnp places it."""
    c.setFont(font, size)
    c.drawString(x * mm, (PAGE_H - top) * mm - size * 0.93, text)


def draw_card(c: Canvas, card: dict[str, object], x: float, y: float) -> None:
    """Draw one card whose trim's top-left corner is (x, y) mm from the page's top-left."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.6 * mm)
    c.roundRect((x + 3) * mm, (PAGE_H - y - CARD_H + 3) * mm, (CARD_W - 6) * mm,
                (CARD_H - 6) * mm, 2.5 * mm, stroke=1, fill=0)
    c.setFillColor(INK)
    text_line(c, str(card["title"]), x + 6, y + 7, "Vera-Bold", 16)
    c.setFillColor(BLACK)
    size, leading = 10, 12
    lines = simpleSplit(str(card["body"]), "Vera", size, (CARD_W - 12) * mm)
    body = c.beginText((x + 6) * mm, (PAGE_H - y - 20) * mm - size * 0.93)
    body.setFont("Vera", size, leading)
    for line in lines:
        body.textLine(line)
    c.drawText(body)
    text_line(c, f"Bonus {card['bonus']}", x + 6, y + CARD_H - 18, "Vera-Bold", 14)


def first_trim_top(rows: int) -> float:
    """Return the top of the first row's trims when ``rows`` rows are centred on the page."""
    return (PAGE_H - (rows * CARD_H + (rows - 1) * 2 * BLEED)) / 2


def crop_marks(c: Canvas, count: int) -> None:
    """Draw a mark in the margin at each trim line of the rows and columns in use."""
    c.setStrokeColor(BLACK)
    c.setLineWidth(0.25)
    cols, rows = min(count, COLS), -(-count // COLS)
    y0 = first_trim_top(rows)
    xs = [X0 + col * (CARD_W + 2 * BLEED) + d for col in range(cols) for d in (0, CARD_W)]
    ys = [y0 + row * (CARD_H + 2 * BLEED) + d for row in range(rows) for d in (0, CARD_H)]
    top, bottom = y0 - BLEED - MARK_GAP, ys[-1] + BLEED + MARK_GAP
    left, right = X0 - BLEED - MARK_GAP, xs[-1] + BLEED + MARK_GAP
    marks = []
    for x in xs:
        marks.append((x, top - MARK_LENGTH, x, top))
        marks.append((x, bottom, x, bottom + MARK_LENGTH))
    for y in ys:
        marks.append((left - MARK_LENGTH, y, left, y))
        marks.append((right, y, right + MARK_LENGTH, y))
    c.lines([(x1 * mm, (PAGE_H - y1) * mm, x2 * mm, (PAGE_H - y2) * mm)
             for x1, y1, x2, y2 in marks])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", nargs="?", type=Path, default=DECK)
    parser.add_argument("-o", "--output", type=Path, default=Path("parity-reportlab.pdf"))
    args = parser.parse_args()

    cards = read_cards(args.deck)
    register_fonts()
    c = Canvas(str(args.output), pagesize=landscape(A4), pageCompression=1, invariant=1)
    per_page = COLS * ROWS
    for start in range(0, len(cards), per_page):
        sheet = cards[start:start + per_page]
        y0 = first_trim_top(-(-len(sheet) // COLS))  # a part-filled sheet's rows are centred
        for i, card in enumerate(sheet):
            row, col = divmod(i, COLS)
            draw_card(c, card, X0 + col * (CARD_W + 2 * BLEED), y0 + row * (CARD_H + 2 * BLEED))
        crop_marks(c, len(sheet))
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()
