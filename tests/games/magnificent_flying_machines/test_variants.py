"""The less dirty game (12.4): a race that says it plays it shows none of the cards it
returns to the box."""

from __future__ import annotations

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.magnificent_flying_machines.referee.log import RaceLog
from pnpcompiler.games.magnificent_flying_machines.referee.replay import replay
from pnpcompiler.games.magnificent_flying_machines.referee.state import Tables
from pnpcompiler.games.magnificent_flying_machines.referee.variants import (
    returned_to_the_box,
)
from tests.games.magnificent_flying_machines.test_cards import HANDS, race_log

CLEAN = {"Ann": ["full-throttle-flying", "quick-repair-take-off", "thermals-cad"],
         "Bob": ["fuel-stop-flying", "smooth-landing-flying", "perfect-conditions-take-off"],
         "Cat": ["fuel-stop-take-off", "second-wind-flying", "crowd-pleaser-cad"]}


def less_dirty(log: RaceLog) -> RaceLog:
    return log.model_copy(update={"variants": ["less-dirty"]})


def variant_findings(game: GameContent, log: RaceLog) -> list[tuple[str, str]]:
    return [(f.code, f.message) for f in replay(game, log).rulings.findings
            if f.code == "variant.less-dirty"]


def test_12_4_less_dirty_returns_the_listed_cards_and_every_dirty_trick(
        game: GameContent) -> None:
    gone = returned_to_the_box(Tables.of(game))
    assert {"shotgun", "mounted-rifle", "sir-archibald-smythe"} <= set(gone)
    assert {"sabotage-cad", "swap-the-maps-flying", "immunity-take-off",
            "an-honourable-pilot-flying", "this-means-war-flying"} <= set(gone)
    assert not {"full-throttle-flying", "thermals-cad", "fuel-stop-flying"} & set(gone)


def test_12_4_a_less_dirty_race_without_those_cards_is_legal(game: GameContent) -> None:
    assert variant_findings(game, less_dirty(race_log(game, [], hands=CLEAN))) == []


def test_12_4_each_card_back_in_the_box_is_reported_once(game: GameContent) -> None:
    log = less_dirty(race_log(game, [], hands=HANDS))
    found = variant_findings(game, log)
    # Bob's three cards are dirty tricks, Cat's Immunity a listed boost.
    named = sorted(message.split("found ")[1].split(" ")[0] for _, message in found)
    assert named == ["crosswind-flying", "grumpy-passenger-take-off", "immunity-take-off",
                     "sabotage-cad"]
    assert variant_findings(game, race_log(game, [], hands=HANDS)) == []


def test_12_4_no_shotgun_in_the_less_dirty_game(game: GameContent) -> None:
    shotgun = {"biplane": {"equipment": ["superior-tyres", "shotgun"]}}
    log = less_dirty(race_log(game, [], hands=CLEAN, **shotgun))
    assert [m for _, m in variant_findings(game, log)] == [
        "the less dirty game returns Shotgun to the box; found shotgun in the race"]
