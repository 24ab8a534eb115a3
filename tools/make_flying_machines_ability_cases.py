"""Make the golden race logs of Magnificent Flying Machines' abilities and set-up: pilot and
equipment abilities (sections 13-14, 10.1), the first-player roll (5.3), turn order, the draft
(6.7-6.9) and team play (12.3). Each takes a legal example and makes one mistake in it, or one
legal change (cases named legal-...), with a comment saying which.

    python tools/make_flying_machines_ability_cases.py
    pytest tests/conformance -k magnificent --update-goldens   # writes each expected.txt
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_flying_machines_cases import write_cases

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "magnificent-flying-machines"
QUICK, STANDARD, TWO = (EXAMPLES / f"{name}.yaml"
                        for name in ("quick-start-4", "standard-6", "two-player"))
OUT = ROOT / "tests" / "golden" / "flying-machines-race"
Record = dict[str, Any]
Edit = Callable[[Record], str]
SYMBOL_FACES = {"take-off": {1, 4}, "flying": {2, 4, 5}, "landing": {3, 5}}
"""The faces that show each test's symbol (rules.yaml dice)."""
TEST_OF = {"take-off": "take-off", "fly-on": "flying", "trick-manoeuvre": "flying",
           "landing": "landing"}


def phases(record: Record) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (turn index, phase) in record order."""
    for t, turn in enumerate(record["turns"]):
        for phase in turn["phases"]:
            yield t, phase


def machine_of(record: Record, t: int) -> str:
    """Return the dashboard whose turn a turn is."""
    machine: str = record["turns"][t]["machine"]
    return machine


def passing(record: Record, machine: str | None = None, blank: bool = False,
            skip: int = 0) -> tuple[int, dict[str, Any]]:
    """Return a passed test (of a machine), with a die showing none of its symbols when
    ``blank``: taking that die away leaves the outcome as it is."""
    found = [(t, p) for t, p in phases(record)
             if p.get("outcome") == "pass" and p["action"] in TEST_OF and p.get("dice")
             and (machine is None or machine_of(record, t) == machine)
             and (not blank or blank_die(p) is not None)]
    return found[skip]


def blank_die(phase: dict[str, Any]) -> int | None:
    """Return a die of a test that shows none of its symbols (explosions last)."""
    faces = SYMBOL_FACES[TEST_OF[phase["action"]]]
    blanks = sorted((f for f in phase["dice"] if f not in faces), key=lambda f: f == 6)
    return blanks[0] if blanks else None


def player_of(record: Record, machine: str) -> str:
    player: str = next(m["player"] for m in record["machines"] if m["dashboard"] == machine)
    return player


# --- abilities (sections 13-14, 10.1) --------------------------------------------------------


def legal_charges_and_rerolls(record: Record) -> str:
    t, phase = passing(record, "monoplane")
    phase["charges"] = ["universal-spare-parts"]
    u, reroll = passing(record, "biplane")
    reroll["rerolls"] = [{"by": "lucky-locket", "dice": reroll["dice"][:1],
                          "rolled": reroll["dice"][:1]}]
    return (f"legal: turn {t + 1} spends a Universal Spare Parts charge for a symbol on a "
            f"passed test, and turn {u + 1} re-rolls a die with the Lucky Locket to the same face")


def spare_parts_charges_spent(record: Record) -> str:
    for skip in range(4):
        t, phase = passing(record, "monoplane", skip=skip)
        phase["charges"] = ["universal-spare-parts"]
    return f"turn {t + 1} spends a fourth charge of Universal Spare Parts, which has three"


def charge_on_the_wrong_test(record: Record) -> str:
    t, phase = next((t, p) for t, p in phases(record) if machine_of(record, t) == "pusher-plane"
                    and p["action"] == "fly-on" and p.get("dice"))
    phase["charges"] = ["high-quality-engine-oil"]
    return f"turn {t + 1} spends a High Quality Engine Oil charge on a flying test"


def reroll_without_the_card(record: Record) -> str:
    t, phase = passing(record, "monoplane")
    phase["rerolls"] = [{"by": "flying-jacket", "dice": phase["dice"][:1],
                         "rolled": phase["dice"][:1]}]
    return f"turn {t + 1} re-rolls with a Flying Jacket the monoplane does not carry"


def reroll_dice_not_rolled(record: Record) -> str:
    t, phase = next((t, p) for t, p in phases(record) if machine_of(record, t) == "biplane"
                    and p.get("dice") and 6 not in p["dice"])
    phase["rerolls"] = [{"by": "lucky-locket", "dice": [6], "rolled": [6]}]
    return f"turn {t + 1} re-rolls an explosion die the test did not roll"


def flying_jacket_on_a_plain_die(record: Record) -> str:
    t, phase = next((t, p) for t, p in phases(record) if machine_of(record, t) == "helicopter"
                    and any(f != 6 for f in p.get("dice", [])))
    plain = next(f for f in phase["dice"] if f != 6)
    phase["rerolls"] = [{"by": "flying-jacket", "dice": [plain], "rolled": [plain]}]
    return f"turn {t + 1} re-rolls a die without an explosion with the Flying Jacket"


def with_cad(record: Record, machine: str | None, cad: str, source: str,
             skip: int = 0) -> int:
    """Add a cad from another player to a passed test, one blank die fewer; return its turn."""
    found = [(t, p) for t, p in phases(record)
             if p.get("outcome") == "pass" and p["action"] in TEST_OF and blank_die(p)
             and player_of(record, machine_of(record, t)) != cad and "cad" not in p
             and (machine is None or machine_of(record, t) == machine)]
    t, phase = found[skip]
    die = blank_die(phase)
    phase["dice"].remove(die)
    phase.update(cad=cad, cad_from=source)
    return t


def box_of_tricks_not_carried(record: Record) -> str:
    t = with_cad(record, None, "Bob", "box-of-tricks")
    return f"turn {t + 1}: Bob plays a cad from a Box of Tricks his machine does not carry"


def archibald_cad_twice(record: Record) -> str:
    record["machines"][2]["pilot"] = "sir-archibald-smythe"
    first = with_cad(record, "monoplane", "Cat", "sir-archibald-smythe")
    second = with_cad(record, "biplane", "Cat", "sir-archibald-smythe")
    return (f"Cat flies Sir Archibald Smythe and plays his cad in turn {first + 1} and again in "
            f"turn {second + 1}, before his own turn restocks it")


def legal_archibald_cad(record: Record) -> str:
    record["machines"][2]["pilot"] = "sir-archibald-smythe"
    first = with_cad(record, "monoplane", "Cat", "sir-archibald-smythe")
    later = with_cad(record, "pusher-plane", "Cat", "sir-archibald-smythe")
    return (f"legal: Cat flies Sir Archibald Smythe (no cargo in this race, so Hamish McTarn's "
            f"bonus is not missed) and plays his cad in turn {first + 1} and turn {later + 1}")


def restock_without_sheila(record: Record) -> str:
    t, phase = next((t, p) for t, p in phases(record) if p["action"] == "take-off")
    phase["restock"] = "flying"
    return f"turn {t + 1} restocks a spare part space only Sheila Dawson has"


def repair_without_elinah(record: Record) -> str:
    t, phase = next((t, p) for t, p in phases(record) if p["action"] == "take-off")
    phase["repair"] = True
    return f"turn {t + 1} repairs a damage marker on taking off without Elinah Mwangi"


def second_pilot_without_a_two_seater(record: Record) -> str:
    record["machines"][0]["second_pilot"] = "janu-rajan"
    return "the monoplane carries a second pilot without a Two-Seater"


def two_seater_changes_pilot_in_the_air(record: Record) -> str:
    triplane = next(m for m in record["machines"] if m["dashboard"] == "triplane")
    triplane["equipment"] = ["finely-tuned-engine", "two-seater"]
    triplane["second_pilot"] = "janu-rajan"
    t, phase = next((t, p) for t, p in phases(record) if machine_of(record, t) == "triplane"
                    and p["action"] == "fly-on")
    phase["pilot"] = triplane["pilot"]
    return (f"the triplane flies a Two-Seater (for its Aerodynamic Tail, never used) and turn "
            f"{t + 1} changes pilots in the air")


def landed_on_middle_airfield(record: Record, machine: str) -> tuple[int, dict[str, Any]]:
    """Return the first landing that puts a machine on the middle airfield's ground, found by
    replaying the record."""
    from pnpcompiler.content.project import load_game
    from pnpcompiler.games.magnificent_flying_machines.referee.engine import (
        EndTurn,
        PhaseAction,
        RaceEngine,
        StartTurn,
    )
    from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog

    game, _ = load_game(ROOT / "content", "magnificent-flying-machines")
    assert game is not None
    engine = RaceEngine.of(game)
    log = RaceLog.model_validate(record)
    race = engine.initial(log)
    for t, turn in enumerate(log.turns):
        race, _ = engine.apply(race, StartTurn(turn))
        for p, phase in enumerate(turn.phases):
            race, _ = engine.apply(race, PhaseAction(phase))
            flyer = race.flyers[turn.machine]
            if (turn.machine == machine and phase.action == "landing" and flyer.altitude == 0
                    and race.course[flyer.at].airfield == "middle"):
                found: dict[str, Any] = record["turns"][t]["phases"][p]
                return t, found
        race, _ = engine.apply(race, EndTurn(turn))
    raise LookupError(f"the {machine} never lands on the middle airfield")


def legal_exchange(record: Record) -> str:
    t, phase = landed_on_middle_airfield(record, "seaplane")
    phase["swap"] = {"drop": ["extra-cargo-capacity"], "take": ["passenger-seat"]}
    return (f"legal: the seaplane lands on the middle airfield in turn {t + 1} and exchanges "
            "its Extra Cargo Capacity (no cargo in this race) for the Passenger Seat")


def exchange_for_a_card_in_play(record: Record) -> str:
    t, phase = landed_on_middle_airfield(record, "seaplane")
    phase["swap"] = {"drop": ["extra-cargo-capacity"], "take": ["goggles"]}
    return f"turn {t + 1} takes the Goggles, which the monoplane carries, on the middle airfield"


def legal_two_seater(record: Record) -> str:
    triplane = next(m for m in record["machines"] if m["dashboard"] == "triplane")
    triplane["equipment"] = ["finely-tuned-engine", "two-seater"]
    triplane["second_pilot"] = "marco-florentina"
    t, turn = next((t, turn) for t, turn in enumerate(record["turns"])
                   if turn["machine"] == "triplane" and [p["action"] for p in turn["phases"]]
                   == ["repair-and-scavenge", "take-off"])
    turn["phases"][0]["pilot"] = "marco-florentina"
    turn["phases"][1]["pilot"] = triplane["pilot"]
    return (f"legal: the triplane flies a Two-Seater (for its Aerodynamic Tail, never used) "
            f"with Marco Florentina beside Amelia Skyfoot; in turn {t + 1} Marco takes the "
            "repair and scavenge and Amelia the take-off, both on the ground")


def exchange_off_the_middle_airfield(record: Record) -> str:
    t, phase = next((t, p) for t, p in phases(record) if machine_of(record, t) == "monoplane"
                    and p["action"] == "take-off")
    phase["swap"] = {"drop": ["goggles"], "take": ["floats"]}
    return f"turn {t + 1} exchanges equipment on the starting airfield"


# --- set-up: the first player, turn order, the draft (5.3, 6.6-6.9, 8.1) ---------------------


def rolls(record: Record, best: str) -> dict[str, list[int]]:
    """Return first-player rolls where one player rolls the most flying symbols."""
    return {p: [2, 2, 4, 1, 1] if p == best else [2, 1, 1, 3, 3] for p in record["players"]}


def legal_first_player(record: Record) -> str:
    record["first_player"] = [
        {"Ann": [2, 2, 1, 1, 1], "Bob": [2, 4, 1, 1, 1], "Cat": [2, 1, 1, 1, 1],
         "Dan": [1, 1, 1, 1, 1]},
        {"Ann": [5, 3, 3, 3, 3], "Bob": [1, 1, 1, 1, 1]}]
    return "legal: Ann and Bob tie on the first roll; Ann wins the re-roll and goes first"


def first_player_not_highest(record: Record) -> str:
    record["first_player"] = [rolls(record, "Cat")]
    return "Cat rolls the most flying symbols but Ann is seated first"


def first_player_four_dice(record: Record) -> str:
    record["first_player"] = [{**rolls(record, "Ann"), "Dan": [1, 1, 1, 1]}]
    return "Dan rolls four dice for first player"


def first_player_tie_not_rerolled(record: Record) -> str:
    record["first_player"] = [{**rolls(record, "Ann"), "Bob": [2, 2, 4, 1, 1]}]
    return "Ann and Bob tie on flying symbols and do not roll again"


def seats_out_of_turn_order(record: Record) -> str:
    record["players"] = ["Bob", "Ann", *record["players"][2:]]
    return "the seats start with Bob but the first machine is Ann's"


FRESH_PILOTS = ["jan-van-der-vall", "jing-li", "janu-rajan", "pierre-dupont", "matthew-comben",
                "marco-florentina", "elinah-mwangi", "vladimir-orkovski", "adriana-belhinda",
                "sheila-dawson", "condesa-isabella-sanchez", "sir-archibald-smythe"]
FRESH_EQUIPMENT = ["floats", "national-flag", "flying-manual", "passenger-seat",
                   "box-of-tricks", "catapult-launcher", "damage-repair-kit", "two-seater",
                   "mounted-rifle", "shotgun", "high-quality-engine-oil"]


def draft_part(order: list[str], cards: list[str], fresh: list[str],
               dealt: bool = True) -> dict[str, Any]:
    """Return a part of the draft: six cards face up (the first picked, then fresh ones),
    each pick's place filled by the card picked six picks later, then by fresh cards."""
    unused = [f for f in fresh if f not in cards]
    picks = [{"player": p, "card": c} for p, c in zip(order, cards, strict=True)]
    if not dealt:
        return {"picks": picks}
    display = [*cards[:6], *unused[:max(0, 6 - len(cards))]]
    fill = [*cards[6:], *unused[max(0, 6 - len(cards)):]]
    for pick, card in zip(picks, fill, strict=False):
        pick["dealt"] = card
    return {"display": display, "picks": picks}


def in_turns(seats: list[str], held: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """Return the pickers and their cards, going round the seats while a player has cards
    left to pick."""
    left = {p: list(cards) for p, cards in held.items()}
    order: list[str] = []
    cards: list[str] = []
    while any(left.values()):
        for player in seats:
            if left.get(player):
                order.append(player)
                cards.append(left[player].pop(0))
    return order, cards


def legal_draft(record: Record) -> str:
    seats = list(reversed(record["players"]))
    held: dict[str, dict[str, list[str]]] = {p: {"pilot": [], "dashboard": [], "equipment": []}
                                             for p in seats}
    for machine in record["machines"]:
        mine = held[machine["player"]]
        mine["pilot"].append(machine["pilot"])
        mine["dashboard"].append(machine["dashboard"])
        mine["equipment"] += machine["equipment"]

    def part(key: str, fresh: list[str], dealt: bool = True) -> dict[str, Any]:
        order, cards = in_turns(seats, {p: mine[key] for p, mine in held.items()})
        return draft_part(order, cards, fresh, dealt)

    record["draft"] = {"pilots": part("pilot", FRESH_PILOTS),
                       "machines": part("dashboard", [], dealt=False),
                       "equipment": part("equipment", FRESH_EQUIPMENT)}
    first = seats[0]
    return (f"legal: the draft, anticlockwise from {first} (the first player's right): pilots "
            "and machines, then equipment round after round until every slot is filled")


def less_dirty(record: Record) -> None:
    """Say the race plays the less dirty game (12.4), next to what kind of record it is."""
    listed = dict(record)
    record.clear()
    for key, value in listed.items():
        record[key] = value
        if key == "record":
            record["variants"] = ["less-dirty"]


def legal_less_dirty(record: Record) -> str:
    less_dirty(record)
    return "legal: the less dirty game (12.4): no card it returns to the box is in the race"


def less_dirty_shotgun(record: Record) -> str:
    less_dirty(record)
    helicopter = next(m for m in record["machines"] if m["dashboard"] == "helicopter")
    helicopter["equipment"] = ["shotgun" if e == "flying-jacket" else e
                               for e in helicopter["equipment"]]
    return ("turn 0: the less dirty game (12.4) is played, yet the helicopter carries the "
            "Shotgun (for its Flying Jacket; it is never fired)")


def legal_two_player_draft(record: Record) -> str:
    # The standard set-up gives the same spare parts as the preset sides but no seat points.
    record["mode"] = "standard"
    record["end"]["scores"]["Bob"] -= 1
    legal_draft(record)
    return ("legal: a standard two-player race's draft (12.2), the second player first and "
            "the players alternating, each taking two pilots, two machines and the equipment "
            "for both (Bob's seat point, a quick-start one, taken off)")


def draft_out_of_order(record: Record) -> str:
    legal_draft(record)
    picks = record["draft"]["pilots"]["picks"]
    picks[0]["player"], picks[1]["player"] = picks[1]["player"], picks[0]["player"]
    return "Eve picks a pilot before Fay, who sits at the first player's right"


def draft_pilot_not_face_up(record: Record) -> str:
    legal_draft(record)
    record["draft"]["pilots"]["display"][0] = "marco-florentina"
    return "Fay's pilot was not among the six pilot cards dealt face up"


def draft_pick_not_flown(record: Record) -> str:
    legal_draft(record)
    picks = record["draft"]["pilots"]["picks"]
    picks[-1]["card"] = picks[0]["dealt"]
    return "Ann picks a pilot card that her machine does not fly"


def draft_in_the_quick_start(record: Record) -> str:
    record["draft"] = {"machines": {"picks": [{"player": m["player"], "card": m["dashboard"]}
                                              for m in reversed(record["machines"])]}}
    return "a quick-start race writes a draft; it flies the preset sides"


# --- team play (12.3) -------------------------------------------------------------------------


def team_end(record: Record, teams: dict[str, list[str]]) -> None:
    """Write teams and their combined scores, the best team the winner."""
    scores = record["end"]["scores"]
    totals = {name: sum(scores[p] for p in team) for name, team in teams.items()}
    best = sorted(totals.values())
    assert len(best) < 2 or best[-1] != best[-2], "a tie the tool does not break"
    record["teams"] = teams
    record["end"]["teams"] = totals
    record["end"]["winner"] = max(totals, key=lambda name: totals[name])


def legal_team_play(record: Record) -> str:
    team_end(record, {"red": ["Ann", "Cat"], "blue": ["Bob", "Dan"]})
    return "legal: team play, Ann and Cat against Bob and Dan, the higher combined score wins"


def team_mates_side_by_side(record: Record) -> str:
    team_end(record, {"red": ["Ann", "Bob"], "blue": ["Cat", "Dan"]})
    return "team-mates Ann and Bob, and Cat and Dan, sit next to each other"


def team_score_wrong(record: Record) -> str:
    team_end(record, {"red": ["Ann", "Cat"], "blue": ["Bob", "Dan"]})
    record["end"]["teams"]["red"] += 2
    return "the red team's combined score is counted two too high"


def team_winner_wrong(record: Record) -> str:
    team_end(record, {"red": ["Ann", "Cat"], "blue": ["Bob", "Dan"]})
    totals = record["end"]["teams"]
    record["end"]["winner"] = min(totals, key=lambda name: totals[name])
    return "the winning team named is not the one with the higher combined score"


def team_play_two_players(record: Record) -> str:
    team_end(record, {"red": ["Ann"], "blue": ["Bob"]})
    return "team play in the two-player game"


def team_sizes_uneven(record: Record) -> str:
    team_end(record, {"a": ["Ann", "Cat", "Eve", "Bob"], "b": ["Dan", "Fay"]})
    return "six players in a team of four and a team of two"


def team_member_missing(record: Record) -> str:
    team_end(record, {"a": ["Ann", "Cat", "Eve"], "b": ["Bob", "Dan"]})
    return "Fay is in no team"


CASES: dict[Path, dict[str, Edit]] = {
    QUICK: {
        "legal-charges-and-rerolls": legal_charges_and_rerolls,
        "spare-parts-charge-spent-out": spare_parts_charges_spent,
        "charge-on-the-wrong-test": charge_on_the_wrong_test,
        "reroll-without-the-card": reroll_without_the_card,
        "reroll-of-dice-not-rolled": reroll_dice_not_rolled,
        "box-of-tricks-not-carried": box_of_tricks_not_carried,
        "restock-without-sheila": restock_without_sheila,
        "repair-on-take-off-without-elinah": repair_without_elinah,
        "second-pilot-without-a-two-seater": second_pilot_without_a_two_seater,
        "exchange-off-the-middle-airfield": exchange_off_the_middle_airfield,
        "legal-first-player-roll": legal_first_player,
        "first-player-not-the-highest-roll": first_player_not_highest,
        "first-player-four-dice": first_player_four_dice,
        "first-player-tie-not-rerolled": first_player_tie_not_rerolled,
        "draft-in-the-quick-start": draft_in_the_quick_start,
        "legal-team-play": legal_team_play,
        "team-mates-side-by-side": team_mates_side_by_side,
        "team-score-wrong": team_score_wrong,
        "team-winner-wrong": team_winner_wrong,
        "legal-less-dirty": legal_less_dirty,
    },
    STANDARD: {
        "flying-jacket-on-a-plain-die": flying_jacket_on_a_plain_die,
        "archibald-cad-twice-in-a-round": archibald_cad_twice,
        "legal-archibald-cad-each-round": legal_archibald_cad,
        "legal-exchange-on-the-middle-airfield": legal_exchange,
        "exchange-for-a-card-in-play": exchange_for_a_card_in_play,
        "two-seater-changes-pilot-in-the-air": two_seater_changes_pilot_in_the_air,
        "legal-two-seater-pilots": legal_two_seater,
        "seats-out-of-turn-order": seats_out_of_turn_order,
        "legal-draft": legal_draft,
        "draft-out-of-order": draft_out_of_order,
        "draft-pilot-not-face-up": draft_pilot_not_face_up,
        "draft-pick-not-flown": draft_pick_not_flown,
        "team-sizes-uneven": team_sizes_uneven,
        "team-member-missing": team_member_missing,
        "less-dirty-shotgun": less_dirty_shotgun,
    },
    TWO: {"team-play-with-two-players": team_play_two_players,
          "legal-two-player-draft": legal_two_player_draft},
}


def main() -> None:
    write_cases(list(CASES.items()), "make_flying_machines_ability_cases.py")


if __name__ == "__main__":
    main()
