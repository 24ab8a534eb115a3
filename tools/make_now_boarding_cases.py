"""Write the Now Boarding records the referee's golden tests use: illegal variants of the
three player example, each with one mistake, and a legal game of the advanced variant that
ends in a loss.

Each case changes one thing a player could get wrong. Where in the record it is changed is
searched for: the first place, in record order, where the change makes exactly the one
finding the case is about (a change that would also upset what follows, a passenger's later
aging or the claimed end, is passed over). The end's claims are brought up to date after the
change, so the change is the only mistake. The expected report beside each record is written
by ``pytest tests/conformance/test_referee_goldens.py --update-goldens`` and reviewed by hand.

    python tools/make_now_boarding_cases.py
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from pnpcompiler.content.project import load_game
from pnpcompiler.games.now_boarding.bots import outcome, play
from pnpcompiler.games.now_boarding.referee.engine import NowBoardingEngine
from pnpcompiler.games.now_boarding.referee.log import Arrival, RoundLog
from pnpcompiler.games.now_boarding.referee.purchase import final_score, totals
from pnpcompiler.games.now_boarding.referee.replay import engine_of, replay

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "golden" / "now-boarding-referee"
EXAMPLE = ROOT / "examples" / "now-boarding" / "three-players.yaml"
Data = dict[str, Any]
Entry = tuple[int, int, str, int]
"""Day index, round index, step, entry index."""


def rulings(engine: NowBoardingEngine, data: Data) -> list[tuple[str, str | None]]:
    """Return the (code, rule) of each finding the referee gives a record."""
    game = replay(engine, RoundLog.model_validate(data))
    return [(f.code, f.extra.get("rule")) for f in game.rulings.findings]


def reclaim_arrivals(engine: NowBoardingEngine, data: Data) -> None:
    """Write each Arrival's scored and lost passengers as the changed record plays them."""
    log = RoundLog.model_validate(data)
    game = engine.initial(log)
    written = iter(entry for _, entry in entries(data, "arrival"))
    for action in engine.actions(log):
        if isinstance(action, Arrival) and action.scored is not None:
            player = game.player(action.player)
            if player is not None:
                scored, lost = outcome(game, player, action)
                entry = next(written)
                entry["scored"], entry["lost"] = scored, lost
        engine.apply(game, action)


def reclaim(engine: NowBoardingEngine, data: Data) -> None:
    """Claim the end as the changed record plays it."""
    game = replay(engine, RoundLog.model_validate(data))
    score = final_score(game)
    data["end"] = {"reason": game.over or data["end"]["reason"], "totals": totals(game),
                   "score": score, "tier": engine.tables.tier(score)}


def entries(data: Data, step: str) -> Iterator[tuple[Entry, Data]]:
    """Yield every entry of a step (departure, arrival, purchase) with where it is."""
    for d, day in enumerate(data["days"]):
        for r, rnd in enumerate(day["rounds"]):
            for e, entry in enumerate(rnd.get(step, [])):
                yield (d, r, step, e), entry


def at(data: Data, where: Entry) -> Data:
    """Return the entry at a place (in a copy's own tree)."""
    d, r, step, e = where
    entry: Data = data["days"][d]["rounds"][r][step][e]
    return entry


Change = Callable[[Data, Data], bool]
"""Change a copy's entry in place (given the whole copy too); False when it does not apply."""


def variants(data: Data, step: str, change: Change) -> Iterator[Data]:
    """Yield a copy of the record changed at each entry of a step where the change applies."""
    for where, _ in entries(data, step):
        twin = copy.deepcopy(data)
        if change(twin, at(twin, where)):
            yield twin


def redeye_draw(data: Data, entry: Data) -> bool:
    rnd = next(r for day in data["days"] for r in day["rounds"] if entry in r.get("departure", []))
    if rnd["round"] != 6:
        return False
    entry["draws"] = [{"airport": "A", "tile": "blue-a1"}]
    return True


def city_c_draw_on_day_one(data: Data, entry: Data) -> bool:
    if entry not in data["days"][0]["rounds"][0].get("departure", []):
        return False
    entry["draws"].append({"airport": "C", "tile": "blue-c1"})
    return True


def d_tile_on_day_two(data: Data, entry: Data) -> bool:
    if len(data["days"]) < 2 or not any(entry in r.get("departure", [])
                                        for r in data["days"][1]["rounds"]):
        return False
    for draw in entry.get("draws", []):
        if not draw.get("redraw") and text_count(data, draw["tile"]) == 1:
            draw["tile"] = "orange-d1"
            return True
    return False


def text_count(data: Data, tile: str) -> int:
    """Return how often a tile is named in the record."""
    return len(re.findall(rf"\b{re.escape(tile)}\b", yaml.safe_dump(data)))


def first_draw(change: Callable[[Data], bool]) -> Change:
    """Apply a change to the first draw of an entry it applies to."""
    return lambda data, entry: any(change(d) for d in entry.get("draws", []))


def needless_redraw(draw: Data) -> bool:
    if draw.get("redraw"):
        return False
    draw["redraw"] = ["brown-a1"]
    return True


def second_draw(data: Data, entry: Data) -> bool:
    draws = entry.get("draws", [])
    if not draws:
        return False
    draws.append({"airport": draws[0]["airport"], "tile": "brown-b1"})
    return True


def change_loads(change: Callable[[Data, Data], bool]) -> Change:
    return lambda data, entry: any(change(data, ld) for ld in entry.get("loads", []))


def jets_of(data: Data) -> list[str]:
    return [f"jet-{p['colour']}" for p in data["players"]]


def other_jet(data: Data, load: Data) -> bool:
    if load["into"] == "commuter":
        return False
    load["into"] = next(j for j in jets_of(data) if j != load["into"])
    return True


def jet_into_commuter(data: Data, load: Data) -> bool:
    if load["into"] == "commuter":
        return False
    load["into"] = "commuter"
    return True


def load_unseen_tile(data: Data, entry: Data) -> bool:
    entry.setdefault("loads", []).append({"tile": "brown-c2", "into": "commuter"})
    return True


def change_jets(change: Callable[[Data, Data, Data], bool]) -> Change:
    return lambda data, entry: any(change(data, entry, mv) for mv in entry.get("jets", []))


def names(data: Data) -> list[str]:
    return [p["name"] for p in data["players"]]


def redirect(data: Data, move: Data, target: str) -> None:
    """Send a Jet elsewhere, and move it into a Gate where it lands instead, as its new
    holder would in that round's Arrival step."""
    rnd = next(r for day in data["days"] for r in day["rounds"]
               if any(move is m for d in r.get("departure", []) for m in d.get("jets", [])))
    for arrival in rnd.get("arrival", []):
        if arrival["player"] == move["to"] and move["jet"] in arrival.get("gates", []):
            arrival["gates"].remove(move["jet"])
        elif arrival["player"] == target:
            arrival["gates"] = [*arrival.get("gates", []), move["jet"]]
    move["to"] = target


def other_player(data: Data, entry: Data, move: Data) -> bool:
    if move["to"] == "tarmac":
        return False
    redirect(data, move, next(n for n in names(data) if n not in (entry["player"], move["to"])))
    return True


def last_round(data: Data, entry: Data) -> bool:
    """Return whether an entry is in the record's last round (nothing after it uses a Jet)."""
    return any(entry is d for d in data["days"][-1]["rounds"][-1].get("departure", []))


def empty_jet_to(seats: int, to_airport: str = "A") -> Callable[[Data, Data, Data], bool]:
    """Send an empty Jet bound for its own Tarmac in the last round to the player that many
    seats to the left instead; it waits on their Tarmac."""
    def change(data: Data, entry: Data, move: Data) -> bool:
        if move["to"] != "tarmac" or not last_round(data, entry):
            return False
        seat = names(data).index(entry["player"])
        move["to"] = names(data)[(seat + seats) % len(names(data))]
        if to_airport != "A":
            move["airport"] = to_airport
        return True
    return change


def in_last_round(change: Callable[[Data, Data, Data], bool]
                  ) -> Callable[[Data, Data, Data], bool]:
    """Make a change only in the record's last round, whose purchases it leaves out: what
    the changed flight delivers then pays for nothing that the change would upset."""
    def changed(data: Data, entry: Data, move: Data) -> bool:
        if not last_round(data, entry) or not change(data, entry, move):
            return False
        data["days"][-1]["rounds"][-1].pop("purchase", None)
        return True
    return changed


def last_round_entry(change: Change) -> Change:
    """Make a change to a Departure only in the record's last round, leaving out that round's
    purchases, which what the change delivers would otherwise upset."""
    def changed(data: Data, entry: Data) -> bool:
        if not last_round(data, entry):
            return False
        data["days"][-1]["rounds"][-1].pop("purchase", None)
        return change(data, entry)
    return changed


def rename(data: Data, old: str, new: str) -> None:
    """Write another tile wherever the record names one (in place)."""
    text = re.sub(rf"\b{re.escape(old)}\b", new, yaml.safe_dump(data, sort_keys=False))
    data.clear()
    data.update(yaml.safe_load(text))


def keep_matching(data: Data, entry: Data) -> bool:
    """Draw, for the entry's first airport, a tile bound there that the record never names,
    and keep it."""
    colour = next(p["colour"] for p in data["players"] if p["name"] == entry["player"])
    draw = entry.get("draws", [None])[0]
    if draw is None or draw.get("redraw"):
        return False
    own = next((f"{colour}-{draw['airport'].lower()}{n}" for n in range(1, 7)
                if text_count(data, f"{colour}-{draw['airport'].lower()}{n}") == 0), None)
    if own is None:
        return False
    rename(data, draw["tile"], own)
    return True


def drop_draw(data: Data, entry: Data) -> bool:
    """Leave out the entry's last draw, and the loading of the tile it drew."""
    draws = entry.get("draws", [])
    if not draws or draws[-1].get("redraw"):
        return False
    tile = draws.pop()["tile"]
    entry["loads"] = [ld for ld in entry.get("loads", []) if ld["tile"] != tile]
    for arrival in data["days"][-1]["rounds"][-1].get("arrival", []):
        arrival["deboard"] = [d for d in arrival.get("deboard", []) if d["tile"] != tile]
    return True


def own_hub(data: Data, entry: Data, move: Data) -> bool:
    if move["to"] == "tarmac":
        return False
    redirect(data, move, entry["player"])
    return True


def city_runway(data: Data, entry: Data, move: Data) -> bool:
    if move["to"] == "tarmac":
        return False
    redirect(data, move, move["to"])
    for arrival in data["days"][-1]["rounds"][-1].get("arrival", []):
        if move["jet"] in arrival.get("gates", []):
            arrival["gates"].remove(move["jet"])
    move["airport"] = "B"
    return True


def stay_in_gate(data: Data, entry: Data, move: Data) -> bool:
    if move["to"] != "tarmac":
        return False
    entry["jets"].remove(move)
    return True


def tarmac_twice(data: Data, entry: Data, move: Data) -> bool:
    if move["to"] != "tarmac":
        return False
    entry["jets"].append(dict(move))
    return True


def foreign_jet(data: Data, entry: Data) -> bool:
    mine = {mv["jet"] for mv in entry.get("jets", [])}
    entry.setdefault("jets", []).append(
        {"jet": next(j for j in jets_of(data) if j not in mine), "to": "tarmac"})
    return True


def commuter_to_city_c(data: Data, entry: Data) -> bool:
    if not entry.get("deboard") or entry not in [
            a for r in data["days"][0]["rounds"] for a in r.get("arrival", [])]:
        return False
    entry["deboard"][0]["to"] = "C"
    return True


def claim_waiting_scored(data: Data, entry: Data) -> bool:
    entry["scored"] = [*entry.get("scored", []), "blue-a1"]
    return True


def drop_scored(data: Data, entry: Data) -> bool:
    if not entry.get("scored"):
        return False
    entry["scored"].pop()
    return True


def claim_lost(data: Data, entry: Data) -> bool:
    entry["lost"] = [*entry.get("lost", []), "purple-a1"]
    return True


def drop_lost(redeye: bool) -> Change:
    def change(data: Data, entry: Data) -> bool:
        rnd = next(r for day in data["days"] for r in day["rounds"]
                   if entry in r.get("arrival", []))
        if not entry.get("lost") or (rnd["round"] == 6) != redeye:
            return False
        entry["lost"].pop()
        return True
    return change


def pay_with(tile: str) -> Change:
    def change(data: Data, entry: Data) -> bool:
        entry["paid"] = [*entry.get("paid", []), tile]
        return True
    return change


def pay_nothing(data: Data, entry: Data) -> bool:
    entry["paid"] = []
    return True


def buy_item(item: Data) -> Change:
    def change(data: Data, entry: Data) -> bool:
        entry["buy"] = [item]
        return True
    return change


OPTIONAL = ["helicopter", "private-jet", "jumbo-jet", "commuter-train"]
"""The additional items a case turns on in its header."""


def next_departure(data: Data, entry: Data) -> Data | None:
    """Return the same player's Departure entry in the round after a Purchase entry."""
    rounds = [(d, r) for d in data["days"] for r in d["rounds"]]
    for n, (day, rnd) in enumerate(rounds):
        if entry in rnd.get("purchase", []) and n + 1 < len(rounds):
            following = rounds[n + 1]
            if following[0] is not day:
                return None
            return next((e for e in following[1].get("departure", [])
                         if e["player"] == entry["player"]), None)
    return None


def on_day(data: Data, entry: Data, day: int) -> bool:
    """Return whether an entry is in a round of that day."""
    return any(entry in r.get(step, []) for d in data["days"] if d["day"] == day
               for r in d["rounds"] for step in ("departure", "arrival", "purchase"))


def buy_optional(items: list[Data], use: Callable[[Data, Data], bool] | None = None,
                 day: int | None = None) -> Change:
    """Turn the additional items on, buy items in place of a Purchase entry's, then change
    the buyer's next Departure entry with ``use``."""
    def change(data: Data, entry: Data) -> bool:
        if day is not None and not on_day(data, entry, day):
            return False
        data["optional"] = list(OPTIONAL)
        entry["buy"] = [dict(item) for item in items]
        if use is None:
            return True
        following = next_departure(data, entry)
        return following is not None and use(data, following)
    return change


def beyond_range(jet: str) -> Callable[[Data, Data], bool]:
    """Send a plane to the player on the right: range 2 in a 3 player game."""
    def use(data: Data, entry: Data) -> bool:
        names = [p["name"] for p in data["players"]]
        right = names[names.index(entry["player"]) - 1]
        entry.setdefault("jets", []).append({"jet": jet, "to": right})
        return True
    return use


def load_into(jet: str, airport: str) -> Callable[[Data, Data], bool]:
    """Load the passenger drawn at an airport into a plane, before the entry's other loads."""
    def use(data: Data, entry: Data) -> bool:
        drawn = [d.get("redraw", [d["tile"]])[-1] for d in entry.get("draws", [])
                 if d["airport"] == airport]
        if not drawn:
            return False
        entry["loads"] = [{"tile": drawn[0], "into": jet}, *entry.get("loads", [])]
        return True
    return use


def skip_purchase(data: Data, entry: Data) -> bool:
    rnd = next(r for day in data["days"] for r in day["rounds"] if entry in r.get("purchase", []))
    if rnd["round"] != 6:
        return False
    rnd["purchase"].remove(entry)
    return True


def end_change(key: str, value: Callable[[Data], Any]) -> Callable[[Data], Iterator[Data]]:
    """Return the maker of the record with one claim of its end changed."""
    def make(data: Data) -> Iterator[Data]:
        twin = copy.deepcopy(data)
        twin["end"][key] = value(twin["end"])
        yield twin
    return make


def header_change(key: str, value: Any) -> Callable[[Data], Iterator[Data]]:
    """Return the maker of the record with one key of its header changed."""
    def make(data: Data) -> Iterator[Data]:
        twin = copy.deepcopy(data)
        twin[key] = value
        yield twin
    return make


CASE_LIST: list[tuple[str, str, str, str, Any]] = [
    ("draw-kept-for-its-own-airport", "a tile drawn for its own destination is kept",
     "draw.redraw", "departure", last_round_entry(keep_matching)),
    ("draw-missing", "an airport left without its draw", "draw.count", "departure",
     last_round_entry(drop_draw)),
    ("draw-redrawn-for-nothing", "a tile drawn again though it was not bound for that airport",
     "draw.redraw", "departure", first_draw(needless_redraw)),
    ("draw-twice-for-one-airport", "two draws for one airport", "draw.count", "departure",
     second_draw),
    ("draw-at-the-redeye", "a passenger drawn in the Redeye round", "draw.redeye",
     "departure", redeye_draw),
    ("draw-for-city-c-on-day-1", "a draw for City C before it opens", "draw.airport",
     "departure", city_c_draw_on_day_one),
    ("draw-d-tile-on-day-2", "a D passenger drawn before City D opens", "draw.supply",
     "departure", d_tile_on_day_two),
    ("load-into-a-jet-elsewhere", "a passenger loaded into a Jet that is not in a Gate there",
     "load.plane", "departure", change_loads(other_jet)),
    ("commuter-overloaded", "two passengers in one Commuter", "load.capacity", "departure",
     change_loads(jet_into_commuter)),
    ("load-a-tile-not-waiting", "a passenger loaded that is not in the airport", "load.tile",
     "departure", load_unseen_tile),
    ("jet-beyond-range", "a Range 1 Jet sent to the right in a 3 player game", "jet.range",
     "departure", change_jets(empty_jet_to(2))),
    ("jet-beyond-range", "a Range 1 Jet sent to the right in a 3 player game", "jet.range",
     "departure", change_jets(in_last_round(other_player))),
    ("jet-to-its-own-hub", "a Jet sent to its own player's hub", "jet.target", "departure",
     change_jets(empty_jet_to(0))),
    ("jet-to-a-city-without-runway", "a Jet sent to a City", "jet.runway", "departure",
     change_jets(empty_jet_to(1, "B"))),
    ("jet-to-a-city-without-runway", "a Jet sent to a City", "jet.runway", "departure",
     change_jets(in_last_round(city_runway))),
    ("jet-to-its-own-hub", "a Jet sent to its own player's hub", "jet.target", "departure",
     change_jets(in_last_round(own_hub))),
    ("jet-left-in-a-gate", "a Jet still in its Gate when Arrivals begin", "jet.in-gate",
     "departure", change_jets(stay_in_gate)),
    ("jet-from-tarmac-to-tarmac", "a Jet moved onto the Tarmac it is on", "jet.where",
     "departure", change_jets(tarmac_twice)),
    ("jet-of-another-player", "a Jet sent by a player who does not have it", "jet.where",
     "departure", foreign_jet),
    ("commuter-to-a-city-not-open", "a Commuter passenger placed in City C on day 1",
     "deboard.airport", "arrival", commuter_to_city_c),
    ("scored-away-from-destination", "a passenger claimed to score where it is not bound",
     "score.claim", "arrival", claim_waiting_scored),
    ("score-left-out", "a delivered passenger left out of the scored list", "score.missed",
     "arrival", drop_scored),
    ("lost-though-in-play", "a passenger written as lost that was never drawn", "lost.claim",
     "arrival", claim_lost),
    ("loss-left-out", "a passenger aged off its red side not written as lost", "lost.missed",
     "arrival", drop_lost(False)),
    ("redeye-loss-left-out", "a passenger undelivered at the Redeye not written as lost",
     "lost.missed", "arrival", drop_lost(True)),
    ("paid-with-a-spent-tile", "a purchase paid with a tile not face up in the pile",
     "pay.face-up", "purchase", pay_with("teal-d5")),
    ("paid-nothing", "a purchase not paid for", "pay.short", "purchase", pay_nothing),
    ("helicopter-not-in-this-game", "an optional item the header does not turn on",
     "buy.optional", "purchase", buy_item({"item": "helicopter", "at": "A", "jet": "heli"})),
    ("helicopter-beyond-range", "a Helicopter (Range 1) sent to the right in a 3 player game",
     "jet.range", "purchase", buy_optional([{"item": "helicopter", "at": "A", "jet": "heli-1"}],
                                           beyond_range("heli-1"))),
    ("private-jet-upgraded", "a Private Jet turned to a back side it does not have",
     "buy.upgrade-jet", "purchase", buy_optional([{"item": "private-jet", "at": "B",
                                                   "jet": "lear-1"},
                                                  {"item": "upgrade-jet", "jet": "lear-1"}])),
    ("jumbo-jet-upgraded", "a Jumbo Jet turned to a back side it does not have",
     "buy.upgrade-jet", "purchase", buy_optional([{"item": "jumbo-jet", "at": "A",
                                                   "jet": "jumbo-1"},
                                                  {"item": "upgrade-jet", "jet": "jumbo-1"}])),
    ("commuter-train-not-serving-the-airport", "a Commuter Train between A and B loaded at "
     "City C", "load.plane", "purchase",
     buy_optional([{"item": "commuter-train", "between": ["A", "B"]}], load_into(
         "commuter-train", "C"), day=2)),
    ("commuter-train-between-distant-cities", "a Commuter Train between B and D, not "
     "adjacent", "buy.commuter-train", "purchase",
     buy_optional([{"item": "commuter-train", "between": ["B", "D"]}], day=2)),
    ("hub-upgrade-of-the-hub", "the hub upgraded into a hub", "buy.hub", "purchase",
     buy_item({"item": "hub", "at": "A"})),
    ("voucher-on-a-fresh-passenger", "a Voucher for a passenger that has not aged",
     "buy.voucher", "purchase", buy_item({"item": "voucher", "tile": "teal-a1"})),
    ("day-ends-with-money-left", "a day's end without buying what is affordable",
     "day.afford", "purchase", skip_purchase),
]

END_CASES: list[tuple[str, str, str, str, Any]] = [
    ("total-wrong", "a player's score pile total added up wrong", "end.total", "",
     end_change("totals", lambda end: {**end["totals"], "P1": end["totals"]["P1"] + 2})),
    ("score-not-rounded-up", "the final score rounded down", "end.score", "",
     end_change("score", lambda end: end["score"] - 1)),
    ("tier-wrong", "the tier one above the score's", "end.tier", "",
     end_change("tier", lambda end: "Great")),
    ("end-reason-wrong", "the game said to end with day 3", "end.reason", "",
     end_change("reason", lambda end: "day-3")),
    ("content-version-wrong", "a record written for another version of the rules",
     "record.version", "", header_change("content_version", "v2.0")),
]


def found(engine: NowBoardingEngine, example: Data, case: tuple[str, str, str, str, Any]
          ) -> Data | None:
    """Return the first variant that draws exactly the case's one finding."""
    _, _, code, step, change = case
    candidates = change(example) if not step else variants(example, step, change)
    for data in candidates:
        if step in ("departure", "purchase"):
            reclaim_arrivals(engine, data)
        if step:
            reclaim(engine, data)
        result = rulings(engine, data)
        if [c for c, _ in result] == [code]:
            return data
    return None


def write(name: str, about: str, data: Data) -> None:
    """Write a case's record with a comment that says what it changes."""
    folder = CASES / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "record.yaml").write_text(
        f"# {about}.\n# Made by tools/make_now_boarding_cases.py from "
        "examples/now-boarding/three-players.yaml.\n"
        + yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100),
        encoding="utf-8")


def main() -> int:
    """Write every case; say which found no place to make their mistake alone."""
    game, findings = load_game(ROOT / "content", "now-boarding")
    assert game is not None, findings
    engine = engine_of(game)
    example: Data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    missing, done = [], set()
    for case in [*CASE_LIST, *END_CASES]:
        if case[0] in done:
            continue
        data = found(engine, example, case)
        if data is None:
            missing.append(case[0])
            continue
        done.add(case[0])
        write(case[0], case[1], data)
    missing = [m for m in missing if m not in done]
    lost = play(engine, ["blue", "orange", "purple"], 3, "random",
                advanced=True)
    if lost.game.over == "advanced-loss":
        header = {"game": "now-boarding", "record": "rounds", "content_version": "v3.0"}
        write("legal-advanced-loss", "a legal game of the advanced variant: the players lose "
              "when the Lost pile holds more than twice as many passengers as players",
              {**header, **{k: v for k, v in lost.record.items() if k not in header}})
        scored = copy.deepcopy(lost.record)
        scored["end"] |= {"score": final_score(lost.game), "tier": "Keep trying!"}
        done.add("lost-game-given-a-score")
        write("lost-game-given-a-score", "a lost game of the advanced variant given a score "
              "and a tier, which it has not", {**header, **{k: v for k, v in scored.items()
                                                           if k not in header}})
    else:
        missing.append("legal-advanced-loss")
    print(f"wrote {len(done) + (lost.game.over == 'advanced-loss')} cases to {CASES}")
    if missing:
        print(f"no single-finding place for: {', '.join(missing)}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
