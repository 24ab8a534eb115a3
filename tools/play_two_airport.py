"""Play seeded games of two-airport with bots through the referee's engine; print game lengths.

Each game seats 2-4 bots (``random``: any legal action; ``racing``: moves its own goal
aircraft nearest landing), deals goals and shuffles the deck with the game's seed, and plays
every action through ``TwoAirportEngine`` (a bot's action that drew a ruling would stop the
run). A game that passes ``--max-turns`` counts as stuck: none should.

    python tools/play_two_airport.py --games 200 --players 2 --bots random
    python tools/play_two_airport.py --games 1 --seed 5 --players 4 --bots racing -o game.yaml

``-o`` writes the (last) game as a record that ``pnp referee`` accepts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.two_airport.referee.bots import NAMES, dump, play_game, seat
from pnpcompiler.games.two_airport.referee.state import tables_for
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    parser.add_argument("--bots", default="random",
                        help="bot kinds by seat, comma-separated: random, racing")
    parser.add_argument("--max-turns", type=int, default=2000)
    parser.add_argument("-o", "--output", type=Path, help="write the last game as a record")
    args = parser.parse_args()
    game_content, _ = load_game(ROOT / "content", "two-airport")
    assert game_content is not None
    tables = tables_for(game_content)
    kinds = args.bots.split(",")
    lengths, winners, stuck = [], Counter[str](), 0
    game = None
    for seed in range(args.seed, args.seed + args.games):
        game = play_game(tables, seat(kinds, args.players, seed), seed,
                         max_turns=args.max_turns)
        if game.table.winner is None:
            stuck += 1
            continue
        lengths.append(game.turns)
        winners[kinds[list(NAMES).index(game.table.winner) % len(kinds)]] += 1
    print(f"{args.games} games, {args.players} players, bots {args.bots}: {len(lengths)} won, "
          f"{stuck} stuck past {args.max_turns} turns")
    if lengths:
        q = statistics.quantiles(lengths, n=10) if len(lengths) > 1 else [lengths[0]] * 9
        print(f"game length in turns: min {min(lengths)}, median "
              f"{statistics.median(lengths):g}, mean {statistics.mean(lengths):.1f}, "
              f"90th percentile {q[8]:g}, max {max(lengths)}")
        print("wins by bot kind: " + ", ".join(f"{k} {v}" for k, v in sorted(winners.items())))
    if args.output is not None and game is not None:
        schemas = Path(__file__).resolve().parent.parent / "schemas"
        header = (schema_comment(args.output, schemas, "turns-record", "two-airport") + "\n"
                  f"# A whole game of two-airport, played by tools/play_two_airport.py --seed "
                  f"{args.seed + args.games - 1} --players {args.players} --bots {args.bots}."
                  "\n# See docs/two-airport.md for the format.\n")
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(dump(game.record, header), encoding="utf-8")
        report = referee_file(args.output, ROOT / "content")
        for finding in report.findings:
            print(f"{finding.code} [{finding.extra.get('rule')}] {finding.message}",
                  file=sys.stderr)
        print(f"{args.output}: {'legal' if report.legal else 'NOT LEGAL'}, winner "
              f"{report.winner}")
        return 0 if report.legal else 1
    return 0 if stuck == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
