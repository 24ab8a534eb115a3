"""Play seeded races of Magnificent Flying Machines with the bots and print how long they
ran and how they scored; optionally write one as a race log.

Each race deals its course (5.1, 6.1, 12.1) and the weather from the 20 weather tiles onto
every tile but the starting airfield, and flies the dashboards' preset sides (5.2) in seat
order; every action goes through the referee's own
engine, and a written record is refereed again before it is kept.

    python tools/play_magnificent_flying_machines.py --games 200 --players 4 --bot heuristic
    python tools/play_magnificent_flying_machines.py --players 4 --seed 3 -o race.yaml
    python tools/play_magnificent_flying_machines.py --players 4 --seed 1 --cards -o race.yaml
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import yaml

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.magnificent_flying_machines.bots import BOTS
from pnpcompiler.games.magnificent_flying_machines.races import race
from pnpcompiler.games.magnificent_flying_machines.referee.engine import RaceEngine
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--bot", choices=sorted(BOTS), default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=["quick-start", "standard", "long", "random"],
                        default="quick-start")
    parser.add_argument("--weather-changes", action="store_true",
                        help="turn a weather change card at the end of each round (8.5)")
    parser.add_argument("--cargo", action="store_true",
                        help="collect and deliver passengers and cargo (10.2-10.4)")
    parser.add_argument("--cards", action="store_true",
                        help="deal, draw and play trick and boost cards (4.2, 8.1)")
    parser.add_argument("-o", "--output", type=Path, help="write the first race's record")
    args = parser.parse_args()
    game, findings = load_game(ROOT / "content", "magnificent-flying-machines")
    if game is None:
        print("\n".join(f.message for f in findings), file=sys.stderr)
        return 2
    engine = RaceEngine.of(game)
    played = [race(game, engine, args.players, args.bot, args.seed + n, args.mode,
                   args.weather_changes, args.cargo, args.cards) for n in range(args.games)]
    lengths = [p.turns for p in played]
    finished = sum(1 for p in played if p.race.over)
    rounds = [t / len(p.race.order) for t, p in zip(lengths, played, strict=True)]
    print(f"{args.games} races, {args.players} players, {args.mode}, {args.bot} bot: "
          f"{finished} finished; turns per race mean {statistics.mean(lengths):.1f}, "
          f"min {min(lengths)}, max {max(lengths)}; rounds mean {statistics.mean(rounds):.1f}")
    best = [max(p.record["end"]["scores"].values()) for p in played]
    print(f"winning score mean {statistics.mean(best):.1f}, min {min(best)}, max {max(best)}")
    if args.output:
        line = schema_comment(args.output, ROOT / "schemas", "race-record",
                              "magnificent-flying-machines")
        args.output.write_text(line + "\n" + yaml.safe_dump(
            played[0].record, sort_keys=False, default_flow_style=None, width=100),
            encoding="utf-8")
        report = referee_file(args.output, ROOT / "content")
        print(f"wrote {args.output}: {'legal' if report.legal else 'NOT LEGAL'}")
        return 0 if report.legal else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
