"""Write the parity deck's 540 cards to content/parity/cards/routes.yaml.

    python benchmarks/parity/make_deck.py [--cards N --content FOLDER]

The file is committed; run this only to change the deck. The same seed gives the same file.
With ``--cards`` and ``--content`` it writes a deck of N cards (at most 10,800), made the same
way, as a whole content folder (FOLDER/parity/game.yaml and cards/routes.yaml): the bigger
deck bench_parity.py times to see how the cost grows.
"""

from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAME = HERE / "content" / "parity" / "game.yaml"
DECK = HERE / "content" / "parity" / "cards" / "routes.yaml"
CARDS = 540
AIRLINES = ("AA", "BA", "CJ", "DL", "EK", "FR", "KL", "LH", "QF", "SQ", "UA", "VS")
BODY = ("Fly from the entry point to the exit point within schedule. Perfect hand-off earns "
        "the full bonus; each level or hex away costs a penalty.")
HEADER = """\
# yaml-language-server: $schema=../../../../../schemas/deck.schema.json
# The parity deck's {count} route cards, written by benchmarks/parity/make_deck.py.
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


def deck_text(count: int) -> str:
    """Return the deck file of ``count`` route cards."""
    lines = [HEADER.format(count=count)]
    for i, code in enumerate(route_codes(count)):
        bonus = 100 + 50 * (i * 7 % 17)  # 100 to 900
        lines.append(f'  - {{id: route-{code.lower()}, fields: {{title: Route {code}, '
                     f'bonus: {bonus}, body: "{BODY}"}}}}\n')
    return "".join(lines)


def write_content(folder: Path, count: int) -> Path:
    """Write a parity game of ``count`` cards under ``folder``; return its deck file."""
    game = folder / "parity"
    (game / "cards").mkdir(parents=True, exist_ok=True)
    text = GAME.read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace(f"count: {CARDS}", f"count: {count}"),
                                    encoding="utf-8")
    shutil.copymode(GAME, game / "game.yaml")
    deck = game / "cards" / "routes.yaml"
    deck.write_text(deck_text(count), encoding="utf-8")
    return deck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=CARDS, help="cards in the deck")
    parser.add_argument("--content", type=Path, help="write a whole content folder here")
    args = parser.parse_args()
    if args.content is None:
        DECK.write_text(deck_text(args.cards), encoding="utf-8")
        print(f"wrote {args.cards} cards to {DECK}")
    else:
        print(f"wrote {args.cards} cards to {write_content(args.content, args.cards)}")


if __name__ == "__main__":
    main()
