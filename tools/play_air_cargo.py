"""Play whole games of Air Cargo with a seeded die and write them as flight logs.

The pilots (``pnpcompiler.games.air_cargo.referee.bots``, which ``pnp simulate``
plays too) plan a cargo and a destination at a time (rerolling for heavy cargo and for
airports they can reach in few legs), fly the route with the best odds, pray and panic to
pass their checks, and stop when the next flight looks too risky. Dice come from a die seeded
with ``--seed`` and are written into the record, whose ``seed`` lets the referee check them.
Every event is played through the referee's own engine (``AirCargoEngine``) as it is written,
and the finished record is refereed again before it is kept.

    python tools/play_air_cargo.py --style careful --seed 1 -o examples/air-cargo/stop.yaml
    python tools/play_air_cargo.py --style careful --want gold --seed 1 -o gold.yaml
    python tools/play_air_cargo.py --pilot-log examples/air-cargo/gold-wing.yaml -o log.yaml

``--want`` (crash, stop, silver, gold) tries seeds from ``--seed`` up until a game ends so.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.air_cargo.referee.bots import STYLES, Navigator, Pilot, dump
from pnpcompiler.games.air_cargo.referee.context import Chart, chart_for
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
Data = dict[str, Any]


def referee_text(path: Path) -> tuple[bool, dict[str, Any]]:
    report = referee_file(path, ROOT / "content")
    for finding in report.findings:
        print(f"{finding.code} [{finding.extra.get('rule')}] {finding.message}", file=sys.stderr)
    return report.legal, dict(next(iter(report.scores.values()), {}))


def wanted(record: Data, want: str | None) -> bool:
    end = record["end"]
    if want is None:
        return True
    if want == "crash":
        return bool(end["reason"] == "crash"
                    and sum(1 for e in record["events"] if "fly" in e) >= 4)
    if want == "stop":
        return bool(end["reason"] == "stop" and end.get("score", 0) < 43)
    rank = {"silver": "Silver Wing pilot", "gold": "Gold Wing pilot"}[want]
    return bool(end["reason"] != "crash" and end.get("rank") == rank)


def load_chart() -> Chart:
    game, _ = load_game(ROOT / "content", "air-cargo")
    assert game is not None
    return chart_for(game)


def play_game(seed: int, style: str, want: str | None) -> tuple[int, Data]:
    navigator = Navigator(load_chart())
    for tried in range(seed, seed + 5000):
        record = Pilot(navigator, tried, STYLES[style]).play()
        if wanted(record, want):
            return tried, record
    raise SystemExit(f"no game ending {want} with seeds {seed}-{seed + 4999}")


# --- the filled-in Pilot Log of a flight log ----------------------------------------------------


def pilot_log_of(record: Data) -> Data:
    """Return the Pilot Log a flight log leaves: the boxes, not the order or the dice."""
    planned_cargo = [e["plan"]["cargo"] for e in record["events"]
                     if "plan" in e and "cargo" in e["plan"]]
    planned = [e["plan"]["destination"] for e in record["events"]
               if "plan" in e and "destination" in e["plan"]]
    flights = [e["fly"] for e in record["events"] if "fly" in e]
    legs = sum(len(f["legs"]) for f in flights)
    checks = [c for f in flights for leg in f["legs"] for c in leg.get("checks", [])]
    out: Data = {
        "game": "air-cargo", "record": "pilot-log",
        "cargo": {"planned": planned_cargo, "delivered": [f["cargo"] for f in flights]},
        "airports": {"planned": planned, "visited": [f["to"] for f in flights]},
        "route": [f["to"] for f in flights],
        "weather": legs, "legs": legs,
        "plan_rerolls": sum(len(e["plan"].get("rerolls", [])) for e in record["events"]
                            if "plan" in e),
        "stamina": sum(c.get("stamina", 0) + c.get("panic", 0) for c in checks),
        "prayers": sum(len(c.get("prayers", [])) for c in checks),
        "end": record["end"]["reason"]}
    for key in ("score", "rank"):
        if key in record["end"]:
            out[key] = record["end"][key]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", choices=sorted(STYLES), default="careful")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--want", choices=["crash", "stop", "silver", "gold"])
    parser.add_argument("--pilot-log", type=Path, metavar="FLIGHT_LOG",
                        help="write the filled-in Pilot Log of a flight log instead")
    parser.add_argument("-o", "--output", type=Path)
    args = parser.parse_args()
    if args.output is None:
        parser.error("-o is required")
    if args.pilot_log is not None:
        record = yaml.safe_load(args.pilot_log.read_text(encoding="utf-8"))
        header = (schema_comment(args.output, SCHEMAS, "pilot-log-record", "air-cargo") + "\n"
                  f"# The filled-in Pilot Log of {args.pilot_log.as_posix()}, written by\n"
                  "# tools/play_air_cargo.py --pilot-log. See docs/air-cargo-referee.md.\n")
        text = dump(pilot_log_of(record), header)
    else:
        seed, record = play_game(args.seed, args.style, args.want)
        header = (schema_comment(args.output, SCHEMAS, "flight-log-record", "air-cargo") + "\n"
                  f"# A whole game of Air Cargo, played by tools/play_air_cargo.py --style "
                  f"{args.style} --seed {seed}.\n# See docs/air-cargo-referee.md for the "
                  "format.\n")
        text = dump(record, header)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    legal, scores = referee_text(args.output)
    print(f"{args.output}: {'legal' if legal else 'NOT LEGAL'}, {scores.get('end')}, "
          f"{scores.get('points')} points, {scores.get('rank')}, {scores.get('flights')} "
          f"flights, {scores.get('legs')} legs")
    return 0 if legal else 1


if __name__ == "__main__":
    sys.exit(main())
