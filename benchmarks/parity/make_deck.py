"""Write the parity deck's 540 cards to content/parity/cards/routes.yaml.

    python benchmarks/parity/make_deck.py

The file is committed; run this only to change the deck. The same seed gives the same file.
"""

from __future__ import annotations

import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
DECK = HERE / "content" / "parity" / "cards" / "routes.yaml"
CARDS = 540
AIRLINES = ("AA", "BA", "CJ", "DL", "EK", "FR", "KL", "LH", "QF", "SQ", "UA", "VS")
BODY = ("Fly from the entry point to the exit point within schedule. Perfect hand-off earns "
        "the full bonus; each level or hex away costs a penalty.")
HEADER = """\
# yaml-language-server: $schema=../../../../../schemas/deck.schema.json
# The parity deck's 540 route cards, written by benchmarks/parity/make_deck.py.
kind: deck
component: route-cards
size: poker
template: parity/card-front
cards:
"""


def route_codes(count: int) -> list[str]:
    """Return ``count`` distinct route codes such as AA103, in a fixed shuffled order."""
    codes = [f"{airline}{number}" for airline in AIRLINES for number in range(100, 1000)]
    return random.Random(CARDS).sample(codes, count)


def main() -> None:
    lines = [HEADER]
    for i, code in enumerate(route_codes(CARDS)):
        bonus = 100 + 50 * (i * 7 % 17)  # 100 to 900
        lines.append(f'  - {{id: route-{code.lower()}, fields: {{title: Route {code}, '
                     f'bonus: {bonus}, body: "{BODY}"}}}}\n')
    DECK.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {CARDS} cards to {DECK}")


if __name__ == "__main__":
    main()
