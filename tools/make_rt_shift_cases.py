"""Write the illegal shift records the referee's golden tests use: one mistake each.

Each case takes a legal example shift (examples/rushing-tin/), changes one thing a player
could get wrong, and writes ``tests/golden/rt-shift/<case>/record.yaml``; the expected report
beside it is written by ``pytest tests/conformance/test_referee_goldens.py --update-goldens``
and reviewed by hand.

    python tools/make_rt_shift_cases.py
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from play_rt_shift import RecordDumper

from pnpcompiler.content.project import load_game
from pnpcompiler.games.rushing_tin.referee.log import ShiftLog
from pnpcompiler.games.rushing_tin.referee.replay import replay
from pnpcompiler.games.rushing_tin.referee.state import Shift

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "golden" / "rt-shift"
Data = dict[str, Any]
GAME = None


def game() -> Any:
    global GAME
    if GAME is None:
        GAME, _ = load_game(ROOT / "content", "rushing-tin")
    return GAME


def state_before(data: Data, turn: int) -> Shift:
    """Return the state at the start of a turn (the record replayed up to it)."""
    head = copy.deepcopy(data)
    head["turns"] = [t for t in head["turns"] if t["turn"] < turn]
    head.pop("end", None)
    return replay(game(), ShiftLog.model_validate(head), snapshots=False).state


def turns_with(data: Data, test: Callable[[Data], bool]) -> list[Data]:
    return [t for t in data["turns"] if test(t)]


def moves_with(data: Data, test: Callable[[Data], bool]) -> list[tuple[Data, Data]]:
    return [(t, m) for t in data["turns"] for m in t.get("moves", []) if test(m)]


# --- the mistakes ---------------------------------------------------------------------------


def move_order_swapped(d: Data) -> str:
    turn = next(t for t in d["turns"] if len(t.get("moves", [])) >= 3)
    turn["moves"][0], turn["moves"][1] = turn["moves"][1], turn["moves"][0]
    return f"turn {turn['turn']}: the first two moves are listed in the wrong order"


def move_missing(d: Data) -> str:
    turn = [t for t in d["turns"][4:] if len(t.get("moves", [])) >= 2][-2]
    gone = turn["moves"].pop(0)
    return f"turn {turn['turn']}: plane {gone['plane']}'s move is left out"


def move_twice(d: Data) -> str:
    turn = next(t for t in d["turns"][5:] if t.get("moves"))
    turn["moves"].append(copy.deepcopy(turn["moves"][0]))
    return f"turn {turn['turn']}: a plane moves twice"


def move_unknown_plane(d: Data) -> str:
    turn = d["turns"][2]
    turn["moves"].append({"plane": 99})
    return "turn 3: a move for a plane that is not in play"


def move_path_wrong(d: Data) -> str:
    turn, move = moves_with(d, lambda m: set(m) == {"plane"})[3]
    state = state_before(d, turn["turn"])
    plane = state.planes[move["plane"]]
    if plane.where != "flying":
        raise LookupError("needs a plane in flight")
    move["path"] = ["0101", "0102"]
    return f"turn {turn['turn']}: plane {move['plane']}'s path is not the hexes it flies"


def level_two_steps(d: Data) -> str:
    late = moves_with(d, lambda m: "level" not in m and not m.get("near_misses"))[::-1]
    for turn, move in late:
        plane = state_before(d, turn["turn"]).planes[move["plane"]]
        if plane.where == "flying" and plane.level <= 4 and not plane.fault:
            move["level"] = plane.level + 2
            return f"turn {turn['turn']}: plane {move['plane']} climbs two levels in one turn"
    raise LookupError


def level_two_without_reason(d: Data) -> str:
    late = moves_with(d, lambda m: "level" not in m and not m.get("near_misses"))[::-1]
    for turn, move in late:
        state = state_before(d, turn["turn"])
        plane = state.planes[move["plane"]]
        if plane.where == "flying" and plane.level == 3 and plane.exit_level not in (1, 2):
            move["level"] = 2
            return f"turn {turn['turn']}: plane {move['plane']} drops to level 2 for no reason"
    raise LookupError


def near_miss_unrecorded(d: Data) -> str:
    turn, move = moves_with(d, lambda m: bool(m.get("near_misses")))[0]
    del move["near_misses"]
    move.pop("deals", None)
    return f"turn {turn['turn']}: the near miss plane {move['plane']} caused is not written down"


def near_miss_invented(d: Data) -> str:
    for turn, move in moves_with(d, lambda m: set(m) == {"plane"})[5:]:
        state = state_before(d, turn["turn"])
        others = [p.id for p in state.on_map() if p.id != move["plane"]]
        if others:
            move["near_misses"] = [{"with": others[0], "panic": 4}]
            return f"turn {turn['turn']}: a near miss that did not happen"
    raise LookupError


def calm_pilot_takes_evasive_action(d: Data) -> str:
    for turn, move in moves_with(d, lambda m: bool(m.get("near_misses"))):
        record = move["near_misses"][0]
        if record["panic"] >= 3:
            record["evasive"] = {"turn": "left"}
            return f"turn {turn['turn']}: evasive action after a panic roll of {record['panic']}"
    raise LookupError


def panic_without_evasive_action(d: Data) -> str:
    for turn, move in moves_with(d, lambda m: bool(m.get("near_misses")))[::-1]:
        record = move["near_misses"][0]
        if record["panic"] <= 2 and "evasive" in record:
            del record["evasive"]
            return f"turn {turn['turn']}: a panicking pilot takes no evasive action"
    raise LookupError


def payment_wrong(d: Data) -> str:
    turn, move = moves_with(d, lambda m: m.get("paid", 0) > 0)[0]
    move["paid"] += 50
    return f"turn {turn['turn']}: the Lead Controller pays 50 too much for a hand-off"


def deal_recorded_wrong(d: Data) -> str:
    turn, move = moves_with(d, lambda m: m.get("deals") == ["minor"])[0]
    move["deals"] = ["major"]
    return f"turn {turn['turn']}: a minor deal written down as a major one"


def cash_claim_wrong(d: Data) -> str:
    atc = next(iter(d["end"]["cash"]))
    d["end"]["cash"][atc] += 100
    return f"the end: {atc} claims 100 more than they earned"


def winner_wrong(d: Data) -> str:
    others = [a["id"] for a in d["atcs"] if a["id"] != d["end"].get("winner")]
    d["end"]["winner"] = others[0]
    return "the end: the wrong winner is named"


def event_card_missing(d: Data) -> str:
    turn = [t for t in d["turns"] if "event" in t][-1]
    del turn["event"]
    return f"turn {turn['turn']}: a roll of {turn['roll']} but no card drawn"


def event_without_its_roll(d: Data) -> str:
    turn = next(t for t in d["turns"][3:] if t["roll"] >= 3 and "event" not in t)
    turn["event"] = {"card": "event-appraisal", "rolls": {a["id"]: [3] for a in d["atcs"]}}
    return f"turn {turn['turn']}: a card drawn on a roll of {turn['roll']}"


def event_plane_wrong(d: Data) -> str:
    turn = next(t for t in d["turns"] if t.get("event", {}).get("plane"))
    state = state_before(d, turn["turn"])
    other = next(p.id for p in state.on_map() if p.id != turn["event"]["plane"])
    turn["event"]["plane"] = other
    return f"turn {turn['turn']}: the event is applied to the wrong plane"


def accept_not_pending(d: Data) -> str:
    for turn in d["turns"][:1:-1]:
        for acc in turn.get("accept", []):
            other = next((a["id"] for a in d["atcs"] if a["id"] != acc["atc"]), None)
            if other is not None:
                acc["atc"] = other
                return (f"turn {turn['turn']}: {other} accepts {acc['flight']}, a hand-off "
                        "another ATC holds")
    raise LookupError


def accept_plane_in_play(d: Data) -> str:
    for turn in d["turns"][-2:1:-1]:
        if not turn.get("accept"):
            continue
        after = state_before(d, turn["turn"] + 1)
        accepted = {a["plane"] for a in turn["accept"]}
        busy = [p.id for p in after.on_map() if p.id not in accepted]
        if busy:
            turn["accept"][0]["plane"] = busy[0]
            return f"turn {turn['turn']}: accepting with a plane that is flying"
    raise LookupError


def planes_left_in_the_pool(d: Data) -> str:
    turn = [t for t in d["turns"] if t.get("accept")][-1]
    turn["accept"].pop()
    if not turn["accept"]:
        del turn["accept"]
    return f"turn {turn['turn']}: a plane is left in the pool while a hand-off is pending"


def card_drawn_twice(d: Data) -> str:
    turn = [t for t in d["turns"] if t.get("draw")][-1]
    first = next(iter(d["setup"]["pending"].values()))[0]
    turn["draw"][0]["flight"] = first
    return f"turn {turn['turn']}: drawing a card that was dealt at the start"


def two_pending_at_setup(d: Data) -> str:
    atc, cards = next(iter(d["setup"]["pending"].items()))
    accepted = {a["flight"] for a in d["setup"]["accept"]}
    spare = next((c for c in cards if c not in accepted), None)
    if spare is None:
        raise LookupError
    cards.remove(spare)
    return f"setup: {atc} is dealt two pending hand-offs, not three"


def lead_roll_wrong(d: Data) -> str:
    rolls = d["setup"]["lead_rolls"]
    lead = d["lead"]
    for atc in rolls:
        rolls[atc] = [6] if atc != lead else [1]
    return "setup: the Lead Controller did not roll highest"


def turn_skipped(d: Data) -> str:
    removed = d["turns"].pop(len(d["turns"]) - 2)
    return f"turn {removed['turn']} is missing"


def time_wrong(d: Data) -> str:
    d["turns"][3]["time"] = "9:00"
    return "turn 4 is written as 9:00 (it is 8:45)"


def die_not_from_the_seed(d: Data) -> str:
    turn = next(t for t in d["turns"][1:] if t["roll"] in (3, 5))
    turn["roll"] = 8 - turn["roll"]  # 3 <-> 5: still no card, still odd
    return f"turn {turn['turn']}: an event roll that the seeded die did not roll"


def take_off_turning(d: Data) -> str:
    for turn, move in moves_with(d, lambda m: "turn" not in m and not m.get("near_misses")):
        plane = state_before(d, turn["turn"]).planes.get(move["plane"])
        if plane is not None and plane.taking_off and plane.where == "flying":
            move["turn"] = "left"
            return f"turn {turn['turn']}: plane {move['plane']} turns while taking off"
    raise LookupError


def plane_added_early(d: Data) -> str:
    turn = d["turns"][2]
    turn["pool"] = [12]
    return "turn 3: a plane added to the pool when none is due"


def weather_counter_far_away(d: Data) -> str:
    turn = next(t for t in d["turns"] if t.get("event", {}).get("counters"))
    turn["event"]["counters"][-1] = "1814"
    return f"turn {turn['turn']}: a weather counter placed away from its system"


CASES: dict[str, Callable[[Data], str]] = {
    f.__name__.replace("_", "-"): f for f in (
        move_order_swapped, move_missing, move_twice, move_unknown_plane, move_path_wrong,
        level_two_steps, level_two_without_reason, near_miss_unrecorded, near_miss_invented,
        calm_pilot_takes_evasive_action, panic_without_evasive_action, payment_wrong,
        deal_recorded_wrong, cash_claim_wrong, winner_wrong, event_card_missing,
        event_without_its_roll, event_plane_wrong, accept_not_pending, accept_plane_in_play,
        planes_left_in_the_pool, card_drawn_twice, two_pending_at_setup, lead_roll_wrong,
        turn_skipped, time_wrong, die_not_from_the_seed, take_off_turning, plane_added_early,
        weather_counter_far_away)}


def main() -> int:
    bases = [ROOT / "examples" / "rushing-tin" / f"shift-{n}.yaml"
             for n in ("2atc", "4atc", "solo")]
    written = 0
    for name, mistake in CASES.items():
        for base in bases:
            data = yaml.safe_load(base.read_text(encoding="utf-8"))
            try:
                what = mistake(data)
            except (LookupError, StopIteration, IndexError, KeyError):
                continue
            folder = OUT / name
            folder.mkdir(parents=True, exist_ok=True)
            text = yaml.dump(data, Dumper=RecordDumper, sort_keys=False, width=100,
                             default_flow_style=None)
            header = (f"# {what}.\n# Made by tools/make_rt_shift_cases.py from "
                      f"examples/rushing-tin/{base.name}.\n")
            (folder / "record.yaml").write_text(header + text, encoding="utf-8")
            written += 1
            break
        else:
            print(f"no example has what {name} needs", file=sys.stderr)
    print(f"wrote {written} cases to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
