"""Write the two-airport records the referee's golden tests use: the example games, legal,
and illegal variants of them with one mistake each.

Each case takes an example (examples/two-airport/), changes one thing a player could get
wrong, and writes ``tests/golden/two-airport-referee/<case>/record.yaml``. The expected
report beside it is written by ``pytest tests/conformance/test_referee_goldens.py
--update-goldens`` and reviewed by hand. Run from the repository's root:

    python tools/make_two_airport_cases.py
"""

from __future__ import annotations

import copy
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from pnpcompiler.games.two_airport.referee.bots import RecordDumper
from pnpcompiler.referee import referee_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "two-airport"
CASES = ROOT / "tests" / "golden" / "two-airport-referee"
Record = dict[str, Any]


def two(record: Record) -> Record:
    return record


def add(turn: int, at: int, action: dict[str, Any]) -> Callable[[Record], None]:
    """Insert an action into a turn."""
    def change(record: Record) -> None:
        record["turns"][turn]["actions"].insert(at, action)
    return change


def put(turn: int, action: int, key: str, value: Any) -> Callable[[Record], None]:
    """Set one key of one action."""
    def change(record: Record) -> None:
        record["turns"][turn]["actions"][action][key] = value
    return change


def drop(turn: int, action: int) -> Callable[[Record], None]:
    """Remove one action."""
    def change(record: Record) -> None:
        del record["turns"][turn]["actions"][action]
    return change


def turn_key(turn: int, key: str, value: Any) -> Callable[[Record], None]:
    """Set (or, with None, remove) one key of a turn."""
    def change(record: Record) -> None:
        if value is None:
            record["turns"][turn].pop(key, None)
        else:
            record["turns"][turn][key] = value
    return change


def seat_key(seat: int, key: str, value: Any) -> Callable[[Record], None]:
    """Set one key of a player's seat."""
    def change(record: Record) -> None:
        record["players"][seat][key] = value
    return change


def last_turn_by(player: str, actions: list[dict[str, Any]]) -> Callable[[Record], None]:
    """Give the last turn to another player, with these actions."""
    def change(record: Record) -> None:
        record["turns"][-1].update({"player": player, "actions": actions})
    return change


def extra_turn(record: Record) -> None:
    """Play on after the win."""
    record["turns"].append({"player": "Ben", "draw": "storm", "actions": [
        {"move": "fly", "aircraft": 5, "to": "b4"}, {"move": "fly", "aircraft": 6, "to": "d5"}]})


def reshuffle_changed(record: Record) -> None:
    """Slip a card that was never discarded under the last reshuffle."""
    turn = [t for t in record["turns"] if "reshuffle" in t][-1]
    turn["reshuffle"].append("holding")


def reshuffle_early(record: Record) -> None:
    """Shuffle the discard pile into the draw pile before it is exhausted."""
    first = next(n for n, t in enumerate(record["turns"]) if "reshuffle" in t)
    record["turns"][first - 3]["reshuffle"] = ["storm", "pass"]


TWO: dict[str, Callable[[Record], None]] = {
    "turn-order-wrong": last_turn_by("Ben", [{"move": "fly", "aircraft": 5, "to": "b4"},
                                             {"move": "fly", "aircraft": 6, "to": "d5"}]),
    "play-after-the-win": extra_turn,
    "win-claimed-before-landing": add(18, 2, {"claim": "win"}),
    "win-claimed-in-another-turn": add(21, 4, {"claim": "win", "player": "Ann"}),
    "draw-not-the-top-card": turn_key(22, "draw", "holding"),
    "draw-missing": turn_key(22, "draw", None),
    "third-move": add(20, 3, {"move": "fly", "aircraft": 5, "to": "b4"}),
    "one-move-only": drop(21, 2),
    "card-not-held": add(22, 0, {"play": "storm", "at": "e4"}),
    "storm-on-arrival-zone": put(21, 0, "at", "c2"),
    "storm-on-an-aircraft": put(21, 0, "at", "d7"),
    "clear-sky-without-storm": put(21, 1, "at", "a6"),
    "pass-not-nose-to-nose": add(22, 0, {"play": "pass", "aircraft": [5, 6]}),
    "technical-return-used-twice": add(19, 2, {"play": "technical-return", "aircraft": 5}),
    "depart-to-wrong-space": put(17, 1, "to", "b6"),
    "depart-zone-taken": put(17, 1, "to", "d7"),
    "fly-two-spaces": put(19, 0, "to", "c5"),
    "fly-backwards": put(19, 0, "to", "c2"),
    "land-not-from-arrival-zone": add(22, 0, {"move": "land", "aircraft": 5}),
    "move-a-landed-aircraft": add(22, 0, {"move": "fly", "aircraft": 9, "to": "b4"}),
    "discard-under-the-limit": turn_key(18, "discard", "holding"),
    "discard-technical-return": turn_key(18, "discard", "technical-return"),
    "dealt-card-wrong": seat_key(1, "dealt", "storm"),
    "goal-card-unknown": seat_key(1, "goal", "goal-11"),
    "goal-card-dealt-twice": seat_key(1, "goal", "goal-3"),
}
FOUR: dict[str, Callable[[Record], None]] = {
    "reshuffle-not-the-discards": reshuffle_changed,
    "reshuffle-before-the-pile-is-empty": reshuffle_early,
}


def write(name: str, record: Record, source: str) -> None:
    """Write one case's record."""
    folder = CASES / name
    folder.mkdir(parents=True, exist_ok=True)
    header = (f"# {source}, {'as played' if name.startswith('legal-') else 'with one mistake'}"
              f": written by tools/make_two_airport_cases.py.\n")
    (folder / "record.yaml").write_text(header + yaml.dump(
        record, Dumper=RecordDumper, sort_keys=False, width=100), encoding="utf-8")
    report = referee_file(folder / "record.yaml", ROOT / "content")
    codes = sorted({f.code for f in report.findings})
    print(f"{name}: {codes or 'legal'}")


def main() -> int:
    if CASES.exists():
        for old in CASES.iterdir():
            if (old / "record.yaml").exists():
                (old / "record.yaml").unlink()
    for example, cases in (("two-players", TWO), ("four-players", FOUR)):
        source = f"examples/two-airport/{example}.yaml"
        record = yaml.safe_load((EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8"))
        write(f"legal-{example}", record, source)
        for name, change in cases.items():
            changed = copy.deepcopy(record)
            change(changed)
            write(name, changed, source)
    for old in CASES.iterdir():
        if not (old / "record.yaml").exists():
            shutil.rmtree(old)
    return 0


if __name__ == "__main__":
    sys.exit(main())
