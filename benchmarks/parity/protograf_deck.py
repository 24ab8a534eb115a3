"""The parity deck written for protograf (https://protograf.readthedocs.io/).

    python benchmarks/parity/protograf_deck.py [DECK] -o OUT.pdf

Reads the cards from the parity deck's YAML into a protograf Data() source and lays them out
as pnp does with templates/parity/card-front.yaml: poker cards, 8 to a landscape A4 sheet,
6 mm apart (pnp's two 3 mm bleeds), with protograf's grid marks as crop marks; on each card
a rounded frame, the title, the body wrapped in its box and the bonus line. protograf draws
with PyMuPDF's built-in Helvetica (pnp and the reportlab script embed Vera). PyMuPDF sets a
line only in a box taller than about 1.7 times its size, so the title and bonus boxes are 1 mm
taller than pnp's (a line that does not fit is silently left out).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

DECK = Path(__file__).resolve().parent / "content" / "parity" / "cards" / "routes.yaml"

CARD_W, CARD_H = 63.5, 88.9  # poker, mm
GAP = 6.0  # two 3 mm bleeds, as pnp imposes them
COLS, ROWS = 4, 2
PAGE_W, PAGE_H = 297.0, 210.0
LEFT = (PAGE_W - (COLS * CARD_W + (COLS - 1) * GAP)) / 2
TOP = (PAGE_H - (ROWS * CARD_H + (ROWS - 1) * GAP)) / 2
INK = "#1f3a5f"
MM = 72 / 25.4  # protograf's stroke widths are in points


def read_cards(path: Path) -> list[dict[str, object]]:
    """Return one row per card design: its fields and how many copies to print."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    deck = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    return [{**card["fields"], "copies": card.get("copies", 1)} for card in deck["cards"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", nargs="?", type=Path, default=DECK)
    parser.add_argument("-o", "--output", type=Path, default=Path("parity-protograf.pdf"))
    args = parser.parse_args()
    rows = read_cards(args.deck)
    output = args.output.resolve()
    # Create() reads its own command-line options; it must not see ours.
    sys.argv = sys.argv[:1]

    from protograf import Card, Create, Data, Deck, Save, T, rectangle, text

    Create(filename=output.name, paper="A4-l", units="mm", margin_left=LEFT, margin_top=TOP,
           margin_right=LEFT, margin_bottom=TOP)
    Data(source=rows)
    Deck(card_size="poker", rows=ROWS, cols=COLS, spacing=GAP, copy="copies", fill=None,
         stroke=None, grid_marks=True, grid_marks_length=3.5, grid_marks_stroke="black",
         grid_marks_stroke_width=0.25)
    Card("all",
         rectangle(x=3, y=3, width=CARD_W - 6, height=CARD_H - 6, rounding=2.5, fill=None,
                   stroke=INK, stroke_width=0.6 * MM),
         text(text=T("{{ title }}"), x=6, y=7, width=CARD_W - 12, height=10, wrap=True,
              align="left", font_name="Helvetica-Bold", font_size=16, stroke=INK),
         text(text=T("{{ body }}"), x=6, y=20, width=CARD_W - 12, height=40, wrap=True,
              align="left", font_name="Helvetica", font_size=10, line_height=1.2,
              stroke="black"),
         text(text=T("Bonus {{ bonus }}"), x=6, y=CARD_H - 18, width=CARD_W - 12, height=9,
              wrap=True, align="left", font_name="Helvetica-Bold", font_size=14,
              stroke="black"))
    Save(directory=str(output.parent))


if __name__ == "__main__":
    main()
