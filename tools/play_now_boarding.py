"""Play seeded games of Now Boarding with the engine's bots and report what happened.

Every step is played through the referee's own engine (``NowBoardingEngine``) as the bots
write it, so a record written with ``-o`` is one ``pnp referee`` accepts (it is refereed again
before it is kept). Without ``-o`` it plays ``--games`` games per player count and prints, for
each count, the game lengths in rounds, how games ended, the passengers lost and the scores
against the tiers.

    python tools/play_now_boarding.py --players 3 --seed 4 -o examples/now-boarding/three.yaml
    python tools/play_now_boarding.py --players 3-6 --games 50 --style random
    python tools/play_now_boarding.py --solve --players 3 --seed 1

``--solve`` prints, for the first player count and the seed's shuffle, the fewest rounds each
kind of passenger needs against its patience, the first day at best (an upper bound: Jets and
Commuters always where needed), and for each player count the losses day 3 can bear.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

import yaml

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.now_boarding.bots import STYLES, play
from pnpcompiler.games.now_boarding.referee.engine import NowBoardingEngine
from pnpcompiler.games.now_boarding.referee.purchase import final_score
from pnpcompiler.games.now_boarding.referee.replay import engine_of
from pnpcompiler.games.now_boarding.search import search_first_day
from pnpcompiler.games.now_boarding.solver import day_three_completes, first_day, rounds_needed
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent


def player_counts(text: str) -> list[int]:
    """Return the player counts of ``3`` or ``3-6``."""
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def write_record(args: argparse.Namespace, engine: NowBoardingEngine, colours: list[str]) -> int:
    """Play one game, write its record, referee it; return the exit code."""
    played = play(engine, colours[:args.players_list[0]], args.seed, args.style,
                  args.advanced)
    header = {"game": "now-boarding", "record": "rounds", "content_version": "v3.0"}
    record = {**header, **{k: v for k, v in played.record.items() if k not in header}}
    schemas = ROOT / "schemas"
    args.output.write_text(schema_comment(args.output, schemas, "rounds-record", "now-boarding")
                           + "\n"
                           f"# A {len(colours[:args.players_list[0]])} player game played by "
                           f"the {args.style} bots (tools/play_now_boarding.py --seed "
                           f"{args.seed}).\n" + yaml.safe_dump(
                               record, sort_keys=False, default_flow_style=None, width=100),
                           encoding="utf-8")
    report = referee_file(args.output, ROOT / "content")
    print(f"{args.output}: {played.rounds} rounds, end {played.record['end']['reason']}, "
          f"score {final_score(played.game)} ({played.record['end'].get('tier', 'lost')}), "
          f"lost {len(played.game.lost)}; referee: {'legal' if report.legal else 'NOT legal'}")
    return 0 if report.legal else 1


def survey(args: argparse.Namespace, engine: NowBoardingEngine, colours: list[str]) -> int:
    """Play many games per player count; print lengths, ends, losses and tiers."""
    for players in args.players_list:
        runs = [play(engine, colours[:players], args.seed + n, args.style,
                     args.advanced) for n in range(args.games)]
        lengths = [r.rounds for r in runs]
        scores = [final_score(r.game) for r in runs]
        lost = [len(r.game.lost) for r in runs]
        ends = Counter(r.record["end"]["reason"] for r in runs)
        tiers = Counter(r.record["end"].get("tier", "lost") for r in runs)
        illegal = sum(1 for r in runs if r.findings)
        print(f"{players} players, {args.games} games ({args.style}): rounds "
              f"min {min(lengths)} median {statistics.median(lengths)} max {max(lengths)}; "
              f"score min {min(scores)} median {statistics.median(scores)} max {max(scores)}; "
              f"lost median {statistics.median(lost)}; ends {dict(ends)}; "
              f"tiers {dict(tiers)}; games with findings {illegal}")
    return 0


def solve(args: argparse.Namespace, engine: NowBoardingEngine, colours: list[str]) -> int:
    """Print the bounds of ``--solve``."""
    tables, tiles = engine.tables, list(engine.tiles.values())
    players = args.players_list[0]
    print(f"{players} players: rounds needed (Commuter, Jet flights, Commuter) by where the "
          "passenger is drawn and where it is bound; it may age rounds-1 times")
    for at in ("A", "B"):
        for seats in range(players):
            for to in ("A", "B"):
                need = rounds_needed(tables, players, at, seats, to)
                if need == 0:
                    continue  # drawn for its own destination: drawn again
                print(f"  drawn at {at}, bound {seats} seat(s) left, to {to}: {need} rounds, "
                      f"needs patience >= {max(need - 1, 0)}")
    bound = first_day(tables, tiles, colours[:players], args.seed)
    print(f"day 1 of shuffle {args.seed}: {bound.drawn} drawn worth ${bound.total_value}; "
          f"at best ${bound.best_value} delivered (score at most "
          f"{-(-bound.best_value // players)} were day 1 scored); zero losses "
          f"{'not ruled out' if bound.zero_losses_possible else 'impossible'}"
          + (f": lost in every play {', '.join(bound.undeliverable)}"
             if bound.undeliverable else ""))
    found = search_first_day(tables, tiles, colours[:players], args.seed, args.budget)
    proved = "proved best" if found.exact else f"best found in {args.budget:g} s, not proved"
    zero = {True: "possible", False: "impossible", None: "not decided"}[found.zero_losses]
    if not bound.zero_losses_possible:
        zero = "impossible (the relaxation)"
    between = "" if found.exact else (f": the best play without purchases delivers "
                                       f"${found.best_value}-${bound.best_value}")
    print(f"day 1 of shuffle {args.seed}, exact search without purchases ({found.positions} "
          f"positions, {found.seconds:.1f} s): ${found.best_value} of ${found.total_value} "
          f"delivered ({proved}); zero losses {zero}; the relaxation's bound "
          f"${bound.best_value}{between}")
    per_colour = tables.passengers.per_colour
    for n in range(3, 7):
        bearable = max(lost for lost in range(per_colour * n)
                       if day_three_completes(tables, per_colour, n, lost))
        print(f"{n} players: day 3 completes only if at most {bearable} passengers were lost "
              f"before it ({per_colour}P - L >= 20P; the advanced loss is more than "
              f"{tables.advanced_loss_factor * n})")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="3-6", help="a count or a range, e.g. 3-6")
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--style", choices=STYLES, default="heuristic")
    parser.add_argument("--advanced", action="store_true", help="the advanced variant's loss")
    parser.add_argument("-o", "--output", type=Path, help="write one game's record here")
    parser.add_argument("--solve", action="store_true", help="print the bounds of a shuffle")
    parser.add_argument("--budget", type=float, default=60.0,
                        help="seconds the --solve exact search may take")
    args = parser.parse_args(argv)
    args.players_list = player_counts(args.players)
    game, findings = load_game(ROOT / "content", "now-boarding")
    if game is None:
        print(findings, file=sys.stderr)
        return 2
    engine = engine_of(game)
    colours = [c.id for c in engine.tables.colours]
    run = solve if args.solve else write_record if args.output else survey
    return run(args, engine, colours)


if __name__ == "__main__":
    sys.exit(main())
