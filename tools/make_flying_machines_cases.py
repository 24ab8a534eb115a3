"""Make the golden illegal race logs of Magnificent Flying Machines: each takes the legal
quick-start example and makes one mistake in it, with a comment saying which.

    python tools/make_flying_machines_cases.py
    pytest tests/conformance -k magnificent --update-goldens   # writes each expected.txt
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "examples" / "magnificent-flying-machines" / "quick-start-4.yaml"
OUT = ROOT / "tests" / "golden" / "flying-machines-race"
Record = dict[str, Any]
Edit = Callable[[Record], str]


def phases(record: Record) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Yield (turn index, phase index, phase) in record order."""
    for t, turn in enumerate(record["turns"]):
        for p, phase in enumerate(turn["phases"]):
            yield t, p, phase


def first(record: Record, test: Callable[[int, int, dict[str, Any]], bool]
          ) -> tuple[int, int, dict[str, Any]]:
    """Return the first phase a predicate picks."""
    return next(x for x in phases(record) if test(*x))


def last_of_turn(record: Record, t: int, p: int) -> bool:
    """Return whether a phase is its turn's last."""
    return p == len(record["turns"][t]["phases"]) - 1


def extra_die(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "pass" and x.get("dice"))
    phase["dice"].append(6)
    return f"turn {t + 1} rolls one die more than its pool (an explosion, so still a pass)"


def die_short(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "pass"
                        and 6 in x.get("dice", []))
    phase["dice"].remove(6)
    return f"turn {t + 1} rolls one die fewer than its pool"


def repeat_not_reduced(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("continues")
                        and x.get("outcome") == "pass")
    phase["dice"].append(6)
    return f"turn {t + 1}'s repeated flying test is not one die fewer (8.2)"


def pass_for_fail(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "fail")
    phase["outcome"] = "pass"
    return f"turn {t + 1} writes a failed test as passed"


def fail_for_catastrophic(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "catastrophic")
    phase["outcome"] = "fail"
    return f"turn {t + 1} writes a catastrophic failure as a failure"


def cad_not_applied(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: bool(x.get("dice")))
    phase["cad"] = "Bob"
    return f"turn {t + 1}: Bob plays a cad symbol but the test rolls its full pool"


def cad_own(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "pass"
                        and 6 in x.get("dice", []))
    phase["dice"].remove(6)
    machine = record["turns"][t]["machine"]
    phase["cad"] = next(m["player"] for m in record["machines"] if m["dashboard"] == machine)
    return f"turn {t + 1}: a player plays a cad symbol on their own test"


def third_phase(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("continues") and p == 2)
    del phase["continues"]
    return f"turn {t + 1} takes a third action phase"


def continues_after_take_off(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: p == 1 and not x.get("continues")
                        and record["turns"][t]["phases"][0]["action"] == "take-off"
                        and x["action"] == "fly-on")
    phase["continues"] = True
    return f"turn {t + 1} goes on with a phase after a take-off, not a passed fly on"


def fuel_end(record: Record) -> str:
    turn = record["turns"][2]
    turn["fuel"] = (turn["fuel"] + 1) % 5
    return "turn 3 writes the wrong fuel left on the gauge"


def luck_token(record: Record) -> str:
    turn = next(t for t in record["turns"] if not t["luck"] and t["phases"])
    turn["luck"] = True
    return "a turn that made progress takes a luck token"


def fuel_on_landing(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x["action"] == "landing"
                        and x.get("outcome") == "fail" and not x.get("fuel"))
    phase["fuel"] = True
    return f"turn {t + 1} discards two fuel cubes to pass a landing test"


def luck_not_held(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "fail" and t < 8)
    phase["luck"] = True
    return f"turn {t + 1} spends a luck token the machine does not hold"


def take_off_in_the_air(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x["action"] == "fly-on"
                        and x.get("outcome") == "fail" and last_of_turn(record, t, p))
    phase["action"] = "take-off"
    return f"turn {t + 1} takes off while in the air"


def landing_on_the_ground(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x["action"] == "take-off"
                        and x.get("outcome") == "fail" and last_of_turn(record, t, p))
    phase["action"] = "landing"
    return f"turn {t + 1} tries to land while on the ground"


def autographs_off_runway(record: Record) -> str:
    turn = next(t for t in record["turns"][4:] if len(t["phases"]) == 1)
    turn["phases"].append({"action": "autographs"})
    return "a machine still on the course signs autographs"


def descend_on_take_off(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x["action"] == "take-off")
    phase["descend"] = 1
    return f"turn {t + 1} descends for a symbol on a take-off test"


def charge_not_held(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: bool(x.get("dice")))
    phase["charges"] = ["floats"]
    return f"turn {t + 1} spends a charge of equipment the machine does not carry"


def score_total(record: Record) -> str:
    player = next(iter(record["end"]["scores"]))
    record["end"]["scores"][player] += 2
    return f"{player}'s score is counted two too high"


def winner(record: Record) -> str:
    scores = record["end"]["scores"]
    record["end"]["winner"] = min(scores, key=scores.get)
    return "the winner named is not the player with the most points"


def turn_after_the_end(record: Record) -> str:
    order = [m["dashboard"] for m in record["machines"]]
    due = order[len(record["turns"]) % len(order)]
    record["turns"].append({"machine": due, "phases": []})
    return "a turn is played after the race has ended"


def race_unfinished(record: Record) -> str:
    del record["turns"][-6:]
    del record["end"]
    return "the record stops before the race's end"


def spare_parts_not_held(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "pass" and t < 4
                        and x.get("dice") and not x.get("spare_parts"))
    phase["spare_parts"] = 3
    return f"turn {t + 1} spends three spare parts of a kind the machine holds two of"


CASES: dict[str, Edit] = {
    "test-dice-one-too-many": extra_die, "test-dice-one-too-few": die_short,
    "repeat-not-reduced": repeat_not_reduced, "outcome-pass-for-fail": pass_for_fail,
    "outcome-fail-for-catastrophic": fail_for_catastrophic, "cad-not-applied": cad_not_applied,
    "cad-on-own-test": cad_own, "third-action-phase": third_phase,
    "continues-after-take-off": continues_after_take_off, "fuel-left-wrong": fuel_end,
    "luck-token-after-progress": luck_token, "fuel-on-a-landing-test": fuel_on_landing,
    "luck-token-not-held": luck_not_held, "take-off-in-the-air": take_off_in_the_air,
    "landing-on-the-ground": landing_on_the_ground,
    "autographs-off-the-runway": autographs_off_runway,
    "descend-on-take-off": descend_on_take_off, "charge-not-carried": charge_not_held,
    "score-counted-wrong": score_total, "winner-wrong": winner,
    "turn-after-the-end": turn_after_the_end, "race-unfinished": race_unfinished,
    "spare-parts-not-held": spare_parts_not_held,
}


def main() -> None:
    source = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    for name, edit in CASES.items():
        record = copy.deepcopy(source)
        what = edit(record)
        folder = OUT / name
        folder.mkdir(parents=True, exist_ok=True)
        text = yaml.safe_dump(record, sort_keys=False, default_flow_style=None, width=100)
        (folder / "record.yaml").write_text(
            f"# {what}.\n# Made by tools/make_flying_machines_cases.py from "
            f"examples/magnificent-flying-machines/quick-start-4.yaml.\n{text}",
            encoding="utf-8")
        print(name)


if __name__ == "__main__":
    main()
