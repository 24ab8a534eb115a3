"""Render the README's pictures of real kit pages into docs/images/.

Usage (after ``make kit``, which builds out/<game>/<game>-a4.pdf):
  .venv/bin/python tools/readme_pictures.py [OUT]

Each picture is the first page whose text holds a given label (a sheet's label, a form's
title), rendered at 60 dpi with pdfium.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2 as pdfium

PICTURES = {
    "rushing-tin-cards.png": ("rushing-tin/rushing-tin-a4.pdf", "fronts: Random Event Cards"),
    "air-cargo-map.png": ("air-cargo/boards/map-a3.pdf", ""),
}
DPI = 60


def main(out: Path, images: Path) -> None:
    images.mkdir(parents=True, exist_ok=True)
    for name, (pdf_name, label) in PICTURES.items():
        pdf = pdfium.PdfDocument((out / pdf_name).read_bytes())
        number = next(n for n in range(len(pdf))
                      if label in pdf[n].get_textpage().get_text_range())
        pdf[number].render(scale=DPI / 72).to_pil().convert("RGB").save(
            images / name, optimize=True)
        print(f"{images / name}: {pdf_name} page {number + 1}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "out"), Path("docs/images"))
