"""Play a whole Rushing Tin shift with simple controllers and write it as a shift record.

The controllers (``careful``, the bots of ``pnp simulate rushing-tin``, in
pnpcompiler/games/rushing_tin/referee/bots.py) fly every plane towards its exit by the fewest
moves, avoiding incidents when they can, and take every hand-off they may, choosing each move
among the engine's legal actions by trying it on a fork of the shift. Dice come from a die
seeded with ``--seed`` and are written into the record, whose ``seed`` lets the referee check
them; the finished record is refereed again after it is written.

    python tools/play_rt_shift.py --atcs 2 --seed 7 -o examples/rushing-tin/shift-2atc.yaml
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pnpcompiler.content.json_schema import schema_comment
from pnpcompiler.content.project import load_game
from pnpcompiler.games.rushing_tin.referee.bots import Controllers, RecordDumper, dump
from pnpcompiler.games.rushing_tin.referee.staff import STYLES, Staff
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"

__all__ = ["RecordDumper"]  # tools/make_rt_shift_cases.py writes its cases with it


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atcs", type=int, default=1, choices=[1, 2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=31)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    game, _ = load_game(ROOT / "content", "rushing-tin")
    assert game is not None
    controllers = Controllers(Staff(game), args.seed, [STYLES["careful"]] * args.atcs)
    record = controllers.play(args.turns)
    header = (schema_comment(args.output, SCHEMAS, "shift-record", "rushing-tin") + "\n"
              f"# A whole shift of Rushing Tin, RT001, {args.atcs} ATC(s), played by\n"
              f"# tools/play_rt_shift.py --atcs {args.atcs} --seed {args.seed}. See "
              "docs/referee.md for the format.\n")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(dump(record, header), encoding="utf-8")
    report = referee_file(args.output, ROOT / "content")
    for finding in report.findings:
        print(finding.code, finding.extra.get("rule"), finding.message, file=sys.stderr)
    deals = sum(1 for i in report.incidents if "deal" in str(i["kind"]))
    hand_offs = [i for i in report.incidents if i["kind"] == "hand-off"]
    print(f"{args.output}: {len(report.findings)} findings, {len(hand_offs)} hand-offs, "
          f"{deals} deals, winner {report.winner}, scores "
          f"{ {a: s['cash'] for a, s in report.scores.items()} }")
    return 0 if report.legal else 1


if __name__ == "__main__":
    sys.exit(main())
