"""Make the golden race logs of Magnificent Flying Machines: each takes a legal example (the
quick-start race, the standard one for loading and shots, the one with weather change cards,
the one with trick and boost cards) and makes
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
CARDS = ROOT / "examples" / "magnificent-flying-machines" / "cards-4.yaml"
OUT = ROOT / "tests" / "golden" / "flying-machines-race"
Record = dict[str, Any]
Edit = Callable[[Record], str]


def phases(record: Record) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Yield (turn index, phase index, phase) in record order."""
    for t, turn in enumerate(record["turns"]):
        for p, phase in enumerate(turn["phases"]):
            yield t, p, phase


def first(record: Record, test: Callable[[int, int, dict[str, Any]], object]
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


# Trick and boost cards (4.2, 8.1, 8.2), from the race whose players are dealt, draw and play
# them. A card played in a case is one its player discards at their next turn, played instead
# in the turn before (another player's): the hands stay as the record has them, so each case
# makes one mistake.

DECK = {c["id"]: c for c in yaml.safe_load(
    (ROOT / "content" / "magnificent-flying-machines" / "cards" / "tricks.yaml").read_text(
        encoding="utf-8"))["cards"]}


def player_of(record: Record, machine: str) -> str:
    """Return the player whose machine it is."""
    return str(next(m["player"] for m in record["machines"] if m["dashboard"] == machine))


def played(turn: dict[str, Any]) -> list[tuple[str, str]]:
    """Return (player, card) for every card a turn takes from a hand, its draw aside."""
    found = [(p["player"], p["card"]) for p in turn.get("cards", [])]
    for phase in turn["phases"]:
        found += [(p["player"], p["card"]) for p in phase.get("cards", [])]
        if phase.get("cad_from") in DECK:
            found.append((phase["cad"], phase["cad_from"]))
    return found


def hands_before(record: Record, t: int) -> dict[str, list[str]]:
    """Return the hands at the start of turn t (from 0)."""
    hands = {p: list(cards) for p, cards in record["hands"].items()}
    for turn in record["turns"][:t]:
        for player, card in played(turn):
            hands[player].remove(card)
        mine = hands[player_of(record, turn["machine"])]
        mine += turn.get("draw", [])
        for card in turn.get("discard", []):
            mine.remove(card)
    return hands


def kept_discard(record: Record, wanted: Callable[[dict[str, Any]], bool]
                 ) -> tuple[int, str, str]:
    """Return (turn, player, card): the first card a player discards at the end of a turn
    that they held before it (not just drawn), picked by a predicate on the card."""
    for t, turn in enumerate(record["turns"][1:], start=1):
        for card in turn.get("discard", []):
            if card not in turn.get("draw", []) and wanted(DECK[card]):
                return t, player_of(record, turn["machine"]), card
    raise LookupError("no such discard")


def play_earlier(record: Record, wanted: Callable[[dict[str, Any]], bool],
                 play: dict[str, Any]) -> tuple[int, str, str]:
    """Move a kept discard to a play at the end of the turn before; return what moved."""
    t, player, card = kept_discard(record, wanted)
    record["turns"][t]["discard"].remove(card)
    if not record["turns"][t]["discard"]:
        del record["turns"][t]["discard"]
    record["turns"][t - 1].setdefault("cards", []).append(
        {"player": player, "card": card, **play})
    return t, player, card


def dealt_four(record: Record) -> str:
    first = record["turns"][0]
    player = player_of(record, first["machine"])
    spare = next(c for c in DECK if not any(c in h for h in record["hands"].values())
                 and c not in first.get("draw", []))
    record["hands"][player].append(spare)
    first.setdefault("discard", []).append(spare)
    return f"{player} is dealt four cards (and lets the fourth go at the first turn's end)"


def draws_two(record: Record) -> str:
    t, turn = next((t, x) for t, x in enumerate(record["turns"]) if x.get("discard"))
    held = {c for h in hands_before(record, t).values() for c in h} | set(turn["draw"])
    extra = next(c for c in DECK if DECK[c].get("copies", 1) > 1 and c not in held)
    turn["draw"].append(extra)
    turn["discard"].append(extra)
    return f"turn {t + 1} draws two cards (and discards the second)"


def over_the_limit(record: Record) -> str:
    turns = record["turns"]
    t = next(t for t in range(len(turns) - 1, -1, -1) if turns[t].get("discard") and not any(
        player_of(record, x["machine"]) == player_of(record, turns[t]["machine"])
        for x in turns[t + 1:]))
    del turns[t]["discard"]
    return f"turn {t + 1}, its player's last, keeps four cards after the draw"


def not_in_hand(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "pass"
                        and x["action"] == "take-off")
    player = player_of(record, record["turns"][t]["machine"])
    held = hands_before(record, t)[player]
    card = next(c for c, d in DECK.items() if d["symbol"] == "take-off" and c not in held)
    phase.setdefault("cards", []).append({"player": player, "card": card, "use": "spare-part"})
    return f"turn {t + 1}: {player} spends {card}, which is not in their hand, as a spare part"


def unknown_card(record: Record) -> str:
    turn = record["turns"][0]
    turn.setdefault("cards", []).append({"player": player_of(record, turn["machine"]),
                                         "card": "loop-the-loop"})
    return "turn 1 plays a card the deck does not have"


def copies_over(record: Record) -> str:
    for t, turn in enumerate(record["turns"]):
        player = player_of(record, turn["machine"])
        later = [c for x in record["turns"][t + 1:] for c in
                 [*x.get("discard", []), *(c for p, c in played(x) if p == player)]]
        hands = hands_before(record, t)
        for drawn in turn.get("draw", []):
            if drawn in later or drawn in turn.get("discard", []):
                continue
            other = next((c for p, h in hands.items() if p != player for c in h
                          if DECK[c].get("copies", 1) == 1), None)
            if other is not None:
                turn["draw"][turn["draw"].index(drawn)] = other
                return (f"turn {t + 1} draws {other}, the deck's one copy of which another "
                        "player holds")
    raise LookupError("no draw kept to the end")


def boost_out_of_turn(record: Record) -> str:
    t, player, card = play_earlier(record, lambda c: c["frame"] == "boost"
                                   and c["effect"].get("when", "any") == "any"
                                   and not c["effect"].get("any_time"), {})
    return f"{player} plays the boost card {card} in turn {t} (another player's)"


def dirty_trick_on_own(record: Record) -> str:
    t, player, card = kept_discard(record, lambda c: c["frame"] == "dirty-trick"
                                   and c["effect"].get("when", "any") == "any")
    own = next(m["dashboard"] for m in record["machines"] if m["player"] == player)
    play_earlier(record, lambda c: c["id"] == card, {"target": own})
    return f"{player} plays the dirty trick {card} on their own machine in turn {t}"


def spare_part_on_rival(record: Record) -> str:
    t, player, card = kept_discard(record, lambda c: c["symbol"] != "cad")
    record["turns"][t]["discard"].remove(card)
    if not record["turns"][t]["discard"]:
        del record["turns"][t]["discard"]
    phase = next(x for x in record["turns"][t - 1]["phases"] if x.get("dice"))
    phase.setdefault("cards", []).append({"player": player, "card": card, "use": "spare-part"})
    return f"{player} spends {card} as a spare part on another player's test in turn {t}"


def answer_alone(record: Record) -> str:
    t, player, card = play_earlier(record, lambda c: c["effect"].get("when", "any")
                                   in ("answer-dirty", "answer-cad"), {})
    return f"{player} plays {card} in turn {t} with nothing to answer"


def unknown_player(record: Record) -> str:
    record["turns"][0].setdefault("cards", []).append({"player": "Zed", "card": "sabotage-cad",
                                                       "target": "monoplane"})
    return "turn 1: a card is played by someone not in the race"


def cad_without_source(record: Record) -> str:
    t, _, phase = first(record, lambda t, p, x: x.get("outcome") == "pass" and "cad" not in x
                        and 6 in x.get("dice", []))
    phase["dice"].remove(6)
    me = player_of(record, record["turns"][t]["machine"])
    phase["cad"] = next(p for p in record["players"] if p != me)
    return f"turn {t + 1}: {phase['cad']} plays a cad without the card or charge it comes from"


# Equipment that fires on a rival (section 14), from the standard race with the biplane's
# Lucky Locket swapped for the Mounted Rifle and the helicopter's Flying Jacket for the
# Shotgun (neither played a part). The helicopter starts turn 12 over tile 15 in band 1 with
# the biplane; the biplane starts turn 20 over tile 13 in band 1 with the helicopter.


def armed(record: Record) -> None:
    """Give the biplane the Mounted Rifle and the helicopter the Shotgun."""
    for machine in record["machines"]:
        kit = machine["equipment"]
        if machine["dashboard"] == "biplane":
            kit[kit.index("lucky-locket")] = "mounted-rifle"
        if machine["dashboard"] == "helicopter":
            kit[kit.index("flying-jacket")] = "shotgun"


def fire(record: Record, t: int, *attacks: dict[str, Any]) -> None:
    """Fire before the first action of turn t (from 1)."""
    armed(record)
    record["turns"][t - 1]["phases"][0].setdefault("attacks", []).extend(attacks)


def shotgun_miss(record: Record) -> str:
    fire(record, 12, {"equipment": "shotgun", "target": "biplane", "dice": [2, 3]})
    return "legal: the helicopter's Shotgun misses the biplane (no explosion) in turn 12"


def shotgun_twice(record: Record) -> str:
    shot = {"equipment": "shotgun", "target": "biplane", "dice": [2, 3]}
    fire(record, 12, shot, dict(shot))
    return "the helicopter fires its Shotgun twice in turn 12"


def shotgun_one_die(record: Record) -> str:
    fire(record, 12, {"equipment": "shotgun", "target": "biplane", "dice": [2]})
    return "the helicopter's Shotgun rolls one die, not two"


def rifle_out_of_range(record: Record) -> str:
    fire(record, 20, {"equipment": "mounted-rifle", "target": "monoplane"})
    return "the biplane's Mounted Rifle fires on the monoplane, not in its air space"


def rifle_at_own(record: Record) -> str:
    fire(record, 20, {"equipment": "mounted-rifle", "target": "biplane"})
    return "the biplane fires its Mounted Rifle on itself"


def rifle_not_carried(record: Record) -> str:
    fire(record, 20, {"equipment": "shotgun", "target": "helicopter"})
    return "the biplane fires a Shotgun it does not carry"


CARDS_CASES: dict[str, Edit] = {
    "hand-dealt-four-cards": dealt_four, "hand-draws-two": draws_two,
    "hand-over-the-limit": over_the_limit, "card-not-in-hand": not_in_hand,
    "card-unknown": unknown_card, "card-copies-over": copies_over,
    "card-boost-out-of-turn": boost_out_of_turn,
    "card-dirty-trick-on-own-machine": dirty_trick_on_own,
    "card-spare-part-on-a-rivals-test": spare_part_on_rival,
    "card-answer-with-nothing-to-answer": answer_alone, "card-player-unknown": unknown_player,
    "cad-without-its-card": cad_without_source,
}
ATTACK_CASES: dict[str, Edit] = {
    "legal-shotgun-miss": shotgun_miss, "attack-shotgun-twice": shotgun_twice,
    "attack-shotgun-one-die": shotgun_one_die, "attack-rifle-out-of-range": rifle_out_of_range,
    "attack-rifle-on-own-machine": rifle_at_own, "attack-not-carried": rifle_not_carried,
}


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


def write_cases(sources: list[tuple[Path, dict[str, Edit]]], tool: str) -> None:
    """Write each case: its source race changed by its edit, under a comment that says what
    the edit did and which tool made it from which race."""
    for path, cases in sources:
        source = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name, edit in cases.items():
            record = copy.deepcopy(source)
            what = edit(record)
            folder = OUT / name
            folder.mkdir(parents=True, exist_ok=True)
            text = yaml.safe_dump(record, sort_keys=False, default_flow_style=None, width=100)
            (folder / "record.yaml").write_text(
                f"# {what}.\n# Made by tools/{tool} from {path.relative_to(ROOT)}.\n{text}",
                encoding="utf-8")
            print(name)


def main() -> None:
    write_cases([(SOURCE, CASES), (STANDARD, STANDARD_CASES), (WEATHER, WEATHER_CASES),
                 (CARDS, CARDS_CASES), (STANDARD, ATTACK_CASES)],
                "make_flying_machines_cases.py")


if __name__ == "__main__":
    main()
