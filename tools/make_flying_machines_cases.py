"""Make the golden race logs of Magnificent Flying Machines: each takes a legal example (the
quick-start race, the standard one for loading, the one with weather change cards) and makes
one mistake in it, or one legal change (cases named legal-...), with a comment saying which.

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
STANDARD = ROOT / "examples" / "magnificent-flying-machines" / "standard-6.yaml"
WEATHER = ROOT / "examples" / "magnificent-flying-machines" / "weather-changes-4.yaml"
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


# Cargo and passengers (10.2-10.4). In the quick-start example the biplane lands on tile 3 (a
# town: mountain and water special cargo, one passenger) in turn 2's fifth phase, the
# monoplane on tile 4 (a water tile: one town special cargo) in turn 1's sixth and on tile 8 (a
# town) in turn 29's second; every machine takes off from the starting airfield first.


def add_score(record: Record, player: str, points: int) -> None:
    """Change a player's written score by what an added cargo or passenger comes to."""
    record["end"]["scores"][player] += points


def phase_at(record: Record, turn: int, phase: int) -> dict[str, Any]:
    """Return a phase by its turn and place in the turn (both from 0)."""
    found: dict[str, Any] = record["turns"][turn]["phases"][phase]
    return found


def legal_cargo(record: Record) -> str:
    phase_at(record, 0, 5)["collect"] = ["special-cargo-town"]
    phase_at(record, 28, 1)["deliver"] = ["special-cargo-town"]
    add_score(record, "Ann", 2)
    return ("legal: the monoplane collects the town special cargo on tile 4 and delivers it to "
            "the town on tile 8 for its 2 points")


def cargo_not_on_tile(record: Record) -> str:
    phase_at(record, 1, 4)["collect"] = ["special-cargo-town"]
    return "turn 2 collects town special cargo from tile 3, which holds mountain and water"


def cargo_limit(record: Record) -> str:
    phase_at(record, 1, 4)["collect"] = ["special-cargo-mountain", "special-cargo-water",
                                         "passenger"]
    add_score(record, "Bob", -2)
    return "turn 2 collects three passengers and cargo; 10.4 allows two a turn"


def cargo_in_the_air(record: Record) -> str:
    phase_at(record, 0, 1)["collect"] = ["passenger"]
    return "turn 1 collects a passenger while flying on"


def special_cargo_off_terrain(record: Record) -> str:
    record["machines"][0]["load"] = ["special-cargo-town"]
    phase_at(record, 0, 0)["deliver"] = ["special-cargo-town"]
    add_score(record, "Ann", -1)
    return "turn 1 delivers town special cargo on the starting airfield"


def general_cargo_early(record: Record) -> str:
    record["machines"][0]["load"] = ["general-cargo-1"]
    phase_at(record, 0, 0)["deliver"] = ["general-cargo-1"]
    add_score(record, "Ann", 1)
    return "turn 1 delivers general cargo on the starting airfield, not the final one"


def passenger_where_boarded(record: Record) -> str:
    record["machines"][0]["load"] = ["passenger"]
    phase_at(record, 0, 0)["deliver"] = ["passenger"]
    return "turn 1 lets a passenger off on the starting airfield, where the passenger boarded"


def passenger_not_on_board(record: Record) -> str:
    phase_at(record, 1, 4)["deliver"] = ["passenger"]
    return "turn 2 lets off a passenger the biplane does not carry"


def storage_full(record: Record) -> str:
    record["machines"][0]["load"] = ["passenger"] * 3
    return "the monoplane, with no passenger seat, loads three passengers (six internal slots)"


def cargo_placed_wrong(record: Record) -> str:
    record["cargo"] = {2: ["special-cargo-fields", "special-cargo-mountain"]}
    return "tile 2 is written with fields special cargo; the quick-start table places town"


def undelivered_special(record: Record) -> str:
    record["machines"][0]["load"] = ["special-cargo-water"]
    return "Ann's score leaves out the point an undelivered special cargo costs"


def loading_two_passengers(record: Record) -> str:
    record["machines"][0]["load"] = ["passenger", "passenger"]
    return "a machine is loaded with two passengers; 6.11 gives each one"


def loading_town_cargo(record: Record) -> str:
    record["machines"][0]["load"] = ["passenger", "special-cargo-town"]
    add_score(record, "Ann", -1)
    return "a machine is loaded with town special cargo; 6.11 deals mountain or water"


# Weather change cards (8.5), from the race that turns one each round: its second deck (after
# the first eight rounds) holds change-fields (round 9: tiles 2 and 7 dealt windy and storms),
# change-town (round 10), then no-change (round 11), and the race ends before it runs out.


def round_end(record: Record, n: int) -> dict[str, Any]:
    """Return the turn that ends round n (from 1): it holds the round's card."""
    found: dict[str, Any] = [t for t in record["turns"] if "weather_change" in t][n - 1]
    return found


def weather_mid_round(record: Record) -> str:
    record["turns"][1]["weather_change"] = {"card": "no-change", "dealt": {}}
    return "turn 2 turns over a weather change card in the middle of the first round"


def weather_missing(record: Record) -> str:
    del round_end(record, 11)["weather_change"]
    return "round 11 ends without its weather change card (it was No Change)"


def weather_dealt_wrong(record: Record) -> str:
    round_end(record, 1)["weather_change"]["dealt"] = {6: "weather-sunny"}
    return ("round 1's Change in the Weather (Airfield) deals weather onto the middle airfield, "
            "whose weather is still face down")


def weather_repeated(record: Record) -> str:
    round_end(record, 11)["weather_change"] = {
        "card": "change-fields", "dealt": {2: "weather-windy", 7: "weather-storms"}}
    return ("round 11 turns over Change in the Weather (Fields) again, two rounds after the "
            "deck was shuffled (the tiles dealt are the ones already there)")


# The machines as set up (5.2, 6.7-6.9, 12.2). In the standard race the seaplane's pilot
# (Hamish McTarn) and the biplane's Lucky Locket play no part in any test, nor the
# helicopter's Flying Jacket. (Marco Florentina in the two-player game, 12.2, is a unit test:
# the two-player example is a quick start, whose preset side would be broken too.)


def weather_not_dealt(record: Record) -> str:
    del record["weather"][7]
    return "no weather tile is dealt onto tile 7 (it was sunny, which adds no symbols)"


def preset_side(record: Record) -> str:
    record["machines"][1]["equipment"] = ["superior-tyres", "box-of-tricks"]
    return "the biplane flies the Box of Tricks, not its preset side's Lucky Locket"


def pilot_twice(record: Record) -> str:
    record["machines"][2]["pilot"] = "karishma-khana"
    return "the seaplane is flown by Karishma Khana, the biplane's pilot"


def equipment_twice(record: Record) -> str:
    record["machines"][1]["equipment"] = ["superior-tyres", "extra-cargo-capacity"]
    return "the biplane takes Extra Cargo Capacity, which the seaplane takes too"


def slot_empty(record: Record) -> str:
    record["machines"][5]["equipment"].remove("flying-jacket")
    return "the helicopter leaves one of its three equipment slots empty"


def colour_twice(record: Record) -> str:
    for machine, colour in zip(record["machines"], ["red", "blue", "green", "yellow", "red",
                                                    "orange"], strict=True):
        machine["colour"] = colour
    return "two machines take red"


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
    "legal-cargo-delivered": legal_cargo, "cargo-not-on-the-tile": cargo_not_on_tile,
    "cargo-over-the-limit": cargo_limit, "cargo-in-the-air": cargo_in_the_air,
    "special-cargo-off-its-terrain": special_cargo_off_terrain,
    "general-cargo-before-the-final-airfield": general_cargo_early,
    "passenger-off-where-boarded": passenger_where_boarded,
    "passenger-not-on-board": passenger_not_on_board, "storage-full": storage_full,
    "cargo-placed-wrong": cargo_placed_wrong,
    "undelivered-special-cargo-not-counted": undelivered_special,
    "quick-start-not-the-preset-side": preset_side,
    "weather-not-dealt-on-a-tile": weather_not_dealt,
}
WEATHER_CASES: dict[str, Edit] = {
    "weather-card-mid-round": weather_mid_round, "weather-card-missing": weather_missing,
    "weather-dealt-on-face-down-weather": weather_dealt_wrong,
    "weather-card-turned-twice": weather_repeated,
}
STANDARD_CASES: dict[str, Edit] = {
    "loading-two-passengers": loading_two_passengers,
    "loading-town-special-cargo": loading_town_cargo,
    "pilot-taken-twice": pilot_twice, "equipment-taken-twice": equipment_twice,
    "equipment-slot-empty": slot_empty, "colour-taken-twice": colour_twice,
}


def main() -> None:
    for path, cases in ((SOURCE, CASES), (STANDARD, STANDARD_CASES), (WEATHER, WEATHER_CASES)):
        source = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name, edit in cases.items():
            record = copy.deepcopy(source)
            what = edit(record)
            folder = OUT / name
            folder.mkdir(parents=True, exist_ok=True)
            text = yaml.safe_dump(record, sort_keys=False, default_flow_style=None, width=100)
            (folder / "record.yaml").write_text(
                f"# {what}.\n# Made by tools/make_flying_machines_cases.py from "
                f"{path.relative_to(ROOT)}.\n{text}", encoding="utf-8")
            print(name)


if __name__ == "__main__":
    main()
